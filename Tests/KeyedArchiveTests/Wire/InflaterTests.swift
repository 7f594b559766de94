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

    /// A stream named after the rule it breaks (or keeps), with its expected outcome.
    struct Named: CustomTestStringConvertible, Sendable {
        let name: String
        let stream: [UInt8]
        let declared: Int
        let expected: Outcome
        var testDescription: String { name }
    }

    /// §11's rules one by one; zlib's particular choices are named as such.
    static let named: [Named] = {
        let hello = Array("hello".utf8)
        func build(_ body: (inout DeflateWriter) -> Void) -> [UInt8] {
            var writer = DeflateWriter()
            writer.bits(0x78, 8)
            writer.bits(0x9C, 8)  // zlib header: deflate, 32 KiB window, check bits
            body(&writer)
            return writer.bytes
        }
        /// A fixed block (final) holding `hello`, then its Adler-32.
        let fixedHello = build { w in
            w.bits(1, 1); w.bits(1, 2)
            for byte in hello { w.fixedLiteral(Int(byte)) }
            w.fixedLiteral(256)
            w.adler32(hello)
        }
        func fixed(_ items: (inout DeflateWriter) -> Void) -> [UInt8] {
            build { w in w.bits(1, 1); w.bits(1, 2); items(&w); w.fixedLiteral(256); w.adler32([]) }
        }
        /// A final dynamic block's header: HLIT, HDIST, the code-length code's lengths in
        /// their order (HCLEN of them), then the `lengths` written with that code.
        func dynamic(literals: Int, distances: Int, codeLengthCode: [Int], codeLengthCount: Int? = nil, lengths: [Int], _ data: (inout DeflateWriter) -> Void = { _ in }) -> [UInt8] {
            build { w in
                w.bits(1, 1); w.bits(2, 2)
                w.bits(literals - 257, 5); w.bits(distances - 1, 5)
                let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
                let count = codeLengthCount ?? max(4, (order.lastIndex { codeLengthCode[$0] != 0 } ?? 0) + 1)
                w.bits(count - 4, 4)
                for symbol in order.prefix(count) { w.bits(codeLengthCode[symbol], 3) }
                let codes = DeflateWriter.canonicalCodes(codeLengthCode)
                for length in lengths { w.code(codes[length], codeLengthCode[length]) }
                data(&w)
            }
        }
        /// A code-length code that gives 0, 1 and 2 two-bit codes and 3 and 16 (and 17) three.
        var flat = [Int](repeating: 0, count: 19)
        flat[0] = 2; flat[1] = 2; flat[2] = 2; flat[3] = 3; flat[16] = 3
        let failed = { (kind: ArchiveFormatError.Kind, at: Int) in Outcome.failed(kind, at: offset + at) }
        /// `stream`, which ends too early: `truncated` at its end.
        func cut(_ name: String, _ stream: [UInt8], declared: Int = 0) -> Named {
            Named(name: name, stream: stream, declared: declared, expected: failed(.truncated, stream.count))
        }
        /// A code-length code of two one-bit codes, 0 and 16, listed in 7 lengths: the 16 then
        /// ends on bit 55 of the stream, a byte's last but one, and its 2 extra bits are cut.
        var zeroOrRepeat = [Int](repeating: 0, count: 19)
        zeroOrRepeat[0] = 1; zeroOrRepeat[16] = 1
        let compression = Outcome.failed(.compression, at: offset)
        // 257 literal/length codes: only 256 (one bit, the single code zlib allows incomplete).
        let onlyEnd = [Int](repeating: 0, count: 256) + [1]
        var cases: [Named] = [
            Named(name: "empty input", stream: [], declared: 0, expected: failed(.truncated, 0)),
            Named(name: "one byte of header", stream: [0x78], declared: 0, expected: failed(.truncated, 1)),
            Named(name: "header check fails", stream: [0x78, 0x9D, 3, 0], declared: 0, expected: compression),
            Named(name: "method 9", stream: [0x79, 0x18], declared: 0, expected: compression),
            Named(name: "window of 64 KiB (CINFO 8)", stream: [0x88, 0x98, 3, 0], declared: 0, expected: compression),
            Named(name: "FDICT set, no DICTID", stream: [0x78, 0xBB], declared: 0, expected: compression),
            Named(name: "valid fixed block", stream: fixedHello, declared: 5, expected: .inflated(hello)),
            Named(name: "declares one byte more", stream: fixedHello, declared: 6, expected: compression),
            Named(name: "declares one byte less", stream: fixedHello, declared: 4, expected: compression),
            cut("cut within the Adler-32", Array(fixedHello.dropLast()), declared: 5),
            Named(name: "byte after the Adler-32", stream: fixedHello + [0], declared: 5, expected: failed(.malformed, fixedHello.count)),
            Named(name: "Adler-32 off by one", stream: fixedHello.dropLast() + [fixedHello.last! ^ 1], declared: 5, expected: compression),
            Named(name: "block type 3", stream: build { $0.bits(1, 1); $0.bits(3, 2) }, declared: 0, expected: compression),
            Named(name: "stored block, NLEN not LEN's complement", stream: build { $0.bits(1, 3); $0.align(); $0.bits(1, 16); $0.bits(0xFFFF, 16); $0.bits(7, 8) }, declared: 1, expected: compression),
            cut("stored block cut within NLEN", build { $0.bits(1, 3); $0.align(); $0.bits(1, 16); $0.bits(0xFFFE, 8) }, declared: 1),
            // Output full and input ended: zlib asks for input first.
            cut("stored block, output full, input ended", build { $0.bits(1, 3); $0.align(); $0.bits(2, 16); $0.bits(0xFFFD, 16); $0.bits(7, 8) }, declared: 1),
            Named(name: "stored block, one byte too many", stream: build { $0.bits(1, 3); $0.align(); $0.bits(2, 16); $0.bits(0xFFFD, 16); $0.bits(7, 16) }, declared: 1, expected: compression),
            Named(name: "fixed literal/length symbol 286", stream: fixed { $0.fixedLiteral(286) }, declared: 0, expected: compression),
            Named(name: "fixed literal/length symbol 287", stream: fixed { $0.fixedLiteral(287) }, declared: 0, expected: compression),
            Named(name: "fixed distance symbol 30", stream: fixed { $0.fixedLiteral(65); $0.fixedLiteral(257); $0.code(30, 5) }, declared: 4, expected: compression),
            Named(name: "distance 2 after 1 byte", stream: fixed { $0.fixedLiteral(65); $0.fixedLiteral(257); $0.code(1, 5) }, declared: 4, expected: compression),
            Named(name: "distance within the bytes so far", stream: build { w in
                w.bits(1, 1); w.bits(1, 2); w.fixedLiteral(65); w.fixedLiteral(257); w.code(0, 5); w.fixedLiteral(256)
                w.adler32(Array("AAAA".utf8))
            }, declared: 4, expected: .inflated(Array("AAAA".utf8))),
            // A literal decoded with the output full is too much, even with the input then cut.
            Named(name: "literal past the declared size, then cut", stream: Array(fixed { $0.fixedLiteral(65); $0.fixedLiteral(66) }.prefix(5)), declared: 1, expected: compression),
            Named(name: "HLIT 287 (30)", stream: dynamic(literals: 287, distances: 1, codeLengthCode: flat, lengths: []), declared: 0, expected: compression),
            Named(name: "HDIST 31", stream: dynamic(literals: 257, distances: 31, codeLengthCode: flat, lengths: []), declared: 0, expected: compression),
            Named(name: "repeat 16 first", stream: dynamic(literals: 257, distances: 1, codeLengthCode: flat, lengths: [16]) { $0.bits(0, 2) }, declared: 0, expected: compression),
            // The repeat's 2 extra bits are read before "no previous length" is judged.
            cut("repeat 16 first, its extra bits cut", dynamic(literals: 257, distances: 1, codeLengthCode: zeroOrRepeat, codeLengthCount: 7, lengths: [16])),
            Named(name: "repeat 16 first, its extra bits there", stream: dynamic(literals: 257, distances: 1, codeLengthCode: zeroOrRepeat, codeLengthCount: 7, lengths: [16]) { $0.bits(0, 2) }, declared: 0, expected: compression),
            Named(name: "repeat past the last length", stream: dynamic(literals: 257, distances: 1, codeLengthCode: flat, lengths: [Int](repeating: 0, count: 255) + [1, 16]) { $0.bits(0, 2) }, declared: 0, expected: compression),
            Named(name: "missing end-of-block code", stream: dynamic(literals: 257, distances: 1, codeLengthCode: flat, lengths: [Int](repeating: 0, count: 256) + [0, 1]), declared: 0, expected: compression),
            Named(name: "only end-of-block, one bit (incomplete, allowed)", stream: dynamic(literals: 257, distances: 1, codeLengthCode: flat, lengths: onlyEnd + [0]) { w in
                w.bits(0, 1); w.adler32([])
            }, declared: 0, expected: .inflated([])),
            Named(name: "the missing one-bit code", stream: dynamic(literals: 257, distances: 1, codeLengthCode: flat, lengths: onlyEnd + [0]) { $0.bits(1, 1); $0.bits(0, 8) }, declared: 0, expected: compression),
            Named(name: "incomplete two-bit literal/length code", stream: dynamic(literals: 257, distances: 1, codeLengthCode: flat, lengths: [Int](repeating: 0, count: 255) + [2, 2, 0]) { $0.bits(0, 8) }, declared: 0, expected: compression),
            Named(name: "over-subscribed literal/length code", stream: dynamic(literals: 257, distances: 1, codeLengthCode: flat, lengths: [Int](repeating: 0, count: 254) + [1, 1, 1, 0]) { $0.bits(0, 8) }, declared: 0, expected: compression),
            // No distance codes: allowed until a distance is used (1 bit read, then refused).
            Named(name: "no distance codes, a length used", stream: dynamic(literals: 258, distances: 1, codeLengthCode: flat, lengths: [Int](repeating: 0, count: 255) + [2, 2, 1, 0]) { w in
                w.code(2, 2); w.code(0, 1); w.bits(0, 1); w.bits(0, 8)
            }, declared: 4, expected: compression),
        ]
        // A zlib choice: a code-length code with no codes at all is accepted, and reads each
        // of the 258 code lengths as 0 from one bit; the missing end-of-block code then fails.
        let noCodeLengthCodes = build { w in
            w.bits(1, 1); w.bits(2, 2); w.bits(0, 5); w.bits(0, 5); w.bits(0, 4); w.bits(0, 12)
            w.bits(0, 258)
        }
        cases.append(Named(name: "empty code-length code, 258 lengths read", stream: noCodeLengthCodes, declared: 0, expected: compression))
        // … and 251 bits (the stream's 37 bytes hold no more) are not enough: the input ends first.
        let cutCodeLengths = build { w in
            w.bits(1, 1); w.bits(2, 2); w.bits(0, 5); w.bits(0, 5); w.bits(0, 4); w.bits(0, 12)
            w.bits(0, 250)
        }
        cases.append(Named(name: "empty code-length code, input ends in the lengths", stream: cutCodeLengths, declared: 0, expected: failed(.truncated, cutCodeLengths.count)))
        return cases
    }()
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

/// Deflate bits written by hand (RFC 1951): fields least significant bit first, Huffman codes
/// most significant first, so that tests can write any stream, valid or not.
struct DeflateWriter {
    private(set) var bytes: [UInt8] = []
    private var bitCount = 0

    mutating func bits(_ value: Int, _ count: Int) {
        for index in 0..<count {
            if bitCount % 8 == 0 { bytes.append(0) }
            bytes[bytes.count - 1] |= UInt8((value >> index) & 1) << (bitCount % 8)
            bitCount += 1
        }
    }

    mutating func code(_ code: Int, _ length: Int) {
        for index in (0..<length).reversed() { bits(code >> index, 1) }
    }

    /// A symbol of the fixed literal/length code (RFC 1951 §3.2.6).
    mutating func fixedLiteral(_ symbol: Int) {
        switch symbol {
        case 0..<144: code(0x30 + symbol, 8)
        case 144..<256: code(0x190 + symbol - 144, 9)
        case 256..<280: code(symbol - 256, 7)
        default: code(0xC0 + symbol - 280, 8)
        }
    }

    mutating func align() { bitCount = (bitCount + 7) / 8 * 8 }

    /// The byte boundary, then the Adler-32 of `data`, most significant byte first.
    mutating func adler32(_ data: [UInt8]) {
        align()
        let adler = data.withUnsafeBytes { UInt32(CZlib.adler32(1, $0.baseAddress?.assumingMemoryBound(to: Bytef.self), uInt($0.count))) }
        for shift in [24, 16, 8, 0] { bits(Int(adler >> UInt32(shift)) & 0xFF, 8) }
    }

    /// The canonical codes of `lengths` (RFC 1951 §3.2.2); 0 for symbols without one.
    static func canonicalCodes(_ lengths: [Int]) -> [Int] {
        var counts = [Int](repeating: 0, count: 16)
        for length in lengths where length > 0 { counts[length] += 1 }
        var next = [Int](repeating: 0, count: 16)
        for length in 1..<16 { next[length] = (next[length - 1] + counts[length - 1]) << 1 }
        return lengths.map { length in
            guard length > 0 else { return 0 }
            defer { next[length] += 1 }
            return next[length]
        }
    }

    static let fixedLiteralLengths = [Int](repeating: 8, count: 144) + [Int](repeating: 9, count: 112) + [Int](repeating: 7, count: 24) + [Int](repeating: 8, count: 8)
    static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    static let distanceBase = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
    static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

    /// `count` code lengths of at most `longest` bits forming a complete code (one code: 1
    /// bit, the incomplete code zlib allows): a tree grown by splitting random leaves.
    static func completeLengths(_ count: Int, longest: Int, _ random: inout DiffSource) -> [Int] {
        guard count > 1 else { return [Int](repeating: 1, count: count) }
        var depths = [0]
        while depths.count < count {
            var leaf = random.below(depths.count)
            if depths[leaf] >= longest { leaf = depths.indices.min { depths[$0] < depths[$1] }! }
            depths[leaf] += 1
            depths.append(depths[leaf])
        }
        return depths
    }

    /// A zlib stream of one to three random blocks (stored, fixed, dynamic, or now and then
    /// type 3), mostly valid, now and then with a wrong length, code, repeat or check; and the
    /// number of bytes it inflates to when valid.
    static func randomStream(_ random: inout DiffSource) -> ([UInt8], Int) {
        var w = DeflateWriter()
        if random.oneIn(50) { w.bits(random.below(1 << 16), 16) } else { w.bits(0x9C78, 16) }
        var output: [UInt8] = []
        let blocks = 1 + random.below(3)
        for index in 0..<blocks {
            w.bits(index == blocks - 1 || random.oneIn(40) ? 1 : 0, 1)
            switch random.below(20) {
            case 0..<4:
                w.bits(0, 2)
                w.align()
                let length = random.below(40)
                w.bits(length, 16)
                w.bits(random.oneIn(15) ? random.below(1 << 16) : length ^ 0xFFFF, 16)
                let stored = random.bytes(count: length)
                for byte in stored { w.bits(Int(byte), 8) }
                output += stored
            case 4..<9:
                w.bits(1, 2)
                w.items(literals: fixedLiteralLengths, distances: [Int](repeating: 5, count: 32), &output, &random)
            case 9:
                w.bits(3, 2)
            default:
                w.bits(2, 2)
                w.dynamicBlock(&output, &random)
            }
        }
        if random.oneIn(20) { w.bits(random.below(1 << 16), random.below(17)) }
        if random.oneIn(20) { w.align(); w.bits(random.below(1 << 16), 32) } else { w.adler32(output) }
        return (w.bytes, output.count)
    }

    /// A dynamic block's code, now and then broken, then data written with it.
    mutating func dynamicBlock(_ output: inout [UInt8], _ random: inout DiffSource) {
        let literalCount = random.oneIn(40) ? 287 + random.below(2) : 257 + random.below(30)
        let distanceCount = random.oneIn(40) ? 31 + random.below(2) : 1 + random.below(30)
        // The symbols with a code: 256, some literals, some lengths; some distances.
        let literalShare = random.below(256), lengthShare = random.below(256), distanceShare = random.below(256)
        var literals = [Int](repeating: 0, count: literalCount), distances = [Int](repeating: 0, count: distanceCount)
        let usedLiterals = (0..<literalCount).filter { $0 == 256 || random.below(256) < ($0 < 256 ? literalShare / 4 : lengthShare) }
        for (symbol, length) in zip(usedLiterals, Self.completeLengths(usedLiterals.count, longest: 15, &random)) { literals[symbol] = length }
        let usedDistances = random.oneIn(8) ? [] : (0..<distanceCount).filter { _ in random.below(256) < distanceShare }
        for (symbol, length) in zip(usedDistances, Self.completeLengths(usedDistances.count, longest: 15, &random)) { distances[symbol] = length }
        if random.oneIn(12) { literals[random.below(literalCount)] = random.below(16) }
        if random.oneIn(12) { distances[random.below(distanceCount)] = random.below(16) }
        if random.oneIn(40) { literals[256] = 0 }

        // The lengths as code-length symbols: runs of zeros as 17 or 18, repeats as 16.
        let sequence = literals + distances
        var symbols: [(symbol: Int, extra: Int, extraBits: Int)] = random.oneIn(30) ? [(16, random.below(4), 2)] : []
        var index = 0
        while index < sequence.count {
            let value = sequence[index]
            var run = 1
            while index + run < sequence.count, sequence[index + run] == value { run += 1 }
            if value == 0, run >= 3, random.below(4) != 0 {
                let count = run >= 11 && random.oneIn(2) ? min(run, 138) : min(run, 10)
                symbols.append(count <= 10 ? (17, count - 3, 3) : (18, count - 11, 7))
                index += count
            } else if index > 0, sequence[index - 1] == value, run >= 3, random.below(4) != 0 {
                let count = min(run, 6)
                symbols.append((16, count - 3, 2))
                index += count
            } else {
                symbols.append((value, 0, 0))
                index += 1
            }
        }
        if random.oneIn(30) { symbols.append((18, 127, 7)) }

        // The code-length code, over the symbols used (two at least: it must be complete).
        var used = Set(symbols.map(\.symbol))
        if used.count == 1 { used.insert(used.first == 0 ? 1 : 0) }
        var codeLengthCode = [Int](repeating: 0, count: 19)
        for (symbol, length) in zip(used.sorted(), Self.completeLengths(used.count, longest: 7, &random)) { codeLengthCode[symbol] = length }
        if random.oneIn(25) { codeLengthCode = (0..<19).map { _ in random.below(8) } }
        if random.oneIn(40) { codeLengthCode = [Int](repeating: 0, count: 19) }
        let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
        let needed = max(4, (order.lastIndex { codeLengthCode[$0] != 0 } ?? 0) + 1)
        let listed = random.oneIn(5) ? needed + random.below(20 - needed) : needed

        bits(literalCount - 257, 5)
        bits(distanceCount - 1, 5)
        bits(listed - 4, 4)
        for symbol in order.prefix(listed) { bits(codeLengthCode[symbol], 3) }
        let codes = Self.canonicalCodes(codeLengthCode)
        for (symbol, extra, extraBits) in symbols {
            code(codes[symbol], codeLengthCode[symbol])
            bits(extra, extraBits)
        }
        items(literals: literals, distances: distances, &output, &random)
    }

    /// Literals and matches written with the codes of `literals` and `distances` (lengths),
    /// then the end-of-block code if it has one; `output` gets what they inflate to.
    mutating func items(literals: [Int], distances: [Int], _ output: inout [UInt8], _ random: inout DiffSource) {
        let literalCodes = Self.canonicalCodes(literals), distanceCodes = Self.canonicalCodes(distances)
        let byteSymbols = literals.indices.filter { $0 < 256 && literals[$0] > 0 }
        // Length symbols 286 and 287, distance symbols 30 and 31 (the fixed code's unused ones)
        // now and then only.
        let coded = literals.indices.filter { $0 > 256 && literals[$0] > 0 }
        let lengthSymbols = random.oneIn(10) ? coded : coded.filter { $0 < 286 }
        let codedDistances = distances.indices.filter { distances[$0] > 0 }
        let validDistances = codedDistances.filter { $0 < 30 }
        let distanceSymbols = random.oneIn(10) || validDistances.isEmpty ? codedDistances : validDistances
        for _ in 0..<random.below(60) {
            // A match mostly when a distance reaches the bytes so far.
            let near = distanceSymbols.filter { Self.distanceBase[min($0, 29)] <= output.count }
            if !lengthSymbols.isEmpty, random.oneIn(3) || byteSymbols.isEmpty, !near.isEmpty || byteSymbols.isEmpty || random.oneIn(10) {
                let symbol = lengthSymbols[random.below(lengthSymbols.count)]
                code(literalCodes[symbol], literals[symbol])
                guard symbol < 286 else { return }
                let extra = random.below(1 << Self.lengthExtra[symbol - 257])
                bits(extra, Self.lengthExtra[symbol - 257])
                // No distance code: a bit that zlib reads and refuses.
                guard !distanceSymbols.isEmpty else { bits(random.below(2), 1); return }
                let choices = near.isEmpty || random.oneIn(20) ? distanceSymbols : near
                let distanceSymbol = choices[random.below(choices.count)]
                code(distanceCodes[distanceSymbol], distances[distanceSymbol])
                guard distanceSymbol < 30 else { return }
                let extraBits = Self.distanceExtra[distanceSymbol]
                let reach = output.count - Self.distanceBase[distanceSymbol]
                let distanceExtra = random.below(reach >= 0 && !random.oneIn(20) ? min(1 << extraBits, reach + 1) : 1 << extraBits)
                bits(distanceExtra, extraBits)
                let distance = Self.distanceBase[distanceSymbol] + distanceExtra
                guard distance <= output.count else { return }
                for _ in 0..<(Self.lengthBase[symbol - 257] + extra) { output.append(output[output.count - distance]) }
            } else if !byteSymbols.isEmpty {
                let symbol = byteSymbols[random.below(byteSymbols.count)]
                code(literalCodes[symbol], literals[symbol])
                output.append(UInt8(symbol))
            }
        }
        if literals[256] > 0 { code(literalCodes[256], literals[256]) }
    }
}
