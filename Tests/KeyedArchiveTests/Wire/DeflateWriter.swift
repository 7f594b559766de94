// The hand-written deflate streams of `InflaterTests`.

import CZlib

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
