import Foundation
import KeyedArchive
import KeyedArchiveSamples

/// Reading part of an archive (issue 48): one value three levels deep, and every document's id,
/// from the app-state model scaled to 1, 10 and 100 MB (uncompressed, no checksum), against
/// decoding the whole archive, with synthesized string keys and with integer keys; and, at 1
/// and 10 MB, what a JSON user pays for the same value, a `JSONDecoder` decode of it all.
///
/// Each read is built lazily (`prepare`), in the benchmark's setup, so that the archives of
/// every size are not made for every benchmark the binary runs.
public enum PartialReadSuite {
    public static let megabytes = [1, 10, 100]

    /// One read of one archive: what to call it, and the work to make it ready.
    public struct Read: Sendable {
        public let name: String
        /// Makes the archive and returns the read, which checks its result once before it is timed.
        public let prepare: @Sendable () throws -> @Sendable () throws -> Void
    }

    public static func all() -> [Read] {
        var reads: [Read] = []
        for size in megabytes {
            for integerKeys in [false, true] {
                let name = "PartialReads/AppState(\(size)MB, \(integerKeys ? "int" : "string") keys)"
                // "documents" is key 2 of the integer-keyed app state, a document's "title" key 2
                // and its "id" key 1: a key named by its integer finds the integer key.
                let documents: ArchivePath.Component = integerKeys ? "2" : "documents"
                let title: ArchivePath.Component = integerKeys ? "2" : "title"
                let id: ArchivePath.Component = integerKeys ? "1" : "id"
                reads.append(Read(name: "\(name)/Archive/decode all") { () throws -> @Sendable () throws -> Void in
                    let (data, _) = try archive(megabytes: size, integerKeys: integerKeys)
                    if integerKeys {
                        return { _ = try ArchiveDecoder().decode(IntKeyedAppState.self, from: data) }
                    }
                    return { _ = try ArchiveDecoder().decode(AppState.self, from: data) }
                })
                reads.append(Read(name: "\(name)/Archive/documents[100].title") { () throws -> @Sendable () throws -> Void in
                    let (data, model) = try archive(megabytes: size, integerKeys: integerKeys)
                    let path: ArchivePath = [documents, 100, title]
                    guard try ArchiveDecoder().decode(String.self, at: path, from: data) == model.documents[100].title else {
                        throw PartialReadMismatch(read: "documents[100].title")
                    }
                    return { _ = try ArchiveDecoder().decode(String.self, at: path, from: data) }
                })
                reads.append(Read(name: "\(name)/Archive/every document's id") { () throws -> @Sendable () throws -> Void in
                    let (data, model) = try archive(megabytes: size, integerKeys: integerKeys)
                    guard try ArchiveDecoder().decode(UUID.self, at: [id], ofEachElementAt: [documents], from: data) == model.documents.map(\.id) else {
                        throw PartialReadMismatch(read: "every document's id")
                    }
                    return { _ = try ArchiveDecoder().decode(UUID.self, at: [id], ofEachElementAt: [documents], from: data) }
                })
                if size <= 10 {
                    reads.append(Read(name: "\(name)/JSON/decode all") { () throws -> @Sendable () throws -> Void in
                        let (_, model) = try archive(megabytes: size, integerKeys: integerKeys)
                        if integerKeys {
                            let json = try JSONEncoder().encode(IntKeyedAppState(model))
                            return { _ = try JSONDecoder().decode(IntKeyedAppState.self, from: json) }
                        }
                        let json = try JSONEncoder().encode(model)
                        return { _ = try JSONDecoder().decode(AppState.self, from: json) }
                    })
                }
            }
        }
        return reads
    }

    /// The app state with as many documents as make an archive of about `megabytes` MB, and
    /// that archive.
    static func archive(megabytes: Int, integerKeys: Bool) throws -> (Data, AppState) {
        let sample = AppState.sample(documents: 1_000)
        let sampleBytes = integerKeys ? try ArchiveEncoder().encode(IntKeyedAppState(sample)).count : try ArchiveEncoder().encode(sample).count
        let model = AppState.sample(documents: megabytes * 1_000_000 * 1_000 / sampleBytes)
        return (integerKeys ? try ArchiveEncoder().encode(IntKeyedAppState(model)) : try ArchiveEncoder().encode(model), model)
    }
}

/// A partial read that did not read the model's value: the run stops rather than time it.
struct PartialReadMismatch: Error {
    let read: String
}
