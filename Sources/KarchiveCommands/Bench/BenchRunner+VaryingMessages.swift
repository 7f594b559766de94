import Foundation
import KeyedArchiveSamples

/// The messages section's streams whose messages vary in shape from one to the next
/// (`VaryingMessages.swift`, issue 62), in both key forms: the rows that one message sent again
/// and again cannot show, where a coder's state kept from the previous message (its key tables)
/// must serve a message of another shape.
extension BenchRunner {
    /// Each stream's row with integer keys, then with synthesized string keys; every twin made
    /// from the same integer-keyed message as its model.
    func varyingMessages(_ batch: MessageBatch) -> [(String, (String) throws -> PreparedModel)] {
        [
            ("Varying optionals", {
                try batch.prepare(MessageStream(named: $0, ProfileUpdate.stream(), model: { $0 }, twin: GeneratedCodeProfileUpdate.init))
            }),
            ("Varying enum", { try batch.prepare(MessageStream(named: $0, InputEvent.stream(), model: { $0 }, twin: GeneratedCodeInputEvent.init)) }),
            ("Array of several types", {
                try batch.prepare(MessageStream(named: $0, EventBatch.stream(), model: { $0 }, twin: GeneratedCodeEventBatch.init))
            }),
            ("Two types alternating", {
                try batch.prepare(.alternating(named: $0, heartbeat: { $0 }, GeneratedCodeHeartbeat.init, line: { $0 }, GeneratedCodeChatLine.init))
            }),
            ("Varying optionals, string keys", {
                try batch.prepare(MessageStream(named: $0, ProfileUpdate.stream(), model: StringKeyedProfileUpdate.init,
                                                twin: GeneratedCodeStringKeyedProfileUpdate.init))
            }),
            ("Varying enum, string keys", {
                try batch.prepare(MessageStream(named: $0, InputEvent.stream(), model: StringKeyedInputEvent.init,
                                                twin: GeneratedCodeStringKeyedInputEvent.init))
            }),
            ("Array of several types, string keys", {
                try batch.prepare(MessageStream(named: $0, EventBatch.stream(), model: StringKeyedEventBatch.init,
                                                twin: GeneratedCodeStringKeyedEventBatch.init))
            }),
            ("Two types alternating, string keys", {
                try batch.prepare(.alternating(named: $0, heartbeat: StringKeyedHeartbeat.init, GeneratedCodeStringKeyedHeartbeat.init,
                                               line: StringKeyedChatLine.init, GeneratedCodeStringKeyedChatLine.init))
            }),
        ]
    }
}

extension MessageStream {
    /// `AlternatingStream`'s heartbeats and chat lines, heartbeat `i` then line `i` for each
    /// `i`, on the one set of coders of the stream: each message's model and twin made by the
    /// functions after it.
    static func alternating<Beat: Codable & Equatable & Sendable, BeatTwin: Codable & Equatable & Sendable,
                            Line: Codable & Equatable & Sendable, LineTwin: Codable & Equatable & Sendable>(
        named name: String, heartbeat: (Heartbeat) -> Beat, _ heartbeatTwin: (Heartbeat) -> BeatTwin,
        line: (ChatLine) -> Line, _ lineTwin: (ChatLine) -> LineTwin
    ) throws -> MessageStream {
        var stream = MessageStream(named: name)
        let sample = AlternatingStream.sample()
        for (beat, chat) in zip(sample.heartbeats, sample.lines) {
            try stream.append(heartbeat(beat), twin: heartbeatTwin(beat))
            try stream.append(line(chat), twin: lineTwin(chat))
        }
        return stream
    }
}
