/// When two entries of a keyed container are the same key (`Spec/FORMAT.md` §8.3).
///
/// Key varints alone do not decide it: the key table may hold one string twice, or two
/// spellings that are canonically equivalent Unicode ("é" as one scalar or as "e" + U+0301),
/// and a string key that spells an integer in canonical decimal ("7") matches the same keys
/// as the integer key 7. Any two such entries in one container would let two readers, or one
/// reader asking in two orders, find different values for one key; so each key-table string
/// gets the key varint it stands for, and a container repeats a key when two of its entries
/// stand for the same varint.
enum KeyIdentity {
    /// For each key-table index, the key varint that entry stands for: the integer key its
    /// string spells in canonical decimal, else the string key of the first table entry
    /// canonically equivalent to it (`String` equality is canonical equivalence).
    static func identities(of keys: [String]) -> [UInt64] {
        var identities: [UInt64] = []
        identities.reserveCapacity(keys.count)
        // Small tables (nearly all) compare pairwise rather than hashing every key.
        var firstIndex: [String: Int]? = keys.count > 16 ? [:] : nil
        for (index, key) in keys.enumerated() {
            if let integer = KeyForm.canonicalDecimalIfNeeded(key) {
                identities.append(KeyForm.wire(integer: integer))
                continue
            }
            var first = index
            if firstIndex != nil {
                first = firstIndex![key, default: index]
                if first == index { firstIndex![key] = index }
            } else if let earlier = keys[..<index].firstIndex(of: key) {
                // An earlier spelling that is a decimal integer has another identity, but then
                // so has this one (the same canonical string), handled above.
                first = earlier
            }
            identities.append(KeyForm.wire(stringIndex: first))
        }
        return identities
    }
}
