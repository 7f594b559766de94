/// When two entries of a keyed container are the same key (`Spec/FORMAT.md` §8.3).
///
/// Key varints alone do not decide it: the key table may hold one string twice, and a string
/// key that spells an integer in canonical decimal ("7") matches the same keys as the integer
/// key 7. Any two such entries in one container would let two readers, or one reader asking in
/// two orders, find different values for one key; so each key-table string gets the key varint
/// it stands for, and a container repeats a key when two of its entries stand for the same
/// varint.
///
/// Strings are compared by their bytes, not by Unicode canonical equivalence: which strings are
/// equivalent depends on the reader's Unicode version, and whether an archive is valid must not.
/// Two equivalent spellings in one container are two keys for the format; a lookup that matches
/// both (Swift's `String` `==` is canonical equivalence) is refused then, as a key whose integer
/// and name are two entries is (`hasEquivalentSpellings`).
enum KeyIdentity {
    /// For each key-table index, the key varint that entry stands for: the integer key its
    /// string spells in canonical decimal, else the string key of the first table entry with
    /// the same bytes. And whether two entries with different bytes are canonically equivalent.
    static func identities(of keys: [String]) -> (identities: [UInt64], hasEquivalentSpellings: Bool) {
        var identities: [UInt64] = []
        identities.reserveCapacity(keys.count)
        var hasEquivalentSpellings = false
        // By canonical equivalence (`String` hashing), the first entry of each string. Small
        // tables (nearly all) compare pairwise rather than hashing every key.
        var firstEquivalent: [String: Int]? = keys.count > 16 ? [:] : nil
        for (index, key) in keys.enumerated() {
            if let integer = KeyForm.canonicalDecimalWire(key) {
                identities.append(integer)
                continue
            }
            let equivalent: Int?
            if firstEquivalent != nil {
                equivalent = firstEquivalent![key]
                if equivalent == nil { firstEquivalent![key] = index }
            } else {
                equivalent = keys[..<index].firstIndex(of: key)
            }
            var first = index
            if let equivalent {
                if sameBytes(keys[equivalent], key) {
                    first = equivalent
                } else {
                    // Rare: equivalent spellings. The first entry with these very bytes, if any.
                    hasEquivalentSpellings = true
                    first = keys[..<index].firstIndex { sameBytes($0, key) } ?? index
                }
            }
            identities.append(KeyForm.wire(stringIndex: first))
        }
        return (identities, hasEquivalentSpellings)
    }

    static func sameBytes(_ a: String, _ b: String) -> Bool {
        a.utf8.elementsEqual(b.utf8)
    }
}
