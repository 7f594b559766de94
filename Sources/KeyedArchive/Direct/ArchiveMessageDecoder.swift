#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The reader of a message (`MessageReading.swift`): each keyed container is read with one
/// cursor, generated code switching on each entry's key in the order the archive holds them.
///
/// No coding path is built: no error leaves a message, and a value read in place by its
/// `init(from:)` gets its path from the steps the message notes (`MessagePath.swift`). An
/// error gives the message up (`DecodingState.abandonMessageRead`), and the archive is read
/// again by the general path, whose errors are the ones a caller sees.
///
/// For generated code, as `ArchiveReader` is: values reach it only through `_archiveDecode`.
public struct ArchiveMessageDecoder: ArchiveReader {
    let state: DecodingState
    let location: ValueLocation
    /// Nesting depth of the value (already checked against the limit).
    let depth: Int

    init(state: DecodingState, location: ValueLocation, depth: Int) { (self.state, self.location, self.depth) = (state, location, depth) }

    /// The value's keyed container, its cursor at the first entry.
    public func keyedContainer(_ keys: ArchiveKeySet) throws -> ArchiveMessageKeyedDecodingContainer {
        let cursor = try state.openMessageContainer(keys, at: location, depth: depth)
        return ArchiveMessageKeyedDecodingContainer(state: state, keys: keys, depth: depth, cursor: cursor)
    }

    /// The whole value, read as a `String`.
    public func decodeSingleValue(_ type: String.Type) throws -> String { try state.decodeString(at: location, path: []) }
    /// The whole value, read as a `Double`.
    public func decodeSingleValue(_ type: Double.Type) throws -> Double { try state.decodeDouble(at: location, path: []) }
    /// The whole value, read as a `Float`.
    public func decodeSingleValue(_ type: Float.Type) throws -> Float { try state.decodeFloat(at: location, path: []) }
    /// The whole value, read as a `Int`.
    public func decodeSingleValue(_ type: Int.Type) throws -> Int { try state.decodeInteger(Int.self, at: location, path: []) }
    /// The whole value, read as a `Int8`.
    public func decodeSingleValue(_ type: Int8.Type) throws -> Int8 { try state.decodeInteger(Int8.self, at: location, path: []) }
    /// The whole value, read as a `Int16`.
    public func decodeSingleValue(_ type: Int16.Type) throws -> Int16 { try state.decodeInteger(Int16.self, at: location, path: []) }
    /// The whole value, read as a `Int32`.
    public func decodeSingleValue(_ type: Int32.Type) throws -> Int32 { try state.decodeInteger(Int32.self, at: location, path: []) }
    /// The whole value, read as a `Int64`.
    public func decodeSingleValue(_ type: Int64.Type) throws -> Int64 { try state.decodeInteger(Int64.self, at: location, path: []) }
    /// The whole value, read as a `UInt`.
    public func decodeSingleValue(_ type: UInt.Type) throws -> UInt { try state.decodeInteger(UInt.self, at: location, path: []) }
    /// The whole value, read as a `UInt8`.
    public func decodeSingleValue(_ type: UInt8.Type) throws -> UInt8 { try state.decodeInteger(UInt8.self, at: location, path: []) }
    /// The whole value, read as a `UInt16`.
    public func decodeSingleValue(_ type: UInt16.Type) throws -> UInt16 { try state.decodeInteger(UInt16.self, at: location, path: []) }
    /// The whole value, read as a `UInt32`.
    public func decodeSingleValue(_ type: UInt32.Type) throws -> UInt32 { try state.decodeInteger(UInt32.self, at: location, path: []) }
    /// The whole value, read as a `UInt64`.
    public func decodeSingleValue(_ type: UInt64.Type) throws -> UInt64 { try state.decodeInteger(UInt64.self, at: location, path: []) }

    /// The error for a raw value that names no case; the message is given up before it leaves.
    public func invalidRawValue<Raw>(_ type: Any.Type, _ rawValue: Raw) -> DecodingError {
        DecodingErrors.invalidRawValue(type, rawValue, path: [])
    }

    /// Reads an array as `Array.init(from:)` does; each element through its generated code, on
    /// this message's path.
    public func decodeElements<Element: ArchiveDirectDecodable>(_ type: Element.Type) throws -> [Element] {
        try state.decodeDirectElements(Element.self, at: location, path: .root, depth: depth)
    }
}

/// The keyed container of `ArchiveMessageDecoder`: a cursor over the container's entries
/// (`MessageCursors`), which generated code steps through with `nextKey()`, reading each entry
/// under the key it has, in whatever order the entries come. After the last entry, a key not
/// found is absent. Code that reads keys one after another without `nextKey()` is answered in
/// its order: a key the next entry is not for is absent, an entry for an earlier key or for
/// none gives the message up.
///
/// For generated code, as `ArchiveKeyedReader` is.
public struct ArchiveMessageKeyedDecodingContainer: ArchiveKeyedReader {
    let state: DecodingState
    let keys: ArchiveKeySet
    /// The depth of the value (its entries' values are one deeper).
    let depth: Int
    /// The container's cursor in `state.messageCursors`.
    let cursor: Int

    init(state: DecodingState, keys: ArchiveKeySet, depth: Int, cursor: Int) {
        (self.state, self.keys, self.depth, self.cursor) = (state, keys, depth, cursor)
    }

    /// Where the value of key `index` is, taking the next entry; `nil` if the key is absent.
    @inline(__always)
    private func location(_ index: Int) throws -> ValueLocation? {
        try state.nextMessageEntry(index, keys: keys, cursor: cursor)
    }

    /// Where the value of key `index` is; an absent key gives the message up (the general path
    /// throws its `keyNotFound`).
    @inline(__always)
    private func require(_ index: Int) throws -> ValueLocation {
        guard let location = try location(index) else { throw state.abandonMessageRead() }
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


    /// An integer read as `read(_:at:)` reads it: the entry in one pass if it is the usual
    /// form (`MessageScalarReads.swift`), else the cursor's way.
    @inline(__always)
    private func integer<T: FixedWidthInteger>(_: T.Type, at key: Int) throws -> T {
        if let value = state.nextMessageInteger(T.self, key, keys: keys, cursor: cursor) { return value }
        let location = try require(key)
        return try state.quickInteger(T.self, at: location) ?? state.decodeInteger(T.self, at: location, path: [])
    }

    /// An integer read as `readIfPresent(_:at:)` reads it.
    @inline(__always)
    private func integerIfPresent<T: FixedWidthInteger>(_: T.Type, at key: Int) throws -> T? {
        if let value = state.nextMessageInteger(T.self, key, keys: keys, cursor: cursor) { return value }
        guard let location = try present(key) else { return nil }
        return try state.quickInteger(T.self, at: location) ?? state.decodeInteger(T.self, at: location, path: [])
    }

    /// The `Bool` under key `key`.
    public func read(_ type: Bool.Type, at key: Int) throws -> Bool {
        if let value = state.nextMessageBool(key, keys: keys, cursor: cursor) { return value }
        let location = try require(key)
        return try state.quickBool(at: location) ?? state.decodeBool(at: location, path: [])
    }
    /// The `String` under key `key`.
    public func read(_ type: String.Type, at key: Int) throws -> String {
        if let value = state.nextMessageString(key, keys: keys, cursor: cursor) { return value }
        let location = try require(key)
        return try state.quickString(at: location) ?? state.decodeString(at: location, path: [])
    }
    /// The `Double` under key `key`.
    public func read(_ type: Double.Type, at key: Int) throws -> Double {
        if let value = state.nextMessageFloatingPoint(Double.self, key, keys: keys, cursor: cursor) { return value }
        let location = try require(key)
        return try state.quickFloatingPoint(Double.self, at: location) ?? state.decodeDouble(at: location, path: [])
    }
    /// The `Float` under key `key`.
    public func read(_ type: Float.Type, at key: Int) throws -> Float {
        if let value = state.nextMessageFloatingPoint(Float.self, key, keys: keys, cursor: cursor) { return value }
        let location = try require(key)
        return try state.quickFloatingPoint(Float.self, at: location) ?? state.decodeFloat(at: location, path: [])
    }
    /// The `Int` under key `key`.
    public func read(_ type: Int.Type, at key: Int) throws -> Int { try integer(Int.self, at: key) }
    /// The `Int8` under key `key`.
    public func read(_ type: Int8.Type, at key: Int) throws -> Int8 { try integer(Int8.self, at: key) }
    /// The `Int16` under key `key`.
    public func read(_ type: Int16.Type, at key: Int) throws -> Int16 { try integer(Int16.self, at: key) }
    /// The `Int32` under key `key`.
    public func read(_ type: Int32.Type, at key: Int) throws -> Int32 { try integer(Int32.self, at: key) }
    /// The `Int64` under key `key`.
    public func read(_ type: Int64.Type, at key: Int) throws -> Int64 { try integer(Int64.self, at: key) }
    /// The `UInt` under key `key`.
    public func read(_ type: UInt.Type, at key: Int) throws -> UInt { try integer(UInt.self, at: key) }
    /// The `UInt8` under key `key`.
    public func read(_ type: UInt8.Type, at key: Int) throws -> UInt8 { try integer(UInt8.self, at: key) }
    /// The `UInt16` under key `key`.
    public func read(_ type: UInt16.Type, at key: Int) throws -> UInt16 { try integer(UInt16.self, at: key) }
    /// The `UInt32` under key `key`.
    public func read(_ type: UInt32.Type, at key: Int) throws -> UInt32 { try integer(UInt32.self, at: key) }
    /// The `UInt64` under key `key`.
    public func read(_ type: UInt64.Type, at key: Int) throws -> UInt64 { try integer(UInt64.self, at: key) }
    /// The `Bool` under key `key`, or `nil` if there is none or it is nil.
    public func readIfPresent(_ type: Bool.Type, at key: Int) throws -> Bool? {
        if let value = state.nextMessageBool(key, keys: keys, cursor: cursor) { return value }
        guard let location = try present(key) else { return nil }
        return try state.quickBool(at: location) ?? state.decodeBool(at: location, path: [])
    }
    /// The `String` under key `key`, or `nil` if there is none or it is nil.
    public func readIfPresent(_ type: String.Type, at key: Int) throws -> String? {
        if let value = state.nextMessageString(key, keys: keys, cursor: cursor) { return value }
        guard let location = try present(key) else { return nil }
        return try state.quickString(at: location) ?? state.decodeString(at: location, path: [])
    }
    /// The `Double` under key `key`, or `nil` if there is none or it is nil.
    public func readIfPresent(_ type: Double.Type, at key: Int) throws -> Double? {
        if let value = state.nextMessageFloatingPoint(Double.self, key, keys: keys, cursor: cursor) { return value }
        guard let location = try present(key) else { return nil }
        return try state.quickFloatingPoint(Double.self, at: location) ?? state.decodeDouble(at: location, path: [])
    }
    /// The `Float` under key `key`, or `nil` if there is none or it is nil.
    public func readIfPresent(_ type: Float.Type, at key: Int) throws -> Float? {
        if let value = state.nextMessageFloatingPoint(Float.self, key, keys: keys, cursor: cursor) { return value }
        guard let location = try present(key) else { return nil }
        return try state.quickFloatingPoint(Float.self, at: location) ?? state.decodeFloat(at: location, path: [])
    }
    /// The `Int` under key `key`, or `nil` if there is none or it is nil.
    public func readIfPresent(_ type: Int.Type, at key: Int) throws -> Int? { try integerIfPresent(Int.self, at: key) }
    /// The `Int8` under key `key`, or `nil` if there is none or it is nil.
    public func readIfPresent(_ type: Int8.Type, at key: Int) throws -> Int8? { try integerIfPresent(Int8.self, at: key) }
    /// The `Int16` under key `key`, or `nil` if there is none or it is nil.
    public func readIfPresent(_ type: Int16.Type, at key: Int) throws -> Int16? { try integerIfPresent(Int16.self, at: key) }
    /// The `Int32` under key `key`, or `nil` if there is none or it is nil.
    public func readIfPresent(_ type: Int32.Type, at key: Int) throws -> Int32? { try integerIfPresent(Int32.self, at: key) }
    /// The `Int64` under key `key`, or `nil` if there is none or it is nil.
    public func readIfPresent(_ type: Int64.Type, at key: Int) throws -> Int64? { try integerIfPresent(Int64.self, at: key) }
    /// The `UInt` under key `key`, or `nil` if there is none or it is nil.
    public func readIfPresent(_ type: UInt.Type, at key: Int) throws -> UInt? { try integerIfPresent(UInt.self, at: key) }
    /// The `UInt8` under key `key`, or `nil` if there is none or it is nil.
    public func readIfPresent(_ type: UInt8.Type, at key: Int) throws -> UInt8? { try integerIfPresent(UInt8.self, at: key) }
    /// The `UInt16` under key `key`, or `nil` if there is none or it is nil.
    public func readIfPresent(_ type: UInt16.Type, at key: Int) throws -> UInt16? { try integerIfPresent(UInt16.self, at: key) }
    /// The `UInt32` under key `key`, or `nil` if there is none or it is nil.
    public func readIfPresent(_ type: UInt32.Type, at key: Int) throws -> UInt32? { try integerIfPresent(UInt32.self, at: key) }
    /// The `UInt64` under key `key`, or `nil` if there is none or it is nil.
    public func readIfPresent(_ type: UInt64.Type, at key: Int) throws -> UInt64? { try integerIfPresent(UInt64.self, at: key) }

    /// The value of `type` under key `key`: natively, or through its generated code (a type
    /// that needs `init(from:)` is read in place, `DecodingState.decodeMessageField`).
    public func read<T: Decodable>(_ type: T.Type, at key: Int) throws -> T {
        try state.decodeMessageField(type, at: require(key), depth: depth + 1, step: MessageStep(keys, key))
    }

    /// The value under key `key`; `nil` if there is none, or if it is nil and `T` is not itself
    /// optional.
    public func readIfPresent<T: Decodable>(_ type: T.Type, at key: Int) throws -> T? {
        guard let location = try location(key) else { return nil }
        if !_isOptional(T.self), state.isNil(at: location, maximumLevel: .max) {
            state.noteNilReadAsAbsent(location)
            return nil
        }
        return try state.decodeMessageField(T.self, at: location, depth: depth + 1, step: MessageStep(keys, key))
    }

    /// The value of `type`, which has generated code, under key `key`.
    public func readDirect<T: ArchiveDirectDecodable>(_ type: T.Type, at key: Int) throws -> T {
        try directValue(T.self, at: require(key), key: key)
    }

    /// The value of `type`, which has generated code, under key `key`, or `nil` if there is none
    /// or it is nil.
    public func readDirectIfPresent<T: ArchiveDirectDecodable>(_ type: T.Type, at key: Int) throws -> T? {
        guard let location = try present(key) else { return nil }
        return try directValue(T.self, at: location, key: key)
    }

    /// The value of key `key` at `location` (`DecodingState.decodeDirectField`), its step noted
    /// for the values inside it.
    @inline(__always)
    private func directValue<T: ArchiveDirectDecodable>(_ type: T.Type, at location: ValueLocation, key: Int) throws -> T {
        state.messageCursors.note(MessageStep(keys, key), depth: depth + 1)
        return try state.decodeDirectField(T.self, at: location, parentPath: .root, component: .none, depth: depth + 1)
    }

    /// The value under key `key` into `value` if the container has the key (one lookup, which a
    /// message answers without giving up, as `contains` cannot).
    public func read<T: Decodable>(_ type: T.Type, at key: Int, default value: inout T) throws {
        guard let location = try location(key) else { return }
        value = try state.decodeMessageField(type, at: location, depth: depth + 1, step: MessageStep(keys, key))
    }

    /// The position of the next entry's key (`DecodingState.nextMessageKey`), the entry not
    /// taken yet.
    public func nextKey() throws -> Int? {
        if let key = state.quickNextMessageKey(keys: keys, cursor: cursor) { return key }
        return try state.nextMessageKey(keys: keys, cursor: cursor, depth: depth)
    }

    /// Takes the entry `nextKey()` returned, unread.
    public func skipEntry() throws {
        try state.passOver(cursor: cursor, unknown: false)
    }

    /// Whether the container has an entry for key `key`: a scan of its entries, taken or not.
    public func contains(_ key: Int) -> Bool {
        (try? state.findMessageEntry(key, keys: keys, cursor: cursor)) != nil
    }

    /// Whether the value under key `key` is nil, the entry found by a scan and not taken: a nil
    /// check takes no entry in `init(from:)` either, the value is read after it. An absent key
    /// gives the message up (the general path throws its `keyNotFound`).
    public func decodeNil(at key: Int) throws -> Bool {
        guard let location = try state.findMessageEntry(key, keys: keys, cursor: cursor) else { throw state.abandonMessageRead() }
        return state.isNil(at: location, maximumLevel: 0)
    }

    /// The entries no key takes, as the general path reads them
    /// (`DecodingState.messageUnknownFields`): none when `nextKey()` passed over no entry for
    /// no key.
    public func unknownFields() throws -> ArchiveUnknownFields {
        try state.messageUnknownFields(keys: keys, cursor: cursor, depth: depth)
    }

    /// The same container, read with the keys `otherKeys` (the names a renamed property had):
    /// it shares this one's cursor, and its `contains` scans the entries with its own keys.
    /// Generated code asks it only for a property no entry gave, so the answer is `false`.
    public func withKeys(_ otherKeys: ArchiveKeySet) -> ArchiveMessageKeyedDecodingContainer {
        ArchiveMessageKeyedDecodingContainer(state: state, keys: otherKeys, depth: depth, cursor: cursor)
    }

    /// The keyed container nested under key `key`, taking the entry as any other read does, with
    /// its own cursor.
    public func nestedContainer(_ nestedKeys: ArchiveKeySet, at key: Int) throws -> ArchiveMessageKeyedDecodingContainer {
        guard let location = try location(key) else { throw state.abandonMessageRead() }
        let nested = try state.openMessageContainer(nestedKeys, at: location, depth: depth + 1)
        state.messageCursors.note(MessageStep(keys, key), depth: depth + 1)
        return ArchiveMessageKeyedDecodingContainer(state: state, keys: nestedKeys, depth: depth + 1, cursor: nested)
    }

    /// The position of the key of the container's only entry (`DecodingState.onlyMessageKey`).
    public func onlyKey(of type: Any.Type) throws -> Int {
        try state.onlyMessageKey(keys: keys, cursor: cursor)
    }
}
