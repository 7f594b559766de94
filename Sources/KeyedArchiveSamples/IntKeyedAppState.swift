import Foundation

/// The app state with `enum CodingKeys: Int, CodingKey` everywhere the model has its own keys
/// (the enum's case names, SE-0295's keys, stay strings: Swift gives them no integer form).
public struct IntKeyedAppState: Codable, Equatable, Sendable {
    /// The app's settings.
    public struct Settings: Codable, Equatable, Sendable {
        /// The color theme.
        public var theme: AppState.Theme
        /// The editor's font size, in points.
        public var fontSize: Int
        /// Whether the editor shows line numbers.
        public var showLineNumbers: Bool
        /// Whether documents are saved automatically.
        public var autosave: Bool
        /// How often autosave runs.
        public var autosaveIntervalSeconds: Int
        /// The interface language, as a BCP 47 tag.
        public var language: String
        /// Recently opened folders, most recent first.
        public var recentFolders: [String]
        enum CodingKeys: Int, CodingKey {
            case theme = 1, fontSize, showLineNumbers, autosave, autosaveIntervalSeconds, language, recentFolders
        }
    }

    /// One document's metadata.
    public struct Document: Codable, Equatable, Sendable {
        /// The document's identity.
        public var id: UUID
        /// A title.
        public var title: String
        /// The document's tags.
        public var tags: [String]
        /// When the document was created.
        public var created: Date
        /// When the document was last modified, if ever.
        public var modified: Date?
        /// How many words the document has.
        public var wordCount: Int
        /// Whether the document is pinned.
        public var pinned: Bool
        /// Who the document is shared with.
        public var sharing: AppState.Sharing
        /// A label color, if any.
        public var color: String?
        enum CodingKeys: Int, CodingKey {
            case id = 1, title, tags, created, modified, wordCount, pinned, sharing, color
        }
    }

    /// The settings.
    public var settings: Settings
    /// The documents.
    public var documents: [Document]
    /// How many documents each folder holds.
    public var folderCounts: [String: Int]
    enum CodingKeys: Int, CodingKey { case settings = 1, documents, folderCounts }

    /// The same app state, with integer coding keys.
    public init(_ state: AppState) {
        let s = state.settings
        settings = Settings(theme: s.theme, fontSize: s.fontSize, showLineNumbers: s.showLineNumbers, autosave: s.autosave,
                            autosaveIntervalSeconds: s.autosaveIntervalSeconds, language: s.language, recentFolders: s.recentFolders)
        documents = state.documents.map {
            Document(id: $0.id, title: $0.title, tags: $0.tags, created: $0.created, modified: $0.modified,
                     wordCount: $0.wordCount, pinned: $0.pinned, sharing: $0.sharing, color: $0.color)
        }
        folderCounts = state.folderCounts
    }
}
