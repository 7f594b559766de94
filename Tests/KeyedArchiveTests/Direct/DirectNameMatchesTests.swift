import Foundation
@testable import KeyedArchive
import Testing

/// The decoder keeps which key of a key set each string of the key table matches
/// (`DirectNameMatches`) from one archive to the next when their tables are the same. A key set
/// made at run time and freed in between must not leave those answers to a new set that the
/// allocator puts at its address (issue 62: this read a field as another once the encoder no
/// longer kept every key set alive for its own reasons).
@Suite struct DirectNameMatchesTests {
    @Test func aFreedKeySetsAnswersAreNotTakenForItsSuccessors() throws {
        struct Plain: Codable { var x: Int; var y: Int }
        let archive = try ArchiveEncoder().encode(Plain(x: 1, y: 2))
        let decoder = ArchiveDecoder()
        for round in 0..<200 {
            // A new set each round, the last one freed: the same two names, in turns reversed.
            let reversed = round % 2 == 1
            RuntimeKeyed.keys = nil
            RuntimeKeyed.keys = ArchiveKeySet(reversed ? [RuntimeKeyed.Key.y, .x] : [RuntimeKeyed.Key.x, .y])
            let read = try decoder.decode(RuntimeKeyed.self, from: archive)
            #expect(read.first == (reversed ? 2 : 1) && read.second == (reversed ? 1 : 2), "round \(round)")
        }
    }
}

/// Read as generated code reads, with a key set made at run time: `first` is the set's first key.
private struct RuntimeKeyed: ArchiveDirectDecodable, Decodable {
    enum Key: String, CodingKey { case x, y }
    nonisolated(unsafe) static var keys: ArchiveKeySet!
    var first: Int
    var second: Int

    static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> RuntimeKeyed {
        let container = try decoder.keyedContainer(keys)
        // `contains` takes the general reader, whose container looks its keys up in the table.
        guard container.contains(0), container.contains(1) else { throw CancellationError() }
        return RuntimeKeyed(first: try container.decode(at: 0), second: try container.decode(at: 1))
    }

    init(first: Int, second: Int) { (self.first, self.second) = (first, second) }
    init(from decoder: any Decoder) throws { preconditionFailure("read by generated code only") }
}
