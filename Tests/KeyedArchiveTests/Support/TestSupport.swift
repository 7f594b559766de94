import Foundation
import KeyedArchive

/// Helpers shared by every test file. Test files keep their own models `private`/`fileprivate`
/// so that files written independently never collide; shared helpers live beside this file in `Support/`.
enum TestSupport {
    /// The repository root, found from this file's location
    /// (`Tests/KeyedArchiveTests/Support/TestSupport.swift`), so tests read `Spec/` in place.
    static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Encodes with the given compression and decodes back.
    static func roundTrip<T: Codable>(_ value: T, as type: T.Type = T.self, compression: ArchiveCompression = .none) throws -> T {
        var encoder = ArchiveEncoder()
        encoder.compression = compression
        return try ArchiveDecoder().decode(type, from: encoder.encode(value))
    }

    /// Space-separated lowercase hex bytes of `data`.
    static func hex(_ data: Data) -> String { data.map { String(format: "%02x", $0) }.joined(separator: " ") }

    /// Parses hex bytes; `#` starts a comment that runs to the end of the line.
    static func bytes(fromAnnotatedHex text: String) -> [UInt8] {
        var result: [UInt8] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let code = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            for token in code.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
                guard let byte = UInt8(token, radix: 16), token.count == 2 else {
                    fatalError("bad hex token '\(token)' in annotated hex")
                }
                result.append(byte)
            }
        }
        return result
    }
}
