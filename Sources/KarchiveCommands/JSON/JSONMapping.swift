import Foundation

/// The vocabulary both directions of the JSON mapping share (`Spec/JSON.md`): the wrapper
/// objects that spell what JSON has no value for, the escape that keeps a real one-member object
/// with such a name apart from them, and which member names are integer keys.
enum JSONMapping {
    /// The names of the wrapper objects, without their `$`. A wrapper is an object with exactly
    /// one member, named `$` + one of these.
    enum Wrapper: String, CaseIterable {
        /// A nested nil (`0F` + level), whose level JSON's `null` cannot carry.
        case `nil`
        /// A `Float` NaN or infinity.
        case float
        /// A `Double` NaN or infinity.
        case double
        /// `Data` (`08`), in Base64.
        case data
        /// `Date` (`09`).
        case date
        /// `UUID` (`0A`).
        case uuid
        /// `URL` (`0B`), which would otherwise read back as a `String`.
        case url

        /// The member name of the wrapper object: "$date".
        var memberName: String { "$" + rawValue }
    }

    /// The wrapper a one-member object's member name stands for, and how many `$` precede the
    /// wrapper's name; nil when the name is not one or more `$` followed by a wrapper name.
    /// Compared byte for byte: no other spelling of a name is a wrapper.
    static func wrapperName(_ name: String) -> (wrapper: Wrapper, dollars: Int)? {
        let utf8 = Array(name.utf8)
        let dollars = utf8.prefix { $0 == UInt8(ascii: "$") }.count
        guard dollars > 0, let wrapper = Wrapper(rawValue: String(decoding: utf8[dollars...], as: UTF8.self)) else { return nil }
        return (wrapper, dollars)
    }

    /// The member name `to-json` writes for the only key of a one-member keyed container: one
    /// more `$` when the key would otherwise read as a wrapper ("$date" → "$$date").
    static func escapedName(_ key: String) -> String {
        wrapperName(key) == nil ? key : "$" + key
    }

    /// The spellings of the values JSON has no number for (`$float`, `$double`, `$date`).
    static func nonFiniteName(_ x: Double) -> String {
        x.isNaN ? "NaN" : x > 0 ? "Infinity" : "-Infinity"
    }

    /// The value of a non-finite spelling; nil for anything else.
    static func nonFinite(_ name: String) -> Double? {
        switch name {
        case "NaN": .nan
        case "Infinity": .infinity
        case "-Infinity": -.infinity
        default: nil
        }
    }

    /// The integer key a member name stands for: the canonical decimal spelling (no "+", no
    /// leading zeros, no "-0") of an integer in −2^62 ..< 2^62, the range of integer keys
    /// (`Spec/FORMAT.md` §8.1). Every other name is a string key.
    static func integerKey(_ name: String) -> Int64? {
        let utf8 = name.utf8
        let digits = utf8.first == UInt8(ascii: "-") ? utf8.dropFirst() : utf8[...]
        guard let first = digits.first, digits.count <= 19,
              digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
              first != UInt8(ascii: "0") || digits.count == 1,
              let n = Int64(name), n >= -(1 << 62), n < 1 << 62, name != "-0" else { return nil }
        return n
    }

    /// The deepest nested nil `from-json` writes: a Swift type with more `Optional`s around a
    /// value than this cannot be read with `ArchiveDecoder`'s default depth limit (512) anyway,
    /// and each level costs `ArchiveEncoder` a nested call.
    static let maximumNilLevel: UInt64 = 511

    /// `Data` as `to-json` writes it: standard Base64 (RFC 4648 §4) with padding.
    static func base64(_ bytes: some Sequence<UInt8>) -> String {
        Data(bytes).base64EncodedString()
    }

    /// The bytes of a Base64 string, only in the spelling `base64(_:)` writes (so the round
    /// trip gives back the same text): nil for missing padding, line breaks, or bits set after
    /// the last byte.
    static func bytes(fromBase64 text: String) -> Data? {
        guard let data = Data(base64Encoded: text), data.base64EncodedString() == text else { return nil }
        return data
    }

    /// A UUID spelled as `UUID.uuidString` writes it, in uppercase; nil for anything else.
    static func uuid(_ text: String) -> UUID? {
        let utf8 = Array(text.utf8)
        guard utf8.count == 36 else { return nil }
        for (i, byte) in utf8.enumerated() {
            let valid = [8, 13, 18, 23].contains(i)
                ? byte == UInt8(ascii: "-")
                : (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
            guard valid else { return nil }
        }
        return UUID(uuidString: text)
    }
}
