/// The slow path that makes out-of-order writes correct.
///
/// Runs only when user code wrote into a container after its parent moved on, filled a super
/// encoder late, or wrote a key twice. It walks the streamed bytes (every sink is a valid
/// sequence of values), finds each container by its ordinal, and writes a new archive with
/// late entries appended, placeholders replaced, and duplicate keys resolved (the last value wins).
struct EncodingFixup {
    private let state: EncodingState
    private let readers: [ByteReader]
    /// Per sink: byte offset of a container header → its ordinal.
    private var ordinals: [[Int: Int]]
    private var output = ByteWriter()

    private typealias Location = (sink: Int, offset: Int)

    init(state: EncodingState) {
        self.state = state
        self.readers = state.sinks.map { ByteReader($0.writer.bytes) }
        self.ordinals = Array(repeating: [:], count: state.sinks.count)
    }

    /// Returns the rewritten archive: header and root value (the key table is added by the caller).
    static func rewrite(_ state: EncodingState) -> ByteWriter {
        var pass = EncodingFixup(state: state)
        do {
            try pass.indexAllSinks()
            pass.output.append(UnsafeRawBufferPointer(rebasing: state.main.writer.bytes[0..<ArchiveHeader.size]))
            try pass.emitValue(at: (0, ArchiveHeader.size))
        } catch {
            preconditionFailure("KeyedArchive internal error: the encoder produced unreadable bytes (\(error))")
        }
        return pass.output
    }

    // MARK: Indexing

    private mutating func indexAllSinks() throws(ArchiveFormatError) {
        var counters = Array(repeating: 0, count: state.sinks.count)
        for sink in state.sinks {
            let end = readers[sink.index].count
            if sink.index == 0 {
                _ = try index(sink: 0, at: ArchiveHeader.size, limit: end, counter: &counters[0])
            } else if let frame = sink.stack.first, frame.isVirtual {
                var offset = 0
                while offset < end {
                    if frame.kind == .keyed { _ = try readers[sink.index].varint(at: &offset, limit: end) }
                    offset = try index(sink: sink.index, at: offset, limit: end, counter: &counters[sink.index])
                }
            } else if end > 0 {
                _ = try index(sink: sink.index, at: 0, limit: end, counter: &counters[sink.index])
            }
        }
    }

    private mutating func index(sink: Int, at offset: Int, limit: Int, counter: inout Int) throws(ArchiveFormatError) -> Int {
        let reader = readers[sink]
        let tag = try reader.byte(at: offset, limit: limit)
        guard WireTag.isContainer(tag) else { return try reader.valueEnd(at: offset, limit: limit) }
        ordinals[sink][offset] = counter
        counter += 1
        if tag == WireTag.emptyKeyed || tag == WireTag.emptyUnkeyed { return offset + 1 }
        var p = offset + 1
        let end = try reader.length(at: &p, limit: limit) + p
        if tag == WireTag.keyed {
            while p < end {
                _ = try reader.varint(at: &p, limit: end)
                p = try index(sink: sink, at: p, limit: end, counter: &counter)
            }
        } else {
            let count = try reader.varint(at: &p, limit: end)
            for _ in 0..<count { p = try index(sink: sink, at: p, limit: end, counter: &counter) }
        }
        return end
    }

    // MARK: Emitting

    private func containerID(at location: Location) -> ContainerID? {
        ordinals[location.sink][location.offset].map { ContainerID(sink: location.sink, ordinal: $0) }
    }

    private func tag(at location: Location) -> UInt8 {
        readers[location.sink].base.load(fromByteOffset: location.offset, as: UInt8.self)
    }

    /// Follows placeholders to the values that replaced them.
    private func resolved(_ location: Location) -> Location {
        var location = location
        while let id = containerID(at: location), let replacement = state.replacementSinks[id] {
            location = (replacement.index, 0)
        }
        return location
    }

    /// The entries of a container, followed by any entries appended to it late.
    private func children(of location: Location) throws(ArchiveFormatError) -> [(key: UInt64, value: Location)] {
        let reader = readers[location.sink]
        let tag = tag(at: location)
        let keyed = tag == WireTag.keyed || tag == WireTag.emptyKeyed
        var p = location.offset + 1
        var end = p
        if tag == WireTag.keyed || tag == WireTag.unkeyed {
            end = try reader.length(at: &p, limit: reader.count) + p
            if !keyed { _ = try reader.varint(at: &p, limit: end) }
        }
        var entries: [(key: UInt64, value: Location)] = []
        func collect(_ sink: Int, from start: Int, to end: Int) throws(ArchiveFormatError) {
            var q = start
            while q < end {
                let key = keyed ? try readers[sink].varint(at: &q, limit: end) : 0
                entries.append((key, (sink, q)))
                q = try readers[sink].valueEnd(at: q, limit: end)
            }
        }
        try collect(location.sink, from: p, to: end)
        if let id = containerID(at: location), let appended = state.appendSinks[id] {
            try collect(appended.index, from: 0, to: readers[appended.index].count)
        }
        return entries
    }

    private mutating func emitValue(at location: Location) throws(ArchiveFormatError) {
        let location = resolved(location)
        let tag = tag(at: location)
        if WireTag.isContainer(tag) {
            try emitContainer(at: location)
        } else {
            let end = try readers[location.sink].valueEnd(at: location.offset, limit: readers[location.sink].count)
            output.append(readers[location.sink].slice(location.offset, end - location.offset))
        }
    }

    /// Writes one container with its late entries appended and, for a keyed container,
    /// repeated keys resolved: the last value wins, in the position of the first.
    private mutating func emitContainer(at location: Location) throws(ArchiveFormatError) {
        let keyed = tag(at: location) == WireTag.keyed || tag(at: location) == WireTag.emptyKeyed
        let entries = try children(of: location)
        let kind: ContainerLayout.Kind = keyed ? .keyed : .unkeyed
        let payloadStart = ContainerLayout.open(kind, in: &output)
        if keyed {
            var order: [UInt64] = []
            var latest: [UInt64: Location] = [:]
            for entry in entries {
                if latest.updateValue(entry.value, forKey: entry.key) == nil { order.append(entry.key) }
            }
            for key in order {
                output.appendVarint(key)
                try emitValue(at: latest[key]!)
            }
            ContainerLayout.close(.keyed, payloadStart: payloadStart, count: order.count, in: &output)
        } else {
            for entry in entries { try emitValue(at: entry.value) }
            ContainerLayout.close(.unkeyed, payloadStart: payloadStart, count: entries.count, in: &output)
        }
    }
}
