import Foundation
import KeyedArchive

// The sample commits as `@ArchiveCodable` types, for `karchive bench`'s "Archive, generated"
// rows. This target does not build swift-syntax (the tool would then build it too), so the
// conformances are written out as the macro writes them for the same declarations:
// `WrittenOutTwinTests` expands the macro on these declarations and compares, token for token,
// and `GeneratedCodeCommitTests` checks that these write the bytes of `Commit` and `IntKeyedCommit`.

/// `Commit` with the conformances `@ArchiveCodable` generates (string keys).
public struct GeneratedCodeCommit: Codable, Equatable, Sendable {
    /// `Commit.Author` with generated code.
    public struct Author: Codable, Equatable, Sendable {
        var name: String
        var email: String
        var date: Date
    }
    var sha: String
    var url: URL
    var author: Author
    var message: String
    var commentCount: Int
    var additions: Int
    var deletions: Int

    /// The same commit.
    public init(_ commit: Commit) {
        (sha, url, message) = (commit.sha, commit.url, commit.message)
        author = Author(name: commit.author.name, email: commit.author.email, date: commit.author.date)
        (commentCount, additions, deletions) = (commit.commentCount, commit.additions, commit.deletions)
    }
}

extension GeneratedCodeCommit: ArchiveDirectEncodable, ArchiveDirectDecodable {
    static let _archiveKeys = ArchiveKeySet([CodingKeys.sha, CodingKeys.url, CodingKeys.author, CodingKeys.message, CodingKeys.commentCount, CodingKeys.additions, CodingKeys.deletions])

    public static func _archiveEncode<Writer: ArchiveWriter>(_ value: GeneratedCodeCommit, to encoder: inout Writer) throws {
        var container = encoder.keyedContainer(_archiveKeys)
        try container.encode(value.sha, at: 0)
        try container.encode(value.url, at: 1)
        try container.encode(value.author, at: 2)
        try container.encode(value.message, at: 3)
        try container.encode(value.commentCount, at: 4)
        try container.encode(value.additions, at: 5)
        try container.encode(value.deletions, at: 6)
    }
    public static func _archiveEncodeMessage(_ value: GeneratedCodeCommit, to encoder: inout ArchiveMessageEncoder) throws { try _archiveEncode(value, to: &encoder) }

    /// Whether the generated code writes what `encode(to:)` writes: `CodingKeys` declares its
    /// cases in the order listed (not so if an extension declared them in another order).
    public static var _archiveCanEncode: Bool { _archiveKeys.isInDeclarationOrder }

    public static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> GeneratedCodeCommit {
        try GeneratedCodeCommit(_archiveFrom: decoder.keyedContainer(_archiveKeys))
    }
    public static func _archiveDecodeMessage(from decoder: inout ArchiveMessageDecoder) throws -> GeneratedCodeCommit { try _archiveDecode(from: &decoder) }

    /// Whether the generated code reads what `init(from:)` reads, in the same order.
    public static var _archiveCanDecode: Bool { _archiveKeys.isInDeclarationOrder }

    private init<Container: ArchiveKeyedReader>(_archiveFrom container: Container) throws {
        var field0 = container.unreadField { (value: GeneratedCodeCommit) in
            value.sha
        }
        var field1 = container.unreadField { (value: GeneratedCodeCommit) in
            value.url
        }
        var field2 = container.unreadField { (value: GeneratedCodeCommit) in
            value.author
        }
        var field3 = container.unreadField { (value: GeneratedCodeCommit) in
            value.message
        }
        var field4 = container.unreadField { (value: GeneratedCodeCommit) in
            value.commentCount
        }
        var field5 = container.unreadField { (value: GeneratedCodeCommit) in
            value.additions
        }
        var field6 = container.unreadField { (value: GeneratedCodeCommit) in
            value.deletions
        }
        while let key = try container.nextKey() {
            switch key {
            case 0:
                field0 = try .some(container.decode(at: 0))
            case 1:
                field1 = try .some(container.decode(at: 1))
            case 2:
                field2 = try .some(container.decode(at: 2))
            case 3:
                field3 = try .some(container.decode(at: 3))
            case 4:
                field4 = try .some(container.decode(at: 4))
            case 5:
                field5 = try .some(container.decode(at: 5))
            case 6:
                field6 = try .some(container.decode(at: 6))
            default:
                try container.skipEntry()
            }
        }
        self.sha = try field0 ?? container.decode(at: 0)
        self.url = try field1 ?? container.decode(at: 1)
        self.author = try field2 ?? container.decode(at: 2)
        self.message = try field3 ?? container.decode(at: 3)
        self.commentCount = try field4 ?? container.decode(at: 4)
        self.additions = try field5 ?? container.decode(at: 5)
        self.deletions = try field6 ?? container.decode(at: 6)
    }
}

extension GeneratedCodeCommit.Author: ArchiveDirectEncodable, ArchiveDirectDecodable {
    static let _archiveKeys = ArchiveKeySet([CodingKeys.name, CodingKeys.email, CodingKeys.date])

    public static func _archiveEncode<Writer: ArchiveWriter>(_ value: GeneratedCodeCommit.Author, to encoder: inout Writer) throws {
        var container = encoder.keyedContainer(_archiveKeys)
        try container.encode(value.name, at: 0)
        try container.encode(value.email, at: 1)
        try container.encode(value.date, at: 2)
    }
    public static func _archiveEncodeMessage(_ value: GeneratedCodeCommit.Author, to encoder: inout ArchiveMessageEncoder) throws { try _archiveEncode(value, to: &encoder) }

    /// Whether the generated code writes what `encode(to:)` writes: `CodingKeys` declares its
    /// cases in the order listed (not so if an extension declared them in another order).
    public static var _archiveCanEncode: Bool { _archiveKeys.isInDeclarationOrder }

    public static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> GeneratedCodeCommit.Author {
        try GeneratedCodeCommit.Author(_archiveFrom: decoder.keyedContainer(_archiveKeys))
    }
    public static func _archiveDecodeMessage(from decoder: inout ArchiveMessageDecoder) throws -> GeneratedCodeCommit.Author { try _archiveDecode(from: &decoder) }

    /// Whether the generated code reads what `init(from:)` reads, in the same order.
    public static var _archiveCanDecode: Bool { _archiveKeys.isInDeclarationOrder }

    private init<Container: ArchiveKeyedReader>(_archiveFrom container: Container) throws {
        var field0 = container.unreadField { (value: GeneratedCodeCommit.Author) in
            value.name
        }
        var field1 = container.unreadField { (value: GeneratedCodeCommit.Author) in
            value.email
        }
        var field2 = container.unreadField { (value: GeneratedCodeCommit.Author) in
            value.date
        }
        while let key = try container.nextKey() {
            switch key {
            case 0:
                field0 = try .some(container.decode(at: 0))
            case 1:
                field1 = try .some(container.decode(at: 1))
            case 2:
                field2 = try .some(container.decode(at: 2))
            default:
                try container.skipEntry()
            }
        }
        self.name = try field0 ?? container.decode(at: 0)
        self.email = try field1 ?? container.decode(at: 1)
        self.date = try field2 ?? container.decode(at: 2)
    }
}

/// `IntKeyedCommit` with the conformances `@ArchiveCodable` generates (integer keys).
public struct GeneratedCodeIntKeyedCommit: Codable, Equatable, Sendable {
    /// `IntKeyedCommit.Author` with generated code.
    public struct Author: Codable, Equatable, Sendable {
        var name: String
        var email: String
        var date: Date
        enum CodingKeys: Int, CodingKey { case name = 1, email, date }
    }
    var sha: String
    var url: URL
    var author: Author
    var message: String
    var commentCount: Int
    var additions: Int
    var deletions: Int
    enum CodingKeys: Int, CodingKey { case sha = 1, url, author, message, commentCount, additions, deletions }

    /// The same commit.
    public init(_ commit: IntKeyedCommit) {
        (sha, url, message) = (commit.sha, commit.url, commit.message)
        author = Author(name: commit.author.name, email: commit.author.email, date: commit.author.date)
        (commentCount, additions, deletions) = (commit.commentCount, commit.additions, commit.deletions)
    }
}

extension GeneratedCodeIntKeyedCommit: ArchiveDirectEncodable, ArchiveDirectDecodable {
    static let _archiveKeys = ArchiveKeySet([CodingKeys.sha, CodingKeys.url, CodingKeys.author, CodingKeys.message, CodingKeys.commentCount, CodingKeys.additions, CodingKeys.deletions])

    public static func _archiveEncode<Writer: ArchiveWriter>(_ value: GeneratedCodeIntKeyedCommit, to encoder: inout Writer) throws {
        var container = encoder.keyedContainer(_archiveKeys)
        try container.encode(value.sha, at: 0)
        try container.encode(value.url, at: 1)
        try container.encode(value.author, at: 2)
        try container.encode(value.message, at: 3)
        try container.encode(value.commentCount, at: 4)
        try container.encode(value.additions, at: 5)
        try container.encode(value.deletions, at: 6)
    }
    public static func _archiveEncodeMessage(_ value: GeneratedCodeIntKeyedCommit, to encoder: inout ArchiveMessageEncoder) throws { try _archiveEncode(value, to: &encoder) }

    public static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> GeneratedCodeIntKeyedCommit {
        try GeneratedCodeIntKeyedCommit(_archiveFrom: decoder.keyedContainer(_archiveKeys))
    }
    public static func _archiveDecodeMessage(from decoder: inout ArchiveMessageDecoder) throws -> GeneratedCodeIntKeyedCommit { try _archiveDecode(from: &decoder) }

    private init<Container: ArchiveKeyedReader>(_archiveFrom container: Container) throws {
        var field0 = container.unreadField { (value: GeneratedCodeIntKeyedCommit) in
            value.sha
        }
        var field1 = container.unreadField { (value: GeneratedCodeIntKeyedCommit) in
            value.url
        }
        var field2 = container.unreadField { (value: GeneratedCodeIntKeyedCommit) in
            value.author
        }
        var field3 = container.unreadField { (value: GeneratedCodeIntKeyedCommit) in
            value.message
        }
        var field4 = container.unreadField { (value: GeneratedCodeIntKeyedCommit) in
            value.commentCount
        }
        var field5 = container.unreadField { (value: GeneratedCodeIntKeyedCommit) in
            value.additions
        }
        var field6 = container.unreadField { (value: GeneratedCodeIntKeyedCommit) in
            value.deletions
        }
        while let key = try container.nextKey() {
            switch key {
            case 0:
                field0 = try .some(container.decode(at: 0))
            case 1:
                field1 = try .some(container.decode(at: 1))
            case 2:
                field2 = try .some(container.decode(at: 2))
            case 3:
                field3 = try .some(container.decode(at: 3))
            case 4:
                field4 = try .some(container.decode(at: 4))
            case 5:
                field5 = try .some(container.decode(at: 5))
            case 6:
                field6 = try .some(container.decode(at: 6))
            default:
                try container.skipEntry()
            }
        }
        self.sha = try field0 ?? container.decode(at: 0)
        self.url = try field1 ?? container.decode(at: 1)
        self.author = try field2 ?? container.decode(at: 2)
        self.message = try field3 ?? container.decode(at: 3)
        self.commentCount = try field4 ?? container.decode(at: 4)
        self.additions = try field5 ?? container.decode(at: 5)
        self.deletions = try field6 ?? container.decode(at: 6)
    }
}

extension GeneratedCodeIntKeyedCommit.Author: ArchiveDirectEncodable, ArchiveDirectDecodable {
    static let _archiveKeys = ArchiveKeySet([CodingKeys.name, CodingKeys.email, CodingKeys.date])

    public static func _archiveEncode<Writer: ArchiveWriter>(_ value: GeneratedCodeIntKeyedCommit.Author, to encoder: inout Writer) throws {
        var container = encoder.keyedContainer(_archiveKeys)
        try container.encode(value.name, at: 0)
        try container.encode(value.email, at: 1)
        try container.encode(value.date, at: 2)
    }
    public static func _archiveEncodeMessage(_ value: GeneratedCodeIntKeyedCommit.Author, to encoder: inout ArchiveMessageEncoder) throws { try _archiveEncode(value, to: &encoder) }

    public static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> GeneratedCodeIntKeyedCommit.Author {
        try GeneratedCodeIntKeyedCommit.Author(_archiveFrom: decoder.keyedContainer(_archiveKeys))
    }
    public static func _archiveDecodeMessage(from decoder: inout ArchiveMessageDecoder) throws -> GeneratedCodeIntKeyedCommit.Author { try _archiveDecode(from: &decoder) }

    private init<Container: ArchiveKeyedReader>(_archiveFrom container: Container) throws {
        var field0 = container.unreadField { (value: GeneratedCodeIntKeyedCommit.Author) in
            value.name
        }
        var field1 = container.unreadField { (value: GeneratedCodeIntKeyedCommit.Author) in
            value.email
        }
        var field2 = container.unreadField { (value: GeneratedCodeIntKeyedCommit.Author) in
            value.date
        }
        while let key = try container.nextKey() {
            switch key {
            case 0:
                field0 = try .some(container.decode(at: 0))
            case 1:
                field1 = try .some(container.decode(at: 1))
            case 2:
                field2 = try .some(container.decode(at: 2))
            default:
                try container.skipEntry()
            }
        }
        self.name = try field0 ?? container.decode(at: 0)
        self.email = try field1 ?? container.decode(at: 1)
        self.date = try field2 ?? container.decode(at: 2)
    }
}

/// "Archive, generated": `ArchiveEncoder`/`ArchiveDecoder` on `twin`, the model with generated
/// code, in place of `model`. Its `encode` ignores the model it is handed and writes `twin`
/// (the same values; converting them is not what is timed), and its `decode` reads a `Twin`
/// array and hands back `model`: `decodesTwin` is the check that the bytes decode to `twin`.
/// `archive`: the encoder and decoder to use, a stream's shared ones (`MessageCoderSet`); new
/// ones by default.
public func generatedCodeCoder<Model, Twin: Codable & Equatable & Sendable>(
    for model: Model, twin: Twin, through archive: Coder<Twin> = MessageCoderSet().generatedCoder(Twin.self)
) -> (coder: Coder<Model>, decodesTwin: @Sendable (Data) throws -> Bool) where Model: Sendable {
    let coder = Coder<Model>(name: generatedCoderName,
                             encode: { _ in try archive.encode(twin) },
                             decode: { data in _ = try archive.decode(data); return model })
    return (coder, { try archive.decode($0) == twin })
}

/// The name of `generatedCodeCoder(for:twin:)`'s coder in tables.
public let generatedCoderName = "Archive, generated"
