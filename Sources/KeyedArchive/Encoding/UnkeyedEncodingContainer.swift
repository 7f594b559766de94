/// Appends elements to an unkeyed container.
struct ArchiveUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let encoder: EncoderImpl
    let container: ContainerRef
    let path: CodingPathNode

    init(encoder: EncoderImpl, container: ContainerRef, path: CodingPathNode) {
        self.encoder = encoder
        self.container = container
        self.path = path
    }

    var codingPath: [any CodingKey] { path.path }
    private var state: EncodingState { encoder.state }

    /// The elements in the container, whoever wrote them (several container values may share it).
    var count: Int {
        if let sink = container.sink, let top = sink.stack.last, top.id == container.id { return top.count }
        return state.elementCount(of: container)
    }

    /// The index the next element of the container, whose top frame is in `sink`, will have.
    @inline(__always)
    private func nextIndex(in sink: EncodingSink) -> Int {
        let top = sink.stack.count - 1
        // Late elements follow the ones written before the container closed.
        return sink.stack[top].isVirtual ? state.elementCount(of: container) : sink.stack[top].count
    }

    /// Makes room for one element; returns the sink to write it into and the element's index.
    @inline(__always)
    private mutating func nextElement() -> (sink: EncodingSink, index: Int)? {
        guard let sink = state.sink(forWritingTo: container) else { return nil }
        let index = nextIndex(in: sink)
        sink.countElement()
        return (sink, index)
    }

    @inline(__always)
    private mutating func writeElement(_ write: (inout ByteWriter) -> Void) {
        encoder.withSink(forWritingTo: container) { _, sink in
            sink.countElement()
            write(&sink.writer)
        }
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
        try encoder.withSink(forWritingTo: container) { state, sink in
            let mark = sink.mark()
            let index = nextIndex(in: sink)
            sink.countElement()
            try state.encodeValueRollingBack(
                value, in: sink, mark: mark, parentPath: path, component: .index(index),
                depth: container.depth + 1, optionalDepth: 1)
        }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let (nested, nestedPath) = openNested(.keyed)
        return KeyedEncodingContainer(ArchiveKeyedEncodingContainer<NestedKey>(encoder: encoder, container: nested, path: nestedPath))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let (nested, nestedPath) = openNested(.unkeyed)
        return ArchiveUnkeyedEncodingContainer(encoder: encoder, container: nested, path: nestedPath)
    }

    private mutating func openNested(_ kind: ContainerLayout.Kind) -> (ContainerRef, CodingPathNode) {
        let depth = container.depth + 1
        // Past the limit the container is dead and keeps this path: a loop nesting containers
        // 100,000 deep must not build (and then free) a path that long.
        guard state.allowsContainer(atDepth: depth, path: path.appending(index: count).path),
              let (sink, index) = nextElement()
        else { return (.dead(kind, depth: container.depth), path) }
        return (sink.open(kind, depth: depth), path.appending(index: index))
    }

    /// The super encoder's value takes the next position, even if later elements are written
    /// before it is filled (as in Foundation, when it is released before the next one is taken).
    mutating func superEncoder() -> any Encoder {
        let depth = container.depth + 1
        guard let (sink, index) = nextElement() else {
            return EncoderImpl(state: state, parentPath: path, component: .index(count), depth: depth, optionalDepth: 0,
                               role: .placeholder(.dead(.keyed, depth: depth)))
        }
        let superEncoder = EncoderImpl(state: state, parentPath: path, component: .index(index), depth: depth, optionalDepth: 0,
                                       role: .pending(sink))
        sink.pendingSlot = superEncoder
        return superEncoder
    }
}
