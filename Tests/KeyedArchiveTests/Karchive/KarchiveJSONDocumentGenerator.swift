import Foundation
import KeyedArchiveSamples

// Random JSON documents for the JSON → archive → JSON property (KarchiveJSONPropertyTests):
// every document is one `from-json` must accept, printed twice, independently of `karchive`:
// once with every liberty RFC 8259 allows (whitespace, escapes, number spellings, a byte order
// mark), and once in the canonical text of Spec/JSON.md §6–7, which `to-json` must give back.

/// A JSON value as the generator builds it.
indirect enum TestJSON {
    case null
    case bool(Bool)
    /// A number: how it may be spelled in the input, and how `to-json` spells it.
    case number(spellings: [String], canonical: String)
    case string(String)
    case array([TestJSON])
    case object([(name: String, value: TestJSON)])
}

struct TestJSONGenerator {
    var random: SampleGenerator
    /// When false, each set of canonically equivalent names is spelled one way in the whole
    /// document (ArchiveEncoder's key table may merge the spellings of different containers).
    let mixesEquivalentNames: Bool
    /// The spelling of each equivalence class of names in this document.
    private var spellings: [Int: String] = [:]

    init(seed: UInt64, mixesEquivalentNames: Bool = false) {
        random = SampleGenerator(seed: seed)
        self.mixesEquivalentNames = mixesEquivalentNames
    }

    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &random) < p }
    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
    mutating func pick<T>(_ values: [T]) -> T { values[int(0...values.count - 1)] }

    static let equivalentNames = [["\u{E9}", "e\u{301}"], ["\u{C5}", "\u{212B}", "A\u{30A}"]]

    static let names = [
        "a", "b", "name", "", " ", "7", "007", "-0", "0", "-3", "+7", "7.0", "1e2", "4611686018427387903", "4611686018427387904",
        "-4611686018427387904", "-4611686018427387905", "170141183460469231731687303715884105728",
        "$date", "$$date", "$$$nil", "$$url", "$Date", "$", "$$", "$nil ", "NaN", "🌍", "\u{0}", "\n\"\\/", "\u{2028}", "\u{7F}",
    ]

    static let strings = [
        "", "NaN", "Infinity", "-Infinity", "$date", #"{"$nil":1}"#, "null", "7", "\u{E9}", "e\u{301}", "\u{212B}", "🌍",
        "\u{0}\u{1}\u{1F}\"\\/\u{8}\u{C}\n\r\t", "\u{7F}\u{2028}\u{FEFF}", "2023-03-08T20:26:40.25Z",
    ]

    /// Any text is a URL item's (JSON.md §3), URL or not.
    static let urls = ["https://example.com/a?b=c", "file:///tmp/a%20b", "mailto:a@example.com", "relative/path", "urn:x", "", "a b", "%zz"]

    mutating func name() -> String {
        if chance(0.25) {
            let classIndex = int(0...Self.equivalentNames.count - 1)
            let spellingsOfClass = Self.equivalentNames[classIndex]
            if mixesEquivalentNames { return pick(spellingsOfClass) }
            if spellings[classIndex] == nil { spellings[classIndex] = pick(spellingsOfClass) }
            return spellings[classIndex]!
        }
        return chance(0.7) ? pick(Self.names) : string()
    }

    mutating func string() -> String {
        if chance(0.5) { return pick(Self.strings) }
        let scalars: [Unicode.Scalar] = ["a", "$", "\"", "\\", "/", "\u{0}", "\u{1F}", "\u{7F}", "é", "\u{301}", "🌍", "\u{FFFF}", "\u{10FFFF}"]
        return String(String.UnicodeScalarView((0..<int(0...6)).map { _ in pick(scalars) }))
    }

    mutating func value(depth: Int) -> TestJSON {
        switch int(depth > 0 ? 0...12 : 0...6) {
        case 0: return .null
        case 1: return .bool(chance(0.5))
        case 2: return integer()
        case 3:
            let float = Float(bitPattern: UInt32(truncatingIfNeeded: random.next()))
            return real(chance(0.3) && float.isFinite ? Double(float) : double())
        case 4: return .string(string())
        case 5, 6: return wrapper(depth: depth)
        case 7, 8: return .array((0..<int(0...4)).map { _ in value(depth: depth - 1) })
        case 9: return escapedLookalike(depth: depth)
        default: return object(depth: depth)
        }
    }

    /// An object of members with distinct keys (no two names equal or canonically equivalent);
    /// a one-member object never has a wrapper's name.
    mutating func object(depth: Int) -> TestJSON {
        var members: [(name: String, value: TestJSON)] = []
        var seen = Set<String>()
        for _ in 0..<int(0...5) {
            let name = name()
            guard seen.insert(name).inserted else { continue }
            members.append((name, value(depth: depth - 1)))
        }
        if members.count == 1, let dollars = Self.wrapperDollars(members[0].name), dollars == 1 {
            members[0].name = "$" + members[0].name
        }
        return .object(members)
    }

    /// A one-member object whose name is a wrapper's with more `$`, or not quite a wrapper's.
    mutating func escapedLookalike(depth: Int) -> TestJSON {
        let name = pick(["$$date", "$$nil", "$$$float", "$$data", "$$uuid", "$$url", "$$double", "$Date", "$", "$date ", "date", "$dat"])
        return .object([(name, value(depth: depth - 1))])
    }

    mutating func wrapper(depth: Int) -> TestJSON {
        switch int(0...8) {
        case 0: return .object([("$nil", Self.integer(String(pick([1, 2, 511, int(1...511)]))))])
        case 1: return .object([(pick(["$float", "$double"]), .string(pick(["NaN", "Infinity", "-Infinity"])))])
        case 2: return .object([("$data", .string(Data((0..<int(0...10)).map { _ in UInt8(truncatingIfNeeded: random.next()) }).base64EncodedString()))])
        case 3: return .object([("$uuid", .string(MappingNodeGenerator.uuidString(random.next(), random.next())))])
        case 4: return .object([("$url", .string(pick(Self.urls)))])
        case 5: return .object([("$date", real(pick([-63_113_904_001, 252_423_993_600, 1e15, -1e300, .greatestFiniteMagnitude, -0.0, 5e20])))])
        case 6: return .object([("$date", .string(pick(["NaN", "Infinity", "-Infinity"])))])
        default: return .object([("$date", .string(isoDate()))])
        }
    }

    /// A canonical ISO 8601 date: whole seconds of a valid civil date and time, and 0–3
    /// fraction digits without a trailing zero. Those are the shortest decimal of the nearest
    /// double, since doubles of dates within the years 1–9999 are finer than 10^-4 s.
    mutating func isoDate() -> String {
        let year = pick([1, 1582, 1970, 2000, 2001, 2024, 9999, int(1...9999)])
        let month = int(1...12)
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        let day = pick([1, days, int(1...days)])
        func two(_ n: Int) -> String { String(n).leftPadded(2) }
        var text = "\(String(year).leftPadded(4))-\(two(month))-\(two(day))T\(two(int(0...23))):\(two(int(0...59))):\(two(int(0...59)))"
        let digits = int(0...3)
        if digits > 0 {
            var fraction = String(int(0...Int(pow(10, Double(digits))) - 1)).leftPadded(digits)
            while fraction.hasSuffix("0") { fraction.removeLast() }
            if !fraction.isEmpty { text += "." + fraction }
        }
        return text + "Z"
    }

    mutating func integer() -> TestJSON {
        switch int(0...4) {
        case 0: return Self.integer(pick(["0", "-1", "127", "128", "-129", "170141183460469231731687303715884105727",
                                          "-170141183460469231731687303715884105728", "340282366920938463463374607431768211455"]))
        case 1:
            // "-0" and integers beyond 128 bits are read as doubles.
            let text = pick(["-0", "340282366920938463463374607431768211456", "-170141183460469231731687303715884105729", "1" + String(repeating: "0", count: 300)])
            return .number(spellings: [text], canonical: Double(text)!.description)
        default: return Self.integer(String(Int64(bitPattern: random.next()) >> int(0...63)))
        }
    }

    static func integer(_ text: String) -> TestJSON { .number(spellings: [text], canonical: text) }

    mutating func double() -> Double {
        if chance(0.3) {
            return pick([0, -0.0, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 0.1, 1e-4,
                         1e-4.nextDown, 9_007_199_254_740_992, 9_007_199_254_740_994, 1e21, 1e22, 1e23, 0.3, 100])
        }
        while true {
            let x = Double(bitPattern: random.next())
            if x.isFinite { return x }
        }
    }

    /// A non-integer number: several spellings of the same double.
    func real(_ x: Double) -> TestJSON {
        let canonical = x.description
        var spellings = [canonical, String(format: "%.17e", x), canonical.uppercased()]
        if canonical.contains("e") {
            let parts = canonical.split(separator: "e")
            spellings.append((parts[0].contains(".") ? parts[0] + "000" : parts[0] + ".000") + "e" + parts[1])
            spellings.append(parts[0] + "E" + (parts[1].hasPrefix("-") ? parts[1] : "+" + parts[1].drop { $0 == "+" }))
        } else {
            spellings.append(canonical + "00")
        }
        return .number(spellings: spellings, canonical: canonical)
    }

    /// How many `$` precede a wrapper name in `name`, if that is what it is.
    static func wrapperDollars(_ name: String) -> Int? {
        let dollars = name.prefix { $0 == "$" }.count
        guard dollars > 0, ["nil", "float", "double", "data", "date", "uuid", "url"].contains(String(name.dropFirst(dollars))) else { return nil }
        return dollars
    }
}

/// Prints `TestJSON` as the input of `from-json` (with liberties) and as `to-json` must print it.
struct TestJSONPrinter {
    var random: SampleGenerator

    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &random) < p }

    /// Spec/JSON.md §6: compact.
    static func canonical(_ value: TestJSON) -> String {
        switch value {
        case .null: "null"
        case .bool(let b): b ? "true" : "false"
        case .number(_, let canonical): canonical
        case .string(let s): quoted(s)
        case .array(let elements): "[" + elements.map(canonical).joined(separator: ",") + "]"
        case .object(let members): "{" + members.map { quoted($0.name) + ":" + canonical($0.value) }.joined(separator: ",") + "}"
        }
    }

    /// Spec/JSON.md §6: pretty.
    static func pretty(_ value: TestJSON, indent: String = "") -> String {
        let inner = indent + "  "
        switch value {
        case .array(let elements) where !elements.isEmpty:
            return "[\n" + elements.map { inner + pretty($0, indent: inner) }.joined(separator: ",\n") + "\n" + indent + "]"
        case .object(let members) where !members.isEmpty:
            return "{\n" + members.map { inner + quoted($0.name) + ": " + pretty($0.value, indent: inner) }.joined(separator: ",\n") + "\n" + indent + "}"
        default:
            return canonical(value)
        }
    }

    static func quoted(_ s: String) -> String {
        var text = "\""
        for scalar in s.unicodeScalars {
            switch scalar.value {
            case 0x22: text += "\\\""
            case 0x5C: text += "\\\\"
            case 0x08: text += "\\b"
            case 0x0C: text += "\\f"
            case 0x0A: text += "\\n"
            case 0x0D: text += "\\r"
            case 0x09: text += "\\t"
            case 0..<0x20: text += "\\u00" + String(scalar.value, radix: 16, uppercase: true).leftPadded(2)
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text + "\""
    }

    /// The same document with random whitespace, escapes and number spellings.
    mutating func liberal(_ value: TestJSON) -> String {
        var text = space()
        switch value {
        case .null: text += "null"
        case .bool(let b): text += b ? "true" : "false"
        case .number(let spellings, _): text += spellings[Int.random(in: 0..<spellings.count, using: &random)]
        case .string(let s): text += liberalQuoted(s)
        case .array(let elements):
            text += "["
            if elements.isEmpty { text += space() }
            for (i, element) in elements.enumerated() { text += (i > 0 ? "," : "") + liberal(element) }
            text += "]"
        case .object(let members):
            text += "{"
            if members.isEmpty { text += space() }
            for (i, member) in members.enumerated() {
                text += (i > 0 ? "," : "") + space() + liberalQuoted(member.name) + space() + ":" + liberal(member.value)
            }
            text += "}"
        }
        return text + space()
    }

    mutating func space() -> String {
        chance(0.7) ? "" : String((0..<Int.random(in: 1...3, using: &random)).map { _ in [" ", "\n", "\t", "\r"].randomElement(using: &random)! })
    }

    mutating func liberalQuoted(_ s: String) -> String {
        var text = "\""
        for scalar in s.unicodeScalars {
            if scalar.value < 0x20 || scalar == "\"" || scalar == "\\" || chance(0.15) {
                if scalar == "/" && chance(0.5) { text += "\\/"; continue }
                if scalar.value > 0xFFFF {
                    let v = scalar.value - 0x10000
                    text += "\\u" + hex(0xD800 + (v >> 10)) + "\\u" + hex(0xDC00 + (v & 0x3FF))
                } else {
                    text += "\\u" + hex(scalar.value)
                }
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
        return text + "\""
    }

    private mutating func hex(_ v: UInt32) -> String {
        let digits = String(v, radix: 16, uppercase: chance(0.5)).leftPadded(4)
        return digits
    }
}
