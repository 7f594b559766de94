import Foundation

/// A run over consecutive seeds: the loop of the seeded tests and of long campaigns.
/// The program of seed s is `DiffCampaign.program(s)` (reproducible: one in four is
/// JSON-friendly, whatever the options).
enum DiffCampaign {
    struct Failure: Sendable {
        var seed: UInt64
        var message: String
        /// The shrunk program as Swift source (empty if not shrunk).
        var source: String
        var shrunkMessage: String
    }

    struct Report: Sendable {
        var programs = 0
        var jsonCompared = 0
        var knownBugs: [String: Int] = [:]
        var failures: [Failure] = []
        var seconds = 0.0
    }

    static func program(_ seed: UInt64, jsonFriendly: Bool? = nil) -> DiffWrapped {
        DiffWrapped(seed: seed, jsonFriendly: jsonFriendly ?? (seed % 4 == 3))
    }

    /// Runs `count` programs from seed `start`. `beforeEach` sees each seed first (an isolated
    /// child writes it out, so that its parent can name the seed that crashed). Failures are
    /// shrunk if `shrink`, at most `maximumFailures` recorded; `progress` every 100,000.
    static func run(start: UInt64, count: Int, json: Bool, jsonFriendly: Bool? = nil, includeKnownBugs: Bool,
                    shrink: Bool, maximumFailures: Int = 20,
                    beforeEach: ((UInt64) -> Void)? = nil, progress: (String) -> Void = { print($0) }) -> Report {
        var report = Report()
        let began = Date()
        var shrunkSources = Set<String>()
        for i in 0..<count {
            let seed = start &+ UInt64(i)
            beforeEach?(seed)
            let value = program(seed, jsonFriendly: jsonFriendly)
            let outcome = DiffChecker.outcome(value, json: json)
            report.programs += 1
            if outcome.comparedWithJSON { report.jsonCompared += 1 }
            if let known = outcome.knownBug, !includeKnownBugs {
                report.knownBugs[known, default: 0] += 1
            } else if let failure = outcome.failure, report.failures.count < maximumFailures {
                var f = Failure(seed: seed, message: failure, source: "", shrunkMessage: "")
                if shrink {
                    let (small, message) = DiffShrinker.shrink(value, json: json)
                    f.source = DiffSwiftSource.render(small)
                    f.shrunkMessage = message
                    if !shrunkSources.insert(f.source).inserted { continue }   // a duplicate
                }
                report.failures.append(f)
            }
            if (i + 1) % 100_000 == 0 {
                progress("EncoderDifferential: \(i + 1) programs from seed \(start), \(report.failures.count) failures, \(String(format: "%.1f", Date().timeIntervalSince(began))) s")
            }
        }
        report.seconds = Date().timeIntervalSince(began)
        return report
    }

    static func describe(_ r: Report, start: UInt64) -> String {
        var text = "EncoderDifferential: \(r.programs) programs from seed \(start) in \(String(format: "%.2f", r.seconds)) s "
            + "(\(Int(Double(r.programs) / max(r.seconds, 1e-9))) programs/s), \(r.jsonCompared) compared with JSONEncoder, "
            + "\(r.failures.count) failures"
        for (bug, n) in r.knownBugs.sorted(by: { $0.key < $1.key }) { text += "\n  set aside \(n): \(bug)" }
        return text
    }
}
