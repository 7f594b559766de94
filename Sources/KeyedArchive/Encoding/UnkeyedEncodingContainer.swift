/// Appends elements to an unkeyed container.
struct ArchiveUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let encoder: EncoderImpl
    let container: ContainerRef
    let path: CodingPathNode
    /// Elements written through this container value (several containers may share storage).
    private(set) var count = 0

    init(encoder: EncoderImpl, container: ContainerRef, path: CodingPathNode) {
        self.encoder = encoder
        self.container = container
        self.path = path
    }

    var codingPath: [any CodingKey] { path.path }
    private var state: EncodingState { encoder.state }

    /// Makes room for one element and returns the sink to write it into.
    @inline(__always)
    private mutating func nextElement() -> EncodingSink? {
        guard let sink = state.sink(forWritingTo: container) else { return nil }
        sink.stack[sink.stack.count - 1].count += 1
        count += 1
        return sink
    }

    @inline(__always)
    private mutating func writeElement(_ write: (inout ByteWriter) -> Void) {
        guard let sink = nextElement() else { return }
        write(&sink.writer)
    }

    mutating func encodeNil() throws { writeElement { $0.append(WireTag.nil) } }
    mutating func encode(_ value: Bool) throws { writeElement { $0.append(value ? WireTag.true : WireTag.false) } }
    mutating func encode(_ value: String) throws { writeElement { NativeEncoding.writeString(value, into: &$0) } }
    mutating func encode(_ value: Double) throws { writeElement { NativeEncoding.writeDouble(value, into: &$0) } }
    mutating func encode(_ value: Float) throws { writeElement { NativeEncoding.writeFloat(value, into: &$0) } }
    mutating func encode(_ value: Int) throws { writeElement { NativeEncoding.writeInteger(value, into: &$0) } }
    mutating func encode(_ value: Int8) throws { writeElement { NativeEncoding.writeInteger(value, into: &$0) } }
    mutating func encode(_ value: Int16) throws { writeElement { NativeEncoding.writeInteger(value, into: &$0) } }
    mutating func encode(_ value: Int32) throws { writeElement { NativeEncoding.writeInteger(value, into: &$0) } }
    mutating func encode(_ value: Int64) throws { writeElement { NativeEncoding.writeInteger(value, into: &$0) } }
    mutating func encode(_ value: Int128) throws { writeElement { NativeEncoding.writeInteger(value, into: &$0) } }
    mutating func encode(_ value: UInt) throws { writeElement { NativeEncoding.writeInteger(value, into: &$0) } }
    mutating func encode(_ value: UInt8) throws { writeElement { NativeEncoding.writeInteger(value, into: &$0) } }
    mutating func encode(_ value: UInt16) throws { writeElement { NativeEncoding.writeInteger(value, into: &$0) } }
    mutating func encode(_ value: UInt32) throws { writeElement { NativeEncoding.writeInteger(value, into: &$0) } }
    mutating func encode(_ value: UInt64) throws { writeElement { NativeEncoding.writeInteger(value, into: &$0) } }
    mutating func encode(_ value: UInt128) throws { writeElement { NativeEncoding.writeInteger(value, into: &$0) } }

    mutating func encode<T: Encodable>(_ value: T) throws {
        guard let sink = state.sink(forWritingTo: container) else { return }
        let mark = sink.mark()
        let index = count
        sink.stack[sink.stack.count - 1].count += 1
        do {
            try state.encodeValueRollingBack(
                value, in: sink, mark: mark, path: path.appending(index: index),
                depth: container.depth + 1, optionalDepth: 1)
        } catch {
            throw error
        }
        count += 1
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let nestedPath = path.appending(index: count)
        return KeyedEncodingContainer(ArchiveKeyedEncodingContainer<NestedKey>(
            encoder: encoder, container: openNested(.keyed, path: nestedPath), path: nestedPath))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nestedPath = path.appending(index: count)
        return ArchiveUnkeyedEncodingContainer(encoder: encoder, container: openNested(.unkeyed, path: nestedPath), path: nestedPath)
    }

    private mutating func openNested(_ kind: ContainerLayout.Kind, path nestedPath: CodingPathNode) -> ContainerRef {
        let depth = container.depth + 1
        guard state.allowsContainer(atDepth: depth, path: nestedPath.path), let sink = nextElement() else {
            return .dead(kind, depth: depth)
        }
        return sink.open(kind, depth: depth)
    }

    /// The super encoder's value takes the next position, even if later elements are written
    /// before it is filled (as in Foundation).
    mutating func superEncoder() -> any Encoder {
        let superPath = path.appending(index: count)
        let superEncoder = EncoderImpl(state: state, path: superPath, depth: container.depth + 1, optionalDepth: 0)
        guard let sink = nextElement() else {
            superEncoder.role = .placeholder(.dead(.keyed, depth: superEncoder.depth))
            return superEncoder
        }
        superEncoder.role = .pending(sink)
        sink.pendingSlot = superEncoder
        return superEncoder
    }
}
