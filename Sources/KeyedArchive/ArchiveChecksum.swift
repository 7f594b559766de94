/// Whether `ArchiveEncoder` appends an integrity check to the archive.
///
/// ```swift
/// var encoder = ArchiveEncoder()
/// encoder.checksum = .crc32
/// ```
/// With `.crc32` the archive ends with a CRC-32 of every byte before it, and the header says so.
/// `ArchiveDecoder` verifies it before reading anything else: a flipped bit, a torn write or a
/// truncated copy then fails with `ArchiveFormatError.Kind.checksumMismatch` instead of decoding
/// to wrong values. It costs four bytes and one pass over the archive.
public struct ArchiveChecksum: Hashable, Sendable, CustomStringConvertible {
    let isCRC32: Bool

    /// No checksum (the default for `encode`).
    public static let none = ArchiveChecksum(isCRC32: false)

    /// CRC-32 (the IEEE polynomial of zlib, gzip and PNG) over the whole archive.
    public static let crc32 = ArchiveChecksum(isCRC32: true)

    /// `"none"` or `"crc32"`.
    public var description: String { isCRC32 ? "crc32" : "none" }
}
