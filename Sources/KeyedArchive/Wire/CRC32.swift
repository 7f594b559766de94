/// The CRC-32 of §11.1's checksum trailer, in pure Swift: IEEE 802.3's, as zlib, gzip and PNG
/// compute it (reflected polynomial `EDB88320`, initial value and final XOR `FFFFFFFF`), for
/// where there is no zlib (Embedded Swift on WebAssembly). `InflaterTests` compare it with
/// zlib's `crc32`.
enum CRC32 {
    /// The CRC-32 of `bytes`: `checksum("123456789")` is `CBF43926`.
    static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc = table[Int(truncatingIfNeeded: (crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        }
        return crc ^ 0xFFFF_FFFF
    }

    /// The CRC of every byte value: one lookup per byte instead of eight shifts. Built on first
    /// use (a lazily initialised global, which Embedded Swift supports).
    private static let table: [UInt32] = {
        var table = [UInt32](repeating: 0, count: 256)
        for index in 0..<256 {
            var crc = UInt32(index)
            for _ in 0..<8 {
                crc = crc & 1 == 1 ? crc >> 1 ^ 0xEDB8_8320 : crc >> 1
            }
            table[index] = crc
        }
        return table
    }()
}
