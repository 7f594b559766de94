import Foundation
import KeyedArchive

// The varying messages (`VaryingMessages.swift`, `StringKeyedVaryingMessages.swift`) as
// `@ArchiveCodable` types, in both key forms, for the varying-shape rows of `karchive bench`, the
// benchmark package and the callgrind gate. This target does not build swift-syntax, so the
// conformances are written out as the macro writes them for the same declarations:
// `WrittenOutTwinTests` expands the macro on these declarations and compares, token for token,
// and `VaryingMessageTests` checks that each writes its plain model's bytes.

/// `ProfileUpdate` with the conformances `@ArchiveCodable` generates.
public struct GeneratedCodeProfileUpdate: Codable, Equatable, Sendable {
    var userID: Int64
    var displayName: String?
    var status: String?
    var age: Int32?
    var score: Double?
    var verified: Bool?
    var tags: [String]?
    var avatarVersion: UInt32?

    enum CodingKeys: Int, CodingKey { case userID = 1, displayName, status, age, score, verified, tags, avatarVersion }

    /// The same update.
    public init(_ update: ProfileUpdate) {
        (userID, displayName, status, age) = (update.userID, update.displayName, update.status, update.age)
        (score, verified, tags, avatarVersion) = (update.score, update.verified, update.tags, update.avatarVersion)
    }
}

/// `InputEvent` (one field set, integer keys) with the conformances `@ArchiveCodable` generates.
public struct GeneratedCodeInputEvent: Codable, Equatable, Sendable {
    /// `InputEvent.Tap` with generated code.
    public struct Tap: Codable, Equatable, Sendable {
        var x, y: Int32
        enum CodingKeys: Int, CodingKey { case x = 1, y }
    }

    /// `InputEvent.Key` with generated code.
    public struct Key: Codable, Equatable, Sendable {
        var code: UInt16
        var modifiers: UInt8
        enum CodingKeys: Int, CodingKey { case code = 1, modifiers }
    }

    /// `InputEvent.Scroll` with generated code.
    public struct Scroll: Codable, Equatable, Sendable {
        var dx, dy: Double
        enum CodingKeys: Int, CodingKey { case dx = 1, dy }
    }

    /// `InputEvent.Text` with generated code.
    public struct Text: Codable, Equatable, Sendable {
        var value: String
        enum CodingKeys: Int, CodingKey { case value = 1 }
    }

    /// `InputEvent.Idle` with generated code.
    public struct Idle: Codable, Equatable, Sendable {}

    var tap: Tap?
    var key: Key?
    var scroll: Scroll?
    var text: Text?
    var idle: Idle?

    enum CodingKeys: Int, CodingKey { case tap = 1, key, scroll, text, idle }

    /// The same event.
    public init(_ event: InputEvent) {
        tap = event.tap.map { Tap(x: $0.x, y: $0.y) }
        key = event.key.map { Key(code: $0.code, modifiers: $0.modifiers) }
        scroll = event.scroll.map { Scroll(dx: $0.dx, dy: $0.dy) }
        text = event.text.map { Text(value: $0.value) }
        idle = event.idle.map { _ in Idle() }
    }
}

/// `EventBatch` with the conformances `@ArchiveCodable` generates.
public struct GeneratedCodeEventBatch: Codable, Equatable, Sendable {
    var sessionID: Int64
    var events: [GeneratedCodeInputEvent]

    enum CodingKeys: Int, CodingKey { case sessionID = 1, events }

    /// The same batch.
    public init(_ batch: EventBatch) { (sessionID, events) = (batch.sessionID, batch.events.map(GeneratedCodeInputEvent.init)) }
}

/// `Heartbeat` with the conformances `@ArchiveCodable` generates.
public struct GeneratedCodeHeartbeat: Codable, Equatable, Sendable {
    var sequence: UInt64
    var sentAt: Double

    enum CodingKeys: Int, CodingKey { case sequence = 1, sentAt }

    /// The same heartbeat.
    public init(_ heartbeat: Heartbeat) { (sequence, sentAt) = (heartbeat.sequence, heartbeat.sentAt) }
}

/// `ChatLine` with the conformances `@ArchiveCodable` generates.
public struct GeneratedCodeChatLine: Codable, Equatable, Sendable {
    var id: Int64
    var author: String
    var text: String
    var replyTo: Int64?

    enum CodingKeys: Int, CodingKey { case id = 1, author, text, replyTo }

    /// The same line.
    public init(_ line: ChatLine) { (id, author, text, replyTo) = (line.id, line.author, line.text, line.replyTo) }
}

/// `StringKeyedProfileUpdate` with the conformances `@ArchiveCodable` generates.
public struct GeneratedCodeStringKeyedProfileUpdate: Codable, Equatable, Sendable {
    var userID: Int64
    var displayName: String?
    var status: String?
    var age: Int32?
    var score: Double?
    var verified: Bool?
    var tags: [String]?
    var avatarVersion: UInt32?

    /// The same update.
    public init(_ update: ProfileUpdate) {
        (userID, displayName, status, age) = (update.userID, update.displayName, update.status, update.age)
        (score, verified, tags, avatarVersion) = (update.score, update.verified, update.tags, update.avatarVersion)
    }
}

/// `StringKeyedInputEvent` (an enum with associated values) with the conformances
/// `@ArchiveCodable` generates.
public enum GeneratedCodeStringKeyedInputEvent: Codable, Equatable, Sendable {
    case tap(x: Int32, y: Int32)
    case key(code: UInt16, modifiers: UInt8)
    case scroll(dx: Double, dy: Double)
    case text(value: String)
    case idle

    /// The same event (`event` has one field set; an event with none is idle).
    public init(_ event: InputEvent) {
        if let tap = event.tap {
            self = .tap(x: tap.x, y: tap.y)
        } else if let key = event.key {
            self = .key(code: key.code, modifiers: key.modifiers)
        } else if let scroll = event.scroll {
            self = .scroll(dx: scroll.dx, dy: scroll.dy)
        } else if let text = event.text {
            self = .text(value: text.value)
        } else {
            self = .idle
        }
    }
}

/// `StringKeyedEventBatch` with the conformances `@ArchiveCodable` generates.
public struct GeneratedCodeStringKeyedEventBatch: Codable, Equatable, Sendable {
    var sessionID: Int64
    var events: [GeneratedCodeStringKeyedInputEvent]

    /// The same batch.
    public init(_ batch: EventBatch) {
        (sessionID, events) = (batch.sessionID, batch.events.map(GeneratedCodeStringKeyedInputEvent.init))
    }
}

/// `StringKeyedHeartbeat` with the conformances `@ArchiveCodable` generates.
public struct GeneratedCodeStringKeyedHeartbeat: Codable, Equatable, Sendable {
    var sequence: UInt64
    var sentAt: Double

    /// The same heartbeat.
    public init(_ heartbeat: Heartbeat) { (sequence, sentAt) = (heartbeat.sequence, heartbeat.sentAt) }
}

/// `StringKeyedChatLine` with the conformances `@ArchiveCodable` generates.
public struct GeneratedCodeStringKeyedChatLine: Codable, Equatable, Sendable {
    var id: Int64
    var author: String
    var text: String
    var replyTo: Int64?

    /// The same line.
    public init(_ line: ChatLine) { (id, author, text, replyTo) = (line.id, line.author, line.text, line.replyTo) }
}

extension GeneratedCodeProfileUpdate: ArchiveDirectEncodable, ArchiveDirectDecodable {
    static let _archiveKeys = ArchiveKeySet([CodingKeys.userID, CodingKeys.displayName, CodingKeys.status, CodingKeys.age, CodingKeys.score, CodingKeys.verified, CodingKeys.tags, CodingKeys.avatarVersion])
    public static func _archiveEncode<Writer: ArchiveWriter>(_ value: GeneratedCodeProfileUpdate, to encoder: inout Writer) throws {
        var container = encoder.keyedContainer(_archiveKeys)
        try container.encode(value.userID, at: 0)
        try container.encode(value.displayName, at: 1)
        try container.encode(value.status, at: 2)
        try container.encode(value.age, at: 3)
        try container.encode(value.score, at: 4)
        try container.encode(value.verified, at: 5)
        try container.encode(value.tags, at: 6)
        try container.encode(value.avatarVersion, at: 7)
    }
    public static func _archiveEncodeMessage(_ value: GeneratedCodeProfileUpdate, to encoder: inout ArchiveMessageEncoder) throws {
        try _archiveEncode(value, to: &encoder)
    }
    public static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> GeneratedCodeProfileUpdate {
        try GeneratedCodeProfileUpdate(_archiveFrom: decoder.keyedContainer(_archiveKeys))
    }
    public static func _archiveDecodeMessage(from decoder: inout ArchiveMessageDecoder) throws -> GeneratedCodeProfileUpdate {
        try _archiveDecode(from: &decoder)
    }
    private init<Container: ArchiveKeyedReader>(_archiveFrom container: Container) throws {
        var field0 = container.unreadField { (value: GeneratedCodeProfileUpdate) in
            value.userID
        }
        var field1 = container.unreadField { (value: GeneratedCodeProfileUpdate) in
            value.displayName
        }
        var field2 = container.unreadField { (value: GeneratedCodeProfileUpdate) in
            value.status
        }
        var field3 = container.unreadField { (value: GeneratedCodeProfileUpdate) in
            value.age
        }
        var field4 = container.unreadField { (value: GeneratedCodeProfileUpdate) in
            value.score
        }
        var field5 = container.unreadField { (value: GeneratedCodeProfileUpdate) in
            value.verified
        }
        var field6 = container.unreadField { (value: GeneratedCodeProfileUpdate) in
            value.tags
        }
        var field7 = container.unreadField { (value: GeneratedCodeProfileUpdate) in
            value.avatarVersion
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
            default:
                try container.skipEntry()
            }
        }
        self.userID = try field0 ?? container.decode(at: 0)
        self.displayName = try field1 ?? container.decode(at: 1)
        self.status = try field2 ?? container.decode(at: 2)
        self.age = try field3 ?? container.decode(at: 3)
        self.score = try field4 ?? container.decode(at: 4)
        self.verified = try field5 ?? container.decode(at: 5)
        self.tags = try field6 ?? container.decode(at: 6)
        self.avatarVersion = try field7 ?? container.decode(at: 7)
    }
}

extension GeneratedCodeInputEvent.Tap: ArchiveDirectEncodable, ArchiveDirectDecodable {
    static let _archiveKeys = ArchiveKeySet([CodingKeys.x, CodingKeys.y])
    public static func _archiveEncode<Writer: ArchiveWriter>(_ value: GeneratedCodeInputEvent.Tap, to encoder: inout Writer) throws {
        var container = encoder.keyedContainer(_archiveKeys)
        try container.encode(value.x, at: 0)
        try container.encode(value.y, at: 1)
    }
    public static func _archiveEncodeMessage(_ value: GeneratedCodeInputEvent.Tap, to encoder: inout ArchiveMessageEncoder) throws {
        try _archiveEncode(value, to: &encoder)
    }
    public static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> GeneratedCodeInputEvent.Tap {
        try GeneratedCodeInputEvent.Tap(_archiveFrom: decoder.keyedContainer(_archiveKeys))
    }
    public static func _archiveDecodeMessage(from decoder: inout ArchiveMessageDecoder) throws -> GeneratedCodeInputEvent.Tap {
        try _archiveDecode(from: &decoder)
    }
    private init<Container: ArchiveKeyedReader>(_archiveFrom container: Container) throws {
        var field0 = container.unreadField { (value: GeneratedCodeInputEvent.Tap) in
            value.x
        }
        var field1 = container.unreadField { (value: GeneratedCodeInputEvent.Tap) in
            value.y
        }
        while let key = try container.nextKey() {
            switch key {
            case 0:
                field0 = try .some(container.decode(at: 0))
            case 1:
                field1 = try .some(container.decode(at: 1))
            default:
                try container.skipEntry()
            }
        }
        self.x = try field0 ?? container.decode(at: 0)
        self.y = try field1 ?? container.decode(at: 1)
    }
}

extension GeneratedCodeInputEvent.Key: ArchiveDirectEncodable, ArchiveDirectDecodable {
    static let _archiveKeys = ArchiveKeySet([CodingKeys.code, CodingKeys.modifiers])
    public static func _archiveEncode<Writer: ArchiveWriter>(_ value: GeneratedCodeInputEvent.Key, to encoder: inout Writer) throws {
        var container = encoder.keyedContainer(_archiveKeys)
        try container.encode(value.code, at: 0)
        try container.encode(value.modifiers, at: 1)
    }
    public static func _archiveEncodeMessage(_ value: GeneratedCodeInputEvent.Key, to encoder: inout ArchiveMessageEncoder) throws {
        try _archiveEncode(value, to: &encoder)
    }
    public static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> GeneratedCodeInputEvent.Key {
        try GeneratedCodeInputEvent.Key(_archiveFrom: decoder.keyedContainer(_archiveKeys))
    }
    public static func _archiveDecodeMessage(from decoder: inout ArchiveMessageDecoder) throws -> GeneratedCodeInputEvent.Key {
        try _archiveDecode(from: &decoder)
    }
    private init<Container: ArchiveKeyedReader>(_archiveFrom container: Container) throws {
        var field0 = container.unreadField { (value: GeneratedCodeInputEvent.Key) in
            value.code
        }
        var field1 = container.unreadField { (value: GeneratedCodeInputEvent.Key) in
            value.modifiers
        }
        while let key = try container.nextKey() {
            switch key {
            case 0:
                field0 = try .some(container.decode(at: 0))
            case 1:
                field1 = try .some(container.decode(at: 1))
            default:
                try container.skipEntry()
            }
        }
        self.code = try field0 ?? container.decode(at: 0)
        self.modifiers = try field1 ?? container.decode(at: 1)
    }
}

extension GeneratedCodeInputEvent.Scroll: ArchiveDirectEncodable, ArchiveDirectDecodable {
    static let _archiveKeys = ArchiveKeySet([CodingKeys.dx, CodingKeys.dy])
    public static func _archiveEncode<Writer: ArchiveWriter>(_ value: GeneratedCodeInputEvent.Scroll, to encoder: inout Writer) throws {
        var container = encoder.keyedContainer(_archiveKeys)
        try container.encode(value.dx, at: 0)
        try container.encode(value.dy, at: 1)
    }
    public static func _archiveEncodeMessage(_ value: GeneratedCodeInputEvent.Scroll, to encoder: inout ArchiveMessageEncoder) throws {
        try _archiveEncode(value, to: &encoder)
    }
    public static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> GeneratedCodeInputEvent.Scroll {
        try GeneratedCodeInputEvent.Scroll(_archiveFrom: decoder.keyedContainer(_archiveKeys))
    }
    public static func _archiveDecodeMessage(from decoder: inout ArchiveMessageDecoder) throws -> GeneratedCodeInputEvent.Scroll {
        try _archiveDecode(from: &decoder)
    }
    private init<Container: ArchiveKeyedReader>(_archiveFrom container: Container) throws {
        var field0 = container.unreadField { (value: GeneratedCodeInputEvent.Scroll) in
            value.dx
        }
        var field1 = container.unreadField { (value: GeneratedCodeInputEvent.Scroll) in
            value.dy
        }
        while let key = try container.nextKey() {
            switch key {
            case 0:
                field0 = try .some(container.decode(at: 0))
            case 1:
                field1 = try .some(container.decode(at: 1))
            default:
                try container.skipEntry()
            }
        }
        self.dx = try field0 ?? container.decode(at: 0)
        self.dy = try field1 ?? container.decode(at: 1)
    }
}

extension GeneratedCodeInputEvent.Text: ArchiveDirectEncodable, ArchiveDirectDecodable {
    static let _archiveKeys = ArchiveKeySet([CodingKeys.value])
    public static func _archiveEncode<Writer: ArchiveWriter>(_ value: GeneratedCodeInputEvent.Text, to encoder: inout Writer) throws {
        var container = encoder.keyedContainer(_archiveKeys)
        try container.encode(value.value, at: 0)
    }
    public static func _archiveEncodeMessage(_ value: GeneratedCodeInputEvent.Text, to encoder: inout ArchiveMessageEncoder) throws {
        try _archiveEncode(value, to: &encoder)
    }
    public static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> GeneratedCodeInputEvent.Text {
        try GeneratedCodeInputEvent.Text(_archiveFrom: decoder.keyedContainer(_archiveKeys))
    }
    public static func _archiveDecodeMessage(from decoder: inout ArchiveMessageDecoder) throws -> GeneratedCodeInputEvent.Text {
        try _archiveDecode(from: &decoder)
    }
    private init<Container: ArchiveKeyedReader>(_archiveFrom container: Container) throws {
        var field0 = container.unreadField { (value: GeneratedCodeInputEvent.Text) in
            value.value
        }
        while let key = try container.nextKey() {
            switch key {
            case 0:
                field0 = try .some(container.decode(at: 0))
            default:
                try container.skipEntry()
            }
        }
        self.value = try field0 ?? container.decode(at: 0)
    }
}

extension GeneratedCodeInputEvent.Idle: ArchiveDirectEncodable, ArchiveDirectDecodable {
    static let _archiveKeys = ArchiveKeySet([CodingKeys]())
    public static func _archiveEncode<Writer: ArchiveWriter>(_ value: GeneratedCodeInputEvent.Idle, to encoder: inout Writer) throws {
        _ = encoder.keyedContainer(_archiveKeys)

    }
    public static func _archiveEncodeMessage(_ value: GeneratedCodeInputEvent.Idle, to encoder: inout ArchiveMessageEncoder) throws {
        try _archiveEncode(value, to: &encoder)
    }
    public static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> GeneratedCodeInputEvent.Idle {
        try GeneratedCodeInputEvent.Idle(_archiveFrom: nil)
    }
    public static func _archiveDecodeMessage(from decoder: inout ArchiveMessageDecoder) throws -> GeneratedCodeInputEvent.Idle {
        try _archiveDecode(from: &decoder)
    }
    private init(_archiveFrom container: ArchiveDirectKeyedDecodingContainer?) throws {
    }
}

extension GeneratedCodeInputEvent: ArchiveDirectEncodable, ArchiveDirectDecodable {
    static let _archiveKeys = ArchiveKeySet([CodingKeys.tap, CodingKeys.key, CodingKeys.scroll, CodingKeys.text, CodingKeys.idle])
    public static func _archiveEncode<Writer: ArchiveWriter>(_ value: GeneratedCodeInputEvent, to encoder: inout Writer) throws {
        var container = encoder.keyedContainer(_archiveKeys)
        try container.encode(value.tap, at: 0)
        try container.encode(value.key, at: 1)
        try container.encode(value.scroll, at: 2)
        try container.encode(value.text, at: 3)
        try container.encode(value.idle, at: 4)
    }
    public static func _archiveEncodeMessage(_ value: GeneratedCodeInputEvent, to encoder: inout ArchiveMessageEncoder) throws {
        try _archiveEncode(value, to: &encoder)
    }
    public static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> GeneratedCodeInputEvent {
        try GeneratedCodeInputEvent(_archiveFrom: decoder.keyedContainer(_archiveKeys))
    }
    public static func _archiveDecodeMessage(from decoder: inout ArchiveMessageDecoder) throws -> GeneratedCodeInputEvent {
        try _archiveDecode(from: &decoder)
    }
    private init<Container: ArchiveKeyedReader>(_archiveFrom container: Container) throws {
        var field0 = container.unreadField { (value: GeneratedCodeInputEvent) in
            value.tap
        }
        var field1 = container.unreadField { (value: GeneratedCodeInputEvent) in
            value.key
        }
        var field2 = container.unreadField { (value: GeneratedCodeInputEvent) in
            value.scroll
        }
        var field3 = container.unreadField { (value: GeneratedCodeInputEvent) in
            value.text
        }
        var field4 = container.unreadField { (value: GeneratedCodeInputEvent) in
            value.idle
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
            default:
                try container.skipEntry()
            }
        }
        self.tap = try field0 ?? container.decode(at: 0)
        self.key = try field1 ?? container.decode(at: 1)
        self.scroll = try field2 ?? container.decode(at: 2)
        self.text = try field3 ?? container.decode(at: 3)
        self.idle = try field4 ?? container.decode(at: 4)
    }
}

extension GeneratedCodeEventBatch: ArchiveDirectEncodable, ArchiveDirectDecodable {
    static let _archiveKeys = ArchiveKeySet([CodingKeys.sessionID, CodingKeys.events])
    public static func _archiveEncode<Writer: ArchiveWriter>(_ value: GeneratedCodeEventBatch, to encoder: inout Writer) throws {
        var container = encoder.keyedContainer(_archiveKeys)
        try container.encode(value.sessionID, at: 0)
        try container.encode(value.events, at: 1)
    }
    public static func _archiveEncodeMessage(_ value: GeneratedCodeEventBatch, to encoder: inout ArchiveMessageEncoder) throws {
        try _archiveEncode(value, to: &encoder)
    }
    public static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> GeneratedCodeEventBatch {
        try GeneratedCodeEventBatch(_archiveFrom: decoder.keyedContainer(_archiveKeys))
    }
    public static func _archiveDecodeMessage(from decoder: inout ArchiveMessageDecoder) throws -> GeneratedCodeEventBatch {
        try _archiveDecode(from: &decoder)
    }
    private init<Container: ArchiveKeyedReader>(_archiveFrom container: Container) throws {
        var field0 = container.unreadField { (value: GeneratedCodeEventBatch) in
            value.sessionID
        }
        var field1 = container.unreadField { (value: GeneratedCodeEventBatch) in
            value.events
        }
        while let key = try container.nextKey() {
            switch key {
            case 0:
                field0 = try .some(container.decode(at: 0))
            case 1:
                field1 = try .some(container.decode(at: 1))
            default:
                try container.skipEntry()
            }
        }
        self.sessionID = try field0 ?? container.decode(at: 0)
        self.events = try field1 ?? container.decode(at: 1)
    }
}

extension GeneratedCodeHeartbeat: ArchiveDirectEncodable, ArchiveDirectDecodable {
    static let _archiveKeys = ArchiveKeySet([CodingKeys.sequence, CodingKeys.sentAt])
    public static func _archiveEncode<Writer: ArchiveWriter>(_ value: GeneratedCodeHeartbeat, to encoder: inout Writer) throws {
        var container = encoder.keyedContainer(_archiveKeys)
        try container.encode(value.sequence, at: 0)
        try container.encode(value.sentAt, at: 1)
    }
    public static func _archiveEncodeMessage(_ value: GeneratedCodeHeartbeat, to encoder: inout ArchiveMessageEncoder) throws {
        try _archiveEncode(value, to: &encoder)
    }
    public static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> GeneratedCodeHeartbeat {
        try GeneratedCodeHeartbeat(_archiveFrom: decoder.keyedContainer(_archiveKeys))
    }
    public static func _archiveDecodeMessage(from decoder: inout ArchiveMessageDecoder) throws -> GeneratedCodeHeartbeat {
        try _archiveDecode(from: &decoder)
    }
    private init<Container: ArchiveKeyedReader>(_archiveFrom container: Container) throws {
        var field0 = container.unreadField { (value: GeneratedCodeHeartbeat) in
            value.sequence
        }
        var field1 = container.unreadField { (value: GeneratedCodeHeartbeat) in
            value.sentAt
        }
        while let key = try container.nextKey() {
            switch key {
            case 0:
                field0 = try .some(container.decode(at: 0))
            case 1:
                field1 = try .some(container.decode(at: 1))
            default:
                try container.skipEntry()
            }
        }
        self.sequence = try field0 ?? container.decode(at: 0)
        self.sentAt = try field1 ?? container.decode(at: 1)
    }
}

extension GeneratedCodeChatLine: ArchiveDirectEncodable, ArchiveDirectDecodable {
    static let _archiveKeys = ArchiveKeySet([CodingKeys.id, CodingKeys.author, CodingKeys.text, CodingKeys.replyTo])
    public static func _archiveEncode<Writer: ArchiveWriter>(_ value: GeneratedCodeChatLine, to encoder: inout Writer) throws {
        var container = encoder.keyedContainer(_archiveKeys)
        try container.encode(value.id, at: 0)
        try container.encode(value.author, at: 1)
        try container.encode(value.text, at: 2)
        try container.encode(value.replyTo, at: 3)
    }
    public static func _archiveEncodeMessage(_ value: GeneratedCodeChatLine, to encoder: inout ArchiveMessageEncoder) throws {
        try _archiveEncode(value, to: &encoder)
    }
    public static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> GeneratedCodeChatLine {
        try GeneratedCodeChatLine(_archiveFrom: decoder.keyedContainer(_archiveKeys))
    }
    public static func _archiveDecodeMessage(from decoder: inout ArchiveMessageDecoder) throws -> GeneratedCodeChatLine {
        try _archiveDecode(from: &decoder)
    }
    private init<Container: ArchiveKeyedReader>(_archiveFrom container: Container) throws {
        var field0 = container.unreadField { (value: GeneratedCodeChatLine) in
            value.id
        }
        var field1 = container.unreadField { (value: GeneratedCodeChatLine) in
            value.author
        }
        var field2 = container.unreadField { (value: GeneratedCodeChatLine) in
            value.text
        }
        var field3 = container.unreadField { (value: GeneratedCodeChatLine) in
            value.replyTo
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
        self.author = try field1 ?? container.decode(at: 1)
        self.text = try field2 ?? container.decode(at: 2)
        self.replyTo = try field3 ?? container.decode(at: 3)
    }
}

extension GeneratedCodeStringKeyedProfileUpdate: ArchiveDirectEncodable, ArchiveDirectDecodable {
    static let _archiveKeys = ArchiveKeySet([CodingKeys.userID, CodingKeys.displayName, CodingKeys.status, CodingKeys.age, CodingKeys.score, CodingKeys.verified, CodingKeys.tags, CodingKeys.avatarVersion])
    public static func _archiveEncode<Writer: ArchiveWriter>(_ value: GeneratedCodeStringKeyedProfileUpdate, to encoder: inout Writer) throws {
        var container = encoder.keyedContainer(_archiveKeys)
        try container.encode(value.userID, at: 0)
        try container.encode(value.displayName, at: 1)
        try container.encode(value.status, at: 2)
        try container.encode(value.age, at: 3)
        try container.encode(value.score, at: 4)
        try container.encode(value.verified, at: 5)
        try container.encode(value.tags, at: 6)
        try container.encode(value.avatarVersion, at: 7)
    }
    public static func _archiveEncodeMessage(_ value: GeneratedCodeStringKeyedProfileUpdate, to encoder: inout ArchiveMessageEncoder) throws {
        try _archiveEncode(value, to: &encoder)
    }
    public static var _archiveCanEncode: Bool {
        _archiveKeys.isInDeclarationOrder
    }
    public static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> GeneratedCodeStringKeyedProfileUpdate {
        try GeneratedCodeStringKeyedProfileUpdate(_archiveFrom: decoder.keyedContainer(_archiveKeys))
    }
    public static func _archiveDecodeMessage(from decoder: inout ArchiveMessageDecoder) throws -> GeneratedCodeStringKeyedProfileUpdate {
        try _archiveDecode(from: &decoder)
    }
    public static var _archiveCanDecode: Bool {
        _archiveKeys.isInDeclarationOrder
    }
    private init<Container: ArchiveKeyedReader>(_archiveFrom container: Container) throws {
        var field0 = container.unreadField { (value: GeneratedCodeStringKeyedProfileUpdate) in
            value.userID
        }
        var field1 = container.unreadField { (value: GeneratedCodeStringKeyedProfileUpdate) in
            value.displayName
        }
        var field2 = container.unreadField { (value: GeneratedCodeStringKeyedProfileUpdate) in
            value.status
        }
        var field3 = container.unreadField { (value: GeneratedCodeStringKeyedProfileUpdate) in
            value.age
        }
        var field4 = container.unreadField { (value: GeneratedCodeStringKeyedProfileUpdate) in
            value.score
        }
        var field5 = container.unreadField { (value: GeneratedCodeStringKeyedProfileUpdate) in
            value.verified
        }
        var field6 = container.unreadField { (value: GeneratedCodeStringKeyedProfileUpdate) in
            value.tags
        }
        var field7 = container.unreadField { (value: GeneratedCodeStringKeyedProfileUpdate) in
            value.avatarVersion
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
            default:
                try container.skipEntry()
            }
        }
        self.userID = try field0 ?? container.decode(at: 0)
        self.displayName = try field1 ?? container.decode(at: 1)
        self.status = try field2 ?? container.decode(at: 2)
        self.age = try field3 ?? container.decode(at: 3)
        self.score = try field4 ?? container.decode(at: 4)
        self.verified = try field5 ?? container.decode(at: 5)
        self.tags = try field6 ?? container.decode(at: 6)
        self.avatarVersion = try field7 ?? container.decode(at: 7)
    }
}

extension GeneratedCodeStringKeyedInputEvent: ArchiveDirectEncodable, ArchiveDirectDecodable {
    static let _archiveKeys = ArchiveKeySet([CodingKeys.tap, CodingKeys.key, CodingKeys.scroll, CodingKeys.text, CodingKeys.idle])
    static let _archiveCaseKeys = [ArchiveKeySet([TapCodingKeys.x, TapCodingKeys.y]), ArchiveKeySet([KeyCodingKeys.code, KeyCodingKeys.modifiers]), ArchiveKeySet([ScrollCodingKeys.dx, ScrollCodingKeys.dy]), ArchiveKeySet([TextCodingKeys.value]), ArchiveKeySet([IdleCodingKeys]())]
    public static func _archiveEncode<Writer: ArchiveWriter>(_ value: GeneratedCodeStringKeyedInputEvent, to encoder: inout Writer) throws {
        var container = encoder.keyedContainer(_archiveKeys)
        switch value {
        case .tap(let _0, let _1):
            var values = container.nestedContainer(_archiveCaseKeys[0], at: 0)
            try values.encode(_0, at: 0)
            try values.encode(_1, at: 1)
        case .key(let _0, let _1):
            var values = container.nestedContainer(_archiveCaseKeys[1], at: 1)
            try values.encode(_0, at: 0)
            try values.encode(_1, at: 1)
        case .scroll(let _0, let _1):
            var values = container.nestedContainer(_archiveCaseKeys[2], at: 2)
            try values.encode(_0, at: 0)
            try values.encode(_1, at: 1)
        case .text(let _0):
            var values = container.nestedContainer(_archiveCaseKeys[3], at: 3)
            try values.encode(_0, at: 0)
        case .idle:
            _ = container.nestedContainer(_archiveCaseKeys[4], at: 4)
        }
    }
    public static func _archiveEncodeMessage(_ value: GeneratedCodeStringKeyedInputEvent, to encoder: inout ArchiveMessageEncoder) throws {
        try _archiveEncode(value, to: &encoder)
    }
    public static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> GeneratedCodeStringKeyedInputEvent {
        let container = try decoder.keyedContainer(_archiveKeys)
        switch try container.onlyKey(of: GeneratedCodeStringKeyedInputEvent.self) {
        case 0:
            let values = try container.nestedContainer(_archiveCaseKeys[0], at: 0)
            var field0: Optional<Int32> = nil
            var field1: Optional<Int32> = nil
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
            return .tap(x: try field0 ?? values.decode(at: 0), y: try field1 ?? values.decode(at: 1))
        case 1:
            let values = try container.nestedContainer(_archiveCaseKeys[1], at: 1)
            var field0: Optional<UInt16> = nil
            var field1: Optional<UInt8> = nil
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
            return .key(code: try field0 ?? values.decode(at: 0), modifiers: try field1 ?? values.decode(at: 1))
        case 2:
            let values = try container.nestedContainer(_archiveCaseKeys[2], at: 2)
            var field0: Optional<Double> = nil
            var field1: Optional<Double> = nil
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
            return .scroll(dx: try field0 ?? values.decode(at: 0), dy: try field1 ?? values.decode(at: 1))
        case 3:
            let values = try container.nestedContainer(_archiveCaseKeys[3], at: 3)
            var field0: Optional<String> = nil
            while let key = try values.nextKey() {
                switch key {
                case 0:
                    field0 = try .some(values.decode(at: 0))
                default:
                    try values.skipEntry()
                }
            }
            return .text(value: try field0 ?? values.decode(at: 0))
        default:
            let values = try container.nestedContainer(_archiveCaseKeys[4], at: 4)
            while try values.nextKey() != nil {
                try values.skipEntry()
            }
            return .idle
        }
    }
    public static func _archiveDecodeMessage(from decoder: inout ArchiveMessageDecoder) throws -> GeneratedCodeStringKeyedInputEvent {
        try _archiveDecode(from: &decoder)
    }
}

extension GeneratedCodeStringKeyedEventBatch: ArchiveDirectEncodable, ArchiveDirectDecodable {
    static let _archiveKeys = ArchiveKeySet([CodingKeys.sessionID, CodingKeys.events])
    public static func _archiveEncode<Writer: ArchiveWriter>(_ value: GeneratedCodeStringKeyedEventBatch, to encoder: inout Writer) throws {
        var container = encoder.keyedContainer(_archiveKeys)
        try container.encode(value.sessionID, at: 0)
        try container.encode(value.events, at: 1)
    }
    public static func _archiveEncodeMessage(_ value: GeneratedCodeStringKeyedEventBatch, to encoder: inout ArchiveMessageEncoder) throws {
        try _archiveEncode(value, to: &encoder)
    }
    public static var _archiveCanEncode: Bool {
        _archiveKeys.isInDeclarationOrder
    }
    public static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> GeneratedCodeStringKeyedEventBatch {
        try GeneratedCodeStringKeyedEventBatch(_archiveFrom: decoder.keyedContainer(_archiveKeys))
    }
    public static func _archiveDecodeMessage(from decoder: inout ArchiveMessageDecoder) throws -> GeneratedCodeStringKeyedEventBatch {
        try _archiveDecode(from: &decoder)
    }
    public static var _archiveCanDecode: Bool {
        _archiveKeys.isInDeclarationOrder
    }
    private init<Container: ArchiveKeyedReader>(_archiveFrom container: Container) throws {
        var field0 = container.unreadField { (value: GeneratedCodeStringKeyedEventBatch) in
            value.sessionID
        }
        var field1 = container.unreadField { (value: GeneratedCodeStringKeyedEventBatch) in
            value.events
        }
        while let key = try container.nextKey() {
            switch key {
            case 0:
                field0 = try .some(container.decode(at: 0))
            case 1:
                field1 = try .some(container.decode(at: 1))
            default:
                try container.skipEntry()
            }
        }
        self.sessionID = try field0 ?? container.decode(at: 0)
        self.events = try field1 ?? container.decode(at: 1)
    }
}

extension GeneratedCodeStringKeyedHeartbeat: ArchiveDirectEncodable, ArchiveDirectDecodable {
    static let _archiveKeys = ArchiveKeySet([CodingKeys.sequence, CodingKeys.sentAt])
    public static func _archiveEncode<Writer: ArchiveWriter>(_ value: GeneratedCodeStringKeyedHeartbeat, to encoder: inout Writer) throws {
        var container = encoder.keyedContainer(_archiveKeys)
        try container.encode(value.sequence, at: 0)
        try container.encode(value.sentAt, at: 1)
    }
    public static func _archiveEncodeMessage(_ value: GeneratedCodeStringKeyedHeartbeat, to encoder: inout ArchiveMessageEncoder) throws {
        try _archiveEncode(value, to: &encoder)
    }
    public static var _archiveCanEncode: Bool {
        _archiveKeys.isInDeclarationOrder
    }
    public static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> GeneratedCodeStringKeyedHeartbeat {
        try GeneratedCodeStringKeyedHeartbeat(_archiveFrom: decoder.keyedContainer(_archiveKeys))
    }
    public static func _archiveDecodeMessage(from decoder: inout ArchiveMessageDecoder) throws -> GeneratedCodeStringKeyedHeartbeat {
        try _archiveDecode(from: &decoder)
    }
    public static var _archiveCanDecode: Bool {
        _archiveKeys.isInDeclarationOrder
    }
    private init<Container: ArchiveKeyedReader>(_archiveFrom container: Container) throws {
        var field0 = container.unreadField { (value: GeneratedCodeStringKeyedHeartbeat) in
            value.sequence
        }
        var field1 = container.unreadField { (value: GeneratedCodeStringKeyedHeartbeat) in
            value.sentAt
        }
        while let key = try container.nextKey() {
            switch key {
            case 0:
                field0 = try .some(container.decode(at: 0))
            case 1:
                field1 = try .some(container.decode(at: 1))
            default:
                try container.skipEntry()
            }
        }
        self.sequence = try field0 ?? container.decode(at: 0)
        self.sentAt = try field1 ?? container.decode(at: 1)
    }
}

extension GeneratedCodeStringKeyedChatLine: ArchiveDirectEncodable, ArchiveDirectDecodable {
    static let _archiveKeys = ArchiveKeySet([CodingKeys.id, CodingKeys.author, CodingKeys.text, CodingKeys.replyTo])
    public static func _archiveEncode<Writer: ArchiveWriter>(_ value: GeneratedCodeStringKeyedChatLine, to encoder: inout Writer) throws {
        var container = encoder.keyedContainer(_archiveKeys)
        try container.encode(value.id, at: 0)
        try container.encode(value.author, at: 1)
        try container.encode(value.text, at: 2)
        try container.encode(value.replyTo, at: 3)
    }
    public static func _archiveEncodeMessage(_ value: GeneratedCodeStringKeyedChatLine, to encoder: inout ArchiveMessageEncoder) throws {
        try _archiveEncode(value, to: &encoder)
    }
    public static var _archiveCanEncode: Bool {
        _archiveKeys.isInDeclarationOrder
    }
    public static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> GeneratedCodeStringKeyedChatLine {
        try GeneratedCodeStringKeyedChatLine(_archiveFrom: decoder.keyedContainer(_archiveKeys))
    }
    public static func _archiveDecodeMessage(from decoder: inout ArchiveMessageDecoder) throws -> GeneratedCodeStringKeyedChatLine {
        try _archiveDecode(from: &decoder)
    }
    public static var _archiveCanDecode: Bool {
        _archiveKeys.isInDeclarationOrder
    }
    private init<Container: ArchiveKeyedReader>(_archiveFrom container: Container) throws {
        var field0 = container.unreadField { (value: GeneratedCodeStringKeyedChatLine) in
            value.id
        }
        var field1 = container.unreadField { (value: GeneratedCodeStringKeyedChatLine) in
            value.author
        }
        var field2 = container.unreadField { (value: GeneratedCodeStringKeyedChatLine) in
            value.text
        }
        var field3 = container.unreadField { (value: GeneratedCodeStringKeyedChatLine) in
            value.replyTo
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
        self.author = try field1 ?? container.decode(at: 1)
        self.text = try field2 ?? container.decode(at: 2)
        self.replyTo = try field3 ?? container.decode(at: 3)
    }
}
