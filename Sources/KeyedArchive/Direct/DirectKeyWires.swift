/// Where the string keys of generated code's key sets are in the archive's key table, by key set,
/// so that each entry finds its key's varint by position instead of looking its name up in the
/// key table (hashing or comparing the string, and retaining it, on every entry).
///
/// A place stays noted from one archive to the next. The key table keeps its strings between
/// archives and only ever adds to them, except when it drops the last archive's rest
/// (`KeyTable.epoch` counts those times); so a place noted in the same epoch names the same
/// string for as long as it is below the table's `count`. A stream of messages of one type then
/// writes each string key at the cost of an integer key: the place is checked, not looked up.
struct DirectKeyWires {
    /// A key's index in the key table, and the table's epoch when it was noted.
    struct Place {
        var epoch: Int
        var index: Int
        /// A place never noted: no epoch is negative.
        static let unknown = Place(epoch: -1, index: 0)
    }

    /// The key sets met so far and where their places start in `places`, scanned only when
    /// `recent` does not answer.
    private var bases: [(keys: ObjectIdentifier, base: Int)] = []
    /// A direct-mapped table in front of `bases`, indexed by the key set's address: the state is
    /// reused from one archive to the next on its thread and meets every key set the thread
    /// writes, so a scan of `bases` alone grew with the program's types (the media content paid
    /// 290 instructions per encode for it once the benchmark's other models had been met). Two
    /// sets sharing a slot take it in turn, the other found by the scan: slower, never wrong.
    private var recent: [(keys: ObjectIdentifier?, base: Int)] = Array(repeating: (nil, 0), count: ObjectIdentifier.slotCount)
    /// The key sets themselves, kept alive with the state: a set freed while encoding (one not
    /// kept in a `static let`, against the advice of `ArchiveKeySet`) could otherwise leave its
    /// identifier, and so its places, to another set allocated at the same address.
    private var sets: [ArchiveKeySet] = []
    /// Each key set's places, in its order.
    private(set) var places: [Place] = []

    /// Where the places of `keys` start, making room for them on first use.
    @inline(__always)
    mutating func base(for keys: ArchiveKeySet) -> Int {
        let id = ObjectIdentifier(keys)
        let slot = id.slot
        if recent[slot].keys == id { return recent[slot].base }
        let base = knownBase(of: id) ?? newBase(for: keys)
        recent[slot] = (id, base)
        return base
    }

    /// Where the places of the key set `id` start, if it was met before.
    private func knownBase(of id: ObjectIdentifier) -> Int? {
        for entry in bases where entry.keys == id { return entry.base }
        return nil
    }

    /// Makes room for the places of `keys`, met for the first time; returns where they start.
    private mutating func newBase(for keys: ArchiveKeySet) -> Int {
        let base = places.count
        places.append(contentsOf: repeatElement(.unknown, count: keys.count))
        bases.append((ObjectIdentifier(keys), base))
        sets.append(keys)
        return base
    }

    /// Notes the place of the key at `position` (a base plus a key's index).
    mutating func note(_ place: Place, at position: Int) { places[position] = place }

    /// How many key sets are kept: a reused state keeps few.
    var keySetCount: Int { sets.count }
}

extension EncodingState {
    /// The varint of key `index` of `keys`, whose places in `directKeyWires` start at `base`,
    /// adding a string key to the archive's key table the first time it is written.
    @inline(__always)
    func directWire(_ keys: ArchiveKeySet, _ index: Int, base: Int) -> UInt64 {
        if let integer = keys.integerWires[index] { return integer }
        return keptDirectWire(index, base: base) ?? newDirectStringWire(keys, index, base: base)
    }

    /// The varint of key `index` when it needs no key-table lookup: the fixed varint of an
    /// integer key, or that of a string key whose place holds; `nil` otherwise (a string key
    /// written for the first time, or any key of a set whose keys could repeat). The path of
    /// nearly every entry generated code writes.
    @inline(__always)
    func quickDirectWire(_ keys: ArchiveKeySet, _ index: Int, base: Int) -> UInt64? {
        let wire = keys.fixedWires[index]
        if wire != ArchiveKeySet.noFixedWire { return wire }
        return keys.identitiesAreDistinct ? keptDirectWire(index, base: base) : nil
    }

    /// The varint of string key `index` if its place in the key table holds: it was written
    /// before in this archive, or in an earlier one whose table this one has followed so far or
    /// follows with this key (which it then adds).
    @inline(__always)
    private func keptDirectWire(_ index: Int, base: Int) -> UInt64? {
        keyTable.wire(at: directKeyWires.places[base + index])
    }

    /// The varint of string key `index` when its place does not hold: found or added in the
    /// key table, and its place noted.
    @inline(never)
    private func newDirectStringWire(_ keys: ArchiveKeySet, _ index: Int, base: Int) -> UInt64 {
        let tableIndex = keyTable.index(ofName: keys.names[index])
        // The epoch after the lookup, which may have dropped the last archive's strings.
        directKeyWires.note(DirectKeyWires.Place(epoch: keyTable.epoch, index: tableIndex), at: base + index)
        return KeyForm.wire(stringIndex: tableIndex)
    }

    /// The varint of an unknown entry's key, in the form it had: an integer, or a name through
    /// the key table. What both keyed writers write unknown fields back with.
    func wire(ofUnknownKey key: UnknownKey) -> UInt64 {
        key.integerWire ?? KeyForm.wire(stringIndex: keyTable.index(of: key.stringValue))
    }
}
