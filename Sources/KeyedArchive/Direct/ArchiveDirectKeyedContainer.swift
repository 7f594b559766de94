#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The keyed container of an `ArchiveDirectEncodable` value: generated code writes each stored
/// property under its key, named by its position in the type's `ArchiveKeySet`.
///
/// Each method writes what the same call on an archive encoder's `KeyedEncodingContainer`
/// writes: scalars straight into the byte stream, other values natively or through their own
/// generated code when they have it, and through `encode(to:)` otherwise.
///
/// An optional is written as the synthesized conformance writes an optional property, with
/// `encodeIfPresent`: `nil` is no entry at all. Overloads for `Optional` do that, so generated
/// code calls `encode(_:at:)` for every property and the compiler, which knows which types are
/// optional (through type aliases too), picks the right one.
public struct ArchiveDirectKeyedContainer {
    let state: EncodingState
    let container: ContainerRef
    let keys: ArchiveKeySet
    /// The path of the value this container holds.
    let path: CodingPathNode
    /// Where the places of the string keys of `keys` are in `state.directKeyWires`.
    let wireBase: Int

    init(state: EncodingState, container: ContainerRef, keys: ArchiveKeySet, path: CodingPathNode) {
        (self.state, self.container, self.keys, self.path) = (state, container, keys, path)
        wireBase = keys.hasStringKeys ? state.directKeyWires.base(for: keys) : 0
    }

    /// The key varint of key `index`, adding a string key to the archive's key table the first
    /// time it is written.
    @inline(__always)
    private func wire(_ index: Int) -> UInt64 {
        if let integer = keys.integerWires[index] { return integer }
        return keptWire(index) ?? newStringWire(index)
    }

    /// The varint of string key `index` if its place in the key table holds: it was written
    /// before in this archive, or in an earlier one whose table this one has followed so far or
    /// follows with this key (which it then adds).
    @inline(__always)
    private func keptWire(_ index: Int) -> UInt64? {
        state.keyTable.wire(at: state.directKeyWires.places[wireBase + index])
    }

    /// The varint of string key `index` when its place does not hold: found or added in the
    /// key table, and its place noted.
    @inline(never)
    private func newStringWire(_ index: Int) -> UInt64 {
        let tableIndex = state.keyTable.index(ofName: keys.names[index])
        // The epoch after the lookup, which may have dropped the last archive's strings.
        state.directKeyWires.note(DirectKeyWires.Place(epoch: state.keyTable.epoch, index: tableIndex), at: wireBase + index)
        return KeyForm.wire(stringIndex: tableIndex)
    }

    /// Writes key `index` followed by a natively encoded value: the path of nearly every
    /// entry generated code writes, so what it inlines is kept to the key's fixed varint and the
    /// value; anything else about the key is `writeKeySlowly`'s.
    @inline(__always)
    private func writeEntry(_ index: Int, _ write: (inout ByteWriter) -> Void) throws {
        if isInMessage {
            try writeMessageKey(index)
            write(&state.main.writer)
            return
        }
        let wire = keys.fixedWires[index]
        state.withSink(forWritingTo: container) { sink in
            if wire != ArchiveKeySet.noFixedWire {
                sink.writer.appendVarint(wire)
            } else if keys.identitiesAreDistinct, let kept = keptWire(index) {
                // A string key whose place in the table holds.
                sink.writer.appendVarint(kept)
            } else {
                writeKeySlowly(index, into: sink)
            }
            write(&sink.writer)
        }
    }

    /// `writeKey` for a key without a fixed varint: a string key, or a key of a set whose
    /// keys could repeat.
    @inline(never)
    private func writeKeySlowly(_ index: Int, into sink: EncodingSink) {
        writeKey(index, into: sink)
    }

    /// Writes key `index` as a new entry of the container at the top of `sink`.
    @inline(__always)
    private func writeKey(_ index: Int, into sink: EncodingSink) {
        if keys.identitiesAreDistinct {
            // No key of the set can repeat (each is written once), so there is no duplicate
            // to note. A keyed frame's entry count only serves to roll back a value that
            // throws, and `encodeAnyValue` counts its entry against its own mark.
            sink.writer.appendVarint(wire(index))
        } else {
            state.writeKey(wire: wire(index), into: sink)
        }
    }

    /// Whether this is a container of a message (`MessageWriting.swift`).
    @inline(__always)
    private var isInMessage: Bool { container.id.sink == EncodingState.messageSink }

    /// In a message: makes this container the innermost open one and writes key `index` as a
    /// new entry. Throws if the message was abandoned, or is abandoned here because the key
    /// set's keys could repeat (the general path handles repeated keys).
    @inline(__always)
    private func writeMessageKey(_ index: Int) throws {
        guard state.reachMessageContainer(container) else { throw MessageAbandoned() }
        let wire = keys.fixedWires[index]
        if wire != ArchiveKeySet.noFixedWire {
            state.main.writer.appendVarint(wire)
        } else if keys.identitiesAreDistinct, let kept = keptWire(index) {
            // A string key whose place in the table holds.
            state.main.writer.appendVarint(kept)
        } else {
            try writeMessageKeySlowly(index)
        }
    }

    /// `writeMessageKey` for a key without a fixed or kept varint: a string key written for
    /// the first time, or a key of a set whose keys could repeat (the general path's business).
    @inline(never)
    private func writeMessageKeySlowly(_ index: Int) throws {
        guard keys.identitiesAreDistinct else { throw state.abandonMessage() }
        state.main.writer.appendVarint(wire(index))
    }

    /// A keyed container nested under key `key`, with the keys `nestedKeys`: what
    /// `nestedContainer(keyedBy:forKey:)` opens, as the synthesized `encode(to:)` of an enum
    /// with associated values opens one for the case it writes.
    ///
    /// Generated code asks once per key, so the container is always new (`encode(to:)`'s
    /// containers continue one asked for again under the same key). Past the depth limit it
    /// is dead and `encode` throws at the end, as the general path does.
    public mutating func nestedContainer(_ nestedKeys: ArchiveKeySet, at key: Int) -> ArchiveDirectKeyedContainer {
        if isInMessage { return nestedMessageContainer(nestedKeys, at: key) }
        let depth = container.depth + 1
        let nestedPath = path.appending(keys.keys[key])
        guard state.allowsContainer(atDepth: depth, path: nestedPath.path), let sink = state.sink(forWritingTo: container) else {
            return ArchiveDirectKeyedContainer(state: state, container: .dead(.keyed, depth: container.depth), keys: nestedKeys, path: path)
        }
        writeKey(key, into: sink)
        return ArchiveDirectKeyedContainer(state: state, container: sink.open(.keyed, depth: depth), keys: nestedKeys, path: nestedPath)
    }

    /// `nestedContainer` in a message. A container that cannot be opened abandons the message;
    /// the one returned is never written.
    @inline(never)
    private func nestedMessageContainer(_ nestedKeys: ArchiveKeySet, at key: Int) -> ArchiveDirectKeyedContainer {
        if (try? writeMessageKey(key)) == nil { _ = state.abandonMessage() }
        return ArchiveDirectKeyedContainer(state: state, container: state.openMessageContainer(.keyed, depth: container.depth + 1),
                                           keys: nestedKeys, path: .root)
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

    /// Writes `value` under key `key`: natively if the format has a form for its type, through
    /// its generated code if it has some, through `encode(to:)` otherwise.
    public mutating func encode<T: Encodable>(_ value: T, at key: Int) throws {
        try encodeAnyValue(value, at: key)
    }

    /// What the keyed container of `encode(to:)` does for a value of any type.
    private func encodeAnyValue<T: Encodable>(_ value: T, at key: Int) throws {
        if isInMessage { return try encodeMessageValue(value, at: key) }
        try state.withSink(forWritingTo: container) { sink in
            let mark = sink.mark()
            let addedKey = state.writeKey(wire: wire(key), into: sink)
            try state.encodeValueRollingBack(
                value, in: sink, mark: mark, addedKey: addedKey, parentPath: path, component: .keyOf(keys, key),
                depth: container.depth + 1, optionalDepth: 1)
        }
    }

    /// `encodeAnyValue` in a message: a native value, or one with generated code; anything
    /// else abandons the message.
    private func encodeMessageValue<T: Encodable>(_ value: T, at key: Int) throws {
        let depth = container.depth + 1
        try writeMessageKey(key)
        if NativeEncoding.write(value, into: &state.main.writer, withinDepth: depth <= state.maximumDepth) { return }
        guard let direct = state.directEncodableType(T.self) else { throw state.abandonMessage() }
        try state.encodeMessageValue(value, as: direct, depth: depth)
    }

    /// `encode(_:at:)` in a message for a value with generated code (not a class instance, nor
    /// a type whose generated code leaves it to `encode(to:)`: those abandon the message).
    private func encodeMessageDirect<T: ArchiveDirectEncodable>(_ value: T, at key: Int) throws {
        guard state.directEncodableType(T.self) != nil else { throw state.abandonMessage() }
        try writeMessageKey(key)
        try state.encodeMessageValue(value, depth: container.depth + 1)
    }

    /// Writes the unknown entries of `fields` that stood after key `anchor` (−1: before the
    /// first key) in the archive they were read from, back in that place: generated code calls
    /// it before the first property and after each one.
    ///
    /// Fields read by another type (or version) may stand after a key this type does not have:
    /// they are written after the last key, so that every entry is written. An entry whose key
    /// is one of this type's, or an alias of one, is not: the property's value is written, and
    /// two entries for one key would make an archive no decoder reads.
    public mutating func encode(_ fields: ArchiveUnknownFields, after anchor: Int) throws {
        guard !fields.isEmpty else { return }
        // A message writes known keys only: the general path writes the archive again.
        if isInMessage { throw state.abandonMessage() }
        let isLast = anchor == keys.count - 1
        for entry in fields.entries where (entry.anchor == anchor || isLast && entry.anchor > anchor) && !keys.owns(entry.key) {
            // Each key in the form it had, a string one through the key table, as
            // `encodeAnyValue` writes a key of the key set. Its steps, not a helper shared with
            // it: that helper cost app state's encoding 0.4 % more instructions even inlined,
            // 1.6 % not (callgrind), on the path every value without generated code takes.
            let wire = KeyForm.integer(of: entry.key).map(KeyForm.wire(integer:))
                ?? KeyForm.wire(stringIndex: state.keyTable.index(of: entry.key.stringValue))
            try state.withSink(forWritingTo: container) { sink in
                let mark = sink.mark()
                let addedKey = state.writeKey(wire: wire, into: sink)
                try state.encodeValueRollingBack(
                    entry.value, in: sink, mark: mark, addedKey: addedKey, parentPath: path, component: .key(entry.key),
                    depth: container.depth + 1, optionalDepth: 1)
            }
        }
    }

    /// Writes `value` under key `key` unless it is `nil` (then there is no entry).
    public mutating func encode<T: Encodable>(_ value: T?, at key: Int) throws {
        if let value { try encode(value, at: key) }
    }

    /// Writes `value`, which has generated code, under key `key`: straight through that code,
    /// without looking up the type's conformance. Without this overload (every value through
    /// `encode<T: Encodable>`), encoding the sample commits took 4.8 % more instructions.
    public mutating func encode<T: ArchiveDirectEncodable>(_ value: T, at key: Int) throws {
        if isInMessage { return try encodeMessageDirect(value, at: key) }
        let depth = container.depth + 1
        // A class instance needs the identity and cycle checks, a type whose generated code
        // does not write what `encode(to:)` writes its conformance (`directEncodableType`
        // answers both, kept per type), and a value past the depth limit the error: all the
        // general path's business (as is everything when the generated code is switched off).
        guard state.usesGeneratedCode, state.directEncodableType(T.self) != nil, depth <= state.maximumDepth else {
            return try encodeAnyValue(value, at: key)
        }
        try state.withSink(forWritingTo: container) { sink in
            let mark = sink.mark()
            let addedKey = state.writeKey(wire: wire(key), into: sink)
            do {
                try state.encodeDirect(value, in: sink, parentPath: path, component: .keyOf(keys, key), depth: depth)
            } catch {
                state.rollBack(sink, to: mark, addedEntries: 1, addedKey: addedKey)
                throw error
            }
        }
    }

    /// Writes `value`, which has generated code, under key `key` unless it is `nil`.
    public mutating func encode<T: ArchiveDirectEncodable>(_ value: T?, at key: Int) throws {
        if let value { try encode(value, at: key) }
    }
}
