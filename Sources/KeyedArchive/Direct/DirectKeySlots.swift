/// Where generated code finds its values: when it opens a keyed container, the check every
/// reader makes of the entries (`ByteReader.keyedFraming`) also notes, for each key of the
/// type's `ArchiveKeySet`, where the value of the entry it matches starts. Each later read is
/// then one array access, with no scan and no key comparison.
///
/// The slots of all open containers of generated code are one stack in the decoding state:
/// a container takes `keys.count` slots on top, and every value read through generated code
/// gives back the slots its containers took when it returns (`DecodingState.readDirect`).
/// Generated code reads a container only while its value is being read, so a container's
/// slots stay its own for as long as it is used.
final class DirectKeySlots {
    // A `GrowableBuffer` rather than an `Array`: every entry of a container writes a slot, and
    // an array's copy-on-write check per write cost about a sixth of opening a container.
    // Unchecked exclusivity: a state, and its slots, belong to one `decode` call on one thread.
    @exclusivity(unchecked) private var slots = GrowableBuffer<Int>(capacity: 64)

    /// The first slot not taken; setting it gives back every slot from there on.
    var top: Int {
        @inline(__always) get { slots.count }
        @inline(__always) set { slots.truncate(to: newValue) }
    }

    /// The container has no entry for the key.
    static let absent = -1
    /// Two entries match the key (its integer and its name, `Spec/FORMAT.md` §8.3): the lookup
    /// takes the scanning path, which throws the error at the key's coding path.
    static let ambiguous = -2

    /// Takes `count` slots, all `absent`; returns the first.
    @inline(__always)
    func take(_ count: Int) -> Int {
        let first = slots.count
        slots.append(repeating: Self.absent, count: count)
        return first
    }

    /// The slot's value: an offset, `absent` or `ambiguous`. Only taken slots can be read: a
    /// container used after the value it belongs to was read is a programmer's mistake.
    subscript(slot: Int) -> Int {
        @inline(__always) get {
            precondition(slot >= 0 && slot < slots.count, "a generated-code container was used after its value was read")
            return slots[slot]
        }
    }

    /// Notes that an entry whose value starts at `offset` matches the key of `slot`.
    @inline(__always)
    func note(_ offset: Int, at slot: Int) {
        // One access (and one bounds check) for the read and the write.
        Self.mark(&slots[slot], offset)
    }

    @inline(__always)
    private static func mark(_ slot: inout Int, _ offset: Int) {
        slot = slot == absent ? offset : ambiguous
    }

    /// Gives back every slot, for a new archive.
    func reset() { slots.truncate(to: 0) }
}

/// Fills the slots of a container being opened (`DecodingState.openDirectContainer`).
struct DirectSlotFiller: KeyedEntryVisitor {
    let state: DecodingState
    let keys: ArchiveKeySet
    /// The container's first slot.
    let base: Int

    @inline(__always)
    mutating func visit(wire: UInt64, valueOffset: Int) {
        let key = wire & 1 == 0 ? keys.key(forIntegerWire: wire) : state.directKey(forTableIndex: Int(wire >> 1), keys: keys)
        if key >= 0 { state.directSlots.note(valueOffset, at: base + key) }
    }
}

extension DecodingState {
    /// The position in `keys` of the key (not an alias) that key-table string `index` matches,
    /// or −1.
    @inline(__always)
    func directKey(forTableIndex index: Int, keys: ArchiveKeySet) -> Int {
        let position = namePosition(forTableIndex: index, keys: keys)
        return position < keys.count ? position : -1
    }

    /// The position (`ArchiveKeySet.positionCount`) of the key, else the alias, that key-table
    /// string `index` matches, or −1: by the number of the name it spells when it and every
    /// name of the set stand for themselves (then the same bytes are the only way to be the
    /// same name), one look-up in the set's table of numbers; else by name
    /// (`namePositionByName`). Nothing is kept per archive or per set: the key table says
    /// which name each string spells, and the set where its names are.
    @inline(__always)
    func namePosition(forTableIndex index: Int, keys: ArchiveKeySet) -> Int {
        let name = keyTable.names[index]
        if name >= 0, keys.matchesNamesByNumber { return keys.position(ofNumber: name) }
        return namePositionByName(forTableIndex: index, keys: keys)
    }

    /// `namePosition` for a string or a set that its number does not answer for: a spelling
    /// that no key set had named when fewer numbers were given than this set's names have is
    /// none of them; anything else is looked up by name (`String` equality, canonical
    /// equivalence, as `ArchiveKeyedDecodingContainer` matches).
    @inline(never)
    private func namePositionByName(forTableIndex index: Int, keys: ArchiveKeySet) -> Int {
        let name = keyTable.names[index]
        if let given = DecodedKeyTable.numbersGiven(name), keys.matchesNamesByNumber, keys.largestNumber < given { return -1 }
        return positionByName(keyStrings[index], keys: keys)
    }

    /// The position of the key, else the alias, named `name` in `keys`, or −1.
    private func positionByName(_ name: String, keys: ArchiveKeySet) -> Int {
        if let key = keys.keyByName[name] { return key }
        guard let aliases = keys.aliases, let alias = aliases.keyByName[name] else { return -1 }
        return keys.count + alias
    }
}

extension DecodingState {
    /// Opens the keyed container at `location` for generated code with `keys`: the checks and
    /// errors of `keyedEntries` (which it is), and, when the key set allows it, the slots of
    /// its keys, filled; `slots` is −1 when it does not (lookups then scan).
    func openDirectContainer(_ keys: ArchiveKeySet, at location: ValueLocation, path: CodingPathNode,
                             depth: Int) throws -> (entries: KeyedEntries, slots: Int) {
        guard keys.readsBySlots else {
            return (try keyedEntries(at: location, path: path, depth: depth, containerType: keys.containerType), -1)
        }
        let base = directSlots.take(keys.count)
        var filler = DirectSlotFiller(state: self, keys: keys, base: base)
        let entries = try keyedEntries(at: location, path: path, depth: depth, containerType: keys.containerType, visiting: &filler)
        return (entries, base)
    }
}
