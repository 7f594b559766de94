/// The key varints of string keys that generated code wrote in one archive, by key set, so that
/// each entry after a key's first finds its varint by position instead of looking its name up in
/// the key table (hashing or comparing the string, and retaining it, on every entry).
///
/// A string key's varint is its key-table index, fixed once the key is first written (a value
/// that throws leaves its keys in the table), so a kept varint stays right for the archive.
struct DirectKeyWires {
    /// The key sets met so far and where their varints start in `wires`. An archive meets a
    /// handful of types, so a scan beats hashing.
    private var bases: [(keys: ObjectIdentifier, base: Int)] = []
    /// The key sets themselves, kept alive for the archive: a set freed while encoding (one not
    /// kept in a `static let`, against the advice of `ArchiveKeySet`) could otherwise leave its
    /// identifier, and so its kept varints, to another set allocated at the same address.
    private var sets: [ArchiveKeySet] = []
    /// Each key set's string-key varints, in its order; 0 (never a string key's varint, which is
    /// odd) until the key is first written.
    private(set) var wires: [UInt64] = []

    /// Forgets the varints, which were the last archive's key-table indices. The key sets and
    /// their places stay: the next archive meets the same types.
    mutating func reset() {
        for position in wires.indices where wires[position] != 0 { wires[position] = 0 }
    }

    /// Where the varints of `keys` start, making room for them on first use.
    @inline(__always)
    mutating func base(for keys: ArchiveKeySet) -> Int {
        let id = ObjectIdentifier(keys)
        for entry in bases where entry.keys == id { return entry.base }
        let base = wires.count
        wires.append(contentsOf: repeatElement(0, count: keys.count))
        bases.append((id, base))
        sets.append(keys)
        return base
    }

    /// The varint kept for the string key at `position`, if it was written in this archive.
    @inline(__always)
    func keptWire(at position: Int) -> UInt64? {
        let kept = wires[position]
        return kept != 0 ? kept : nil
    }

    /// The varint of the string key at `position` (a base plus a key's index): the kept one, or
    /// `lookUp()`'s, kept.
    @inline(__always)
    mutating func wire(at position: Int, _ lookUp: () -> UInt64) -> UInt64 {
        let kept = wires[position]
        if kept != 0 { return kept }
        let wire = lookUp()
        wires[position] = wire
        return wire
    }
}
