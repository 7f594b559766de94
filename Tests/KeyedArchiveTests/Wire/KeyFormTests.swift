import Testing
@testable import KeyedArchive

/// `KeyForm`'s wire half: key varints and canonical decimals, in `Int64` whatever `Int`'s width
/// (the wasm32 harness, `Tests/Wasm/run.sh`, runs the same code where `Int` is 32 bits).
@Suite struct KeyFormTests {
    static let top = (Int64(1) << 62) - 1
    static let bottom = -(Int64(1) << 62)

    @Test func integerKeyVarintsAreZigzagShiftedOnce() {
        #expect(KeyForm.wire(integer64: 0) == 0)
        #expect(KeyForm.wire(integer64: -1) == 2)
        #expect(KeyForm.wire(integer64: 1) == 4)
        #expect(KeyForm.wire(integer64: 1 << 40) == UInt64(1) << 42)
        #expect(KeyForm.wire(integer64: Self.top) == UInt64.max - 3)
        #expect(KeyForm.wire(integer64: Self.bottom) == UInt64.max - 1)
        for value in [0, 1, -1, 7, -300, Int(Int32.max), Int(Int32.min), 1 << 40, Int(Self.top), Int(Self.bottom)] {
            #expect(KeyForm.wire(integer: value) == KeyForm.wire(integer64: Int64(value)))
            #expect(KeyForm.decode(KeyForm.wire(integer: value)).integer == Int64(value))
        }
        // Every integer of the range splits back, in 64 bits on every platform.
        for value in [Self.top, Self.bottom, 1 << 40, -(1 << 40), Int64(Int32.max) + 1, Int64(Int32.min) - 1] {
            #expect(KeyForm.decode(KeyForm.wire(integer64: value)) == (value, nil))
        }
        #expect(KeyForm.decode(KeyForm.wire(stringIndex: 5)) == (nil, 5))
    }

    @Test func canonicalDecimalsAreTheFormatsWholeRange() {
        #expect(KeyForm.canonicalDecimalWire("7") == KeyForm.wire(integer64: 7))
        #expect(KeyForm.canonicalDecimalWire("-3") == KeyForm.wire(integer64: -3))
        #expect(KeyForm.canonicalDecimalWire(String(Self.top)) == KeyForm.wire(integer64: Self.top))
        #expect(KeyForm.canonicalDecimalWire(String(Self.bottom)) == KeyForm.wire(integer64: Self.bottom))
        // Outside −2^62 ..< 2^62, and spellings that are not canonical: strings.
        for string in [String(Self.top + 1), String(Self.bottom - 1), "07", "-0", "+7", "", "7 ", "1e3", "٣"] {
            #expect(KeyForm.canonicalDecimalWire(string) == nil, "\(string)")
            #expect(KeyForm.canonicalDecimal64(string) == nil, "\(string)")
        }
        #expect(KeyForm.canonicalDecimal64("4294967296") == 4_294_967_296)
        #expect(KeyForm.canonicalDecimalWire("4294967296") == KeyForm.wire(integer64: 1 << 32))
    }
}
