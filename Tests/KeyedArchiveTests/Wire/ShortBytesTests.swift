@testable import KeyedArchive
import Testing

/// `ShortBytes`: the word loads that stand in for `memcmp` and a byte loop on key spellings.
@Suite struct ShortBytesTests {
    /// Every length from 0 to 64 at eight alignments of each side: a run equals itself copied,
    /// and differs from every copy with one byte changed, wherever that byte is; bytes just
    /// outside the run (changed on both sides) are never read into the answer.
    @Test func equalSeesEveryByteOfEveryLengthAndNothingOutside() {
        var failures = 0
        for count in 0...64 {
            for alignmentA in 0..<8 {
                for alignmentB in 0..<8 {
                    var a = [UInt8](repeating: 0xA5, count: count + 32)
                    var b = [UInt8](repeating: 0x5A, count: count + 32)
                    for index in 0..<count {
                        a[16 + alignmentA + index] = UInt8(truncatingIfNeeded: index &* 37 &+ count)
                        b[16 + alignmentB + index] = UInt8(truncatingIfNeeded: index &* 37 &+ count)
                    }
                    func equal() -> Bool {
                        a.withUnsafeBytes { a in
                            b.withUnsafeBytes { b in
                                ShortBytes.equal(a.baseAddress! + 16 + alignmentA, b.baseAddress! + 16 + alignmentB, count: count)
                            }
                        }
                    }
                    if !equal() { failures += 1 }
                    for changed in 0..<count {
                        b[16 + alignmentB + changed] ^= 0x40
                        if equal() { failures += 1 }
                        b[16 + alignmentB + changed] ^= 0x40
                    }
                }
            }
        }
        #expect(failures == 0)
    }

    /// `word` is a run shorter than eight bytes as a little-endian load of it: every byte in its
    /// place, and the bytes around the run do not count.
    @Test func wordHoldsEveryByteOfAShortRun() {
        for count in 0..<8 {
            var bytes = [UInt8](repeating: 0xEE, count: 24)
            for index in 0..<count { bytes[8 + index] = UInt8(index + 1) }
            func word() -> UInt64 { bytes.withUnsafeBytes { ShortBytes.word($0.baseAddress! + 8, count: count) } }
            let original = word()
            // The bytes in order, the first lowest.
            var inOrder: UInt64 = 0
            for index in 0..<count { inOrder |= UInt64(index + 1) << (8 * UInt64(index)) }
            #expect(original == inOrder, "count \(count)")
            bytes[7] = 0; bytes[8 + count] = 0
            #expect(word() == original, "count \(count): a byte outside the run changed the word")
            for changed in 0..<count {
                bytes[8 + changed] ^= 0x80
                #expect(word() != original, "count \(count): byte \(changed) is not in the word")
                bytes[8 + changed] ^= 0x80
            }
        }
    }
}
