import ArchiveTestSupport
import Foundation
@testable import KeyedArchive
import KeyedArchiveSamples
import Testing

/// The message twins with `@ArchiveCodable`'s code (`GeneratedCodeMessages.swift`,
/// `GeneratedCodeMediaContent.swift`, and with string keys `GeneratedCodeStringKeyedMessages.swift`
/// beside `StringKeyedMessages.swift`), which `karchive bench` and the callgrind probe time as
/// "Archive, generated": each must write exactly what its plain message model writes through
/// `Codable`, and each must read the other's archives, or the bench would compare different work.
@Suite struct GeneratedCodeMessageTests {
    /// A message model and its twin, with their types erased so that one table holds them all.
    struct Message: CustomStringConvertible {
        let description: String
        /// The plain model's archive and the twin's, under the same encoder.
        let plainBytes: (ArchiveEncoder) throws -> Data
        let twinBytes: (ArchiveEncoder) throws -> Data
        /// Whether `decoder` reads `bytes` as the twin of the model, and as the model itself.
        let readsAsTwin: (ArchiveDecoder, Data) throws -> Bool
        let readsAsPlain: (ArchiveDecoder, Data) throws -> Bool
        /// Whether the twin's type has generated code (and the plain model's has none).
        let twinHasGeneratedCode: Bool
        let plainHasGeneratedCode: Bool
    }

    static func message<Plain: Codable & Equatable, Twin: Codable & Equatable>(
        _ name: String, _ plain: Plain, _ twin: Twin
    ) -> Message {
        Message(description: name,
                plainBytes: { try $0.encode(plain) }, twinBytes: { try $0.encode(twin) },
                readsAsTwin: { try $0.decode(Twin.self, from: $1) == twin },
                readsAsPlain: { try $0.decode(Plain.self, from: $1) == plain },
                twinHasGeneratedCode: hasGeneratedCode(Twin.self),
                plainHasGeneratedCode: Plain.self is any ArchiveDirectEncodable.Type || Plain.self is any ArchiveDirectDecodable.Type)
    }

    /// The messages the bench times, and others drawn from more seeds: optionals set and unset,
    /// both enum cases, negative and positive numbers of every width.
    static var messages: [Message] {
        var result = [
            message("empty", EmptyMessage.sample(), GeneratedCodeEmptyMessage(.sample())),
            message("one field", OneFieldMessage.sample(), GeneratedCodeOneFieldMessage(.sample())),
            message("numeric struct", NumericStruct.sample(), GeneratedCodeNumericStruct(.sample())),
            message("primitives sample", PrimitivesSample.sample(), GeneratedCodePrimitivesSample(.sample())),
            message("media content", MediaContent.sample(), GeneratedCodeMediaContent(.sample())),
            message("numeric struct list", NumericStructList.sample(), GeneratedCodeNumericStructList(.sample())),
            message("primitives sample list", PrimitivesSampleList.sample(), GeneratedCodePrimitivesSampleList(.sample())),
            message("media content list", MediaContentList.sample(), GeneratedCodeMediaContentList(.sample())),
            message("empty lists", MediaContentList(mediaContentList: []), GeneratedCodeMediaContentList(MediaContentList(mediaContentList: []))),
            // With synthesized string keys (issue 47): the plain twin against the generated one.
            message("empty, string keys", StringKeyedEmptyMessage(.sample()), GeneratedCodeStringKeyedEmptyMessage(.sample())),
            message("one field, string keys", StringKeyedOneFieldMessage(.sample()), GeneratedCodeStringKeyedOneFieldMessage(.sample())),
            message("numeric struct, string keys", StringKeyedNumericStruct(.sample()), GeneratedCodeStringKeyedNumericStruct(.sample())),
            message("primitives sample, string keys", StringKeyedPrimitivesSample(.sample()), GeneratedCodeStringKeyedPrimitivesSample(.sample())),
            message("media content, string keys", StringKeyedMediaContent(.sample()), GeneratedCodeStringKeyedMediaContent(.sample())),
            message("numeric struct list, string keys", StringKeyedNumericStructList(.sample()), GeneratedCodeStringKeyedNumericStructList(.sample())),
            message("primitives sample list, string keys", StringKeyedPrimitivesSampleList(.sample()),
                    GeneratedCodeStringKeyedPrimitivesSampleList(.sample())),
            message("media content list, string keys", StringKeyedMediaContentList(.sample()), GeneratedCodeStringKeyedMediaContentList(.sample())),
        ]
        var generator = SampleGenerator(seed: 31)
        for seed in 0..<6 {
            let numeric = NumericStruct.sample(&generator)
            var sample = PrimitivesSample.sample(&generator)
            if seed % 2 == 0 {
                // Every boxed field absent, and the arrays empty.
                (sample.intValueBoxed, sample.longValueBoxed, sample.floatValueBoxed, sample.doubleValueBoxed) = (nil, nil, nil, nil)
                (sample.shortValueBoxed, sample.booleanValueBoxed) = (nil, nil)
                (sample.intArray, sample.doubleArray, sample.booleanArray, sample.string) = ([], [], [], "")
            } else {
                sample.charValueBoxed = .max
            }
            var media = MediaContent.sample(&generator)
            media.media.copyright = seed % 3 == 0 ? "© \(seed)" : nil
            result += [
                message("numeric struct, seed \(seed)", numeric, GeneratedCodeNumericStruct(numeric)),
                message("primitives sample, seed \(seed)", sample, GeneratedCodePrimitivesSample(sample)),
                message("media content, seed \(seed)", media, GeneratedCodeMediaContent(media)),
                message("numeric struct, string keys, seed \(seed)", StringKeyedNumericStruct(numeric), GeneratedCodeStringKeyedNumericStruct(numeric)),
                message("primitives sample, string keys, seed \(seed)", StringKeyedPrimitivesSample(sample),
                        GeneratedCodeStringKeyedPrimitivesSample(sample)),
                message("media content, string keys, seed \(seed)", StringKeyedMediaContent(media), GeneratedCodeStringKeyedMediaContent(media)),
            ]
        }
        return result + varyingMessages
    }

    /// Every message of the varying streams (`VaryingMessages.swift`), in both key forms.
    static var varyingMessages: [Message] {
        var result: [Message] = []
        for (index, update) in ProfileUpdate.stream().enumerated() {
            result.append(message("profile update \(index)", update, GeneratedCodeProfileUpdate(update)))
            result.append(message("profile update \(index), string keys", StringKeyedProfileUpdate(update), GeneratedCodeStringKeyedProfileUpdate(update)))
        }
        for (index, event) in InputEvent.stream().enumerated() {
            result.append(message("input event \(index)", event, GeneratedCodeInputEvent(event)))
            result.append(message("input event \(index), string keys", StringKeyedInputEvent(event), GeneratedCodeStringKeyedInputEvent(event)))
        }
        for (index, batch) in EventBatch.stream().enumerated() {
            result.append(message("event batch \(index)", batch, GeneratedCodeEventBatch(batch)))
            result.append(message("event batch \(index), string keys", StringKeyedEventBatch(batch), GeneratedCodeStringKeyedEventBatch(batch)))
        }
        let alternating = AlternatingStream.sample()
        for (index, (heartbeat, line)) in zip(alternating.heartbeats, alternating.lines).enumerated() {
            result.append(message("heartbeat \(index)", heartbeat, GeneratedCodeHeartbeat(heartbeat)))
            result.append(message("heartbeat \(index), string keys", StringKeyedHeartbeat(heartbeat), GeneratedCodeStringKeyedHeartbeat(heartbeat)))
            result.append(message("chat line \(index)", line, GeneratedCodeChatLine(line)))
            result.append(message("chat line \(index), string keys", StringKeyedChatLine(line), GeneratedCodeStringKeyedChatLine(line)))
        }
        return result
    }

    @Test func theTwinsHaveGeneratedCodeAndTheModelsNone() {
        for message in Self.messages {
            #expect(message.twinHasGeneratedCode && !message.plainHasGeneratedCode, "\(message)")
        }
        // The parts of the media graph too, or the arrays of them would take the Codable path.
        #expect(Self.hasGeneratedCode(GeneratedCodeMediaContent.Media.self) && Self.hasGeneratedCode(GeneratedCodeMediaContent.MediaImage.self))
        #expect(Self.hasGeneratedCode(GeneratedCodeMediaContent.MediaPlayer.self) && Self.hasGeneratedCode(GeneratedCodeMediaContent.ImageSize.self))
        #expect(!Self.hasGeneratedCode(Media.self) && !Self.hasGeneratedCode(MediaPlayer.self))
        #expect(Self.hasGeneratedCode(GeneratedCodeStringKeyedMediaContent.Media.self)
                && Self.hasGeneratedCode(GeneratedCodeStringKeyedMediaContent.MediaImage.self))
        #expect(!Self.hasGeneratedCode(StringKeyedMediaContent.Media.self))
    }

    /// Whether `type` has generated code both ways (generic, so that the answer is asked at run time).
    static func hasGeneratedCode<T>(_ type: T.Type) -> Bool {
        type is any ArchiveDirectEncodable.Type && type is any ArchiveDirectDecodable.Type
    }

    @Test(arguments: [EncoderOption.plain, .deterministic, .zlibCRC32])
    func theTwinsWriteTheModelsBytes(_ option: EncoderOption) throws {
        let encoder = option.encoder
        // The generated code switched off: the twin's `Codable` conformance, the same bytes again.
        var codable = encoder
        codable.usesGeneratedCode = false
        for message in Self.messages {
            let plain = try message.plainBytes(encoder)
            #expect(try message.twinBytes(encoder) == plain, "\(message)")
            #expect(try message.twinBytes(codable) == plain, "\(message)")
        }
    }

    @Test(arguments: [EncoderOption.plain, .deterministic, .zlibCRC32])
    func eachReadsTheOthersArchivesThroughBothPaths(_ option: EncoderOption) throws {
        let encoder = option.encoder
        let direct = ArchiveDecoder()
        var codable = direct
        codable.usesGeneratedCode = false
        for message in Self.messages {
            let plain = try message.plainBytes(encoder), twin = try message.twinBytes(encoder)
            #expect(try message.readsAsTwin(direct, plain), "\(message)")
            #expect(try message.readsAsTwin(codable, plain), "\(message)")
            #expect(try message.readsAsPlain(direct, twin), "\(message)")
        }
    }

    @Test func theBenchCoderChecksTheTwin() throws {
        let model = NumericStruct.sample()
        let (coder, decodesTwin) = generatedCodeCoder(for: model, twin: GeneratedCodeNumericStruct(model))
        let bytes = try coder.encode(model)
        #expect(bytes == (try ArchiveEncoder().encode(model)))
        #expect(try decodesTwin(bytes))
        #expect(try coder.decode(bytes) == model)
        // Another struct's archive is not the twin.
        var other = model
        other.f12 &+= 1
        #expect(try !decodesTwin(ArchiveEncoder().encode(other)))
    }
}
