import Foundation

/// The LEB128 varint encoding of `value` (7 bits a byte, low first, high bit = more).
func varint(_ value: UInt64) -> [UInt8] {
    var v = value
    var out: [UInt8] = []
    while v >= 0x80 { out.append(UInt8(truncatingIfNeeded: v) | 0x80); v >>= 7 }
    out.append(UInt8(v))
    return out
}

/// A zlib stream of stored (uncompressed) deflate blocks: lets tests put any body inside a
/// compressed archive.
func zlibStored(_ body: [UInt8]) -> [UInt8] {
    var out: [UInt8] = [0x78, 0x01]
    var offset = 0
    repeat {
        let n = min(65_535, body.count - offset)
        let final: UInt8 = offset + n == body.count ? 1 : 0
        out.append(final)
        out += [UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)]
        out += body[offset..<offset + n]
        offset += n
    } while offset < body.count
    var a: UInt32 = 1, b: UInt32 = 0
    for byte in body { a = (a + UInt32(byte)) % 65_521; b = (b + a) % 65_521 }
    let adler = b << 16 | a
    out += [UInt8(adler >> 24), UInt8((adler >> 16) & 0xFF), UInt8((adler >> 8) & 0xFF), UInt8(adler & 0xFF)]
    return out
}

/// A compressed archive around an uncompressed archive's body (everything after the header).
func compressedArchive(body: [UInt8], declaredSize: UInt64? = nil) -> [UInt8] {
    [0x4B, 0x41, 0x52, 0x43, 0x01, 0x01] + varint(declaredSize ?? UInt64(body.count)) + zlibStored(body)
}
