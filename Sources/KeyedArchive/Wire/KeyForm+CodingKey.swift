// Which form a `CodingKey` is written in: the coders' half of `KeyForm`, apart from the wire
// half, which builds where `CodingKey` does not exist (Embedded Swift).

extension KeyForm {
    /// The key's integer, if it is written in integer form.
    ///
    /// A key uses its integer only when `Key(intValue:)` gives back a key with the same
    /// `stringValue`: a dictionary key `"007"` has `intValue` 7 but `Key(intValue: 7)` is `"7"`,
    /// so it must stay a string or the dictionary would come back with a different key.
    // Never inlined: `Key(intValue:)` needs `Optional<Key>` metadata, and once inlined the
    // compiler fetches it on entry to the caller even on paths that never get here.
    @inline(never)
    static func integer<Key: CodingKey>(of key: Key) -> Int? {
        guard let value = key.intValue, integerRange.contains(Int64(value)),
              let roundTrip = Key(intValue: value), roundTrip.stringValue == key.stringValue
        else { return nil }
        return value
    }
}

/// Remembers `KeyForm.integer(of:)` per key type, integer and string.
///
/// The verdict needs `Key(intValue:)`, which in unspecialized code costs a runtime metadata
/// lookup for `Optional<Key>`; a coder sees the same few keys over and over, so a small
/// direct-mapped table answers almost every call. Callers pass the key's `intValue` and
/// `stringValue`, which they need anyway: each read is a witness call.
struct IntegerKeyCache {
    private struct Entry {
        let type: ObjectIdentifier
        let integer: Int
        let name: String
        let usesInteger: Bool
    }

    /// Two entries per set of 64, most recent first, so that two key types whose keys share
    /// a set (it depends on where their metadata lies) do not push each other out.
    ///
    /// Made on first use: a call that writes no `Codable` keys (generated code knows its keys'
    /// forms) never needs it. The answers do not depend on the archive, so a reused state
    /// keeps them.
    private var entries: [Entry?] = []

    /// `KeyForm.integer(of: key)` for a key whose `intValue` is `integer` and whose
    /// `stringValue` is `name`. The check of the set's most recent entry, which answers almost
    /// every call, is inlined into the lookups; the rest is not.
    @inline(__always)
    mutating func integer<Key: CodingKey>(of key: Key, integer: Int, name: String) -> Int? {
        let type = ObjectIdentifier(Key.self)
        let set = (Int(truncatingIfNeeded: UInt(bitPattern: integer) ^ (UInt(bitPattern: type) >> 4)) & 63) << 1
        if !entries.isEmpty, let entry = entries[set], entry.type == type, entry.integer == integer, entry.name == name {
            return entry.usesInteger ? integer : nil
        }
        return integerMissingFromFirstWay(of: key, integer: integer, name: name, set: set)
    }

    /// `integer(of:integer:name:)`, called rather than inlined: in encoding's key path the
    /// inlined check slowed string keys down (1.4%) as much as it sped integer keys up.
    @inline(never)
    mutating func integerByCall<Key: CodingKey>(of key: Key, integer: Int, name: String) -> Int? {
        self.integer(of: key, integer: integer, name: name)
    }

    @inline(never)
    private mutating func integerMissingFromFirstWay<Key: CodingKey>(of key: Key, integer: Int, name: String, set: Int) -> Int? {
        let type = ObjectIdentifier(Key.self)
        if entries.isEmpty { entries = Array(repeating: nil, count: 128) }
        if let entry = entries[set + 1], entry.type == type, entry.integer == integer, entry.name == name {
            return entry.usesInteger ? integer : nil
        }
        let verdict = KeyForm.integer(of: key)
        entries[set + 1] = entries[set]
        entries[set] = Entry(type: type, integer: integer, name: name, usesInteger: verdict != nil)
        return verdict
    }
}
