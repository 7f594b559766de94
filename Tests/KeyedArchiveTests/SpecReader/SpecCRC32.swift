/// CRC-32 as §11.1 defines it (reflected polynomial EDB88320, initial and final value FFFFFFFF),
/// bit by bit: no table and no shared code with the library.
func specCRC32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = (crc >> 1) ^ (0xEDB8_8320 & (0 &- (crc & 1))) }
    }
    return ~crc
}
