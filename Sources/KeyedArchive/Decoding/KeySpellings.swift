/// What the decoder has worked out about the short key spellings it has read, by their bytes:
/// a key table of spellings met before costs one comparison of bytes per entry, whatever the
/// order and mix of tables, instead of a new `String`, a check of its UTF-8 and a look-up by
/// name per entry per archive (issue 62: string keys read at 0.4–0.6× integer keys on messages
/// whose shape varies).
///
/// Each spelling keeps its `String` and how a key table's entry of it matches key names
/// (`DecodedKeyTable.names`): by the number of the key name it spells, if it stands for itself
/// (`KeyNumbers.standsForItself`: its identity is then its own varint, with no look-up) and a
/// key set has numbered the name (`KeyNumbers`), which generated code matches to a key
/// (`ArchiveKeySet.position(ofNumber:)`); else as a name no key set had numbered, or by a look-up
/// by name. A table of `slotCount` spellings of at most `longest` bytes, by a hash of their
/// bytes, two to a pair of slots (two-way set-associative): a program's names share a slot of
/// 256 often (half the programs with 20 names have two that do), and a direct-mapped table made
/// them take it in turn on every archive that alternated them; three sharing a pair still do
/// (slower, never wrong). A longer spelling is read as it would be without the table. What it holds
/// depends on the spellings alone, never on which archive came before.
struct KeySpellings {
    /// Per slot: the length of the spelling kept there (−1 for none), its bytes (at
    /// `slot * longest` in `slotBytes`), its `String`, and what a table's entry of it appends to
    /// `DecodedKeyTable.names`: the name's number, `noKeyName(numbersGiven:)` (a key set made
    /// later may number it) or `byName`. Plain arrays, and the match an `Int` of its own, which
    /// every entry of every table reads and appends as it is: with a struct per slot (its
    /// string, number, count of numbers given and whether it stood for itself) an entry's match
    /// was worked out from three fields, and two alternating message types cost 0.8 % more
    /// instructions to decode (callgrind gate, `vary-two-types`, 3,831 against 3,799).
    private var lengths: [Int] = []
    private var slotBytes: [UInt8] = []
    private var strings: [String] = []
    private var names: [Int] = []
    /// For each key name's number, the table (`round`, counted from 1) it was last met in:
    /// whether a table spells a name twice is found without hashing.
    private var tableRounds: [Int] = []
    private var round = 0
    /// How many spellings were worked out and kept (`remember`): a spelling met again in its
    /// slot or its pair is not, which `KeySpellingsTests` checks.
    private(set) var rememberedCount = 0
    static let slotCount = 256
    static let longest = 64

    /// The slot that holds the spelling of the `length` bytes at `offset` of `reader` (bounds
    /// already checked, at most `longest` of them), worked out and kept there if it was not; `nil`
    /// if they are not valid UTF-8. A slot and not the spelling: copying its `String` out
    /// retained it, for every entry of every table, where generated code needs its number alone.
    /// A spelling is in its own slot (`slot(of:length:)`) or in that slot's pair (the slot with
    /// the lowest bit flipped), where the last spelling to arrive at its own slot moved it.
    @inline(__always)
    mutating func slot(at offset: Int, length: Int, in reader: ByteReader) -> Int? {
        let home = Self.slot(of: reader.base + offset, length: length)
        guard home < lengths.count, holds(home, offset, length, reader) else {
            return slot(awayFrom: home, at: offset, length: length, in: reader)
        }
        return found(home)
    }

    /// `slot`, which holds the spelling looked for. A spelling that named no key when it was
    /// read may name one now: a key set made since (generated code makes its sets on first use,
    /// often after the first archive that spelled their names was read).
    @inline(__always)
    private mutating func found(_ slot: Int) -> Int {
        if let given = DecodedKeyTable.numbersGiven(names[slot]), given < KeyNumbers.numbersGiven {
            renumber(slot)
        }
        return slot
    }

    /// `slot(at:length:in:)` for a spelling not in its own slot `home`: in the pair, or kept now.
    @inline(never)
    private mutating func slot(awayFrom home: Int, at offset: Int, length: Int, in reader: ByteReader) -> Int? {
        let pair = home ^ 1
        guard pair < lengths.count, holds(pair, offset, length, reader) else {
            return remember(at: offset, length: length, in: reader, slot: home)
        }
        return found(pair)
    }

    /// Whether `slot` holds the spelling of the `length` bytes at `offset` of `reader`.
    @inline(__always)
    private func holds(_ slot: Int, _ offset: Int, _ length: Int, _ reader: ByteReader) -> Bool {
        lengths[slot] == length
            && slotBytes.withUnsafeBytes { ShortBytes.equal($0.baseAddress! + slot &* Self.longest, reader.base + offset, count: length) }
    }

    /// Gives the spelling in `slot` the number a key set has given its name since, if any.
    @inline(never)
    private mutating func renumber(_ slot: Int) {
        let (number, given) = KeyNumbers.existingNumber(of: strings[slot])
        names[slot] = number ?? DecodedKeyTable.noKeyName(numbersGiven: given)
    }

    /// Works out the spelling at `offset` and keeps it in `slot`.
    @inline(never)
    private mutating func remember(at offset: Int, length: Int, in reader: ByteReader, slot: Int) -> Int? {
        guard let string = reader.utf8String(offset, length) else { return nil }
        rememberedCount &+= 1
        if lengths.isEmpty {
            lengths = Array(repeating: -1, count: Self.slotCount)
            slotBytes = Array(repeating: 0, count: Self.slotCount * Self.longest)
            strings = Array(repeating: "", count: Self.slotCount)
            names = Array(repeating: DecodedKeyTable.byName, count: Self.slotCount)
        }
        // Two spellings whose own slot is the same both stay: the one there moves to the pair
        // (and the pair's goes), so that two message types whose key names share a slot do not
        // take it in turn, each archive reading its table's names anew.
        if lengths[slot] >= 0 {
            let pair = slot ^ 1
            lengths[pair] = lengths[slot]
            slotBytes.withUnsafeMutableBytes {
                ($0.baseAddress! + pair * Self.longest).copyMemory(from: $0.baseAddress! + slot * Self.longest, byteCount: Self.longest)
            }
            strings[pair] = strings[slot]
            names[pair] = names[slot]
        }
        lengths[slot] = length
        slotBytes.withUnsafeMutableBytes { $0.baseAddress!.advanced(by: slot * Self.longest).copyMemory(from: reader.base + offset, byteCount: length) }
        strings[slot] = string
        names[slot] = Self.name(of: string)
        return slot
    }

    /// What a table's entry spelled `string` appends to `DecodedKeyTable.names`.
    private static func name(of string: String) -> Int {
        guard KeyNumbers.standsForItself(string) else { return DecodedKeyTable.byName }
        let (number, given) = KeyNumbers.existingNumber(of: string)
        return number ?? DecodedKeyTable.noKeyName(numbersGiven: given)
    }

    /// The slot of `length` bytes at `start`: their length and first and last eight bytes (all
    /// of them, if fewer), mixed (Fibonacci hashing), so that names differing at either end part.
    @inline(__always)
    static func slot(of start: UnsafeRawPointer, length: Int) -> Int {
        var hash = UInt64(truncatingIfNeeded: length)
        if length >= 8 {
            hash ^= start.loadUnaligned(as: UInt64.self)
            hash ^= start.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self) &* 0xFF51_AFD7_ED55_8CCD
        } else {
            // The length, then each byte shifted in after it, first byte highest: the bytes'
            // word in big-endian order below the length.
            if length > 0 {
                let shift = UInt64(8 &* length)
                hash = hash &<< shift | ShortBytes.word(start, count: length).byteSwapped &>> (64 &- shift)
            }
            hash &+= 0x9E37
        }
        return Int(truncatingIfNeeded: (hash &* 0x9E37_79B9_7F4A_7C15) >> 56)
    }
}

/// A key table as the decoder holds it: `ArchiveBody.keyTable(in:at:)`'s results, and how
/// generated code matches each entry to a key set's names (`names`). One per decoding state,
/// read into again for each new table: its arrays keep their storage, so a table costs no
/// allocation once the state has read one as large.
struct DecodedKeyTable {
    /// The table's strings, by index, once `keysAreRead`: a message read by generated code needs
    /// only `names`, and reading a new table (every archive of a varying stream) then makes no
    /// `String`; the general path asks for them (`DecodingState.keyStrings`), and they are read
    /// from the table's bytes at `range` (`KeySpellings.strings(ofKeyTableIn:at:)`).
    var keys: [String] = []
    var keysAreRead = true
    /// Where the table is in its archive.
    var range: Range<Int> = 0..<0
    /// Each string's identity (`KeyIdentity`), once `identitiesAreRead`: when every entry stands
    /// for itself and spells a distinct name, each is its own varint, made when the general path
    /// asks (`DecodingState.keyIdentities`).
    var identities: [UInt64] = []
    var identitiesAreRead = true
    var hasEquivalentSpellings = false
    /// How many strings the table holds.
    private(set) var count = 0
    /// For each entry, the first `count` of them (the array keeps what a longer table before
    /// left past them, so that reading a table writes over it rather than emptying it first):
    /// the number (`KeyNumbers`) of the key name it spells, when it stands for
    /// itself and a key set had named it; `noKeyName(numbersGiven:)` when it stands for itself
    /// and no key set had named it by then; `byName` for anything else, which a look-up by
    /// name decides (`DecodingState.namePosition(forTableIndex:keys:)`).
    var names: [Int] = []
    /// The fewest numbers given when an entry found no number (`Int.max` if none did): once more
    /// have been given, a key set made since may name it, and the table is read again rather
    /// than reused (`DecodingState.load()`).
    var unnumberedSince = Int.max

    /// Whether reading the table's bytes again could find a number an entry lacks.
    var mayHaveNewNumbers: Bool { unnumberedSince != .max && unnumberedSince < KeyNumbers.numbersGiven }

    /// A spelling that only a look-up by name matches.
    static let byName = -1

    /// A spelling that stands for itself and that no key set had named when `numbersGiven`
    /// numbers were given: no name of a set whose numbers are all below that.
    @inline(__always)
    static func noKeyName(numbersGiven: Int) -> Int { -2 - numbersGiven }

    /// How many numbers were given when a `noKeyName` spelling was read; `nil` for a number or
    /// `byName`.
    @inline(__always)
    static func numbersGiven(_ name: Int) -> Int? { name < -1 ? -2 - name : nil }

    /// Empties the table for another, keeping its storage. The strings and identities are
    /// emptied when they are read again, if ever; `names` is written over.
    mutating func removeAll() {
        count = 0
        hasEquivalentSpellings = false
        unnumberedSince = .max
        keysAreRead = false
        identitiesAreRead = false
    }

    /// Notes how entry `count` matches key names (`names`), and counts it.
    @inline(__always)
    mutating func append(name: Int) {
        if count < names.count { names[count] = name } else { names.append(name) }
        count += 1
    }

    /// Takes the strings, identities and matches of a table read whole (a large one), all at once.
    mutating func set(keys: [String], identities: [UInt64], hasEquivalentSpellings: Bool, names: [Int]) {
        (self.keys, self.identities, self.hasEquivalentSpellings, self.names) = (keys, identities, hasEquivalentSpellings, names)
        (keysAreRead, identitiesAreRead, count) = (true, true, names.count)
    }

    /// Makes `identities` each string's own varint (a table whose entries all stand for
    /// themselves and spell distinct names).
    mutating func readOwnIdentities() {
        identities.removeAll(keepingCapacity: true)
        for index in 0..<count { identities.append(KeyForm.wire(stringIndex: index)) }
        identitiesAreRead = true
    }
}

extension KeySpellings {
    /// Reads the key table at `range` of `reader` into `table`: the checks, errors and results
    /// of `ArchiveBody.keyTable(in:at:)` (`KeySpellingsTests` compares the two), each entry's
    /// spelling from this table. When every entry stands for itself and spells a distinct key
    /// name, each entry's identity is its own varint, with no look-up. After an error, `table`
    /// holds part of the table.
    mutating func read(keyTableIn reader: ByteReader, at range: Range<Int>, into table: inout DecodedKeyTable) throws(ArchiveFormatError) {
        table.removeAll()
        var entries = try KeyTableEntries(reader, range)
        // A table larger than the spellings kept is a document's (dictionary keys, mostly): it
        // would only push the names of types out. Read as the wire layer reads it, the numbers of
        // its names found under one lock: once per document, for every container read after.
        guard entries.count <= Self.slotCount else {
            let (keys, identities, hasEquivalentSpellings) = try ArchiveBody.keyTable(in: reader, at: range)
            let (numbers, given) = KeyNumbers.existingNumbers(of: keys)
            let names = zip(keys, numbers).map { key, number in
                guard KeyNumbers.standsForItself(key) else { return DecodedKeyTable.byName }
                return number ?? DecodedKeyTable.noKeyName(numbersGiven: given)
            }
            table.set(keys: keys, identities: identities, hasEquivalentSpellings: hasEquivalentSpellings, names: names)
            if names.contains(where: { DecodedKeyTable.numbersGiven($0) != nil }) { table.unnumberedSince = given }
            return
        }
        round &+= 1
        table.range = range
        var distinctNames = true
        for _ in 0..<entries.count {
            let entry = try entries.next()
            guard entry.length <= Self.longest else {
                // Not kept, so not looked up among the key names either (a lock and a hash per
                // entry per archive): a look-up by name decides, as for a name with other spellings.
                guard reader.utf8String(entry.offset, entry.length) != nil else {
                    throw ArchiveFormatError(.invalidUTF8, at: entry.start, "key table entry is not valid UTF-8")
                }
                table.append(name: DecodedKeyTable.byName)
                distinctNames = false
                continue
            }
            guard let slot = slot(at: entry.offset, length: entry.length, in: reader) else {
                throw ArchiveFormatError(.invalidUTF8, at: entry.start, "key table entry is not valid UTF-8")
            }
            let name = names[slot]
            table.append(name: name)
            if name >= 0 {
                if distinctNames { distinctNames = isFirstInTable(name) }
            } else {
                if let given = DecodedKeyTable.numbersGiven(name) { table.unnumberedSince = min(table.unnumberedSince, given) }
                distinctNames = false
            }
        }
        try entries.finish()
        if table.count == 0 {
            (table.keysAreRead, table.identitiesAreRead) = (true, true)
            table.keys.removeAll(keepingCapacity: true)
            table.identities.removeAll(keepingCapacity: true)
        } else if !distinctNames {
            // Identities by name: the strings are needed now.
            table.keys = strings(ofKeyTableIn: reader, at: range)
            (table.identities, table.hasEquivalentSpellings) = KeyIdentity.identities(of: table.keys)
            (table.keysAreRead, table.identitiesAreRead) = (true, true)
        }
        // Otherwise each entry's identity is its own varint: the strings and identities wait
        // until the general path asks.
    }

    /// The strings of the key table at `range` of `reader`, which `read(keyTableIn:at:into:)`
    /// has read without error: from the kept spellings where it can.
    mutating func strings(ofKeyTableIn reader: ByteReader, at range: Range<Int>) -> [String] {
        do throws(ArchiveFormatError) {
            var entries = try KeyTableEntries(reader, range)
            var strings: [String] = []
            strings.reserveCapacity(entries.count)
            for _ in 0..<entries.count {
                let entry = try entries.next()
                if entry.length <= Self.longest, let slot = slot(at: entry.offset, length: entry.length, in: reader) {
                    strings.append(self.strings[slot])
                } else if let string = reader.utf8String(entry.offset, entry.length) {
                    strings.append(string)
                } else {
                    preconditionFailure("a key table read without error reads again with one")
                }
            }
            return strings
        } catch {
            preconditionFailure("a key table read without error reads again with one: \(error)")
        }
    }

    /// The key table at `range` of `reader`, read into a table of its own (`read(keyTableIn:at:into:)`).
    mutating func keyTable(in reader: ByteReader, at range: Range<Int>) throws(ArchiveFormatError) -> DecodedKeyTable {
        var table = DecodedKeyTable()
        try read(keyTableIn: reader, at: range, into: &table)
        if !table.keysAreRead { (table.keys, table.keysAreRead) = (strings(ofKeyTableIn: reader, at: range), true) }
        if !table.identitiesAreRead { table.readOwnIdentities() }
        table.names.removeSubrange(table.count...)
        return table
    }

    /// Whether key name `number` is met for the first time in the table being read (`round`).
    private mutating func isFirstInTable(_ number: Int) -> Bool {
        if number >= tableRounds.count { tableRounds.append(contentsOf: [Int](repeating: 0, count: number + 1 - tableRounds.count)) }
        guard tableRounds[number] != round else { return false }
        tableRounds[number] = round
        return true
    }
}
