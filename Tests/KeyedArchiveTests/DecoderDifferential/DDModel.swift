import Foundation
import KeyedArchive

// The decoder differential suite's data: input values (a logical tree JSON carries faithfully)
// and decoding programs over them, both printable as Swift source for regression tests.

/// A coding key with a string or an integer form (`intValue` set only for integer keys).
struct DDKey: CodingKey, Hashable, Sendable {
    var stringValue: String
    var intValue: Int?
    init(_ string: String) { stringValue = string; intValue = nil }
    init(int: Int) { stringValue = "\(int)"; intValue = int }
    init?(stringValue: String) { self.init(stringValue) }
    init?(intValue: Int) { self.init(int: intValue) }

    var swiftSource: String { intValue.map { "DDKey(int: \($0))" } ?? "DDKey(\(swiftLiteral(stringValue)))" }
}

func swiftLiteral(_ string: String) -> String {
    "\"" + string.unicodeScalars.map { scalar -> String in
        switch scalar {
        case "\"": return "\\\""
        case "\\": return "\\\\"
        case "\n": return "\\n"
        default: return scalar.isASCII && scalar.value >= 0x20 ? String(scalar) : "\\u{\(String(scalar.value, radix: 16))}"
        }
    }.joined() + "\""
}

/// An input value. Doubles are finite and never integral (an integral `Double` is spelled as an
/// integer in JSON); integers are within `Int`.
indirect enum DDValue: Encodable, Equatable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    /// `native`: a homogeneous array of scalars is encoded as one `[Int]`/`[Double]`/`[String]`/
    /// `[Bool]` value (the archive's packed and native forms) instead of element by element.
    case array([DDValue], native: Bool)
    case object([DDEntry])

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .null: var c = encoder.singleValueContainer(); try c.encodeNil()
        case .bool(let v): var c = encoder.singleValueContainer(); try c.encode(v)
        case .int(let v): var c = encoder.singleValueContainer(); try c.encode(v)
        case .double(let v): var c = encoder.singleValueContainer(); try c.encode(v)
        case .string(let v): var c = encoder.singleValueContainer(); try c.encode(v)
        case .array(let elements, let native):
            if native, let ints = elements.allMap({ if case .int(let v) = $0 { v } else { nil } }) {
                var c = encoder.singleValueContainer(); try c.encode(ints)
            } else if native, let doubles = elements.allMap({ if case .double(let v) = $0 { v } else { nil } }) {
                var c = encoder.singleValueContainer(); try c.encode(doubles)
            } else if native, let strings = elements.allMap({ if case .string(let v) = $0 { v } else { nil } }) {
                var c = encoder.singleValueContainer(); try c.encode(strings)
            } else if native, let bools = elements.allMap({ if case .bool(let v) = $0 { v } else { nil } }) {
                var c = encoder.singleValueContainer(); try c.encode(bools)
            } else {
                var c = encoder.unkeyedContainer()
                for element in elements {
                    if element == .null { try c.encodeNil() } else { try c.encode(element) }
                }
            }
        case .object(let entries):
            var c = encoder.container(keyedBy: DDKey.self)
            for entry in entries {
                if entry.value == .null { try c.encodeNil(forKey: entry.key) } else { try c.encode(entry.value, forKey: entry.key) }
            }
        }
    }

    /// The value for `key` in an object (keys match by their string, as in JSON).
    func child(_ key: DDKey) -> DDValue? {
        guard case .object(let entries) = self else { return nil }
        return entries.last { $0.key.stringValue == key.stringValue }?.value
    }

    var size: Int {
        switch self {
        case .array(let elements, _): 1 + elements.reduce(0) { $0 + $1.size }
        case .object(let entries): 1 + entries.reduce(0) { $0 + $1.value.size }
        default: 1
        }
    }

    var swiftSource: String {
        switch self {
        case .null: ".null"
        case .bool(let v): ".bool(\(v))"
        case .int(let v): v == .min ? ".int(.min)" : ".int(\(v))"
        case .double(let v): ".double(\(v))"
        case .string(let v): ".string(\(swiftLiteral(v)))"
        case .array(let elements, let native): ".array([\(elements.map(\.swiftSource).joined(separator: ", "))], native: \(native))"
        case .object(let entries): ".object([\(entries.map { "DDEntry(\($0.key.swiftSource), \($0.value.swiftSource))" }.joined(separator: ", "))])"
        }
    }
}

struct DDEntry: Equatable, Sendable {
    var key: DDKey
    var value: DDValue
    init(_ key: DDKey, _ value: DDValue) { self.key = key; self.value = value }
}

extension Array {
    /// `transform` applied to every element, or `nil` if it fails for one (or the array is empty).
    func allMap<T>(_ transform: (Element) -> T?) -> [T]? {
        guard !isEmpty else { return nil }
        var result: [T] = []
        for element in self {
            guard let value = transform(element) else { return nil }
            result.append(value)
        }
        return result
    }
}

/// What a program asks of one `Decoder`.
indirect enum DDProgram: Equatable, Sendable {
    case keyed([DDKeyedOp])
    /// `container(keyedBy:)` twice on the same decoder, both kept; their operations interleaved.
    case keyedTwice([DDKeyedOp], [DDKeyedOp])
    case unkeyed([DDUnkeyedOp])
    case single([DDSingleOp])
    /// Several programs on the same decoder, one after the other (containers of each kind, and
    /// the same value decoded again one level deeper through a single-value container).
    case sequence([DDProgram])
    case nothing

    var swiftSource: String {
        switch self {
        case .keyed(let ops): ".keyed(\(sourceList(ops)))"
        case .keyedTwice(let a, let b): ".keyedTwice(\(sourceList(a)), \(sourceList(b)))"
        case .unkeyed(let ops): ".unkeyed(\(sourceList(ops)))"
        case .single(let ops): ".single(\(sourceList(ops)))"
        case .sequence(let programs): ".sequence([\(programs.map(\.swiftSource).joined(separator: ", "))])"
        case .nothing: ".nothing"
        }
    }

    var size: Int {
        switch self {
        case .keyed(let ops): 1 + ops.reduce(0) { $0 + $1.size }
        case .keyedTwice(let a, let b): 1 + (a.reduce(0) { $0 + $1.size }) + (b.reduce(0) { $0 + $1.size })
        case .unkeyed(let ops): 1 + ops.reduce(0) { $0 + $1.size }
        case .single(let ops): 1 + ops.reduce(0) { $0 + $1.size }
        case .sequence(let programs): programs.reduce(0) { $0 + $1.size }
        case .nothing: 0
        }
    }
}

protocol DDSourcePrintable { var swiftSource: String { get } }
extension DDKeyedOp: DDSourcePrintable {}
extension DDUnkeyedOp: DDSourcePrintable {}
extension DDSingleOp: DDSourcePrintable {}
func sourceList(_ ops: [some DDSourcePrintable]) -> String { "[" + ops.map(\.swiftSource).joined(separator: ", ") + "]" }

/// An operation on a keyed container.
indirect enum DDKeyedOp: Equatable, Sendable {
    case read(DDKey, DDType)
    case readIfPresent(DDKey, DDType)
    case decodeNil(DDKey)
    case contains(DDKey)
    case allKeys
    case nestedKeyed(DDKey, [DDKeyedOp])
    case nestedUnkeyed(DDKey, [DDUnkeyedOp])
    /// Two nested keyed containers (for the same key or two keys) kept alive at once, their
    /// operations interleaved.
    case nestedPair(DDKey, DDKey, [DDKeyedOp], [DDKeyedOp])
    /// `superDecoder()` for `nil`, else `superDecoder(forKey:)`.
    case superDecoder(DDKey?, DDProgram)
    /// `decode(_:forKey:)` of a nested `Decodable` whose `init(from:)` runs the program.
    case value(DDKey, DDProgram)
    case valueIfPresent(DDKey, DDProgram)

    var swiftSource: String {
        switch self {
        case .read(let k, let t): ".read(\(k.swiftSource), .\(t))"
        case .readIfPresent(let k, let t): ".readIfPresent(\(k.swiftSource), .\(t))"
        case .decodeNil(let k): ".decodeNil(\(k.swiftSource))"
        case .contains(let k): ".contains(\(k.swiftSource))"
        case .allKeys: ".allKeys"
        case .nestedKeyed(let k, let ops): ".nestedKeyed(\(k.swiftSource), \(sourceList(ops)))"
        case .nestedUnkeyed(let k, let ops): ".nestedUnkeyed(\(k.swiftSource), \(sourceList(ops)))"
        case .nestedPair(let k1, let k2, let a, let b): ".nestedPair(\(k1.swiftSource), \(k2.swiftSource), \(sourceList(a)), \(sourceList(b)))"
        case .superDecoder(let k, let p): ".superDecoder(\(k?.swiftSource ?? "nil"), \(p.swiftSource))"
        case .value(let k, let p): ".value(\(k.swiftSource), \(p.swiftSource))"
        case .valueIfPresent(let k, let p): ".valueIfPresent(\(k.swiftSource), \(p.swiftSource))"
        }
    }

    var size: Int {
        switch self {
        case .nestedKeyed(_, let ops): 1 + ops.reduce(0) { $0 + $1.size }
        case .nestedUnkeyed(_, let ops): 1 + ops.reduce(0) { $0 + $1.size }
        case .nestedPair(_, _, let a, let b): 1 + (a.reduce(0) { $0 + $1.size }) + (b.reduce(0) { $0 + $1.size })
        case .superDecoder(_, let p), .value(_, let p), .valueIfPresent(_, let p): 1 + p.size
        default: 1
        }
    }
}

/// An operation on an unkeyed container.
indirect enum DDUnkeyedOp: Equatable, Sendable {
    case read(DDType)
    case readIfPresent(DDType)
    case decodeNil
    case isAtEnd
    case count
    case currentIndex
    case nestedKeyed([DDKeyedOp])
    case nestedUnkeyed([DDUnkeyedOp])
    case superDecoder(DDProgram)
    case value(DDProgram)
    case valueIfPresent(DDProgram)

    var swiftSource: String {
        switch self {
        case .read(let t): ".read(.\(t))"
        case .readIfPresent(let t): ".readIfPresent(.\(t))"
        case .decodeNil: ".decodeNil"
        case .isAtEnd: ".isAtEnd"
        case .count: ".count"
        case .currentIndex: ".currentIndex"
        case .nestedKeyed(let ops): ".nestedKeyed(\(sourceList(ops)))"
        case .nestedUnkeyed(let ops): ".nestedUnkeyed(\(sourceList(ops)))"
        case .superDecoder(let p): ".superDecoder(\(p.swiftSource))"
        case .value(let p): ".value(\(p.swiftSource))"
        case .valueIfPresent(let p): ".valueIfPresent(\(p.swiftSource))"
        }
    }

    var size: Int {
        switch self {
        case .nestedKeyed(let ops): 1 + ops.reduce(0) { $0 + $1.size }
        case .nestedUnkeyed(let ops): 1 + ops.reduce(0) { $0 + $1.size }
        case .superDecoder(let p), .value(let p), .valueIfPresent(let p): 1 + p.size
        default: 1
        }
    }
}

/// An operation on a single-value container.
indirect enum DDSingleOp: Equatable, Sendable {
    case decodeNil
    case read(DDType)
    /// `decode(_:)` of a nested `Decodable` over the same value, one level deeper.
    case value(DDProgram)

    var swiftSource: String {
        switch self {
        case .decodeNil: ".decodeNil"
        case .read(let t): ".read(.\(t))"
        case .value(let p): ".value(\(p.swiftSource))"
        }
    }

    var size: Int {
        if case .value(let p) = self { 1 + p.size } else { 1 }
    }
}
