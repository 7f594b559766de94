/// Everything one `decode` call shares: the archive bytes (read in place), the key table,
/// limits, and the per-depth lookup hints of keyed containers.
///
/// One state serves one `decode` call at a time; between calls it waits as its thread's spare
/// (`DecodingState+Reuse.swift`), so the archive and options below are set per call.
final class DecodingState {
    /// The archive bytes. Points into the caller's buffer during `decode`; if a container or
    /// decoder escapes the call (legal Codable), `detach()` repoints it at a private copy.
    // Unchecked exclusivity: one `decode` call on one thread reads these on every value.
    @exclusivity(unchecked) private(set) var reader: ByteReader
    /// Memory this object allocated for the bytes (an inflated body, or a detached copy).
    @exclusivity(unchecked) private var ownedBytes: OwnedBytes?
    @exclusivity(unchecked) private(set) var userInfo: [CodingUserInfoKey: any Sendable]
    @exclusivity(unchecked) private(set) var limits: ArchiveDecoder.Limits
    /// Whether `ArchiveDirectDecodable` values are read through their generated code.
    @exclusivity(unchecked) var usesGeneratedCode = true
    /// The types met so far that are not read natively, and whether each has generated code
    /// (see `directDecodableType`).
    @exclusivity(unchecked) var directDecodableTypes = TypeVerdicts<any ArchiveDirectDecodable.Type>()
    /// Whether each type with generated code met so far is read straight through it
    /// (`readsDirectly`).
    @exclusivity(unchecked) var directValueTypes = TypeVerdicts<Bool>()
    /// The archive's key table: its strings, the key each stands for (`KeyIdentity`), whether
    /// it spells one string two ways (canonically equivalent, different bytes: then a string
    /// lookup may match two entries of a container, and checks, §8.3), and how generated code
    /// matches each string to a key set's names.
    @exclusivity(unchecked) private(set) var keyTable = DecodedKeyTable()
    /// String keys of the archive, by key-table index: read from the table's bytes the first
    /// time the general path asks (a message read by generated code never does).
    var keyStrings: [String] {
        if !keyTable.keysAreRead { readKeyStrings() }
        return keyTable.keys
    }
    /// For each key-table index, the key it stands for (`KeyIdentity`).
    var keyIdentities: [UInt64] {
        if !keyTable.identitiesAreRead { keyTable.readOwnIdentities() }
        return keyTable.identities
    }
    /// Whether the key table spells one string two ways.
    var hasEquivalentSpellings: Bool { keyTable.hasEquivalentSpellings }
    /// The key spellings read so far, by their bytes (`KeySpellings`).
    @exclusivity(unchecked) var keySpellings = KeySpellings()
    /// Per container depth: the keyed container last read at that depth (by the offset of its
    /// entries) and where its next entry starts. Synthesized code reads keys in the order they
    /// were written, so the next lookup usually matches there without a scan; a lookup uses the
    /// hint only if its own container left it.
    @exclusivity(unchecked) var keyedCursors: [KeyedCursor] = []
    @exclusivity(unchecked) var integerKeys = IntegerKeyCache()
    /// Where generated code finds the values of its open containers (`DirectKeySlots`).
    let directSlots = DirectKeySlots()
    /// Whether a value with generated code is first read as a message (`ArchiveDecoder.readsMessages`).
    @exclusivity(unchecked) var readsMessages = true
    /// Whether a message is being read (`Direct/MessageReading.swift`), whether it was
    /// abandoned, and the cursors of its open containers.
    @exclusivity(unchecked) var readsMessage = false
    @exclusivity(unchecked) var messageReadWasAbandoned = false
    let messageCursors = MessageCursors()
    /// The root type of the last call, and what `directRootType` found it to be.
    @exclusivity(unchecked) var lastRootType: ObjectIdentifier?
    @exclusivity(unchecked) var lastRootDirectType: (any ArchiveDirectDecodable.Type)?
    /// The bytes of the last key table read, whose reading `keyTable` holds: the next archive
    /// usually has the same one.
    @exclusivity(unchecked) var rememberedKeyTable = RememberedKeyTable()
    /// The shared objects copied into unknown fields in this archive (`UnknownValueReader`).
    @exclusivity(unchecked) var unknownValueCopies = UnknownValueReader.Copies()
    /// Where the entries are, by the offset of their values, that hold nil and that generated
    /// code read as an absent optional: written back as no entry, they are no place for an
    /// unknown field to stand after (`ArchiveDirectKeyedDecodingContainer.unknownFields()`).
    /// Only an archive that spells out a nil fills it.
    @exclusivity(unchecked) var nilEntriesReadAsAbsent: Set<Int> = []
    /// Decoders of finished values, ready for reuse. Emptied when `decode` ends: they refer
    /// back to this state.
    @exclusivity(unchecked) var spareDecoders: [DecoderImpl] = []
    /// True while the top-level `decode` runs. Containers kept past it may still decode, but
    /// their decoders are not pooled then: a pooled decoder refers back to this state, and
    /// nothing would empty the pool again.
    @exclusivity(unchecked) var reusesDecoders = true
    /// Whether a call on this thread has the state as its spare (`ThreadSpare`).
    @exclusivity(unchecked) var isLentAsSpare = false

    /// Offset of the root value and the end of it (where the key table starts).
    @exclusivity(unchecked) private(set) var rootRange: Range<Int> = 0..<0
    /// Where the root value is, for reading it.
    var rootLocation: ValueLocation { ValueLocation(offset: rootRange.lowerBound, limit: rootRange.upperBound) }

    /// - Parameter owned: memory holding `bytes` that this object frees when it goes away.
    /// Whether the archive may hold shared objects and references (header flag bit 2).
    @exclusivity(unchecked) private(set) var hasReferences: Bool
    /// The shared objects decoded so far, and where they are (`DecodingState+Objects.swift`).
    @exclusivity(unchecked) var objects = DecodedObjects()

    init(bytes: UnsafeRawBufferPointer, owned: consuming OwnedBytes?, userInfo: [CodingUserInfoKey: any Sendable], limits: ArchiveDecoder.Limits,
         references: ReferenceForm = .none) {
        self.reader = ByteReader(bytes, references: references)
        self.hasReferences = references != .none
        self.ownedBytes = owned
        self.userInfo = userInfo
        self.limits = limits
    }

    /// Points the state at the next call's archive and options. `owned` is memory holding
    /// `bytes` that the state frees when it is done with them.
    func start(bytes: UnsafeRawBufferPointer, owned: consuming OwnedBytes?, userInfo: [CodingUserInfoKey: any Sendable],
               limits: ArchiveDecoder.Limits, references: ReferenceForm) {
        reader = ByteReader(bytes, references: references)
        hasReferences = references != .none
        ownedBytes = owned
        // An empty dictionary over an empty one (the usual case) is not stored: storing it costs
        // a retain and a release of the dictionary's storage.
        if !(userInfo.isEmpty && self.userInfo.isEmpty) { self.userInfo = userInfo }
        self.limits = limits
    }

    /// Empties everything the last archive put in the state: its bytes (freed if the state
    /// owned them), key table, lookup hints and shared objects. What it keeps does not depend
    /// on the archive: the type verdicts and the integer-key answers.
    func reset() {
        // Frees the bytes if the state owned them; most archives are read in place.
        if ownedBytes != nil { ownedBytes = nil }
        reader = ByteReader(UnsafeRawBufferPointer(start: nil, count: 0))
        hasReferences = false
        if !userInfo.isEmpty { userInfo = [:] }
        // The key table stays until `load()` reads the next archive's: if its bytes are the
        // same, what was read from them is.
        // A hint names its container by offset: one left from the last archive could point
        // anywhere in this one.
        if !keyedCursors.isEmpty { keyedCursors.removeAll(keepingCapacity: true) }
        directSlots.reset()
        readsMessage = false
        messageCursors.reset()
        if !objects.byOffset.isEmpty || objects.index != nil { objects = DecodedObjects() }
        // Only when used: assigning an empty one costs every message decode about 50
        // instructions (callgrind).
        if !unknownValueCopies.isEmpty { unknownValueCopies = UnknownValueReader.Copies() }
        if !nilEntriesReadAsAbsent.isEmpty { nilEntriesReadAsAbsent.removeAll() }
        rootRange = 0..<0
        reusesDecoders = true
    }

    /// Finds the root value and reads the key table that follows it, unless it is the last
    /// archive's: then what was read from that one stays.
    func load() throws(ArchiveFormatError) {
        let parts = try ArchiveBody.parts(of: reader)
        rootRange = parts.root
        // An archive without string keys (a table of one byte, its count 0) after another: there
        // is nothing to read, and nothing of the last table to forget.
        if parts.keyTable.count == 1, keyTable.count == 0, reader.base.load(fromByteOffset: parts.keyTable.lowerBound, as: UInt8.self) == 0 {
            return
        }
        if rememberedKeyTable.matches(reader, parts.keyTable), !keyTable.mayHaveNewNumbers {
            // The same bytes, maybe elsewhere in this archive: its strings, if asked for, are read there.
            keyTable.range = parts.keyTable
            return
        }
        // Read into the table in place: its arrays keep their storage from one table to the next.
        rememberedKeyTable.forget()
        try keySpellings.read(keyTableIn: reader, at: parts.keyTable, into: &keyTable)
        rememberedKeyTable.keep(reader, parts.keyTable, hasKeys: keyTable.count > 0)
    }

    /// Reads the strings of the key table `load()` read (`DecodedKeyTable.keysAreRead`).
    @inline(never)
    private func readKeyStrings() {
        // A table of no strings needs no reading (and the range may be of a table whose
        // reading failed, before this archive's table of one byte).
        keyTable.keys = keyTable.count == 0 ? [] : keySpellings.strings(ofKeyTableIn: reader, at: keyTable.range)
        keyTable.keysAreRead = true
    }

    /// A state over a single nil value, with this state's `userInfo` and limits: what
    /// `superDecoder(forKey:)` reads for a key that is absent.
    func absentValueState() -> DecodingState {
        let owned = OwnedBytes(byteCount: 1)
        let bytes = owned.buffer
        bytes[0] = WireTag.nil
        let state = DecodingState(bytes: UnsafeRawBufferPointer(bytes), owned: owned, userInfo: userInfo, limits: limits)
        // Nothing ends a decode call over it to empty a pool of spare decoders.
        state.reusesDecoders = false
        return state
    }

    /// Copies the archive bytes so that escaped containers stay valid after `decode` returns.
    func detach() {
        guard ownedBytes == nil else { return }
        let copy = OwnedBytes(byteCount: reader.count)
        let buffer = copy.buffer
        buffer.copyMemory(from: UnsafeRawBufferPointer(start: reader.base, count: reader.count))
        ownedBytes = consume copy
        reader = ByteReader(UnsafeRawBufferPointer(rebasing: buffer[0..<reader.count]), references: reader.references)
    }
}
