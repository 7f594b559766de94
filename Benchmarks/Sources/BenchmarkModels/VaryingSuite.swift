import Foundation
import KeyedArchiveSamples

// The messages group's streams whose messages vary in shape from one to the next (issue 62,
// `VaryingMessages.swift`): the same streams as `karchive bench`'s and the callgrind gate's.

/// The varying streams in both key forms, under "Messages/<stream>" and "Messages/<stream>,
/// string keys": `ArchiveEncoder`/`ArchiveDecoder` through `Codable`, Foundation's JSON, and
/// "Archive, generated" on the twins of `GeneratedCodeVaryingMessages.swift` (the macro's
/// expansion written out, which `WrittenOutTwinTests` compares with the macro's, so no annotated
/// copies are needed). No swift-protobuf: `bench.proto` has no messages for these, and
/// `bench.pb.swift` was generated with protoc, which regenerating would need.
///
/// Each row is one measurement per message: each call of its `encode` takes the stream's next
/// message, each call of its `decode` the next message's archive, round and round, so that
/// consecutive messages differ, and each coder is one encoder and one decoder kept for the whole
/// stream, whatever the type of its message.
public enum VaryingSuite {
    /// Every stream's rows, each message checked first; throws `ConversionError` if a coder
    /// does not decode a message back.
    public static func all() throws -> [Measurement] {
        try [
            rows("VaryingOptionals", ProfileUpdate.stream(), { $0 }, GeneratedCodeProfileUpdate.init),
            rows("VaryingEnum", InputEvent.stream(), { $0 }, GeneratedCodeInputEvent.init),
            rows("SeveralTypesArray", EventBatch.stream(), { $0 }, GeneratedCodeEventBatch.init),
            alternating("TwoTypesAlternating", { $0 }, GeneratedCodeHeartbeat.init, { $0 }, GeneratedCodeChatLine.init),
            rows("VaryingOptionals, string keys", ProfileUpdate.stream(), StringKeyedProfileUpdate.init, GeneratedCodeStringKeyedProfileUpdate.init),
            rows("VaryingEnum, string keys", InputEvent.stream(), StringKeyedInputEvent.init, GeneratedCodeStringKeyedInputEvent.init),
            rows("SeveralTypesArray, string keys", EventBatch.stream(), StringKeyedEventBatch.init, GeneratedCodeStringKeyedEventBatch.init),
            alternating("TwoTypesAlternating, string keys", StringKeyedHeartbeat.init, GeneratedCodeStringKeyedHeartbeat.init,
                        StringKeyedChatLine.init, GeneratedCodeStringKeyedChatLine.init),
        ].flatMap { $0 }
    }

    /// The rows of the stream of `source`'s messages, each as `model` makes it, with the twin
    /// `twin` makes (from the same integer-keyed message).
    static func rows<Source, Model: Codable & Equatable & Sendable, Twin: Codable & Equatable & Sendable>(
        _ name: String, _ source: [Source], _ model: (Source) -> Model, _ twin: (Source) -> Twin
    ) throws -> [Measurement] {
        var stream = StreamRows()
        for message in source { try stream.append(model(message), twin: twin(message)) }
        return stream.measurements("Messages/\(name)")
    }

    /// The rows of `AlternatingStream`: heartbeat `i`, then chat line `i`, for each `i`, two
    /// message types on the same coders.
    static func alternating<Beat: Codable & Equatable & Sendable, BeatTwin: Codable & Equatable & Sendable,
                            Line: Codable & Equatable & Sendable, LineTwin: Codable & Equatable & Sendable>(
        _ name: String, _ heartbeat: (Heartbeat) -> Beat, _ heartbeatTwin: (Heartbeat) -> BeatTwin,
        _ line: (ChatLine) -> Line, _ lineTwin: (ChatLine) -> LineTwin
    ) throws -> [Measurement] {
        var stream = StreamRows()
        let sample = AlternatingStream.sample()
        for (beat, chat) in zip(sample.heartbeats, sample.lines) {
            try stream.append(heartbeat(beat), twin: heartbeatTwin(beat))
            try stream.append(line(chat), twin: lineTwin(chat))
        }
        return stream.measurements("Messages/\(name)")
    }
}

/// The rows of one stream being built: per coder, an encode of each message and a decode of its
/// archive, all on the coder's one encoder and decoder (`MessageCoderSet`).
struct StreamRows {
    /// The stream's coders, one set shared by every message.
    private let coders = MessageCoderSet()
    /// The coders' names, in the rows' order.
    private var names: [String] = []
    /// `encodes[coder][message]` and `decodes[coder][message]`.
    private var encodes: [[@Sendable () throws -> Data]] = [], decodes: [[@Sendable () throws -> Void]] = []

    /// Appends `message`, and its twin with generated code `twin`, after checking that every
    /// coder decodes it back (on the stream's coders, after the messages before it) and that
    /// the twin decodes the model's archive as itself (the generated code writes the same bytes).
    mutating func append<Model: Codable & Equatable & Sendable, Twin: Codable & Equatable & Sendable>(_ message: Model, twin: Twin) throws {
        let plain = coders.coders(Model.self).filter { $0.name != "PropertyList" }
        let generated = coders.generatedCoder(Twin.self)
        try MessageSuite.check(message, plain)
        try MessageSuite.check(twin, [generated])
        guard try generated.decode(plain[0].encode(message)) == twin else {
            throw ConversionError.invalid("\(generated.name) did not decode the archive of \(message) as its twin")
        }
        if names.isEmpty {
            names = plain.map(\.name) + [generated.name]
            (encodes, decodes) = (names.map { _ in [] }, names.map { _ in [] })
        }
        for (index, step) in (plain.map { Self.step(message, $0) } + [Self.step(twin, generated)]).enumerated() {
            encodes[index].append(step.encode)
            decodes[index].append(step.decode)
        }
    }

    /// One message's encode, and its decode of the archive made now.
    private static func step<Value: Sendable>(_ value: Value, _ coder: Coder<Value>)
        -> (encode: @Sendable () throws -> Data, decode: @Sendable () throws -> Void) {
        // Checked to encode by `append` just before.
        let archive = try! coder.encode(value)
        return ({ try coder.encode(value) }, { withExtendedLifetime(try coder.decode(archive)) {} })
    }

    /// One measurement per coder, named `name`, taking the messages in turn.
    func measurements(_ name: String) -> [Measurement] {
        zip(names, zip(encodes, decodes)).map { coder, steps in
            let (encodes, decodes) = steps
            let encodeCursor = StreamCursor(count: encodes.count), decodeCursor = StreamCursor(count: decodes.count)
            return Measurement(model: name, coder: coder, messages: encodes.count,
                               encode: { try encodes[encodeCursor.advance()]() },
                               // The bytes handed in are one message's; the stream's own archives are what is read.
                               decode: { _ in try decodes[decodeCursor.advance()]() })
        }
    }
}

/// A position in a stream that moves to the next message on every call, back to the first after
/// the last. Unsynchronized: a benchmark runs on one thread, one at a time, and a lock would add
/// its cost to every message timed.
final class StreamCursor: @unchecked Sendable {
    private let count: Int
    private var next = 0

    /// A cursor over `count` messages, at the first.
    init(count: Int) { self.count = count }

    /// The current message's index; the cursor moves on.
    func advance() -> Int {
        let current = next
        next = next + 1 == count ? 0 : next + 1
        return current
    }
}
