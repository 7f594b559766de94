/// Hand-built archives of the object-reference extension (header flag bit 2, `Spec/FORMAT.md`
/// §9.5), for the `karchive` tests: the encoder cannot write references yet.
///
/// Value indexes, in document order: the root is 0, a container comes before its entries and a
/// shared object `13` before its marked value.
enum ReferenceArchives {
    static let magicAndVersion: [UInt8] = [0x4B, 0x41, 0x52, 0x43, 0x01]

    /// The header with `flags`, then `root`, then the key table of `keys`.
    static func archive(flags: UInt8 = 0x04, _ root: [UInt8], keys: [String] = []) -> [UInt8] {
        magicAndVersion + [flags] + root + body(keyTable: keys)
    }

    /// A key table: count, then each key's length and UTF-8.
    static func body(keyTable keys: [String]) -> [UInt8] {
        varint(UInt64(keys.count)) + keys.flatMap { varint(UInt64($0.utf8.count)) + Array($0.utf8) }
    }

    /// `{"a": 13 {"x": 1}, "b": 12 1}`: "b" is the same object as "a".
    ///
    ///     6  0C 09      keyed, payload 9                          value 0
    ///     8  01         key "a" (table index 0 → zigzag 01)
    ///     9  13           shared object                           value 1
    ///    10  0C 02        keyed, payload 2                        value 2 (marked by 1)
    ///    12  05             key "x" (table index 2)
    ///    13  81             1                                     value 3
    ///    14  03         key "b" (table index 1)
    ///    15  12 01        reference to value 1                    value 4
    static let sharedOwner = archive([0x0C, 0x09, 0x01, 0x13, 0x0C, 0x02, 0x05, 0x81, 0x03, 0x12, 0x01], keys: ["a", "b", "x"])

    /// `[13 "s", [12 1, 12 1]]`: the second element holds two references to the first, one
    /// level down (the paths are `root[0]` and `root[1][0]`, `root[1][1]`).
    ///
    ///     6  0D 0C      unkeyed, payload 12, 2 elements            value 0
    ///     9  13           shared object                           value 1
    ///    10  07 01 73     "s"                                     value 2
    ///    13  0D 05 02     unkeyed, 2 elements                     value 3
    ///    16  12 01          reference to value 1                  value 4
    ///    18  12 01          reference to value 1                  value 5
    static let twoReferences = archive([0x0D, 0x0C, 0x02, 0x13, 0x07, 0x01, 0x73, 0x0D, 0x05, 0x02, 0x12, 0x01, 0x12, 0x01])

    /// `[12 2, 13 1]`: the reference at 9 (value 1) names value 2, which follows it.
    static let forwardReference = archive([0x0D, 0x05, 0x02, 0x12, 0x02, 0x13, 0x81])

    /// `[12 127]`: the reference at 9 names value 127 of an archive with 2 values.
    static let referenceOutOfRange = archive([0x0D, 0x03, 0x01, 0x12, 0x7F])

    /// `[1, 12 1]`: the reference at 10 names value 1, the integer, not a shared object.
    static let referenceToAnInteger = archive([0x0D, 0x04, 0x02, 0x81, 0x12, 0x01])

    /// `13 [12 0]`: the root is a shared object whose marked value holds, at 10, a reference
    /// to it (value 0).
    static let referenceLoop = archive([0x13, 0x0D, 0x03, 0x01, 0x12, 0x00])

    /// `[13]`: the shared object at 9 ends its container before its marked value (at 10).
    static let sharedObjectAtTheLimit = archive([0x0D, 0x02, 0x01, 0x13])

    /// `levels` + 1 shared objects in one unkeyed root: level 0 is `13 1`, and each level k ≥ 1
    /// is `13 [12 s, 12 s]`, s the value index of level k − 1's shared object. Expanding the
    /// root writes 2^levels copies of level 0 from a few bytes per level ("billion laughs").
    ///
    /// Indexes: root 0; level 0's `13` is 1 (its 1 is 2); level k's `13` is 4k − 1, its
    /// container 4k, its references 4k + 1 and 4k + 2.
    static func doublingLevels(_ levels: Int) -> [UInt8] {
        var elements: [UInt8] = [0x13, 0x81]
        for k in 1...levels {
            let previous = UInt64(k == 1 ? 1 : 4 * (k - 1) - 1)
            let references = [0x12] + varint(previous) + [0x12] + varint(previous)
            let payload = [0x02] + references
            elements += [0x13, 0x0D] + varint(UInt64(payload.count)) + payload
        }
        let payload = varint(UInt64(levels + 1)) + elements
        return archive([0x0D] + varint(UInt64(payload.count)) + payload)
    }
}
