/// A strict RFC 8259 JSON parser that keeps what the conversion to an archive needs: member
/// order, member names and strings exactly as written (no Unicode normalization), numbers
/// exactly (integers up to 128 bits, not rounded through `Double`), and the offsets of members.
///
/// Errors carry the byte offset of the problem. Nesting is limited (512 levels of containers,
/// as `ArchiveEncoder.maximumDepth`), so hostile input cannot exhaust the stack.
struct JSONParser {
    /// Why the input is not JSON this tool converts, and where.
    struct Failure: Error, CustomStringConvertible {
        let offset: Int
        let reason: String
        var description: String { "invalid JSON at offset \(offset): \(reason)" }
    }

    /// The deepest a container (an array, or an object that is not a wrapper) may be: the
    /// outermost is at depth 1. A wrapper object (`{"$date": …}`) stands for a scalar of the
    /// archive, which the format allows one level below its deepest container, so one may stand
    /// at depth `maximumDepth + 1` (`Spec/JSON.md` §6); its value can only be a scalar.
    static let maximumDepth = 512

    private let bytes: [UInt8]
    private var p = 0

    /// Parses one JSON document, which must be all of `bytes` (whitespace aside; a UTF-8 byte
    /// order mark is skipped).
    static func parse(_ bytes: [UInt8]) throws(Failure) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.p = 3 }
        let value = try parser.value(depth: 1)
        parser.skipWhitespace()
        guard parser.p == bytes.count else { throw parser.fail("unexpected \(parser.describeNext()) after the document") }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private mutating func value(depth: Int) throws(Failure) -> JSONValue {
        skipWhitespace()
        guard p < bytes.count else { throw fail("unexpected end of input, expected a value") }
        switch bytes[p] {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw fail("unexpected \(describeNext()), expected a value")
        }
    }

    private mutating func object(depth: Int) throws(Failure) -> JSONValue {
        guard depth <= Self.maximumDepth + 1 else { throw fail(Self.tooDeep) }
        // One level past the containers' limit, only a wrapper: told at the `}` of an empty
        // object, by the first name once it is read, and at the `,` before a second member
        // (`Spec/JSON.md` §6), so that which problem comes first is the same for every reader.
        let onlyWrapper = depth > Self.maximumDepth
        let open = p
        p += 1
        var members: [JSONMember] = []
        skipWhitespace()
        if p < bytes.count, bytes[p] == UInt8(ascii: "}") {
            guard !onlyWrapper else { throw Failure(offset: open, reason: Self.tooDeep) }
            p += 1
            return .object([])
        }
        while true {
            skipWhitespace()
            guard p < bytes.count, bytes[p] == UInt8(ascii: "\"") else { throw fail("unexpected \(describeNext()), expected a member name in quotes") }
            // Repeated names are a matter of the mapping (which names are the same archive
            // key), so `JSONToArchive` refuses them, with these offsets.
            let nameOffset = p
            let name = try string()
            if onlyWrapper, JSONMapping.wrapperName(name)?.dollars != 1 {
                throw Failure(offset: open, reason: Self.tooDeep)
            }
            skipWhitespace()
            try expect(":")
            skipWhitespace()
            let valueOffset = p
            members.append(JSONMember(name: name, value: try value(depth: depth + 1), nameOffset: nameOffset, valueOffset: valueOffset))
            skipWhitespace()
            if try endOrComma("}") { return .object(members) }
            if onlyWrapper { throw Failure(offset: open, reason: Self.tooDeep) }
        }
    }

    private mutating func array(depth: Int) throws(Failure) -> JSONValue {
        guard depth <= Self.maximumDepth else { throw fail(Self.tooDeep) }
        p += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if p < bytes.count, bytes[p] == UInt8(ascii: "]") { p += 1; return .array([]) }
        while true {
            elements.append(try value(depth: depth + 1))
            skipWhitespace()
            if try endOrComma("]") { return .array(elements) }
        }
    }

    /// After a member or element: true at the closing bracket, false after a comma.
    private mutating func endOrComma(_ close: Unicode.Scalar) throws(Failure) -> Bool {
        guard p < bytes.count else { throw fail("unexpected end of input, expected \",\" or \"\(close)\"") }
        if bytes[p] == UInt8(ascii: close) { p += 1; return true }
        guard bytes[p] == UInt8(ascii: ",") else { throw fail("unexpected \(describeNext()), expected \",\" or \"\(close)\"") }
        p += 1
        return false
    }

    /// A string or member name, from its opening quote. A problem inside it is reported where
    /// it is (`Spec/JSON.md` §6), the first one met reading from left to right: the first byte
    /// of bytes that are not UTF-8, a raw control character, or the backslash of a bad or
    /// unpaired escape. Only the end of the input, with nothing wrong before it, points at the
    /// opening quote: the whole string is what is missing its end.
    private mutating func string() throws(Failure) -> String {
        let start = p
        p += 1
        var scalars = String.UnicodeScalarView()
        var runStart = p
        // The bytes since the last escape are checked as UTF-8 before anything after them is
        // judged, so that a problem is reported in the order the bytes come.
        func flush(_ end: Int) throws(Failure) {
            guard runStart < end else { return }
            guard let text = String(validating: bytes[runStart..<end], as: UTF8.self) else {
                throw Failure(offset: Self.firstIllFormedByte(bytes[runStart..<end]), reason: "a string is not valid UTF-8")
            }
            scalars.append(contentsOf: text.unicodeScalars)
        }
        while true {
            guard p < bytes.count else {
                try flush(p)
                throw Failure(offset: start, reason: "unterminated string")
            }
            let byte = bytes[p]
            if byte == UInt8(ascii: "\"") {
                try flush(p)
                p += 1
                return String(scalars)
            }
            if byte < 0x20 {
                try flush(p)
                throw fail("control character 0x\(Formatting.hexByte(byte)) in a string must be escaped")
            }
            if byte != UInt8(ascii: "\\") { p += 1; continue }
            try flush(p)
            scalars.append(try escape())
            runStart = p
        }
    }

    /// The offset of the first byte of `run` that does not begin a well-formed UTF-8 sequence
    /// (RFC 3629), reading from its start; a sequence cut off by the end of `run` counts. Only
    /// asked for a run that is known not to be UTF-8.
    static func firstIllFormedByte(_ run: ArraySlice<UInt8>) -> Int {
        var offset = run.startIndex
        var iterator = run.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        while case .valid(let scalar) = parser.parseScalar(from: &iterator) { offset += scalar.count }
        return offset
    }

    /// The escape sequence at `p` (which holds the backslash).
    private mutating func escape() throws(Failure) -> Unicode.Scalar {
        let start = p
        p += 1
        guard p < bytes.count else { throw Failure(offset: start, reason: "unterminated escape sequence") }
        let letter = bytes[p]
        p += 1
        switch letter {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            guard let high = hex4(at: p) else { throw Failure(offset: start, reason: "\\u needs four hex digits") }
            p += 4
            if (0xD800..<0xDC00).contains(high) {
                // Paired only by a low-surrogate escape right after it; whatever else follows
                // (another character, a high surrogate, a bad escape), the unpaired one is this
                // escape, reported at its backslash.
                guard let low = lowSurrogateEscape(at: p) else {
                    throw Failure(offset: start, reason: "\\u\(String(high, radix: 16, uppercase: true)) is half of a surrogate pair without the other half")
                }
                p += 6
                return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
            }
            guard let scalar = Unicode.Scalar(high) else {
                throw Failure(offset: start, reason: "\\u\(String(high, radix: 16, uppercase: true)) is half of a surrogate pair without the other half")
            }
            return scalar
        default:
            throw Failure(offset: start, reason: "invalid escape sequence \\\(Unicode.Scalar(letter).escaped(asASCII: true))")
        }
    }

    /// The four hex digits at `offset` as a number; nil when there are not four there.
    private func hex4(at offset: Int) -> UInt32? {
        guard offset + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for byte in bytes[offset..<offset + 4] {
            guard let digit = Self.hexDigit(byte) else { return nil }
            value = value << 4 | digit
        }
        return value
    }

    /// The value of a `\uDC00`…`\uDFFF` escape at `offset`; nil when there is none there.
    private func lowSurrogateEscape(at offset: Int) -> UInt32? {
        guard offset + 2 <= bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u"),
              let low = hex4(at: offset + 2), (0xDC00..<0xE000).contains(low) else { return nil }
        return low
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// A number: an integer when it has neither fraction nor exponent and fits in 128 bits
    /// (and is not "-0"), otherwise the `Double` nearest to it, as a `Float` when that `Double`
    /// is a `Float` value (`Spec/JSON.md` §4). Every refusal of a number points at its first
    /// byte (`Spec/JSON.md` §6), wherever in it the grammar broke.
    private mutating func number() throws(Failure) -> JSONNumber {
        let start = p
        if bytes[p] == UInt8(ascii: "-") { p += 1 }
        guard p < bytes.count, Self.isDigit(bytes[p]) else { throw Failure(offset: start, reason: "a number needs a digit after \"-\"") }
        if bytes[p] == UInt8(ascii: "0") {
            p += 1
            if p < bytes.count, Self.isDigit(bytes[p]) { throw Failure(offset: start, reason: "a number must not start with 0") }
        } else {
            while p < bytes.count, Self.isDigit(bytes[p]) { p += 1 }
        }
        var isInteger = true
        if p < bytes.count, bytes[p] == UInt8(ascii: ".") {
            isInteger = false
            p += 1
            guard p < bytes.count, Self.isDigit(bytes[p]) else { throw Failure(offset: start, reason: "a number needs a digit after \".\"") }
            while p < bytes.count, Self.isDigit(bytes[p]) { p += 1 }
        }
        if p < bytes.count, bytes[p] == UInt8(ascii: "e") || bytes[p] == UInt8(ascii: "E") {
            isInteger = false
            p += 1
            if p < bytes.count, bytes[p] == UInt8(ascii: "+") || bytes[p] == UInt8(ascii: "-") { p += 1 }
            guard p < bytes.count, Self.isDigit(bytes[p]) else { throw Failure(offset: start, reason: "a number needs a digit in its exponent") }
            while p < bytes.count, Self.isDigit(bytes[p]) { p += 1 }
        }
        let text = String(decoding: bytes[start..<p], as: UTF8.self)
        // "-0" is an integer in JSON's grammar, but only a floating-point zero keeps its sign.
        if isInteger && text != "-0" {
            if let n = Int128(text) { return .integer(n < 0 ? .signed(n) : .unsigned(UInt128(n))) }
            if let n = UInt128(text) { return .integer(.unsigned(n)) }
        }
        guard let double = Double(text), double.isFinite else {
            throw Failure(offset: start, reason: "the number \(text) is out of the range of Double")
        }
        let float = Float(double)
        return Double(float) == double ? .float(float) : .double(double)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private mutating func literal(_ word: String) throws(Failure) {
        let utf8 = Array(word.utf8)
        guard bytes.count - p >= utf8.count, Array(bytes[p..<p + utf8.count]) == utf8 else {
            throw fail("unexpected \(describeNext()), expected a value")
        }
        p += utf8.count
    }

    private mutating func expect(_ scalar: Unicode.Scalar) throws(Failure) {
        guard p < bytes.count, bytes[p] == UInt8(ascii: scalar) else { throw fail("unexpected \(describeNext()), expected \"\(scalar)\"") }
        p += 1
    }

    private mutating func skipWhitespace() {
        while p < bytes.count, bytes[p] == 0x20 || bytes[p] == 0x0A || bytes[p] == 0x0D || bytes[p] == 0x09 { p += 1 }
    }

    private func describeNext() -> String {
        guard p < bytes.count else { return "end of input" }
        let byte = bytes[p]
        if byte >= 0x21 && byte < 0x7F { return "\"\(Character(Unicode.Scalar(byte)))\"" }
        return "byte 0x\(Formatting.hexByte(byte))"
    }

    private func fail(_ reason: String) -> Failure { Failure(offset: p, reason: reason) }

    private static let tooDeep = "nesting deeper than \(maximumDepth) levels"
}
