import Benchmark
import BenchmarkModels
import Foundation
import KeyedArchiveSamples
import KeyedArchive
import SwiftProtobuf

// Every model is encoded and decoded by each coder in the same run, so the ratios against
// JSONEncoder/JSONDecoder in Benchmarks/README.md come from one process on one machine.
// The models and coders are listed in BenchmarkModels/Coders.swift.

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .throughput, .mallocCountTotal, .peakMemoryResident],
        warmupIterations: 2,
        maxDuration: .seconds(1),
        maxIterations: 500)

    for measurement in BenchmarkSuite.all() + ScalingSuite.all() {
        let name = "\(measurement.model)/\(measurement.coder)"
        Benchmark("\(name)/encode") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try measurement.encode()) }
        }
        Benchmark("\(name)/decode", closure: { benchmark, data in
            for _ in benchmark.scaledIterations { try measurement.decode(data) }
        }, setup: { try measurement.encode() })
    }

    // The messages group: one small message per operation, where the fixed cost of a call
    // decides the speed. One message takes from about a hundred nanoseconds to some
    // microseconds, too little to time alone, so each measurement is of a thousand messages
    // (`scalingFactor`), and package-benchmark reports its times and mallocs per message, the
    // times in nanoseconds (its automatic units would round 27.4 µs to 27 µs).
    // The varying streams (`VaryingSuite`) take the stream's next message on every call, so
    // their times are the mean message's over the stream.
    // Run alone with --filter "Messages/.*".
    let messageConfiguration = Benchmark.Configuration(
        metrics: [.wallClock, .cpuTotal, .throughput, .mallocCountTotal, .peakMemoryResident],
        timeUnits: .nanoseconds,
        warmupIterations: 2,
        scalingFactor: .kilo,
        maxDuration: .seconds(1),
        maxIterations: 500)
    // The messages are checked to decode back before any is timed; a coder that fails stops the run.
    for measurement in try! MessageSuite.all() {
        let name = "\(measurement.model)/\(measurement.coder)"
        Benchmark("\(name)/encode", configuration: messageConfiguration) { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try measurement.encode()) }
        }
        Benchmark("\(name)/decode", configuration: messageConfiguration, closure: { benchmark, data in
            for _ in benchmark.scaledIterations { try measurement.decode(data) }
        }, setup: { try measurement.encode() })
    }

    // Reading part of an archive against decoding it whole (issue 48). A read of one value takes
    // a few microseconds: its times are reported in nanoseconds. Run alone with
    // --filter "PartialReads/.*".
    let partialReadConfiguration = Benchmark.Configuration(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .peakMemoryResident],
        timeUnits: .nanoseconds,
        warmupIterations: 2,
        maxDuration: .seconds(2),
        maxIterations: 10_000)
    for read in PartialReadSuite.all() {
        Benchmark(read.name, configuration: partialReadConfiguration, closure: { benchmark, run in
            for _ in benchmark.scaledIterations { try run() }
        }, setup: { try read.prepare() })
    }

    // The floors for the packed-array and Data targets: copying the same bytes.
    let blobBytes = sampleBlob()
    Benchmark("Blob(4MB)/memcpy/copy") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(blobBytes.withUnsafeBytes { Data($0) })
        }
    }
    let doubleBytes = NumericSeries.sample(values: 1_000_000, samples: 0).values.withUnsafeBytes { Data($0) }
    Benchmark("Doubles(1M)/memcpy/copy") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(doubleBytes.withUnsafeBytes { Data($0) })
        }
    }
}
