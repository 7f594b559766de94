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

/// Which key of a key set each string of the archive's key table matches, worked out the
/// first time an entry with that string is met in a container of that set: a string key's
/// varint names a table index, which means a different string in every archive.
struct DirectNameMatches {
    /// The key sets met in this archive and where their answers start in `answers`. The sets
    /// themselves, kept alive: the answers outlive the archive when the next one has the same
    /// key table, and a set freed meanwhile (one made at run time, not kept in a `static let`)
    /// could leave its address, and so its answers, to a new set with other keys.
    private var bases: [(keys: ArchiveKeySet, base: Int)] = []
    /// Per key set, one answer per table index: the key's position, −1 for none, or `unknown`.
    private var answers: [Int] = []
    private static let unknown = -2

    /// Where the answers for `keys` start, for a table of `tableCount` strings.
    @inline(__always)
    mutating func base(for keys: ArchiveKeySet, tableCount: Int) -> Int {
        for entry in bases where entry.keys === keys { return entry.base }
        let base = answers.count
        answers.append(contentsOf: repeatElement(Self.unknown, count: tableCount))
        bases.append((keys, base))
        return base
    }

    /// The answer for table string `index` if it was worked out before: the key's position,
    /// or −1 for none; `nil` if not yet.
    @inline(__always)
    func knownKey(forTableIndex index: Int, base: Int) -> Int? {
        let known = answers[base + index]
        return known == Self.unknown ? nil : known
    }

    /// The position in `keys` of the key that table string `index` (`name`) matches, or −1:
    /// by the name's number when the entry and every name of the set stand for themselves
    /// (then the same bytes are the only way to be the same name), else by a look-up by name.
    @inline(__always)
    mutating func key(forTableIndex index: Int, base: Int, keys: ArchiveKeySet, match: TableEntryMatch, name: () -> String) -> Int {
        let known = answers[base + index]
        if known != Self.unknown { return known }
        let answer: Int
        switch match {
        case .number(let number) where keys.namesStandForThemselves: answer = keys.keyNumbers.firstIndex(of: number) ?? -1
        case .noKeyName(let given) where keys.namesStandForThemselves && keys.largestNumber < given: answer = -1
        default: answer = keys.keyByName[name()] ?? -1
        }
        answers[base + index] = answer
        return answer
    }

    /// Forgets every answer, for a new archive.
    mutating func reset() {
        if !bases.isEmpty {
            bases.removeAll(keepingCapacity: true)
            answers.removeAll(keepingCapacity: true)
        }
    }
}

/// Fills the slots of a container being opened (`DecodingState.openDirectContainer`).
struct DirectSlotFiller: KeyedEntryVisitor {
    let state: DecodingState
    let keys: ArchiveKeySet
    /// The container's first slot.
    let base: Int
    /// Where the key set's name answers start, once a string entry needed them.
    var names = -1

    @inline(__always)
    mutating func visit(wire: UInt64, valueOffset: Int) {
        let key = wire & 1 == 0 ? keys.key(forIntegerWire: wire) : state.directKey(forTableIndex: Int(wire >> 1), keys: keys, names: &names)
        if key >= 0 { state.directSlots.note(valueOffset, at: base + key) }
    }
}

extension DecodingState {
    /// The position in `keys` of the key that key-table string `index` matches, or −1. `names`
    /// is where the key set's answers start in `directNames`, worked out on first use (−1
    /// before). A known answer is one array access; the rest is `newDirectKey`.
    @inline(__always)
    func directKey(forTableIndex index: Int, keys: ArchiveKeySet, names: inout Int) -> Int {
        if names >= 0, let known = directNames.knownKey(forTableIndex: index, base: names) { return known }
        return newDirectKey(forTableIndex: index, keys: keys, names: &names)
    }

    /// `directKey` for a key set whose answers were not found yet, or a string not answered yet.
    @inline(never)
    private func newDirectKey(forTableIndex index: Int, keys: ArchiveKeySet, names: inout Int) -> Int {
        if names < 0 { names = directNames.base(for: keys, tableCount: keyStrings.count) }
        // The string is read only when the answer is not known yet: copying the array out
        // first would retain and release it on every call.
        return directNames.key(forTableIndex: index, base: names, keys: keys, match: keyMatches[index]) { keyStrings[index] }
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
