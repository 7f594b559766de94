/// How a `CodingKey` is written: the key varint of `Spec/FORMAT.md`, "Keys".
///
/// Low bit 0: an integer key, zigzag-encoded in the remaining bits. Low bit 1: a string key,
/// the remaining bits index the archive's key table.
enum KeyForm {
    /// Integer keys outside this range are written as strings (the varint must stay within 64 bits).
    static let integerRange = -(1 << 62) ..< (1 << 62)

    /// The key's integer, if it is written in integer form.
    ///
    /// A key uses its integer only when `Key(intValue:)` gives back a key with the same
    /// `stringValue`: a dictionary key `"007"` has `intValue` 7 but `Key(intValue: 7)` is `"7"`,
    /// so it must stay a string or the dictionary would come back with a different key.
    @inline(__always)
    static func integer<Key: CodingKey>(of key: Key) -> Int? {
        guard let value = key.intValue, integerRange.contains(value),
              let roundTrip = Key(intValue: value), roundTrip.stringValue == key.stringValue
        else { return nil }
        return value
    }

    /// The integer `string` spells in canonical decimal (no sign on zero, no leading zeros or
    /// `+`), within `integerRange`; `nil` otherwise.
    static func canonicalDecimal(_ string: String) -> Int? {
        guard let value = Int(string), integerRange.contains(value), String(value) == string else { return nil }
        return value
    }

    @inline(__always)
    static func wire(integer value: Int) -> UInt64 {
        let zigzag = UInt64(bitPattern: Int64((value << 1) ^ (value >> 63)))
        return zigzag << 1
    }

    @inline(__always)
    static func wire(stringIndex index: Int) -> UInt64 {
        UInt64(index) << 1 | 1
    }

    /// Splits a key varint into its integer or key-table index.
    @inline(__always)
    static func decode(_ wire: UInt64) -> (integer: Int?, stringIndex: Int?) {
        if wire & 1 == 0 {
            let zigzag = wire >> 1
            let value = Int64(bitPattern: zigzag >> 1) ^ -Int64(bitPattern: zigzag & 1)
            return (Int(value), nil)
        }
        return (nil, Int(wire >> 1))
    }
}
