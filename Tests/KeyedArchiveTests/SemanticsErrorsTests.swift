import Foundation
import Testing
@testable import KeyedArchive

// MARK: - Helpers (file-private; shared ones are in Support/)

fileprivate enum Kind: String { case keyNotFound, typeMismatch, valueNotFound, dataCorrupted }

/// Expects `body` to throw a `DecodingError` of `kind` whose coding path (string values) is `path`.
@discardableResult
fileprivate func expectDecodingError(
    _ kind: Kind, path: [String], key: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
) -> DecodingError.Context? {
    do {
        try body()
        Issue.record("expected \(kind) at \(path), but decoding succeeded", sourceLocation: sourceLocation)
        return nil
    } catch let error as DecodingError {
        let actual: Kind
        let context: DecodingError.Context
        switch error {
        case .keyNotFound(let missing, let c):
            actual = .keyNotFound; context = c
            if let key { #expect(missing.stringValue == key, sourceLocation: sourceLocation) }
        case .typeMismatch(_, let c): actual = .typeMismatch; context = c
        case .valueNotFound(_, let c): actual = .valueNotFound; context = c
        case .dataCorrupted(let c): actual = .dataCorrupted; context = c
        @unknown default:
            Issue.record("unknown DecodingError \(error)", sourceLocation: sourceLocation)
            return nil
        }
        #expect(actual == kind, "\(error)", sourceLocation: sourceLocation)
        #expect(context.codingPath.map(\.stringValue) == path, "\(error)", sourceLocation: sourceLocation)
        return context
    } catch {
        Issue.record("expected DecodingError, got \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

/// Encodes `value` in a keyed wrapper, a one-element array and at top level, and expects decoding
/// it as `T` to fail with `kind` in each place (paths `[value]`, `[Index 0]`, `[]`).
fileprivate func expectConversionFails<V: Encodable, T: Decodable>(
    _ value: V, as type: T.Type, _ kind: Kind, sourceLocation: SourceLocation = #_sourceLocation
) {
    expectDecodingError(kind, path: ["value"], sourceLocation: sourceLocation) {
        _ = try unarchive(Box<T>.self, from: archive(Box(value: value)))
    }
    expectDecodingError(kind, path: ["Index 0"], sourceLocation: sourceLocation) {
        _ = try unarchive([T].self, from: archive(Many(values: [value])))
    }
    expectDecodingError(kind, path: [], sourceLocation: sourceLocation) {
        _ = try unarchive(T.self, from: archive(value))
    }
}

/// Encodes `value` in the three places and expects it to decode as `expected`.
fileprivate func expectConversion<V: Encodable, T: Decodable & Equatable>(
    _ value: V, as expected: T, sourceLocation: SourceLocation = #_sourceLocation
) {
    do {
        #expect(try unarchive(Box<T>.self, from: archive(Box(value: value))).value == expected, sourceLocation: sourceLocation)
        #expect(try unarchive([T].self, from: archive(Many(values: [value]))) == [expected], sourceLocation: sourceLocation)
        #expect(try unarchive(T.self, from: archive(value)) == expected, sourceLocation: sourceLocation)
    } catch {
        Issue.record("\(value) as \(T.self): \(error)", sourceLocation: sourceLocation)
    }
}

/// An array written element by element through `encode(_:)` (never as a packed block).
fileprivate struct Many<T: Encodable>: Encodable {
    var values: [T]
    func encode(to encoder: any Encoder) throws {
        var u = encoder.unkeyedContainer()
        for value in values { try u.encode(value) }
    }
}

// MARK: - Models

fileprivate struct Inner: Codable, Equatable { var a: Int; var b: String }
fileprivate struct Outer: Codable, Equatable { var inner: Inner; var list: [Inner] }
fileprivate struct LooseInner: Codable { var a: String?; var b: Int? }
fileprivate struct LooseOuter: Codable { var inner: LooseInner; var list: [LooseInner] }

fileprivate enum Color: String, Codable { case red, green }
fileprivate enum Level: Int, Codable { case low = 1, high = 10 }
fileprivate enum Small: UInt8, Codable { case one = 1 }

// MARK: - Tests

@Suite struct SemanticsErrorsTests {
    // MARK: Paths

    @Test func keyNotFoundHasTheContainerPath() throws {
        let data = try archive(LooseOuter(inner: LooseInner(a: nil, b: 1), list: []))
        let context = expectDecodingError(.keyNotFound, path: ["inner"], key: "a") { _ = try unarchive(Outer.self, from: data) }
        #expect(context?.debugDescription.contains("No value associated with key") == true)
        let listData = try archive(LooseOuter(inner: LooseInner(a: "x", b: 1), list: [LooseInner(a: "1", b: 1), LooseInner(a: "2", b: nil)]))
        // First failure is a type mismatch for `a` (String vs Int) in `inner`.
        expectDecodingError(.typeMismatch, path: ["inner", "a"]) { _ = try unarchive(Outer.self, from: listData) }
        let missing = try archive(["inner": ["a": 1], "other": [:]] as [String: [String: Int]])
        expectDecodingError(.keyNotFound, path: ["inner"], key: "b") { _ = try unarchive(Outer.self, from: missing) }
        expectDecodingError(.keyNotFound, path: [], key: "inner") { _ = try unarchive(Outer.self, from: archive(["x": 1])) }
    }

    @Test func typeMismatchAndValueNotFoundIncludeKeyAndIndex() throws {
        struct Good: Encodable { var inner = Inner(a: 1, b: "b"); var list: [LooseInner] }
        let mismatch = try archive(Good(list: [LooseInner(a: nil, b: 1), LooseInner(a: nil, b: 2)]))
        // list[0] lacks "a" (a is nil → key omitted) → keyNotFound in [list, Index 0].
        expectDecodingError(.keyNotFound, path: ["list", "Index 0"], key: "a") { _ = try unarchive(Outer.self, from: mismatch) }

        struct Explicit: Encodable {
            func encode(to encoder: any Encoder) throws {
                enum K: String, CodingKey { case inner, list, a, b }
                var c = encoder.container(keyedBy: K.self)
                var inner = c.nestedContainer(keyedBy: K.self, forKey: .inner)
                try inner.encode(1, forKey: .a)
                try inner.encode("b", forKey: .b)
                var list = c.nestedUnkeyedContainer(forKey: .list)
                var first = list.nestedContainer(keyedBy: K.self)
                try first.encode(1, forKey: .a)
                try first.encode("b", forKey: .b)
                var second = list.nestedContainer(keyedBy: K.self)
                try second.encode(2, forKey: .a)
                try second.encodeNil(forKey: .b)
            }
        }
        expectDecodingError(.valueNotFound, path: ["list", "Index 1", "b"]) { _ = try unarchive(Outer.self, from: archive(Explicit())) }

        expectDecodingError(.typeMismatch, path: ["Index 0"]) { _ = try unarchive([Int].self, from: archive(Many(values: [1, 2, 3] as [Double]))) }
        expectDecodingError(.valueNotFound, path: ["Index 1"]) { _ = try unarchive([Int].self, from: archive([1, nil, 3] as [Int?])) }
        expectDecodingError(.typeMismatch, path: ["k", "Index 0", "a"]) {
            _ = try unarchive([String: [Inner]].self, from: archive(["k": [["a": "x", "b": "y"]]]))
        }
    }

    @Test func indexKeysHaveStringAndIntValues() throws {
        let data = try archive([[1, 2], [3, 4, 5]] as [[Int]])
        do {
            _ = try unarchive([[Bool]].self, from: data)
            Issue.record("expected an error")
        } catch let DecodingError.typeMismatch(_, context) {
            #expect(context.codingPath.count == 2)
            #expect(context.codingPath.map(\.stringValue) == ["Index 0", "Index 0"])
            #expect(context.codingPath.map(\.intValue) == [0, 0])
        }
        struct Third: Decodable {
            init(from decoder: any Decoder) throws {
                var u = try decoder.unkeyedContainer()
                _ = try u.decode(Int.self)
                _ = try u.decode(Int.self)
                _ = try u.decode(String.self)
            }
        }
        do {
            _ = try unarchive(Third.self, from: archive(Many(values: [1, 2, 3])))
            Issue.record("expected an error")
        } catch let DecodingError.typeMismatch(_, context) {
            #expect(context.codingPath.first?.stringValue == "Index 2")
            #expect(context.codingPath.first?.intValue == 2)
        }
    }

    @Test func wrongContainerKindIsATypeMismatch() throws {
        enum K: String, CodingKey { case a }
        expectDecodingError(.typeMismatch, path: ["value"]) { _ = try unarchive(Box<Inner>.self, from: archive(Box(value: 5))) }
        expectDecodingError(.typeMismatch, path: ["value"]) { _ = try unarchive(Box<[Int]>.self, from: archive(Box(value: "s"))) }
        expectDecodingError(.typeMismatch, path: ["value"]) { _ = try unarchive(Box<[String]>.self, from: archive(Box(value: Inner(a: 1, b: "")))) }
        expectDecodingError(.typeMismatch, path: ["value"]) { _ = try unarchive(Box<Inner>.self, from: archive(Box(value: [1, 2]))) }
        expectDecodingError(.typeMismatch, path: ["value"]) { _ = try unarchive(Box<String>.self, from: archive(Box(value: Inner(a: 1, b: "")))) }
        expectDecodingError(.valueNotFound, path: ["value"]) { _ = try unarchive(Box<Inner>.self, from: archive(Box<Inner?>(value: nil))) }
        expectDecodingError(.valueNotFound, path: ["value"]) { _ = try unarchive(Box<[Int]>.self, from: archive(Box<[Int]?>(value: nil))) }
    }

    // MARK: Numbers

    @Test func integersOutOfRangeAreDataCorrupted() {
        expectConversionFails(300, as: Int8.self, .dataCorrupted)
        expectConversionFails(-129, as: Int8.self, .dataCorrupted)
        expectConversionFails(256, as: UInt8.self, .dataCorrupted)
        expectConversionFails(-1, as: UInt.self, .dataCorrupted)
        expectConversionFails(-1, as: UInt8.self, .dataCorrupted)
        expectConversionFails(UInt64.max, as: Int64.self, .dataCorrupted)
        expectConversionFails(Int64(-1), as: UInt64.self, .dataCorrupted)
        expectConversionFails(Int64.min, as: Int32.self, .dataCorrupted)
        expectConversionFails(UInt32.max, as: Int32.self, .dataCorrupted)
        expectConversionFails(Int128.max, as: Int64.self, .dataCorrupted)
        expectConversionFails(Int128.min, as: Int.self, .dataCorrupted)
        expectConversionFails(UInt128.max, as: Int128.self, .dataCorrupted)
        expectConversionFails(Int128(-1), as: UInt128.self, .dataCorrupted)
    }

    @Test func integersInRangeConvertBetweenWidths() {
        expectConversion(127, as: Int8(127))
        expectConversion(-128, as: Int8(-128))
        expectConversion(Int64(255), as: UInt8(255))
        expectConversion(UInt64(Int64.max), as: Int64.max)
        expectConversion(Int8(-5), as: Int128(-5))
        expectConversion(UInt64.max, as: UInt128(UInt64.max))
        expectConversion(Int128(Int64.min), as: Int64.min)
    }

    @Test func packedArraysConvertElementsWithTheSameRules() throws {
        // [Int] is written as one packed block; elements are still range-checked.
        expectDecodingError(.dataCorrupted, path: ["Index 1"]) { _ = try unarchive([Int8].self, from: archive([1, 300])) }
        expectDecodingError(.dataCorrupted, path: ["Index 0"]) { _ = try unarchive([UInt].self, from: archive([-1])) }
        expectDecodingError(.typeMismatch, path: ["Index 0"]) { _ = try unarchive([Int].self, from: archive([1.5, 2.0])) }
        expectDecodingError(.typeMismatch, path: ["Index 0"]) { _ = try unarchive([Bool].self, from: archive([0, 1])) }
        expectDecodingError(.typeMismatch, path: ["Index 0"]) { _ = try unarchive([String].self, from: archive([1.0] as [Float])) }
        #expect(try unarchive([Int8].self, from: archive([1, -2, 127])) == [1, -2, 127])
        #expect(try unarchive([Double].self, from: archive([1, -2, 1 << 53])) == [1, -2, 9_007_199_254_740_992])
        #expect(try unarchive([Int64].self, from: archive([UInt16(7), 65535])) == [7, 65535])
        #expect(try unarchive([Double].self, from: archive([Float(0.5), 1.25])) == [0.5, 1.25])
        #expect(try unarchive([Float].self, from: archive([0.5, 1.25] as [Double])) == [0.5, 1.25])
        expectDecodingError(.dataCorrupted, path: ["Index 1"]) { _ = try unarchive([Float].self, from: archive([0.5, 0.1] as [Double])) }
    }

    @Test func floatingPointIntoIntegerIsATypeMismatch() {
        expectConversionFails(1.0, as: Int.self, .typeMismatch)
        expectConversionFails(Float(2), as: Int32.self, .typeMismatch)
        expectConversionFails(1e300, as: Int.self, .typeMismatch)
        expectConversionFails(Double.nan, as: UInt8.self, .typeMismatch)
    }

    @Test func boolAndNumbersDoNotConvert() {
        expectConversionFails(true, as: Int.self, .typeMismatch)
        expectConversionFails(false, as: UInt8.self, .typeMismatch)
        expectConversionFails(true, as: Double.self, .typeMismatch)
        expectConversionFails(1, as: Bool.self, .typeMismatch)
        expectConversionFails(0, as: Bool.self, .typeMismatch)
        expectConversionFails(1.0, as: Bool.self, .typeMismatch)
        expectConversionFails("true", as: Bool.self, .typeMismatch)
        expectConversionFails("1", as: Int.self, .typeMismatch)
        expectConversionFails(1, as: String.self, .typeMismatch)
    }

    @Test func integersIntoFloatingPointWhenExact() {
        expectConversion(5, as: 5.0)
        expectConversion(-7, as: Float(-7))
        expectConversion(1 << 53, as: 9_007_199_254_740_992.0)
        expectConversion(Int64.min, as: -9_223_372_036_854_775_808.0)
        expectConversion(16_777_216, as: Float(16_777_216))
        expectConversionFails((1 << 53) + 1, as: Double.self, .dataCorrupted)
        expectConversionFails(UInt64.max, as: Double.self, .dataCorrupted)
        expectConversionFails(16_777_217, as: Float.self, .dataCorrupted)
        expectConversionFails(Int128.max, as: Double.self, .dataCorrupted)
    }

    @Test func doubleIntoFloatWhenExactOrNaN() throws {
        expectConversion(0.5, as: Float(0.5))
        expectConversion(-1024.25, as: Float(-1024.25))
        expectConversion(Double.infinity, as: Float.infinity)
        expectConversion(-Double.infinity, as: -Float.infinity)
        expectConversion(Double(Float.leastNonzeroMagnitude), as: Float.leastNonzeroMagnitude)
        #expect(try unarchive(Float.self, from: archive(Double.nan)).isNaN)
        #expect(try unarchive(Box<Float>.self, from: archive(Box(value: -Double.nan))).value.isNaN)
        #expect(try unarchive(Float.self, from: archive(-0.0)).sign == .minus)
        expectConversionFails(0.1, as: Float.self, .dataCorrupted)
        expectConversionFails(Double.greatestFiniteMagnitude, as: Float.self, .dataCorrupted)
        expectConversionFails(1e-300, as: Float.self, .dataCorrupted)
        // Float into Double is always exact.
        expectConversion(Float(0.1), as: Double(Float(0.1)))
    }

    @Test func nonFiniteAndSignedZeroFloatsRoundTripBitForBit() throws {
        let doubles: [Double] = [.nan, -.nan, .signalingNaN, Double(bitPattern: 0x7FF8_0000_DEAD_BEEF), .infinity, -.infinity, -0.0, 0.0,
                                 .leastNonzeroMagnitude, .greatestFiniteMagnitude, .ulpOfOne]
        for value in doubles {
            #expect(try unarchive(Double.self, from: archive(value)).bitPattern == value.bitPattern)
            #expect(try unarchive(Box<Double>.self, from: archive(Box(value: value))).value.bitPattern == value.bitPattern)
        }
        #expect(try unarchive([Double].self, from: archive(doubles)).map(\.bitPattern) == doubles.map(\.bitPattern))
        let floats: [Float] = [.nan, Float(bitPattern: 0x7FC0_1234), .signalingNaN, .infinity, -.infinity, -0.0, .leastNonzeroMagnitude]
        for value in floats {
            #expect(try unarchive(Float.self, from: archive(value)).bitPattern == value.bitPattern)
            #expect(try unarchive(Box<Float>.self, from: archive(Box(value: value))).value.bitPattern == value.bitPattern)
        }
        #expect(try unarchive([Float].self, from: archive(floats)).map(\.bitPattern) == floats.map(\.bitPattern))
        #expect(try unarchive([Float].self, from: archive(Many(values: floats))).map(\.bitPattern) == floats.map(\.bitPattern))
    }

    // MARK: Standard library validation

    @Test func invalidRawValuesAreDataCorrupted() throws {
        expectConversionFails("blue", as: Color.self, .dataCorrupted)
        expectConversionFails(5, as: Level.self, .dataCorrupted)
        expectConversionFails(UInt8(2), as: Small.self, .dataCorrupted)
        // A raw value of the wrong type is a type mismatch.
        expectConversionFails(1, as: Color.self, .typeMismatch)
        expectConversionFails("low", as: Level.self, .typeMismatch)
        let context = expectDecodingError(.dataCorrupted, path: []) { _ = try unarchive(Color.self, from: archive("q")) }
        #expect(context?.debugDescription.contains("q") == true)
        #expect(try unarchive([Color].self, from: archive(["green", "red"])) == [.green, .red])
    }

    @Test func rangesWithLowerAboveUpperAreDataCorrupted() {
        expectDecodingError(.dataCorrupted, path: []) { _ = try unarchive(Range<Int>.self, from: archive([3, 1])) }
        expectDecodingError(.dataCorrupted, path: []) { _ = try unarchive(ClosedRange<Int>.self, from: archive([3, 1])) }
        expectDecodingError(.dataCorrupted, path: ["value"]) { _ = try unarchive(Box<Range<Double>>.self, from: archive(Box(value: [2.5, 1.0]))) }
        expectDecodingError(.dataCorrupted, path: ["Index 1"]) {
            _ = try unarchive([Range<Int>].self, from: archive([[0, 1], [5, 4]]))
        }
    }

    @Test func dictionaryShapeErrors() throws {
        // Int-keyed dictionary from string keys.
        expectDecodingError(.typeMismatch, path: ["x"]) { _ = try unarchive([Int: Int].self, from: archive(["x": 1])) }
        // Numeric string keys are acceptable Int keys (their intValue is set).
        #expect(try unarchive([Int: Int].self, from: archive(["12": 1, "-3": 2])) == [12: 1, -3: 2])
        // Non-String/Int keys are an unkeyed array of pairs: odd count is corrupt.
        let odd = try archive(Many(values: [UUID().uuidString, "1", UUID().uuidString]))
        expectDecodingError(.dataCorrupted, path: []) { _ = try unarchive([UUID: String].self, from: odd) }
        // Value of the wrong type in a dictionary.
        expectDecodingError(.typeMismatch, path: ["k"]) { _ = try unarchive([String: Int].self, from: archive(["k": "v"])) }
        expectDecodingError(.typeMismatch, path: ["5"]) { _ = try unarchive([Int: Int].self, from: archive([5: "v"])) }
    }

    @Test func keyedDecodingOfEveryScalarTypeReportsTheKeyInThePath() throws {
        let data = try archive(["k": "string"])
        struct AllTypes: Decodable {
            init(from decoder: any Decoder) throws {
                enum K: String, CodingKey { case k }
                let c = try decoder.container(keyedBy: K.self)
                var failures = 0
                let attempts: [() throws -> Void] = [
                    { _ = try c.decode(Bool.self, forKey: .k) }, { _ = try c.decode(Double.self, forKey: .k) },
                    { _ = try c.decode(Float.self, forKey: .k) }, { _ = try c.decode(Int.self, forKey: .k) },
                    { _ = try c.decode(Int8.self, forKey: .k) }, { _ = try c.decode(Int16.self, forKey: .k) },
                    { _ = try c.decode(Int32.self, forKey: .k) }, { _ = try c.decode(Int64.self, forKey: .k) },
                    { _ = try c.decode(Int128.self, forKey: .k) }, { _ = try c.decode(UInt.self, forKey: .k) },
                    { _ = try c.decode(UInt8.self, forKey: .k) }, { _ = try c.decode(UInt16.self, forKey: .k) },
                    { _ = try c.decode(UInt32.self, forKey: .k) }, { _ = try c.decode(UInt64.self, forKey: .k) },
                    { _ = try c.decode(UInt128.self, forKey: .k) }, { _ = try c.decodeIfPresent(Int.self, forKey: .k) },
                    { _ = try c.decodeIfPresent(Int128.self, forKey: .k) }, { _ = try c.decode(Date.self, forKey: .k) },
                    { _ = try c.decode(Data.self, forKey: .k) }, { _ = try c.decode([Int].self, forKey: .k) },
                ]
                for attempt in attempts {
                    do { try attempt() } catch let DecodingError.typeMismatch(_, context) {
                        if context.codingPath.map(\.stringValue) == ["k"] { failures += 1 }
                    }
                }
                #expect(failures == attempts.count)
                #expect(try c.decode(String.self, forKey: .k) == "string")
            }
        }
        _ = try unarchive(AllTypes.self, from: data)
    }

    @Test func decodeIfPresentOfAMismatchedValueThrows() throws {
        struct Keyed: Decodable {
            init(from decoder: any Decoder) throws {
                enum K: String, CodingKey { case k }
                let c = try decoder.container(keyedBy: K.self)
                _ = try c.decodeIfPresent(Int.self, forKey: .k)
            }
        }
        expectDecodingError(.typeMismatch, path: ["k"]) { _ = try unarchive(Keyed.self, from: archive(["k": "s"])) }
        struct KeyedGeneric: Decodable {
            init(from decoder: any Decoder) throws {
                enum K: String, CodingKey { case k }
                _ = try decoder.container(keyedBy: K.self).decodeIfPresent(Inner.self, forKey: .k)
            }
        }
        expectDecodingError(.typeMismatch, path: ["k"]) { _ = try unarchive(KeyedGeneric.self, from: archive(["k": "s"])) }
        struct Unkeyed: Decodable {
            init(from decoder: any Decoder) throws {
                var u = try decoder.unkeyedContainer()
                #expect(throws: DecodingError.self) { try u.decodeIfPresent(Int.self) }
                #expect(throws: DecodingError.self) { try u.decodeIfPresent(Inner.self) }
                #expect(u.currentIndex == 0)
                #expect(try u.decodeIfPresent(String.self) == "s")
            }
        }
        _ = try unarchive(Unkeyed.self, from: archive(["s"]))
    }

    @Test func encodingDepthLimitThrowsInsteadOfCrashing() throws {
        final class Node: Codable { var next: Node?; init(next: Node?) { self.next = next } }
        var node: Node? = nil
        for _ in 0..<40 { node = Node(next: node) }
        var encoder = ArchiveEncoder()
        encoder.maximumDepth = 10
        #expect(throws: EncodingError.self) { try encoder.encode(node) }
        encoder.maximumDepth = 512
        let data = try encoder.encode(node)
        var decoder = ArchiveDecoder()
        decoder.limits.maximumDepth = 10
        #expect(throws: DecodingError.self) { try decoder.decode(Node?.self, from: data) }
        decoder.limits.maximumDepth = 512
        #expect(try decoder.decode(Node?.self, from: data) != nil)
    }
}
