/// Writes key/value entries into a keyed container.
///
/// Scalars go straight into the byte stream after their key; other values are encoded in place
/// by a nested `EncoderImpl`. Several `container(keyedBy:)` calls on one encoder share the
/// same container, as in Foundation.
struct ArchiveKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: EncoderImpl
    let container: ContainerRef
    let path: CodingPathNode

    var codingPath: [any CodingKey] { path.path }
    private var state: EncodingState { encoder.state }

    /// Writes `key` followed by a natively encoded scalar.
    @inline(__always)
    private func writeEntry(_ key: Key, _ write: (inout ByteWriter) -> Void) {
        encoder.withSink(forWritingTo: container) { state, sink in
            state.writeKey(key, into: sink)
            write(&sink.writer)
        }
    }

    mutating func encodeNil(forKey key: Key) throws { writeEntry(key) { $0.append(WireTag.nil) } }
    mutating func encode(_ value: Bool, forKey key: Key) throws { writeEntry(key) { $0.append(value ? WireTag.true : WireTag.false) } }
    mutating func encode(_ value: String, forKey key: Key) throws { writeEntry(key) { NativeEncoding.writeString(value, into: &$0) } }
    mutating func encode(_ value: Double, forKey key: Key) throws { writeEntry(key) { NativeEncoding.writeDouble(value, into: &$0) } }
    mutating func encode(_ value: Float, forKey key: Key) throws { writeEntry(key) { NativeEncoding.writeFloat(value, into: &$0) } }
    mutating func encode(_ value: Int, forKey key: Key) throws { writeEntry(key) { NativeEncoding.writeInteger(value, into: &$0) } }
    mutating func encode(_ value: Int8, forKey key: Key) throws { writeEntry(key) { NativeEncoding.writeInteger(value, into: &$0) } }
    mutating func encode(_ value: Int16, forKey key: Key) throws { writeEntry(key) { NativeEncoding.writeInteger(value, into: &$0) } }
    mutating func encode(_ value: Int32, forKey key: Key) throws { writeEntry(key) { NativeEncoding.writeInteger(value, into: &$0) } }
    mutating func encode(_ value: Int64, forKey key: Key) throws { writeEntry(key) { NativeEncoding.writeInteger(value, into: &$0) } }
    mutating func encode(_ value: Int128, forKey key: Key) throws { writeEntry(key) { NativeEncoding.writeInteger(value, into: &$0) } }
    mutating func encode(_ value: UInt, forKey key: Key) throws { writeEntry(key) { NativeEncoding.writeInteger(value, into: &$0) } }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { writeEntry(key) { NativeEncoding.writeInteger(value, into: &$0) } }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { writeEntry(key) { NativeEncoding.writeInteger(value, into: &$0) } }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { writeEntry(key) { NativeEncoding.writeInteger(value, into: &$0) } }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { writeEntry(key) { NativeEncoding.writeInteger(value, into: &$0) } }
    mutating func encode(_ value: UInt128, forKey key: Key) throws { writeEntry(key) { NativeEncoding.writeInteger(value, into: &$0) } }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try encoder.withSink(forWritingTo: container) { state, sink in
            let mark = sink.mark()
            let addedKey = state.writeKey(key, into: sink)
            try state.encodeValueRollingBack(
                value, in: sink, mark: mark, addedKey: addedKey, parentPath: path, component: .key(key),
                depth: container.depth + 1, optionalDepth: 1)
        }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let (nested, nestedPath) = openNested(.keyed, forKey: key)
        return KeyedEncodingContainer(ArchiveKeyedEncodingContainer<NestedKey>(encoder: encoder, container: nested, path: nestedPath))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let (nested, nestedPath) = openNested(.unkeyed, forKey: key)
        return ArchiveUnkeyedEncodingContainer(encoder: encoder, container: nested, path: nestedPath)
    }

    private func openNested(_ kind: ContainerLayout.Kind, forKey key: Key) -> (ContainerRef, CodingPathNode) {
        let depth = container.depth + 1
        // Past the limit the container is dead and keeps this path: a loop nesting containers
        // 100,000 deep must not build (and then free) a path that long.
        guard state.allowsContainer(atDepth: depth, path: path.appending(key).path),
              let sink = state.sink(forWritingTo: container)
        else { return (.dead(kind, depth: container.depth), path) }
        return (openNested(kind, forKey: key, depth: depth, in: sink), path.appending(key))
    }

    private func openNested(_ kind: ContainerLayout.Kind, forKey key: Key, depth: Int, in sink: EncodingSink) -> ContainerRef {
        let wire = state.wireKey(key)
        let top = sink.stack.count - 1
        // Asking again for a container under a key that holds one of that kind continues it, as
        // `JSONEncoder` does; under a key that holds anything else, the new container replaces
        // it (the last write wins). Late entries (a virtual frame) do not know the keys written
        // before the container closed, so they always look. A super encoder that has written
        // nothing yet only holds its key: the nested container is a new value, which replaces it.
        let identity = state.keyTable.identity(of: wire)
        let duplicate = sink.stack.insertKey(identity, inFrame: top)
        if duplicate || sink.stack[top].isVirtual,
           let existing = state.containerHeld(forKey: identity, in: container, kind: kind, depth: depth),
           !state.lateWrites.unclaimedSuperPlaceholders.contains(existing.id) {
            return existing
        }
        state.appendKey(wire: wire, identity: identity, duplicate: duplicate, into: sink)
        return sink.open(kind, depth: depth)
    }

    mutating func superEncoder() -> any Encoder { openSuperEncoder(forKey: SuperKey()) }

    mutating func superEncoder(forKey key: Key) -> any Encoder { openSuperEncoder(forKey: key) }

    /// A super encoder's value belongs right after its key. If it is filled at once (the usual
    /// `try super.encode(to: container.superEncoder())`) it streams in place; if it is filled
    /// after the container has moved on, it replaces the placeholder left in its slot.
    private func openSuperEncoder<K: CodingKey>(forKey key: K) -> any Encoder {
        let depth = container.depth + 1
        let superEncoder = EncoderImpl(state: state, parentPath: path, component: .key(key), depth: depth, optionalDepth: 0,
                                       role: .placeholder(.dead(.keyed, depth: depth)), isSuperEncoder: true)
        guard let sink = state.sink(forWritingTo: container) else { return superEncoder }
        state.writeKey(key, into: sink)
        superEncoder.role = .pending(sink)
        sink.pendingSlot = superEncoder
        return superEncoder
    }
}
