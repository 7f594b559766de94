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
// Testable: `FuzzDirect.disagreement` switches the generated code off (an internal setting).
@testable import KeyedArchive
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

/// The generated-code path (`@ArchiveCodable`): a struct, a nested struct, an enum with a raw
/// value, one with associated values (`FuzzModel.Shape`) and a final class, with the
/// conformances the macro writes for them (written out here: the fuzzers
/// are built without macros), around members that keep the `Codable` path.
struct FuzzDirect: Codable, Equatable {
    enum Level: Int, Codable, Equatable { case low = 1, high = 2 }

    struct Item: Codable, Equatable {
        var id: Int
        var label: String?
        var level: Level
    }

    var name: String
    var count: Int8
    var ratio: Float
    var items: [Item]
    var byName: [String: Item]
    var maybe: Item?
    var shape: FuzzModel.Shape
    var when: Date
    var flags: [Bool]
    var nested: Int??
    var owner: Owner?

    /// A final class with generated code: its instances go through the identity and cycle
    /// checks, then through its generated code.
    final class Owner: Codable, Equatable {
        var name: String
        var tags: [String]
        var next: Owner?

        init(name: String, tags: [String], next: Owner?) { (self.name, self.tags, self.next) = (name, tags, next) }

        static func == (a: Owner, b: Owner) -> Bool { a.name == b.name && a.tags == b.tags && a.next == b.next }

        private init<Container: ArchiveKeyedReader>(_archiveFrom container: Container) throws {
            var field0 = container.unreadField { (value: Owner) in
                value.name
            }
            var field1 = container.unreadField { (value: Owner) in
                value.tags
            }
            var field2 = container.unreadField { (value: Owner) in
                value.next
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
            self.name = try field0 ?? container.decode(at: 0)
            self.tags = try field1 ?? container.decode(at: 1)
            self.next = try field2 ?? container.decode(at: 2)
        }
    }

    /// How the two paths disagree on `bytes`, or `nil` if they agree: the same value, or the
    /// same error with the same path and description. The decoder fuzzer stops on any
    /// disagreement, as on a crash.
    static func disagreement(_ bytes: [UInt8]) -> String? {
        let direct = ArchiveDecoder()
        var codable = direct
        codable.usesGeneratedCode = false
        let viaDirect = Result { try direct.decode(FuzzDirect.self, from: bytes) }
        let viaCodable = Result { try codable.decode(FuzzDirect.self, from: bytes) }
        switch (viaDirect, viaCodable) {
        case (.success(let a), .success(let b)):
            // Compared by their deterministic archives, in which a NaN equals itself and a
            // dictionary's order does not count.
            var encoder = ArchiveEncoder()
            encoder.usesGeneratedCode = false
            encoder.deterministic = true
            let (archiveA, archiveB) = (try? encoder.encode(a), try? encoder.encode(b))
            return archiveA != nil && archiveA == archiveB ? nil : "decoded values differ: \(a) against \(b)"
        case (.failure(let a), .failure(let b)):
            return "\(a)" == "\(b)" ? nil : "errors differ: \(a) against \(b)"
        default:
            return "one path decoded, the other threw: generated code \(viaDirect), init(from:) \(viaCodable)"
        }
    }
}

/// The enum with associated values through generated code, so that the fuzzer compares the two
/// paths on its keyed container per case (`FuzzDirect.disagreement`, on `FuzzDirect.shape`).
/// The conformance holds for the whole module: `FuzzModel`'s shapes, and every test of this
/// target that codes them, take generated code too unless `usesGeneratedCode` is switched off.
extension FuzzModel.Shape: ArchiveDirectEncodable, ArchiveDirectDecodable {
    static let _archiveKeys = ArchiveKeySet([CodingKeys.circle, CodingKeys.rect, CodingKeys.label, CodingKeys.none])
    static let _archiveCaseKeys = [ArchiveKeySet([CircleCodingKeys.radius]), ArchiveKeySet([RectCodingKeys.width, RectCodingKeys.height]), ArchiveKeySet([LabelCodingKeys._0, LabelCodingKeys.bold]), ArchiveKeySet([NoneCodingKeys]())]
    static func _archiveEncode<Writer: ArchiveWriter>(_ value: FuzzModel.Shape, to encoder: inout Writer) throws {
        var container = encoder.keyedContainer(_archiveKeys)
        switch value {
        case .circle(let _0):
            var values = container.nestedContainer(_archiveCaseKeys[0], at: 0)
            try values.encode(_0, at: 0)
        case .rect(let _0, let _1):
            var values = container.nestedContainer(_archiveCaseKeys[1], at: 1)
            try values.encode(_0, at: 0)
            try values.encode(_1, at: 1)
        case .label(let _0, let _1):
            var values = container.nestedContainer(_archiveCaseKeys[2], at: 2)
            try values.encode(_0, at: 0)
            try values.encode(_1, at: 1)
        case .none:
            _ = container.nestedContainer(_archiveCaseKeys[3], at: 3)
        }
    }
    static func _archiveEncodeMessage(_ value: FuzzModel.Shape, to encoder: inout ArchiveMessageEncoder) throws { try _archiveEncode(value, to: &encoder) }
    static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> FuzzModel.Shape {
        let container = try decoder.keyedContainer(_archiveKeys)
        switch try container.onlyKey(of: FuzzModel.Shape.self) {
        case 0:
            let values = try container.nestedContainer(_archiveCaseKeys[0], at: 0)
            var field0: Optional<Double> = nil
            while let key = try values.nextKey() {
                switch key {
                case 0:
                    field0 = try .some(values.decode(at: 0))
                default:
                    try values.skipEntry()
                }
            }
            return .circle(radius: try field0 ?? values.decode(at: 0))
        case 1:
            let values = try container.nestedContainer(_archiveCaseKeys[1], at: 1)
            var field0: Optional<Int> = nil
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
            return .rect(width: try field0 ?? values.decode(at: 0), height: try field1 ?? values.decode(at: 1))
        case 2:
            let values = try container.nestedContainer(_archiveCaseKeys[2], at: 2)
            var field0: Optional<String> = nil
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
            return .label(try field0 ?? values.decode(at: 0), bold: try field1 ?? values.decode(at: 1))
        default:
            let values = try container.nestedContainer(_archiveCaseKeys[3], at: 3)
            while try values.nextKey() != nil {
                try values.skipEntry()
            }
            return .none
        }
    }
    static func _archiveDecodeMessage(from decoder: inout ArchiveMessageDecoder) throws -> FuzzModel.Shape { try _archiveDecode(from: &decoder) }
}

extension FuzzDirect: ArchiveDirectEncodable, ArchiveDirectDecodable {
    static let _archiveKeys = ArchiveKeySet([CodingKeys.name, CodingKeys.count, CodingKeys.ratio, CodingKeys.items, CodingKeys.byName, CodingKeys.maybe, CodingKeys.shape, CodingKeys.when, CodingKeys.flags, CodingKeys.nested, CodingKeys.owner])

    static func _archiveEncode<Writer: ArchiveWriter>(_ value: FuzzDirect, to encoder: inout Writer) throws {
        var container = encoder.keyedContainer(_archiveKeys)
        try container.encode(value.name, at: 0)
        try container.encode(value.count, at: 1)
        try container.encode(value.ratio, at: 2)
        try container.encode(value.items, at: 3)
        try container.encode(value.byName, at: 4)
        try container.encode(value.maybe, at: 5)
        try container.encode(value.shape, at: 6)
        try container.encode(value.when, at: 7)
        try container.encode(value.flags, at: 8)
        try container.encode(value.nested, at: 9)
        try container.encode(value.owner, at: 10)
    }
    static func _archiveEncodeMessage(_ value: FuzzDirect, to encoder: inout ArchiveMessageEncoder) throws { try _archiveEncode(value, to: &encoder) }

    /// Whether the generated code writes what `encode(to:)` writes: `CodingKeys` declares its
    /// cases in the order listed (not so if an extension declared them in another order).
    static var _archiveCanEncode: Bool { _archiveKeys.isInDeclarationOrder }

    static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> FuzzDirect {
        try FuzzDirect(_archiveFrom: decoder.keyedContainer(_archiveKeys))
    }
    static func _archiveDecodeMessage(from decoder: inout ArchiveMessageDecoder) throws -> FuzzDirect { try _archiveDecode(from: &decoder) }

    /// Whether the generated code reads what `init(from:)` reads, in the same order.
    static var _archiveCanDecode: Bool { _archiveKeys.isInDeclarationOrder }

    private init<Container: ArchiveKeyedReader>(_archiveFrom container: Container) throws {
        var field0 = container.unreadField { (value: FuzzDirect) in
            value.name
        }
        var field1 = container.unreadField { (value: FuzzDirect) in
            value.count
        }
        var field2 = container.unreadField { (value: FuzzDirect) in
            value.ratio
        }
        var field3 = container.unreadField { (value: FuzzDirect) in
            value.items
        }
        var field4 = container.unreadField { (value: FuzzDirect) in
            value.byName
        }
        var field5 = container.unreadField { (value: FuzzDirect) in
            value.maybe
        }
        var field6 = container.unreadField { (value: FuzzDirect) in
            value.shape
        }
        var field7 = container.unreadField { (value: FuzzDirect) in
            value.when
        }
        var field8 = container.unreadField { (value: FuzzDirect) in
            value.flags
        }
        var field9 = container.unreadField { (value: FuzzDirect) in
            value.nested
        }
        var field10 = container.unreadField { (value: FuzzDirect) in
            value.owner
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
            case 9:
                field9 = try .some(container.decode(at: 9))
            case 10:
                field10 = try .some(container.decode(at: 10))
            default:
                try container.skipEntry()
            }
        }
        self.name = try field0 ?? container.decode(at: 0)
        self.count = try field1 ?? container.decode(at: 1)
        self.ratio = try field2 ?? container.decode(at: 2)
        self.items = try field3 ?? container.decode(at: 3)
        self.byName = try field4 ?? container.decode(at: 4)
        self.maybe = try field5 ?? container.decode(at: 5)
        self.shape = try field6 ?? container.decode(at: 6)
        self.when = try field7 ?? container.decode(at: 7)
        self.flags = try field8 ?? container.decode(at: 8)
        self.nested = try field9 ?? container.decode(at: 9)
        self.owner = try field10 ?? container.decode(at: 10)
    }
}

extension FuzzDirect.Owner: ArchiveDirectEncodable, ArchiveDirectDecodable {
    static let _archiveKeys = ArchiveKeySet([CodingKeys.name, CodingKeys.tags, CodingKeys.next])
    static func _archiveEncode<Writer: ArchiveWriter>(_ value: FuzzDirect.Owner, to encoder: inout Writer) throws {
        var container = encoder.keyedContainer(_archiveKeys)
        try container.encode(value.name, at: 0)
        try container.encode(value.tags, at: 1)
        try container.encode(value.next, at: 2)
    }
    static func _archiveEncodeMessage(_ value: FuzzDirect.Owner, to encoder: inout ArchiveMessageEncoder) throws { try _archiveEncode(value, to: &encoder) }
    static var _archiveCanEncode: Bool { _archiveKeys.isInDeclarationOrder }
    static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> FuzzDirect.Owner {
        try FuzzDirect.Owner(_archiveFrom: decoder.keyedContainer(_archiveKeys))
    }
    static func _archiveDecodeMessage(from decoder: inout ArchiveMessageDecoder) throws -> FuzzDirect.Owner { try _archiveDecode(from: &decoder) }
    static var _archiveCanDecode: Bool { _archiveKeys.isInDeclarationOrder }
}

extension FuzzDirect.Item: ArchiveDirectEncodable, ArchiveDirectDecodable {
    static let _archiveKeys = ArchiveKeySet([CodingKeys.id, CodingKeys.label, CodingKeys.level])

    static func _archiveEncode<Writer: ArchiveWriter>(_ value: FuzzDirect.Item, to encoder: inout Writer) throws {
        var container = encoder.keyedContainer(_archiveKeys)
        try container.encode(value.id, at: 0)
        try container.encode(value.label, at: 1)
        try container.encode(value.level, at: 2)
    }
    static func _archiveEncodeMessage(_ value: FuzzDirect.Item, to encoder: inout ArchiveMessageEncoder) throws { try _archiveEncode(value, to: &encoder) }

    /// Whether the generated code writes what `encode(to:)` writes: `CodingKeys` declares its
    /// cases in the order listed (not so if an extension declared them in another order).
    static var _archiveCanEncode: Bool { _archiveKeys.isInDeclarationOrder }

    static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> FuzzDirect.Item {
        try FuzzDirect.Item(_archiveFrom: decoder.keyedContainer(_archiveKeys))
    }
    static func _archiveDecodeMessage(from decoder: inout ArchiveMessageDecoder) throws -> FuzzDirect.Item { try _archiveDecode(from: &decoder) }

    /// Whether the generated code reads what `init(from:)` reads, in the same order.
    static var _archiveCanDecode: Bool { _archiveKeys.isInDeclarationOrder }

    private init<Container: ArchiveKeyedReader>(_archiveFrom container: Container) throws {
        var field0 = container.unreadField { (value: FuzzDirect.Item) in
            value.id
        }
        var field1 = container.unreadField { (value: FuzzDirect.Item) in
            value.label
        }
        var field2 = container.unreadField { (value: FuzzDirect.Item) in
            value.level
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
        self.id = try field0 ?? container.decode(at: 0)
        self.label = try field1 ?? container.decode(at: 1)
        self.level = try field2 ?? container.decode(at: 2)
    }
}

extension FuzzDirect.Level: ArchiveDirectEncodable, ArchiveDirectDecodable {
    static func _archiveEncode<Writer: ArchiveWriter>(_ value: FuzzDirect.Level, to encoder: inout Writer) throws {
        try encoder.encodeSingleValue(value.rawValue)
    }
    static func _archiveEncodeMessage(_ value: FuzzDirect.Level, to encoder: inout ArchiveMessageEncoder) throws { try _archiveEncode(value, to: &encoder) }

    static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> FuzzDirect.Level {
        let rawValue = try decoder.decodeSingleValue(RawValue.self)
        guard let value = FuzzDirect.Level(rawValue: rawValue) else {
            throw decoder.invalidRawValue(FuzzDirect.Level.self, rawValue)
        }
        return value
    }
    static func _archiveDecodeMessage(from decoder: inout ArchiveMessageDecoder) throws -> FuzzDirect.Level { try _archiveDecode(from: &decoder) }
}

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

    /// A new value each time: its `Owner`s are class instances, which a `static let` could not share.
    static var direct: FuzzDirect { FuzzDirect(
        name: "direct", count: -128, ratio: .infinity,
        items: [.init(id: 1, label: nil, level: .low), .init(id: .min, label: "", level: .high)],
        byName: ["a": .init(id: 7, label: "seven", level: .high), "": .init(id: 0, label: nil, level: .low)],
        maybe: .init(id: .max, label: "m", level: .low), shape: .label("s", bold: false),
        when: Date(timeIntervalSince1970: -0.5), flags: [true, false], nested: .some(nil),
        owner: .init(name: "o", tags: ["a", ""], next: .init(name: "", tags: [], next: nil))) }

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

/// A type that keeps unknown fields (`ArchiveUnknownFields`) at every level — its own, its
/// children's, and theirs, through arrays, dictionaries and optionals — with the conformances
/// the macro writes for it written out: whatever it decodes must encode again (an unknown field
/// holding references, as copies), validate (`karchive validate`'s walk), and decode to the same
/// value, and that second archive must encode to itself.
struct FuzzUnknown: Codable, Equatable {
    var name: String
    var count: Int?
    var children: [FuzzUnknown]?
    var byKey: [String: FuzzUnknown]?
    var unknownFields = ArchiveUnknownFields()

    enum CodingKeys: String, CodingKey { case name, count, children, byKey }

    /// How `bytes` breaks the round trip through this type, or `nil` if it holds (or `bytes`
    /// does not decode as it). The decoder fuzzer stops on a break, as on a crash.
    static func roundTripFailure(_ bytes: [UInt8]) -> String? {
        guard let first = try? ArchiveDecoder().decode(FuzzUnknown.self, from: bytes) else { return nil }
        let archive: Data
        do { archive = try ArchiveEncoder().encode(first) } catch { return "re-encoding threw \(error)" }
        var validator = FuzzNoVisitor()
        do { try InspectedArchive([UInt8](archive)).walk(&validator) } catch { return "its own archive does not validate: \(error)" }
        guard let second = try? ArchiveDecoder().decode(FuzzUnknown.self, from: archive) else { return "its own archive did not decode" }
        guard second == first else { return "decoded again as another value: \(first) against \(second)" }
        guard let again = try? ArchiveEncoder().encode(second), again == archive else { return "its archive did not come back byte for byte" }
        return nil
    }
}

/// A walk of the validator that only checks.
struct FuzzNoVisitor: ArchiveVisitor {}

extension FuzzUnknown: ArchiveDirectEncodable, ArchiveDirectDecodable {
    static let _archiveKeys = ArchiveKeySet([CodingKeys.name, CodingKeys.count, CodingKeys.children, CodingKeys.byKey])

    static func _archiveEncode<Writer: ArchiveWriter>(_ value: FuzzUnknown, to encoder: inout Writer) throws {
        var container = encoder.keyedContainer(_archiveKeys)
        try container.encode(value.unknownFields, after: -1)
        try container.encode(value.name, at: 0)
        try container.encode(value.unknownFields, after: 0)
        try container.encode(value.count, at: 1)
        try container.encode(value.unknownFields, after: 1)
        try container.encode(value.children, at: 2)
        try container.encode(value.unknownFields, after: 2)
        try container.encode(value.byKey, at: 3)
        try container.encode(value.unknownFields, after: 3)
    }
    static func _archiveEncodeMessage(_ value: FuzzUnknown, to encoder: inout ArchiveMessageEncoder) throws { try _archiveEncode(value, to: &encoder) }

    static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> FuzzUnknown {
        try FuzzUnknown(_archiveFrom: decoder.keyedContainer(_archiveKeys))
    }
    static func _archiveDecodeMessage(from decoder: inout ArchiveMessageDecoder) throws -> FuzzUnknown { try _archiveDecode(from: &decoder) }

    private init<Container: ArchiveKeyedReader>(_archiveFrom container: Container) throws {
        var field0 = container.unreadField { (value: FuzzUnknown) in
            value.name
        }
        var field1 = container.unreadField { (value: FuzzUnknown) in
            value.count
        }
        var field2 = container.unreadField { (value: FuzzUnknown) in
            value.children
        }
        var field3 = container.unreadField { (value: FuzzUnknown) in
            value.byKey
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
            default:
                try container.skipEntry()
            }
        }
        self.name = try field0 ?? container.decode(at: 0)
        self.count = try field1 ?? container.decode(at: 1)
        self.children = try field2 ?? container.decode(at: 2)
        self.byKey = try field3 ?? container.decode(at: 3)
        self.unknownFields = try container.unknownFields()
    }
}
