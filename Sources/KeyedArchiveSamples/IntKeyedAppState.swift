import Foundation

/// The app state with `enum CodingKeys: Int, CodingKey` everywhere the model has its own keys
/// (the enum's case names, SE-0295's keys, stay strings: Swift gives them no integer form).
public struct IntKeyedAppState: Codable, Equatable, Sendable {
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
