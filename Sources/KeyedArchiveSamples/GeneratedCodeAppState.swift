import Foundation
import KeyedArchive

// The sample app state as an `@ArchiveCodable` type, for `karchive bench`'s "Archive, generated"
// rows: the conformances the macro writes for these declarations, written out so that the tool
// does not build swift-syntax. `WrittenOutTwinTests` expands the macro on these declarations and
// compares, and `GeneratedCodeCommitTests` checks that they write `AppState`'s bytes.

/// `AppState` with the conformances `@ArchiveCodable` generates (string keys).
public struct GeneratedCodeAppState: Codable, Equatable, Sendable {
    /// `AppState.Theme` with generated code.
    public enum Theme: String, Codable, Sendable { case light, dark, system }

    /// `AppState.Settings` with generated code.
    public struct Settings: Codable, Equatable, Sendable {
        var theme: Theme
        var fontSize: Int
        var showLineNumbers: Bool
        var autosave: Bool
        var autosaveIntervalSeconds: Int
        var language: String
        var recentFolders: [String]
    }

    /// `AppState.Sharing` with generated code: a keyed container per case.
    public enum Sharing: Codable, Equatable, Sendable {
        case privateDocument
        case link(url: URL, canEdit: Bool)
        case team(name: String, members: Int)

        /// The same sharing.
        init(_ sharing: AppState.Sharing) {
            switch sharing {
            case .privateDocument: self = .privateDocument
            case .link(let url, let canEdit): self = .link(url: url, canEdit: canEdit)
            case .team(let name, let members): self = .team(name: name, members: members)
            }
        }
    }

    /// `AppState.Document` with generated code.
    public struct Document: Codable, Equatable, Sendable {
        var id: UUID
        var title: String
        var tags: [String]
        var created: Date
        var modified: Date?
        var wordCount: Int
        var pinned: Bool
        var sharing: Sharing
        var color: String?
    }

    var settings: Settings
    var documents: [Document]
    var folderCounts: [String: Int]

    /// The same state.
    public init(_ state: AppState) {
        let s = state.settings
        settings = Settings(theme: Theme(rawValue: s.theme.rawValue)!, fontSize: s.fontSize, showLineNumbers: s.showLineNumbers,
                            autosave: s.autosave, autosaveIntervalSeconds: s.autosaveIntervalSeconds,
                            language: s.language, recentFolders: s.recentFolders)
        documents = state.documents.map {
            Document(id: $0.id, title: $0.title, tags: $0.tags, created: $0.created, modified: $0.modified,
                     wordCount: $0.wordCount, pinned: $0.pinned, sharing: Sharing($0.sharing), color: $0.color)
        }
        folderCounts = state.folderCounts
    }
}

extension GeneratedCodeAppState.Theme: ArchiveDirectEncodable, ArchiveDirectDecodable {
    public static func _archiveEncode<Writer: ArchiveWriter>(_ value: GeneratedCodeAppState.Theme, to encoder: inout Writer) throws {
        try encoder.encodeSingleValue(value.rawValue)
    }
    public static func _archiveEncodeMessage(_ value: GeneratedCodeAppState.Theme, to encoder: inout ArchiveMessageEncoder) throws { try _archiveEncode(value, to: &encoder) }
    public static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> GeneratedCodeAppState.Theme {
        let rawValue = try decoder.decodeSingleValue(RawValue.self)
        guard let value = GeneratedCodeAppState.Theme(rawValue: rawValue) else {
            throw decoder.invalidRawValue(GeneratedCodeAppState.Theme.self, rawValue)
        }
        return value
    }
    public static func _archiveDecodeMessage(from decoder: inout ArchiveMessageDecoder) throws -> GeneratedCodeAppState.Theme { try _archiveDecode(from: &decoder) }
}

extension GeneratedCodeAppState.Sharing: ArchiveDirectEncodable, ArchiveDirectDecodable {
    static let _archiveKeys = ArchiveKeySet([CodingKeys.privateDocument, CodingKeys.link, CodingKeys.team])
    static let _archiveCaseKeys = [ArchiveKeySet([PrivateDocumentCodingKeys]()), ArchiveKeySet([LinkCodingKeys.url, LinkCodingKeys.canEdit]), ArchiveKeySet([TeamCodingKeys.name, TeamCodingKeys.members])]
    public static func _archiveEncode<Writer: ArchiveWriter>(_ value: GeneratedCodeAppState.Sharing, to encoder: inout Writer) throws {
        var container = encoder.keyedContainer(_archiveKeys)
        switch value {
        case .privateDocument:
            _ = container.nestedContainer(_archiveCaseKeys[0], at: 0)
        case .link(let _0, let _1):
            var values = container.nestedContainer(_archiveCaseKeys[1], at: 1)
            try values.encode(_0, at: 0)
            try values.encode(_1, at: 1)
        case .team(let _0, let _1):
            var values = container.nestedContainer(_archiveCaseKeys[2], at: 2)
            try values.encode(_0, at: 0)
            try values.encode(_1, at: 1)
        }
    }
    public static func _archiveEncodeMessage(_ value: GeneratedCodeAppState.Sharing, to encoder: inout ArchiveMessageEncoder) throws { try _archiveEncode(value, to: &encoder) }
    public static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> GeneratedCodeAppState.Sharing {
        let container = try decoder.keyedContainer(_archiveKeys)
        switch try container.onlyKey(of: GeneratedCodeAppState.Sharing.self) {
        case 0:
            let values = try container.nestedContainer(_archiveCaseKeys[0], at: 0)
            while try values.nextKey() != nil {
                try values.skipEntry()
            }
            return .privateDocument
        case 1:
            let values = try container.nestedContainer(_archiveCaseKeys[1], at: 1)
            var field0: Optional<URL> = nil
            var field1: Optional<Bool> = nil
            while let key = try values.nextKey() {
                switch key {
                case 0:
                    field0 = try .some(values.decode(at: 0))
                case 1:
                    field1 = try .some(values.decode(at: 1))
                default:
                    try values.skipEntry()
                }
            }
            return .link(url: try field0 ?? values.decode(at: 0), canEdit: try field1 ?? values.decode(at: 1))
        default:
            let values = try container.nestedContainer(_archiveCaseKeys[2], at: 2)
            var field0: Optional<String> = nil
            var field1: Optional<Int> = nil
            while let key = try values.nextKey() {
                switch key {
                case 0:
                    field0 = try .some(values.decode(at: 0))
                case 1:
                    field1 = try .some(values.decode(at: 1))
                default:
                    try values.skipEntry()
                }
            }
            return .team(name: try field0 ?? values.decode(at: 0), members: try field1 ?? values.decode(at: 1))
        }
    }
    public static func _archiveDecodeMessage(from decoder: inout ArchiveMessageDecoder) throws -> GeneratedCodeAppState.Sharing { try _archiveDecode(from: &decoder) }
}

extension GeneratedCodeAppState.Settings: ArchiveDirectEncodable, ArchiveDirectDecodable {
    static let _archiveKeys = ArchiveKeySet([CodingKeys.theme, CodingKeys.fontSize, CodingKeys.showLineNumbers, CodingKeys.autosave, CodingKeys.autosaveIntervalSeconds, CodingKeys.language, CodingKeys.recentFolders])
    public static func _archiveEncode<Writer: ArchiveWriter>(_ value: GeneratedCodeAppState.Settings, to encoder: inout Writer) throws {
        var container = encoder.keyedContainer(_archiveKeys)
        try container.encode(value.theme, at: 0)
        try container.encode(value.fontSize, at: 1)
        try container.encode(value.showLineNumbers, at: 2)
        try container.encode(value.autosave, at: 3)
        try container.encode(value.autosaveIntervalSeconds, at: 4)
        try container.encode(value.language, at: 5)
        try container.encode(value.recentFolders, at: 6)
    }
    public static func _archiveEncodeMessage(_ value: GeneratedCodeAppState.Settings, to encoder: inout ArchiveMessageEncoder) throws { try _archiveEncode(value, to: &encoder) }

    /// Whether the generated code writes what `encode(to:)` writes: `CodingKeys` declares its
    /// cases in the order listed (not so if an extension declared them in another order).
    public static var _archiveCanEncode: Bool { _archiveKeys.isInDeclarationOrder }
    public static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> GeneratedCodeAppState.Settings {
        try GeneratedCodeAppState.Settings(_archiveFrom: decoder.keyedContainer(_archiveKeys))
    }
    public static func _archiveDecodeMessage(from decoder: inout ArchiveMessageDecoder) throws -> GeneratedCodeAppState.Settings { try _archiveDecode(from: &decoder) }

    /// Whether the generated code reads what `init(from:)` reads, in the same order.
    public static var _archiveCanDecode: Bool { _archiveKeys.isInDeclarationOrder }
    private init<Container: ArchiveKeyedReader>(_archiveFrom container: Container) throws {
        var field0 = container.unreadField { (value: GeneratedCodeAppState.Settings) in
            value.theme
        }
        var field1 = container.unreadField { (value: GeneratedCodeAppState.Settings) in
            value.fontSize
        }
        var field2 = container.unreadField { (value: GeneratedCodeAppState.Settings) in
            value.showLineNumbers
        }
        var field3 = container.unreadField { (value: GeneratedCodeAppState.Settings) in
            value.autosave
        }
        var field4 = container.unreadField { (value: GeneratedCodeAppState.Settings) in
            value.autosaveIntervalSeconds
        }
        var field5 = container.unreadField { (value: GeneratedCodeAppState.Settings) in
            value.language
        }
        var field6 = container.unreadField { (value: GeneratedCodeAppState.Settings) in
            value.recentFolders
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
        self.theme = try field0 ?? container.decode(at: 0)
        self.fontSize = try field1 ?? container.decode(at: 1)
        self.showLineNumbers = try field2 ?? container.decode(at: 2)
        self.autosave = try field3 ?? container.decode(at: 3)
        self.autosaveIntervalSeconds = try field4 ?? container.decode(at: 4)
        self.language = try field5 ?? container.decode(at: 5)
        self.recentFolders = try field6 ?? container.decode(at: 6)
    }
}

extension GeneratedCodeAppState.Document: ArchiveDirectEncodable, ArchiveDirectDecodable {
    static let _archiveKeys = ArchiveKeySet([CodingKeys.id, CodingKeys.title, CodingKeys.tags, CodingKeys.created, CodingKeys.modified, CodingKeys.wordCount, CodingKeys.pinned, CodingKeys.sharing, CodingKeys.color])
    public static func _archiveEncode<Writer: ArchiveWriter>(_ value: GeneratedCodeAppState.Document, to encoder: inout Writer) throws {
        var container = encoder.keyedContainer(_archiveKeys)
        try container.encode(value.id, at: 0)
        try container.encode(value.title, at: 1)
        try container.encode(value.tags, at: 2)
        try container.encode(value.created, at: 3)
        try container.encode(value.modified, at: 4)
        try container.encode(value.wordCount, at: 5)
        try container.encode(value.pinned, at: 6)
        try container.encode(value.sharing, at: 7)
        try container.encode(value.color, at: 8)
    }
    public static func _archiveEncodeMessage(_ value: GeneratedCodeAppState.Document, to encoder: inout ArchiveMessageEncoder) throws { try _archiveEncode(value, to: &encoder) }

    /// Whether the generated code writes what `encode(to:)` writes: `CodingKeys` declares its
    /// cases in the order listed (not so if an extension declared them in another order).
    public static var _archiveCanEncode: Bool { _archiveKeys.isInDeclarationOrder }
    public static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> GeneratedCodeAppState.Document {
        try GeneratedCodeAppState.Document(_archiveFrom: decoder.keyedContainer(_archiveKeys))
    }
    public static func _archiveDecodeMessage(from decoder: inout ArchiveMessageDecoder) throws -> GeneratedCodeAppState.Document { try _archiveDecode(from: &decoder) }

    /// Whether the generated code reads what `init(from:)` reads, in the same order.
    public static var _archiveCanDecode: Bool { _archiveKeys.isInDeclarationOrder }
    private init<Container: ArchiveKeyedReader>(_archiveFrom container: Container) throws {
        var field0 = container.unreadField { (value: GeneratedCodeAppState.Document) in
            value.id
        }
        var field1 = container.unreadField { (value: GeneratedCodeAppState.Document) in
            value.title
        }
        var field2 = container.unreadField { (value: GeneratedCodeAppState.Document) in
            value.tags
        }
        var field3 = container.unreadField { (value: GeneratedCodeAppState.Document) in
            value.created
        }
        var field4 = container.unreadField { (value: GeneratedCodeAppState.Document) in
            value.modified
        }
        var field5 = container.unreadField { (value: GeneratedCodeAppState.Document) in
            value.wordCount
        }
        var field6 = container.unreadField { (value: GeneratedCodeAppState.Document) in
            value.pinned
        }
        var field7 = container.unreadField { (value: GeneratedCodeAppState.Document) in
            value.sharing
        }
        var field8 = container.unreadField { (value: GeneratedCodeAppState.Document) in
            value.color
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
            case 7:
                field7 = try .some(container.decode(at: 7))
            case 8:
                field8 = try .some(container.decode(at: 8))
            default:
                try container.skipEntry()
            }
        }
        self.id = try field0 ?? container.decode(at: 0)
        self.title = try field1 ?? container.decode(at: 1)
        self.tags = try field2 ?? container.decode(at: 2)
        self.created = try field3 ?? container.decode(at: 3)
        self.modified = try field4 ?? container.decode(at: 4)
        self.wordCount = try field5 ?? container.decode(at: 5)
        self.pinned = try field6 ?? container.decode(at: 6)
        self.sharing = try field7 ?? container.decode(at: 7)
        self.color = try field8 ?? container.decode(at: 8)
    }
}

extension GeneratedCodeAppState: ArchiveDirectEncodable, ArchiveDirectDecodable {
    static let _archiveKeys = ArchiveKeySet([CodingKeys.settings, CodingKeys.documents, CodingKeys.folderCounts])
    public static func _archiveEncode<Writer: ArchiveWriter>(_ value: GeneratedCodeAppState, to encoder: inout Writer) throws {
        var container = encoder.keyedContainer(_archiveKeys)
        try container.encode(value.settings, at: 0)
        try container.encode(value.documents, at: 1)
        try container.encode(value.folderCounts, at: 2)
    }
    public static func _archiveEncodeMessage(_ value: GeneratedCodeAppState, to encoder: inout ArchiveMessageEncoder) throws { try _archiveEncode(value, to: &encoder) }

    /// Whether the generated code writes what `encode(to:)` writes: `CodingKeys` declares its
    /// cases in the order listed (not so if an extension declared them in another order).
    public static var _archiveCanEncode: Bool { _archiveKeys.isInDeclarationOrder }
    public static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> GeneratedCodeAppState {
        try GeneratedCodeAppState(_archiveFrom: decoder.keyedContainer(_archiveKeys))
    }
    public static func _archiveDecodeMessage(from decoder: inout ArchiveMessageDecoder) throws -> GeneratedCodeAppState { try _archiveDecode(from: &decoder) }

    /// Whether the generated code reads what `init(from:)` reads, in the same order.
    public static var _archiveCanDecode: Bool { _archiveKeys.isInDeclarationOrder }
    private init<Container: ArchiveKeyedReader>(_archiveFrom container: Container) throws {
        var field0 = container.unreadField { (value: GeneratedCodeAppState) in
            value.settings
        }
        var field1 = container.unreadField { (value: GeneratedCodeAppState) in
            value.documents
        }
        var field2 = container.unreadField { (value: GeneratedCodeAppState) in
            value.folderCounts
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
        self.settings = try field0 ?? container.decode(at: 0)
        self.documents = try field1 ?? container.decode(at: 1)
        self.folderCounts = try field2 ?? container.decode(at: 2)
    }
}
