import CZlib

/// Builds the four header variants of an archive from its uncompressed form, with zlib's
/// `compress2` and the spec's CRC-32 of our own (not the library's writer), so that mutated
/// bodies can be put back inside compressed and checksummed archives.
enum SpecArchiveWrapping {
    /// `plain` is an uncompressed archive (header + body). Returns the archive with `flags`
    /// (bit 0: zlib, bit 1: CRC-32) laid out as §11 and §11.1 say. A plain archive shorter than
    /// a header is returned unchanged.
    static func wrap(_ plain: [UInt8], flags: UInt8) -> [UInt8] {
        guard plain.count >= 6 else { return plain }
        var out = Array(plain[..<5]) + [plain[5] | flags]
        let body = Array(plain[6...])
        if flags & 0x01 != 0 {
            out += varint(UInt64(body.count)) + compress(body)
        } else {
            out += body
        }
        if flags & 0x02 != 0 { out += crcTrailer(out[...]) }
        return out
    }

    /// The 4-byte little-endian CRC-32 trailer of `bytes` (§11.1).
    static func crcTrailer(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        let crc = specCRC32(bytes)
        return (0..<4).map { UInt8(truncatingIfNeeded: crc >> (8 * $0)) }
    }

    /// A zlib stream of `body` from zlib's `compress2` at the default level.
    static func compress(_ body: [UInt8]) -> [UInt8] {
        var length = compressBound(uLong(body.count))
        var out = [UInt8](repeating: 0, count: Int(length))
        let status = out.withUnsafeMutableBufferPointer { dest in
            body.withUnsafeBufferPointer { source in
                compress2(dest.baseAddress, &length, source.baseAddress, uLong(body.count), Z_DEFAULT_COMPRESSION)
            }
        }
        precondition(status == Z_OK, "compress2 failed: \(status)")
        return Array(out[..<Int(length)])
    }
}
