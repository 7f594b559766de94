/// A zlib stream (RFC 1950) inflater in pure Swift, for where there is no zlib: Embedded Swift
/// on 32-bit WebAssembly. It gives exactly the outcome of `Zlib.inflate` on every input: the
/// same success, or an error of the same kind at the same offset (`InflaterTests` compare the
/// two).
///
/// §11 step 4 of `Spec/FORMAT.md` says "the first of these that happens decides", reading the
/// stream in order. This decoder reads one whole *item* at a time (a block header, a table
/// size, a code length with its repeat bits, a literal, or a match: length symbol, length extra
/// bits, distance symbol, distance extra bits) and judges it only once it is read: input that
/// ends within an item is `truncated`; a complete item that is invalid, or that needs more output
/// than is left, is `compression`. That is also the order in which zlib's `inflate` fails, with
/// the few zlib rules spelled out where they are applied.
///
/// Huffman codes are decoded the canonical way of zlib's `puff.c` (a count of codes per length
/// and the symbols in code order), which is short and plainly correct; this is the fallback
/// where zlib is missing, not the hot path.
enum Inflater {
    /// Inflates `stream` into `destination`, which must be exactly filled, with the stream ending
    /// exactly at its end. `offset` is where the stream starts in the archive, for error
    /// messages.
    ///
    /// - Throws: `ArchiveFormatError`: `.truncated` at `offset + stream.count` when the input ends
    ///   before the stream does; `.compression` at `offset` when the stream is not zlib, its
    ///   deflate data is invalid, its Adler-32 does not match, or it inflates to more or fewer
    ///   than `destination.count` bytes; `.malformed` at the first byte after the stream.
    static func inflate(_ stream: UnsafeRawBufferPointer, into destination: UnsafeMutableRawBufferPointer, offset: Int) throws(ArchiveFormatError) {
        // The 2-byte header is judged once both bytes are in (FDICT included: §11 forbids a
        // preset dictionary whether or not its DICTID follows).
        guard stream.count >= 2 else {
            throw ArchiveFormatError(.truncated, at: offset + stream.count, "compressed body ends before the zlib stream is complete")
        }
        let method = stream[0], flags = stream[1]
        guard (Int(method) << 8 | Int(flags)) % 31 == 0 else { throw invalid(offset, "its header check fails") }
        guard method & 0x0F == 8 else { throw invalid(offset, "its compression method is not deflate") }
        guard method >> 4 <= 7 else { throw invalid(offset, "its window size is over 32 KiB") }
        guard flags & 0x20 == 0 else {
            throw ArchiveFormatError(.compression, at: offset, "the zlib stream asks for a preset dictionary (FDICT)")
        }

        var state = State(stream: stream, destination: destination, offset: offset)
        var isLast = false
        while !isLast {
            isLast = try state.reader.bits(1) == 1
            switch try state.reader.bits(2) {
            case 0: try state.storedBlock()
            case 1: try state.codedBlock(literals: .fixedLiterals, distances: .fixedDistances)
            case 2: try state.dynamicBlock()
            default: throw invalid(offset, "it has a block of type 3")
            }
        }

        // The Adler-32 trailer starts at the next byte boundary and is read whole before it is
        // compared; only then do the declared size and the end of the input count.
        state.reader.skipToByteBoundary()
        var trailer: UInt32 = 0
        for _ in 0..<4 { trailer = trailer << 8 | UInt32(try state.reader.bits(8)) }
        let produced = state.produced
        guard trailer == adler32(UnsafeRawBufferPointer(rebasing: destination[0..<produced])) else {
            throw invalid(offset, "its Adler-32 check does not match")
        }
        guard produced == destination.count else {
            throw ArchiveFormatError(.compression, at: offset, "compressed body inflates to \(produced) bytes, header declares \(destination.count)")
        }
        let consumed = state.reader.consumed
        guard consumed == stream.count else {
            throw ArchiveFormatError(.malformed, at: offset + consumed, "\(stream.count - consumed) bytes follow the end of the zlib stream")
        }
    }

    /// The error for data that is not a valid zlib stream, at the stream's first byte.
    fileprivate static func invalid(_ offset: Int, _ why: String) -> ArchiveFormatError {
        ArchiveFormatError(.compression, at: offset, "compressed body is not a valid zlib stream: \(why)")
    }

    /// The Adler-32 (RFC 1950 §8.2) of `bytes`.
    static func adler32(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        var index = 0
        while index < bytes.count {
            // 5552 is the most bytes whose sums cannot overflow 32 bits before the reduction.
            let end = index + Swift.min(5552, bytes.count - index)
            while index < end {
                a &+= UInt32(bytes[index])
                b &+= a
                index += 1
            }
            a %= 65521
            b %= 65521
        }
        return b << 16 | a
    }

    /// What one inflation has read and written so far.
    private struct State {
        var reader: BitReader
        let destination: UnsafeMutableRawBufferPointer
        /// How many bytes of `destination` are written: the window that distances reach into.
        var produced = 0
        let offset: Int

        init(stream: UnsafeRawBufferPointer, destination: UnsafeMutableRawBufferPointer, offset: Int) {
            reader = BitReader(stream, from: 2, offset: offset)
            self.destination = destination
            self.offset = offset
        }

        /// The error for output beyond the declared size: decided by the data already read.
        var tooMuch: ArchiveFormatError {
            ArchiveFormatError(.compression, at: offset, "compressed body inflates to more than the declared \(destination.count) bytes")
        }

        /// A stored block (RFC 1951 §3.2.4): LEN and NLEN, then LEN bytes as they are.
        mutating func storedBlock() throws(ArchiveFormatError) {
            reader.skipToByteBoundary()
            // Both lengths are read before they are compared, as zlib does.
            let length = try reader.bits(16)
            let complement = try reader.bits(16)
            guard length == complement ^ 0xFFFF else { throw invalid(offset, "a stored block's length and its complement disagree") }
            // Each byte is read before its room is checked: input that ends with the output
            // full is `truncated`, like zlib's, which stops for whichever runs out first and
            // finds the input missing.
            for _ in 0..<length {
                let byte = try reader.bits(8)
                guard produced < destination.count else { throw tooMuch }
                destination[produced] = UInt8(truncatingIfNeeded: byte)
                produced += 1
            }
        }

        /// A dynamic block's code (RFC 1951 §3.2.7), then its data.
        mutating func dynamicBlock() throws(ArchiveFormatError) {
            // All 14 bits are read before the counts are judged.
            let literalCount = try reader.bits(5) + 257
            let distanceCount = try reader.bits(5) + 1
            let codeLengthCount = try reader.bits(4) + 4
            guard literalCount <= 286, distanceCount <= 30 else { throw invalid(offset, "it has too many length or distance symbols") }

            var codeLengthLengths = [UInt8](repeating: 0, count: 19)
            for index in 0..<codeLengthCount {
                codeLengthLengths[HuffmanCode.codeLengthOrder[index]] = UInt8(try reader.bits(3))
            }
            // The code-length code may not be incomplete (but may be empty: see below).
            guard let codeLengths = HuffmanCode(lengths: codeLengthLengths[...], allowsIncomplete: false) else {
                throw invalid(offset, "its code lengths code is over-subscribed or incomplete")
            }

            // The literal/length and distance code lengths are one sequence: a repeat may run
            // from one into the other.
            let total = literalCount + distanceCount
            var lengths = [UInt8]()
            lengths.reserveCapacity(total)
            while lengths.count < total {
                var symbol = try codeLengths.decode(&reader)
                // zlib accepts a code-length code with no codes at all and then reads every
                // code length as 0, one bit each (its table for "no codes" decodes to 0 there);
                // the missing end-of-block code then fails the block below.
                if symbol < 0 { symbol = 0 }
                if symbol < 16 {
                    lengths.append(UInt8(symbol))
                    continue
                }
                // A repeat's extra bits are read before it is judged.
                let repeated: UInt8, count: Int
                switch symbol {
                case 16:
                    let extra = try reader.bits(2)
                    guard let previous = lengths.last else { throw invalid(offset, "a code length repeat has no previous length") }
                    (repeated, count) = (previous, 3 + extra)
                case 17: (repeated, count) = (0, 3 + (try reader.bits(3)))
                default: (repeated, count) = (0, 11 + (try reader.bits(7)))
                }
                guard count <= total - lengths.count else { throw invalid(offset, "a code length repeat runs past the last code") }
                lengths.append(contentsOf: repeatElement(repeated, count: count))
            }

            guard lengths[256] != 0 else { throw invalid(offset, "it has no end-of-block code") }
            // zlib allows an incomplete literal/length or distance code only when it is a single
            // code of one bit (the other one-bit code is then invalid), or no distance code at
            // all (fine until a distance is used).
            guard let literals = HuffmanCode(lengths: lengths[0..<literalCount], allowsIncomplete: true) else {
                throw invalid(offset, "its literal/length code is over-subscribed or incomplete")
            }
            guard let distances = HuffmanCode(lengths: lengths[literalCount..<total], allowsIncomplete: true) else {
                throw invalid(offset, "its distance code is over-subscribed or incomplete")
            }
            try codedBlock(literals: literals, distances: distances)
        }

        /// The data of a fixed or dynamic block, up to and including its end-of-block code.
        mutating func codedBlock(literals: HuffmanCode, distances: HuffmanCode) throws(ArchiveFormatError) {
            while true {
                let symbol = try literals.decode(&reader)
                guard symbol >= 0 else { throw invalid(offset, "it has an invalid literal/length code") }
                if symbol < 256 {
                    guard produced < destination.count else { throw tooMuch }
                    destination[produced] = UInt8(truncatingIfNeeded: symbol)
                    produced += 1
                    continue
                }
                if symbol == 256 { return }
                // A match: length symbol, its extra bits, distance symbol, its extra bits, all
                // read before the distance and the room are judged.
                let lengthIndex = symbol - 257
                // Symbols 286 and 287 exist only in the fixed code, and mean nothing.
                guard lengthIndex < 29 else { throw invalid(offset, "it has an invalid literal/length code") }
                let length = Int(Self.lengthBase[lengthIndex]) + (try reader.bits(Int(Self.lengthExtra[lengthIndex])))
                let distanceSymbol = try distances.decode(&reader)
                // Negative: no code (an empty distance code, or the unused one-bit code);
                // 30 and 31 exist only in the fixed code.
                guard distanceSymbol >= 0, distanceSymbol < 30 else { throw invalid(offset, "it has an invalid distance code") }
                let distance = Int(Self.distanceBase[distanceSymbol]) + (try reader.bits(Int(Self.distanceExtra[distanceSymbol])))
                guard distance <= produced else { throw invalid(offset, "a distance reaches back before the first byte") }
                guard length <= destination.count - produced else { throw tooMuch }
                // Byte by byte: a match may overlap the bytes it writes (distance < length).
                for _ in 0..<length {
                    destination[produced] = destination[produced - distance]
                    produced += 1
                }
            }
        }

        /// The first length of each length symbol 257…285 (RFC 1951 §3.2.5).
        static let lengthBase: [UInt16] = [
            3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
            35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
        ]
        /// The extra bits of each length symbol 257…285.
        static let lengthExtra: [UInt8] = [
            0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
            3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
        ]
        /// The first distance of each distance symbol 0…29.
        static let distanceBase: [UInt16] = [
            1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193,
            257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
        ]
        /// The extra bits of each distance symbol 0…29.
        static let distanceExtra: [UInt8] = [
            0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6,
            7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
        ]
    }

    /// Deflate's bits, least significant first (RFC 1951 §3.1.1), from the stream's bytes.
    struct BitReader {
        private let input: UnsafeRawBufferPointer
        /// The next byte to move into `buffer`.
        private var position: Int
        /// Bits read from the input but not yet used: the lowest is the next.
        private(set) var buffer: UInt64 = 0
        /// How many bits of `buffer` are real; those above are zero.
        private(set) var count = 0
        /// Where the stream starts in the archive: the end of the input is reported from it.
        private let offset: Int

        init(_ input: UnsafeRawBufferPointer, from position: Int, offset: Int) {
            self.input = input
            self.position = position
            self.offset = offset
        }

        /// How many bytes of the input have been used (whole bytes: call after
        /// `skipToByteBoundary`).
        var consumed: Int { position - count / 8 }

        /// Moves whole bytes into `buffer` while it has room for one and input remains.
        mutating func refill() {
            while count <= 56, position < input.count {
                buffer |= UInt64(input[position]) << UInt64(count)
                position += 1
                count += 8
            }
        }

        /// Reads the next `n` (at most 16) bits as a number, the first read its lowest bit.
        mutating func bits(_ n: Int) throws(ArchiveFormatError) -> Int {
            if count < n {
                refill()
                guard count >= n else { throw ended }
            }
            let value = Int(truncatingIfNeeded: buffer & (UInt64(1) << UInt64(n) &- 1))
            drop(n)
            return value
        }

        /// Discards `n` bits, which the caller has seen are there.
        mutating func drop(_ n: Int) {
            buffer >>= UInt64(n)
            count -= n
        }

        /// Discards the rest of the current byte.
        mutating func skipToByteBoundary() { drop(count % 8) }

        /// The input ended before the stream did.
        var ended: ArchiveFormatError {
            ArchiveFormatError(.truncated, at: offset + input.count, "compressed body ends before the zlib stream is complete")
        }
    }

    /// A canonical Huffman code (RFC 1951 §3.2.2) as `puff.c` keeps one: how many codes have
    /// each length, and the symbols in code order.
    struct HuffmanCode {
        /// `counts[n]`: how many symbols have an `n`-bit code (index 0 unused).
        private var counts = [Int](repeating: 0, count: 16)
        /// The symbols with a code, shortest code first, by symbol within a length.
        private var symbols: [Int] = []
        /// The longest code's length; 0 when there are no codes.
        private var longest = 0

        /// The order in which a dynamic block lists the code-length code's lengths.
        static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

        /// The code of `lengths` (0: the symbol has no code), or nil when zlib refuses it:
        /// over-subscribed, or incomplete other than as zlib allows (a single one-bit code,
        /// with `allowsIncomplete`). No codes at all is accepted, as zlib does: decoding then
        /// reads one bit and finds no symbol.
        init?(lengths: ArraySlice<UInt8>, allowsIncomplete: Bool) {
            for length in lengths { counts[Int(length)] += 1 }
            counts[0] = 0
            longest = 15
            while longest > 0, counts[longest] == 0 { longest -= 1 }
            if longest == 0 { return }
            // `left`: the codes of the current length not yet taken. Below 0: over-subscribed.
            var left = 1
            for length in 1...15 {
                left = left * 2 - counts[length]
                if left < 0 { return nil }
            }
            if left > 0, !allowsIncomplete || longest != 1 { return nil }
            // Symbols sorted by code: by length, then by symbol (a counting sort).
            var next = [Int](repeating: 0, count: 16)
            for length in 1..<15 { next[length + 1] = next[length] + counts[length] }
            symbols = [Int](repeating: 0, count: next[15] + counts[15])
            for (symbol, length) in lengths.enumerated() where length != 0 {
                symbols[next[Int(length)]] = symbol
                next[Int(length)] += 1
            }
        }

        /// The fixed literal/length code (RFC 1951 §3.2.6), 286 and 287 included.
        static let fixedLiterals = HuffmanCode(
            lengths: ([UInt8](repeating: 8, count: 144) + [UInt8](repeating: 9, count: 112) + [UInt8](repeating: 7, count: 24) + [UInt8](repeating: 8, count: 8))[...],
            allowsIncomplete: false)!
        /// The fixed distance code: 32 five-bit codes, 30 and 31 included.
        static let fixedDistances = HuffmanCode(lengths: [UInt8](repeating: 5, count: 32)[...], allowsIncomplete: false)!

        /// Reads one code and returns its symbol, or -1 when the bits read are no code (an
        /// incomplete code's missing one, or any bit when there are no codes).
        ///
        /// A code is judged as soon as its last bit is read, as zlib's table lookup does: the
        /// input ending before that is `truncated`, even if the bits then available could only
        /// have led to an invalid code.
        func decode(_ reader: inout BitReader) throws(ArchiveFormatError) -> Int {
            if reader.count < 15 { reader.refill() }
            guard longest > 0 else {
                guard reader.count >= 1 else { throw reader.ended }
                reader.drop(1)
                return -1
            }
            var bits = reader.buffer
            // `code`: the bits read so far, first read most significant; `first`: the first
            // code of the current length; `index`: the first symbol of that length.
            var code = 0, first = 0, index = 0
            for length in 1...longest {
                guard length <= reader.count else { throw reader.ended }
                code |= Int(truncatingIfNeeded: bits & 1)
                bits >>= 1
                let count = counts[length]
                if code - first < count {
                    reader.drop(length)
                    return symbols[index + code - first]
                }
                index += count
                first = (first + count) << 1
                code <<= 1
            }
            // Only an incomplete code gets here: a single one-bit code, and the other bit read.
            reader.drop(longest)
            return -1
        }
    }
}
