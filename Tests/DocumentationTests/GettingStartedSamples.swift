// The samples of KeyedArchive.docc/GettingStarted.md, verbatim and in order, each followed by
// checks of what the article says about it.
import Foundation
import KeyedArchive
import Testing

@Suite("DocC: Getting Started")
struct GettingStartedSamples {
    @Test func gettingStarted() throws {
        struct Note: Codable, Equatable {
            var title: String
            var body: String
            var tags: [String]
        }

        let note = Note(title: "Groceries", body: "Milk, eggs", tags: ["home"])
        let data = try ArchiveEncoder().encode(note)
        let decoded = try ArchiveDecoder().decode(Note.self, from: data)
        // decoded == note

        #expect(decoded == note)

        struct NamedPoint: Codable {
            var x: Int
            var y: Int
        }

        struct NumberedPoint: Codable {
            var x: Int
            var y: Int

            enum CodingKeys: Int, CodingKey {
                case x = 1
                case y = 2
            }
        }

        let named = try ArchiveEncoder().encode(NamedPoint(x: 1, y: 2))
        let numbered = try ArchiveEncoder().encode(NumberedPoint(x: 1, y: 2))
        // named.count == 17, numbered.count == 13

        #expect(named.count == 17)
        #expect(numbered.count == 13)

        let notes = Array(repeating: note, count: 1_000)

        var encoder = ArchiveEncoder()
        encoder.compression = .zlib
        encoder.checksum = .crc32
        let compressed = try encoder.encode(notes)
        let plain = try ArchiveEncoder().encode(notes)
        let restored = try ArchiveDecoder().decode([Note].self, from: compressed)
        // compressed.count is a small fraction of plain.count; restored == notes

        #expect(compressed.count * 10 < plain.count)
        #expect(restored == notes)

        var problem: ArchiveFormatError?
        do {
            _ = try ArchiveDecoder().decode(Note.self, from: data.prefix(10))
        } catch DecodingError.dataCorrupted(let context) {
            problem = context.underlyingError as? ArchiveFormatError
        }
        // problem?.kind == .truncated, with the byte offset in problem?.offset

        #expect(problem?.kind == .truncated)
        #expect(problem?.offset != nil)

        var missingKey: String?
        do {
            _ = try ArchiveDecoder().decode(NumberedPoint.self, from: data)
        } catch DecodingError.keyNotFound(let key, _) {
            missingKey = key.stringValue
        }
        // missingKey == "x": the archive holds a Note, which has no x

        #expect(missingKey == "x")
    }
}
