import Testing
@testable import KeyedArchive

// SinkEntries (Encoding/): the encoder's one loop over a container's entries in a sink, which
// the late-write pass and the lookup of a container held under a key share. Each entry must be
// named by the slot of its first byte, as `LateWrites.droppedEntries` names it.

@Suite struct SinkEntriesTests {
    /// Entries written after `prefix` bytes of something else, as in a sink.
    private static func entries(keyed: Bool, prefix: Int = 3) -> (bytes: [UInt8], range: Range<Int>, starts: [Int]) {
        var writer = ByteWriter()
        for _ in 0..<prefix { writer.append(0x00) }
        var starts: [Int] = []
        let values: [(key: UInt64, write: (inout ByteWriter) -> Void)] = [
            (KeyForm.wire(integer: 1), { NativeEncoding.writeInteger(5, into: &$0) }),
            (KeyForm.wire(stringIndex: 0), { NativeEncoding.writeString("a longer string than a byte", into: &$0) }),
            (KeyForm.wire(integer: 300), { NativeEncoding.writeInteger(Int64.min, into: &$0) }),
        ]
        for value in values {
            starts.append(writer.count)
            if keyed { writer.appendVarint(value.key) }
            value.write(&writer)
        }
        return (Array(writer.bytes), prefix..<writer.count, starts)
    }

    @Test(arguments: [true, false]) func everyEntryWithItsSlotKeyAndValue(keyed: Bool) throws {
        let written = Self.entries(keyed: keyed)
        try written.bytes.withUnsafeBytes { try check(written, ByteReader($0), keyed: keyed) }
    }

    private func check(_ written: (bytes: [UInt8], range: Range<Int>, starts: [Int]), _ reader: ByteReader, keyed: Bool) throws {
        var seen: [SinkEntries.Entry] = []
        try SinkEntries(reader: reader, sink: 2, range: written.range, keyed: keyed, parent: 7).forEach { seen.append($0) }
        #expect(seen.count == 3)
        #expect(seen.map(\.key) == (keyed ? [KeyForm.wire(integer: 1), KeyForm.wire(stringIndex: 0), KeyForm.wire(integer: 300)] : [0, 0, 0]))
        // Slots count from the container's first entry, not from the sink's start.
        #expect(seen.map(\.slot) == written.starts.map { ValueSlot(sink: 2, parent: 7, offset: $0 - written.range.lowerBound) })
        // Each value ends where the next entry starts; the last, at the range's end.
        #expect(seen.map(\.end) == Array(written.starts.dropFirst()) + [written.range.upperBound])
        for entry in seen {
            #expect(try reader.valueEnd(at: entry.value, limit: written.range.upperBound) == entry.end)
            #expect(entry.value == entry.slot.offset + written.range.lowerBound + (keyed ? Int(entry.key >= 128 ? 2 : 1) : 0))
        }
    }

    @Test func noEntriesInAnEmptyRange() throws {
        let written = Self.entries(keyed: true)
        var count = 0
        try written.bytes.withUnsafeBytes { raw in
            try SinkEntries(reader: ByteReader(raw), sink: 0, range: 3..<3, keyed: true, parent: ContainerRecord.topLevel).forEach { _ in count += 1 }
        }
        #expect(count == 0)
    }

    @Test(arguments: [true, false]) func aCutValueThrowsAfterTheEntriesBeforeIt(keyed: Bool) throws {
        let written = Self.entries(keyed: keyed)
        // Cut inside the last value: the first two entries are reported, then the error.
        let cut = written.range.lowerBound..<(written.range.upperBound - 2)
        var keys: [UInt64] = []
        #expect(throws: ArchiveFormatError.self) {
            try written.bytes.withUnsafeBytes { raw in
                try SinkEntries(reader: ByteReader(raw), sink: 0, range: cut, keyed: keyed, parent: 0).forEach { keys.append($0.key) }
            }
        }
        #expect(keys.count == 2)
    }
}
