import Foundation
@testable import KeyedArchive
import KeyedArchiveSamples

// `ArchiveDirectEncodable`/`ArchiveDirectDecodable` conformances written by hand, as
// `@ArchiveCodable` writes them: the keys of each type's `CodingKeys` in declaration order,
// each stored property written with `encode(_:at:)` under its key's position and read back with
// `decode(_:at:)` (whose `Optional` overloads do what `encodeIfPresent`/`decodeIfPresent` do).
// Conforming the sample models here puts the generated-code paths under every test that
// encodes or decodes them.

extension Commit: ArchiveDirectEncodable {
    /// The synthesized `CodingKeys` are private to the type: these spell the same keys.
    enum DirectKeys: String, CodingKey { case sha, url, author, message, commentCount, additions, deletions }
    static let archiveKeys = ArchiveKeySet([DirectKeys.sha, .url, .author, .message, .commentCount, .additions, .deletions])

    public static func _archiveEncode<Writer: ArchiveWriter>(_ value: Commit, to encoder: inout Writer) throws {
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
extension Commit: ArchiveDirectDecodable {
    public static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> Commit {
        let container = try decoder.keyedContainer(archiveKeys)
        return Commit(
            sha: try container.decode(String.self, at: 0), url: try container.decode(URL.self, at: 1),
            author: try container.decode(Author.self, at: 2), message: try container.decode(String.self, at: 3),
            commentCount: try container.decode(Int.self, at: 4), additions: try container.decode(Int.self, at: 5),
            deletions: try container.decode(Int.self, at: 6))
    }
}


extension Commit.Author: ArchiveDirectEncodable {
    enum DirectKeys: String, CodingKey { case name, email, date }
    static let archiveKeys = ArchiveKeySet([DirectKeys.name, .email, .date])

    public static func _archiveEncode<Writer: ArchiveWriter>(_ value: Commit.Author, to encoder: inout Writer) throws {
        var container = encoder.keyedContainer(archiveKeys)
        try container.encode(value.name, at: 0)
        try container.encode(value.email, at: 1)
        try container.encode(value.date, at: 2)
    }
}
extension Commit.Author: ArchiveDirectDecodable {
    public static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> Commit.Author {
        let container = try decoder.keyedContainer(archiveKeys)
        return Commit.Author(name: try container.decode(String.self, at: 0), email: try container.decode(String.self, at: 1),
                             date: try container.decode(Date.self, at: 2))
    }
}


extension IntKeyedCommit: ArchiveDirectEncodable {
    enum DirectKeys: Int, CodingKey { case sha = 1, url, author, message, commentCount, additions, deletions }
    static let archiveKeys = ArchiveKeySet([DirectKeys.sha, .url, .author, .message, .commentCount, .additions, .deletions])

    public static func _archiveEncode<Writer: ArchiveWriter>(_ value: IntKeyedCommit, to encoder: inout Writer) throws {
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
extension IntKeyedCommit: ArchiveDirectDecodable {
    public static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> IntKeyedCommit {
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


extension IntKeyedCommit.Author: ArchiveDirectEncodable {
    enum DirectKeys: Int, CodingKey { case name = 1, email, date }
    static let archiveKeys = ArchiveKeySet([DirectKeys.name, .email, .date])

    public static func _archiveEncode<Writer: ArchiveWriter>(_ value: IntKeyedCommit.Author, to encoder: inout Writer) throws {
        var container = encoder.keyedContainer(archiveKeys)
        try container.encode(value.name, at: 0)
        try container.encode(value.email, at: 1)
        try container.encode(value.date, at: 2)
    }
}

/// Every kind of property a generated conformance writes: scalars at their limits, optionals
/// (`nil`, `.some(nil)`), values with a native form, a nested type with generated code, and
/// types without (written through `encode(to:)`), in collections.
struct DirectEverything: Codable, Equatable, ArchiveDirectEncodable, ArchiveDirectDecodable {
    struct Leaf: Codable, Equatable, ArchiveDirectEncodable, ArchiveDirectDecodable {
        enum CodingKeys: Int, CodingKey { case id = 3, tag = -1, weight = 70 }
        var id: Int
        var tag: String?
        var weight: Double

        static let archiveKeys = ArchiveKeySet([CodingKeys.id, .tag, .weight])
        static func _archiveEncode<Writer: ArchiveWriter>(_ value: Leaf, to encoder: inout Writer) throws {
            var container = encoder.keyedContainer(archiveKeys)
            try container.encode(value.id, at: 0)
            try container.encode(value.tag, at: 1)
            try container.encode(value.weight, at: 2)
        }
        static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> Leaf {
            let container = try decoder.keyedContainer(archiveKeys)
            return Leaf(id: try container.decode(Int.self, at: 0), tag: try container.decode(String?.self, at: 1),
                        weight: try container.decode(Double.self, at: 2))
        }
    }

    /// No generated code: written through `encode(to:)` even inside a type that has it.
    enum Mood: String, Codable, Equatable { case calm, loud }

    var flag: Bool
    var int8: Int8
    var int16: Int16
    var int32: Int32
    var int64: Int64
    var int: Int
    var uint8: UInt8
    var uint16: UInt16
    var uint32: UInt32
    var uint64: UInt64
    var uint: UInt
    var float: Float
    var double: Double
    var text: String
    var maybeInt: Int?
    var maybeText: String?
    var doubleOptional: Int??
    var leaf: Leaf
    var maybeLeaf: Leaf?
    var leaves: [Leaf]
    var leavesByName: [String: Leaf]
    var mood: Mood
    var moods: [Mood?]
    var date: Date
    var url: URL
    var data: Data
    var id: UUID
    var numbers: [Int]
    var names: [String]

    static let archiveKeys = ArchiveKeySet([
        CodingKeys.flag, .int8, .int16, .int32, .int64, .int, .uint8, .uint16, .uint32, .uint64, .uint, .float, .double,
        .text, .maybeInt, .maybeText, .doubleOptional, .leaf, .maybeLeaf, .leaves, .leavesByName, .mood, .moods, .date,
        .url, .data, .id, .numbers, .names,
    ])

    static func _archiveEncode<Writer: ArchiveWriter>(_ value: DirectEverything, to encoder: inout Writer) throws {
        var container = encoder.keyedContainer(archiveKeys)
        try container.encode(value.flag, at: 0)
        try container.encode(value.int8, at: 1)
        try container.encode(value.int16, at: 2)
        try container.encode(value.int32, at: 3)
        try container.encode(value.int64, at: 4)
        try container.encode(value.int, at: 5)
        try container.encode(value.uint8, at: 6)
        try container.encode(value.uint16, at: 7)
        try container.encode(value.uint32, at: 8)
        try container.encode(value.uint64, at: 9)
        try container.encode(value.uint, at: 10)
        try container.encode(value.float, at: 11)
        try container.encode(value.double, at: 12)
        try container.encode(value.text, at: 13)
        try container.encode(value.maybeInt, at: 14)
        try container.encode(value.maybeText, at: 15)
        try container.encode(value.doubleOptional, at: 16)
        try container.encode(value.leaf, at: 17)
        try container.encode(value.maybeLeaf, at: 18)
        try container.encode(value.leaves, at: 19)
        try container.encode(value.leavesByName, at: 20)
        try container.encode(value.mood, at: 21)
        try container.encode(value.moods, at: 22)
        try container.encode(value.date, at: 23)
        try container.encode(value.url, at: 24)
        try container.encode(value.data, at: 25)
        try container.encode(value.id, at: 26)
        try container.encode(value.numbers, at: 27)
        try container.encode(value.names, at: 28)
    }

    static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> DirectEverything {
        let container = try decoder.keyedContainer(archiveKeys)
        return DirectEverything(
            flag: try container.decode(Bool.self, at: 0), int8: try container.decode(Int8.self, at: 1),
            int16: try container.decode(Int16.self, at: 2), int32: try container.decode(Int32.self, at: 3),
            int64: try container.decode(Int64.self, at: 4), int: try container.decode(Int.self, at: 5),
            uint8: try container.decode(UInt8.self, at: 6), uint16: try container.decode(UInt16.self, at: 7),
            uint32: try container.decode(UInt32.self, at: 8), uint64: try container.decode(UInt64.self, at: 9),
            uint: try container.decode(UInt.self, at: 10), float: try container.decode(Float.self, at: 11),
            double: try container.decode(Double.self, at: 12), text: try container.decode(String.self, at: 13),
            maybeInt: try container.decode(Int?.self, at: 14), maybeText: try container.decode(String?.self, at: 15),
            doubleOptional: try container.decode(Int??.self, at: 16), leaf: try container.decode(Leaf.self, at: 17),
            maybeLeaf: try container.decode(Leaf?.self, at: 18), leaves: try container.decode([Leaf].self, at: 19),
            leavesByName: try container.decode([String: Leaf].self, at: 20), mood: try container.decode(Mood.self, at: 21),
            moods: try container.decode([Mood?].self, at: 22), date: try container.decode(Date.self, at: 23),
            url: try container.decode(URL.self, at: 24), data: try container.decode(Data.self, at: 25),
            id: try container.decode(UUID.self, at: 26), numbers: try container.decode([Int].self, at: 27),
            names: try container.decode([String].self, at: 28))
    }

    /// A value drawn from `generator`: each property at a limit, zero, or in between, each
    /// optional absent, explicitly nil or present.
    static func random(_ generator: inout some RandomNumberGenerator) -> DirectEverything {
        func pick<T>(_ choices: [T]) -> T { choices[Int.random(in: 0..<choices.count, using: &generator)] }
        func leaf() -> Leaf {
            Leaf(id: pick([0, -1, .max, .min, 1 << 40]), tag: pick([nil, "", "t", "ümlaut"]),
                 weight: pick([0, -0.0, .nan, .infinity, -.infinity, 1.5, .leastNonzeroMagnitude]))
        }
        return DirectEverything(
            flag: pick([true, false]), int8: pick([.min, .max, 0, -1]), int16: pick([.min, .max, 0, 200]),
            int32: pick([.min, .max, 0, 70_000]), int64: pick([.min, .max, 0, -5]), int: pick([.min, .max, 0, 127, 128]),
            uint8: pick([.min, .max, 7]), uint16: pick([.min, .max]), uint32: pick([.min, .max]), uint64: pick([.min, .max, 1 << 63]),
            uint: pick([.min, .max]), float: pick([0, -0.0, .nan, .infinity, .greatestFiniteMagnitude, 3.25]),
            double: pick([0, -0.0, .nan, -.infinity, .pi]), text: pick(["", "a", String(repeating: "long ", count: 40), "e\u{301}"]),
            maybeInt: pick([nil, 0, -9]), maybeText: pick([nil, "", "x"]), doubleOptional: pick([nil, .some(nil), .some(4)]),
            leaf: leaf(), maybeLeaf: pick([nil, leaf()]), leaves: (0..<pick([0, 1, 3])).map { _ in leaf() },
            leavesByName: pick([[:], ["a": leaf()], ["7": leaf(), "b": leaf(), "007": leaf()]]),
            mood: pick([.calm, .loud]), moods: pick([[], [nil], [.calm, nil, .loud]]),
            date: pick([Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: -1.5), Date(timeIntervalSinceReferenceDate: 1e9)]),
            url: pick([URL(string: "https://example.com/a?b=c")!, URL(string: "file:///tmp/x")!]),
            data: pick([Data(), Data([0, 255, 1])]), id: UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)),
            numbers: pick([[], [0], [1, -1, .max], [300, 70_000]]), names: pick([[], ["a", ""], ["x", "y", "z"]]))
    }
}
