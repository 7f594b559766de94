import Foundation

// Messages whose shape varies from one message to the next, as real streams do (issue 62): a
// coder that is fast only when a message repeats the previous one's keys is slow on these. Each
// model is a seeded stream of messages, timed one message at a time with one encoder and one
// decoder for the whole stream:
// - `ProfileUpdate`: optional fields present at random (an update carries what changed);
// - `InputEvent`: one of several cases, each with its own payload;
// - `Heartbeat` and `ChatLine`: two message types alternating on one stream;
// - `EventBatch`: an array of values of several types (events of every case).
// Integer coding keys here, numbered as a message schema numbers its fields; the same models
// with synthesized string keys are in `StringKeyedVaryingMessages.swift`, and both with
// generated code in `GeneratedCodeVaryingMessages.swift`.

/// A profile update that carries only the fields that changed: each optional is present at random.
public struct ProfileUpdate: Codable, Equatable, Sendable {
    /// The user the update is for (always present).
    public var userID: Int64
    /// The new display name.
    public var displayName: String?
    /// The new status line.
    public var status: String?
    /// The new age.
    public var age: Int32?
    /// The new score.
    public var score: Double?
    /// Whether the user is now verified.
    public var verified: Bool?
    /// The new tags.
    public var tags: [String]?
    /// The new avatar's version.
    public var avatarVersion: UInt32?

    enum CodingKeys: Int, CodingKey { case userID = 1, displayName, status, age, score, verified, tags, avatarVersion }

    /// An update of these fields (public, for the conversions of the benchmark package).
    public init(userID: Int64, displayName: String?, status: String?, age: Int32?, score: Double?,
                verified: Bool?, tags: [String]?, avatarVersion: UInt32?) {
        (self.userID, self.displayName, self.status, self.age) = (userID, displayName, status, age)
        (self.score, self.verified, self.tags, self.avatarVersion) = (score, verified, tags, avatarVersion)
    }

    /// An update whose optional fields are each present with even odds.
    public static func sample(_ generator: inout SampleGenerator) -> ProfileUpdate {
        func maybe<T>(_ make: (inout SampleGenerator) -> T) -> T? {
            generator.int(0..<2) == 1 ? make(&generator) : nil
        }
        return ProfileUpdate(
            userID: Int64(generator.int(1..<5_000_000)),
            displayName: maybe { "user \($0.hex(6))" },
            status: maybe { $0.words(4) },
            age: maybe { Int32($0.int(13..<99)) },
            score: maybe { $0.double() * 1_000 },
            verified: maybe { $0.int(0..<2) == 1 },
            tags: maybe { generator in (0..<generator.int(1..<4)).map { _ in generator.words(1) } },
            avatarVersion: maybe { UInt32($0.int(0..<100_000)) })
    }

    /// The stream the benchmarks time: `count` updates, no two neighbours alike but by chance.
    public static func stream(count: Int = 16) -> [ProfileUpdate] {
        var generator = SampleGenerator(seed: 21)
        return (0..<count).map { _ in sample(&generator) }
    }
}

/// An input event: exactly one of its fields is present, as in a message schema's `oneof`. This
/// is what a Swift enum with associated values writes (a keyed container with one entry, the
/// case, holding a keyed container of its values), with integer keys, which an enum's
/// synthesized conformance does not have: `StringKeyedInputEvent` is the enum itself.
public struct InputEvent: Codable, Equatable, Sendable {
    /// A tap at a point.
    public struct Tap: Codable, Equatable, Sendable {
        /// The point.
        public var x, y: Int32
        enum CodingKeys: Int, CodingKey { case x = 1, y }
        /// A tap at (`x`, `y`).
        public init(x: Int32, y: Int32) { (self.x, self.y) = (x, y) }
    }

    /// A key press.
    public struct Key: Codable, Equatable, Sendable {
        /// The key's code.
        public var code: UInt16
        /// The modifier keys held.
        public var modifiers: UInt8
        enum CodingKeys: Int, CodingKey { case code = 1, modifiers }
        /// A press of `code` with `modifiers`.
        public init(code: UInt16, modifiers: UInt8) { (self.code, self.modifiers) = (code, modifiers) }
    }

    /// A scroll by a distance.
    public struct Scroll: Codable, Equatable, Sendable {
        /// The distance.
        public var dx, dy: Double
        enum CodingKeys: Int, CodingKey { case dx = 1, dy }
        /// A scroll by (`dx`, `dy`).
        public init(dx: Double, dy: Double) { (self.dx, self.dy) = (dx, dy) }
    }

    /// Text typed.
    public struct Text: Codable, Equatable, Sendable {
        /// The text.
        public var value: String
        enum CodingKeys: Int, CodingKey { case value = 1 }
        /// The text `value`.
        public init(value: String) { self.value = value }
    }

    /// Nothing happened for a while.
    public struct Idle: Codable, Equatable, Sendable {
        /// The idle event.
        public init() {}
    }

    /// The tap, if the event is one.
    public var tap: Tap?
    /// The key press, if the event is one.
    public var key: Key?
    /// The scroll, if the event is one.
    public var scroll: Scroll?
    /// The text, if the event is some.
    public var text: Text?
    /// The idle event, if the event is one.
    public var idle: Idle?

    enum CodingKeys: Int, CodingKey { case tap = 1, key, scroll, text, idle }

    /// An event of these fields (one of them set, for a well-formed event).
    public init(tap: Tap? = nil, key: Key? = nil, scroll: Scroll? = nil, text: Text? = nil, idle: Idle? = nil) {
        (self.tap, self.key, self.scroll, self.text, self.idle) = (tap, key, scroll, text, idle)
    }

    /// An event of a case drawn at random.
    public static func sample(_ generator: inout SampleGenerator) -> InputEvent {
        switch generator.int(0..<5) {
        case 0: InputEvent(tap: Tap(x: Int32(generator.int(0..<2_000)), y: Int32(generator.int(0..<2_000))))
        case 1: InputEvent(key: Key(code: UInt16(generator.int(0..<300)), modifiers: UInt8(generator.int(0..<16))))
        case 2: InputEvent(scroll: Scroll(dx: generator.double() * 40 - 20, dy: generator.double() * 400 - 200))
        case 3: InputEvent(text: Text(value: generator.words(generator.int(1..<4))))
        default: InputEvent(idle: Idle())
        }
    }

    /// The stream the benchmarks time: `count` events of cases drawn at random.
    public static func stream(count: Int = 16) -> [InputEvent] {
        var generator = SampleGenerator(seed: 22)
        return (0..<count).map { _ in sample(&generator) }
    }
}

/// A batch of input events of every case: an array of values of several types.
public struct EventBatch: Codable, Equatable, Sendable {
    /// The session the events are from.
    public var sessionID: Int64
    /// The events, in order.
    public var events: [InputEvent]

    enum CodingKeys: Int, CodingKey { case sessionID = 1, events }

    /// A batch of `events` from `sessionID`.
    public init(sessionID: Int64, events: [InputEvent]) { (self.sessionID, self.events) = (sessionID, events) }

    /// The stream the benchmarks time: `count` batches of 4 to 11 events each.
    public static func stream(count: Int = 8) -> [EventBatch] {
        var generator = SampleGenerator(seed: 23)
        return (0..<count).map { _ in
            EventBatch(sessionID: Int64(generator.int(1..<1_000_000)),
                       events: (0..<generator.int(4..<12)).map { _ in InputEvent.sample(&generator) })
        }
    }
}

/// A heartbeat, the first of the two message types that alternate on one stream.
public struct Heartbeat: Codable, Equatable, Sendable {
    /// The heartbeat's number on its stream.
    public var sequence: UInt64
    /// When it was sent, in seconds since 1970.
    public var sentAt: Double

    enum CodingKeys: Int, CodingKey { case sequence = 1, sentAt }

    /// Heartbeat number `sequence`, sent at `sentAt`.
    public init(sequence: UInt64, sentAt: Double) { (self.sequence, self.sentAt) = (sequence, sentAt) }
}

/// A line of chat, the second of the two message types that alternate on one stream.
public struct ChatLine: Codable, Equatable, Sendable {
    /// The line's identifier.
    public var id: Int64
    /// Who wrote it.
    public var author: String
    /// What they wrote.
    public var text: String
    /// The line it answers, if any.
    public var replyTo: Int64?

    enum CodingKeys: Int, CodingKey { case id = 1, author, text, replyTo }

    /// Line `id` by `author`, answering `replyTo`.
    public init(id: Int64, author: String, text: String, replyTo: Int64?) {
        (self.id, self.author, self.text, self.replyTo) = (id, author, text, replyTo)
    }
}

/// The stream on which heartbeats and chat lines alternate: heartbeat, line, heartbeat, line…
public enum AlternatingStream {
    /// `count` of each type; the benchmarks send `heartbeats[i]` then `lines[i]`, for each `i`.
    public static func sample(count: Int = 8) -> (heartbeats: [Heartbeat], lines: [ChatLine]) {
        var generator = SampleGenerator(seed: 24)
        let heartbeats = (0..<count).map { index in
            Heartbeat(sequence: UInt64(1_000 + index), sentAt: 1_790_000_000 + Double(index) * 5 + generator.double())
        }
        let lines = (0..<count).map { index in
            ChatLine(id: Int64(50_000 + index), author: "user \(generator.hex(4))", text: generator.words(generator.int(3..<9)),
                     replyTo: generator.int(0..<2) == 1 ? Int64(50_000 + generator.int(0..<max(1, index))) : nil)
        }
        return (heartbeats, lines)
    }
}
