import Foundation
import Testing
@testable import KeyedArchive

// MARK: - Helpers (file-private; shared ones are in Support/)

/// A key with both forms, consistent in both directions (name ↔ number).
fileprivate struct FieldKey: CodingKey, Hashable {
    static let table: [String: Int] = ["alpha": 1, "beta": 2, "gamma": 300, "delta": -7]
    var stringValue: String
    var intValue: Int?
    init?(stringValue: String) {
        guard let number = Self.table[stringValue] else { return nil }
        self.stringValue = stringValue
        self.intValue = number
    }
    init?(intValue: Int) {
        guard let name = Self.table.first(where: { $0.value == intValue })?.key else { return nil }
        self.stringValue = name
        self.intValue = intValue
    }
}

// MARK: - Models

fileprivate struct SyntheszedPerson: Codable, Equatable {
    var name: String
    var age: Int
    var tags: [String]
}

fileprivate struct StringKeyedPerson: Codable, Equatable {
    var fullName: String
    var age: Int
    var tags: [String]
    enum CodingKeys: String, CodingKey {
        case fullName = "name"
        case age
        case tags
    }
}

fileprivate struct IntKeyedPerson: Codable, Equatable {
    var name: String
    var age: Int
    var tags: [String]
    enum CodingKeys: Int, CodingKey {
        case name = 7
        case age = 8
        case tags = 9
    }
}

fileprivate struct NegativeIntKeys: Codable, Equatable {
    var a: Int
    var b: String
    var c: Bool
    enum CodingKeys: Int, CodingKey {
        case a = -5
        case b = 1_000_000
        case c = 0
    }
}

fileprivate struct FieldKeyed: Codable, Equatable {
    var alpha: Int
    var beta: String
    var gamma: Double
    var delta: [Int]
    init(alpha: Int, beta: String, gamma: Double, delta: [Int]) {
        self.alpha = alpha; self.beta = beta; self.gamma = gamma; self.delta = delta
    }
    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: FieldKey.self)
        alpha = try c.decode(Int.self, forKey: FieldKey(stringValue: "alpha")!)
        beta = try c.decode(String.self, forKey: FieldKey(intValue: 2)!)
        gamma = try c.decode(Double.self, forKey: FieldKey(stringValue: "gamma")!)
        delta = try c.decode([Int].self, forKey: FieldKey(intValue: -7)!)
    }
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: FieldKey.self)
        try c.encode(alpha, forKey: FieldKey(stringValue: "alpha")!)
        try c.encode(beta, forKey: FieldKey(stringValue: "beta")!)
        try c.encode(gamma, forKey: FieldKey(intValue: 300)!)
        try c.encode(delta, forKey: FieldKey(stringValue: "delta")!)
    }
}

fileprivate enum Shape: Codable, Equatable {
    case circle(radius: Double)
    case rect(Double, Double)
    case point
    case label(String, size: Int)
    case group([Shape])
    case maybe(Int?)
}

fileprivate enum ShapeV2: Codable, Equatable {
    case circle(radius: Double)
    case hexagon(side: Double)
}

// MARK: - Tests

@Suite struct SemanticsKeysTests {
    @Test func stringDictionaryKeysThatLookLikeNumbersRoundTripExactly() throws {
        let value: [String: Int] = [
            "007": 1, "12": 2, "+5": 3, "-0": 4, "7": 5, "0": 6, "-12": 7, "0012": 8,
            "1e3": 9, " 1": 10, "abc": 11, "": 12, "9223372036854775807": 13, "99999999999999999999": 14,
            "-9223372036854775808": 15, "4611686018427387904": 16,
        ]
        try expectRoundTrip(value)
        let back = try unarchive([String: Int].self, from: archive(value))
        #expect(back.keys.sorted() == value.keys.sorted())
    }

    @Test func stringOnlyKeyTypesSeeNumericDictionaryKeys() throws {
        // `[String: V]` writes "123" in integer form (its key round-trips through intValue). A
        // key type with only a string form (intValue always nil, init?(intValue:) → nil) must
        // still find it by its string, in allKeys, contains and decode — as with JSONDecoder.
        struct NameKey: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init?(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }
        let data = try archive(["123": 1, "abc": 2, "-4": 3, "007": 4])
        try probeDecodeThrowing(data) { decoder in
            let c = try decoder.container(keyedBy: NameKey.self)
            #expect(Set(c.allKeys.map(\.stringValue)) == ["123", "abc", "-4", "007"])
            #expect(c.contains(NameKey(stringValue: "123")!))
            #expect(try c.decode(Int.self, forKey: NameKey(stringValue: "123")!) == 1)
            #expect(try c.decode(Int.self, forKey: NameKey(stringValue: "-4")!) == 3)
            #expect(try c.decode(Int.self, forKey: NameKey(stringValue: "007")!) == 4)
        }
        // The other direction already works: string entries "123" read back as [String: V] and [Int: V].
        let written = try archive(Probe { encoder in
            var c = encoder.container(keyedBy: NameKey.self)
            try c.encode(1, forKey: NameKey(stringValue: "123")!)
        })
        #expect(try unarchive([String: Int].self, from: written) == ["123": 1])
        #expect(try unarchive([Int: Int].self, from: written) == [123: 1])
    }

    @Test func unicodeAndEmptyStringKeysRoundTrip() throws {
        try expectRoundTrip(["": 1, "ключ": 2, "🔑": 3, "e\u{301}": 4, "a\u{0}b": 6])
    }

    @Test(arguments: [
        [0: "zero"],
        [-1: "minus one", 1: "one", 63: "x", 64: "y", -64: "z"],
        [Int.min: "min", Int.max: "max"],
        [1 << 62: "2^62", -(1 << 62): "-2^62", (1 << 62) - 1: "2^62-1", -(1 << 62) - 1: "-2^62-1"],
        [Int(Int32.max) + 1: "big", Int(Int32.min) - 1: "small"],
    ])
    func intDictionaryKeysRoundTrip(_ value: [Int: String]) throws {
        try expectRoundTrip(value)
    }

    @Test func manyNumericStringKeysRoundTrip() throws {
        var value: [String: Int] = [:]
        for i in 0..<500 {
            value["\(i)"] = i
            value[String(format: "%04d", i)] = -i
        }
        try expectRoundTrip(value)
    }

    @Test func intRawCodingKeysRoundTrip() throws {
        try expectRoundTrip(IntKeyedPerson(name: "Ada", age: 36, tags: ["math", "engines"]))
        try expectRoundTrip(NegativeIntKeys(a: -3, b: "million", c: true))
    }

    @Test func intRawCodingKeysAreWrittenAsIntegers() throws {
        // An integer key must be readable by its integer and not appear as a string.
        let data = try archive(IntKeyedPerson(name: "Ada", age: 36, tags: []))
        try probeDecodeThrowing(data) { decoder in
            let c = try decoder.container(keyedBy: DynamicKey.self)
            let keys = c.allKeys
            #expect(Set(keys.map(\.intValue)) == [7, 8, 9])
            #expect(try c.decode(String.self, forKey: DynamicKey(intValue: 7)!) == "Ada")
            #expect(c.contains(DynamicKey("name")) == false)
        }
    }

    @Test func stringRawCodingKeysRoundTrip() throws {
        try expectRoundTrip(StringKeyedPerson(fullName: "Grace", age: 85, tags: ["cobol"]))
    }

    @Test func customKeyWithBothFormsRoundTrips() throws {
        try expectRoundTrip(FieldKeyed(alpha: 1, beta: "two", gamma: 3.5, delta: [4, -4]))
    }

    @Test func customKeyWithBothFormsAppearsInAllKeys() throws {
        let data = try archive(FieldKeyed(alpha: 1, beta: "two", gamma: 3.5, delta: []))
        try probeDecodeThrowing(data) { decoder in
            let c = try decoder.container(keyedBy: FieldKey.self)
            #expect(Set(c.allKeys.map(\.stringValue)) == ["alpha", "beta", "gamma", "delta"])
            #expect(Set(c.allKeys.compactMap(\.intValue)) == [1, 2, 300, -7])
        }
    }

    @Test func synthesizedKeysDecodeWithStringRawCodingKeys() throws {
        let original = SyntheszedPerson(name: "Lin", age: 30, tags: ["a"])
        let back = try unarchive(StringKeyedPerson.self, from: archive(original))
        #expect(back == StringKeyedPerson(fullName: "Lin", age: 30, tags: ["a"]))
    }

    @Test func synthesizedKeysDecodeWithIntRawCodingKeysWhoseCaseNamesMatch() throws {
        let original = SyntheszedPerson(name: "Lin", age: 30, tags: ["a", "b"])
        let back = try unarchive(IntKeyedPerson.self, from: archive(original))
        #expect(back == IntKeyedPerson(name: "Lin", age: 30, tags: ["a", "b"]))
    }

    @Test func integerEntriesAreNotMatchedByStringOnlyKeys() throws {
        // Integer entries are matched by integer only: a string-only key type cannot see them.
        let data = try archive(IntKeyedPerson(name: "Lin", age: 30, tags: []))
        let error = try #require(throws: DecodingError.self) { try unarchive(SyntheszedPerson.self, from: data) }
        guard case .keyNotFound(let key, let context) = error else {
            Issue.record("expected keyNotFound, got \(error)")
            return
        }
        #expect(key.stringValue == "name")
        #expect(context.codingPath.isEmpty)
    }

    @Test func allKeysContainsOnlyKeysTheKeyTypeAccepts() throws {
        enum Known: String, CodingKey { case a, b }
        enum KnownInt: Int, CodingKey { case one = 1, two = 2 }
        let data = try archive(Probe { encoder in
            var c = encoder.container(keyedBy: DynamicKey.self)
            try c.encode(1, forKey: DynamicKey("a"))
            try c.encode(2, forKey: DynamicKey("unknown"))
            try c.encode(3, forKey: DynamicKey("b"))
            try c.encode(4, forKey: DynamicKey(intValue: 1)!)
            try c.encode(5, forKey: DynamicKey(intValue: 99)!)
            try c.encode(6, forKey: DynamicKey(intValue: 2)!)
        })
        try probeDecodeThrowing(data) { decoder in
            let strings = try decoder.container(keyedBy: Known.self)
            #expect(Set(strings.allKeys) == [.a, .b])
            #expect(strings.allKeys.count == 2)
            let ints = try decoder.container(keyedBy: KnownInt.self)
            #expect(Set(ints.allKeys) == [.one, .two])
            #expect(ints.allKeys.count == 2)
            #expect(try ints.decode(Int.self, forKey: .two) == 6)
            let all = try decoder.container(keyedBy: DynamicKey.self)
            #expect(all.allKeys.count == 6)
        }
    }

    @Test func enumsWithAssociatedValuesRoundTrip() throws {
        let shapes: [Shape] = [
            .circle(radius: 2.5), .rect(3, 4), .point, .label("hi", size: 12),
            .group([.point, .circle(radius: 1), .group([])]), .maybe(nil), .maybe(7),
        ]
        for shape in shapes { try expectRoundTrip(shape) }
        try expectRoundTrip(shapes)
        try expectRoundTrip(["first": Shape.rect(1, 2), "second": .point])
    }

    @Test func enumWithAssociatedValuesUsesCaseNameAndPositionalKeys() throws {
        try probeDecodeThrowing(archive(Shape.rect(3, 4))) { decoder in
            let c = try decoder.container(keyedBy: DynamicKey.self)
            #expect(c.allKeys.map(\.stringValue) == ["rect"])
            let payload = try c.nestedContainer(keyedBy: DynamicKey.self, forKey: DynamicKey("rect"))
            #expect(Set(payload.allKeys.map(\.stringValue)) == ["_0", "_1"])
            #expect(try payload.decode(Double.self, forKey: DynamicKey("_1")) == 4)
        }
        try probeDecodeThrowing(archive(Shape.point)) { decoder in
            let c = try decoder.container(keyedBy: DynamicKey.self)
            #expect(try c.nestedContainer(keyedBy: DynamicKey.self, forKey: DynamicKey("point")).allKeys.isEmpty)
        }
    }

    @Test func decodingAnUnknownEnumCaseIsATypeMismatch() throws {
        let data = try archive(ShapeV2.hexagon(side: 1))
        let error = try #require(throws: DecodingError.self) { try unarchive(Shape.self, from: data) }
        guard case .typeMismatch(let type, let context) = error else {
            Issue.record("expected typeMismatch, got \(error)")
            return
        }
        #expect(ObjectIdentifier(type) == ObjectIdentifier(Shape.self))
        #expect(context.codingPath.isEmpty)
        // A known case still decodes into the other version.
        #expect(try unarchive(Shape.self, from: archive(ShapeV2.circle(radius: 9))) == .circle(radius: 9))
    }

    @Test func decodingAnEnumFromTwoCaseKeysIsATypeMismatch() throws {
        let data = try archive(Probe { encoder in
            var c = encoder.container(keyedBy: DynamicKey.self)
            var circle = c.nestedContainer(keyedBy: DynamicKey.self, forKey: DynamicKey("circle"))
            try circle.encode(1.0, forKey: DynamicKey("radius"))
            _ = c.nestedContainer(keyedBy: DynamicKey.self, forKey: DynamicKey("point"))
        })
        let error = try #require(throws: DecodingError.self) { try unarchive(Shape.self, from: data) }
        guard case .typeMismatch = error else {
            Issue.record("expected typeMismatch, got \(error)")
            return
        }
    }

    @Test func defaultSuperKeyIsTheStringSuper() throws {
        enum Keys: Int, CodingKey { case zero = 0, one = 1 }
        let data = try archive(Probe { encoder in
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(10, forKey: .zero)
            var s = c.superEncoder().singleValueContainer()
            try s.encode(20)
            try c.encode(30, forKey: .one)
        })
        try probeDecodeThrowing(data) { decoder in
            let dynamic = try decoder.container(keyedBy: DynamicKey.self)
            let superKeys = dynamic.allKeys.filter { $0.stringValue == "super" }
            #expect(superKeys.count == 1)
            #expect(superKeys.first?.intValue == nil)
            #expect(try dynamic.decode(Int.self, forKey: DynamicKey("super")) == 20)
            // The user's integer key 0 did not collide with the super key.
            let keyed = try decoder.container(keyedBy: Keys.self)
            #expect(try keyed.decode(Int.self, forKey: .zero) == 10)
            #expect(try keyed.decode(Int.self, forKey: .one) == 30)
            #expect(try keyed.superDecoder().singleValueContainer().decode(Int.self) == 20)
        }
    }

    @Test func keyWithIntegerOutsideTheWireRangeRoundTrips() throws {
        struct HugeKey: CodingKey {
            var stringValue: String
            var intValue: Int?
            init?(stringValue: String) {
                guard stringValue == "huge" || stringValue == "tiny" else { return nil }
                self.stringValue = stringValue
                self.intValue = stringValue == "huge" ? Int.max : Int.min
            }
            init?(intValue: Int) {
                guard intValue == Int.max || intValue == Int.min else { return nil }
                self.stringValue = intValue == Int.max ? "huge" : "tiny"
                self.intValue = intValue
            }
        }
        let data = try archive(Probe { encoder in
            var c = encoder.container(keyedBy: HugeKey.self)
            try c.encode("big", forKey: HugeKey(intValue: Int.max)!)
            try c.encode("small", forKey: HugeKey(intValue: Int.min)!)
        })
        try probeDecodeThrowing(data) { decoder in
            let c = try decoder.container(keyedBy: HugeKey.self)
            #expect(try c.decode(String.self, forKey: HugeKey(stringValue: "huge")!) == "big")
            #expect(try c.decode(String.self, forKey: HugeKey(intValue: Int.min)!) == "small")
            #expect(Set(c.allKeys.map(\.stringValue)) == ["huge", "tiny"])
        }
    }

    @Test func repeatedKeysAcrossManyElementsShareOneKeyTableEntry() throws {
        // Archives of many elements with the same string keys grow by the values only:
        // the long key names are written once, not once per element.
        struct LongKeys: Codable, Equatable {
            var aVeryLongPropertyNameNumberOne = 1
            var anotherRatherLongPropertyName = 2
        }
        let one = try archive([LongKeys()])
        let hundred = try archive(Array(repeating: LongKeys(), count: 101))
        let perElement = (hundred.count - one.count) / 100
        #expect(perElement < 16, "each element costs \(perElement) bytes")
        try expectRoundTrip(Array(repeating: LongKeys(), count: 101))
    }
}
