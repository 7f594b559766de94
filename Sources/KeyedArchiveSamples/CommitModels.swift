import Foundation

/// A GitHub-style commit list with synthesized (string) coding keys.
public struct Commit: Codable, Equatable, Sendable {
    /// The commit's author.
    public struct Author: Codable, Equatable, Sendable {
        /// A display name.
        public var name: String
        /// An email address.
        public var email: String
        /// When the commit was authored.
        public var date: Date

        /// An author.
        public init(name: String, email: String, date: Date) {
            self.name = name
            self.email = email
            self.date = date
        }
    }
    /// The 40-digit hexadecimal commit hash.
    public var sha: String
    /// The commit's API URL.
    public var url: URL
    /// Who wrote the commit, and when.
    public var author: Author
    /// The commit message: a few words.
    public var message: String
    /// How many comments the commit has.
    public var commentCount: Int
    /// Lines added.
    public var additions: Int
    /// Lines deleted.
    public var deletions: Int

    /// A commit.
    public init(sha: String, url: URL, author: Author, message: String, commentCount: Int, additions: Int, deletions: Int) {
        self.sha = sha
        self.url = url
        self.author = author
        self.message = message
        self.commentCount = commentCount
        self.additions = additions
        self.deletions = deletions
    }

    /// `count` commits, the same on every run.
    public static func sample(count: Int = 1_000) -> [Commit] {
        var generator = SampleGenerator(seed: 1)
        return (0..<count).map { i in
            let sha = generator.hex(40)
            let author = generator.int(0..<50)
            return Commit(
                sha: sha,
                url: URL(string: "https://api.github.com/repos/apple/swift/commits/\(sha)")!,
                author: Author(name: "Author \(author)", email: "author\(author)@example.com",
                               date: Date(timeIntervalSince1970: 1_600_000_000 + Double(i) * 977)),
                message: generator.words(generator.int(3..<15)),
                commentCount: generator.int(0..<20),
                additions: generator.int(0..<2_000),
                deletions: generator.int(0..<1_000))
        }
    }
}

/// The same commit list with `enum CodingKeys: Int, CodingKey`.
public struct IntKeyedCommit: Codable, Equatable, Sendable {
    /// The commit's author.
    public struct Author: Codable, Equatable, Sendable {
        /// A display name.
        public var name: String
        /// An email address.
        public var email: String
        /// When the commit was authored.
        public var date: Date
        enum CodingKeys: Int, CodingKey { case name = 1, email, date }
    }
    /// The 40-digit hexadecimal commit hash.
    public var sha: String
    /// The commit's API URL.
    public var url: URL
    /// Who wrote the commit, and when.
    public var author: Author
    /// The commit message: a few words.
    public var message: String
    /// How many comments the commit has.
    public var commentCount: Int
    /// Lines added.
    public var additions: Int
    /// Lines deleted.
    public var deletions: Int
    enum CodingKeys: Int, CodingKey { case sha = 1, url, author, message, commentCount, additions, deletions }

    /// The same commit, with integer coding keys.
    public init(_ commit: Commit) {
        sha = commit.sha
        url = commit.url
        author = Author(name: commit.author.name, email: commit.author.email, date: commit.author.date)
        message = commit.message
        commentCount = commit.commentCount
        additions = commit.additions
        deletions = commit.deletions
    }

    /// `count` commits, the same as `Commit.sample(count:)`.
    public static func sample(count: Int = 1_000) -> [IntKeyedCommit] { Commit.sample(count: count).map(IntKeyedCommit.init) }
}
