import Foundation
import KeyedArchive

// Versions of one message, for what evolution costs a reader (issue 62: "a type with
// `unknownFields` reads at the speed of one without"): the callgrind gate's `evo-*` rows read the
// newest version's archive with each older version, with the conformances `@ArchiveCodable`
// generates written out (`WrittenOutTwinTests` compares them with the macro's expansion, token
// for token). String keys, the synthesized ones.

/// The newest version: four fields.
public struct GeneratedCodeEvolvingNewer: Codable, Equatable, Sendable {
    public var id: Int64
    public var name: String
    public var score: Double
    public var active: Bool

    /// A message with these fields.
    public init(id: Int64, name: String, score: Double, active: Bool) {
        (self.id, self.name, self.score, self.active) = (id, name, score, active)
    }

    /// A sample message.
    public static func sample() -> GeneratedCodeEvolvingNewer {
        GeneratedCodeEvolvingNewer(id: 1_234_567, name: "Ada Lovelace", score: 98.5, active: true)
    }
}

/// An older version without `active`, which keeps the entries it does not know.
public struct GeneratedCodeEvolvingOlder: Codable, Equatable, Sendable {
    public var id: Int64
    public var name: String
    public var score: Double
    public var unknownFields = ArchiveUnknownFields()

    /// The fields `newer` shares with this version; no unknown fields.
    public init(_ newer: GeneratedCodeEvolvingNewer) {
        (id, name, score) = (newer.id, newer.name, newer.score)
    }

    /// The keys `@ArchiveCodable` declares for a type with `ArchiveUnknownFields`: every stored
    /// property but that one.
    enum CodingKeys: String, CodingKey {
        case id
        case name
        case score
    }
}

/// The same older version, without `ArchiveUnknownFields`: it passes the entry over.
public struct GeneratedCodeEvolvingOlderPlain: Codable, Equatable, Sendable {
    public var id: Int64
    public var name: String
    public var score: Double

    /// The fields `newer` shares with this version.
    public init(_ newer: GeneratedCodeEvolvingNewer) {
        (id, name, score) = (newer.id, newer.name, newer.score)
    }
}

/// The newest version's fields declared in reverse order: its archive holds them reversed.
public struct EvolvingReversed: Codable, Equatable, Sendable {
    public var active: Bool
    public var score: Double
    public var name: String
    public var id: Int64

    /// `newer`'s fields.
    public init(_ newer: GeneratedCodeEvolvingNewer) {
        (active, score, name, id) = (newer.active, newer.score, newer.name, newer.id)
    }
}

extension GeneratedCodeEvolvingNewer: ArchiveDirectEncodable, ArchiveDirectDecodable {
    // @ArchiveCodable: one key per stored property. A CodingKeys declared in an extension needs a case for each; to leave one out, declare CodingKeys in the type's body.
    static let _archiveKeys = ArchiveKeySet([CodingKeys.id, CodingKeys.name, CodingKeys.score, CodingKeys.active])
    public static func _archiveEncode<Writer: ArchiveWriter>(_ value: GeneratedCodeEvolvingNewer, to encoder: inout Writer) throws {
        var container = encoder.keyedContainer(_archiveKeys)
        try container.encode(value.id, at: 0)
        try container.encode(value.name, at: 1)
        try container.encode(value.score, at: 2)
        try container.encode(value.active, at: 3)
    }
    public static func _archiveEncodeMessage(_ value: GeneratedCodeEvolvingNewer, to encoder: inout ArchiveMessageEncoder) throws {
        try _archiveEncode(value, to: &encoder)
    }
    public static var _archiveCanEncode: Bool {
        _archiveKeys.isInDeclarationOrder
    }
    public static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> GeneratedCodeEvolvingNewer {
        try GeneratedCodeEvolvingNewer(_archiveFrom: decoder.keyedContainer(_archiveKeys))
    }
    public static func _archiveDecodeMessage(from decoder: inout ArchiveMessageDecoder) throws -> GeneratedCodeEvolvingNewer {
        try _archiveDecode(from: &decoder)
    }
    public static var _archiveCanDecode: Bool {
        _archiveKeys.isInDeclarationOrder
    }
    private init<Container: ArchiveKeyedReader>(_archiveFrom container: Container) throws {
        var field0 = container.unreadField { (value: GeneratedCodeEvolvingNewer) in
            value.id
        }
        var field1 = container.unreadField { (value: GeneratedCodeEvolvingNewer) in
            value.name
        }
        var field2 = container.unreadField { (value: GeneratedCodeEvolvingNewer) in
            value.score
        }
        var field3 = container.unreadField { (value: GeneratedCodeEvolvingNewer) in
            value.active
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
        self.id = try field0 ?? container.decode(at: 0)
        self.name = try field1 ?? container.decode(at: 1)
        self.score = try field2 ?? container.decode(at: 2)
        self.active = try field3 ?? container.decode(at: 3)
    }
}

extension GeneratedCodeEvolvingOlder: ArchiveDirectEncodable, ArchiveDirectDecodable {
    static let _archiveKeys = ArchiveKeySet([CodingKeys.id, CodingKeys.name, CodingKeys.score])
    public static func _archiveEncode<Writer: ArchiveWriter>(_ value: GeneratedCodeEvolvingOlder, to encoder: inout Writer) throws {
        var container = encoder.keyedContainer(_archiveKeys)
        try container.encode(value.unknownFields, after: -1)
        try container.encode(value.id, at: 0)
        try container.encode(value.unknownFields, after: 0)
        try container.encode(value.name, at: 1)
        try container.encode(value.unknownFields, after: 1)
        try container.encode(value.score, at: 2)
        try container.encode(value.unknownFields, after: 2)
    }
    public static func _archiveEncodeMessage(_ value: GeneratedCodeEvolvingOlder, to encoder: inout ArchiveMessageEncoder) throws {
        try _archiveEncode(value, to: &encoder)
    }
    public static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> GeneratedCodeEvolvingOlder {
        try GeneratedCodeEvolvingOlder(_archiveFrom: decoder.keyedContainer(_archiveKeys))
    }
    public static func _archiveDecodeMessage(from decoder: inout ArchiveMessageDecoder) throws -> GeneratedCodeEvolvingOlder {
        try _archiveDecode(from: &decoder)
    }
    private init<Container: ArchiveKeyedReader>(_archiveFrom container: Container) throws {
        var field0 = container.unreadField { (value: GeneratedCodeEvolvingOlder) in
            value.id
        }
        var field1 = container.unreadField { (value: GeneratedCodeEvolvingOlder) in
            value.name
        }
        var field2 = container.unreadField { (value: GeneratedCodeEvolvingOlder) in
            value.score
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
        self.name = try field1 ?? container.decode(at: 1)
        self.score = try field2 ?? container.decode(at: 2)
        self.unknownFields = try container.unknownFields()
    }
}

extension GeneratedCodeEvolvingOlderPlain: ArchiveDirectEncodable, ArchiveDirectDecodable {
    // @ArchiveCodable: one key per stored property. A CodingKeys declared in an extension needs a case for each; to leave one out, declare CodingKeys in the type's body.
    static let _archiveKeys = ArchiveKeySet([CodingKeys.id, CodingKeys.name, CodingKeys.score])
    public static func _archiveEncode<Writer: ArchiveWriter>(_ value: GeneratedCodeEvolvingOlderPlain, to encoder: inout Writer) throws {
        var container = encoder.keyedContainer(_archiveKeys)
        try container.encode(value.id, at: 0)
        try container.encode(value.name, at: 1)
        try container.encode(value.score, at: 2)
    }
    public static func _archiveEncodeMessage(_ value: GeneratedCodeEvolvingOlderPlain, to encoder: inout ArchiveMessageEncoder) throws {
        try _archiveEncode(value, to: &encoder)
    }
    public static var _archiveCanEncode: Bool {
        _archiveKeys.isInDeclarationOrder
    }
    public static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> GeneratedCodeEvolvingOlderPlain {
        try GeneratedCodeEvolvingOlderPlain(_archiveFrom: decoder.keyedContainer(_archiveKeys))
    }
    public static func _archiveDecodeMessage(from decoder: inout ArchiveMessageDecoder) throws -> GeneratedCodeEvolvingOlderPlain {
        try _archiveDecode(from: &decoder)
    }
    public static var _archiveCanDecode: Bool {
        _archiveKeys.isInDeclarationOrder
    }
    private init<Container: ArchiveKeyedReader>(_archiveFrom container: Container) throws {
        var field0 = container.unreadField { (value: GeneratedCodeEvolvingOlderPlain) in
            value.id
        }
        var field1 = container.unreadField { (value: GeneratedCodeEvolvingOlderPlain) in
            value.name
        }
        var field2 = container.unreadField { (value: GeneratedCodeEvolvingOlderPlain) in
            value.score
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
        self.name = try field1 ?? container.decode(at: 1)
        self.score = try field2 ?? container.decode(at: 2)
    }
}
