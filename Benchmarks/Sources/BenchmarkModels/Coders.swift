import Foundation
import KeyedArchiveAnnotatedSamples
import KeyedArchiveSamples
import KeyedArchive
import SwiftProtobuf

// The coders every benchmark and the size report compare, in one place: the Codable coders
// (`codableCoders`, shared with `karchive bench`) and swift-protobuf.

/// swift-protobuf, including the conversion from and to the Swift model.
public func protobufCoder<Model: Sendable, Message: SwiftProtobuf.Message>(
    _: Model.Type, toMessage: @escaping @Sendable (Model) -> Message, toModel: @escaping @Sendable (Message) throws -> Model
) -> Coder<Model> {
    Coder(name: "Protobuf", encode: { try toMessage($0).serializedData() },
          decode: { try toModel(Message(serializedBytes: $0)) })
}


/// `ArchiveEncoder`/`ArchiveDecoder` on a model's twin with `@ArchiveCodable`
/// (`KeyedArchiveAnnotatedSamples`), under the name "Archive, generated": the archive of the
/// "Archive" row byte for byte (the macro's tests check it), written and read through the
/// generated code. A user annotates the model itself, so unlike swift-protobuf's row there is
/// no conversion to time.
func generatedCode<Annotated: Codable & Sendable>(_: Annotated.Type) -> [Coder<Annotated>] {
    let archive = codableCoders(Annotated.self)[0]
    return [Coder(name: "Archive, generated", encode: archive.encode, decode: archive.decode)]
}

/// One model and one coder, with the model's type erased so that every workload fits in one list.
public struct Measurement: Sendable {
    public let model: String
    public let coder: String
    /// How many messages `encode` and `decode` take in turn: 1 for a model or a message, the
    /// stream's length for a stream whose messages vary (`VaryingSuite`).
    public let messages: Int
    /// Encodes the model once (a stream's next message).
    public let encode: @Sendable () throws -> Data
    /// Decodes bytes made by `encode` once (the result is kept alive, then dropped). A stream's
    /// decodes its next message's archive, made when the measurement was, and reads not the bytes
    /// handed in: they are one message's.
    public let decode: @Sendable (Data) throws -> Void
}

/// The null coder (the Codable ceiling, `nullCoder(for:)`) for `model`, as a one-element list to
/// add to a model's coders.
func ceiling<Model: Codable & Sendable>(_ model: Model) -> [Coder<Model>] {
    // Recording a sample model cannot fail: it is plain data.
    [try! nullCoder(for: model)]
}

func measurements<Model: Sendable>(_ name: String, _ model: Model, _ coders: [Coder<Model>]) -> [Measurement] {
    coders.map { coder in
        Measurement(model: name, coder: coder.name, messages: 1, encode: { try coder.encode(model) },
                    decode: { data in withExtendedLifetime(try coder.decode(data)) {} })
    }
}

extension Kabench_PBInts {
    init(values: [Int]) {
        self.init()
        self.values = values.map { Int64($0) }
    }
}

/// Every model with the coders it is measured with: what `CoderBenchmarks` times and
/// `SizeReport` measures.
public enum BenchmarkSuite {
    public static func all() -> [Measurement] {
        let series = NumericSeries.sample()
        let ints = (0..<1_000_000).map { $0 &* 7919 % 1_000_003 }
        let commits = Commit.sample(), intKeyedCommits = IntKeyedCommit.sample()
        let appState = AppState.sample(), intKeyedAppState = IntKeyedAppState(AppState.sample()), drawing = Drawing.sample()
        return measurements("Commits(string keys)", commits, codableCoders([Commit].self)
            + [protobufCoder([Commit].self, toMessage: { Kabench_PBCommitList($0) }, toModel: { try $0.model() })] + ceiling(commits))
            + measurements("Commits(string keys)", commits.map(Annotated.Commit.init), generatedCode([Annotated.Commit].self))
            + measurements("Commits(int keys)", intKeyedCommits, codableCoders([IntKeyedCommit].self) + ceiling(intKeyedCommits))
            + measurements("Commits(int keys)", intKeyedCommits.map(Annotated.IntKeyedCommit.init), generatedCode([Annotated.IntKeyedCommit].self))
            + measurements("AppState", appState, codableCoders(AppState.self)
                + [protobufCoder(AppState.self, toMessage: { Kabench_PBAppState($0) }, toModel: { try $0.model() })] + ceiling(appState))
            + measurements("AppState", Annotated.AppState(appState), generatedCode(Annotated.AppState.self))
            + measurements("AppState(int keys)", intKeyedAppState, codableCoders(IntKeyedAppState.self) + ceiling(intKeyedAppState))
            + measurements("AppState(int keys)", Annotated.IntKeyedAppState(intKeyedAppState), generatedCode(Annotated.IntKeyedAppState.self))
            + measurements("NumericSeries", series, codableCoders(NumericSeries.self)
                + [protobufCoder(NumericSeries.self, toMessage: { Kabench_PBNumericSeries($0) }, toModel: { $0.model() })])
            + measurements("NumericSeries", Annotated.NumericSeries(series), generatedCode(Annotated.NumericSeries.self))
            + measurements("Doubles(1M)", series.values, codableCoders([Double].self))
            + measurements("Ints(1M)", ints, codableCoders([Int].self)
                + [protobufCoder([Int].self, toMessage: { Kabench_PBInts(values: $0) }, toModel: { $0.values.map { Int($0) } })])
            + measurements("Blob(4MB)", sampleBlob(), codableCoders(Data.self))
            + measurements("ClassHierarchy", drawing, codableCoders(Drawing.self) + ceiling(drawing))
    }
}

/// How time grows with size: arrays of 10 to 1,000,000 small structs and doubles, encoded and
/// decoded by `ArchiveEncoder`/`ArchiveDecoder` (the README's scaling table).
public enum ScalingSuite {
    public static let sizes = [10, 100, 1_000, 10_000, 100_000, 1_000_000]

    public static func all() -> [Measurement] {
        var result: [Measurement] = []
        for size in sizes {
            let series = NumericSeries.sample(values: size, samples: size)
            let archive = codableCoders([NumericSeries.Sample].self).filter { $0.name == "Archive" }
            result += measurements("Scaling/Structs(\(size))", series.samples, archive)
            result += measurements("Scaling/Doubles(\(size))", series.values, codableCoders([Double].self).filter { $0.name == "Archive" })
        }
        return result
    }
}
