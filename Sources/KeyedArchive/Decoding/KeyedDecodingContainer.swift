/// Reads a keyed container in place.
///
/// Entries are found by scanning from where the previous lookup in this container ended, because
/// synthesized `init(from:)` reads keys in the order `encode(to:)` wrote them: the common case
/// costs one key comparison and no allocation. Out-of-order lookups scan the container.
struct ArchiveKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let state: DecodingState
    /// The entries' byte range (already checked to be well-formed).
    let start: Int
    let end: Int
    /// Whether any entry has an integer key: if none does, a string key's name need not be
    /// checked for a decimal spelling on every lookup.
    let hasIntegerKeys: Bool
    /// Whether any entry has a string key: only a container with both kinds can hold two
    /// entries that one key type matches (see `location(of:)`).
    let hasStringKeys: Bool
    let path: CodingPathNode
    let depth: Int

    var codingPath: [any CodingKey] { path.path }

    var allKeys: [Key] {
        var keys: [Key] = []
        state.forEachEntryKey(from: start, to: end) { integer, stringIndex in
            // Only keys that `Key` accepts, as in Foundation.
            // A key type without integer keys sees an integer entry as its decimal string
            // (a `[String: V]` key "12" is written as the integer 12), and so does every key
            // type for an integer that `Int` cannot hold (where it is 32 bits, §8.3).
            if let integer, let key = Int(exactly: integer).flatMap(Key.init(intValue:)) ?? Key(stringValue: String(integer)) { keys.append(key) }
            if let stringIndex, let key = Key(stringValue: state.keyStrings[stringIndex]) { keys.append(key) }
        }
        return keys
    }

    /// True also when two entries match `key` (decoding it then throws).
    func contains(_ key: Key) -> Bool {
        do { return try location(of: key) != nil } catch { return true }
    }

    /// Where the value for `key` is, or `nil` if the container has no entry for it
    /// (`Spec/FORMAT.md` §8.3).
    ///
    /// An entry matches an integer key when the key is written in integer form (see `KeyForm`)
    /// with that integer, and a string entry when the strings are equal, so archives written
    /// with string keys stay readable after a type adopts integer keys. A key without an
    /// `intValue` also matches the integer entry its string spells in canonical decimal.
    ///
    /// - Throws: `dataCorrupted` (`malformed`) when two entries match `key`: its integer and
    ///   its name, or two spellings of its name (canonically equivalent strings with different
    ///   bytes, two keys for the format). Which one a reader took would depend on the order it
    ///   looked in.
    func location<K: CodingKey>(of key: K) throws -> ValueLocation? {
        // The generic part stays small: everything below works on concrete values, because
        // generic code here costs a runtime metadata lookup per call. Each property of the
        // key is read once (a witness call each).
        let name = key.stringValue
        // In 64 bits: a name may spell an integer key that `Int` cannot hold (where it is 32
        // bits), and still matches it (§8.3).
        let integer: Int64? = if let intValue = key.intValue {
            state.integerKeys.integer(of: key, integer: intValue, name: name).map(Int64.init)
        } else {
            hasIntegerKeys ? KeyForm.canonicalDecimal64(name) : nil
        }
        return try location(integer: integer, name: name, of: key)
    }

    /// Where the value for a path's key is (`ArchivePath.Component.key`): as `location(of:)`
    /// finds the key of a type's own, whose `intValue`, when it has one, is the integer it is
    /// written as. A path keeps a key's name and integer, not its type, so the test the encoder
    /// makes of the type (`KeyForm.integer(of:)`: does `init(intValue:)` give the key back?)
    /// cannot be made again here; the path says which integer its key has.
    func location(ofPathKey key: PathKey) throws -> ValueLocation? {
        let integer: Int64? = if let intValue = key.intValue {
            KeyForm.integerRange.contains(Int64(intValue)) ? Int64(intValue) : nil
        } else {
            hasIntegerKeys ? KeyForm.canonicalDecimal64(key.stringValue) : nil
        }
        return try location(integer: integer, name: key.stringValue, of: key)
    }

    /// Where the entry of a key with the integer form `integer` and the name `name` is
    /// (`location(of:)`); `key` names it in an error. Inlined into both callers: it is the
    /// `Codable` path's lookup, one function before a path's key shared it.
    @inline(__always)
    private func location<K: CodingKey>(integer: Int64?, name: String, of key: K) throws -> ValueLocation? {
        // Only a key whose integer and name are different keys can match two entries (an
        // integer and the string that spells it are one key, rejected as a repeat when the
        // container was opened), and only in a container with both kinds of entry; or a name
        // the key table spells two ways.
        let request = KeyRequest(integer: integer, name: name)
        if state.hasEquivalentSpellings && hasStringKeys
            || hasIntegerKeys && hasStringKeys && integer.map({ !KeyForm.isCanonicalDecimal(name, of: $0) }) == true {
            do throws(ArchiveFormatError) {
                return try state.findOnlyEntry(request, start: start, end: end, depth: depth)
            } catch {
                // Built here, not in a closure: one capturing the generic key costs every lookup.
                throw DecodingErrors.corrupted(error, path: path.appending(key).path)
            }
        }
        return state.findEntry(request, start: start, end: end, depth: depth)
    }

    private func require(_ key: Key) throws -> ValueLocation {
        guard let location = try location(of: key) else { throw DecodingErrors.keyNotFound(key, path: path.path) }
        return location
    }

    func decodeNil(forKey key: Key) throws -> Bool { state.isNil(at: try require(key), maximumLevel: 0) }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { let base = path; return try state.decodeBool(at: require(key), path: base.appending(key).path) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { let base = path; return try state.decodeString(at: require(key), path: base.appending(key).path) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { let base = path; return try state.decodeDouble(at: require(key), path: base.appending(key).path) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { let base = path; return try state.decodeFloat(at: require(key), path: base.appending(key).path) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try integer(type, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try integer(type, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try integer(type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try integer(type, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try integer(type, key) }
    func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 { try integer(type, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try integer(type, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(type, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try integer(type, key) }
    func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 { try integer(type, key) }

    @inline(__always)
    private func integer<T: FixedWidthInteger>(_ type: T.Type, _ key: Key) throws -> T {
        // Closures capture `base`, not the generic `self`: capturing `self` costs a generic
        // metadata lookup on every call.
        let base = path
        return try state.decodeInteger(type, at: require(key), path: base.appending(key).path)
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try state.decodeValue(type, at: require(key), parentPath: path, component: .key(key), depth: depth + 1, optionalDepth: 1)
    }

    /// Absent key → `nil`; an explicit nil → `nil` unless `T` is itself optional, in which case
    /// the nil is decoded as `T` (so an `Int??` holding `.some(nil)` comes back exactly).
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let location = try location(of: key) else { return nil }
        if !_isOptional(T.self), state.isNil(at: location, maximumLevel: .max) { return nil }
        return try state.decodeValue(type, at: location, parentPath: path, component: .key(key), depth: depth + 1, optionalDepth: 1)
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { let (state, base) = (state, path); return try ifPresent(key) { try state.decodeBool(at: $0, path: base.appending(key).path) } }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { let (state, base) = (state, path); return try ifPresent(key) { try state.decodeString(at: $0, path: base.appending(key).path) } }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { let (state, base) = (state, path); return try ifPresent(key) { try state.decodeDouble(at: $0, path: base.appending(key).path) } }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { let (state, base) = (state, path); return try ifPresent(key) { try state.decodeFloat(at: $0, path: base.appending(key).path) } }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: Int128.Type, forKey key: Key) throws -> Int128? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt128.Type, forKey key: Key) throws -> UInt128? { try integerIfPresent(type, key) }

    private func integerIfPresent<T: FixedWidthInteger>(_ type: T.Type, _ key: Key) throws -> T? {
        let (state, base) = (state, path)
        return try ifPresent(key) { try state.decodeInteger(type, at: $0, path: base.appending(key).path) }
    }

    /// One lookup for "absent or nil → nil, else decode".
    @inline(__always)
    private func ifPresent<T>(_ key: Key, _ read: (ValueLocation) throws -> T) throws -> T? {
        guard let location = try location(of: key), !state.isNil(at: location, maximumLevel: .max) else { return nil }
        return try read(location)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        let nestedPath = path.appending(key)
        let location = try require(key)
        // The kind first: a scalar is a type mismatch whatever the depth.
        let container = try state.keyedContainer(NestedKey.self, at: location, path: nestedPath, depth: depth + 1)
        try checkDepth(at: location, path: nestedPath)
        return KeyedDecodingContainer(container)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        let nestedPath = path.appending(key)
        let location = try require(key)
        let container = try state.unkeyedContainer(at: location, path: nestedPath, depth: depth + 1)
        try checkDepth(at: location, path: nestedPath)
        return container
    }

    func superDecoder() throws -> any Decoder { try superDecoder(for: SuperKey()) }

    func superDecoder(forKey key: Key) throws -> any Decoder { try superDecoder(for: key) }

    /// For a missing key, a decoder over nil, as `JSONDecoder` and `PropertyListDecoder` hand
    /// back (the protocol would allow `keyNotFound`, but types written against Foundation's
    /// coders rely on this): `decodeNil()` is `true`, an optional decodes as `nil`, and any other
    /// read throws `valueNotFound` at the key's path.
    private func superDecoder<K: CodingKey>(for key: K) throws -> any Decoder {
        let superPath = path.appending(key)
        guard let location = try location(of: key) else {
            try checkDepth(at: ValueLocation(offset: start, limit: end), path: superPath)
            return DecoderImpl(state: state.absentValueState(), location: ValueLocation(offset: 0, limit: 1),
                               parentPath: path, component: .key(key), depth: depth + 1, optionalDepth: 0)
        }
        try checkDepth(at: location, path: superPath)
        return DecoderImpl(state: state, location: location, parentPath: path, component: .key(key), depth: depth + 1, optionalDepth: 0)
    }

    private func checkDepth(at location: ValueLocation, path: CodingPathNode) throws {
        guard depth + 1 <= state.limits.maximumDepth else {
            throw DecodingErrors.depthExceeded(state.limits.maximumDepth, at: location.offset, path: path.path)
        }
    }
}

/// A key as the entry scan needs it: the integer entry it matches (if any) and its string.
struct KeyRequest {
    /// The integer entry the key matches (§8.3), in the format's 64 bits.
    let integer: Int64?
    let name: String
}

/// The entries of an opened keyed container (already checked to be well-formed): their byte
/// range, and whether any entry has an integer key and any a string key.
struct KeyedEntries {
    let start: Int
    let end: Int
    let hasIntegerKeys: Bool
    let hasStringKeys: Bool
}

extension DecodingState {
    /// Finds the entry for `request` among the entries in `start..<end`, starting where the
    /// previous lookup in this same container ended and wrapping around once.
    ///
    /// The hint is kept per depth but belongs to the container whose entries start at `start`
    /// (no two keyed containers with entries share that offset): a hint left by another
    /// container at the same depth — a container opened again through a single-value
    /// container is one level deeper than its own nested containers — may lie inside this
    /// container's range without being one of its entry boundaries, and resuming there would
    /// read a nested value's bytes as this container's entries.
    /// The key of each entry from `start` to `end`, in order, as `KeyForm.decode` splits it.
    /// Stops at an entry it cannot read: the entries were checked when their container was
    /// opened, so that does not happen. Inlined, so that its callers' closures are too.
    @inline(__always)
    func forEachEntryKey(from start: Int, to end: Int, _ body: (_ integer: Int64?, _ stringIndex: Int?) -> Void) {
        var cursor = EntriesCursor(from: start, to: end, isKeyed: true)
        while let entry = try? cursor.next(in: reader) {
            let (integer, stringIndex) = KeyForm.decode(entry.key)
            body(integer, stringIndex)
        }
    }

    func findEntry(_ request: KeyRequest, start: Int, end: Int, depth: Int) -> ValueLocation? {
        let integerWire = request.integer.map(KeyForm.wire(integer64:))
        // From `first` to `last`, an entry boundary: the values end by the container's end.
        func scan(from first: Int, to last: Int) -> ValueLocation? {
            var cursor = EntriesCursor(from: first, to: end, isKeyed: true)
            while cursor.position < last, let entry = try? cursor.next(in: reader) {
                let matches = entry.key & 1 == 0 ? entry.key == integerWire : keyStrings[Int(entry.key >> 1)] == request.name
                if matches {
                    setKeyedCursor(entry.end, container: start, depth: depth)
                    return ValueLocation(offset: entry.value, limit: end)
                }
            }
            return nil
        }
        let hint = keyedCursor(container: start, depth: depth)
        let resume = (start..<end).contains(hint) ? hint : start
        return scan(from: resume, to: end) ?? (resume > start ? scan(from: start, to: resume) : nil)
    }

    /// `findEntry` for a key that could match two entries (its integer and its name): reads the
    /// whole container, and throws `malformed` at the second of two matching entries.
    func findOnlyEntry(_ request: KeyRequest, start: Int, end: Int, depth: Int) throws(ArchiveFormatError) -> ValueLocation? {
        let integerWire = request.integer.map(KeyForm.wire(integer64:))
        var found: (location: ValueLocation, next: Int, key: String)?
        func describeKey(_ wire: UInt64) -> String {
            if wire & 1 == 0 { return "integer key \(request.integer!)" }
            let string = keyStrings[Int(wire >> 1)]
            // Equivalent spellings print alike: their scalars tell them apart.
            return "string key \"\(string)\"" + (string.utf8.elementsEqual(request.name.utf8) ? "" : " (\(string.unicodeScalars.map(Self.scalarName).joined(separator: " ")))")
        }
        var cursor = EntriesCursor(from: start, to: end, isKeyed: true)
        // The entries were checked when the container was opened: these reads succeed.
        while let entry = try cursor.next(in: reader) {
            let wire = entry.key
            if wire & 1 == 0 ? wire == integerWire : keyStrings[Int(wire >> 1)] == request.name {
                if let first = found {
                    throw ArchiveFormatError(.malformed, at: entry.start, "two entries match the key \"\(request.name)\": \(first.key) and \(describeKey(wire))")
                }
                found = (ValueLocation(offset: entry.value, limit: end), entry.end, describeKey(wire))
            }
        }
        guard let found else { return nil }
        setKeyedCursor(found.next, container: start, depth: depth)
        return found.location
    }

    /// "U+0301".
    private static func scalarName(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// The hint recorded at `depth` if the container whose entries start at `container` left it.
    @inline(__always)
    func keyedCursor(container: Int, depth: Int) -> Int {
        guard depth < keyedCursors.count else { return -1 }
        let cursor = keyedCursors[depth]
        return cursor.container == container ? cursor.next : -1
    }

    @inline(__always)
    func setKeyedCursor(_ offset: Int, container: Int, depth: Int) {
        while depth >= keyedCursors.count { keyedCursors.append(KeyedCursor(container: -1, next: -1)) }
        keyedCursors[depth] = KeyedCursor(container: container, next: offset)
    }
}

/// Where the next entry of a keyed container starts, and which container (by the offset of its
/// first entry) that is.
struct KeyedCursor {
    var container: Int
    var next: Int
}
