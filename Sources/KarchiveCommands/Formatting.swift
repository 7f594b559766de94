import Foundation
import KeyedArchive

/// How `karchive` spells values and sizes in text.
enum Formatting {
    /// A `String` in double quotes, escaped as in JSON, cut after `limit` Unicode scalars ("…"
    /// and the byte count then follow the quote).
    static func quoted(_ string: String, limit: Int = 80) -> String {
        let scalars = string.unicodeScalars
        guard scalars.count > limit else { return "\"\(JSONWriter.escaped(string))\"" }
        let head = String(String.UnicodeScalarView(scalars.prefix(limit)))
        return "\"\(JSONWriter.escaped(head))\"… (\(string.utf8.count) bytes)"
    }

    /// Bytes as uppercase hex pairs separated by spaces: "4B 41 52 43".
    static func hex<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
        bytes.map { hexByte($0) }.joined(separator: " ")
    }

    static func hexByte(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }

    /// 1234567 → "1,234,567".
    static func count(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var result = ""
        for (i, digit) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { result += "," }
            result.append(digit)
        }
        return n < 0 ? "-" + result : result
    }

    /// "1 entry", "3 entries".
    static func plural(_ n: Int, _ singular: String, _ plural: String) -> String {
        "\(count(n)) \(n == 1 ? singular : plural)"
    }

    /// A Date (seconds since 2001-01-01T00:00:00Z) in ISO 8601, UTC: "2011-04-14T16:00:49Z", with
    /// the fraction of a second when there is one, to the microsecond. Dates outside the years
    /// 0001–9999 and non-finite values have no ISO 8601 spelling: nil.
    static func iso8601(sinceReferenceDate seconds: Double) -> String? {
        let unix = seconds + 978_307_200
        // -62135596800 is 0001-01-01T00:00:00Z, 253402300800 is 10000-01-01T00:00:00Z.
        guard unix.isFinite, unix >= -62_135_596_800, unix < 253_402_300_800 else { return nil }
        let whole = unix.rounded(.down)
        var micros = Int(((unix - whole) * 1_000_000).rounded())
        var total = Int(whole)
        if micros == 1_000_000 { total += 1; micros = 0 }
        var text = isoDateAndTime(unixSeconds: total)
        if micros > 0 {
            var fraction = pad(micros, 6)
            while fraction.hasSuffix("0") { fraction.removeLast() }
            text += "." + fraction
        }
        return text + "Z"
    }

    /// "YYYY-MM-DDTHH:MM:SS" (UTC, proleptic Gregorian) of whole seconds since
    /// 1970-01-01T00:00:00Z in the years 0001–9999: the part of an ISO 8601 date before any
    /// fraction, shared by this display form and the JSON mapping's exact one (`JSONDate`).
    static func isoDateAndTime(unixSeconds total: Int) -> String {
        let days = total >= 0 ? total / 86_400 : (total - 86_399) / 86_400
        let secondOfDay = total - days * 86_400
        let (year, month, day) = civilDate(daysSinceUnixEpoch: days)
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(secondOfDay / 3600, 2)):\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2))"
    }

    /// `n` in decimal, with leading zeros to `width` digits.
    static func pad(_ n: Int, _ width: Int) -> String {
        let s = String(n)
        return String(repeating: "0", count: max(0, width - s.count)) + s
    }

    /// Year, month, day of a day count since 1970-01-01 in the proleptic Gregorian calendar
    /// (Howard Hinnant's `civil_from_days`).
    private static func civilDate(daysSinceUnixEpoch days: Int) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// A packed element as text.
    static func number(_ element: PackedNumber) -> String {
        switch element {
        case .integer(let n): String(n)
        case .unsigned(let n): String(n)
        case .float(let x): x.description
        case .double(let x): x.description
        }
    }

    /// A size as a share of a whole: "12.5%".
    static func percent(_ part: Int, of whole: Int) -> String {
        guard whole > 0 else { return "–" }
        let tenths = (part * 1000 + whole / 2) / whole
        return "\(tenths / 10).\(tenths % 10)%"
    }

    /// A ratio with two decimals: "0.72×".
    static func ratio(_ value: Double) -> String {
        guard value.isFinite else { return "–" }
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)×"
    }

    /// The archive's flags in words: "none", "zlib", "zlib, crc32", "crc32, references".
    static func flags(_ archive: InspectedArchive) -> String {
        var words: [String] = []
        if archive.isCompressed { words.append("zlib") }
        if archive.hasChecksum { words.append("crc32") }
        if archive.hasReferences { words.append("references") }
        return words.isEmpty ? "none" : words.joined(separator: ", ")
    }

    /// The header facts every inspecting command prints on top.
    static func summary(_ archive: InspectedArchive) -> [String] {
        var lines = ["archive: \(plural(archive.input.count, "byte", "bytes")), version 1, flags 0x\(hexByte(archive.flags)) (\(flags(archive)))"]
        let body = archive.plain.count - InspectedArchive.headerSize
        var bodyLine = "body: \(plural(body, "byte", "bytes"))"
        if let layout = archive.compressedLayout {
            bodyLine += " inflated from a zlib stream of \(plural(layout.stream.count, "byte", "bytes"))"
        }
        bodyLine += "; root value \(plural(archive.root.count, "byte", "bytes")), key table \(plural(archive.keys.count, "key", "keys")) (\(plural(archive.keyTable.count, "byte", "bytes")))"
        lines.append(bodyLine)
        return lines
    }
}

extension String {
    /// The string without the spaces at its end (table cells and dump lines are padded).
    var trimmingTrailingSpaces: String {
        var result = self
        while result.last == " " { result.removeLast() }
        return result
    }
}
