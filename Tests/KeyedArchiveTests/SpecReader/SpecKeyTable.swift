/// §8.2 the key table, and §8.3 the key identity of each of its entries.
struct SpecKeyTable {
    /// The entries' strings, in table order.
    var strings: [String] = []
    /// Per entry, the key identity of §8.3 (a key varint value).
    var identities: [UInt64] = []
    /// Per entry, the offset of its length varint.
    var entryOffsets: [Int] = []

    var count: Int { strings.count }

    /// §8.2 (§12.4 step 4.3): reads the table at `start` of `bytes` up to `end`; returns it and
    /// the offset after it.
    static func read(_ bytes: [UInt8], at start: Int, end: Int) throws(SpecFailure) -> (SpecKeyTable, Int) {
        // The count varint; "count > the bytes after it → truncated at the count varint".
        let (count, afterCount) = try SpecVarint.read(bytes, at: start, limit: end, maximumBits: 64)
        guard count <= UInt128(end - afterCount) else { throw .truncated(start) }
        var table = SpecKeyTable()
        var p = afterCount
        for _ in 0..<Int(count) {
            // Each entry: its length varint, length ≤ the bytes left, valid UTF-8 (§7), all at
            // the length varint.
            let entry = p
            table.entryOffsets.append(entry)
            let (length, afterLength) = try SpecVarint.read(bytes, at: p, limit: end, maximumBits: 64)
            guard length <= UInt128(end - afterLength) else { throw .truncated(entry) }
            let utf8 = bytes[afterLength..<afterLength + Int(length)]
            guard specIsValidUTF8(utf8) else { throw .invalidUTF8(entry) }
            table.strings.append(String(decoding: utf8, as: UTF8.self))
            p = afterLength + Int(length)
        }
        table.identities = table.strings.indices.map { table.identity(ofEntry: $0) }
        return (table, p)
    }

    /// §8.3 "Repeated keys": a canonical decimal integer n with −2^62 ≤ n < 2^62 has the
    /// identity of the integer key n; any other string that of the first entry with the same
    /// bytes (not `String` `==`, which is canonical equivalence).
    func identity(ofEntry index: Int) -> UInt64 {
        let string = strings[index]
        if let n = Self.canonicalDecimal(string), n >= -(1 << 62), n < 1 << 62 {
            return Self.integerKeyVarint(n)
        }
        let first = strings.firstIndex { $0.utf8.elementsEqual(string.utf8) }!
        return UInt64(first) << 1 | 1
    }

    /// §8.1: the key varint of the integer key n: zigzag(n) shifted left, low bit 0.
    static func integerKeyVarint(_ n: Int64) -> UInt64 {
        UInt64(bitPattern: (n << 1) ^ (n >> 63)) << 1
    }

    /// §8.3: the integer whose canonical decimal spelling `string` is: ASCII digits, an optional
    /// leading "-", no "+", no leading zeros, "0" for zero (so no "-0"). nil otherwise, or when
    /// it does not fit 64 bits (then it is outside −2^62..<2^62 anyway).
    static func canonicalDecimal(_ string: String) -> Int64? {
        var utf8 = Array(string.utf8)
        let negative = utf8.first == UInt8(ascii: "-")
        if negative { utf8.removeFirst() }
        guard !utf8.isEmpty, utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        if utf8[0] == 0x30 && (utf8.count > 1 || negative) { return nil }
        var magnitude: Int64 = 0
        for digit in utf8 {
            let (times10, o1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times10.addingReportingOverflow(Int64(digit - 0x30))
            if o1 || o2 { return nil }
            magnitude = sum
        }
        return negative ? -magnitude : magnitude
    }
}
