import Testing
@testable import KeyedArchive

/// The conversions the 32-bit audit changed (issue 49), at the values where a 32-bit `Int` would
/// have trapped. They run here in the arithmetic such platforms use: a frame length compared as
/// the `UInt32` it is against a maximum no larger than `Int32.max`, offsets that saturate at
/// `Int.max`, and key identities in `Int64`. (The wire layer itself runs on wasm32 in
/// `Tests/Wasm/run.sh`; the coders need the full standard library, which this machine has for
/// 64 bits only.)
@Suite struct ThirtyTwoBitConversionTests {
    /// Where `Int` is 32 bits, no maximum exceeds this.
    static let largest32 = Int(Int32.max)

    @Test func frameLengthsAreComparedAsTheirThirtyTwoBits() throws {
        // A header of 2^31 or more against a 32-bit platform's largest maximum: too large, not
        // an `Int` conversion.
        for header in [UInt32(1) << 31, UInt32.max] {
            #expect {
                _ = try ArchiveFraming.checkDeclaredLength(header, maximum: Self.largest32, at: 12)
            } throws: { error in
                let error = try #require(error as? ArchiveStreamError)
                return error.kind == .messageTooLarge && error.offset == 12 && error.reason.contains("\(header) bytes")
            }
        }
        #expect(try ArchiveFraming.checkDeclaredLength(UInt32(Int32.max), maximum: Self.largest32, at: 0) == Self.largest32)
        #expect(try ArchiveFraming.checkDeclaredLength(UInt32.max, maximum: .max, at: 0) == Int(exactly: UInt32.max))
        #expect(throws: ArchiveStreamError.self) { try ArchiveFraming.checkDeclaredLength(1, maximum: 0, at: 0) }
        #expect {
            _ = try ArchiveFraming.checkDeclaredLength(0, maximum: .max, at: 4)
        } throws: { error in
            (error as? ArchiveStreamError)?.kind == .emptyFrame
        }
    }

    @Test func payloadsToWriteAreComparedWithTheHeadersRange() throws {
        try ArchiveFraming.checkPayloadToWrite(count: Int(exactly: UInt32.max)!)
        #expect {
            try ArchiveFraming.checkPayloadToWrite(count: Int(exactly: UInt32.max)! + 1)
        } throws: { error in
            (error as? ArchiveStreamError)?.kind == .messageTooLarge
        }
    }

    @Test func streamOffsetsSaturateInsteadOfTrapping() {
        #expect(ArchiveFraming.offset(10, advancedBy: 4) == 14)
        #expect(ArchiveFraming.offset(.max - 4, advancedBy: 4) == .max)
        #expect(ArchiveFraming.offset(.max - 3, advancedBy: 4) == .max)
        #expect(ArchiveFraming.offset(.max, advancedBy: .max) == .max)
    }

    /// An integer key beyond `Int32` and its decimal name are one key on every platform: the
    /// identity unknown fields are kept by (`UnknownKey(integer:)` names it by its string
    /// where `Int` cannot hold it) is in `Int64`.
    @Test func integerKeysBeyondInt32AndTheirNamesAreOneKey() {
        for value in [Int64(1) << 40, -(Int64(1) << 40), Int64(Int32.max) + 1, (Int64(1) << 62) - 1, -(Int64(1) << 62)] {
            let byName = ArchiveKeySet.identity(of: UnknownKey.string(String(value)))
            #expect(byName == .integer(value))
            #expect(ArchiveKeySet.identity(of: UnknownKey(integer: value)) == byName)
            #expect(KeyForm.canonicalDecimalWire(String(value)) == KeyForm.wire(integer64: value))
        }
        // Where `Int` holds the integer (here, every one of the range), the key is an integer.
        #expect(UnknownKey(integer: 1 << 40) == .integer(1 << 40))
        #expect(UnknownKey(integer: -5).intValue == -5)
    }
}
