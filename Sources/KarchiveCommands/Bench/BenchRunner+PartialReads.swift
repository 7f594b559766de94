import Foundation
import KeyedArchive
import KeyedArchiveSamples

/// One partial read of one archive, against decoding that archive whole.
struct PartialReadResult {
    /// The archive: "App state, 10 MB".
    let archive: String
    /// "string" or "integer": the key form of the model that wrote it.
    let keys: String
    /// What was read: "decode all", "documents[100].title", …
    let read: String
    /// Median CPU seconds of one read.
    let time: Double
    /// The median over the rounds of the whole decode's time divided by this read's (1 for the
    /// whole decode itself).
    let speedup: Double
    let bytes: Int
    let rounds: Int
}

/// `karchive bench`'s partial-reads section: reading one value, or one field of every document,
/// from the app-state model scaled to 1, 10 and 100 MB (uncompressed, no checksum), against
/// decoding the whole archive, with synthesized string keys and with integer keys.
///
/// A read of one value takes microseconds, too little for one reading of the clock, so it is
/// timed in a batch of as many reads as take about a millisecond, and the batch's time divided
/// by their number. Each round times every read of an archive once, the whole decode included,
/// and the ratios are taken within the round (`BenchRounds`).
extension BenchRunner {
    func runPartialReads() throws -> [PartialReadResult] {
        let megabytes = scope.partialReadMegabytes
        // Documents per megabyte, from a sample of each key form (their archives differ in size).
        let sample = AppState.sample(documents: 1_000)
        let stringBytesPerDocument = Double(try ArchiveEncoder().encode(sample).count) / 1_000
        let integerBytesPerDocument = Double(try ArchiveEncoder().encode(IntKeyedAppState(sample)).count) / 1_000
        var results: [PartialReadResult] = []
        for size in megabytes {
            for integerKeys in [false, true] {
                let documents = Int((size * 1_000_000 / (integerKeys ? integerBytesPerDocument : stringBytesPerDocument)).rounded())
                let name = "App state, \(size < 1 ? String(size) : String(Int(size))) MB"
                io.report("[partial reads] \(name), \(integerKeys ? "integer" : "string") keys: \(Formatting.count(documents)) documents")
                let model = AppState.sample(documents: documents)
                results += integerKeys
                    ? try timeReads(of: IntKeyedAppState(model), model: model, named: name, keys: "integer", key: Self.integerKeys)
                    : try timeReads(of: model, model: model, named: name, keys: "string", key: Self.stringKeys)
            }
        }
        return results
    }

    /// The path components of the app state's keys that the reads follow, as one key form
    /// spells them: a key named by its integer finds the integer key (`ArchivePath`).
    private struct AppStateKeys {
        let documents: ArchivePath.Component
        let title: ArchivePath.Component
        let id: ArchivePath.Component
    }

    private static let stringKeys = AppStateKeys(documents: "documents", title: "title", id: "id")
    private static let integerKeys = AppStateKeys(documents: "2", title: "2", id: "1")

    /// Checks each read against `model`, then times the reads and the whole decode in rounds.
    private func timeReads<State: Codable>(of state: State, model: AppState, named name: String, keys: String,
                                           key: AppStateKeys) throws -> [PartialReadResult] {
        let data = try ArchiveEncoder().encode(state)
        let decoder = ArchiveDecoder()
        let documents = key.documents
        let middle: ArchivePath = [documents, 100, key.title]
        let last: ArchivePath = [documents, .index(model.documents.count - 1), key.title]
        let reads: [(name: String, read: () throws -> Bool)] = [
            ("decode all", { _ = try decoder.decode(State.self, from: data); return true }),
            ("documents[100].title", { try decoder.decode(String.self, at: middle, from: data) == model.documents[100].title }),
            ("documents[\(model.documents.count - 1)].title", {
                try decoder.decode(String.self, at: last, from: data) == model.documents.last!.title
            }),
            ("every document's id", {
                try decoder.decode(UUID.self, at: [key.id], ofEachElementAt: [documents], from: data).count == model.documents.count
            }),
        ]
        for read in reads where try !read.read() {
            throw CommandFailure("\(name), \(keys) keys: \(read.name) did not read the model's value")
        }
        guard try decoder.decode(UUID.self, at: [key.id], ofEachElementAt: [documents], from: data) == model.documents.map(\.id) else {
            throw CommandFailure("\(name), \(keys) keys: the documents' ids are not the model's")
        }
        // A batch of each read lasts about a millisecond (a whole decode is one read).
        let batches = try reads.map { read -> Int in
            let once = try ThreadCPUTime.measure { _ = try read.read() }
            return max(1, Int(0.001 / max(once, 1e-9)))
        }
        // Only `decode`'s times are kept: every read is a decode.
        var rounds = BenchRounds(coders: reads.count)
        var (spent, completed) = (0.0, 0)
        let budget = scope.partialReadBudget
        while completed < scope.partialReadMinimumRounds || (spent < budget && completed < 200) {
            for (index, read) in reads.enumerated() {
                let batch = batches[index]
                let time = try ThreadCPUTime.measure { for _ in 0..<batch { _ = try read.read() } }
                rounds.decode[index].append(time / Double(batch))
                spent += time
            }
            completed += 1
        }
        return reads.indices.map { index in
            let summary = rounds.summary(of: index, against: 0)
            return PartialReadResult(archive: name, keys: keys, read: reads[index].name, time: summary.decode,
                                     speedup: summary.decodeSpeedup, bytes: data.count, rounds: completed)
        }
    }
}
