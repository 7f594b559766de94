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
    /// How many times faster than JSON: the median of the rounds' ratios (see `BenchRounds`).
    let encodeSpeedup: Double
    let decodeSpeedup: Double
    let bytes: Int
    let runs: Int
}

/// Times of every coder, round after round: in each round every coder encodes once and decodes
/// once, in turn, so that a burst of load from elsewhere on the machine slows all coders of that
/// round alike.
///
/// The ratio to JSON is taken within each round and the median of those ratios reported. The
/// ratio of two medians taken over different moments is not trustworthy on a busy machine: one
/// run printed 8.6× for a commit model and 5.2× for the identical model with integer keys.
struct BenchRounds {
    /// `encode[coder][round]`, `decode[coder][round]`, in seconds.
    var encode: [[Double]]
    var decode: [[Double]]

    init(coders: Int) {
        encode = Array(repeating: [], count: coders)
        decode = Array(repeating: [], count: coders)
    }

    var count: Int { encode.first?.count ?? 0 }

    /// The median time of `coder`, and the median over rounds of `reference`'s time divided by
    /// `coder`'s (how many times faster than the reference).
    func summary(of coder: Int, against reference: Int) -> (encode: Double, decode: Double, encodeSpeedup: Double, decodeSpeedup: Double) {
        (Self.median(encode[coder]), Self.median(decode[coder]),
         Self.median(zip(encode[reference], encode[coder]).map { $0 / $1 }),
         Self.median(zip(decode[reference], decode[coder]).map { $0 / $1 }))
    }

    static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
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
        let circles = quick ? 200 : 2_000
        let models: [(String, () throws -> [BenchResult])] = [
            ("Commits (string keys) × \(Formatting.count(commits))", { try measure(Commit.sample(count: commits), named: $0) }),
            ("Commits (int keys) × \(Formatting.count(commits))", { try measure(IntKeyedCommit.sample(count: commits), named: $0) }),
            ("App state, \(Formatting.count(documents)) documents", { try measure(AppState.sample(documents: documents), named: $0) }),
            ("Class hierarchy, \(Formatting.count(circles)) circles", { try measure(Drawing.sample(count: circles), named: $0, same: { $0.isSame(as: $1) }) }),
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
        try measure(model, named: name, same: ==)
    }

    /// Every coder of `codableCoders` and the null coder (the Codable ceiling), timed on `model`;
    /// `same` tells whether a coder decoded the model back.
    private func measure<Model: Codable & Sendable>(_ model: Model, named name: String, same: (Model, Model) -> Bool) throws -> [BenchResult] {
        let coders = codableCoders(Model.self) + [try nullCoder(for: model)]
        // Every coder round-trips the model once before any is timed. This checks them, and it
        // also puts every coder in the same process state: measured, a coder timed before the
        // others had run decoded 15–20 % slower, because glibc kept returning the freed heap
        // to the system between runs until a large block had been freed once.
        let archives = try coders.map { coder in
            let data = try coder.encode(model)
            guard same(try coder.decode(data), model) else {
                throw CommandFailure("\(coder.name) did not decode \(name) back to the model it encoded")
            }
            return data
        }
        // Round-robin: rounds until the budget is spent (at least five), every coder in turn.
        let budget = quick ? 0.15 : 3.2
        var rounds = BenchRounds(coders: coders.count)
        var total = 0.0
        while rounds.count < 5 || (total < budget && rounds.count < 1_000) {
            for (index, (coder, data)) in zip(coders, archives).enumerated() {
                let encode = try seconds { _ = try coder.encode(model) }
                let decode = try seconds { _ = try coder.decode(data) }
                rounds.encode[index].append(encode)
                rounds.decode[index].append(decode)
                total += encode + decode
            }
        }
        let json = coders.firstIndex { $0.name == "JSON" } ?? 0
        return zip(coders, archives).enumerated().map { index, pair in
            let summary = rounds.summary(of: index, against: json)
            return BenchResult(model: name, coder: pair.0.name, encode: summary.encode, decode: summary.decode,
                               encodeSpeedup: summary.encodeSpeedup, decodeSpeedup: summary.decodeSpeedup,
                               bytes: pair.1.count, runs: rounds.count)
        }
    }

    /// How long `body` takes, in seconds.
    private func seconds(_ body: () throws -> Void) throws -> Double {
        let elapsed = try ContinuousClock().measure(body)
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}
