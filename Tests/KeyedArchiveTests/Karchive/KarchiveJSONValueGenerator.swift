import Foundation
import KeyedArchiveSamples
import KeyedArchive

// Random Swift values for the archive → JSON → archive property (KarchiveJSONPropertyTests):
// a recursive Codable enum whose cases cover every native type of the format, at its edges,
// in every kind of container. Floating point compares by bits (every NaN equal to every other:
// the mapping keeps NaN, not its payload), so `==` is the property's "same value".

/// A `Float` or `Double` that is equal to another with the same bits, or to any NaN when it is one.
struct ExactFloatingPoint<Value: BinaryFloatingPoint & Codable>: Codable, Equatable {
    var value: Value
    init(_ value: Value) { self.value = value }
    init(from decoder: any Decoder) throws { value = try decoder.singleValueContainer().decode(Value.self) }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
    static func == (a: Self, b: Self) -> Bool {
        // The three fields together are the bit pattern.
        a.value.isNaN ? b.value.isNaN : a.value.sign == b.value.sign && a.value.exponentBitPattern == b.value.exponentBitPattern
            && a.value.significandBitPattern == b.value.significandBitPattern
    }
}

typealias ExactFloat = ExactFloatingPoint<Float>
typealias ExactDouble = ExactFloatingPoint<Double>

/// A `Date` compared by the bits of its seconds (`Date ==` finds 0 and −0 equal, NaN unequal),
/// and described by them (`Date.description` traps for dates like 1e300 s).
struct ExactDate: Codable, Equatable, CustomStringConvertible {
    var value: Date
    init(_ seconds: Double) { value = Date(timeIntervalSinceReferenceDate: seconds) }
    init(from decoder: any Decoder) throws { value = try decoder.singleValueContainer().decode(Date.self) }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
    static func == (a: Self, b: Self) -> Bool {
        ExactDouble(a.value.timeIntervalSinceReferenceDate) == ExactDouble(b.value.timeIntervalSinceReferenceDate)
    }
    var description: String { "Date(timeIntervalSinceReferenceDate: \(value.timeIntervalSinceReferenceDate))" }
}

/// `[Float]` or `[Double]` (a packed array) compared element by element as `ExactFloatingPoint`.
struct ExactFloatingPoints<Value: BinaryFloatingPoint & Codable>: Codable, Equatable {
    var values: [Value]
    init(_ values: [Value]) { self.values = values }
    init(from decoder: any Decoder) throws { values = try decoder.singleValueContainer().decode([Value].self) }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(values)
    }
    static func == (a: Self, b: Self) -> Bool {
        a.values.count == b.values.count && zip(a.values, b.values).allSatisfy { ExactFloatingPoint($0) == ExactFloatingPoint($1) }
    }
}

typealias ExactFloats = ExactFloatingPoints<Float>
typealias ExactDoubles = ExactFloatingPoints<Double>

/// A struct with integer coding keys over the whole key range, its properties present or absent.
struct IntKeyedMappingNode: Codable, Equatable {
    enum CodingKeys: Int, CodingKey {
        case zero = 0, minusOne = -1, seven = 7, smallest = -4_611_686_018_427_387_904, largest = 4_611_686_018_427_387_903
    }
    var zero: MappingNode?
    var minusOne: Int??
    var seven: String?
    var smallest: ExactDouble?
    var largest: [MappingNode]?
}

/// A struct with string coding keys that look like integers and wrappers.
struct OddlyKeyedMappingNode: Codable, Equatable {
    enum CodingKeys: String, CodingKey {
        case seven = "7", padded = "007", minusZero = "-0", dollar = "$date", dollars = "$$nil", empty = ""
    }
    var seven: Int?
    var padded: MappingNode?
    var minusZero: String?
    var dollar: Int?
    var dollars: MappingNode?
    var empty: Bool?
}

struct EmptyMappingNode: Codable, Equatable {}

/// A value of every shape an archive can hold.
indirect enum MappingNode: Codable, Equatable {
    case bool(Bool)
    case int(Int), int8(Int8), int16(Int16), int32(Int32), int64(Int64), int128(Int128)
    case uint(UInt), uint8(UInt8), uint16(UInt16), uint32(UInt32), uint64(UInt64), uint128(UInt128)
    case float(ExactFloat), double(ExactDouble)
    case string(String), data(Data), bytes([UInt8]), date(ExactDate), uuid(UUID), url(URL)
    case optional(Int?), optional2(Int??), optional3(Int???), optionalNode(MappingNode??)
    case optionals([Int???]), optionalNodes([MappingNode??])
    case floats(ExactFloats), doubles(ExactDoubles)
    case ints([Int]), int8s([Int8]), int16s([Int16]), int32s([Int32]), int64s([Int64])
    case uints([UInt]), uint16s([UInt16]), uint32s([UInt32]), uint64s([UInt64])
    case list([MappingNode]), strings([String])
    case stringKeys([String: MappingNode]), intKeys([Int: MappingNode])
    case intKeyed(IntKeyedMappingNode), oddlyKeyed(OddlyKeyedMappingNode)
    case empty(EmptyMappingNode), nothing
}

/// Draws random values from a seed: edges of every type more often than chance would.
struct MappingNodeGenerator {
    var random: SampleGenerator

    init(seed: UInt64) { random = SampleGenerator(seed: seed) }

    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &random) < p }
    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
    mutating func pick<T>(_ values: [T]) -> T { values[int(0...values.count - 1)] }
    mutating func many<T>(_ maximum: Int, _ make: (inout MappingNodeGenerator) -> T) -> [T] {
        (0..<int(0...maximum)).map { _ in make(&self) }
    }

    mutating func integer<T: FixedWidthInteger>(_: T.Type) -> T {
        switch int(0...5) {
        case 0: T.min
        case 1: T.max
        case 2: T(truncatingIfNeeded: int(-2...2))
        case 3: T(truncatingIfNeeded: int(120...300))
        default: T(truncatingIfNeeded: UInt128(random.next()) << 64 | UInt128(random.next()))
        }
    }

    mutating func float() -> Float {
        chance(0.5) ? pick(Self.floatEdges) : Float(bitPattern: UInt32(truncatingIfNeeded: random.next()))
    }

    mutating func double() -> Double {
        switch int(0...3) {
        case 0: pick(Self.doubleEdges)
        case 1: Double(float())
        default: Double(bitPattern: random.next())
        }
    }

    mutating func seconds() -> Double {
        switch int(0...4) {
        case 0: pick(Self.dateEdges)
        case 1: double()
        case 2: Double(int(-63_113_904_000...252_423_993_599))
        default: Double(int(-63_113_904_000...252_423_993_599)) + Double.random(in: 0..<1, using: &random)
        }
    }

    mutating func string() -> String {
        if chance(0.6) { return pick(Self.strings) }
        let scalars: [Unicode.Scalar] = ["a", "$", "\"", "\\", "\u{0}", "\u{1F}", "\u{7F}", "é", "\u{301}", "\u{2028}", "🌍", "\u{FFFF}", "7"]
        return String(String.UnicodeScalarView(many(8) { $0.pick(scalars) }))
    }

    mutating func data() -> Data { Data(many(12) { UInt8(truncatingIfNeeded: $0.random.next()) }) }

    mutating func uuid() -> UUID {
        chance(0.2) ? UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)) : UUID(uuidString: Self.uuidString(random.next(), random.next()))!
    }

    static func uuidString(_ high: UInt64, _ low: UInt64) -> String {
        let hex = (String(high, radix: 16, uppercase: true).leftPadded(16) + String(low, radix: 16, uppercase: true).leftPadded(16)).map(String.init)
        return [hex[0..<8], hex[8..<12], hex[12..<16], hex[16..<20], hex[20..<32]].map { $0.joined() }.joined(separator: "-")
    }

    /// A node; containers only while `depth` lasts.
    mutating func node(depth: Int) -> MappingNode {
        let leaves = 34
        let kind = depth > 0 && chance(0.35) ? int(leaves...leaves + 8) : int(0...leaves - 1)
        switch kind {
        case 0: return .bool(chance(0.5))
        case 1: return .int(integer(Int.self))
        case 2: return .int8(integer(Int8.self))
        case 3: return .int16(integer(Int16.self))
        case 4: return .int32(integer(Int32.self))
        case 5: return .int64(integer(Int64.self))
        case 6: return .int128(integer(Int128.self))
        case 7: return .uint(integer(UInt.self))
        case 8: return .uint8(integer(UInt8.self))
        case 9: return .uint16(integer(UInt16.self))
        case 10: return .uint32(integer(UInt32.self))
        case 11: return .uint64(integer(UInt64.self))
        case 12: return .uint128(integer(UInt128.self))
        case 13: return .float(ExactFloat(float()))
        case 14: return .double(ExactDouble(double()))
        case 15: return .string(string())
        case 16: return .data(data())
        case 17: return .bytes([UInt8](data()))
        case 18: return .date(ExactDate(seconds()))
        case 19: return .uuid(uuid())
        case 20: return .url(URL(string: pick(Self.urls))!)
        case 21: return .optional(chance(0.5) ? nil : integer(Int.self))
        case 22: return .optional2(pick([nil, .some(nil), .some(integer(Int.self))]))
        case 23: return .optional3(pick([nil, .some(nil), .some(.some(nil)), .some(.some(integer(Int.self)))]))
        case 24: return .optionals(many(5) { $0.pick([nil, .some(nil), .some(.some(nil)), .some(.some(.some(3)))]) })
        case 25: return .floats(ExactFloats(many(6) { $0.float() }))
        case 26: return .doubles(ExactDoubles(many(6) { $0.double() }))
        case 27: return .ints(many(6) { $0.integer(Int.self) })
        case 28: return chance(0.5) ? .int8s(many(6) { $0.integer(Int8.self) }) : .int16s(many(6) { $0.integer(Int16.self) })
        case 29: return chance(0.5) ? .int32s(many(6) { $0.integer(Int32.self) }) : .int64s(many(6) { $0.integer(Int64.self) })
        case 30: return chance(0.5) ? .uints(many(6) { $0.integer(UInt.self) }) : .uint16s(many(6) { $0.integer(UInt16.self) })
        case 31: return chance(0.5) ? .uint32s(many(6) { $0.integer(UInt32.self) }) : .uint64s(many(6) { $0.integer(UInt64.self) })
        case 32: return .strings(many(4) { $0.string() })
        case 33: return chance(0.5) ? .empty(EmptyMappingNode()) : .nothing
        case 34: return .list(many(4) { $0.node(depth: depth - 1) })
        case 35: return .optionalNode(pick([nil, .some(nil), .some(node(depth: depth - 1))]))
        case 36: return .optionalNodes(many(3) { $0.pick([nil, .some(nil), .some($0.node(depth: depth - 1))]) })
        case 37, 38:
            // One key, often a wrapper look-alike, or several keys of every kind.
            if chance(0.5) { return .stringKeys([pick(Self.keys): node(depth: depth - 1)]) }
            return .stringKeys(Dictionary(many(4) { ($0.chance(0.5) ? $0.pick(Self.keys) : $0.string(), $0.node(depth: depth - 1)) }, uniquingKeysWith: { a, _ in a }))
        case 39:
            return .intKeys(Dictionary(many(4) { ($0.pick(Self.intKeys + [$0.integer(Int.self)]), $0.node(depth: depth - 1)) }, uniquingKeysWith: { a, _ in a }))
        case 40:
            return .intKeyed(IntKeyedMappingNode(zero: chance(0.5) ? node(depth: depth - 1) : nil, minusOne: pick([nil, .some(nil), .some(-1)]),
                                          seven: chance(0.5) ? string() : nil, smallest: chance(0.5) ? ExactDouble(double()) : nil,
                                          largest: chance(0.5) ? many(2) { $0.node(depth: depth - 1) } : nil))
        default:
            return .oddlyKeyed(OddlyKeyedMappingNode(seven: chance(0.5) ? 7 : nil, padded: chance(0.5) ? node(depth: depth - 1) : nil,
                                              minusZero: chance(0.5) ? string() : nil, dollar: chance(0.7) ? 1 : nil,
                                              dollars: chance(0.5) ? node(depth: depth - 1) : nil, empty: chance(0.3) ? true : nil))
        }
    }

    static let floatEdges: [Float] = [
        0, -0, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude, -.leastNormalMagnitude.nextDown,
        .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .infinity, -.infinity, .nan, -.nan, .signalingNaN,
        Float(bitPattern: 0x3E99_999A), 16_777_216, 16_777_215, 1, -1, 0.1, 1e-4, 1e-5,
    ]

    static let doubleEdges: [Double] = [
        0, -0, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude, .leastNormalMagnitude.nextDown,
        .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .infinity, -.infinity, .nan, -.nan, .signalingNaN,
        9_007_199_254_740_992, 9_007_199_254_740_994, 0.1, 1e-4, 1e-4.nextDown, 1e23, 123_456_789.012_345_67,
    ]

    static let dateEdges: [Double] = [
        0, -0, 0.1, -0.25, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, 700_000_000.25, -63_113_904_000, -63_113_904_000.5, -63_113_904_001,
        252_423_993_599.999_9, 252_423_993_600, 1e15, -1e300, .greatestFiniteMagnitude, .infinity, -.infinity, .nan,
        Date.distantPast.timeIntervalSinceReferenceDate, Date.distantFuture.timeIntervalSinceReferenceDate,
    ]

    /// Strings that look like something else in JSON.
    static let strings = [
        "", "NaN", "Infinity", "-Infinity", "$date", "$$date", "$nil", #"{"$nil":1}"#, "null", "true", "7", "-0", "1e2",
        "\u{E9}", "e\u{301}", "\u{C5}", "\u{212B}", "\u{0}\u{1F}\"\\/\n\t", "🌍", "\u{2028}\u{7F}", "2023-03-08T20:26:40.25Z",
        "AAEC/w==", "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "https://example.com",
    ]

    /// Keys of `[String: MappingNode]`: wrapper look-alikes, integers in and out of the integer-key range.
    static let keys = [
        "$date", "$$date", "$$$date", "$nil", "$float", "$double", "$data", "$uuid", "$url", "$$url", "$Date", "$", "date",
        "7", "007", "-0", "0", "-3", "+7", "7.0", "4611686018427387903", "4611686018427387904", "-4611686018427387904",
        "-4611686018427387905", "9223372036854775807", "", "super", "\u{E9}", "\u{C5}", "🌍",
    ]

    static let intKeys = [0, -1, 1, 7, .min, .max, 1 << 62, (1 << 62) - 1, -(1 << 62), -(1 << 62) - 1]

    static let urls = [
        "https://example.com/a?b=c", "file:///tmp/a%20b", "http://[::1]:8080/", "mailto:a@example.com", "relative/path",
        "https://example.com/%C3%A4?q=%F0%9F%8C%8D#frag", "data:text/plain;base64,AAEC", "urn:uuid:E621E1F8-C36C-495A-93FC-0C247A3E6E5F",
        "https://user:pass@example.com:8443/p;x?y=1&z=2", "$date", "x",
    ]
}

extension String {
    /// The string with zeros in front up to `width` characters.
    func leftPadded(_ width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
