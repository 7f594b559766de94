import Foundation

// The varying messages of `VaryingMessages.swift` with synthesized string keys (no `CodingKeys`
// declared), as most Swift types are written; the input event is a Swift enum with associated
// values. Each is made from its integer-keyed model; `GeneratedCodeVaryingMessages.swift` holds
// the same declarations with generated code.

/// `ProfileUpdate` with synthesized string keys.
public struct StringKeyedProfileUpdate: Codable, Equatable, Sendable {
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

/// `InputEvent` as a Swift enum with associated values, with its synthesized conformance.
public enum StringKeyedInputEvent: Codable, Equatable, Sendable {
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

/// `EventBatch` with synthesized string keys.
public struct StringKeyedEventBatch: Codable, Equatable, Sendable {
    var sessionID: Int64
    var events: [StringKeyedInputEvent]

    /// The same batch.
    public init(_ batch: EventBatch) { (sessionID, events) = (batch.sessionID, batch.events.map(StringKeyedInputEvent.init)) }
}

/// `Heartbeat` with synthesized string keys.
public struct StringKeyedHeartbeat: Codable, Equatable, Sendable {
    var sequence: UInt64
    var sentAt: Double

    /// The same heartbeat.
    public init(_ heartbeat: Heartbeat) { (sequence, sentAt) = (heartbeat.sequence, heartbeat.sentAt) }
}

/// `ChatLine` with synthesized string keys.
public struct StringKeyedChatLine: Codable, Equatable, Sendable {
    var id: Int64
    var author: String
    var text: String
    var replyTo: Int64?

    /// The same line.
    public init(_ line: ChatLine) { (id, author, text, replyTo) = (line.id, line.author, line.text, line.replyTo) }
}
