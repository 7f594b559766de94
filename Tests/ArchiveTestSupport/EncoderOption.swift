import KeyedArchive

/// The encoder settings that change an archive's bytes, one at a time: tests that compare two
/// ways of writing a value run under each.
public enum EncoderOption: String, CaseIterable, Sendable, CustomStringConvertible {
    case plain
    case deterministic
    /// zlib at level 6 and a CRC-32 checksum.
    case zlibCRC32 = "zlib+crc32"
    /// `preservesObjectIdentity`.
    case identity

    /// An encoder with this option set and every other setting at its default.
    public var encoder: ArchiveEncoder {
        var encoder = ArchiveEncoder()
        configure(&encoder)
        return encoder
    }

    /// Sets this option on `encoder`.
    public func configure(_ encoder: inout ArchiveEncoder) {
        switch self {
        case .plain: break
        case .deterministic: encoder.deterministic = true
        case .zlibCRC32: encoder.compression = .zlib(level: 6); encoder.checksum = .crc32
        case .identity: encoder.preservesObjectIdentity = true
        }
    }

    public var description: String { rawValue }
}
