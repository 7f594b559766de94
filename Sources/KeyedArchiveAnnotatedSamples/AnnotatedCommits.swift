import Foundation
import KeyedArchiveMacros
import KeyedArchiveSamples

/// The sample models of `KeyedArchiveSamples`, declared again with `@ArchiveCodable`: the same
/// properties, keys and types, so each writes the archive of its plain twin byte for byte.
///
/// The benchmark package measures them beside the `Codable` path and swift-protobuf, and the
/// macro's tests check them against the plain models, byte for byte and error for error. They
/// are a product of their own so that neither `karchive` nor a user of the samples builds
/// swift-syntax.
public enum Annotated {}

extension Annotated {
    /// `Commit`, annotated (synthesized string keys).
    @ArchiveCodable
    public struct Commit: Codable, Equatable, Sendable {
        /// `Commit.Author`, annotated.
        @ArchiveCodable
        public struct Author: Codable, Equatable, Sendable {
            public var name: String
            public var email: String
            public var date: Date
        }
        public var sha: String
        public var url: URL
        public var author: Author
        public var message: String
        public var commentCount: Int
        public var additions: Int
        public var deletions: Int

        /// The same commit.
        public init(_ commit: KeyedArchiveSamples.Commit) {
            (sha, url, message) = (commit.sha, commit.url, commit.message)
            author = Author(name: commit.author.name, email: commit.author.email, date: commit.author.date)
            (commentCount, additions, deletions) = (commit.commentCount, commit.additions, commit.deletions)
        }
    }

    /// `IntKeyedCommit`, annotated (`enum CodingKeys: Int, CodingKey`).
    @ArchiveCodable
    public struct IntKeyedCommit: Codable, Equatable, Sendable {
        /// `IntKeyedCommit.Author`, annotated.
        @ArchiveCodable
        public struct Author: Codable, Equatable, Sendable {
            public var name: String
            public var email: String
            public var date: Date
            enum CodingKeys: Int, CodingKey { case name = 1, email, date }
        }
        public var sha: String
        public var url: URL
        public var author: Author
        public var message: String
        public var commentCount: Int
        public var additions: Int
        public var deletions: Int
        enum CodingKeys: Int, CodingKey { case sha = 1, url, author, message, commentCount, additions, deletions }

        /// The same commit.
        public init(_ commit: KeyedArchiveSamples.IntKeyedCommit) {
            (sha, url, message) = (commit.sha, commit.url, commit.message)
            author = Author(name: commit.author.name, email: commit.author.email, date: commit.author.date)
            (commentCount, additions, deletions) = (commit.commentCount, commit.additions, commit.deletions)
        }
    }
}
