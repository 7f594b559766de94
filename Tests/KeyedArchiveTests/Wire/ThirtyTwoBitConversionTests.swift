#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
@testable import KeyedArchive

/// The conversions the 32-bit audit changed (issue 49), at the values where a 32-bit `Int` would
/// have trapped. They run here in the arithmetic such platforms use: a frame length compared as
/// the `UInt32` it is against a maximum no larger than `Int32.max`, stream positions
/// counted in `Int64`, and key identities in `Int64`. (The wire layer itself runs on wasm32 in
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

    @Test func streamPositionsAreCountedInSixtyFourBits() {
        #expect(ArchiveFraming.position(10, advancedBy: 4) == 14)
        // Past 2 GiB: a 32-bit `Int` cannot hold the position, which is then not reported
        // rather than reported wrong; `Int64` holds it.
        let past32 = ArchiveFraming.position(Int64(Int32.max) - 1, advancedBy: 4)
        #expect(past32 == Int64(Int32.max) + 3)
        #expect(ArchiveFraming.reported(past32, as: Int32.self) == nil)
        #expect(ArchiveFraming.reported(Int64(Int32.max), as: Int32.self) == Int32.max)
        #expect(ArchiveFraming.reported(past32, as: Int64.self) == past32)
        // Past `Int64`: unknown for good, and never reported.
        let unknown = ArchiveFraming.unknownPosition
        #expect(ArchiveFraming.position(.max - 3, advancedBy: 4) == unknown)
        #expect(ArchiveFraming.position(unknown, advancedBy: 0) == unknown)
        #expect(ArchiveFraming.reported(unknown) == nil)
        #expect(ArchiveFraming.reported(unknown, as: Int64.self) == nil)
    }

    @Test func streamErrorsNeverCarryAWrongOffset() {
        let far = Int64(1) << 40
        let header = ArchiveFraming.truncatedHeader(at: far, bytesRead: 2)
        #expect(header.offset == ArchiveFraming.reported(far))
        #expect(header.reason.contains("at offset 1099511627776;"))
        let payload = ArchiveFraming.truncatedPayload(at: ArchiveFraming.unknownPosition, declared: 10, bytesRead: 3)
        #expect(payload.kind == .truncatedFrame && payload.offset == nil && payload.missingByteCount == 7)
        #expect(payload.reason.contains("at offset past 9223372036854775806 declares"))
        #expect(!payload.description.contains("at offset 9223372036854775807"))
    }

    /// A reader's position past what `Int` holds, as a 32-bit reader's is past 2 GiB: made here
    /// by starting a reader near `Int.max`. Its torn tail then has no offset to truncate to,
    /// not `Int.max`, where truncating would keep the torn frame.
    @Test func aReaderPastWhatIntHoldsReportsNoOffset() throws {
        let payload = try ArchiveEncoder().encode(7)
        var frame: [UInt8] = []
        withUnsafeBytes(of: UInt32(payload.count).littleEndian) { frame.append(contentsOf: $0) }
        frame += payload
        let stream = frame + frame + frame.prefix(2)   // two frames and a torn header
        for (start, knowsTail) in [(Int.max - 2 * frame.count - 2, true), (Int.max - 2 * frame.count, false)] {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("ThirtyTwoBit-\(UUID().uuidString)").path
            try Data(stream).write(to: URL(fileURLWithPath: path))
            defer { try? FileManager.default.removeItem(atPath: path) }
            let fd = open(path, O_RDONLY)
            try #require(fd >= 0)
            var reader = ArchiveStreamReader(fileDescriptor: fd, offset: start)
            defer { try? reader.close() }
            #expect(try reader.next(Int.self) == 7)
            #expect(reader.offset == start + frame.count)
            #expect(try reader.next(Int.self) == 7)
            let tail = start + 2 * frame.count   // Int.max - 2, or, once passed, no Int
            #expect(reader.offset == (knowsTail ? tail : .max))
            #expect {
                _ = try reader.next(Int.self)
            } throws: { error in
                let error = try #require(error as? ArchiveStreamError)
                return error.kind == .truncatedFrame && error.offset == (knowsTail ? tail : nil)
            }
        }
    }

    /// An integer key beyond `Int32` and its decimal name are one key on every platform: the
    /// identity unknown fields are kept by is in `Int64`, also for the `.wideInteger` key
    /// `UnknownKey(integer:)` makes where `Int` cannot hold the integer, which is written back
    /// as the integer key (`WideIntegerKeyTests`).
    @Test func integerKeysBeyondInt32AndTheirNamesAreOneKey() {
        for value in [Int64(1) << 40, -(Int64(1) << 40), Int64(Int32.max) + 1, (Int64(1) << 62) - 1, -(Int64(1) << 62)] {
            let byName = ArchiveKeySet.identity(of: UnknownKey.string(String(value)))
            #expect(byName == .integer(value))
            #expect(ArchiveKeySet.identity(of: UnknownKey(integer: value)) == byName)
            let wide = UnknownKey.wideInteger(value)
            #expect(ArchiveKeySet.identity(of: wide) == byName)
            #expect(wide.intValue == nil && wide.stringValue == String(value))
            #expect(wide.integerWire == KeyForm.wire(integer64: value))
            #expect(KeyForm.canonicalDecimalWire(String(value)) == KeyForm.wire(integer64: value))
        }
        #expect(UnknownKey.string("7").integerWire == nil)
        // Where `Int` holds the integer (here, every one of the range), the key is an integer.
        #expect(UnknownKey(integer: 1 << 40) == .integer(1 << 40))
        #expect(UnknownKey(integer: -5).intValue == -5)
    }
}
