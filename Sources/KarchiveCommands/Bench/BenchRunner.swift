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
    /// How far the rounds' ratios spread around that median (see `BenchRounds.spread`).
    let encodeSpread: Double
    let decodeSpread: Double
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

    /// How far the quartiles of the per-round ratios of `coder` to `reference` lie from their
    /// median, the farther of the two, relative to the median: 0.05 means the middle half of the
    /// rounds lies within ±5 % of the reported ratio (ratios of times are skewed, so the two
    /// sides differ). It tells how steady the machine was during the run, round by round. Not a
    /// number below `roundsForSpread` rounds.
    func spread(of times: KeyPath<BenchRounds, [[Double]]>, coder: Int, against reference: Int) -> Double {
        let ratios = zip(self[keyPath: times][reference], self[keyPath: times][coder]).map { $0 / $1 }.sorted()
        // Quartiles of fewer rounds say more about chance than about the machine: the numeric
        // series, with its eight rounds of half a second of JSON each, showed ±23 % on an idle
        // machine where every model of a hundred rounds stayed within ±6 %.
        guard ratios.count >= Self.roundsForSpread else { return .nan }
        let lower = Self.median(Array(ratios[..<(ratios.count / 2)]))
        let upper = Self.median(Array(ratios[((ratios.count + 1) / 2)...]))
        let median = Self.median(ratios)
        return max(upper - median, median - lower) / median
    }

    /// The fewest rounds whose ratios' spread `spread` reports.
    static let roundsForSpread = 16

    static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}

/// `karchive bench`: times encoding and decoding of the sample models with every coder of
/// `codableCoders`, in one run, checking that each decodes back to the model.
///
/// The models are timed in passes: each pass gives every model its share of rounds, so each
/// model's rounds are spread over the whole of its group's time. Timing one model after the
/// other let load that changed during the run (another benchmark moving to its next model) fall
/// on one model and not on the next: two commit models identical but for their key type
/// differed by 11 % in decoding.
struct BenchRunner {
    let scope: BenchScope
    let io: CommandIO

    /// The models, at the scope's sizes: the full run's are the benchmark package's.
    func run() throws -> [BenchResult] {
        let (commits, documents, doubles, samples, circles) = (scope.commits, scope.documents, scope.doubles, scope.samples, scope.circles)
        let models: [(String, (String) throws -> PreparedModel)] = [
            ("Commits (string keys) × \(Formatting.count(commits))", {
                let model = Commit.sample(count: commits)
                return try prepare(model, named: $0, generated: generatedCodeCoder(for: model, twin: model.map(GeneratedCodeCommit.init)))
            }),
            ("Commits (int keys) × \(Formatting.count(commits))", {
                let model = IntKeyedCommit.sample(count: commits)
                return try prepare(model, named: $0, generated: generatedCodeCoder(for: model, twin: model.map(GeneratedCodeIntKeyedCommit.init)))
            }),
            ("App state, \(Formatting.count(documents)) documents", {
                let model = AppState.sample(documents: documents)
                return try prepare(model, named: $0, generated: generatedCodeCoder(for: model, twin: GeneratedCodeAppState(model)))
            }),
            ("Class hierarchy, \(Formatting.count(circles)) circles", { try prepare(Drawing.sample(count: circles), named: $0, same: { $0.isSame(as: $1) }) }),
            ("Numeric series, \(Formatting.count(doubles)) Doubles", { try prepare(NumericSeries.sample(values: doubles, samples: samples), named: $0) }),
        ]
        // The numeric series is timed on its own, after the others: while its tens of megabytes
        // were alive, interleaved with the commits, KeyedArchive decoded the commits 12 % slower
        // (2.80 ms against 2.44 ms, the other coders less), a cost of that heap, not of the coder.
        var results: [BenchResult] = []
        for group in [models.indices.dropLast(), models.indices.suffix(1)] {
            var prepared: [PreparedModel] = []
            for index in group {
                io.report("[\(index + 1)/\(models.count)] \(models[index].0): checking every coder")
                prepared.append(try models[index].1(models[index].0))
            }
            results += try time(prepared, budget: scope.budget)
        }
        return results
    }

    /// Times the models in passes, round after round, and returns every coder's results;
    /// `budget` is the CPU time each model gets in all (beyond its minimum rounds).
    func time(_ models: [PreparedModel], budget: Double) throws -> [BenchResult] {
        var rounds = models.map { BenchRounds(coders: $0.coders.count) }
        let roundsPerPass = (scope.minimumRounds + scope.passes - 1) / scope.passes
        for pass in 0..<scope.passes {
            if scope.passes > 1 { io.report("pass \(pass + 1)/\(scope.passes) over \(models.count == 1 ? models[0].name : "\(models.count) models")") }
            for (index, model) in models.enumerated() {
                var spent = 0.0, count = 0
                while count < roundsPerPass || (spent < budget / Double(scope.passes) && count < 250) {
                    spent += try model.timeOneRound(&rounds[index])
                    count += 1
                }
            }
        }
        return zip(models, rounds).flatMap { model, rounds in model.results(rounds) }
    }

    private func prepare<Model: Codable & Equatable & Sendable>(
        _ model: Model, named name: String, generated: (coder: Coder<Model>, decodesTwin: @Sendable (Data) throws -> Bool)? = nil
    ) throws -> PreparedModel {
        try prepare(model, named: name, same: ==, generated: generated)
    }

    /// Every coder of `codableCoders` and the null coder (the Codable ceiling), checked on
    /// `model`; `same` tells whether a coder decoded the model back.
    ///
    /// `generated`, for the models that have a twin with `@ArchiveCodable`'s code, comes right
    /// after "Archive"; its twin must decode back to itself.
    private func prepare<Model: Codable & Sendable>(
        _ model: Model, named name: String, same: (Model, Model) -> Bool,
        generated: (coder: Coder<Model>, decodesTwin: @Sendable (Data) throws -> Bool)? = nil
    ) throws -> PreparedModel {
        var coders = codableCoders(Model.self) + [try nullCoder(for: model)]
        if let generated {
            guard try generated.decodesTwin(generated.coder.encode(model)) else {
                throw CommandFailure("\(generated.coder.name) did not decode \(name) back to the model it encoded")
            }
            coders.insert(generated.coder, at: 1)
        }
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
        return PreparedModel(name: name, coders: coders.map(\.name), sizes: archives.map(\.count)) { rounds in
            // One round: every coder in turn, so that a burst of load slows all of them alike.
            var total = 0.0
            for (index, (coder, data)) in zip(coders, archives).enumerated() {
                let encode = try ThreadCPUTime.measure { _ = try coder.encode(model) }
                let decode = try ThreadCPUTime.measure { _ = try coder.decode(data) }
                rounds.encode[index].append(encode)
                rounds.decode[index].append(decode)
                total += encode + decode
            }
            return total
        }
    }
}

/// A model with its coders checked, ready to be timed round after round.
struct PreparedModel {
    let name: String
    let coders: [String]
    /// The archive size of each coder.
    let sizes: [Int]
    /// Times one round into the rounds and returns the CPU seconds it took.
    let timeOneRound: (inout BenchRounds) throws -> Double

    func results(_ rounds: BenchRounds) -> [BenchResult] {
        let json = coders.firstIndex(of: "JSON") ?? 0
        return coders.indices.map { index in
            let summary = rounds.summary(of: index, against: json)
            return BenchResult(model: name, coder: coders[index], encode: summary.encode, decode: summary.decode,
                               encodeSpeedup: summary.encodeSpeedup, decodeSpeedup: summary.decodeSpeedup,
                               encodeSpread: rounds.spread(of: \.encode, coder: index, against: json),
                               decodeSpread: rounds.spread(of: \.decode, coder: index, against: json),
                               bytes: sizes[index], runs: rounds.count)
        }
    }
}
