import Foundation
import Testing
import KeyedArchive

// Scalars at their limits, round-tripped through every position a scalar can take:
// the top level, keyed (generic and concrete overloads), unkeyed (generic and concrete),
// single-value containers (generic and concrete), optionals, and compressed archives.

// MARK: - Comparison that keeps floating-point bit patterns

/// Equal values; floating point compared by bit pattern (so -0 ≠ +0 and NaN payloads count).
fileprivate func sameValue<T: Equatable>(_ a: T, _ b: T) -> Bool {
    if let a = a as? Double, let b = b as? Double { return a.bitPattern == b.bitPattern }
    if let a = a as? Float, let b = b as? Float { return a.bitPattern == b.bitPattern }
    return a == b
}

fileprivate func describe<T>(_ value: T) -> String {
    if let d = value as? Double { return "\(d) (bits 0x\(String(d.bitPattern, radix: 16)))" }
    if let f = value as? Float { return "\(f) (bits 0x\(String(f.bitPattern, radix: 16)))" }
    if let s = value as? String, s.utf8.count > 80 { return "String of \(s.utf8.count) UTF-8 bytes" }
    return String(reflecting: value)
}

// MARK: - Wrappers that put a value in each position

fileprivate enum BoxKey: String, CodingKey { case value, optional, absent }

/// Synthesized: generic `encode(_:forKey:)` / `decode(_:forKey:)`.
fileprivate struct KeyedGeneric<T: Codable & Equatable>: Codable {
    var value: T
    var optional: T?
}

/// Concrete keyed overloads (`encode(_: Int8, forKey:)`, `decodeIfPresent(Int8.self, …)`).
fileprivate struct KeyedConcrete<T: Codable & Equatable>: Codable {
    var value: T
    init(_ value: T) { self.value = value }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: BoxKey.self)
        switch value {
        case let v as Bool: try c.encode(v, forKey: .value); try c.encodeIfPresent(v, forKey: .optional)
        case let v as String: try c.encode(v, forKey: .value); try c.encodeIfPresent(v, forKey: .optional)
        case let v as Double: try c.encode(v, forKey: .value); try c.encodeIfPresent(v, forKey: .optional)
        case let v as Float: try c.encode(v, forKey: .value); try c.encodeIfPresent(v, forKey: .optional)
        case let v as Int: try c.encode(v, forKey: .value); try c.encodeIfPresent(v, forKey: .optional)
        case let v as Int8: try c.encode(v, forKey: .value); try c.encodeIfPresent(v, forKey: .optional)
        case let v as Int16: try c.encode(v, forKey: .value); try c.encodeIfPresent(v, forKey: .optional)
        case let v as Int32: try c.encode(v, forKey: .value); try c.encodeIfPresent(v, forKey: .optional)
        case let v as Int64: try c.encode(v, forKey: .value); try c.encodeIfPresent(v, forKey: .optional)
        case let v as Int128: try c.encode(v, forKey: .value); try c.encodeIfPresent(v, forKey: .optional)
        case let v as UInt: try c.encode(v, forKey: .value); try c.encodeIfPresent(v, forKey: .optional)
        case let v as UInt8: try c.encode(v, forKey: .value); try c.encodeIfPresent(v, forKey: .optional)
        case let v as UInt16: try c.encode(v, forKey: .value); try c.encodeIfPresent(v, forKey: .optional)
        case let v as UInt32: try c.encode(v, forKey: .value); try c.encodeIfPresent(v, forKey: .optional)
        case let v as UInt64: try c.encode(v, forKey: .value); try c.encodeIfPresent(v, forKey: .optional)
        case let v as UInt128: try c.encode(v, forKey: .value); try c.encodeIfPresent(v, forKey: .optional)
        default: try c.encode(value, forKey: .value); try c.encodeIfPresent(value, forKey: .optional)
        }
        try c.encodeNil(forKey: .absent)
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: BoxKey.self)
        func both<V: Decodable>(_ type: V.Type, _ decode: (V.Type, BoxKey) throws -> V, _ decodeIfPresent: (V.Type, BoxKey) throws -> V?) throws -> T {
            let v = try decode(type, .value)
            let o = try decodeIfPresent(type, .optional)
            let a = try decodeIfPresent(type, .absent)
            guard let o, a == nil else {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "decodeIfPresent gave \(String(describing: o)) / \(String(describing: a))"))
            }
            guard let tv = v as? T, let to = o as? T, sameValue(tv, to) else {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "decode and decodeIfPresent disagree"))
            }
            return tv
        }
        switch T.self {
        case is Bool.Type: value = try both(Bool.self, c.decode, c.decodeIfPresent)
        case is String.Type: value = try both(String.self, c.decode, c.decodeIfPresent)
        case is Double.Type: value = try both(Double.self, c.decode, c.decodeIfPresent)
        case is Float.Type: value = try both(Float.self, c.decode, c.decodeIfPresent)
        case is Int.Type: value = try both(Int.self, c.decode, c.decodeIfPresent)
        case is Int8.Type: value = try both(Int8.self, c.decode, c.decodeIfPresent)
        case is Int16.Type: value = try both(Int16.self, c.decode, c.decodeIfPresent)
        case is Int32.Type: value = try both(Int32.self, c.decode, c.decodeIfPresent)
        case is Int64.Type: value = try both(Int64.self, c.decode, c.decodeIfPresent)
        case is Int128.Type: value = try both(Int128.self, c.decode, c.decodeIfPresent)
        case is UInt.Type: value = try both(UInt.self, c.decode, c.decodeIfPresent)
        case is UInt8.Type: value = try both(UInt8.self, c.decode, c.decodeIfPresent)
        case is UInt16.Type: value = try both(UInt16.self, c.decode, c.decodeIfPresent)
        case is UInt32.Type: value = try both(UInt32.self, c.decode, c.decodeIfPresent)
        case is UInt64.Type: value = try both(UInt64.self, c.decode, c.decodeIfPresent)
        case is UInt128.Type: value = try both(UInt128.self, c.decode, c.decodeIfPresent)
        default:
            value = try c.decode(T.self, forKey: .value)
        }
        #expect(try c.decodeNil(forKey: .absent))
    }
}

/// Unkeyed container: the value three times (concrete overload, generic, and decodeIfPresent).
fileprivate struct UnkeyedBox<T: Codable & Equatable>: Codable {
    var value: T
    init(_ value: T) { self.value = value }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.unkeyedContainer()
        switch value {
        case let v as Bool: try c.encode(v)
        case let v as String: try c.encode(v)
        case let v as Double: try c.encode(v)
        case let v as Float: try c.encode(v)
        case let v as Int: try c.encode(v)
        case let v as Int8: try c.encode(v)
        case let v as Int16: try c.encode(v)
        case let v as Int32: try c.encode(v)
        case let v as Int64: try c.encode(v)
        case let v as Int128: try c.encode(v)
        case let v as UInt: try c.encode(v)
        case let v as UInt8: try c.encode(v)
        case let v as UInt16: try c.encode(v)
        case let v as UInt32: try c.encode(v)
        case let v as UInt64: try c.encode(v)
        case let v as UInt128: try c.encode(v)
        default: try c.encode(value)
        }
        try c.encode(value)  // generic
        try c.encodeNil()
        try c.encode(value)  // read back with decodeIfPresent
    }

    init(from decoder: any Decoder) throws {
        var c = try decoder.unkeyedContainer()
        #expect(c.count == 4)
        let concrete: T
        switch T.self {
        case is Bool.Type: concrete = try c.decode(Bool.self) as! T
        case is String.Type: concrete = try c.decode(String.self) as! T
        case is Double.Type: concrete = try c.decode(Double.self) as! T
        case is Float.Type: concrete = try c.decode(Float.self) as! T
        case is Int.Type: concrete = try c.decode(Int.self) as! T
        case is Int8.Type: concrete = try c.decode(Int8.self) as! T
        case is Int16.Type: concrete = try c.decode(Int16.self) as! T
        case is Int32.Type: concrete = try c.decode(Int32.self) as! T
        case is Int64.Type: concrete = try c.decode(Int64.self) as! T
        case is Int128.Type: concrete = try c.decode(Int128.self) as! T
        case is UInt.Type: concrete = try c.decode(UInt.self) as! T
        case is UInt8.Type: concrete = try c.decode(UInt8.self) as! T
        case is UInt16.Type: concrete = try c.decode(UInt16.self) as! T
        case is UInt32.Type: concrete = try c.decode(UInt32.self) as! T
        case is UInt64.Type: concrete = try c.decode(UInt64.self) as! T
        case is UInt128.Type: concrete = try c.decode(UInt128.self) as! T
        default: concrete = try c.decode(T.self)
        }
        let generic = try c.decode(T.self)
        #expect(try c.decodeNil())
        let present = try c.decodeIfPresent(T.self)
        #expect(c.isAtEnd)
        #expect(c.currentIndex == 4)
        guard sameValue(concrete, generic), let present, sameValue(concrete, present) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription:
                "unkeyed positions disagree: \(describe(concrete)) / \(describe(generic)) / \(describe(present as Any))"))
        }
        value = concrete
    }
}

/// Single-value container with the concrete overloads.
fileprivate struct SingleConcrete<T: Codable & Equatable>: Codable {
    var value: T
    init(_ value: T) { self.value = value }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch value {
        case let v as Bool: try c.encode(v)
        case let v as String: try c.encode(v)
        case let v as Double: try c.encode(v)
        case let v as Float: try c.encode(v)
        case let v as Int: try c.encode(v)
        case let v as Int8: try c.encode(v)
        case let v as Int16: try c.encode(v)
        case let v as Int32: try c.encode(v)
        case let v as Int64: try c.encode(v)
        case let v as Int128: try c.encode(v)
        case let v as UInt: try c.encode(v)
        case let v as UInt8: try c.encode(v)
        case let v as UInt16: try c.encode(v)
        case let v as UInt32: try c.encode(v)
        case let v as UInt64: try c.encode(v)
        case let v as UInt128: try c.encode(v)
        default: try c.encode(value)
        }
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        #expect(!c.decodeNil())
        switch T.self {
        case is Bool.Type: value = try c.decode(Bool.self) as! T
        case is String.Type: value = try c.decode(String.self) as! T
        case is Double.Type: value = try c.decode(Double.self) as! T
        case is Float.Type: value = try c.decode(Float.self) as! T
        case is Int.Type: value = try c.decode(Int.self) as! T
        case is Int8.Type: value = try c.decode(Int8.self) as! T
        case is Int16.Type: value = try c.decode(Int16.self) as! T
        case is Int32.Type: value = try c.decode(Int32.self) as! T
        case is Int64.Type: value = try c.decode(Int64.self) as! T
        case is Int128.Type: value = try c.decode(Int128.self) as! T
        case is UInt.Type: value = try c.decode(UInt.self) as! T
        case is UInt8.Type: value = try c.decode(UInt8.self) as! T
        case is UInt16.Type: value = try c.decode(UInt16.self) as! T
        case is UInt32.Type: value = try c.decode(UInt32.self) as! T
        case is UInt64.Type: value = try c.decode(UInt64.self) as! T
        case is UInt128.Type: value = try c.decode(UInt128.self) as! T
        default: value = try c.decode(T.self)
        }
    }
}

/// Single-value container, generic `encode<T>` / `decode<T>`.
fileprivate struct SingleGeneric<T: Codable & Equatable>: Codable {
    var value: T
    init(_ value: T) { self.value = value }
    func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(value)
    }
    init(from decoder: any Decoder) throws {
        value = try decoder.singleValueContainer().decode(T.self)
    }
}

/// Round-trips `value` through every position and checks it comes back bit for bit.
fileprivate func checkAllPositions<T: Codable & Equatable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) {
    func check(_ label: String, _ body: () throws -> T) {
        do {
            let back = try body()
            #expect(sameValue(value, back), "\(label): \(describe(value)) came back as \(describe(back))", sourceLocation: sourceLocation)
        } catch {
            Issue.record("\(label): round trip of \(describe(value)) threw \(error)", sourceLocation: sourceLocation)
        }
    }
    check("top level") { try roundTrip(value) }
    check("top level, zlib") { try roundTrip(value, .zlib) }
    check("top level optional") {
        guard let back = try roundTrip(Optional(value)) else { throw CancellationError() }
        return back
    }
    check("keyed generic") {
        let back = try roundTrip(KeyedGeneric(value: value, optional: value))
        #expect(back.optional.map { sameValue($0, value) } == true, "keyed optional", sourceLocation: sourceLocation)
        return back.value
    }
    check("keyed concrete") { try roundTrip(KeyedConcrete(value)).value }
    check("unkeyed") { try roundTrip(UnkeyedBox(value)).value }
    check("single value concrete") { try roundTrip(SingleConcrete(value)).value }
    check("single value generic") { try roundTrip(SingleGeneric(value)).value }
    check("array of one (generic position)") {
        let back = try roundTrip([SingleGeneric(value)])
        guard back.count == 1 else { throw CancellationError() }
        return back[0].value
    }
    check("dictionary value") {
        guard let back = try roundTrip(["k": value])["k"] else { throw CancellationError() }
        return back
    }
}

// MARK: - Cases

fileprivate struct ScalarCase: Sendable, CustomTestStringConvertible {
    let name: String
    let run: @Sendable () -> Void
    var testDescription: String { name }
}

fileprivate func scalar<T: Codable & Equatable & Sendable>(_ name: String, _ value: T) -> ScalarCase {
    ScalarCase(name: "\(T.self) \(name)") { checkAllPositions(value) }
}

fileprivate let integerCases: [ScalarCase] = {
    var cases: [ScalarCase] = [
        scalar("min", Int8.min), scalar("max", Int8.max), scalar("0", Int8(0)), scalar("-1", Int8(-1)),
        scalar("min", Int16.min), scalar("max", Int16.max), scalar("0", Int16(0)), scalar("-1", Int16(-1)),
        scalar("min", Int32.min), scalar("max", Int32.max), scalar("0", Int32(0)), scalar("-1", Int32(-1)),
        scalar("min", Int64.min), scalar("max", Int64.max), scalar("0", Int64(0)), scalar("-1", Int64(-1)),
        scalar("min", Int.min), scalar("max", Int.max), scalar("0", 0), scalar("-1", -1),
        scalar("max", UInt8.max), scalar("0", UInt8(0)),
        scalar("max", UInt16.max), scalar("0", UInt16(0)),
        scalar("max", UInt32.max), scalar("0", UInt32(0)),
        scalar("max", UInt64.max), scalar("0", UInt64(0)),
        scalar("max", UInt.max), scalar("0", UInt(0)),
        scalar("min", Int128.min), scalar("max", Int128.max), scalar("0", Int128(0)), scalar("-1", Int128(-1)),
        scalar("min+1", Int128.min + 1), scalar("Int64.min-1", Int128(Int64.min) - 1),
        scalar("max", UInt128.max), scalar("0", UInt128(0)), scalar("UInt64.max+1", UInt128(UInt64.max) + 1),
        scalar("2^126", UInt128(1) << 126), scalar("2^127", UInt128(1) << 127),
    ]
    // The fixint boundary and its neighbours, in several widths.
    for v in [126, 127, 128, 129, 255, 256, -127, -128, -129] {
        cases.append(scalar("\(v)", v))
        cases.append(scalar("\(v)", Int16(v)))
        cases.append(scalar("\(v)", Int128(v)))
        if let i8 = Int8(exactly: v) { cases.append(scalar("\(v)", i8)) }
        if let u8 = UInt8(exactly: v) { cases.append(scalar("\(v)", u8)) }
    }
    // Powers of two and their neighbours (varint length boundaries).
    for shift in [7, 8, 14, 15, 16, 21, 28, 31, 32, 35, 42, 49, 56, 62, 63] {
        let p = UInt64(1) << shift
        cases.append(scalar("2^\(shift)", p))
        cases.append(scalar("2^\(shift)-1", p - 1))
        if shift < 63 {
            cases.append(scalar("2^\(shift)", Int64(p)))
            cases.append(scalar("-2^\(shift)", -Int64(p)))
            cases.append(scalar("-2^\(shift)-1", -Int64(p) - 1))
        }
    }
    return cases
}()

fileprivate let floatCases: [ScalarCase] = [
    scalar("+0", 0.0), scalar("-0", -0.0),
    scalar("+inf", Double.infinity), scalar("-inf", -Double.infinity),
    scalar("nan", Double.nan), scalar("-nan", -Double.nan),
    scalar("signaling nan", Double.signalingNaN),
    scalar("nan payload 0x1234", Double(nan: 0x1234, signaling: false)),
    scalar("signaling nan payload 0x55", Double(nan: 0x55, signaling: true)),
    scalar("nan all payload bits", Double(bitPattern: 0xFFFF_FFFF_FFFF_FFFF)),
    scalar("leastNonzeroMagnitude", Double.leastNonzeroMagnitude),
    scalar("-leastNonzeroMagnitude", -Double.leastNonzeroMagnitude),
    scalar("largest subnormal", Double.leastNormalMagnitude.nextDown),
    scalar("leastNormalMagnitude", Double.leastNormalMagnitude),
    scalar("greatestFiniteMagnitude", Double.greatestFiniteMagnitude),
    scalar("-greatestFiniteMagnitude", -Double.greatestFiniteMagnitude),
    scalar("pi", Double.pi), scalar("0.1", 0.1), scalar("2^53+2", 9007199254740994.0),
    scalar("+0", Float(0)), scalar("-0", -Float(0)),
    scalar("+inf", Float.infinity), scalar("-inf", -Float.infinity),
    scalar("nan", Float.nan), scalar("-nan", -Float.nan),
    scalar("signaling nan", Float.signalingNaN),
    scalar("nan payload 0x1234", Float(nan: 0x1234, signaling: false)),
    scalar("signaling nan payload 0x55", Float(nan: 0x55, signaling: true)),
    scalar("leastNonzeroMagnitude", Float.leastNonzeroMagnitude),
    scalar("largest subnormal", Float.leastNormalMagnitude.nextDown),
    scalar("greatestFiniteMagnitude", Float.greatestFiniteMagnitude),
    scalar("-greatestFiniteMagnitude", -Float.greatestFiniteMagnitude),
    scalar("0.1", Float(0.1)),
]

fileprivate let otherCases: [ScalarCase] = [
    scalar("true", true), scalar("false", false),
    scalar("empty", ""),
    scalar("ASCII", "Hello, world!"),
    scalar("Latin-1", "héllo wörld ÿ"),
    scalar("CJK", "日本語のテキスト"),
    scalar("4-byte", "𝄞 𐍈 🂡"),
    scalar("emoji ZWJ family", "👨‍👩‍👧‍👦"),
    scalar("flag + rainbow flag", "🇫🇷🏳️‍🌈"),
    scalar("skin tones", "👍🏽👋🏿"),
    scalar("combining", "e\u{301}a\u{308}\u{20DD}"),
    scalar("NUL inside", "a\u{0}b\u{0}"),
    scalar("only NUL", "\u{0}"),
    scalar("BOM and controls", "\u{FEFF}\u{1}\u{7F}\u{80}\u{FFFF}"),
    scalar("127 bytes", String(repeating: "x", count: 127)),
    scalar("128 bytes", String(repeating: "x", count: 128)),
    scalar("16384 bytes", String(repeating: "y", count: 16384)),
]

@Suite struct EdgeScalarTests {
    @Test(arguments: integerCases)
    fileprivate func integers(_ c: ScalarCase) { c.run() }

    @Test(arguments: floatCases)
    fileprivate func floatingPoint(_ c: ScalarCase) { c.run() }

    @Test(arguments: otherCases)
    fileprivate func boolsAndStrings(_ c: ScalarCase) { c.run() }

    @Test func oneMegabyteString() throws {
        var s = String(repeating: "abcdefghé😀", count: (1 << 20) / 14 + 1)
        s += "\u{0}end"
        #expect(s.utf8.count > 1_000_000)
        let data = try ArchiveEncoder().encode(s)
        #expect(data.count < s.utf8.count + 32)
        #expect(try ArchiveDecoder().decode(String.self, from: data) == s)
        #expect(try roundTrip(KeyedGeneric(value: s, optional: nil)).value == s)
        #expect(try roundTrip(UnkeyedBox(s)).value == s)
        #expect(try roundTrip(s, .zlib) == s)
    }

    @Test func negativeZeroKeepsItsSignInPackedArrays() throws {
        let doubles: [Double] = [-0.0, 0.0, .signalingNaN, Double(nan: 77, signaling: false), -.nan, .leastNonzeroMagnitude]
        let back = try roundTrip(doubles)
        #expect(back.map(\.bitPattern) == doubles.map(\.bitPattern))
        let floats: [Float] = [-0.0, 0.0, .signalingNaN, Float(nan: 77, signaling: true), -.nan, .leastNonzeroMagnitude]
        let backF = try roundTrip(floats)
        #expect(backF.map(\.bitPattern) == floats.map(\.bitPattern))
        // The generic path (not packed) keeps the bits too.
        let contiguous = ContiguousArray(doubles)
        #expect(try roundTrip(contiguous).map(\.bitPattern) == doubles.map(\.bitPattern))
    }

    @Test func integersWidenAndNarrowOnlyWhenExact() throws {
        let data = try ArchiveEncoder().encode(Int64(300))
        #expect(try ArchiveDecoder().decode(Int16.self, from: data) == 300)
        #expect(try ArchiveDecoder().decode(UInt128.self, from: data) == 300)
        #expect(try ArchiveDecoder().decode(Double.self, from: data) == 300)
        #expect(throws: DecodingError.self) { try ArchiveDecoder().decode(Int8.self, from: data) }
        #expect(throws: DecodingError.self) { try ArchiveDecoder().decode(UInt8.self, from: data) }

        let negative = try ArchiveEncoder().encode(Int8(-1))
        #expect(throws: DecodingError.self) { try ArchiveDecoder().decode(UInt64.self, from: negative) }
        #expect(try ArchiveDecoder().decode(Int128.self, from: negative) == -1)

        let huge = try ArchiveEncoder().encode(UInt128.max)
        #expect(throws: DecodingError.self) { try ArchiveDecoder().decode(Int128.self, from: huge) }
        #expect(throws: DecodingError.self) { try ArchiveDecoder().decode(UInt64.self, from: huge) }
        // Not exactly representable as Double: must not round silently.
        #expect(throws: DecodingError.self) { try ArchiveDecoder().decode(Double.self, from: huge) }
        let min = try ArchiveEncoder().encode(Int128.min)
        #expect(try ArchiveDecoder().decode(Int128.self, from: min) == .min)
        #expect(throws: DecodingError.self) { try ArchiveDecoder().decode(Int64.self, from: min) }
        // 2^53 + 1 is not a Double.
        let odd = try ArchiveEncoder().encode(Int64(1) << 53 + 1)
        #expect(throws: DecodingError.self) { try ArchiveDecoder().decode(Double.self, from: odd) }
        #expect(throws: DecodingError.self) { try ArchiveDecoder().decode(Float.self, from: odd) }
    }

    @Test func floatsNeverBecomeIntegersAndBoolsStayBools() throws {
        let d = try ArchiveEncoder().encode(1.0)
        #expect(throws: DecodingError.self) { try ArchiveDecoder().decode(Int.self, from: d) }
        #expect(throws: DecodingError.self) { try ArchiveDecoder().decode(Bool.self, from: d) }
        let b = try ArchiveEncoder().encode(true)
        #expect(throws: DecodingError.self) { try ArchiveDecoder().decode(Int.self, from: b) }
        #expect(throws: DecodingError.self) { try ArchiveDecoder().decode(String.self, from: b) }
        let one = try ArchiveEncoder().encode(1)
        #expect(throws: DecodingError.self) { try ArchiveDecoder().decode(Bool.self, from: one) }
    }

    @Test func floatReadFromDoubleIsExactOrFails() throws {
        #expect(try ArchiveDecoder().decode(Float.self, from: ArchiveEncoder().encode(0.5)) == 0.5)
        #expect(try ArchiveDecoder().decode(Float.self, from: ArchiveEncoder().encode(-0.0)).bitPattern == (-Float(0)).bitPattern)
        #expect(try ArchiveDecoder().decode(Float.self, from: ArchiveEncoder().encode(Double.infinity)) == .infinity)
        #expect(try ArchiveDecoder().decode(Float.self, from: ArchiveEncoder().encode(Double.nan)).isNaN)
        #expect(throws: DecodingError.self) { try ArchiveDecoder().decode(Float.self, from: ArchiveEncoder().encode(0.1)) }
        #expect(throws: DecodingError.self) { try ArchiveDecoder().decode(Float.self, from: ArchiveEncoder().encode(Double.greatestFiniteMagnitude)) }
        // Float read as Double widens exactly.
        #expect(try ArchiveDecoder().decode(Double.self, from: ArchiveEncoder().encode(Float(0.1))) == Double(Float(0.1)))
    }

    @Test func characterHeavyKeys() throws {
        let keys = [
            "", " ", "\u{0}", "a\u{0}b", "é", "👨‍👩‍👧‍👦", "🇯🇵", "日本", "key with spaces", "\u{FEFF}",
            "super", "Index 0", String(repeating: "k", count: 10_000), "😀😀😀😀😀😀😀😀😀😀",
            // Strings that look like integers: must come back as exactly these strings.
            "0", "7", "007", "-0", "+7", "-7", " 7", "4611686018427387903", "4611686018427387904",
            "-4611686018427387904", "-4611686018427387905", "9223372036854775807", "-9223372036854775808",
            "99999999999999999999",
        ]
        var dict: [String: Int] = [:]
        for (i, k) in keys.enumerated() { dict[k] = i }
        #expect(dict.count == keys.count)
        #expect(try roundTrip(dict) == dict)
        #expect(try roundTrip(dict, .zlib) == dict)
        let nested = ["outer 🍎": dict, "": [:]]
        #expect(try roundTrip(nested) == nested)
    }

    @Test func integerDictionaryKeysAtTheirLimits() throws {
        let dict: [Int: String] = [
            0: "zero", -1: "minus one", 1: "one", 63: "63", 64: "64", -64: "-64", -65: "-65",
            Int.max: "max", Int.min: "min", (1 << 62) - 1: "2^62-1", 1 << 62: "2^62", -(1 << 62): "-2^62",
            -(1 << 62) - 1: "-2^62-1",
        ]
        #expect(try roundTrip(dict) == dict)
        #expect(try roundTrip(dict, .zlib) == dict)
    }
}
