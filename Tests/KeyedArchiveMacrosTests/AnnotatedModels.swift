import Foundation
import KeyedArchiveMacros

// Types annotated with `@ArchiveCodable`, compiled through the real macro: every kind of
// property the synthesized conformance handles, in the shapes users write.

/// The sample commit model, annotated (string keys).
@ArchiveCodable
struct AnnotatedCommit: Codable, Equatable {
    @ArchiveCodable
    struct Author: Codable, Equatable {
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
}

/// Integer keys, declared in another order than the properties, and a property without a key.
@ArchiveCodable
struct IntKeyedEntry: Codable, Equatable {
    enum CodingKeys: Int, CodingKey {
        case title = 4, id = 1, tags = 2
    }
    var id: Int
    var title: String?
    var tags: [String]
    var cached: Int = 7
}

typealias MaybeText = String?

/// Enums with raw values: the raw value is the whole value.
@ArchiveCodable
enum AnnotatedMood: String, Codable, CaseIterable {
    case calm, cross = "angry", empty = ""
}

@ArchiveCodable
enum AnnotatedLevel: Int, Codable, CaseIterable {
    case lowest = -9_223_372_036_854_775_808, zero = 0, highest = 9_223_372_036_854_775_807
}

@ArchiveCodable
enum AnnotatedPriority: UInt8, Codable, CaseIterable {
    case low = 0, high = 255
}

@ArchiveCodable
enum AnnotatedRatio: Double, Codable, CaseIterable {
    case half = 0.5, negativeZero = -0.0, huge = 1e300
}

@ArchiveCodable
enum AnnotatedScale: Float, Codable, CaseIterable {
    case tiny = 1e-30, one = 1
}

/// An enum with associated values and a final class: annotated, they keep their `Codable`
/// conformance (no generated code yet), so the bytes are unchanged.
@ArchiveCodable
enum AnnotatedShape: Codable, Equatable {
    case circle(radius: Double), polygon(sides: Int, label: String?), dot
}

@ArchiveCodable
final class AnnotatedNode: Codable {
    var name: String
    var next: AnnotatedNode?

    init(name: String, next: AnnotatedNode?) {
        self.name = name
        self.next = next
    }
}

/// Every other kind of property: optionals (spelled `?`, `Optional<>`, through a type alias,
/// doubly), an observed property, values with a
/// native form, collections of annotated values, and a member without generated code.
@ArchiveCodable
struct AnnotatedEverything: Codable {
    enum Mood: String, Codable { case calm, loud }

    var flag: Bool
    var small: Int8
    var wide: UInt64
    var float: Float
    var double: Double
    var text: String
    var maybeInt: Int?
    var maybeEntry: Optional<IntKeyedEntry>
    var aliased: MaybeText
    var doubleOptional: Int??
    var observed: Int = 0 {
        didSet { observedChanges += 1 }
    }
    var observedChanges = 0
    var entries: [IntKeyedEntry]
    var entriesByName: [String: IntKeyedEntry]
    var moods: [Mood?]
    var date: Date
    var data: Data
    var id: UUID
    var numbers: [Int]
    var mood: AnnotatedMood
    var level: AnnotatedLevel?
    var priorities: [AnnotatedPriority]
    var ratio: AnnotatedRatio
    var scales: [String: AnnotatedScale]
    var shape: AnnotatedShape
    var node: AnnotatedNode?
}

/// An ordinary `Codable` type around annotated ones.
struct PlainHolder: Codable {
    var commits: [AnnotatedCommit]
    var byNumber: [Int: AnnotatedCommit]
    var maybe: AnnotatedCommit?
    var nested: AnnotatedCommit??
    var everything: AnnotatedEverything
}

extension AnnotatedCommit {
    /// The sample commits, annotated.
    static func sample(count: Int) -> [AnnotatedCommit] {
        (0..<count).map { i in
            AnnotatedCommit(
                sha: String(repeating: "\(i % 10)", count: 40), url: URL(string: "https://example.com/commits/\(i)")!,
                author: Author(name: "Author \(i % 7)", email: "a\(i % 7)@example.com", date: Date(timeIntervalSince1970: Double(i) * 977)),
                message: "change \(i)", commentCount: i % 20, additions: i * 3, deletions: i)
        }
    }
}

extension AnnotatedEverything {
    /// A value drawn from `generator`, each property at a limit, zero or in between, each
    /// optional absent, nil or present.
    static func random(_ generator: inout some RandomNumberGenerator) -> AnnotatedEverything {
        func pick<T>(_ choices: [T]) -> T { choices[Int.random(in: 0..<choices.count, using: &generator)] }
        func entry() -> IntKeyedEntry {
            IntKeyedEntry(id: pick([0, -1, .max, .min]), title: pick([nil, "", "t"]), tags: pick([[], ["a", "b"]]))
        }
        return AnnotatedEverything(
            flag: pick([true, false]), small: pick([.min, .max, 0]), wide: pick([.min, .max, 1 << 40]),
            float: pick([0, -0.0, .nan, .infinity, 1.5]), double: pick([.pi, -.infinity, .nan, 0]), text: pick(["", "x", "é"]),
            maybeInt: pick([nil, 0, .min]), maybeEntry: pick([nil, entry()]), aliased: pick([nil, "", "alias"]),
            doubleOptional: pick([nil, .some(nil), .some(5)]), observed: pick([0, 9]),
            entries: (0..<pick([0, 1, 3])).map { _ in entry() }, entriesByName: pick([[:], ["7": entry(), "b": entry()]]),
            moods: pick([[], [nil, .calm], [.loud]]), date: Date(timeIntervalSince1970: pick([0, -1.5, 1e9])),
            data: pick([Data(), Data([1, 2, 255])]), id: UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)),
            numbers: pick([[], [1, -1, .max]]), mood: pick(AnnotatedMood.allCases), level: pick([nil] + AnnotatedLevel.allCases),
            priorities: pick([[], AnnotatedPriority.allCases]), ratio: pick(AnnotatedRatio.allCases),
            scales: pick([[:], ["a": .tiny, "b": .one]]), shape: pick([.dot, .circle(radius: -1), .polygon(sides: 5, label: nil)]),
            node: pick([nil, AnnotatedNode(name: "n", next: nil), AnnotatedNode(name: "a", next: AnnotatedNode(name: "b", next: nil))]))
    }
}
