import ArchiveTestSupport
import CZlib
import Testing
@testable import KeyedArchive

/// `Inflater` (pure Swift, for wasm32 where there is no zlib) against `Zlib.inflate` (zlib), and
/// `CRC32` against zlib's `crc32`: on every input the two inflaters succeed with the same bytes
/// or fail with the same kind at the same offset (`Spec/FORMAT.md` §11 step 4).
@Suite struct InflaterTests {
    /// Inputs compressed by zlib, per level; each is also run with wrong declared sizes, cut,
    /// flipped, spliced and followed by garbage.
    static let compressedCount = Campaign.count("INFLATER_COMPRESSED_COUNT", quick: 60, full: 600)
    /// Streams written block by block by `DeflateWriter` (fixed, dynamic and stored blocks,
    /// valid and not), each with its mutants.
    static let handWrittenCount = Campaign.count("INFLATER_HAND_WRITTEN_COUNT", quick: 3_000, full: 30_000)
    /// Random buffers for the CRC-32.
    static let crcCount = Campaign.count("INFLATER_CRC_COUNT", quick: 300, full: 3_000)

    @Test func crc32IsIEEEs() {
        #expect(Array("123456789".utf8).withUnsafeBytes(CRC32.checksum) == 0xCBF4_3926)
        #expect([UInt8]().withUnsafeBytes(CRC32.checksum) == 0)
        var random = DiffSource(seed: 0xC4C3_2000)
        for index in 0..<Self.crcCount {
            let bytes = random.bytes(count: random.below(5_001))
            let (ours, zlib) = bytes.withUnsafeBytes { (CRC32.checksum($0), Zlib.crc32($0)) }
            #expect(ours == zlib, "buffer \(index) of \(bytes.count) bytes")
        }
    }

    @Test(arguments: 0...9)
    func zlibsOwnStreamsAndTheirMutantsInflateAlike(level: Int) {
        var random = DiffSource(seed: 0x1F1A_7E00 &+ UInt64(level))
        var failures = 0
        for index in 0..<Self.compressedCount where failures < 5 {
            let data = random.sample()
            for (what, stream, declared) in InflaterCases.mutants(of: InflaterCases.deflate(data, level: Int32(level)), declared: data.count, &random) {
                guard let problem = InflaterCases.disagreement(stream, declared: declared) else { continue }
                failures += 1
                Issue.record("level \(level), input \(index) (\(data.count) bytes), \(what): \(problem)")
                break
            }
        }
    }

    @Test func handWrittenStreamsAndTheirMutantsInflateAlike() {
        var random = DiffSource(seed: 0xDEF1_A7E5)
        var failures = 0
        for index in 0..<Self.handWrittenCount where failures < 5 {
            let (stream, declared) = DeflateWriter.randomStream(&random)
            for (what, mutant, size) in InflaterCases.mutants(of: stream, declared: declared, &random) {
                guard let problem = InflaterCases.disagreement(mutant, declared: size) else { continue }
                failures += 1
                Issue.record("stream \(index), \(what): \(problem)")
                break
            }
        }
    }

    /// One stream per rule, with the outcome §11 gives it; zlib must agree too.
    @Test(arguments: InflaterCases.named)
    func namedStreamsHaveTheirOutcome(_ named: InflaterCases.Named) {
        #expect(InflaterCases.disagreement(named.stream, declared: named.declared) == nil, "\(named.name)")
        #expect(InflaterCases.outcome(named.stream, declared: named.declared, Inflater.inflate) == named.expected, "\(named.name)")
    }
}

/// The outcomes and the inputs.
enum InflaterCases {
    /// Where the streams start in their imagined archive: errors report offsets from it.
    static let offset = 9

    /// What one inflater made of one input.
    enum Outcome: Equatable, CustomStringConvertible {
        case inflated([UInt8])
        case failed(ArchiveFormatError.Kind, at: Int?)

        /// Successes are told apart by their bytes; this shows their count.
        var description: String {
            switch self {
            case .inflated(let bytes): "inflated \(bytes.count) bytes"
            case .failed(let kind, let offset): "\(kind) at \(offset.map(String.init) ?? "nil")"
            }
        }
    }

    /// `stream` inflated by `inflate` into `declared` bytes.
    static func outcome(
        _ stream: [UInt8], declared: Int,
        _ inflate: (UnsafeRawBufferPointer, UnsafeMutableRawBufferPointer, Int) throws(ArchiveFormatError) -> Void
    ) -> Outcome {
        var output = [UInt8](repeating: 0, count: declared)
        // The buffers' closures rethrow untyped: the error comes out as a value instead.
        let failure = stream.withUnsafeBytes { input in
            output.withUnsafeMutableBytes { destination -> ArchiveFormatError? in
                do throws(ArchiveFormatError) { try inflate(input, destination, offset) } catch { return error }
                return nil
            }
        }
        if let failure { return .failed(failure.kind, at: failure.offset) }
        return .inflated(output)
    }

    /// Nil when `Inflater` and zlib agree on `stream`, else both outcomes and the stream.
    static func disagreement(_ stream: [UInt8], declared: Int) -> String? {
        let zlib = outcome(stream, declared: declared, Zlib.inflate)
        let ours = outcome(stream, declared: declared, Inflater.inflate)
        if ours == zlib { return nil }
        let hex = stream.prefix(64).map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        return "zlib: \(zlib), Inflater: \(ours); declared \(declared), stream (\(stream.count) bytes) \(hex)\(stream.count > 64 ? "…" : "")"
    }

    /// `data` compressed by zlib at `level`.
    static func deflate(_ data: [UInt8], level: Int32) -> [UInt8] {
        var writer = ByteWriter()
        data.withUnsafeBytes { Zlib.deflate($0, level: level, into: &writer) }
        return Array(writer.bytes)
    }

    /// `stream` as it is and its mutants, each named and with its declared size: sizes off by
    /// one and 0; cut at every byte (short streams) or at random ones and the last few; single
    /// flipped bits; a byte inserted or deleted; bytes after the end.
    static func mutants(of stream: [UInt8], declared: Int, _ random: inout DiffSource) -> [(String, [UInt8], Int)] {
        var cases: [(String, [UInt8], Int)] = [("as written", stream, declared), ("declared 0", stream, 0), ("declared + 1", stream, declared + 1)]
        if declared > 0 { cases.append(("declared - 1", stream, declared - 1)) }
        let cuts = stream.count <= 48 ? Array(0..<stream.count)
            : (0..<12).map { _ in random.below(stream.count) } + (1...6).map { stream.count - $0 } + [0, 1, 2]
        for cut in cuts { cases.append(("cut at \(cut)", Array(stream[..<cut]), declared)) }
        for _ in 0..<(stream.count <= 48 ? 12 : 8) where !stream.isEmpty {
            var flipped = stream
            let bit = random.below(stream.count * 8)
            flipped[bit / 8] ^= 1 << (bit % 8)
            cases.append(("bit \(bit) flipped", flipped, declared))
        }
        for _ in 0..<3 where !stream.isEmpty {
            var inserted = stream, deleted = stream
            let at = random.below(stream.count)
            inserted.insert(UInt8(random.below(256)), at: at)
            deleted.remove(at: at)
            cases.append(("byte inserted at \(at)", inserted, declared))
            cases.append(("byte deleted at \(at)", deleted, declared))
        }
        cases.append(("1 byte after", stream + [0], declared))
        cases.append(("3 bytes after", stream + random.bytes(count: 3), declared))
        return cases
    }
}

/// The inflater campaigns' choices, from the differential suites' seeded generator (SplitMix64:
/// the same choices on every platform for a seed, so a failure names its seed).
extension DiffSource {
    /// True once in `n` times.
    mutating func oneIn(_ n: Int) -> Bool { below(n) == 0 }

    mutating func bytes(count: Int) -> [UInt8] { (0..<count).map { _ in UInt8(truncatingIfNeeded: next()) } }

    /// Data for zlib to compress: mostly short, some past 32 KiB (the farthest distance);
    /// random bytes, runs, words, or a chunk repeated about 32 KiB later.
    mutating func sample() -> [UInt8] {
        let size = switch below(10) {
        case 0..<3: below(65)
        case 3..<7: below(2_001)
        case 7..<9: below(20_001)
        default: 32_000 + below(38_001)
        }
        var data: [UInt8] = []
        data.reserveCapacity(size)
        switch below(4) {
        case 0:
            data = bytes(count: size)
        case 1:
            while data.count < size { data += repeatElement(UInt8(truncatingIfNeeded: next()), count: min(size - data.count, 1 + below(300))) }
        case 2:
            let words = ["the ", "archive ", "key ", "value ", "zlib ", "inflate ", "\n", "{\"id\": ", "42, ", "true"]
            while data.count < size { data += words[below(words.count)].utf8.prefix(size - data.count) }
        default:
            let chunk = bytes(count: 1 + below(2_000))
            while data.count < size {
                data += chunk.prefix(size - data.count)
                data += bytes(count: min(size - data.count, 30_000 + below(2_800)))
            }
        }
        return data
    }
}
