@testable import KeyedArchive
import Testing

// The named streams of `InflaterTests`: one per rule of `Spec/FORMAT.md` §11 step 4 and per
// choice of zlib's that the inflater must make as zlib does, each with its outcome.

extension InflaterCases {
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
