import Foundation

/// The messages section of `karchive bench`'s output: a table like the documents', with times
/// per message in nanoseconds.
extension BenchTable {
    static let messageColumns = ["message", "coder", "encode ns", "× JSON", "decode ns", "× JSON", "bytes", "× JSON"]

    /// The section's title, table, notes and steadiness line; `scope`: the run's, whose batches
    /// last `BenchScope.messageBatch`.
    static func renderMessages(_ results: [BenchResult], scope: BenchScope) -> [String] {
        let microseconds = Int((scope.messageBatch * 1e6).rounded())
        let batch = microseconds % 1_000 == 0 ? "\(microseconds / 1_000) ms" : "\(microseconds) µs"
        return ["Messages: the cost of one small message, where a coder's fixed cost per call decides its speed", ""]
            + table(messageColumns, rows(results, time: nanoseconds))
            + ["", "Times are per message: each timing is a batch of as many messages as take about \(batch) of CPU time,",
               "divided by their number, so the clock's own cost and resolution disappear; the medians and ratios are over",
               "rounds, as above. Each coder is made once and kept for every message, as a program that sends messages",
               "keeps its coders. Bytes: one encoded message (for an archive, its header included).",
               "Varying optionals, Varying enum, Array of several types, Two types alternating: streams whose messages differ",
               "in shape (16 profile updates with optionals present at random, 16 input events of five cases, 8 batches of",
               "4 to 11 events, 8 heartbeats and 8 chat lines alternating), each coder kept for the whole stream and fed its",
               "messages in turn, round and round; times and bytes are the mean message's."]
            + steadiness(results)
    }

    /// Nanoseconds, whole, in groups of three digits.
    static func nanoseconds(_ seconds: Double) -> String {
        guard seconds.isFinite else { return "–" }
        return Formatting.count(Int((seconds * 1e9).rounded()))
    }
}
