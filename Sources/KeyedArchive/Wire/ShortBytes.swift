/// Short runs of bytes (a key's spelling: the decoder keeps those of at most 64 bytes) compared
/// and packed with word loads, overlapping at the end, instead of `memcmp` through the PLT or a
/// loop over the bytes: every entry of every key table read is one comparison (`KeySpellings`),
/// and `memcmp` cost each about 33 instructions with its call (callgrind, `vary-two-types`).
///
/// The loads are unaligned and stay inside `[start, start + count)`.
enum ShortBytes {
    /// Whether the `count` bytes at `a` and at `b` are the same.
    @inline(__always)
    static func equal(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
        /// Whether the `Word`s at `offset` are the same.
        func same<Word: FixedWidthInteger>(_: Word.Type, at offset: Int) -> Bool {
            a.loadUnaligned(fromByteOffset: offset, as: Word.self) == b.loadUnaligned(fromByteOffset: offset, as: Word.self)
        }
        switch count {
        case 8...:
            // Whole words from the start, then the last eight bytes, which cover the rest.
            var offset = 0
            while offset &+ 8 < count {
                guard same(UInt64.self, at: offset) else { return false }
                offset &+= 8
            }
            return same(UInt64.self, at: count &- 8)
        case 4...: return same(UInt32.self, at: 0) && same(UInt32.self, at: count &- 4)
        case 2...: return same(UInt16.self, at: 0) && same(UInt16.self, at: count &- 2)
        case 1: return same(UInt8.self, at: 0)
        default: return true
        }
    }

    /// The `count` bytes at `start`, fewer than eight, in one word, the first byte lowest (as a
    /// little-endian load of them would give, read without a byte past the run): the first and
    /// the last half or byte, which between them hold every byte, ORed into place.
    @inline(__always)
    static func word(_ start: UnsafeRawPointer, count: Int) -> UInt64 {
        switch count {
        case 4...:
            return UInt64(start.loadUnaligned(as: UInt32.self).littleEndian)
                | UInt64(start.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self).littleEndian) &<< UInt64(8 &* (count &- 4))
        case 2...:
            return UInt64(start.loadUnaligned(as: UInt16.self).littleEndian)
                | UInt64(start.loadUnaligned(fromByteOffset: count &- 2, as: UInt16.self).littleEndian) &<< UInt64(8 &* (count &- 2))
        case 1: return UInt64(start.load(as: UInt8.self))
        default: return 0
        }
    }
}
