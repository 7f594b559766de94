import Foundation
import Testing
@testable import KeyedArchive

/// §11: the 2-byte zlib header is judged once both bytes are present, FDICT (a preset
/// dictionary, which the format forbids) included. zlib by itself reports FDICT only after the
/// 4-byte dictionary id, which made `4B 41 52 43 01 01 02 78 20` truncated instead of
/// compression (issue 29, item 1).
@Suite struct ZlibHeaderTests {
    /// A compressed archive declaring `size` inflated bytes, whose stream is `stream`.
    private func archive(size: UInt8 = 2, _ stream: [UInt8]) -> [UInt8] {
        [0x4B, 0x41, 0x52, 0x43, 0x01, 0x01, size] + stream
    }

    /// What `karchive validate`'s walk and `ArchiveDecoder` (as `Int`) say of `bytes`.
    private func verdicts(_ bytes: [UInt8]) -> (validate: SpecVerdict, decoder: SpecVerdict) {
        let validate = SpecAgreementOracle.libraryVerdict(bytes, limits: SpecLimits())
        let decoder: SpecVerdict
        do {
            _ = try ArchiveDecoder().decode(Int.self, from: bytes)
            decoder = .accepted
        } catch let error as DecodingError {
            decoder = SpecAgreementOracle.formatError(in: error).map(SpecAgreementOracle.verdict(of:)) ?? .accepted
        } catch {
            decoder = .accepted
        }
        return (validate, decoder)
    }

    @Test func aPresetDictionaryIsCompressionAsSoonAsTheHeaderIsIn() {
        let compression = SpecVerdict.rejected(kind: "compression", offset: 7)
        // 78 20, 78 3F, 78 7D, 78 BB, 78 F9: every FDICT header of a 32 KiB window, each cut
        // anywhere in its dictionary id and with the id and some data after it.
        for flg: UInt8 in [0x20, 0x3F, 0x7D, 0xBB, 0xF9] {
            #expect((0x78 * 256 + Int(flg)) % 31 == 0, "a valid header check")
            for tail in 0...6 {
                let bytes = archive([0x78, flg] + [0x00, 0x00, 0x00, 0x01, 0x03, 0x00].prefix(tail))
                let (validate, decoder) = verdicts(bytes)
                #expect(validate == compression, "78 \(String(flg, radix: 16)) + \(tail) bytes: validate")
                #expect(decoder == compression, "78 \(String(flg, radix: 16)) + \(tail) bytes: decoder")
                #expect(SpecReader(bytes).verdict() == compression, "78 \(String(flg, radix: 16)) + \(tail) bytes: spec reader")
            }
        }
    }

    @Test func oneByteOfHeaderIsTruncatedAtTheEnd() {
        let truncated = SpecVerdict.rejected(kind: "truncated", offset: 8)
        for cmf: UInt8 in [0x78, 0x08, 0x00, 0xFF] {
            let bytes = archive([cmf])
            #expect(verdicts(bytes).validate == truncated)
            #expect(verdicts(bytes).decoder == truncated)
            #expect(SpecReader(bytes).verdict() == truncated)
        }
    }

    /// Every 2-byte header, alone and with one byte after it: the library and the spec reader
    /// agree on each (compression for all but a valid header without FDICT, which then waits
    /// for deflate data: truncated at the end).
    @Test func everyTwoByteHeaderIsJudgedAlikeByTheLibraryAndTheSpecReader() {
        var disagreements: [String] = []
        for header in 0..<65_536 {
            let cmf = UInt8(header >> 8), flg = UInt8(header & 0xFF)
            for tail in [[], [0x00]] as [[UInt8]] {
                let bytes = archive([cmf, flg] + tail)
                let spec = SpecReader(bytes).verdict()
                let (validate, decoder) = verdicts(bytes)
                if validate != spec || decoder != spec {
                    disagreements.append("\(String(header, radix: 16)) + \(tail.count): spec \(spec), validate \(validate), decoder \(decoder)")
                }
                let valid = cmf & 0x0F == 8 && cmf >> 4 <= 7 && header % 31 == 0 && flg & 0x20 == 0
                if !valid && spec != .rejected(kind: "compression", offset: 7) {
                    disagreements.append("\(String(header, radix: 16)) + \(tail.count): an invalid header, spec reader says \(spec)")
                }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
    }
}
