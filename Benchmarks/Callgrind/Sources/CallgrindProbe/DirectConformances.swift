// DIRECT=1 (Benchmarks/Scripts/callgrind.sh): the sample commits with the conformances
// `@ArchiveCodable` generates, written out by hand (a macro cannot annotate another module's
// types): what the generated-code path costs against the Codable path on the same model.
#if DIRECT_CODE
import Foundation
import KeyedArchive
import KeyedArchiveSamples

extension Commit: @retroactive ArchiveDirectEncodable {
    /// The synthesized `CodingKeys` are private to the type: these spell the same keys.
    enum DirectKeys: String, CodingKey { case sha, url, author, message, commentCount, additions, deletions }
    static let archiveKeys = ArchiveKeySet([DirectKeys.sha, .url, .author, .message, .commentCount, .additions, .deletions])

    public static func _archiveEncode(_ value: Commit, to encoder: inout ArchiveDirectEncoder) throws {
        var container = encoder.keyedContainer(archiveKeys)
        try container.encode(value.sha, at: 0)
        try container.encode(value.url, at: 1)
        try container.encode(value.author, at: 2)
        try container.encode(value.message, at: 3)
        try container.encode(value.commentCount, at: 4)
        try container.encode(value.additions, at: 5)
        try container.encode(value.deletions, at: 6)
    }
}
extension Commit: @retroactive ArchiveDirectDecodable {
    public static func _archiveDecode(from decoder: inout ArchiveDirectDecoder) throws -> Commit {
        let container = try decoder.keyedContainer(archiveKeys)
        return Commit(
            sha: try container.decode(String.self, at: 0), url: try container.decode(URL.self, at: 1),
            author: try container.decode(Author.self, at: 2), message: try container.decode(String.self, at: 3),
            commentCount: try container.decode(Int.self, at: 4), additions: try container.decode(Int.self, at: 5),
            deletions: try container.decode(Int.self, at: 6))
    }
}


extension Commit.Author: @retroactive ArchiveDirectEncodable {
    enum DirectKeys: String, CodingKey { case name, email, date }
    static let archiveKeys = ArchiveKeySet([DirectKeys.name, .email, .date])

    public static func _archiveEncode(_ value: Commit.Author, to encoder: inout ArchiveDirectEncoder) throws {
        var container = encoder.keyedContainer(archiveKeys)
        try container.encode(value.name, at: 0)
        try container.encode(value.email, at: 1)
        try container.encode(value.date, at: 2)
    }
}
extension Commit.Author: @retroactive ArchiveDirectDecodable {
    public static func _archiveDecode(from decoder: inout ArchiveDirectDecoder) throws -> Commit.Author {
        let container = try decoder.keyedContainer(archiveKeys)
        return Commit.Author(name: try container.decode(String.self, at: 0), email: try container.decode(String.self, at: 1),
                             date: try container.decode(Date.self, at: 2))
    }
}


extension IntKeyedCommit: @retroactive ArchiveDirectEncodable {
    enum DirectKeys: Int, CodingKey { case sha = 1, url, author, message, commentCount, additions, deletions }
    static let archiveKeys = ArchiveKeySet([DirectKeys.sha, .url, .author, .message, .commentCount, .additions, .deletions])

    public static func _archiveEncode(_ value: IntKeyedCommit, to encoder: inout ArchiveDirectEncoder) throws {
        var container = encoder.keyedContainer(archiveKeys)
        try container.encode(value.sha, at: 0)
        try container.encode(value.url, at: 1)
        try container.encode(value.author, at: 2)
        try container.encode(value.message, at: 3)
        try container.encode(value.commentCount, at: 4)
        try container.encode(value.additions, at: 5)
        try container.encode(value.deletions, at: 6)
    }
}
/// `IntKeyedCommit.Author` has no generated decoding code (its initializer is not visible
/// here): read through `init(from:)` inside a type that has it.
extension IntKeyedCommit: @retroactive ArchiveDirectDecodable {
    public static func _archiveDecode(from decoder: inout ArchiveDirectDecoder) throws -> IntKeyedCommit {
        let container = try decoder.keyedContainer(archiveKeys)
        let sha = try container.decode(String.self, at: 0)
        let url = try container.decode(URL.self, at: 1)
        let author = try container.decode(Author.self, at: 2)
        var commit = IntKeyedCommit(Commit(
            sha: sha, url: url, author: Commit.Author(name: "", email: "", date: Date(timeIntervalSince1970: 0)),
            message: try container.decode(String.self, at: 3), commentCount: try container.decode(Int.self, at: 4),
            additions: try container.decode(Int.self, at: 5), deletions: try container.decode(Int.self, at: 6)))
        commit.author = author
        return commit
    }
}


extension IntKeyedCommit.Author: @retroactive ArchiveDirectEncodable {
    enum DirectKeys: Int, CodingKey { case name = 1, email, date }
    static let archiveKeys = ArchiveKeySet([DirectKeys.name, .email, .date])

    public static func _archiveEncode(_ value: IntKeyedCommit.Author, to encoder: inout ArchiveDirectEncoder) throws {
        var container = encoder.keyedContainer(archiveKeys)
        try container.encode(value.name, at: 0)
        try container.encode(value.email, at: 1)
        try container.encode(value.date, at: 2)
    }
}
#endif
