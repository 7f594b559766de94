import Foundation

/// The LEB128 varint encoding of `value` (7 bits a byte, low first, high bit = more).
func varint(_ value: UInt64) -> [UInt8] {
    var v = value
    var out: [UInt8] = []
    while v >= 0x80 { out.append(UInt8(truncatingIfNeeded: v) | 0x80); v >>= 7 }
    out.append(UInt8(v))
    return out
}
