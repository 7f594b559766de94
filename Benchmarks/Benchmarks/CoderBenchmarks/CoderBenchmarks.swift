import Benchmark
import BenchmarkModels
import Foundation
import KeyedArchive
import SwiftProtobuf

// Every model is encoded and decoded by each coder in the same run, so the ratios against
// JSONEncoder/JSONDecoder in Benchmarks/README.md come from one process on one machine.

/// A coder under test: how to turn a model into bytes and back.
struct Coder<Model>: Sendable {
    let name: String
    let encode: @Sendable (Model) throws -> Data
    let decode: @Sendable (Data) throws -> Model
}

func codableCoders<Model: Codable & Sendable>(_: Model.Type) -> [Coder<Model>] {
    let archive = ArchiveEncoder()
    let zlib = { var encoder = ArchiveEncoder(); encoder.compression = .zlib; return encoder }()
    let archiveDecoder = ArchiveDecoder()
    let plist = PropertyListEncoder()
    plist.outputFormat = .binary
    return [
        Coder(name: "Archive", encode: { try archive.encode($0) }, decode: { try archiveDecoder.decode(Model.self, from: $0) }),
        Coder(name: "Archive+zlib", encode: { try zlib.encode($0) }, decode: { try archiveDecoder.decode(Model.self, from: $0) }),
        Coder(name: "JSON", encode: { try JSONEncoder().encode($0) }, decode: { try JSONDecoder().decode(Model.self, from: $0) }),
        Coder(name: "PropertyList", encode: { try plist.encode($0) }, decode: { try PropertyListDecoder().decode(Model.self, from: $0) }),
    ]
}

/// swift-protobuf, including the conversion from and to the Swift model.
func protobufCoder<Model: Sendable, Message: SwiftProtobuf.Message>(
    _: Model.Type, toMessage: @escaping @Sendable (Model) -> Message, toModel: @escaping @Sendable (Message) throws -> Model
) -> Coder<Model> {
    Coder(name: "Protobuf", encode: { try toMessage($0).serializedData() },
          decode: { try toModel(Message(serializedBytes: $0)) })
}

func register<Model: Sendable>(_ modelName: String, _ model: Model, _ coders: [Coder<Model>]) {
    for coder in coders {
        Benchmark("\(modelName)/\(coder.name)/encode") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try coder.encode(model)) }
        }
        Benchmark("\(modelName)/\(coder.name)/decode", closure: { benchmark, data in
            for _ in benchmark.scaledIterations { blackHole(try coder.decode(data)) }
        }, setup: { try coder.encode(model) })
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .throughput, .mallocCountTotal, .peakMemoryResident],
        warmupIterations: 2,
        maxDuration: .seconds(1),
        maxIterations: 500)

    let commits = Commit.sample()
    register("Commits(string keys)", commits, codableCoders([Commit].self)
        + [protobufCoder([Commit].self, toMessage: { Kabench_PBCommitList($0) }, toModel: { try $0.model() })])

    register("Commits(int keys)", IntKeyedCommit.sample(), codableCoders([IntKeyedCommit].self))

    let appState = AppState.sample()
    register("AppState", appState, codableCoders(AppState.self)
        + [protobufCoder(AppState.self, toMessage: { Kabench_PBAppState($0) }, toModel: { try $0.model() })])

    let series = NumericSeries.sample()
    register("NumericSeries", series, codableCoders(NumericSeries.self)
        + [protobufCoder(NumericSeries.self, toMessage: { Kabench_PBNumericSeries($0) }, toModel: { $0.model() })])

    register("Doubles(1M)", series.values, codableCoders([Double].self))
    register("Ints(1M)", (0..<1_000_000).map { $0 &* 7919 % 1_000_003 }, codableCoders([Int].self))
    register("Blob(4MB)", sampleBlob(), codableCoders(Data.self))
    register("ClassHierarchy", Drawing.sample(), codableCoders(Drawing.self))

    // The floor for the packed-array targets: copying the same bytes.
    let doubleBytes = series.values.withUnsafeBytes { Data($0) }
    Benchmark("Doubles(1M)/memcpy/copy") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(doubleBytes.withUnsafeBytes { Data($0) })
        }
    }
}
