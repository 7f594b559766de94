import Foundation
import ArchiveTestSupport
import KeyedArchive

/// Helpers shared by every test file. Test files keep their own models `private`/`fileprivate`
/// so that files written independently never collide; shared helpers live beside this file in `Support/`.
enum TestSupport {
    /// The repository root, so tests read `Spec/` in place.
    static let repositoryRoot: URL = Vector.repositoryRoot

    /// Encodes with the given compression and decodes back.
    static func roundTrip<T: Codable>(_ value: T, as type: T.Type = T.self, compression: ArchiveCompression = .none) throws -> T {
        var encoder = ArchiveEncoder()
        encoder.compression = compression
        return try ArchiveDecoder().decode(type, from: encoder.encode(value))
    }

    /// Space-separated lowercase hex bytes of `data`.
    static func hex(_ data: Data) -> String { data.map { String(format: "%02x", $0) }.joined(separator: " ") }

    /// Parses hex bytes; `#` starts a comment that runs to the end of the line. A bad token is
    /// a mistake in a test's own text.
    static func bytes(fromAnnotatedHex text: String) -> [UInt8] {
        do { return try Vector.bytes(fromAnnotatedHex: text) } catch { fatalError("\(error)") }
    }
}
