/// The value of a `$date` wrapper (`Spec/JSON.md` §3.4): an ISO 8601 string that spells the
/// Date's seconds *exactly*, so that reading it gives back the same `Double`.
///
/// A `Date` is a `Double` of seconds since 2001-01-01T00:00:00Z. Its ISO 8601 spelling here is
/// the shortest decimal that reads back as that `Double` (the digits of `Double.description`),
/// split into a civil date and time and the fraction of a second; reading it builds the same
/// exact decimal and rounds it to the nearest `Double` once. Going through a calendar API or
/// `Double` arithmetic (`seconds + 978307200`) would round twice and lose the last bits.
enum JSONDate {
    /// The seconds from 1970-01-01T00:00:00Z to 2001-01-01T00:00:00Z.
    static let referenceOffset = 978_307_200
    /// Unix times of 0001-01-01T00:00:00Z and 10000-01-01T00:00:00Z: the years ISO 8601 spells
    /// with four digits.
    static let unixRange = -62_135_596_800 ..< 253_402_300_800

    /// The ISO 8601 spelling "YYYY-MM-DDTHH:MM:SS[.fraction]Z" of a date, or nil when it has none
    /// (not finite, outside the years 0001–9999, or −0.0, whose sign ISO 8601 cannot show).
    static func iso8601(sinceReferenceDate seconds: Double) -> String? {
        guard seconds.isFinite, !(seconds == 0 && seconds.sign == .minus),
              let (whole, fraction) = split(seconds) else { return nil }
        let unix = whole + referenceOffset
        guard unixRange.contains(unix) else { return nil }
        var text = Formatting.isoDateAndTime(unixSeconds: unix)
        if !fraction.isEmpty { text += "." + fraction }
        return text + "Z"
    }

    /// The seconds since 2001-01-01T00:00:00Z an ISO 8601 string in exactly the shape
    /// `iso8601(sinceReferenceDate:)` writes stands for, rounded once to the nearest `Double`;
    /// nil if the string has another shape or names no valid time. Any number of fraction
    /// digits is read; the caller checks that the spelling is the canonical one.
    static func seconds(fromISO8601 text: String) -> Double? {
        let b = Array(text.utf8)
        guard b.count >= 20, b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"), b[10] == UInt8(ascii: "T"),
              b[13] == UInt8(ascii: ":"), b[16] == UInt8(ascii: ":"), b.last == UInt8(ascii: "Z"),
              let year = number(b[0..<4]), let month = number(b[5..<7]), let day = number(b[8..<10]),
              let hour = number(b[11..<13]), let minute = number(b[14..<16]), let second = number(b[17..<19]),
              year >= 1, (1...12).contains(month), day >= 1, day <= daysIn(month, of: year),
              hour < 24, minute < 60, second < 60 else { return nil }
        var fraction = ""
        if b.count > 20 {
            let digits = b[20..<b.count - 1]
            guard b[19] == UInt8(ascii: "."), !digits.isEmpty, digits.allSatisfy(isDigit) else { return nil }
            fraction = String(decoding: digits, as: UTF8.self)
            while fraction.hasSuffix("0") { fraction.removeLast() }
        } else {
            guard b[19] == UInt8(ascii: "Z") else { return nil }
        }
        let unix = daysSinceUnixEpoch(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second
        let whole = unix - referenceOffset
        // whole + 0.fraction as one exact decimal, rounded once by Double(_:).
        let decimal: String
        if fraction.isEmpty {
            decimal = String(whole)
        } else if whole >= 0 {
            decimal = "\(whole).\(fraction)"
        } else {
            decimal = "-\(-whole - 1).\(complement(fraction))"
        }
        return Double(decimal)
    }

    /// The whole seconds (rounded down) and the fraction digits (without trailing zeros) of the
    /// shortest decimal that reads back as `seconds`; nil when that is 10^12 seconds or more
    /// away, far outside the years ISO 8601 spells.
    private static func split(_ seconds: Double) -> (whole: Int, fraction: String)? {
        // description is "[-]digits.digits" or "[-]d[.digits]e±XX".
        let text = seconds.magnitude.description
        let parts = text.split(separator: "e", maxSplits: 1)
        let mantissa = parts[0].split(separator: ".", omittingEmptySubsequences: false)
        var digits = String(mantissa[0]) + (mantissa.count > 1 ? String(mantissa[1]) : "")
        // value = digits × 10^exponent
        var exponent = (parts.count > 1 ? Int(parts[1])! : 0) - (mantissa.count > 1 ? mantissa[1].count : 0)
        while digits.count > 1, digits.hasPrefix("0") { digits.removeFirst() }
        while digits.count > 1, digits.hasSuffix("0") { digits.removeLast(); exponent += 1 }
        guard digits.count + exponent <= 12 else { return nil }
        var whole = 0
        var fraction = ""
        if exponent >= 0 {
            whole = Int(digits + String(repeating: "0", count: exponent))!
        } else {
            let padded = String(repeating: "0", count: max(0, -exponent - digits.count)) + digits
            let point = padded.index(padded.endIndex, offsetBy: exponent)
            whole = Int(padded[..<point]) ?? 0
            fraction = String(padded[point...])
            while fraction.hasSuffix("0") { fraction.removeLast() }
        }
        guard seconds < 0 else { return (whole, fraction) }
        return fraction.isEmpty ? (-whole, "") : (-whole - 1, complement(fraction))
    }

    /// 1 − 0.digits, as digits of the same length: "25" → "75", "001" → "999". `digits` is not
    /// all zeros and has no trailing zero, so neither has the result.
    private static func complement(_ digits: String) -> String {
        var result = Array(digits.utf8)
        let last = result.lastIndex { $0 != UInt8(ascii: "0") }!
        for i in result.indices where i <= last {
            let d = result[i] - UInt8(ascii: "0")
            result[i] = UInt8(ascii: "0") + (i == last ? 10 - d : 9 - d)
        }
        return String(decoding: result, as: UTF8.self)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private static func number(_ bytes: ArraySlice<UInt8>) -> Int? {
        guard bytes.allSatisfy(isDigit) else { return nil }
        return bytes.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }

    private static func isLeapYear(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    private static func daysIn(_ month: Int, of year: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 of a date in the proleptic Gregorian calendar (Howard Hinnant's
    /// `days_from_civil`).
    private static func daysSinceUnixEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
