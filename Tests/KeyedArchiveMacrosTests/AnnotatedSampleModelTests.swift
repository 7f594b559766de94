import ArchiveTestSupport
import Foundation
@testable import KeyedArchive
import KeyedArchiveAnnotatedSamples
import KeyedArchiveSamples
import Testing

/// Every sample model, annotated with `@ArchiveCodable` (`KeyedArchiveAnnotatedSamples`), against
/// the plain model it copies: the generated code writes the plain model's archive byte for byte
/// with every option, each reads the other's archives, and on truncated or corrupted archives
/// the generated code throws what `init(from:)` throws.
@Suite struct AnnotatedSampleModelTests {
    /// A sample model: its plain archive, its annotated archive through generated code and
    /// through `encode(to:)`, and checks of decoding either way.
    struct Model {
        let name: String
        let plainBytes: (ArchiveEncoder) throws -> Data
        let annotatedBytes: (ArchiveEncoder) throws -> Data
        /// Reads `bytes` as the annotated model and compares with the sample.
        let readsAsAnnotated: (Data) throws -> Bool
        /// Reads `bytes` as the plain model and compares with the sample.
        let readsAsPlain: (Data) throws -> Bool
        /// Decodes `bytes` as the annotated model through both paths and compares the outcomes.
        let expectSameDecoding: (Data) -> Void
    }

    static func model<Plain: Codable & Equatable, Annotated: Codable & Equatable>(
        _ name: String, _ plain: Plain, _ annotated: Annotated
    ) -> Model {
        Model(name: name,
              plainBytes: { try $0.encode(plain) },
              annotatedBytes: { try $0.encode(annotated) },
              readsAsAnnotated: { try ArchiveDecoder().decode(Annotated.self, from: $0) == annotated },
              readsAsPlain: { try ArchiveDecoder().decode(Plain.self, from: $0) == plain },
              expectSameDecoding: { AnnotatedTypeTests.expectSameDecoding(Annotated.self, from: $0) })
    }

    static var models: [Model] {
        let commits = Commit.sample(count: 40), intKeyedCommits = IntKeyedCommit.sample(count: 40)
        let appState = AppState.sample(documents: 30), intKeyedAppState = IntKeyedAppState(AppState.sample(documents: 30))
        let series = NumericSeries.sample(values: 50, samples: 40)
        return [
            model("commits", commits, commits.map(Annotated.Commit.init)),
            model("int-keyed commits", intKeyedCommits, intKeyedCommits.map(Annotated.IntKeyedCommit.init)),
            model("app state", appState, Annotated.AppState(appState)),
            model("int-keyed app state", intKeyedAppState, Annotated.IntKeyedAppState(intKeyedAppState)),
            model("numeric series", series, Annotated.NumericSeries(series)),
        ] + messages
    }

    /// The message models, each as the benchmarks time it.
    static var messages: [Model] {
        [
            model("empty message", EmptyMessage.sample(), Annotated.EmptyMessage(.sample())),
            model("one-field message", OneFieldMessage.sample(), Annotated.OneFieldMessage(.sample())),
            model("numeric struct", NumericStruct.sample(), Annotated.NumericStruct(.sample())),
            model("primitives sample", PrimitivesSample.sample(), Annotated.PrimitivesSample(.sample())),
            model("media content", MediaContent.sample(), Annotated.MediaContent(.sample())),
            model("numeric struct list", NumericStructList.sample(), Annotated.NumericStructList(.sample())),
            model("primitives sample list", PrimitivesSampleList.sample(), Annotated.PrimitivesSampleList(.sample())),
            model("media content list", MediaContentList.sample(), Annotated.MediaContentList(.sample())),
        ]
    }

    @Test(arguments: EncoderOption.allCases)
    func generatedCodeWritesThePlainModelsArchive(_ option: EncoderOption) throws {
        let encoder = option.encoder
        var codable = encoder
        codable.usesGeneratedCode = false
        for model in Self.models {
            let plain = try model.plainBytes(encoder)
            #expect(try model.annotatedBytes(encoder) == plain, "\(model.name)")
            #expect(try model.annotatedBytes(codable) == plain, "\(model.name)")
        }
    }

    @Test func theAnnotatedModelsHaveGeneratedCode() {
        #expect(AnnotatedTypeTests.hasGeneratedCode(Annotated.Commit.self) && AnnotatedTypeTests.hasGeneratedCode(Annotated.Commit.Author.self))
        #expect(AnnotatedTypeTests.hasGeneratedCode(Annotated.IntKeyedCommit.self) && AnnotatedTypeTests.hasGeneratedCode(Annotated.IntKeyedCommit.Author.self))
        #expect(AnnotatedTypeTests.hasGeneratedCode(Annotated.AppState.self) && AnnotatedTypeTests.hasGeneratedCode(Annotated.AppState.Settings.self)
            && AnnotatedTypeTests.hasGeneratedCode(Annotated.AppState.Document.self) && AnnotatedTypeTests.hasGeneratedCode(Annotated.AppState.Theme.self))
        #expect(AnnotatedTypeTests.hasGeneratedCode(Annotated.IntKeyedAppState.self) && AnnotatedTypeTests.hasGeneratedCode(Annotated.IntKeyedAppState.Document.self))
        #expect(AnnotatedTypeTests.hasGeneratedCode(Annotated.NumericSeries.self) && AnnotatedTypeTests.hasGeneratedCode(Annotated.NumericSeries.Sample.self))
        #expect(AnnotatedTypeTests.hasGeneratedCode(Annotated.AppState.Sharing.self))
        #expect(AnnotatedTypeTests.hasGeneratedCode(Annotated.EmptyMessage.self) && AnnotatedTypeTests.hasGeneratedCode(Annotated.OneFieldMessage.self))
        #expect(AnnotatedTypeTests.hasGeneratedCode(Annotated.NumericStruct.self) && AnnotatedTypeTests.hasGeneratedCode(Annotated.NumericStructList.self))
        #expect(AnnotatedTypeTests.hasGeneratedCode(Annotated.PrimitivesSample.self) && AnnotatedTypeTests.hasGeneratedCode(Annotated.PrimitivesSampleList.self))
        #expect(AnnotatedTypeTests.hasGeneratedCode(Annotated.MediaContent.self) && AnnotatedTypeTests.hasGeneratedCode(Annotated.MediaContentList.self)
            && AnnotatedTypeTests.hasGeneratedCode(Annotated.Media.self) && AnnotatedTypeTests.hasGeneratedCode(Annotated.MediaImage.self)
            && AnnotatedTypeTests.hasGeneratedCode(Annotated.MediaPlayer.self) && AnnotatedTypeTests.hasGeneratedCode(Annotated.ImageSize.self))
    }

    @Test func eachReadsTheOthersArchives() throws {
        for model in Self.models {
            #expect(try model.readsAsAnnotated(model.plainBytes(ArchiveEncoder())), "\(model.name)")
            #expect(try model.readsAsPlain(model.annotatedBytes(ArchiveEncoder())), "\(model.name)")
        }
    }

    @Test func truncatedAndCorruptedArchivesFailTheSameWay() throws {
        var generator = SampleGenerator(seed: 23)
        for model in Self.models {
            let bytes = try model.plainBytes(ArchiveEncoder())
            for length in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 60)) {
                model.expectSameDecoding(bytes.prefix(length))
            }
            for _ in 0..<300 {
                var mutated = Array(bytes)
                for _ in 0..<Int.random(in: 1...3, using: &generator) {
                    let index = Int.random(in: 6..<mutated.count, using: &generator)
                    mutated[index] = UInt8.random(in: 0...255, using: &generator)
                }
                model.expectSameDecoding(Data(mutated))
            }
        }
    }

    /// The synthesized `init(from:)` of a struct without coded properties opens no container, so
    /// it decodes from any value (JSONDecoder reads one from `1` or `[1]`); the generated code
    /// reads nothing either: a scalar, an array, a nil, a keyed container with entries, at the top
    /// level and under a key, give the struct on both paths.
    @Test func anEmptyStructDecodesFromAnyValueAsInitFromDoes() throws {
        struct Holder: Codable { var message: Annotated.EmptyMessage }
        struct Raw<Value: Encodable>: Encodable { var message: Value }
        let archives: [Data] = [
            try ArchiveEncoder().encode(Int32(1)), try ArchiveEncoder().encode([1, 2]), try ArchiveEncoder().encode("text"),
            try ArchiveEncoder().encode(Int?.none), try ArchiveEncoder().encode(["a": 1]),
        ]
        var codable = ArchiveDecoder()
        codable.usesGeneratedCode = false
        for bytes in archives {
            #expect(try codable.decode(Annotated.EmptyMessage.self, from: bytes) == Annotated.EmptyMessage(.sample()))
            #expect(try ArchiveDecoder().decode(Annotated.EmptyMessage.self, from: bytes) == Annotated.EmptyMessage(.sample()))
        }
        for nested in [try ArchiveEncoder().encode(Raw(message: 7)), try ArchiveEncoder().encode(Raw(message: [true]))] {
            #expect(throws: Never.self) { try codable.decode(Holder.self, from: nested) }
            #expect(throws: Never.self) { try ArchiveDecoder().decode(Holder.self, from: nested) }
        }
    }

    /// The class hierarchy: the annotated struct holds the plain circles, classes with their own
    /// `encode(to:)` through `superEncoder()`, which take the `Codable` path inside generated code.
    @Test(arguments: EncoderOption.allCases)
    func theClassHierarchyThroughGeneratedCode(_ option: EncoderOption) throws {
        #expect(AnnotatedTypeTests.hasGeneratedCode(Annotated.Drawing.self))
        let drawing = Drawing.sample(count: 40)
        let annotated = Annotated.Drawing(drawing)
        let encoder = option.encoder
        var codable = encoder
        codable.usesGeneratedCode = false
        let plainBytes = try encoder.encode(drawing)
        #expect(try encoder.encode(annotated) == plainBytes)
        #expect(try codable.encode(annotated) == plainBytes)
        // Each reads the other's archive: the annotated drawing read back writes the same bytes,
        // and the plain one read from the annotated archive is the same drawing.
        #expect(try codable.encode(ArchiveDecoder().decode(Annotated.Drawing.self, from: plainBytes)) == plainBytes)
        #expect(try ArchiveDecoder().decode(Drawing.self, from: encoder.encode(annotated)).isSame(as: drawing))
    }

    @Test func theClassHierarchysCorruptedArchivesFailTheSameWay() throws {
        var generator = SampleGenerator(seed: 29)
        let bytes = try ArchiveEncoder().encode(Drawing.sample(count: 12))
        for length in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 60)) {
            AnnotatedTypeTests.expectSameDecoding(Annotated.Drawing.self, from: bytes.prefix(length))
        }
        for _ in 0..<300 {
            var mutated = Array(bytes)
            let index = Int.random(in: 6..<mutated.count, using: &generator)
            mutated[index] = UInt8.random(in: 0...255, using: &generator)
            AnnotatedTypeTests.expectSameDecoding(Annotated.Drawing.self, from: Data(mutated))
        }
    }
}
