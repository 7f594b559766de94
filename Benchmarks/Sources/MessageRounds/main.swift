// The messages group (`MessageSuite`) timed in rounds, every coder in turn: ratios that hold on a
// machine whose speed drifts.
//
// package-benchmark times one benchmark after another, each for about a second; on a shared
// machine (this project's CI and development machines are virtual ones) the speed then moves
// between the rows being compared, and the ratio of two p50 times moved by up to ±40 % from one
// run to the next (Results/2026-12-01-messages.md). Here each round times a batch of every
// model's every coder and direction, one after another, within a few tens of milliseconds, and
// each ratio is worked out within a round; the table gives the median over the rounds of each
// time and of each ratio, and the spread of the ratios.
//
// The varying streams (`VaryingSuite`) take their messages in turn, batch after batch: their
// times are per message, the mean over the stream.
//
// usage: swift run -c release MessageRounds [ROUNDS]   (default 40; about 2 s a round)
import BenchmarkModels
import Foundation

/// Nanoseconds per operation of `operation`, run in a batch as long as about `budget` seconds.
func nanosecondsPerOperation(_ operation: () throws -> Void, budget: Double, batch: inout Int) rethrows -> Double {
    while true {
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<batch { try operation() }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start)
        // Batches too short for the clock grow until they take the budget; then they stay.
        if elapsed >= budget * 1e9 * 0.5 { return elapsed / Double(batch) }
        batch *= 2
    }
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

/// The middle half of `values`: the lowest and highest of the values between the quartiles.
func middleHalf(_ values: [Double]) -> (Double, Double) {
    let sorted = values.sorted()
    return (sorted[sorted.count / 4], sorted[(sorted.count * 3) / 4 - (sorted.count % 4 == 0 ? 1 : 0)])
}

let rounds = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 40
let measurements = try MessageSuite.all()
let coders = ["Archive, generated", "Protobuf", "Archive", "JSON"]
let models = measurements.map(\.model).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
struct Row: Hashable { let model: String, coder: String, decode: Bool }
var batches: [Row: Int] = [:]
var times: [Row: [Double]] = [:]
var archives: [String: Data] = [:]
for measurement in measurements { archives["\(measurement.model)/\(measurement.coder)"] = try measurement.encode() }

for round in 1...rounds {
    for measurement in measurements where coders.contains(measurement.coder) {
        for decode in [false, true] {
            let row = Row(model: measurement.model, coder: measurement.coder, decode: decode)
            var batch = batches[row] ?? 16
            let time: Double
            if decode {
                let archive = archives["\(measurement.model)/\(measurement.coder)"]!
                time = try nanosecondsPerOperation({ try measurement.decode(archive) }, budget: 0.002, batch: &batch)
            } else {
                time = try nanosecondsPerOperation({ _ = try measurement.encode() }, budget: 0.002, batch: &batch)
            }
            batches[row] = batch
            times[row, default: []].append(time)
        }
    }
    FileHandle.standardError.write(Data("round \(round)/\(rounds)\n".utf8))
}

/// Per round, `numerator`'s time over `denominator`'s (a speed ratio of `denominator` to
/// `numerator`); nil where a row is not measured (the varying streams have no swift-protobuf row).
@MainActor func ratios(_ numerator: Row, _ denominator: Row) -> [Double]? {
    guard let numerators = times[numerator], let denominators = times[denominator] else { return nil }
    return zip(numerators, denominators).map { $0 / $1 }
}
@MainActor func ns(_ row: Row) -> String { times[row].map { String(format: "%.0f", median($0)) } ?? "—" }
func ratio(_ values: [Double]?) -> String {
    guard let values else { return "—" }
    let (low, high) = middleHalf(values)
    return String(format: "%.2f× (%.2f–%.2f)", median(values), low, high)
}

print("Messages group in \(rounds) rounds, every coder in turn (medians over the rounds; in parentheses, the middle half of the rounds' ratios)")
print("")
print("| message | generated enc / dec (ns) | swift-protobuf enc / dec (ns) | generated ÷ protobuf speed, enc | dec | string ÷ int speed, generated enc | dec | Codable × JSON enc | dec |")
print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
for model in models {
    func row(_ coder: String, _ decode: Bool, _ of: String = model) -> Row { Row(model: of, coder: coder, decode: decode) }
    let integerModel = model.replacingOccurrences(of: ", string keys", with: "")
    let stringVersusInteger = integerModel == model ? ["—", "—"] : [false, true].map { ratio(ratios(row("Archive, generated", $0, integerModel), row("Archive, generated", $0))) }
    print("| \(model.replacingOccurrences(of: "Messages/", with: "")) | \(ns(row("Archive, generated", false))) / \(ns(row("Archive, generated", true))) | \(ns(row("Protobuf", false))) / \(ns(row("Protobuf", true))) | "
          + "\(ratio(ratios(row("Protobuf", false), row("Archive, generated", false)))) | \(ratio(ratios(row("Protobuf", true), row("Archive, generated", true)))) | "
          + "\(stringVersusInteger[0]) | \(stringVersusInteger[1]) | "
          + "\(ratio(ratios(row("JSON", false), row("Archive", false)))) | \(ratio(ratios(row("JSON", true), row("Archive", true)))) |")
}
