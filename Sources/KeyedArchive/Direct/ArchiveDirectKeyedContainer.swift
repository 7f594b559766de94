#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The keyed container of `ArchiveDirectEncoder`: entries written through the sinks, frames and
/// late writes of `encode(to:)`, so that everything `encode(to:)` may do around them sees the
/// same bytes.
public struct ArchiveDirectKeyedContainer: ArchiveKeyedWriter {
    let state: EncodingState
    let container: ContainerRef
    let keys: ArchiveKeySet
    /// The path of the value this container holds.
    let path: CodingPathNode

    init(state: EncodingState, container: ContainerRef, keys: ArchiveKeySet, path: CodingPathNode) {
        (self.state, self.container, self.keys, self.path) = (state, container, keys, path)
    }

    /// The key varint of key `index`, adding a string key to the archive's key table the first
    /// time it is written.
    @inline(__always)
    private func wire(_ index: Int) -> UInt64 { state.directWire(keys, index) }

    /// Writes key `index` followed by a natively encoded value: the path of nearly every
    /// entry generated code writes, so what it inlines is kept to the key's fixed varint and the
    /// value; anything else about the key is `writeKeySlowly`'s.
    @inline(__always)
    private func writeEntry(_ index: Int, _ write: (inout ByteWriter) -> Void) throws {
        state.withSink(forWritingTo: container) { sink in
            if let wire = state.quickDirectWire(keys, index) {
                sink.writer.appendVarint(wire)
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

    /// A keyed container nested under key `key`, with the keys `nestedKeys`: what
    /// `nestedContainer(keyedBy:forKey:)` opens, as the synthesized `encode(to:)` of an enum
    /// with associated values opens one for the case it writes.
    ///
    /// Generated code asks once per key, so the container is always new (`encode(to:)`'s
    /// containers continue one asked for again under the same key). Past the depth limit it
    /// is dead and `encode` throws at the end, as the general path does.
    public mutating func nestedContainer(_ nestedKeys: ArchiveKeySet, at key: Int) -> ArchiveDirectKeyedContainer {
        let depth = container.depth + 1
        let nestedPath = path.appending(keys.keys[key])
        guard state.allowsContainer(atDepth: depth, path: nestedPath.path), let sink = state.sink(forWritingTo: container) else {
            return ArchiveDirectKeyedContainer(state: state, container: .dead(.keyed, depth: container.depth), keys: nestedKeys, path: path)
        }
        writeKey(key, into: sink)
        return ArchiveDirectKeyedContainer(state: state, container: sink.open(.keyed, depth: depth), keys: nestedKeys, path: nestedPath)
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


    /// Writes `value` under key `key`: natively if the format has a form for its type, through
    /// its generated code if it has some, through `encode(to:)` otherwise.
    public mutating func encode<T: Encodable>(_ value: T, at key: Int) throws {
        try encodeAnyValue(value, at: key)
    }

    /// What the keyed container of `encode(to:)` does for a value of any type.
    private func encodeAnyValue<T: Encodable>(_ value: T, at key: Int) throws {
        try state.withSink(forWritingTo: container) { sink in
            let mark = sink.mark()
            let addedKey = state.writeKey(wire: wire(key), into: sink)
            try state.encodeValueRollingBack(
                value, in: sink, mark: mark, addedKey: addedKey, parentPath: path, component: .keyOf(keys, key),
                depth: container.depth + 1, optionalDepth: 1)
        }
    }

    /// Writes the unknown entries of `fields` that belong after key `anchor` (−1: before the
    /// first key; which ones: `ArchiveUnknownFields.entries(after:of:)`) back in that place:
    /// generated code calls it before the first property and after each one.
    public mutating func encode(_ fields: ArchiveUnknownFields, after anchor: Int) throws {
        guard !fields.isEmpty else { return }
        for entry in fields.entries(after: anchor, of: keys) {
            // `encodeAnyValue`'s steps, not a helper shared with it: that helper cost app
            // state's encoding 0.4 % more instructions even inlined, 1.6 % not (callgrind), on
            // the path every value without generated code takes.
            let wire = state.wire(ofUnknownKey: entry.key)
            try state.withSink(forWritingTo: container) { sink in
                let mark = sink.mark()
                let addedKey = state.writeKey(wire: wire, into: sink)
                try state.encodeValueRollingBack(
                    entry.value, in: sink, mark: mark, addedKey: addedKey, parentPath: path, component: .key(entry.key),
                    depth: container.depth + 1, optionalDepth: 1)
            }
        }
    }

    /// Writes `value`, which has generated code, under key `key`: straight through that code,
    /// without looking up the type's conformance. Without this overload (every value through
    /// `encode<T: Encodable>`), encoding the sample commits took 4.8 % more instructions.
    public mutating func encode<T: ArchiveDirectEncodable>(_ value: T, at key: Int) throws {
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
