/// §4: LEB128 varints as a reader must check them.
enum SpecVarint {
    /// Reads the varint at `start`, which must end before `limit`, of at most `maximumBits`
    /// (64 for lengths, counts, keys, levels and the inflated size; 128 for integer magnitudes).
    /// Returns the value and the offset after the varint.
    ///
    /// - `truncated` at the missing byte when the varint runs into `limit`;
    /// - `malformed` at the first byte when it is overlong (more than one byte, last byte `00`),
    ///   longer than ⌈bits/7⌉ bytes, or its last possible byte holds more bits than remain. The
    ///   last possible byte (the 10th, or 19th) is judged when it is read: it must end the varint
    ///   and hold only bits 63 (or 126–127), so no further byte is needed to know it is wrong.
    static func read(_ bytes: [UInt8], at start: Int, limit: Int, maximumBits: Int) throws(SpecFailure) -> (value: UInt128, end: Int) {
        let maximumLength = (maximumBits + 6) / 7
        var value: UInt128 = 0
        var p = start
        var shift = 0
        while true {
            guard p < limit else { throw .truncated(p) }
            let byte = bytes[p]
            p += 1
            if p - start == maximumLength {
                // Only the remaining high bits (1 for 64 bits, 2 for 128) and no continuation bit.
                guard byte >> (maximumBits - shift) == 0 else { throw .malformed(start) }
            }
            value |= UInt128(byte & 0x7F) << shift
            if byte & 0x80 == 0 {
                // Overlong: a last byte 00 after at least one other byte (e.g. 80 00 for 0).
                if byte == 0 && p - start > 1 { throw .malformed(start) }
                return (value, p)
            }
            shift += 7
        }
    }
}
