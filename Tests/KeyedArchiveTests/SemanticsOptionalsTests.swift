import Foundation
import Testing
@testable import KeyedArchive

// MARK: - Helpers (file-private; shared ones are in Support/)

fileprivate func paths(_ path: [any CodingKey]) -> [String] { path.map(\.stringValue) }

// MARK: - Models

fileprivate enum Keys: String, CodingKey { case present, explicitNil, absent, other }

fileprivate struct DoubleOptionals: Codable, Equatable {
    var a: Int??
    var b: String??
    var c: Int
}

fileprivate struct TripleOptional: Codable, Equatable {
    var value: Int???
}

fileprivate struct OptionalFields: Codable, Equatable {
    var name: String?
    var count: Int?
    var nested: OptionalFields.Inner?
    struct Inner: Codable, Equatable { var x: Int? }
}

fileprivate struct Small: Codable, Equatable { var x: Int }

/// Decodes every field with unkeyed `decodeIfPresent` (swift-foundation's `decodeIfPresent` test idea).
fileprivate struct IfPresentAllTypes: Decodable, Equatable {
    var bool: Bool?, string: String?, double: Double?, float: Float?
    var int: Int?, int8: Int8?, int16: Int16?, int32: Int32?, int64: Int64?, int128: Int128?
    var uint: UInt?, uint8: UInt8?, uint16: UInt16?, uint32: UInt32?, uint64: UInt64?, uint128: UInt128?
    var small: Small?

    init(from decoder: any Decoder) throws {
        var c = try decoder.unkeyedContainer()
        bool = try c.decodeIfPresent(Bool.self)
        string = try c.decodeIfPresent(String.self)
        double = try c.decodeIfPresent(Double.self)
        float = try c.decodeIfPresent(Float.self)
        int = try c.decodeIfPresent(Int.self)
        int8 = try c.decodeIfPresent(Int8.self)
        int16 = try c.decodeIfPresent(Int16.self)
        int32 = try c.decodeIfPresent(Int32.self)
        int64 = try c.decodeIfPresent(Int64.self)
        int128 = try c.decodeIfPresent(Int128.self)
        uint = try c.decodeIfPresent(UInt.self)
        uint8 = try c.decodeIfPresent(UInt8.self)
        uint16 = try c.decodeIfPresent(UInt16.self)
        uint32 = try c.decodeIfPresent(UInt32.self)
        uint64 = try c.decodeIfPresent(UInt64.self)
        uint128 = try c.decodeIfPresent(UInt128.self)
        small = try c.decodeIfPresent(Small.self)
    }
}

/// The same, keyed.
fileprivate struct KeyedIfPresentAllTypes: Decodable {
    var values: [Any?] = []
    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        for key in [Keys.explicitNil, .absent] {
            values.append(try c.decodeIfPresent(Bool.self, forKey: key))
            values.append(try c.decodeIfPresent(String.self, forKey: key))
            values.append(try c.decodeIfPresent(Double.self, forKey: key))
            values.append(try c.decodeIfPresent(Float.self, forKey: key))
            values.append(try c.decodeIfPresent(Int.self, forKey: key))
            values.append(try c.decodeIfPresent(Int8.self, forKey: key))
            values.append(try c.decodeIfPresent(Int16.self, forKey: key))
            values.append(try c.decodeIfPresent(Int32.self, forKey: key))
            values.append(try c.decodeIfPresent(Int64.self, forKey: key))
            values.append(try c.decodeIfPresent(Int128.self, forKey: key))
            values.append(try c.decodeIfPresent(UInt.self, forKey: key))
            values.append(try c.decodeIfPresent(UInt8.self, forKey: key))
            values.append(try c.decodeIfPresent(UInt16.self, forKey: key))
            values.append(try c.decodeIfPresent(UInt32.self, forKey: key))
            values.append(try c.decodeIfPresent(UInt64.self, forKey: key))
            values.append(try c.decodeIfPresent(UInt128.self, forKey: key))
            values.append(try c.decodeIfPresent(Small.self, forKey: key))
            values.append(try c.decodeIfPresent([Int].self, forKey: key))
            values.append(try c.decodeIfPresent(Date.self, forKey: key))
            values.append(try c.decodeIfPresent(Data.self, forKey: key))
        }
    }
}

// MARK: - Tests

@Suite struct SemanticsOptionalsTests {
    @Test func explicitNilIsDistinctFromAnAbsentKey() throws {
        let data = try archive(Probe { encoder in
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(1, forKey: .present)
            try c.encodeNil(forKey: .explicitNil)
        })
        probeDecode(data) { decoder in
            let c = try decoder.container(keyedBy: Keys.self)
            #expect(c.contains(.present))
            #expect(c.contains(.explicitNil))
            #expect(!c.contains(.absent))
            #expect(Set(c.allKeys) == [.present, .explicitNil])
            #expect(try c.decodeNil(forKey: .explicitNil) == true)
            #expect(try c.decodeNil(forKey: .present) == false)
            let error = #expect(throws: DecodingError.self) { try c.decodeNil(forKey: .absent) }
            if case .keyNotFound(let key, let context)? = error {
                #expect(key.stringValue == "absent")
                #expect(context.codingPath.isEmpty)
            } else {
                Issue.record("expected keyNotFound, got \(String(describing: error))")
            }
        }
    }

    @Test func keyedDecodeIfPresentOnExplicitNilReturnsNilForNonOptionalTypes() throws {
        let data = try archive(Probe { encoder in
            var c = encoder.container(keyedBy: Keys.self)
            try c.encodeNil(forKey: .explicitNil)
        })
        let decoded = try unarchive(KeyedIfPresentAllTypes.self, from: data)
        #expect(decoded.values.count == 40)
        #expect(decoded.values.allSatisfy { $0 == nil })
    }

    @Test func decodingANonOptionalFromExplicitNilIsValueNotFound() throws {
        let data = try archive(Probe { encoder in
            var c = encoder.container(keyedBy: Keys.self)
            try c.encodeNil(forKey: .explicitNil)
        })
        probeDecode(data) { decoder in
            let c = try decoder.container(keyedBy: Keys.self)
            for attempt in 0..<3 {
                let error = #expect(throws: DecodingError.self) {
                    switch attempt {
                    case 0: _ = try c.decode(Int.self, forKey: .explicitNil)
                    case 1: _ = try c.decode(String.self, forKey: .explicitNil)
                    default: _ = try c.decode(Small.self, forKey: .explicitNil)
                    }
                }
                if case .valueNotFound(_, let context)? = error {
                    #expect(paths(context.codingPath) == ["explicitNil"], "attempt \(attempt)")
                } else {
                    Issue.record("attempt \(attempt): expected valueNotFound, got \(String(describing: error))")
                }
            }
        }
    }

    @Test(arguments: [
        DoubleOptionals(a: nil, b: nil, c: 0),
        DoubleOptionals(a: .some(nil), b: .some(nil), c: 1),
        DoubleOptionals(a: .some(5), b: .some("x"), c: 2),
        DoubleOptionals(a: .some(nil), b: nil, c: 3),
        DoubleOptionals(a: nil, b: .some(nil), c: 4),
    ])
    fileprivate func doubleOptionalPropertiesRoundTrip(_ value: DoubleOptionals) throws {
        try expectRoundTrip(value)
    }

    @Test func doubleOptionalArrayElementsRoundTrip() throws {
        let value: [Int??] = [nil, .some(nil), .some(3), .some(nil), nil]
        try expectRoundTrip(value)
        let strings: [String??] = [.some(nil), nil, "s"]
        try expectRoundTrip(strings)
    }

    @Test func doubleOptionalDictionaryValuesRoundTrip() throws {
        let value: [String: Int??] = ["none": .none, "someNone": .some(nil), "some": .some(7)]
        try expectRoundTrip(value)
        let back = try unarchive([String: Int??].self, from: archive(value))
        #expect(back.count == 3)
        #expect(back["someNone"] == .some(.some(nil)))
    }

    @Test(arguments: [Int??.none, .some(nil), .some(.some(42))])
    func topLevelDoubleOptionalRoundTrips(_ value: Int??) throws {
        for compression in [ArchiveCompression.none, .zlib] {
            let back = try unarchive(Int??.self, from: archive(value, compression: compression))
            #expect(back == value)
        }
    }

    @Test func topLevelTripleOptionalRoundTrips() throws {
        let values: [Int???] = [.none, .some(.none), .some(.some(.none)), .some(.some(.some(1)))]
        for value in values {
            let back = try unarchive(Int???.self, from: archive(value))
            #expect(back == value, "\(String(describing: value))")
        }
        for value in values { try expectRoundTrip(TripleOptional(value: value)) }
        try expectRoundTrip(values)
    }

    @Test func optionalArraysAndDictionariesRoundTrip() throws {
        try expectRoundTrip([1, nil, 3, nil] as [Int?])
        try expectRoundTrip([nil] as [Int?])
        try expectRoundTrip(["a": 1, "b": nil] as [String: Int?])
        try expectRoundTrip([nil, "x"] as [String?])
        try expectRoundTrip([[1, nil], nil, []] as [[Int?]?])
        try expectRoundTrip([1.5, nil] as [Double?])
        try expectRoundTrip([Small(x: 1), nil] as [Small?])
    }

    @Test func topLevelNilRoundTrips() throws {
        #expect(try unarchive(Int?.self, from: archive(Int?.none)) == nil)
        #expect(try unarchive(Small?.self, from: archive(Small?.none)) == nil)
        #expect(try unarchive(Small?.self, from: archive(Small?.some(Small(x: 2)))) == Small(x: 2))
    }

    @Test func nilOptionalPropertiesAreOmitted() throws {
        let value = OptionalFields(name: nil, count: 3, nested: OptionalFields.Inner(x: nil))
        try expectRoundTrip(value)
        try expectRoundTrip(OptionalFields(name: "n", count: nil, nested: nil))
        probeDecode(try archive(value)) { decoder in
            enum K: String, CodingKey { case name, count, nested, x }
            let c = try decoder.container(keyedBy: K.self)
            #expect(Set(c.allKeys) == [.count, .nested])
            #expect(!c.contains(.name))
            #expect(try c.nestedContainer(keyedBy: K.self, forKey: .nested).allKeys.isEmpty)
        }
    }

    @Test func unkeyedNilBookkeeping() throws {
        let data = try archive(Probe { encoder in
            var u = encoder.unkeyedContainer()
            try u.encode(1)
            try u.encodeNil()
            try u.encode("s")
        })
        probeDecode(data) { decoder in
            var u = try decoder.unkeyedContainer()
            #expect(u.count == 3)
            #expect(u.currentIndex == 0)
            // Not nil: false, and does not advance (asked twice, as repeatedFailedNilChecks does).
            #expect(try u.decodeNil() == false)
            #expect(try u.decodeNil() == false)
            #expect(u.currentIndex == 0)
            #expect(try u.decode(Int.self) == 1)
            #expect(u.currentIndex == 1)
            #expect(try u.decodeNil() == true)
            #expect(u.currentIndex == 2)
            // A failed decode leaves the index; another type then succeeds.
            #expect(throws: DecodingError.self) { try u.decode(Int.self) }
            #expect(u.currentIndex == 2)
            #expect(throws: DecodingError.self) { try u.decode(Small.self) }
            #expect(u.currentIndex == 2)
            #expect(try u.decode(String.self) == "s")
            #expect(u.currentIndex == 3)
            #expect(u.isAtEnd)
            // At the end.
            let nilError = #expect(throws: DecodingError.self) { try u.decodeNil() }
            if case .valueNotFound(_, let context)? = nilError {
                #expect(paths(context.codingPath) == ["Index 3"])
                #expect(context.codingPath.last?.intValue == 3)
            } else {
                Issue.record("expected valueNotFound, got \(String(describing: nilError))")
            }
            #expect(try u.decodeIfPresent(Int.self) == nil)
            #expect(try u.decodeIfPresent(String.self) == nil)
            #expect(try u.decodeIfPresent(Small.self) == nil)
            #expect(u.isAtEnd)
            let endError = #expect(throws: DecodingError.self) { try u.decode(Int.self) }
            if case .valueNotFound(_, let context)? = endError {
                #expect(paths(context.codingPath) == ["Index 3"])
                #expect(context.debugDescription.contains("at end"))
            } else {
                Issue.record("expected valueNotFound, got \(String(describing: endError))")
            }
            #expect(u.currentIndex == 3)
        }
    }

    @Test func unkeyedDecodeIfPresentOnNilElementReturnsNilAndAdvances() throws {
        let data = try archive([nil, 2, nil, nil] as [Int?])
        probeDecode(data) { decoder in
            var u = try decoder.unkeyedContainer()
            #expect(try u.decodeIfPresent(Int.self) == nil)
            #expect(u.currentIndex == 1)
            #expect(try u.decodeIfPresent(Int.self) == 2)
            #expect(try u.decodeIfPresent(Small.self) == nil)
            #expect(u.currentIndex == 3)
            #expect(try u.decodeIfPresent(String.self) == nil)
            #expect(u.isAtEnd)
        }
    }

    @Test func unkeyedDecodeIfPresentPastTheEndGivesNilForEveryType() throws {
        let empty = try unarchive(IfPresentAllTypes.self, from: archive([Int]()))
        #expect(empty == (try unarchive(IfPresentAllTypes.self, from: archive([] as [String]))))
        #expect(empty.bool == nil && empty.string == nil && empty.small == nil && empty.uint128 == nil)
        // A shorter array: the first values decode, the rest are nil.
        let data = try archive(Probe { encoder in
            var u = encoder.unkeyedContainer()
            try u.encode(true)
            try u.encodeNil()
            try u.encode(2.5)
        })
        let short = try unarchive(IfPresentAllTypes.self, from: data)
        #expect(short.bool == true)
        #expect(short.string == nil)
        #expect(short.double == 2.5)
        #expect(short.float == nil && short.int == nil && short.small == nil)
    }

    @Test func singleValueDecodeNilDoesNotConsume() throws {
        struct Checks: Decodable, Equatable {
            var value: Int
            init(from decoder: any Decoder) throws {
                let c = try decoder.singleValueContainer()
                #expect(c.decodeNil() == false)
                #expect(c.decodeNil() == false)
                value = try c.decode(Int.self)
            }
        }
        #expect(try unarchive(Checks.self, from: archive(17)).value == 17)
        #expect(try unarchive([Checks].self, from: archive([1, 2])).map(\.value) == [1, 2])
        probeDecode(try archive(Int?.none)) { decoder in
            let c = try decoder.singleValueContainer()
            #expect(c.decodeNil())
            #expect(c.decodeNil())
        }
    }

    @Test func optionalOfStructInsideSingleValueContainerRoundTrips() throws {
        // A value that wraps an optional through a single-value container.
        struct Wrapper: Codable, Equatable {
            var inner: Small?
            init(inner: Small?) { self.inner = inner }
            init(from decoder: any Decoder) throws { inner = try decoder.singleValueContainer().decode(Small?.self) }
            func encode(to encoder: any Encoder) throws {
                var c = encoder.singleValueContainer()
                try c.encode(inner)
            }
        }
        try expectRoundTrip(Wrapper(inner: nil))
        try expectRoundTrip(Wrapper(inner: Small(x: 4)))
        try expectRoundTrip([Wrapper(inner: nil), Wrapper(inner: Small(x: 1))])
    }
}
