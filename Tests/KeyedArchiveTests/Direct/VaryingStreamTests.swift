import ArchiveTestSupport
import Foundation
import KeyedArchive
import KeyedArchiveSamples
import Testing

/// The streams whose messages vary in shape (`VaryingMessages.swift`), which `karchive bench`, the
/// benchmark package and the callgrind gate time with one encoder and one decoder per stream:
/// what a reused coder writes and reads must not depend on the messages before, whatever their
/// keys, types and order, on the `Codable` path and on generated code, in both key forms.
@Suite struct VaryingStreamTests {
    /// One message of a stream, with its type erased: its bytes from an encoder, and whether a
    /// decoder reads bytes back as it.
    struct Step {
        let encode: (ArchiveEncoder) throws -> Data
        let decodes: (ArchiveDecoder, Data) throws -> Bool
    }

    static func step<T: Codable & Equatable>(_ value: T) -> Step {
        Step(encode: { try $0.encode(value) }, decodes: { try $0.decode(T.self, from: $1) == value })
    }

    /// Each stream in both key forms, plain `Codable` and with generated code.
    static var streams: [(String, [Step])] {
        let updates = ProfileUpdate.stream(), events = InputEvent.stream(), batches = EventBatch.stream()
        let alternating = AlternatingStream.sample()
        let pairs = Array(zip(alternating.heartbeats, alternating.lines))
        return [
            ("profile updates", updates.map { step($0) }),
            ("profile updates, generated", updates.map { step(GeneratedCodeProfileUpdate($0)) }),
            ("profile updates, string keys", updates.map { step(StringKeyedProfileUpdate($0)) }),
            ("profile updates, string keys, generated", updates.map { step(GeneratedCodeStringKeyedProfileUpdate($0)) }),
            ("input events", events.map { step($0) }),
            ("input events, generated", events.map { step(GeneratedCodeInputEvent($0)) }),
            ("input events, string keys", events.map { step(StringKeyedInputEvent($0)) }),
            ("input events, string keys, generated", events.map { step(GeneratedCodeStringKeyedInputEvent($0)) }),
            ("event batches", batches.map { step($0) }),
            ("event batches, generated", batches.map { step(GeneratedCodeEventBatch($0)) }),
            ("event batches, string keys", batches.map { step(StringKeyedEventBatch($0)) }),
            ("event batches, string keys, generated", batches.map { step(GeneratedCodeStringKeyedEventBatch($0)) }),
            ("alternating", pairs.flatMap { [step($0), step($1)] }),
            ("alternating, generated", pairs.flatMap { [step(GeneratedCodeHeartbeat($0)), step(GeneratedCodeChatLine($1))] }),
            ("alternating, string keys", pairs.flatMap { [step(StringKeyedHeartbeat($0)), step(StringKeyedChatLine($1))] }),
            ("alternating, string keys, generated",
             pairs.flatMap { [step(GeneratedCodeStringKeyedHeartbeat($0)), step(GeneratedCodeStringKeyedChatLine($1))] }),
            // Every model of every stream on one coder, interleaved: the worst a key table can meet.
            ("everything interleaved, string keys", interleaved([
                updates.map { step(StringKeyedProfileUpdate($0)) }, events.map { step(GeneratedCodeStringKeyedInputEvent($0)) },
                batches.map { step(StringKeyedEventBatch($0)) }, pairs.map { step(GeneratedCodeStringKeyedChatLine($1)) },
                updates.map { step(GeneratedCodeStringKeyedProfileUpdate($0)) },
            ])),
        ]
    }

    /// The first step of each list, then the second of each, and so on.
    static func interleaved(_ lists: [[Step]]) -> [Step] {
        (0..<(lists.map(\.count).max() ?? 0)).flatMap { index in lists.compactMap { index < $0.count ? $0[index] : nil } }
    }

    @Test(arguments: [EncoderOption.plain, .deterministic, .zlibCRC32])
    func aReusedCoderWritesAndReadsEachMessageAsAFreshOne(_ option: EncoderOption) throws {
        for (name, steps) in Self.streams {
            let reusedEncoder = option.encoder
            let reusedDecoder = ArchiveDecoder()
            var archives: [Data] = []
            for (index, step) in steps.enumerated() {
                let bytes = try step.encode(reusedEncoder)
                #expect(bytes == (try step.encode(option.encoder)), "\(name) #\(index)")
                #expect(try step.decodes(reusedDecoder, bytes), "\(name) #\(index)")
                archives.append(bytes)
            }
            // Backwards, on the same coders: each message now follows another one.
            for (index, step) in zip(steps.indices, steps).reversed() {
                #expect(try step.encode(reusedEncoder) == archives[index], "\(name) #\(index), backwards")
                #expect(try step.decodes(reusedDecoder, archives[index]), "\(name) #\(index), backwards")
            }
        }
    }

    @Test func theStreamsVary() throws {
        // Neighbouring updates mostly carry different fields (their archives differ in size).
        let updates = try ProfileUpdate.stream().map { try ArchiveEncoder().encode($0).count }
        let changes = zip(updates, updates.dropFirst()).filter { $0 != $1 }.count
        #expect(changes >= updates.count / 2, "\(updates)")
        // Every case of the event appears, in the stream and in the batches.
        func cases(_ events: [InputEvent]) -> Set<String> {
            Set(events.map { event in
                event.tap != nil ? "tap" : event.key != nil ? "key" : event.scroll != nil ? "scroll" : event.text != nil ? "text" : "idle"
            })
        }
        #expect(cases(InputEvent.stream()).count == 5)
        #expect(cases(EventBatch.stream().flatMap(\.events)).count == 5)
        #expect(InputEvent.stream().allSatisfy { [$0.tap != nil, $0.key != nil, $0.scroll != nil, $0.text != nil, $0.idle != nil].filter { $0 }.count == 1 })
        // Some lines answer another, some do not.
        let replies = AlternatingStream.sample().lines.map { $0.replyTo != nil }
        #expect(replies.contains(true) && replies.contains(false))
    }
}
