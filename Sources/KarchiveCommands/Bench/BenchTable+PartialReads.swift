import Foundation

/// The partial-reads section of `karchive bench`'s output: each read of each archive, its time,
/// and how many times faster than decoding that archive whole.
extension BenchTable {
    static let partialReadColumns = ["archive", "keys", "read", "time µs", "× decode all", "bytes"]

    static func renderPartialReads(_ results: [PartialReadResult]) -> [String] {
        var rows: [[String]] = []
        var previous: (archive: String, keys: String)?
        for result in results {
            let same = previous.map { $0.archive == result.archive && $0.keys == result.keys } ?? false
            rows.append([
                same ? "" : result.archive,
                same ? "" : result.keys,
                result.read,
                microseconds(result.time),
                result.read == "decode all" ? "–" : speedup(result.speedup),
                same ? "" : Formatting.count(result.bytes),
            ])
            previous = (result.archive, result.keys)
        }
        return ["Partial reads: one value, and one field of every document, against decoding the whole archive", ""]
            + table(partialReadColumns, rows)
            + ["", "The app-state model scaled to each size, written uncompressed and without a checksum, once with its synthesized",
               "string keys and once with integer keys. A read walks to its value through the containers on its path and",
               "skips every other value in constant time (ArchiveDecoder.decode(_:at:from:), decode(_:at:ofEachElementAt:from:)).",
               "Times are CPU time per read: a read of one value is timed in batches of about a millisecond. × decode all:",
               "the median over the rounds of how many times faster than decoding the whole archive in the same round."]
    }

    /// Microseconds with two decimals below 100, whole above, in groups of three digits.
    private static func microseconds(_ seconds: Double) -> String {
        guard seconds.isFinite else { return "–" }
        let us = seconds * 1e6
        if us >= 100 { return Formatting.count(Int(us.rounded())) }
        let hundredths = Int((us * 100).rounded())
        let fraction = String(hundredths % 100)
        return "\(hundredths / 100)." + String(repeating: "0", count: 2 - fraction.count) + fraction
    }
}
