/// How `ArchiveEncoder` compresses the archive body.
///
/// ```swift
/// var encoder = ArchiveEncoder()
/// encoder.compression = .zlib            // zlib's default level (6)
/// encoder.compression = .zlib(level: 9)  // smallest output
/// ```
/// `ArchiveDecoder` needs no setting: the archive header says whether the body is compressed.
public struct ArchiveCompression: Hashable, Sendable, CustomStringConvertible {
    /// The zlib level, or `nil` for no compression.
    let zlibLevel: Int32?

    /// No compression (the default).
    public static let none = ArchiveCompression(zlibLevel: nil)

    /// zlib (deflate) at zlib's default level.
    public static let zlib = ArchiveCompression(zlibLevel: -1)

    /// zlib (deflate) at `level`, from 0 (store only, fastest) to 9 (smallest).
    ///
    /// - Precondition: `level` is in `0...9`.
    public static func zlib(level: Int) -> ArchiveCompression {
        precondition((0...9).contains(level), "zlib level must be in 0...9, got \(level)")
        return ArchiveCompression(zlibLevel: Int32(level))
    }

    /// `"none"`, `"zlib"` or `"zlib(level: N)"`, as you would write it in code.
    public var description: String {
        switch zlibLevel {
        case nil: "none"
        case -1: "zlib"
        case let level?: "zlib(level: \(level))"
        }
    }
}
