/// The archive-wide table of string keys: each distinct key is written once, at the end.
///
/// Keys are told apart by their exact UTF-8 bytes, not by `String` equality (which is Unicode
/// canonical equivalence): an archive gives back each key as it was spelled (`Spec/FORMAT.md`
/// §8.2). Whether two entries of one container are the same key is a different question, which
/// `identity(of:)` answers by canonical equivalence, as `JSONEncoder` does: stricter than
/// readers (§8.3 compares bytes), so an archive never holds two spellings of one string in a
/// container, which a lookup would refuse.
struct KeyTable: ~Copyable {
    /// By canonical equivalence (`String` hashing): the index of the first spelling of that
    /// string, for the first `indexedCount` entries; the next byte-distinct spelling of each
    /// entry's string is at `nextSpelling[index]` (−1 after the last), a list through the
    /// entries rather than an array per string, which cost an allocation for every key the
    /// look-up added. Made only when a key is looked up by name, and brought up to date then
    /// (`lookUp`): entries added by number need none.
    private var indices: [String: Int] = [:]
    private var nextSpelling: [Int] = []
    private var indexedCount = 0
    /// For each key number (`KeyNumbers`) this state has met, the index its key had in the last
    /// table that held it. Checked, never trusted: the key is in this archive's table there if
    /// the index is below `count` and the entry there has the key's number. So no
    /// archive has to clear it, and a stream of one type finds each key where the last archive
    /// had it without writing anything. Every entry below `count` that has a number is where
    /// this says: each way of giving an entry its number sets it, and following the last table
    /// (`index(of:)`, `wire(ofNumber:)`) keeps an entry where the last archive put it.
    private var indexByNumber = GrowableBuffer<Int>(capacity: 16)
    /// Whether this archive added a key by name (`index(of:)`), or by a look-up by name: a key
    /// added by number must then be looked up by name first, as that key could be the same
    /// spelling.
    private var addedByName = false
    /// The table's entries, `count` of them. Past `count`: while `following`, up to
    /// `lastCount`, the rest of the last archive's table; after that, entries of earlier tables,
    /// never read, written over as the table grows. Plain values, so that adding an entry (a
    /// varying stream adds most of its keys) is one store, and nothing is ever removed.
    private var entries = GrowableBuffer<Entry>(capacity: 16)
    /// How many strings the table holds.
    private(set) var count = 0
    /// How many entries the last archive's table had, while `following`.
    private var lastCount = 0
    /// The names of the entries added by name (`Entry.number` is `writtenByName`), by index; an
    /// entry of a key number has its name in `spellingNames`.
    private var names: [String] = []
    /// What this state knows of each key number it has written, by number: its name, and where
    /// its table bytes are in `bytes` (`WrittenKeyTable.addSpelling`); an empty range for a
    /// number not met (every spelling's bytes hold at least its length). Two arrays of plain
    /// elements to read from, not one of optional structs: unwrapping one copied its name out,
    /// a retain and a release per key added and per key written.
    private var spellingNames: [String] = []
    private var spellingRanges: [Range<Int>] = []
    /// The table's bytes as written, kept for the next archive (`WrittenKeyTable`).
    private var bytes = WrittenKeyTable()

    struct Entry {
        /// The number (`KeyNumbers`) of its key if a key set wrote or found it, or
        /// `writtenByName` if it was only written by name: while following, a key set's key that
        /// is the last table's next one is found by it.
        var number: Int
        /// The key varint its entries stand for (`KeyIdentity`): its own, the first canonically
        /// equivalent spelling's, or the integer its string spells in canonical decimal.
        var identity: UInt64
    }

    /// The `Entry.number` of an entry no key set wrote: no key number is negative.
    private static let writtenByName = -1
    /// The first entry whose identity is not its own varint (`Int.max` if none): while `count`
    /// is not past it (nearly always), `identity(of:)` costs one branch.
    private var firstOtherIdentity = Int.max
    /// Whether the table so far is the start of the last archive's (`entries` from `count` to
    /// `lastCount` are the rest of it), and `indices` is not kept. A stream of values of one
    /// type written through `encode(to:)` writes the same keys in the same order every time, so
    /// a new key is nearly always the last table's next one: one comparison of a string's bits,
    /// instead of hashing it into `indices` (which made string keys cost several times what
    /// integer keys cost on small messages, issue 47). Any other new key ends it (`stopFollowing()`,
    /// which removes nothing). Keys of key sets need none of it: they are found by number.
    private var following = true
    /// The last two keys seen in each of 64 sets, so that repeated keys skip hashing (SipHash
    /// cost about a tenth of encoding time). The set comes from the string's representation
    /// (`StringBits`): synthesized keys are literals, so a repeat has identical bits and
    /// compares equal at once. Two per set, most recent first: with one, two keys of a model
    /// that shared a slot (half the models with ten keys) pushed each other out on every value.
    ///
    /// Made on the first string key (a message with integer keys never needs it), and kept
    /// across archives by a reused state: an entry counts only if it carries the current
    /// archive's `generation`, so starting an archive does not touch the 128 slots.
    private var recent: [RecentKey] = []
    /// The names of key types with few values (`index(of:numbered:)`) this state has met, with
    /// their numbers: 64 sets of two, by the same set as `recent`, kept across archives. Made on
    /// the first such key.
    private var numberedNames: [NumberedName] = []
    /// Which archive the table is for, counted by `reset()`.
    private var generation = 0

    private struct RecentKey {
        var name: String
        var index: Int
        var generation: Int
        static let empty = RecentKey(name: "", index: 0, generation: -1)
    }

    /// The index of `key`, added if new. Inlined into every keyed write, so only the shortcuts
    /// are here: the last table's next key, and a key seen just before; anything else (and the
    /// first string key of all) goes to `indexAfterMiss`, which integer keys, inlined beside
    /// this, then do not pay for in code size.
    ///
    /// `numbered`: whether the key is a case of a key type whose values are few (a `CodingKey`
    /// enum: `EncodingState.wireKey`), so that its name may have a number for the process
    /// (`KeyNumbers`), as a key set's do; such a key, once met by this state, is added to an
    /// archive by its number, without hashing its name (`indexOfNumberedKey(_:set:)`).
    @inline(__always)
    mutating func index(of key: String, numbered: Bool = false) -> Int {
        if isLastTablesNext(key) {
            // An entry with a number is found by it where the last archive had it
            // (`indexByNumber`); one without can be found by name only, so every key after it
            // is looked up by name.
            if entries[count].number < 0 { addedByName = true }
            return followed(key)
        }
        let set = Self.recentSet(of: key)
        if set < recent.count {
            if recent[set].generation == generation, Self.sameBytes(recent[set].name, key) { return recent[set].index }
            if recent[set + 1].generation == generation, Self.sameBytes(recent[set + 1].name, key) { return recent[set + 1].index }
        }
        return numbered ? indexOfNumberedKey(key, set: set) : indexAfterMiss(of: key, set: set)
    }

    /// The key varint of the string key numbered `number` if this archive's table holds it, or
    /// if it is the last table's next key while the table follows it (then added); `nil` if the
    /// key must be added otherwise (`wire(ofNumbered:at:)`). Inlined into each entry of
    /// generated code: integer comparisons only.
    @inline(__always)
    mutating func wire(ofNumber number: Int) -> UInt64? {
        guard number < indexByNumber.count else { return nil }
        let index = indexByNumber[number]
        if index < count, entries[index].number == number { return KeyForm.wire(stringIndex: index) }
        guard following, count < lastCount, entries[count].number == number else { return nil }
        if index != count { indexByNumber[number] = count }
        count += 1
        return KeyForm.wire(stringIndex: count - 1)
    }

    /// The key varint of string key `index` of `keys` (generated code's), added if new: found
    /// by its number (`wire(ofNumber:)`), or else added without a look-up by name when nothing
    /// in the archive can be the same key (`addedByName`, `standsForItself`).
    @inline(__always)
    mutating func wire(ofNumbered keys: ArchiveKeySet, at index: Int) -> UInt64 {
        wire(ofNumber: keys.keyNumbers[index]) ?? wire(adding: keys, at: index)
    }

    /// The key varint of string key `index` of `keys`, which `wire(ofNumber:)` did not find:
    /// added (`add(_:at:)`). For a caller that has just asked `wire(ofNumber:)`, which would
    /// answer `nil` again.
    @inline(__always)
    mutating func wire(adding keys: ArchiveKeySet, at index: Int) -> UInt64 {
        KeyForm.wire(stringIndex: add(keys, at: index))
    }

    /// Adds string key `index` of `keys`, which this archive has not written: a new entry, or,
    /// when the archive may hold its spelling or another spelling of it already, whatever the
    /// look-up by name finds or adds. No name is compared or copied for a new entry: its name
    /// and table bytes are this state's from the first archive that wrote the number.
    @inline(never)
    private mutating func add(_ keys: ArchiveKeySet, at keyIndex: Int) -> Int {
        let number = keys.keyNumbers[keyIndex]
        if number >= spellingRanges.count || spellingRanges[number].isEmpty {
            learn(number: number, name: keys.names[keyIndex], tableBytes: keys.tableBytes[keyIndex])
        }
        let index: Int
        if !following, !addedByName, keys.standsForItself[keyIndex] {
            // The usual new key of a varying stream: an entry of its own.
            index = append(Entry(number: number, identity: KeyForm.wire(stringIndex: count)))
        } else if following, count < lastCount, entries[count].number == Self.writtenByName, StringBits.same(names[count], keys.names[keyIndex]) {
            // The last table's next key, which the last archive wrote by name.
            index = count
            count += 1
            entries[index].number = number
        } else if !keys.standsForItself[keyIndex] || addedByName {
            if following { stopFollowing() }
            index = lookUp(keys.names[keyIndex])
            addedByName = true
            // However it was found or added, the entry is this key's spelling: the next archive
            // finds it by its number.
            entries[index].number = number
        } else {
            stopFollowing()
            index = append(Entry(number: number, identity: KeyForm.wire(stringIndex: count)))
        }
        // `learn` made room for every number met.
        indexByNumber[number] = index
        return index
    }

    /// Adds key `name`, numbered `number` and standing for itself (`indexOfNumberedKey(_:set:)`),
    /// which this archive has not written: a new entry, or, when the archive may hold its
    /// spelling already (`addedByName`), whatever the look-up by name finds or adds.
    private mutating func add(number: Int, name: String) -> Int {
        if number >= spellingRanges.count || spellingRanges[number].isEmpty {
            learn(number: number, name: name, tableBytes: KeyNumbers.tableBytes(of: name))
        }
        let index: Int
        if addedByName {
            index = lookUp(name)
            entries[index].number = number
        } else {
            index = append(Entry(number: number, identity: KeyForm.wire(stringIndex: count)))
        }
        indexByNumber[number] = index
        return index
    }

    /// Notes the name and table bytes of key number `number`, once per state.
    private mutating func learn(number: Int, name: String, tableBytes: [UInt8]) {
        if number >= spellingRanges.count {
            // A state meets a program's key numbers in any order, so the first one can be the
            // highest: made as arrays (one fill each) and appended (one copy each), not element
            // by element through a sequence's iterator, which in a debug or sanitizer build
            // cost a new state about a millisecond per thousand numbers. At least doubled, so
            // that numbers met one by one upwards make few such arrays (a number past the end
            // is one not met: an empty range, checked before use).
            let added = max(number + 1, 2 * spellingRanges.count) - spellingRanges.count
            spellingNames.append(contentsOf: [String](repeating: "", count: added))
            spellingRanges.append(contentsOf: [Range<Int>](repeating: 0..<0, count: added))
            indexByNumber.append(repeating: 0, count: added)
        }
        spellingNames[number] = name
        spellingRanges[number] = bytes.addSpelling(tableBytes)
    }

    /// Adds `entry` at index `count`, over whatever an earlier table left there; its index.
    @inline(__always)
    private mutating func append(_ entry: Entry) -> Int {
        let index = count
        if index < entries.count { entries[index] = entry } else { entries.append(entry) }
        count += 1
        bytes.invalidate(from: index)
        return index
    }

    /// The name of entry `index` (below `count`).
    private func name(at index: Int) -> String {
        let number = entries[index].number
        return number >= 0 ? spellingNames[number] : names[index]
    }

    /// Whether `key` is the last table's next string while the table follows it. Such a key
    /// cannot be in the table yet (a table holds each spelling once, and this one is the last
    /// table's start), so it is new, and its index is `count`.
    @inline(__always)
    private func isLastTablesNext(_ key: String) -> Bool {
        guard following, count < lastCount else { return false }
        // The name compared where it is stored: a copy (`name(at:)`) retained and released it
        // for every key the `Codable` path wrote.
        let number = entries[count].number
        return number >= 0 ? StringBits.same(spellingNames[number], key) : StringBits.same(names[count], key)
    }

    /// The first of the two `recent` slots for `key`.
    @inline(__always)
    private static func recentSet(of key: String) -> Int {
        Int(truncatingIfNeeded: (StringBits.hash(key) &* 0x9E37_79B9_7F4A_7C15) >> 58) << 1
    }

    /// Takes the last table's next entry, `key`, as this one's; remembered as a recent key,
    /// so that its repeats (the same type's next value in an array) find it there.
    @inline(__always)
    private mutating func followed(_ key: String) -> Int {
        let index = count
        count += 1
        remember(key, index: index, set: Self.recentSet(of: key))
        return index
    }

    /// `lookUp(key)`, remembered as the most recent key of its set.
    @inline(never)
    private mutating func indexAfterMiss(of key: String, set: Int) -> Int {
        if following { stopFollowing() }
        let added = count
        let index = lookUp(key)
        if index == added { addedByName = true }
        remember(key, index: index, set: set)
        return index
    }

    /// `index(of:)` for a key of a key type with few values, not seen yet in this archive: by its
    /// number, which this state keeps for the key's representation (`NumberedName`, 2 a set),
    /// asked of `KeyNumbers` the first time; then the archive holds it where `indexByNumber`
    /// says, or it is a new entry (`add(number:name:)`). A name that does not stand for itself
    /// (`KeyNumbers.standsForItself`) has no number: it is looked up by name.
    @inline(never)
    private mutating func indexOfNumberedKey(_ key: String, set: Int) -> Int {
        if numberedNames.isEmpty { numberedNames = Array(repeating: .empty, count: 128) }
        let number: Int
        if StringBits.same(numberedNames[set].name, key) {
            number = numberedNames[set].number
        } else if StringBits.same(numberedNames[set + 1].name, key) {
            number = numberedNames[set + 1].number
            numberedNames.swapAt(set, set + 1)
        } else {
            number = KeyNumbers.standsForItself(key) ? KeyNumbers.number(of: key) : NumberedName.noNumber
            numberedNames[set + 1] = numberedNames[set]
            numberedNames[set] = NumberedName(name: key, number: number)
        }
        guard number >= 0 else { return indexAfterMiss(of: key, set: set) }
        if number < indexByNumber.count {
            let index = indexByNumber[number]
            if index < count, entries[index].number == number {
                remember(key, index: index, set: set)
                return index
            }
        }
        if following { stopFollowing() }
        let index = add(number: number, name: key)
        remember(key, index: index, set: set)
        return index
    }

    @inline(__always)
    private mutating func remember(_ key: String, index: Int, set: Int) {
        if recent.isEmpty { makeRecent() }
        recent[set + 1] = recent[set]
        recent[set] = RecentKey(name: key, index: index, generation: generation)
    }

    @inline(never)
    private mutating func makeRecent() { recent = Array(repeating: .empty, count: 128) }

    /// A key name of a key type with few values, and its number (`KeyNumbers`), or
    /// `noNumber` for a name that does not stand for itself.
    private struct NumberedName {
        var name: String
        var number: Int
        static let noNumber = -1
        /// An unused slot. Only the empty name has its bits, and that key is then looked up by
        /// name, as it would be without a number.
        static let empty = NumberedName(name: "", number: noNumber)
    }

    /// Stops following the last archive's table: its entries past `count` are no longer read
    /// (nor their bytes), and `indices` starts again (`lookUp` makes it for the entries it needs).
    private mutating func stopFollowing() {
        following = false
        bytes.invalidate(from: count)
        if firstOtherIdentity >= count { firstOtherIdentity = .max }
        if indexedCount > 0 {
            indices.removeAll(keepingCapacity: true)
            indexedCount = 0
        }
    }

    /// Empties the table for a new archive (`EncodingState+Reuse.swift`), which starts by
    /// following this one's.
    mutating func reset() {
        generation &+= 1
        lastCount = count
        count = 0
        following = true
        addedByName = false
    }

    /// The table's strings, by index.
    var strings: [String] {
        var strings: [String] = []
        strings.reserveCapacity(count)
        for index in 0..<count { strings.append(name(at: index)) }
        return strings
    }

    /// Bytes the table keeps for the next archive: a reused state keeps only a small table.
    @inline(__always)
    var retainedByteCount: Int { bytes.byteCount + entries.count * MemoryLayout<Entry>.stride + names.count * 16 }

    /// The key varint that entries with key varint `wire` stand for (`KeyIdentity`).
    @inline(__always)
    func identity(of wire: UInt64) -> UInt64 {
        guard count > firstOtherIdentity, wire & 1 == 1 else { return wire }
        return entries[Int(wire >> 1)].identity
    }

    /// Whether two strings have the same UTF-8 bytes. The same literal (the usual repeat) has
    /// the same representation; otherwise `==` rules most pairs out, and only canonically
    /// equivalent strings have their bytes compared.
    @inline(__always)
    private static func sameBytes(_ a: String, _ b: String) -> Bool {
        StringBits.same(a, b) || sameBytesStoredApart(a, b)
    }

    /// `sameBytes` for strings whose representations differ: kept out of line, as it is rare.
    @inline(never)
    private static func sameBytesStoredApart(_ a: String, _ b: String) -> Bool {
        a == b && KeyIdentity.sameBytes(a, b)
    }

    /// Adds `key` unless a spelling with its bytes is there (only when not `following`).
    private mutating func lookUp(_ key: String) -> Int {
        while indexedCount < count { index(entry: indexedCount) }
        let first = indices[key] ?? -1
        var spelling = first
        while spelling >= 0 {
            if KeyIdentity.sameBytes(name(at: spelling), key) { return spelling }
            spelling = nextSpelling[spelling]
        }
        let identity = KeyForm.canonicalDecimalWire(key)
            ?? KeyForm.wire(stringIndex: first >= 0 ? first : count)
        let index = append(Entry(number: Self.writtenByName, identity: identity))
        if index < names.count {
            names[index] = key
        } else {
            names.append(contentsOf: repeatElement("", count: index - names.count))
            names.append(key)
        }
        self.index(entry: index, first: first)
        if identity != KeyForm.wire(stringIndex: index), firstOtherIdentity == .max { firstOtherIdentity = index }
        return index
    }

    /// Adds entry `index` (`indexedCount`) to `indices`: the first spelling of its string, or
    /// the last of that string's list. `first` is the string's first spelling if the caller
    /// knows it (−1: none), else `nil`, to look up.
    private mutating func index(entry index: Int, first known: Int? = nil) {
        if index < nextSpelling.count { nextSpelling[index] = -1 } else { nextSpelling.append(-1) }
        let name = name(at: index)
        let first = known ?? indices[name] ?? -1
        if first < 0 {
            indices[name] = index
        } else {
            var last = first
            while nextSpelling[last] >= 0 { last = nextSpelling[last] }
            nextSpelling[last] = index
        }
        indexedCount += 1
    }

    /// Appends the table: a count, then each key as a length and its UTF-8 bytes. Keys are
    /// added the first time they are written, which is document order when every value was
    /// written in place (`Spec/FORMAT.md` §8.2). The entries' bytes are copied from the last
    /// table's as far as this one is the same; the rest are written, and kept for the next.
    @inline(__always)
    mutating func write(into writer: inout ByteWriter) {
        writer.appendVarint(UInt64(count))
        // A message with integer keys has no strings: one byte, without touching the arrays
        // (and inlined, without a call).
        guard count > 0 else { return }
        writeEntries(into: &writer)
    }

    /// The entries of a table that has some (`write(into:)`).
    @inline(never)
    private mutating func writeEntries(into writer: inout ByteWriter) {
        while bytes.entryCount < count {
            let index = bytes.entryCount
            let number = entries[index].number
            if number >= 0 {
                bytes.addEntry(spelling: spellingRanges[number])
            } else {
                bytes.addEntry(named: names[index])
            }
        }
        bytes.write(entries: count, into: &writer)
    }

    /// Appends a table of the strings at `order` (their new indices are their positions there).
    func write(_ order: some Collection<Int>, into writer: inout ByteWriter) {
        writer.appendVarint(UInt64(order.count))
        for index in order {
            var string = name(at: index)
            string.withUTF8 { utf8 in
                writer.appendVarint(UInt64(utf8.count))
                writer.append(UnsafeRawBufferPointer(utf8))
            }
        }
    }
}

/// The bytes of a key table as `KeyTable` writes them (each entry's length and UTF-8 bytes), for
/// its first `entryCount` entries, kept by a reused state for the next archive: a table that
/// starts as the last one did is written by copying them. And the table bytes of every key
/// number the state has met (`addSpelling`), which a new entry of a key set copies. A class, so
/// that its buffers (`ByteWriter`s: truncating one is setting its count) sit in a copyable
/// `KeyTable`; one table owns it.
private final class WrittenKeyTable {
    // Unchecked exclusivity: a table, like its encoding state, belongs to one `encode` call on
    // one thread; checked, every archive paid two runtime access checks here.
    @exclusivity(unchecked) private var table = ByteWriter(capacity: 64)
    /// Where each written entry's bytes end in `table`.
    @exclusivity(unchecked) private var ends = GrowableBuffer<Int>(capacity: 16)
    @exclusivity(unchecked) private var spellingBytes = ByteWriter(capacity: 64)

    /// How many entries have their bytes in `table`.
    var entryCount: Int { ends.count }
    var byteCount: Int { table.count + spellingBytes.count }

    /// Keeps `bytes` among the spellings; where they are.
    func addSpelling(_ bytes: [UInt8]) -> Range<Int> {
        let start = spellingBytes.count
        spellingBytes.append(contentsOf: bytes)
        return start..<spellingBytes.count
    }

    /// Forgets the bytes of entries from `index` on: another entry is there now.
    @inline(__always)
    func invalidate(from index: Int) {
        guard index < ends.count else { return }
        table.truncate(to: index == 0 ? 0 : ends[index - 1])
        ends.truncate(to: index)
    }

    /// Writes the next entry's bytes: those of a spelling (`addSpelling`).
    func addEntry(spelling: Range<Int>) {
        table.append(UnsafeRawBufferPointer(rebasing: spellingBytes.bytes[spelling]))
        ends.append(table.count)
    }

    /// Writes the next entry's bytes: its name's length and UTF-8 bytes.
    func addEntry(named name: String) {
        var name = name
        name.withUTF8 { utf8 in
            table.appendVarint(UInt64(utf8.count))
            table.append(UnsafeRawBufferPointer(utf8))
        }
        ends.append(table.count)
    }

    /// Appends the bytes of the first `count` entries.
    func write(entries count: Int, into writer: inout ByteWriter) {
        writer.append(UnsafeRawBufferPointer(rebasing: table.bytes[0..<ends[count - 1]]))
    }
}

/// A `String` value's representation, read as bytes: the key table's shortcut for a key it has
/// just seen. Copies of one value (a repeated key: a synthesized `CodingKeys` literal) have the
/// same bits, so equal bits mean equal strings, found without hashing or reading characters.
/// Unequal bits mean nothing (equal strings may be stored differently): callers then compare
/// the strings themselves.
///
/// Read as raw bytes, which every type allows, a word at a time: nothing assumes the standard
/// library's private layout or its size (16 bytes on 64-bit targets, 12 on watchOS arm64_32
/// and wasm32), where a bit-cast to a fixed-size tuple would trap. Through
/// `_withUnprotectedUnsafeBytes(of:)`, the standard library's `withUnsafeBytes(of:)` without a
/// stack protector: with the protector, every function this is inlined into (each keyed
/// write, integer keys included) checked a stack canary, +0.8 % instructions on the commits.
enum StringBits {
    /// A hash of `string`'s bits (not of its characters): the same for copies of one value.
    /// The words XORed together, and the last one's high bits again lower down: on 64-bit
    /// targets a small string's length and a large one's storage address are there, and the
    /// key table's sets come from the top bits of this hash times a constant.
    @inline(__always)
    static func hash(_ string: String) -> UInt64 {
        _withUnprotectedUnsafeBytes(of: string) { bytes in
            var hash: UInt64 = 0
            var last: UInt64 = 0
            var offset = 0
            while offset + 8 <= bytes.count {
                last = bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                hash ^= last
                offset += 8
            }
            if offset < bytes.count {
                // A representation whose size is not a multiple of 8 (12 bytes on 32-bit targets).
                last = 0
                while offset < bytes.count {
                    last = last &<< 8 | UInt64(bytes[offset])
                    offset += 1
                }
                hash ^= last
            }
            return hash ^ (last >> 29)
        }
    }

    /// Whether `a` and `b` have the same bits, and so are the same string.
    @inline(__always)
    static func same(_ a: String, _ b: String) -> Bool {
        _withUnprotectedUnsafeBytes(of: a) { a in
            _withUnprotectedUnsafeBytes(of: b) { b in
                var offset = 0
                while offset + 8 <= a.count {
                    guard a.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                        == b.loadUnaligned(fromByteOffset: offset, as: UInt64.self) else { return false }
                    offset += 8
                }
                while offset < a.count {
                    guard a[offset] == b[offset] else { return false }
                    offset += 1
                }
                return true
            }
        }
    }
}
