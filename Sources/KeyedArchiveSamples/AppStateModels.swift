import Foundation

/// An app-state document: settings, 500 documents, a dictionary.
public struct AppState: Codable, Equatable, Sendable {
    /// The app's color theme.
    public enum Theme: String, Codable, Sendable { case light, dark, system }

    /// The app's settings.
    public struct Settings: Codable, Equatable, Sendable {
        /// The color theme.
        public var theme: Theme
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

        /// Settings.
        public init(theme: Theme, fontSize: Int, showLineNumbers: Bool, autosave: Bool, autosaveIntervalSeconds: Int, language: String, recentFolders: [String]) {
            self.theme = theme
            self.fontSize = fontSize
            self.showLineNumbers = showLineNumbers
            self.autosave = autosave
            self.autosaveIntervalSeconds = autosaveIntervalSeconds
            self.language = language
            self.recentFolders = recentFolders
        }
    }

    /// An enum with associated values (SE-0295 synthesized coding).
    public enum Sharing: Codable, Equatable, Sendable {
        case privateDocument
        case link(url: URL, canEdit: Bool)
        case team(name: String, members: Int)
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
        public var sharing: Sharing
        /// A label color, if any.
        public var color: String?

        /// A document.
        public init(id: UUID, title: String, tags: [String], created: Date, modified: Date?, wordCount: Int, pinned: Bool, sharing: Sharing, color: String?) {
            self.id = id
            self.title = title
            self.tags = tags
            self.created = created
            self.modified = modified
            self.wordCount = wordCount
            self.pinned = pinned
            self.sharing = sharing
            self.color = color
        }
    }

    /// The settings.
    public var settings: Settings
    /// The documents.
    public var documents: [Document]
    /// How many documents each folder holds.
    public var folderCounts: [String: Int]

    /// An app state.
    public init(settings: Settings, documents: [Document], folderCounts: [String: Int]) {
        self.settings = settings
        self.documents = documents
        self.folderCounts = folderCounts
    }

    /// An app state with `count` documents, the same on every run.
    public static func sample(documents count: Int = 500) -> AppState {
        var generator = SampleGenerator(seed: 2)
        let tags = ["work", "home", "ideas", "travel", "draft", "archive", "urgent", "reading"]
        let documents = (0..<count).map { i -> Document in
            let sharing: Sharing
            switch generator.int(0..<3) {
            case 0: sharing = .privateDocument
            case 1: sharing = .link(url: URL(string: "https://share.example.com/d/\(generator.hex(12))")!, canEdit: generator.int(0..<2) == 1)
            default: sharing = .team(name: "Team \(generator.int(0..<20))", members: generator.int(2..<40))
            }
            return Document(
                id: generator.uuid(),
                title: generator.words(generator.int(2..<7)).capitalized,
                tags: (0..<generator.int(0..<4)).map { _ in tags[generator.int(0..<tags.count)] },
                created: Date(timeIntervalSinceReferenceDate: 700_000_000 + Double(i) * 3_600),
                modified: generator.int(0..<3) == 0 ? nil : Date(timeIntervalSinceReferenceDate: 710_000_000 + Double(i) * 61),
                wordCount: generator.int(0..<10_000),
                pinned: generator.int(0..<10) == 0,
                sharing: sharing,
                color: generator.int(0..<2) == 0 ? nil : ["red", "green", "blue", "orange"][generator.int(0..<4)])
        }
        let settings = Settings(theme: .dark, fontSize: 14, showLineNumbers: true, autosave: true,
                                autosaveIntervalSeconds: 30, language: "en-GB",
                                recentFolders: ["/Users/me/Documents", "/Users/me/Projects/notes", "/Volumes/Backup/archive"])
        var folderCounts: [String: Int] = [:]
        for i in 0..<40 { folderCounts["folder-\(i)"] = generator.int(0..<300) }
        return AppState(settings: settings, documents: documents, folderCounts: folderCounts)
    }
}
