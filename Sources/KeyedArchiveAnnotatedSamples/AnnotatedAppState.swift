import Foundation
import KeyedArchiveMacros
import KeyedArchiveSamples

extension Annotated {
    /// `AppState`, annotated (synthesized string keys).
    @ArchiveCodable
    public struct AppState: Codable, Equatable, Sendable {
        /// `AppState.Theme`, annotated: written as its raw value.
        @ArchiveCodable
        public enum Theme: String, Codable, Sendable { case light, dark, system }

        /// `AppState.Settings`, annotated.
        @ArchiveCodable
        public struct Settings: Codable, Equatable, Sendable {
            public var theme: Theme
            public var fontSize: Int
            public var showLineNumbers: Bool
            public var autosave: Bool
            public var autosaveIntervalSeconds: Int
            public var language: String
            public var recentFolders: [String]
        }

        /// `AppState.Sharing`, annotated: an enum with associated values, a keyed container per
        /// case.
        @ArchiveCodable
        public enum Sharing: Codable, Equatable, Sendable {
            case privateDocument
            case link(url: URL, canEdit: Bool)
            case team(name: String, members: Int)
        }

        /// `AppState.Document`, annotated.
        @ArchiveCodable
        public struct Document: Codable, Equatable, Sendable {
            public var id: UUID
            public var title: String
            public var tags: [String]
            public var created: Date
            public var modified: Date?
            public var wordCount: Int
            public var pinned: Bool
            public var sharing: Sharing
            public var color: String?
        }

        public var settings: Settings
        public var documents: [Document]
        public var folderCounts: [String: Int]

        /// The same state.
        public init(_ state: KeyedArchiveSamples.AppState) {
            let s = state.settings
            settings = Settings(theme: Theme(s.theme), fontSize: s.fontSize, showLineNumbers: s.showLineNumbers,
                                autosave: s.autosave, autosaveIntervalSeconds: s.autosaveIntervalSeconds,
                                language: s.language, recentFolders: s.recentFolders)
            documents = state.documents.map {
                Document(id: $0.id, title: $0.title, tags: $0.tags, created: $0.created, modified: $0.modified,
                         wordCount: $0.wordCount, pinned: $0.pinned, sharing: Sharing($0.sharing), color: $0.color)
            }
            folderCounts = state.folderCounts
        }
    }

    /// `IntKeyedAppState`, annotated (`enum CodingKeys: Int, CodingKey` at every level).
    @ArchiveCodable
    public struct IntKeyedAppState: Codable, Equatable, Sendable {
        /// `IntKeyedAppState.Settings`, annotated.
        @ArchiveCodable
        public struct Settings: Codable, Equatable, Sendable {
            public var theme: AppState.Theme
            public var fontSize: Int
            public var showLineNumbers: Bool
            public var autosave: Bool
            public var autosaveIntervalSeconds: Int
            public var language: String
            public var recentFolders: [String]
            enum CodingKeys: Int, CodingKey {
                case theme = 1, fontSize, showLineNumbers, autosave, autosaveIntervalSeconds, language, recentFolders
            }
        }

        /// `IntKeyedAppState.Document`, annotated.
        @ArchiveCodable
        public struct Document: Codable, Equatable, Sendable {
            public var id: UUID
            public var title: String
            public var tags: [String]
            public var created: Date
            public var modified: Date?
            public var wordCount: Int
            public var pinned: Bool
            public var sharing: AppState.Sharing
            public var color: String?
            enum CodingKeys: Int, CodingKey {
                case id = 1, title, tags, created, modified, wordCount, pinned, sharing, color
            }
        }

        public var settings: Settings
        public var documents: [Document]
        public var folderCounts: [String: Int]
        enum CodingKeys: Int, CodingKey { case settings = 1, documents, folderCounts }

        /// The same state.
        public init(_ state: KeyedArchiveSamples.IntKeyedAppState) {
            let s = state.settings
            settings = Settings(theme: AppState.Theme(s.theme), fontSize: s.fontSize, showLineNumbers: s.showLineNumbers,
                                autosave: s.autosave, autosaveIntervalSeconds: s.autosaveIntervalSeconds,
                                language: s.language, recentFolders: s.recentFolders)
            documents = state.documents.map {
                Document(id: $0.id, title: $0.title, tags: $0.tags, created: $0.created, modified: $0.modified,
                         wordCount: $0.wordCount, pinned: $0.pinned, sharing: AppState.Sharing($0.sharing), color: $0.color)
            }
            folderCounts = state.folderCounts
        }
    }
}

extension Annotated.AppState.Theme {
    /// The same theme.
    public init(_ theme: KeyedArchiveSamples.AppState.Theme) {
        switch theme {
        case .light: self = .light
        case .dark: self = .dark
        case .system: self = .system
        }
    }
}

extension Annotated.AppState.Sharing {
    /// The same sharing.
    public init(_ sharing: KeyedArchiveSamples.AppState.Sharing) {
        switch sharing {
        case .privateDocument: self = .privateDocument
        case let .link(url, canEdit): self = .link(url: url, canEdit: canEdit)
        case let .team(name, members): self = .team(name: name, members: members)
        }
    }
}
