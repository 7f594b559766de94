/// How a `CodingKey` is written: the key varint of `Spec/FORMAT.md`, "Keys".
///
/// Low bit 0: an integer key, zigzag-encoded in the remaining bits. Low bit 1: a string key,
/// the remaining bits index the archive's key table.
enum KeyForm {
    /// Integer keys outside this range are written as strings (the varint must stay within 64
    /// bits). In `Int64`, as the format reads keys whatever `Int`'s width: where `Int` is 32 bits,
    /// an archive may still hold any key of this range (`Spec/FORMAT.md` §8.1).
    static let integerRange: Range<Int64> = -(1 << 62) ..< (1 << 62)

    /// The integer `string` spells in canonical decimal (no sign on zero, no leading zeros or
    /// `+`), within `integerRange`; `nil` otherwise, and at once for a string that does not
    /// start as a number does.
    @inline(__always)
    static func canonicalDecimal64(_ string: String) -> Int64? {
        guard let first = string.utf8.first, first == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first),
              let value = Int64(string), integerRange.contains(value), String(value) == string else { return nil }
        return value
    }

    /// The key varint a key-table string stands for if it spells an integer in canonical
    /// decimal (`KeyIdentity`): the same on every platform.
    @inline(__always)
    static func canonicalDecimalWire(_ string: String) -> UInt64? {
        canonicalDecimal64(string).map(wire(integer64:))
    }

    /// Whether `string` is the canonical decimal spelling of `value`.
    static func isCanonicalDecimal(_ string: String, of value: Int64) -> Bool {
        // Small integers' spellings are small strings: no allocation.
        string.utf8.count <= 20 && String(value) == string
    }

    @inline(__always)
    static func wire(integer value: Int) -> UInt64 {
        wire(integer64: Int64(value))
    }

    /// The key varint of integer key `value` (in `integerRange`): zigzag, then the low bit 0.
    /// In `Int64`, so that a 32-bit `Int`'s shifts cannot cut it short.
    @inline(__always)
    static func wire(integer64 value: Int64) -> UInt64 {
        let zigzag = UInt64(bitPattern: (value << 1) ^ (value >> 63))
        return zigzag << 1
    }

    @inline(__always)
    static func wire(stringIndex index: Int) -> UInt64 {
        UInt64(index) << 1 | 1
    }

    /// Splits a key varint into its integer or key-table index.
    ///
    /// The integer is an `Int64`: an archive may hold any integer key of `integerRange` whatever
    /// `Int`'s width, and where `Int` is 32 bits one beyond it is no `CodingKey`'s `intValue`
    /// (`Spec/FORMAT.md` §8.3: readers then present it by its decimal string). The index is an
    /// `Int`: the caller took the key from a container checked against the key table, whose
    /// every index is an `Int`.
    @inline(__always)
    static func decode(_ wire: UInt64) -> (integer: Int64?, stringIndex: Int?) {
        if wire & 1 == 0 {
            let zigzag = wire >> 1
            return (Int64(bitPattern: zigzag >> 1) ^ -Int64(bitPattern: zigzag & 1), nil)
        }
        return (nil, Int(wire >> 1))
    }
}
