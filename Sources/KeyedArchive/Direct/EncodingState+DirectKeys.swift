/// The key varints of generated code's entries. An integer key's is fixed in its key set; a
/// string key's is its index in the archive's key table, found by the key's number for the
/// process (`KeyNumbers`, `KeyTable.wire(ofNumbered:at:)`): one comparison when the archive holds
/// the key, and an entry added without hashing or comparing its name when it does not, for any
/// subset, order and mix of keys, and for a first message as for the thousandth.
extension EncodingState {
    /// The varint of key `index` of `keys`, adding a string key to the archive's key table the
    /// first time it is written.
    @inline(__always)
    func directWire(_ keys: ArchiveKeySet, _ index: Int) -> UInt64 {
        if let integer = keys.integerWires[index] { return integer }
        return keyTable.wire(ofNumbered: keys, at: index)
    }

    /// The varint of key `index` when it needs no addition to the key table: the fixed varint
    /// of an integer key, or that of a string key the archive holds; `nil` otherwise (a string
    /// key written for the first time in the archive, or any key of a set whose keys could
    /// repeat). The path of nearly every entry generated code writes.
    @inline(__always)
    func quickDirectWire(_ keys: ArchiveKeySet, _ index: Int) -> UInt64? {
        let wire = keys.fixedWires[index]
        if wire != ArchiveKeySet.noFixedWire { return wire }
        // A set whose identities are distinct has a fixed varint for every integer key, so this
        // key is a string key.
        return keys.identitiesAreDistinct ? keyTable.wire(ofNumber: keys.keyNumbers[index]) : nil
    }

    /// The varint of an unknown entry's key, in the form it had: an integer, or a name through
    /// the key table. What both keyed writers write unknown fields back with.
    func wire(ofUnknownKey key: UnknownKey) -> UInt64 {
        key.integerWire ?? KeyForm.wire(stringIndex: keyTable.index(of: key.stringValue))
    }
}
