import Foundation
@testable import KeyedArchive
import Testing

/// A key set made at run time and freed between two archives must not leave anything of its
/// own to a new set that the allocator puts at its address. The decoder once kept which key of
/// each set every key-table string matched, by the set's address, while the tables were the same
/// (issue 62: this read a field as another); it now keeps nothing per set, and a set's own
/// table of numbers answers (`ArchiveKeySet.position(ofNumber:)`).
@Suite struct FreedKeySetTests {
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
