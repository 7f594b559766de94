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
