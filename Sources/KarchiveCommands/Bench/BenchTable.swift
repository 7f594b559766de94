import Foundation
import KeyedArchiveSamples

/// The table `karchive bench` prints: one row per model and coder, with ratios against JSON.
enum BenchTable {
    static let columns = ["model", "coder", "encode ms", "× JSON", "decode ms", "× JSON", "bytes", "× JSON"]

    static func render(_ results: [BenchResult], environment: [String]) -> [String] {
        environment + [""] + table(columns, rows(results, time: milliseconds))
            + ["", "The coders run in turn, round after round, in passes over the models; times are the medians over the rounds",
               "of one run of the whole model, in CPU time of the measuring thread (a busy machine's waits for a core are",
               "not counted). × JSON: for times, the median over the rounds of how many times faster than",
               "JSONEncoder/JSONDecoder (higher is better); for bytes, the size relative to JSON's (lower is better).",
               "Null coder: the Codable ceiling. It writes and reads no bytes and parses no URLs or dates; its time is what",
               "Swift's Codable machinery alone costs, so no coder that goes through Encodable/Decodable can beat it.",
               "Archive, generated: the same model with the code @ArchiveCodable generates (the same bytes as Archive's)."]
            + steadiness(results)
    }

    /// One row per result, its times written by `time`; the model's name only on its first row.
    static func rows(_ results: [BenchResult], time: (Double) -> String) -> [[String]] {
        var rows: [[String]] = []
        var previousModel: String?
        for result in results {
            let json = results.first { $0.model == result.model && $0.coder == "JSON" }
            rows.append([
                result.model == previousModel ? "" : result.model,
                result.coder,
                time(result.encode),
                json == nil ? "–" : speedup(result.encodeSpeedup),
                time(result.decode),
                json == nil ? "–" : speedup(result.decodeSpeedup),
                // The null coder writes no bytes: it is there for its times.
                result.coder == nullCoderName ? "–" : Formatting.count(result.bytes),
                result.coder == nullCoderName ? "–" : json.map { Formatting.ratio(Double(result.bytes) / Double($0.bytes)) } ?? "–",
            ])
            previousModel = result.model
        }
        return rows
    }

    /// `rows` under `columns`, aligned: the first two columns to the left, the numbers to the right.
    static func table(_ columns: [String], _ rows: [[String]]) -> [String] {
        let widths = columns.indices.map { i in max(columns[i].count, rows.map { $0[i].count }.max() ?? 0) }
        func line(_ cells: [String]) -> String {
            cells.indices.map { i in
                i < 2 ? HexDumper.pad(cells[i], widths[i], left: false) : HexDumper.pad(cells[i], widths[i])
            }.joined(separator: "  ").trimmingTrailingSpaces
        }
        return [line(columns), line(widths.map { String(repeating: "-", count: $0) })] + rows.map(line)
    }

    /// How steady the run was: the widest spread of any row's per-round ratios.
    static func steadiness(_ results: [BenchResult]) -> [String] {
        let spreads = results.filter { $0.coder != "JSON" }.flatMap { result in
            [(result.encodeSpread, result, "encode"), (result.decodeSpread, result, "decode")]
        }.filter { $0.0.isFinite }
        guard let widest = spreads.max(by: { $0.0 < $1.0 }) else { return [] }
        let percent = Int((widest.0 * 100).rounded(.up))
        var lines = ["Steadiness: in every row of \(BenchRounds.roundsForSpread) rounds or more, the middle half of the rounds' ratios lies",
                     "within ±\(percent) % of the ratio shown (widest: \(widest.1.model), \(widest.1.coder), \(widest.2))."]
        if percent > 10 {
            lines.append("The machine was busy or unsteady during this run: compare ratios that differ by less than that with care.")
        }
        return lines
    }

    private static func milliseconds(_ seconds: Double) -> String {
        let ms = seconds * 1_000
        let digits = ms >= 100 ? 1 : 3
        let scale = digits == 1 ? 10.0 : 1_000.0
        let scaled = Int((ms * scale).rounded())
        let whole = Formatting.count(scaled / Int(scale))
        let fraction = String(scaled % Int(scale))
        return whole + "." + String(repeating: "0", count: digits - fraction.count) + fraction
    }

    static func speedup(_ ratio: Double) -> String {
        guard ratio.isFinite else { return "–" }
        let tenths = Int((ratio * 10).rounded())
        return "\(Formatting.count(tenths / 10)).\(tenths % 10)×"
    }

    /// The machine, toolchain and build the figures come from.
    static func environment(scope: BenchScope) -> [String] {
        var machine = "\(ProcessInfo.processInfo.activeProcessorCount) cores"
        #if arch(x86_64)
        machine += ", x86_64"
        #elseif arch(arm64)
        machine += ", arm64"
        #endif
        if let cpu = cpuModel() { machine += " (\(cpu))" }
        machine += ", \(ProcessInfo.processInfo.operatingSystemVersionString)"
        var lines = [
            "karchive bench: KeyedArchive against Foundation's coders, measured side by side in one run" + scope.headerNote,
            "machine: \(machine)",
            "toolchain: \(swiftVersion), \(isDebugBuild ? "debug" : "release") build",
        ]
        if isDebugBuild {
            lines.append("warning: this is a debug build; its timings are not meaningful. Run: swift run -c release karchive bench")
        }
        return lines
    }

    static var isDebugBuild: Bool {
        #if DEBUG
        true
        #else
        false
        #endif
    }

    private static var swiftVersion: String {
        #if compiler(>=6.4)
        "Swift 6.4 or later"
        #elseif compiler(>=6.3)
        "Swift 6.3"
        #elseif compiler(>=6.2)
        "Swift 6.2"
        #elseif compiler(>=6.1)
        "Swift 6.1"
        #else
        "Swift 6.0"
        #endif
    }

    /// The CPU's model name, where the system says (Linux's /proc/cpuinfo).
    private static func cpuModel() -> String? {
        guard let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return nil }
        let line = info.split(separator: "\n").first { $0.hasPrefix("model name") }
        return line?.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) }
    }
}
