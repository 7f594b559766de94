// The samples of KeyedArchive.docc/FasterThanCodable.md, verbatim and in order, and checks of
// what the article says. The annotated types are at file scope: an extension macro cannot
// attach to a local type.
import Foundation
@testable import KeyedArchive
import KeyedArchiveMacros
import Testing

@ArchiveCodable
struct Note: Codable, Equatable {
    var id: Int
    var title: String
    var tags: [String]
    var pinned: Bool?
    var color: NoteColor
}

@ArchiveCodable
enum NoteColor: String, Codable {
    case yellow, blue
}

/// `Note` without the macro: the same declaration, so the same synthesized conformance.
private struct PlainNote: Codable, Equatable {
    var id: Int
    var title: String
    var tags: [String]
    var pinned: Bool?
    var color: PlainColor
}

private enum PlainColor: String, Codable {
    case yellow, blue
}

@Suite("DocC: Faster than Codable")
struct ArchiveCodableSamples {
    @Test func sameCallsSameBytes() throws {
        let notes = [Note(id: 1, title: "Groceries", tags: ["home"], pinned: nil, color: .yellow)]
        let data = try ArchiveEncoder().encode(notes)
        let decoded = try ArchiveDecoder().decode([Note].self, from: data)

        #expect(decoded == notes)
        // "Annotating a type changes its speed, never its archive."
        let plain = [PlainNote(id: 1, title: "Groceries", tags: ["home"], pinned: nil, color: .yellow)]
        #expect(try ArchiveEncoder().encode(plain) == data)
        #expect(try ArchiveDecoder().decode([PlainNote].self, from: data) == plain)
        // Other coders keep using the Codable conformance.
        #expect(try JSONDecoder().decode([Note].self, from: JSONEncoder().encode(notes)) == notes)
    }

    /// "a raw value that names no case throws the standard library's `dataCorrupted` error",
    /// at the same path as the Codable path's.
    @Test func anUnknownRawValueIsTheStandardLibrarysError() throws {
        let data = try ArchiveEncoder().encode(["yellow", "green"])
        var codable = ArchiveDecoder()
        codable.usesGeneratedCode = false
        let viaCodable = try #require(throws: DecodingError.self) { try codable.decode([NoteColor].self, from: data) }
        let direct = try #require(throws: DecodingError.self) { try ArchiveDecoder().decode([NoteColor].self, from: data) }
        guard case .dataCorrupted(let context) = direct else { Issue.record("\(direct)"); return }
        #expect(context.debugDescription == "Cannot initialize NoteColor from invalid String value green")
        #expect(context.codingPath.map(\.intValue) == [1])
        #expect("\(direct)" == "\(viaCodable)")
    }
}
