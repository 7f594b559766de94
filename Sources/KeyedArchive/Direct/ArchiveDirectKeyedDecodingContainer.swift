/// The keyed container of `ArchiveDirectDecoder`, the general path's reader: each key's value
/// found by a lookup (the slots its opening noted, or a scan), in any order, with every check and
/// error of `KeyedDecodingContainer` at the same coding paths.
///
/// For generated code, as `ArchiveKeyedReader` is.
public struct ArchiveDirectKeyedDecodingContainer: ArchiveKeyedReader {
    let state: DecodingState
    let entries: KeyedEntries
    let keys: ArchiveKeySet
    /// The path of the value this container holds.
    let path: CodingPathNode
    /// The depth of the value (its entries' values are one deeper).
    let depth: Int
    /// The container's first slot in `state.directSlots`, where opening it noted each key's
    /// value; −1 when the key set does not allow that (or the container reads another key set's
    /// names, `withKeys`) and lookups scan.
    let slots: Int

    init(state: DecodingState, entries: KeyedEntries, keys: ArchiveKeySet, path: CodingPathNode, depth: Int, slots: Int) {
        (self.state, self.entries, self.keys, self.path, self.depth, self.slots) = (state, entries, keys, path, depth, slots)
    }

    /// The path of the value under key `index` of `keys` in the container at `path`, built only
    /// for an error. Static so that the error-path closures capture these two references: a
    /// closure capturing the container copied it whole, about 1,300 instructions per commit.
    private static func keyPath(_ path: CodingPathNode, _ keys: ArchiveKeySet, _ index: Int) -> [any CodingKey] {
        path.appending(keys.keys[index]).path
    }

    /// Where the value of key `index` is, or `nil` if the container has no entry for it.
    @inline(__always)
    private func location(_ index: Int) throws -> ValueLocation? {
        if slots >= 0 {
            let offset = state.directSlots[slots + index]
            if offset >= 0 { return ValueLocation(offset: offset, limit: entries.end) }
            if offset == DirectKeySlots.absent { return nil }
        }
        return try scannedLocation(index)
    }

    /// `location(_:)` by a scan of the entries: for key sets that do not read by slots, and for
    /// a key two entries match (which throws): its integer and its name, or two spellings of its
    /// name (`KeyIdentity`).
    private func scannedLocation(_ index: Int) throws -> ValueLocation? {
        // As `ArchiveKeyedDecodingContainer.location(of:)`, with the key's properties worked out
        // once per type.
        let integer = keys.hasIntValue[index] || entries.hasIntegerKeys ? keys.matchedIntegers[index] : nil
        let ambiguous = entries.hasIntegerKeys && entries.hasStringKeys && keys.hasIntValue[index]
            && keys.integerDiffersFromName[index] || state.hasEquivalentSpellings && entries.hasStringKeys
        let request = KeyRequest(integer: integer, name: keys.names[index])
        guard ambiguous else { return state.findEntry(request, start: entries.start, end: entries.end, depth: depth) }
        do throws(ArchiveFormatError) {
            return try state.findOnlyEntry(request, start: entries.start, end: entries.end, depth: depth)
        } catch {
            throw DecodingErrors.corrupted(error, path: Self.keyPath(path, keys, index))
        }
    }

    /// The path component of the value under key `index`.
    @inline(__always)
    private func component(_ index: Int) -> PathComponent { .keyOf(keys, index) }

    @inline(__always)
    private func require(_ index: Int) throws -> ValueLocation {
        guard let location = try location(index) else { throw DecodingErrors.keyNotFound(keys.keys[index], path: path.path) }
        return location
    }

    /// Where the value of key `index` is, unless it is absent or nil.
    @inline(__always)
    private func present(_ index: Int) throws -> ValueLocation? {
        guard let location = try location(index) else { return nil }
        if state.isNil(at: location, maximumLevel: .max) {
            state.noteNilReadAsAbsent(location)
            return nil
        }
        return location
    }

    /// The value under key `key` into `value` if the container has the key; if not, `value`
    /// keeps the property's initial value, its default (`@ArchiveCodable(defaultsForMissingKeys: true)`).
    public func read<T: Decodable>(_ type: T.Type, at key: Int, default value: inout T) throws {
        // One lookup, which a message answers without giving up (`contains` cannot).
        guard let location = try location(key) else { return }
        value = try state.decodeValue(type, at: location, parentPath: path, component: component(key),
                                      depth: depth + 1, optionalDepth: 1)
    }

    /// The container's entries that no key of its key set takes (`ArchiveUnknownFields`): each
    /// with its key as written, its value, and the position of the last known entry before it
    /// that will be written back (not a nil read as an absent optional).
    /// An entry under an alias of a key (`@ArchiveAlias`) is the type's, read or not: kept, it
    /// would be written back beside the current key, a stale second spelling of one field.
    /// Generated code reads them last, after every property.
    public func unknownFields() throws -> ArchiveUnknownFields {
        // Where the value of each key's entry starts, as every lookup finds it: looked up again
        // rather than noted by the reads, which leave the container unchanged (with slots, each
        // lookup is an array read).
        // A key's entry may be under one of its aliases (`@ArchiveAlias`): the first of them the
        // container holds when its own is absent, as generated code reads them. That entry stands
        // for the key, which is written back where it stood.
        // By where their values start, in the entries' order: the walk below meets them in that
        // order, so one index into the list follows it (a type has a few dozen keys; a
        // dictionary's hashing cost more than the rest of the walk).
        var known: [(offset: Int, index: Int)] = []
        known.reserveCapacity(keys.count)
        let aliases = keys.aliases.map(withKeys)
        for index in 0..<keys.count {
            if let location = try location(index) {
                // Two keys finding one entry (a key set read by scans): the later one, as before.
                if let same = known.firstIndex(where: { $0.offset == location.offset }) {
                    known[same].index = index
                } else {
                    known.append((location.offset, index))
                }
            } else if let aliases, index < keys.aliasesOfKeys.count {
                for alias in keys.aliasesOfKeys[index] {
                    guard let location = try aliases.location(alias) else { continue }
                    // An entry a key already stands for keeps it.
                    if !known.contains(where: { $0.offset == location.offset }) { known.append((location.offset, index)) }
                    break
                }
            }
        }
        known.sort { $0.offset < $1.offset }
        var nextKnown = 0
        let nilsReadAsAbsent = !state.nilEntriesReadAsAbsent.isEmpty
        var unknown: [(key: UnknownKey, anchor: Int, start: Int)] = []
        var anchor = -1
        let reader = state.reader
        var cursor = EntriesCursor(from: entries.start, to: entries.end, isKeyed: true)
        do throws(ArchiveFormatError) {
            while let entry = try cursor.next(in: reader) {
                if nextKnown < known.count, known[nextKnown].offset == entry.value {
                    let index = known[nextKnown].index
                    nextKnown += 1
                    // A nil read as an absent optional is written back as no entry: the fields
                    // after it stand after the known entry before it, as they will when read
                    // again, so that the value decodes again as itself. A nil that a property
                    // read as a value (a type that encodes nil) is written back: it anchors.
                    if !nilsReadAsAbsent || !state.nilEntriesReadAsAbsent.contains(entry.value) { anchor = index }
                } else {
                    let (integer, stringIndex) = KeyForm.decode(entry.key)
                    let key = integer.map(UnknownKey.init(integer:)) ?? .string(state.keyStrings[stringIndex!])
                    if !keys.owns(key) { unknown.append((key, anchor, entry.value)) }
                }
            }
        } catch {
            throw DecodingErrors.corrupted(error, path: path.path)
        }
        let values = UnknownValueReader(state: state)
        return ArchiveUnknownFields(entries: try unknown.map { entry in
            do {
                let value = try values.value(at: entry.start, limit: entries.end, outerDepth: depth) {
                    try state.checkReferences(path: path.appending(entry.key))
                }
                return UnknownEntry(key: entry.key, anchor: entry.anchor, value: value)
            } catch let error as UnknownValueError {
                throw DecodingErrors.corrupted(error.error, path: path.appending(entry.key).path + error.path)
            } catch let error as ArchiveFormatError {
                throw DecodingErrors.corrupted(error, path: path.appending(entry.key).path)
            }
        })
    }

    /// The same container, read with the keys `otherKeys`: generated code reads the names a
    /// renamed property had (`@ArchiveAlias`) through it. Its lookups scan the entries.
    public func withKeys(_ otherKeys: ArchiveKeySet) -> ArchiveDirectKeyedDecodingContainer {
        return ArchiveDirectKeyedDecodingContainer(state: state, entries: entries, keys: otherKeys, path: path, depth: depth, slots: -1)
    }

    /// The keyed container nested under key `key`, with the keys `nestedKeys`: what
    /// `nestedContainer(keyedBy:forKey:)` returns, with its checks and errors, as the
    /// synthesized `init(from:)` of an enum with associated values opens the case's container.
    public func nestedContainer(_ nestedKeys: ArchiveKeySet, at key: Int) throws -> ArchiveDirectKeyedDecodingContainer {
        let nestedPath = path.appending(keys.keys[key])
        let location = try require(key)
        // The kind first: a scalar is a type mismatch whatever the depth.
        let (entries, slots) = try state.openDirectContainer(nestedKeys, at: location, path: nestedPath, depth: depth + 1)
        try state.checkDepth(depth + 1, at: location, parentPath: path, component: .keyOf(keys, key))
        return ArchiveDirectKeyedDecodingContainer(state: state, entries: entries, keys: nestedKeys, path: nestedPath, depth: depth + 1,
                                                   slots: slots)
    }

    /// The position of the one key of the set that the container holds, as the synthesized
    /// `init(from:)` of an enum with associated values finds its case: `allKeys` (the entries
    /// whose keys the key type accepts, in order; others are skipped) must hold exactly one.
    ///
    /// - Throws: `typeMismatch(type)` at the container's path when it holds none or more than one.
    public func onlyKey(of type: Any.Type) throws -> Int {
        var found: Int?
        var count = 0
        state.forEachEntryKey(from: entries.start, to: entries.end) { integer, stringIndex in
            // As `allKeys` asks the key type: `Key(intValue:) ?? Key(stringValue: decimal)` for an
            // integer entry, `Key(stringValue:)` for a string entry.
            let index: Int? = if let integer {
                Int(exactly: integer).flatMap { keys.intValues.firstIndex(of: $0) } ?? keys.names.firstIndex(of: String(integer))
            } else if let stringIndex {
                keys.names.firstIndex(of: state.keyStrings[stringIndex])
            } else {
                nil
            }
            if let index {
                count += 1
                found = index
            }
        }
        guard count == 1, let found else {
            throw DecodingError.typeMismatch(type, DecodingError.Context(
                codingPath: path.path, debugDescription: "Invalid number of keys found, expected one."))
        }
        return found
    }

    /// `nil`: every read is a lookup, so generated code sets each property by `decode(at:)` in
    /// declaration order, the reads and errors of `init(from:)`.
    public func nextKey() throws -> Int? { nil }

    /// Nothing to pass over: `nextKey()` returns no entry.
    public func skipEntry() throws {}

    /// Whether the container has an entry for key `key`.
    public func contains(_ key: Int) -> Bool {
        do { return try location(key) != nil } catch { return true }
    }

    /// Whether the value under key `key` is nil.
    public func decodeNil(at key: Int) throws -> Bool {
        return state.isNil(at: try require(key), maximumLevel: 0)
    }

    /// The `Bool` under key `key`.
    public func read(_ type: Bool.Type, at key: Int) throws -> Bool {
        let location = try require(key)
        if let value = state.quickBool(at: location) { return value }
        return try boolSlowly(at: location, key: key)
    }
    /// The `String` under key `key`.
    public func read(_ type: String.Type, at key: Int) throws -> String {
        let location = try require(key)
        if let value = state.quickString(at: location) { return value }
        return try stringSlowly(at: location, key: key)
    }
    /// The `Double` under key `key`.
    public func read(_ type: Double.Type, at key: Int) throws -> Double {
        let location = try require(key)
        if let value = state.quickFloatingPoint(Double.self, at: location) { return value }
        return try doubleSlowly(at: location, key: key)
    }
    /// The `Float` under key `key`.
    public func read(_ type: Float.Type, at key: Int) throws -> Float {
        let location = try require(key)
        if let value = state.quickFloatingPoint(Float.self, at: location) { return value }
        return try floatSlowly(at: location, key: key)
    }
    /// The `Int` under key `key`.
    public func read(_ type: Int.Type, at key: Int) throws -> Int {
        let location = try require(key)
        if let value = state.quickInteger(Int.self, at: location) { return value }
        return try integerSlowly(Int.self, at: location, key: key)
    }
    /// The `Int8` under key `key`.
    public func read(_ type: Int8.Type, at key: Int) throws -> Int8 {
        let location = try require(key)
        if let value = state.quickInteger(Int8.self, at: location) { return value }
        return try integerSlowly(Int8.self, at: location, key: key)
    }
    /// The `Int16` under key `key`.
    public func read(_ type: Int16.Type, at key: Int) throws -> Int16 {
        let location = try require(key)
        if let value = state.quickInteger(Int16.self, at: location) { return value }
        return try integerSlowly(Int16.self, at: location, key: key)
    }
    /// The `Int32` under key `key`.
    public func read(_ type: Int32.Type, at key: Int) throws -> Int32 {
        let location = try require(key)
        if let value = state.quickInteger(Int32.self, at: location) { return value }
        return try integerSlowly(Int32.self, at: location, key: key)
    }
    /// The `Int64` under key `key`.
    public func read(_ type: Int64.Type, at key: Int) throws -> Int64 {
        let location = try require(key)
        if let value = state.quickInteger(Int64.self, at: location) { return value }
        return try integerSlowly(Int64.self, at: location, key: key)
    }
    /// The `UInt` under key `key`.
    public func read(_ type: UInt.Type, at key: Int) throws -> UInt {
        let location = try require(key)
        if let value = state.quickInteger(UInt.self, at: location) { return value }
        return try integerSlowly(UInt.self, at: location, key: key)
    }
    /// The `UInt8` under key `key`.
    public func read(_ type: UInt8.Type, at key: Int) throws -> UInt8 {
        let location = try require(key)
        if let value = state.quickInteger(UInt8.self, at: location) { return value }
        return try integerSlowly(UInt8.self, at: location, key: key)
    }
    /// The `UInt16` under key `key`.
    public func read(_ type: UInt16.Type, at key: Int) throws -> UInt16 {
        let location = try require(key)
        if let value = state.quickInteger(UInt16.self, at: location) { return value }
        return try integerSlowly(UInt16.self, at: location, key: key)
    }
    /// The `UInt32` under key `key`.
    public func read(_ type: UInt32.Type, at key: Int) throws -> UInt32 {
        let location = try require(key)
        if let value = state.quickInteger(UInt32.self, at: location) { return value }
        return try integerSlowly(UInt32.self, at: location, key: key)
    }
    /// The `UInt64` under key `key`.
    public func read(_ type: UInt64.Type, at key: Int) throws -> UInt64 {
        let location = try require(key)
        if let value = state.quickInteger(UInt64.self, at: location) { return value }
        return try integerSlowly(UInt64.self, at: location, key: key)
    }

    // The general reads, for what the quick reads leave (other forms, and every error): out
    // of line, so that the path their errors need is built, and what it is made of retained,
    // only on this way.
    @inline(never) private func integerSlowly<T: FixedWidthInteger>(_ type: T.Type, at location: ValueLocation, key: Int) throws -> T {
        let (path, keys) = (path, keys)
        return try state.decodeInteger(type, at: location, path: Self.keyPath(path, keys, key))
    }
    @inline(never) private func boolSlowly(at location: ValueLocation, key: Int) throws -> Bool {
        let (path, keys) = (path, keys)
        return try state.decodeBool(at: location, path: Self.keyPath(path, keys, key))
    }
    @inline(never) private func stringSlowly(at location: ValueLocation, key: Int) throws -> String {
        let (path, keys) = (path, keys)
        return try state.decodeString(at: location, path: Self.keyPath(path, keys, key))
    }
    @inline(never) private func doubleSlowly(at location: ValueLocation, key: Int) throws -> Double {
        let (path, keys) = (path, keys)
        return try state.decodeDouble(at: location, path: Self.keyPath(path, keys, key))
    }
    @inline(never) private func floatSlowly(at location: ValueLocation, key: Int) throws -> Float {
        let (path, keys) = (path, keys)
        return try state.decodeFloat(at: location, path: Self.keyPath(path, keys, key))
    }

    /// The value of `type` under key `key`.
    public func read<T: Decodable>(_ type: T.Type, at key: Int) throws -> T {
        try state.decodeValue(type, at: require(key), parentPath: path, component: component(key),
                              depth: depth + 1, optionalDepth: 1)
    }


    /// The `Bool` under key `key`, or `nil` if there is none or it is nil.
    public func readIfPresent(_ type: Bool.Type, at key: Int) throws -> Bool? {
        guard let location = try present(key) else { return nil }
        if let value = state.quickBool(at: location) { return value }
        return try boolSlowly(at: location, key: key)
    }
    /// The `String` under key `key`, or `nil` if there is none or it is nil.
    public func readIfPresent(_ type: String.Type, at key: Int) throws -> String? {
        guard let location = try present(key) else { return nil }
        if let value = state.quickString(at: location) { return value }
        return try stringSlowly(at: location, key: key)
    }
    /// The `Double` under key `key`, or `nil` if there is none or it is nil.
    public func readIfPresent(_ type: Double.Type, at key: Int) throws -> Double? {
        guard let location = try present(key) else { return nil }
        if let value = state.quickFloatingPoint(Double.self, at: location) { return value }
        return try doubleSlowly(at: location, key: key)
    }
    /// The `Float` under key `key`, or `nil` if there is none or it is nil.
    public func readIfPresent(_ type: Float.Type, at key: Int) throws -> Float? {
        guard let location = try present(key) else { return nil }
        if let value = state.quickFloatingPoint(Float.self, at: location) { return value }
        return try floatSlowly(at: location, key: key)
    }
    /// The `Int` under key `key`, or `nil` if there is none or it is nil.
    public func readIfPresent(_ type: Int.Type, at key: Int) throws -> Int? {
        guard let location = try present(key) else { return nil }
        if let value = state.quickInteger(Int.self, at: location) { return value }
        return try integerSlowly(Int.self, at: location, key: key)
    }
    /// The `Int8` under key `key`, or `nil` if there is none or it is nil.
    public func readIfPresent(_ type: Int8.Type, at key: Int) throws -> Int8? {
        guard let location = try present(key) else { return nil }
        if let value = state.quickInteger(Int8.self, at: location) { return value }
        return try integerSlowly(Int8.self, at: location, key: key)
    }
    /// The `Int16` under key `key`, or `nil` if there is none or it is nil.
    public func readIfPresent(_ type: Int16.Type, at key: Int) throws -> Int16? {
        guard let location = try present(key) else { return nil }
        if let value = state.quickInteger(Int16.self, at: location) { return value }
        return try integerSlowly(Int16.self, at: location, key: key)
    }
    /// The `Int32` under key `key`, or `nil` if there is none or it is nil.
    public func readIfPresent(_ type: Int32.Type, at key: Int) throws -> Int32? {
        guard let location = try present(key) else { return nil }
        if let value = state.quickInteger(Int32.self, at: location) { return value }
        return try integerSlowly(Int32.self, at: location, key: key)
    }
    /// The `Int64` under key `key`, or `nil` if there is none or it is nil.
    public func readIfPresent(_ type: Int64.Type, at key: Int) throws -> Int64? {
        guard let location = try present(key) else { return nil }
        if let value = state.quickInteger(Int64.self, at: location) { return value }
        return try integerSlowly(Int64.self, at: location, key: key)
    }
    /// The `UInt` under key `key`, or `nil` if there is none or it is nil.
    public func readIfPresent(_ type: UInt.Type, at key: Int) throws -> UInt? {
        guard let location = try present(key) else { return nil }
        if let value = state.quickInteger(UInt.self, at: location) { return value }
        return try integerSlowly(UInt.self, at: location, key: key)
    }
    /// The `UInt8` under key `key`, or `nil` if there is none or it is nil.
    public func readIfPresent(_ type: UInt8.Type, at key: Int) throws -> UInt8? {
        guard let location = try present(key) else { return nil }
        if let value = state.quickInteger(UInt8.self, at: location) { return value }
        return try integerSlowly(UInt8.self, at: location, key: key)
    }
    /// The `UInt16` under key `key`, or `nil` if there is none or it is nil.
    public func readIfPresent(_ type: UInt16.Type, at key: Int) throws -> UInt16? {
        guard let location = try present(key) else { return nil }
        if let value = state.quickInteger(UInt16.self, at: location) { return value }
        return try integerSlowly(UInt16.self, at: location, key: key)
    }
    /// The `UInt32` under key `key`, or `nil` if there is none or it is nil.
    public func readIfPresent(_ type: UInt32.Type, at key: Int) throws -> UInt32? {
        guard let location = try present(key) else { return nil }
        if let value = state.quickInteger(UInt32.self, at: location) { return value }
        return try integerSlowly(UInt32.self, at: location, key: key)
    }
    /// The `UInt64` under key `key`, or `nil` if there is none or it is nil.
    public func readIfPresent(_ type: UInt64.Type, at key: Int) throws -> UInt64? {
        guard let location = try present(key) else { return nil }
        if let value = state.quickInteger(UInt64.self, at: location) { return value }
        return try integerSlowly(UInt64.self, at: location, key: key)
    }

    /// The value of `type`, which has generated code, under key `key`: straight through that
    /// code, without asking again which kind of type it is (what `decode(_:at:)` for any type
    /// would find, as the encoding container's twin does).
    public func readDirect<T: ArchiveDirectDecodable>(_ type: T.Type, at key: Int) throws -> T {
        try directValue(T.self, at: require(key), key: key)
    }

    /// The value of `type`, which has generated code, under key `key`, or `nil` if there is none
    /// or it is nil.
    public func readDirectIfPresent<T: ArchiveDirectDecodable>(_ type: T.Type, at key: Int) throws -> T? {
        guard let location = try present(key) else { return nil }
        return try directValue(T.self, at: location, key: key)
    }

    /// The value of key `key` at `location` (`DecodingState.decodeDirectField`).
    @inline(__always)
    private func directValue<T: ArchiveDirectDecodable>(_ type: T.Type, at location: ValueLocation, key: Int) throws -> T {
        try state.decodeDirectField(T.self, at: location, parentPath: path, component: component(key), depth: depth + 1)
    }

    /// The value under key `key`; `nil` if there is none, or if it is nil and `T` is not itself
    /// optional (an `Int??` holding `.some(nil)` comes back exactly): what the synthesized
    /// conformance reads for an optional property, with `decodeIfPresent`.
    public func readIfPresent<T: Decodable>(_ type: T.Type, at key: Int) throws -> T? {
        guard let location = try location(key) else { return nil }
        if !_isOptional(T.self), state.isNil(at: location, maximumLevel: .max) {
            state.noteNilReadAsAbsent(location)
            return nil
        }
        return try state.decodeValue(T.self, at: location, parentPath: path, component: component(key),
                                     depth: depth + 1, optionalDepth: 1)
    }
}

extension DecodingState {
    /// Notes the nil entry at `location`, read as an absent optional by either keyed reader, for
    /// `unknownFields()`. Out of line: a nil is rare where generated code reads.
    @inline(never)
    func noteNilReadAsAbsent(_ location: ValueLocation) {
        nilEntriesReadAsAbsent.insert(location.offset)
    }
}
