import KeyedArchive
import Testing

/// The walk's events on archives with references: value indexes in document order, a shared
/// object around its marked value at the same depth, each reference with its target's index.
@Suite struct ArchiveWalkerReferenceTests {
    /// Writes each event of a walk as a line.
    private struct Recorder: ArchiveVisitor {
        var events: [String] = []
        mutating func visitScalar(_ value: ArchiveScalar, at range: Range<Int>, depth: Int) { events.append("scalar \(range.lowerBound) depth \(depth)") }
        mutating func beginContainer(_ container: ArchiveContainer, depth: Int) { events.append("begin \(container.range.lowerBound) depth \(depth)") }
        mutating func endContainer(_ container: ArchiveContainer, depth: Int) { events.append("end depth \(depth)") }
        mutating func beginSharedObject(index: Int, at offset: Int, depth: Int) { events.append("shared #\(index) \(offset) depth \(depth)") }
        mutating func endSharedObject(index: Int, depth: Int) { events.append("end shared #\(index)") }
        mutating func visitReference(_ reference: ArchiveReference, at range: Range<Int>, depth: Int) {
            events.append("reference #\(reference.index) → #\(reference.target) \(range) depth \(depth)")
        }
    }

    private func events(_ bytes: [UInt8]) throws -> [String] {
        var recorder = Recorder()
        try InspectedArchive(bytes).walk(&recorder)
        return recorder.events
    }

    @Test func eventsOfASharedObjectAndAReference() throws {
        #expect(try events(ReferenceArchives.sharedOwner) == [
            "begin 6 depth 1",
            "shared #1 9 depth 2",
            "begin 10 depth 2",
            "scalar 13 depth 3",
            "end depth 2",
            "end shared #1",
            "reference #4 → #1 15..<17 depth 2",
            "end depth 1",
        ])
    }

    /// A chain of markers is one shared object per marker, each the next value, none deeper.
    @Test func chainedMarkersAndARootSharedObject() throws {
        // [13 13 1, 12 2, 12 1]: values 0 root, 1 and 2 markers, 3 the integer, 4 and 5 references.
        let bytes = ReferenceArchives.archive([0x0D, 0x08, 0x03, 0x13, 0x13, 0x81, 0x12, 0x02, 0x12, 0x01])
        #expect(try events(bytes) == [
            "begin 6 depth 1",
            "shared #1 9 depth 2",
            "shared #2 10 depth 2",
            "scalar 11 depth 2",
            "end shared #2",
            "end shared #1",
            "reference #4 → #2 12..<14 depth 2",
            "reference #5 → #1 14..<16 depth 2",
            "end depth 1",
        ])
        #expect(try events(ReferenceArchives.archive([0x13, 0x81])) == ["shared #0 6 depth 1", "scalar 7 depth 1", "end shared #0"])
    }

    /// Shared objects add no depth: a marked container at the depth limit is still accepted.
    @Test func sharedObjectsAddNoDepth() throws {
        var limits = ArchiveDecoder.Limits()
        limits.maximumDepth = 2
        // [13 [1]]
        let bytes = ReferenceArchives.archive([0x0D, 0x06, 0x01, 0x13, 0x0D, 0x02, 0x01, 0x81])
        var recorder = Recorder()
        try InspectedArchive(bytes, limits: limits).walk(&recorder)
        #expect(recorder.events.contains("begin 10 depth 2"))
    }
}
