// The types the fuzzers (Tests/Fuzz) decode untrusted bytes as, shared with the test target,
// whose FuzzReplayTests replay the fuzzers' inputs as the same types. Tests/Fuzz/run.sh
// compiles this file into one module with the library sources, where KeyedArchive is not a
// module to import; in the test target it is.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(KeyedArchive)
import KeyedArchive
#endif

/// A struct model: scalars, Foundation types, an array, an optional, a nested struct and an
/// enum with associated values (synthesized Codable, keyed by name).
struct FuzzModel: Codable, Equatable {
    struct Address: Codable, Equatable {
        var street: String
        var zip: Int?
        var tags: Set<String>
    }

    enum Shape: Codable, Equatable {
        case circle(radius: Double)
        case rect(width: Int, height: Int)
        case label(String, bold: Bool)
        case none
    }

    var name: String
    var count: Int
    var ratio: Double
    var created: Date
    var id: UUID
    var aliases: [String]
    var nickname: String?
    var address: Address
    var shapes: [Shape]
    var small: UInt8
    var signed: Int64
    var flag: Bool
    var url: URL?
}

/// Nested collections.
typealias FuzzNested = [[String: [Int]]]

/// Binary blobs by name.
typealias FuzzBlobs = [String: Data]

/// A recursive, JSON-like enum.
indirect enum FuzzTree: Codable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    case array([FuzzTree])
    case object([String: FuzzTree])
}

/// A graph of class instances, for archives with shared objects and references
/// (`preservesObjectIdentity`, `Spec/FORMAT.md` §9.5): a node refers to nodes in arrays, a
/// dictionary, an optional and through a single-value alias, so that references reach the
/// decoder through each of them.
final class FuzzNode: Codable {
    var name: String
    var children: [FuzzNode]
    var byKey: [String: FuzzNode]
    var next: FuzzNode?
    var alias: FuzzAlias?
    init(name: String, children: [FuzzNode] = [], byKey: [String: FuzzNode] = [:], next: FuzzNode? = nil, alias: FuzzAlias? = nil) {
        self.name = name
        self.children = children
        self.byKey = byKey
        self.next = next
        self.alias = alias
    }
}

/// A class whose value is another instance, through a single-value container.
final class FuzzAlias: Codable {
    let node: FuzzNode
    init(_ node: FuzzNode) { self.node = node }
    init(from decoder: any Decoder) throws { node = try decoder.singleValueContainer().decode(FuzzNode.self) }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(node)
    }
}

typealias FuzzGraph = [FuzzNode]

/// Sample values, encoded into seed inputs by SeedGenerator.swift.
enum FuzzSamples {
    static let model = FuzzModel(
        name: "Ada", count: 42, ratio: 0.5,
        created: Date(timeIntervalSinceReferenceDate: 700_000_000.25),
        id: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!,
        aliases: ["a", "bb", ""], nickname: nil,
        address: .init(street: "Main St", zip: 12345, tags: ["x", "y"]),
        shapes: [.circle(radius: 1.5), .rect(width: 2, height: 3), .label("hi", bold: true), .none],
        small: 255, signed: -9_000_000_000, flag: true,
        url: URL(string: "https://example.com/a?b=c"))

    static let nested: FuzzNested = [["a": [1, 2, 3], "b": []], [:], ["c": [-1, Int.max, Int.min]]]

    static let blobs: FuzzBlobs = ["empty": Data(), "bytes": Data([0, 1, 2, 255]), "big": Data(repeating: 7, count: 300)]

    /// Shared leaves, a shared alias, and a diamond (`top` reaches `leaf` two ways).
    static var graph: FuzzGraph {
        let leaf = FuzzNode(name: "leaf")
        let other = FuzzNode(name: "other", children: [leaf, leaf])
        let alias = FuzzAlias(other)
        let top = FuzzNode(name: "top", children: [leaf, other], byKey: ["l": leaf, "o": other], next: leaf, alias: alias)
        return [top, other, leaf, FuzzNode(name: "aliased", alias: alias)]
    }

    static let tree: FuzzTree = .object([
        "n": .null, "b": .bool(false), "i": .int(-7), "s": .string("héllo"),
        "a": .array([.int(1), .array([.null, .object([:])]), .string("")]),
    ])
}
