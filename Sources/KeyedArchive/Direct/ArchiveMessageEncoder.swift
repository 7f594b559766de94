#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The writer of a message (`MessageWriting.swift`): generated code's entries go straight to the
/// end of the archive's bytes, each container a payload open on the message's stack.
///
/// For generated code, as `ArchiveWriter` is: values reach it only through `_archiveEncode`.
public struct ArchiveMessageEncoder: ArchiveWriter {
    let state: EncodingState
    /// Nesting depth of the value (checked against the limit by whoever made this writer).
    let depth: Int
    /// How the value is reached from the container around it (`MessagePath.swift`).
    let step: MessageStep
    /// Whether the value was written (a keyed container opened, or a single value).
    private(set) var wroteValue = false

    init(state: EncodingState, depth: Int, step: MessageStep) { (self.state, self.depth, self.step) = (state, depth, step) }

    /// Marks the value written; stops on a second write, which would corrupt the archive.
    private mutating func claimValue() {
        precondition(!wroteValue, "Attempt to write a generated-code value twice (a keyed container or a single value was already written)")
        wroteValue = true
    }

    /// The value's keyed container, opened at the end of the message.
    public mutating func keyedContainer(_ keys: ArchiveKeySet) -> ArchiveMessageKeyedContainer {
        claimValue()
        return ArchiveMessageKeyedContainer(state: state, keys: keys, depth: depth, step: step)
    }

    /// Writes `value` as the whole value.
    public mutating func encodeSingleValue(_ value: String) throws { claimValue(); NativeEncoding.writeString(value, into: &state.main.writer) }
    /// Writes `value` as the whole value.
    public mutating func encodeSingleValue(_ value: Double) throws { claimValue(); NativeEncoding.writeDouble(value, into: &state.main.writer) }
    /// Writes `value` as the whole value.
    public mutating func encodeSingleValue(_ value: Float) throws { claimValue(); NativeEncoding.writeFloat(value, into: &state.main.writer) }
    /// Writes `value` as the whole value.
    public mutating func encodeSingleValue(_ value: Int) throws { claimValue(); NativeEncoding.writeInteger(value, into: &state.main.writer) }
    /// Writes `value` as the whole value.
    public mutating func encodeSingleValue(_ value: Int8) throws { claimValue(); NativeEncoding.writeInteger(value, into: &state.main.writer) }
    /// Writes `value` as the whole value.
    public mutating func encodeSingleValue(_ value: Int16) throws { claimValue(); NativeEncoding.writeInteger(value, into: &state.main.writer) }
    /// Writes `value` as the whole value.
    public mutating func encodeSingleValue(_ value: Int32) throws { claimValue(); NativeEncoding.writeInteger(value, into: &state.main.writer) }
    /// Writes `value` as the whole value.
    public mutating func encodeSingleValue(_ value: Int64) throws { claimValue(); NativeEncoding.writeInteger(value, into: &state.main.writer) }
    /// Writes `value` as the whole value.
    public mutating func encodeSingleValue(_ value: UInt) throws { claimValue(); NativeEncoding.writeInteger(value, into: &state.main.writer) }
    /// Writes `value` as the whole value.
    public mutating func encodeSingleValue(_ value: UInt8) throws { claimValue(); NativeEncoding.writeInteger(value, into: &state.main.writer) }
    /// Writes `value` as the whole value.
    public mutating func encodeSingleValue(_ value: UInt16) throws { claimValue(); NativeEncoding.writeInteger(value, into: &state.main.writer) }
    /// Writes `value` as the whole value.
    public mutating func encodeSingleValue(_ value: UInt32) throws { claimValue(); NativeEncoding.writeInteger(value, into: &state.main.writer) }
    /// Writes `value` as the whole value.
    public mutating func encodeSingleValue(_ value: UInt64) throws { claimValue(); NativeEncoding.writeInteger(value, into: &state.main.writer) }

    /// Writes `elements` as an unkeyed container whose count is known when it is opened; each
    /// element through its generated code, after the previous one's containers are closed. A
    /// class instance (which needs the cycle checks) and an element whose generated code leaves
    /// it to `encode(to:)` are written in place by the general path.
    public mutating func encodeElements<Element: ArchiveDirectEncodable>(_ elements: [Element]) throws {
        claimValue()
        let serial = state.openMessageContainer(.unkeyed, depth: depth, count: elements.count, step: step)
        let inPlace = Element.self is AnyObject.Type || !Element._archiveCanEncode
        for index in 0..<elements.count {
            guard state.reachMessageContainer(serial: serial, depth: depth) else { throw MessageAbandoned() }
            if inPlace {
                try state.encodeInMessage(elements[index], component: .index(index), depth: depth + 1)
            } else {
                try state.encodeMessageValue(elements[index], depth: depth + 1, step: MessageStep(element: index))
            }
        }
    }
}

/// The keyed container of a message: each entry's key, then its value, at the end of the bytes.
/// A value without generated code or a class instance is written in place by the general path;
/// a key set whose keys could repeat gives the message up, and the general path writes the
/// archive (`MessageWriting.swift`).
public struct ArchiveMessageKeyedContainer: ArchiveKeyedWriter {
    let state: EncodingState
    let keys: ArchiveKeySet
    /// The container's serial on the message's stack: 0, which no container has, if it could not
    /// be opened (the message is given up then).
    let serial: Int
    let depth: Int

    /// Opens a keyed container with the keys `keys` at the end of the message, at depth `depth`,
    /// reached by `step`.
    init(state: EncodingState, keys: ArchiveKeySet, depth: Int, step: MessageStep) {
        (self.state, self.keys, self.depth) = (state, keys, depth)
        serial = state.openMessageContainer(.keyed, depth: depth, step: step)
    }

    /// Makes this container the innermost open one and writes key `index` as a new entry.
    /// Throws if the message was given up, or is given up here because the key set's keys could
    /// repeat (the general path handles repeated keys).
    @inline(__always)
    private func writeKey(_ index: Int) throws {
        guard state.reachMessageContainer(serial: serial, depth: depth) else { throw MessageAbandoned() }
        if let wire = state.quickDirectWire(keys, index) {
            state.main.writer.appendVarint(wire)
        } else {
            try writeKeySlowly(index)
        }
    }

    /// `writeKey` for a key without a quick varint: a string key written for the first time, or
    /// a key of a set whose keys could repeat (the general path's business). The first is added
    /// to the key table at once: `quickDirectWire` has looked for it there.
    @inline(never)
    private func writeKeySlowly(_ index: Int) throws {
        guard keys.identitiesAreDistinct else { throw state.abandonMessage() }
        state.main.writer.appendVarint(state.keyTable.wire(adding: keys, at: index))
    }

    /// Writes key `index` followed by a natively encoded value.
    @inline(__always)
    private func writeEntry(_ index: Int, _ write: (inout ByteWriter) -> Void) throws {
        try writeKey(index)
        write(&state.main.writer)
    }

    /// A keyed container nested under key `key`, with the keys `nestedKeys`. One that cannot
    /// be opened gives the message up; the one returned is then never written.
    public mutating func nestedContainer(_ nestedKeys: ArchiveKeySet, at key: Int) -> ArchiveMessageKeyedContainer {
        if (try? writeKey(key)) == nil { _ = state.abandonMessage() }
        return ArchiveMessageKeyedContainer(state: state, keys: nestedKeys, depth: depth + 1, step: MessageStep(keys, key))
    }

    /// Writes an explicit nil under key `key`.
    public mutating func encodeNil(at key: Int) throws { try writeEntry(key) { $0.append(WireTag.nil) } }

    /// Writes `value` under key `key`.
    public mutating func encode(_ value: Bool, at key: Int) throws { try writeEntry(key) { $0.append(value ? WireTag.true : WireTag.false) } }
    /// Writes `value` under key `key`.
    public mutating func encode(_ value: String, at key: Int) throws { try writeEntry(key) { NativeEncoding.writeString(value, into: &$0) } }
    /// Writes `value` under key `key`.
    public mutating func encode(_ value: Double, at key: Int) throws { try writeEntry(key) { NativeEncoding.writeDouble(value, into: &$0) } }
    /// Writes `value` under key `key`.
    public mutating func encode(_ value: Float, at key: Int) throws { try writeEntry(key) { NativeEncoding.writeFloat(value, into: &$0) } }
    /// Writes `value` under key `key`.
    public mutating func encode(_ value: Int, at key: Int) throws { try writeEntry(key) { NativeEncoding.writeInteger(value, into: &$0) } }
    /// Writes `value` under key `key`.
    public mutating func encode(_ value: Int8, at key: Int) throws { try writeEntry(key) { NativeEncoding.writeInteger(value, into: &$0) } }
    /// Writes `value` under key `key`.
    public mutating func encode(_ value: Int16, at key: Int) throws { try writeEntry(key) { NativeEncoding.writeInteger(value, into: &$0) } }
    /// Writes `value` under key `key`.
    public mutating func encode(_ value: Int32, at key: Int) throws { try writeEntry(key) { NativeEncoding.writeInteger(value, into: &$0) } }
    /// Writes `value` under key `key`.
    public mutating func encode(_ value: Int64, at key: Int) throws { try writeEntry(key) { NativeEncoding.writeInteger(value, into: &$0) } }
    /// Writes `value` under key `key`.
    public mutating func encode(_ value: UInt, at key: Int) throws { try writeEntry(key) { NativeEncoding.writeInteger(value, into: &$0) } }
    /// Writes `value` under key `key`.
    public mutating func encode(_ value: UInt8, at key: Int) throws { try writeEntry(key) { NativeEncoding.writeInteger(value, into: &$0) } }
    /// Writes `value` under key `key`.
    public mutating func encode(_ value: UInt16, at key: Int) throws { try writeEntry(key) { NativeEncoding.writeInteger(value, into: &$0) } }
    /// Writes `value` under key `key`.
    public mutating func encode(_ value: UInt32, at key: Int) throws { try writeEntry(key) { NativeEncoding.writeInteger(value, into: &$0) } }
    /// Writes `value` under key `key`.
    public mutating func encode(_ value: UInt64, at key: Int) throws { try writeEntry(key) { NativeEncoding.writeInteger(value, into: &$0) } }
    /// Writes `value` under key `key`.
    public mutating func encode(_ value: Date, at key: Int) throws { try writeEntry(key) { NativeEncoding.writeDate(value, into: &$0) } }
    /// Writes `value` under key `key`.
    public mutating func encode(_ value: URL, at key: Int) throws { try writeEntry(key) { NativeEncoding.writeURL(value, into: &$0) } }
    /// Writes `value` under key `key`.
    public mutating func encode(_ value: UUID, at key: Int) throws { try writeEntry(key) { NativeEncoding.writeUUID(value, into: &$0) } }
    /// Writes `value` under key `key`.
    public mutating func encode(_ value: Data, at key: Int) throws { try writeEntry(key) { NativeEncoding.writeBytes(value, into: &$0) } }

    /// Writes `value` under key `key`: a native value, or one with generated code; anything
    /// else in place, by the general path.
    public mutating func encode<T: Encodable>(_ value: T, at key: Int) throws {
        let valueDepth = depth + 1
        try writeKey(key)
        if NativeEncoding.write(value, into: &state.main.writer, withinDepth: valueDepth <= state.maximumDepth) { return }
        guard let direct = state.directEncodableType(T.self) else {
            return try state.encodeInMessage(value, component: .keyOf(keys, key), depth: valueDepth)
        }
        try state.encodeMessageValue(value, as: direct, depth: valueDepth, step: MessageStep(keys, key))
    }

    /// Writes `value`, which has generated code, under key `key`: a class instance, or a type
    /// whose generated code leaves it to `encode(to:)`, in place by the general path.
    public mutating func encode<T: ArchiveDirectEncodable>(_ value: T, at key: Int) throws {
        try writeKey(key)
        guard state.directEncodableType(T.self) != nil else {
            return try state.encodeInMessage(value, component: .keyOf(keys, key), depth: depth + 1)
        }
        try state.encodeMessageValue(value, depth: depth + 1, step: MessageStep(keys, key))
    }

    /// Writes the unknown entries of `fields` that stood after key `anchor`, as
    /// `ArchiveDirectKeyedContainer` does: each key in the form it had, each value in place by
    /// the general path. Entries whose keys could repeat one another give the message up (the
    /// general path notes repeated keys; a message has no record of its keys).
    public mutating func encode(_ fields: ArchiveUnknownFields, after anchor: Int) throws {
        guard !fields.isEmpty else { return }
        guard fields.keysAreDistinct else { throw state.abandonMessage() }
        for entry in fields.entries(after: anchor, of: keys) {
            guard state.reachMessageContainer(serial: serial, depth: depth) else { throw MessageAbandoned() }
            state.main.writer.appendVarint(state.wire(ofUnknownKey: entry.key))
            try state.encodeInMessage(entry.value, component: .key(entry.key), depth: depth + 1)
        }
    }

    // MARK: Optionals: no entry for `nil` (see `ArchiveKeyedWriter`).

    /// Writes `value` under key `key` unless it is `nil`.
    public mutating func encode(_ value: Date?, at key: Int) throws { if let value { try encode(value, at: key) } }
    /// Writes `value` under key `key` unless it is `nil`.
    public mutating func encode(_ value: URL?, at key: Int) throws { if let value { try encode(value, at: key) } }
    /// Writes `value` under key `key` unless it is `nil`.
    public mutating func encode(_ value: UUID?, at key: Int) throws { if let value { try encode(value, at: key) } }
    /// Writes `value` under key `key` unless it is `nil`.
    public mutating func encode(_ value: Data?, at key: Int) throws { if let value { try encode(value, at: key) } }
    /// Writes `value` under key `key` unless it is `nil`.
    public mutating func encode(_ value: Bool?, at key: Int) throws { if let value { try encode(value, at: key) } }
    /// Writes `value` under key `key` unless it is `nil`.
    public mutating func encode(_ value: String?, at key: Int) throws { if let value { try encode(value, at: key) } }
    /// Writes `value` under key `key` unless it is `nil`.
    public mutating func encode(_ value: Double?, at key: Int) throws { if let value { try encode(value, at: key) } }
    /// Writes `value` under key `key` unless it is `nil`.
    public mutating func encode(_ value: Float?, at key: Int) throws { if let value { try encode(value, at: key) } }
    /// Writes `value` under key `key` unless it is `nil`.
    public mutating func encode(_ value: Int?, at key: Int) throws { if let value { try encode(value, at: key) } }
    /// Writes `value` under key `key` unless it is `nil`.
    public mutating func encode(_ value: Int8?, at key: Int) throws { if let value { try encode(value, at: key) } }
    /// Writes `value` under key `key` unless it is `nil`.
    public mutating func encode(_ value: Int16?, at key: Int) throws { if let value { try encode(value, at: key) } }
    /// Writes `value` under key `key` unless it is `nil`.
    public mutating func encode(_ value: Int32?, at key: Int) throws { if let value { try encode(value, at: key) } }
    /// Writes `value` under key `key` unless it is `nil`.
    public mutating func encode(_ value: Int64?, at key: Int) throws { if let value { try encode(value, at: key) } }
    /// Writes `value` under key `key` unless it is `nil`.
    public mutating func encode(_ value: UInt?, at key: Int) throws { if let value { try encode(value, at: key) } }
    /// Writes `value` under key `key` unless it is `nil`.
    public mutating func encode(_ value: UInt8?, at key: Int) throws { if let value { try encode(value, at: key) } }
    /// Writes `value` under key `key` unless it is `nil`.
    public mutating func encode(_ value: UInt16?, at key: Int) throws { if let value { try encode(value, at: key) } }
    /// Writes `value` under key `key` unless it is `nil`.
    public mutating func encode(_ value: UInt32?, at key: Int) throws { if let value { try encode(value, at: key) } }
    /// Writes `value` under key `key` unless it is `nil`.
    public mutating func encode(_ value: UInt64?, at key: Int) throws { if let value { try encode(value, at: key) } }
    /// Writes `value` under key `key` unless it is `nil` (then there is no entry).
    public mutating func encode<T: Encodable>(_ value: T?, at key: Int) throws { if let value { try encode(value, at: key) } }
    /// Writes `value`, which has generated code, under key `key` unless it is `nil`.
    public mutating func encode<T: ArchiveDirectEncodable>(_ value: T?, at key: Int) throws {
        if let value { try encode(value, at: key) }
    }
}
