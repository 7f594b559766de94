import Foundation
import KeyedArchive
import KeyedArchiveSamples

/// One model measured with one coder.
struct BenchResult {
    let model: String
    let coder: String
    /// Median seconds per encode and per decode of the whole model.
    let encode: Double
    let decode: Double
    let bytes: Int
    let runs: Int
}

/// `karchive bench`: times encoding and decoding of the sample models with every coder of
/// `codableCoders`, in one run, checking that each decodes back to the model.
struct BenchRunner {
    let quick: Bool
    let io: CommandIO

    /// The models and their sizes: the full run uses the benchmark package's sizes.
    func run() throws -> [BenchResult] {
        let commits = quick ? 100 : 1_000
        let documents = quick ? 50 : 500
        let doubles = quick ? 10_000 : 1_000_000
        let samples = quick ? 200 : 20_000
        let models: [(String, () throws -> [BenchResult])] = [
            ("Commits (string keys) × \(Formatting.count(commits))", { try measure(Commit.sample(count: commits), named: $0) }),
            ("Commits (int keys) × \(Formatting.count(commits))", { try measure(IntKeyedCommit.sample(count: commits), named: $0) }),
            ("App state, \(Formatting.count(documents)) documents", { try measure(AppState.sample(documents: documents), named: $0) }),
            ("Numeric series, \(Formatting.count(doubles)) Doubles", { try measure(NumericSeries.sample(values: doubles, samples: samples), named: $0) }),
        ].map { name, body in (name, { try body(name) }) }
        var results: [BenchResult] = []
        for (index, (name, measure)) in models.enumerated() {
            io.report("[\(index + 1)/\(models.count)] \(name)")
            results += try measure()
        }
        return results
    }

    private func measure<Model: Codable & Equatable & Sendable>(_ model: Model, named name: String) throws -> [BenchResult] {
        let coders = codableCoders(Model.self)
        // Every coder round-trips the model once before any is timed. This checks them, and it
        // also puts every coder in the same process state: measured, a coder timed before the
        // others had run decoded 15–20 % slower, because glibc kept returning the freed heap
        // to the system between runs until a large block had been freed once.
        let archives = try coders.map { coder in
            let data = try coder.encode(model)
            guard try coder.decode(data) == model else {
                throw CommandFailure("\(coder.name) did not decode \(name) back to the model it encoded")
            }
            return data
        }
        return try zip(coders, archives).map { coder, data in
            let (encode, encodeRuns) = try median { _ = try coder.encode(model) }
            let (decode, decodeRuns) = try median { _ = try coder.decode(data) }
            return BenchResult(model: name, coder: coder.name, encode: encode, decode: decode, bytes: data.count, runs: min(encodeRuns, decodeRuns))
        }
    }

    /// The median duration of `body` in seconds, over runs that fill a time budget (at least
    /// three runs, after one to warm up), and how many runs that was.
    private func median(_ body: () throws -> Void) throws -> (Double, Int) {
        let budget = quick ? 0.02 : 0.4
        let clock = ContinuousClock()
        try body()
        var times: [Double] = []
        var total = 0.0
        while times.count < 3 || (total < budget && times.count < 1_000) {
            let elapsed = try clock.measure(body)
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            times.append(seconds)
            total += seconds
        }
        times.sort()
        let middle = times.count / 2
        return (times.count % 2 == 1 ? times[middle] : (times[middle - 1] + times[middle]) / 2, times.count)
    }
}
