/// Appends elements to an unkeyed container.
struct ArchiveUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let encoder: EncoderImpl
    let container: ContainerRef
    let path: CodingPathNode
    /// Elements written through this container value; `count` prefers the shared count of the
    /// container while it is open, since several container values may share it.
    private var elementsWritten = 0

    init(encoder: EncoderImpl, container: ContainerRef, path: CodingPathNode) {
        self.encoder = encoder
        self.container = container
        self.path = path
    }

    var codingPath: [any CodingKey] { path.path }
    private var state: EncodingState { encoder.state }

    var count: Int {
        if let sink = container.sink, let top = sink.stack.last, top.id == container.id, !top.isVirtual { return top.count }
        return elementsWritten
    }

    /// Makes room for one element; returns the sink to write it into and the element's index.
    @inline(__always)
    private mutating func nextElement() -> (sink: EncodingSink, index: Int)? {
        guard let sink = state.sink(forWritingTo: container) else { return nil }
        return (sink, count(elementIn: sink))
    }

    /// Counts one more element in the container, whose top frame is in `sink`; returns the
    /// element's index.
    @inline(__always)
    private mutating func count(elementIn sink: EncodingSink) -> Int {
        let top = sink.stack.count - 1
        let index = sink.stack[top].isVirtual ? elementsWritten : sink.stack[top].count
        sink.stack[top].count += 1
        elementsWritten += 1
        return index
    }

    @inline(__always)
    private mutating func writeElement(_ write: (inout ByteWriter) -> Void) {
        encoder.withSink(forWritingTo: container) { _, sink in
            _ = count(elementIn: sink)
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
            let index = count(elementIn: sink)
            do {
                try state.encodeValueRollingBack(
                    value, in: sink, mark: mark, parentPath: path, component: .index(index),
                    depth: container.depth + 1, optionalDepth: 1)
            } catch {
                elementsWritten -= 1
                throw error
            }
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
    /// before it is filled (as in Foundation).
    mutating func superEncoder() -> any Encoder {
        guard let (sink, index) = nextElement() else {
            let deadEncoder = EncoderImpl(state: state, parentPath: path, component: .index(count), depth: container.depth + 1, optionalDepth: 0)
            deadEncoder.role = .placeholder(.dead(.keyed, depth: deadEncoder.depth))
            return deadEncoder
        }
        let superEncoder = EncoderImpl(state: state, parentPath: path, component: .index(index), depth: container.depth + 1, optionalDepth: 0)
        superEncoder.role = .pending(sink)
        sink.pendingSlot = superEncoder
        return superEncoder
    }
}
