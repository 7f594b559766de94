import Foundation
import Testing
@testable import KeyedArchive

// MARK: - Helpers (file-private)

fileprivate func archive<T: Encodable>(_ value: T, compression: ArchiveCompression = .none) throws -> Data {
    var encoder = ArchiveEncoder()
    encoder.compression = compression
    return try encoder.encode(value)
}

fileprivate func unarchive<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
    try ArchiveDecoder().decode(type, from: data)
}

/// Round-trips at top level, as a keyed property and as an array element, plain and zlib.
fileprivate func expectRoundTrip<T: Codable & Equatable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) throws {
    for compression in [ArchiveCompression.none, .zlib] {
        let back = try TestSupport.roundTrip(value, compression: compression)
        #expect(back == value, "top level, \(compression)", sourceLocation: sourceLocation)
        let boxed = try TestSupport.roundTrip(Box(value: value), compression: compression)
        #expect(boxed.value == value, "keyed, \(compression)", sourceLocation: sourceLocation)
        let array = try TestSupport.roundTrip([value, value], compression: compression)
        #expect(array == [value, value], "unkeyed, \(compression)", sourceLocation: sourceLocation)
    }
}

fileprivate struct Box<T> { var value: T }
extension Box: Encodable where T: Encodable {}
extension Box: Decodable where T: Decodable {}
extension Box: Equatable where T: Equatable {}

fileprivate struct DynamicKey: CodingKey, Hashable {
    var stringValue: String
    var intValue: Int?
    init(_ string: String) { stringValue = string; intValue = nil }
    init?(stringValue: String) { self.init(stringValue) }
    init?(intValue: Int) { stringValue = "\(intValue)"; self.intValue = intValue }
}

fileprivate final class DecodeProbeBox: @unchecked Sendable {
    let body: (any Decoder) throws -> Void
    init(_ body: @escaping (any Decoder) throws -> Void) { self.body = body }
}

fileprivate let decodeProbeKey = CodingUserInfoKey(rawValue: "semantics.types.probe")!

fileprivate struct DecodeProbe: Decodable {
    init(from decoder: any Decoder) throws {
        try (decoder.userInfo[decodeProbeKey] as! DecodeProbeBox).body(decoder)
    }
}

fileprivate func probeDecode(_ data: Data, sourceLocation: SourceLocation = #_sourceLocation, _ body: @escaping (any Decoder) throws -> Void) {
    var decoder = ArchiveDecoder()
    decoder.userInfo[decodeProbeKey] = DecodeProbeBox(body)
    do {
        _ = try decoder.decode(DecodeProbe.self, from: data)
    } catch {
        Issue.record("unexpected error: \(error)", sourceLocation: sourceLocation)
    }
}

fileprivate struct Probe: Encodable {
    let body: (any Encoder) throws -> Void
    init(_ body: @escaping (any Encoder) throws -> Void) { self.body = body }
    func encode(to encoder: any Encoder) throws { try body(encoder) }
}

// MARK: - Models

fileprivate enum Fruit: String, Codable, CodingKeyRepresentable, Hashable { case apple, banana }
fileprivate enum Rank: Int, Codable, CodingKeyRepresentable, Hashable { case low = 1, high = 99 }
/// Not `CodingKeyRepresentable`: dictionaries keyed by it are unkeyed pairs.
fileprivate enum PlainKey: String, Codable, Hashable { case x, y }

/// Int128/UInt128 through every container kind, with the explicit overloads.
fileprivate struct Wide: Codable, Equatable {
    var signed: Int128
    var unsigned: UInt128
    var optionalSigned: Int128?
    var list: [Int128]
    var ulist: [UInt128]
    enum CodingKeys: String, CodingKey { case signed, unsigned, optionalSigned, list, ulist, single, usingle }

    init(signed: Int128, unsigned: UInt128, optionalSigned: Int128?, list: [Int128], ulist: [UInt128]) {
        self.signed = signed; self.unsigned = unsigned; self.optionalSigned = optionalSigned; self.list = list; self.ulist = ulist
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(signed, forKey: .signed)
        try c.encode(unsigned, forKey: .unsigned)
        try c.encodeIfPresent(optionalSigned, forKey: .optionalSigned)
        var u = c.nestedUnkeyedContainer(forKey: .list)
        for value in list { try u.encode(value) }
        var uu = c.nestedUnkeyedContainer(forKey: .ulist)
        for value in ulist { try uu.encode(value) }
        try SingleSigned(value: signed).encode(to: c.superEncoder(forKey: .single))
        try SingleUnsigned(value: unsigned).encode(to: c.superEncoder(forKey: .usingle))
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        signed = try c.decode(Int128.self, forKey: .signed)
        unsigned = try c.decode(UInt128.self, forKey: .unsigned)
        optionalSigned = try c.decodeIfPresent(Int128.self, forKey: .optionalSigned)
        #expect(try c.decodeIfPresent(UInt128.self, forKey: .unsigned) == unsigned)
        var u = try c.nestedUnkeyedContainer(forKey: .list)
        list = []
        while !u.isAtEnd { list.append(try u.decode(Int128.self)) }
        var uu = try c.nestedUnkeyedContainer(forKey: .ulist)
        ulist = []
        while !uu.isAtEnd { ulist.append(try uu.decode(UInt128.self)) }
        #expect(try SingleSigned(from: c.superDecoder(forKey: .single)).value == signed)
        #expect(try SingleUnsigned(from: c.superDecoder(forKey: .usingle)).value == unsigned)
    }
}

fileprivate struct SingleSigned: Codable, Equatable {
    var value: Int128
    init(value: Int128) { self.value = value }
    init(from decoder: any Decoder) throws { value = try decoder.singleValueContainer().decode(Int128.self) }
    func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(value)
    }
}

fileprivate struct SingleUnsigned: Codable, Equatable {
    var value: UInt128
    init(value: UInt128) { self.value = value }
    init(from decoder: any Decoder) throws { value = try decoder.singleValueContainer().decode(UInt128.self) }
    func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(value)
    }
}

// MARK: - Tests

@Suite struct SemanticsTypesTests {
    #if !((os(macOS) || targetEnvironment(macCatalyst)) && arch(x86_64))
    @Test func float16RoundTripsAndIsWrittenAsFloat() throws {
        let values: [Float16] = [0, -0.0, 1.5, -65504, .leastNonzeroMagnitude, .infinity, -.infinity]
        for value in values { try expectRoundTrip(value) }
        #expect(try unarchive(Float16.self, from: archive(Float16.nan)).isNaN)
        #expect(try unarchive(Float.self, from: archive(Float16(1.5))) == 1.5)
        #expect(try unarchive(Float16.self, from: archive(Float(2.5))) == 2.5)
        #expect(try unarchive(Float16.self, from: archive(Float16(-0.0))).sign == .minus)
    }
    #endif

    @Test func durationRoundTrips() throws {
        let values: [Duration] = [
            .zero, .seconds(5), .milliseconds(-1500), .nanoseconds(1), .nanoseconds(-1),
            .seconds(Int64.max), .seconds(Int64.min), Duration(secondsComponent: 3, attosecondsComponent: 999_999_999_999_999_999),
        ]
        for value in values { try expectRoundTrip(value) }
        try expectRoundTrip(values)
    }

    @Test func rangesRoundTrip() throws {
        try expectRoundTrip(1..<5)
        try expectRoundTrip(-3...(-3))
        try expectRoundTrip(0.5..<0.5)
        try expectRoundTrip(Int.min...Int.max)
        try expectRoundTrip("a"..<"z")
        let from = try unarchive(PartialRangeFrom<Int>.self, from: archive(7...))
        #expect(from.lowerBound == 7)
        let upTo = try unarchive(PartialRangeUpTo<Double>.self, from: archive(..<2.5))
        #expect(upTo.upperBound == 2.5)
        let through = try unarchive(PartialRangeThrough<UInt8>.self, from: archive(...UInt8(9)))
        #expect(through.upperBound == 9)
        probeDecode(try archive(3..<9)) { decoder in
            var u = try decoder.unkeyedContainer()
            #expect(u.count == 2)
            #expect(try u.decode(Int.self) == 3)
            #expect(try u.decode(Int.self) == 9)
        }
        probeDecode(try archive(4...)) { decoder in
            let u = try decoder.unkeyedContainer()
            #expect(u.count == 1)
        }
    }

    @Test func setsRoundTrip() throws {
        try expectRoundTrip(Set(["a", "b", "c"]))
        try expectRoundTrip(Set<Int>())
        try expectRoundTrip(Set(0..<300))
        try expectRoundTrip(Set([Fruit.apple]))
        try expectRoundTrip(ContiguousArray([1, 2, 3]))
    }

    @Test func dictionariesWithEveryKeyKindRoundTrip() throws {
        try expectRoundTrip(["one": 1, "two": 2])
        try expectRoundTrip([1: "one", -2: "minus two"])
        try expectRoundTrip([Fruit.apple: 1, .banana: 2])
        try expectRoundTrip([Rank.low: "l", .high: "h"])
        try expectRoundTrip([PlainKey.x: 1.5, .y: -1])
        try expectRoundTrip([UUID(): "a", UUID(): "b"])
        try expectRoundTrip([Double(1.5): "x", -0.25: "y"])
        try expectRoundTrip([[1]: "array keys"] as [[Int]: String])
        try expectRoundTrip([String: Int]())
        try expectRoundTrip([Int: Int]())
        try expectRoundTrip([UUID: Int]())
        try expectRoundTrip([Fruit: Int]())
        try expectRoundTrip(["nested": [1: [Fruit.apple: [UUID(): [true]]]]])
    }

    @Test func codingKeyRepresentableKeysAreKeyed() throws {
        probeDecode(try archive([Fruit.apple: 1, .banana: 2])) { decoder in
            let c = try decoder.container(keyedBy: DynamicKey.self)
            #expect(Set(c.allKeys.map(\.stringValue)) == ["apple", "banana"])
        }
        probeDecode(try archive([Rank.high: "h"])) { decoder in
            let c = try decoder.container(keyedBy: DynamicKey.self)
            #expect(c.allKeys.map(\.intValue) == [99])
        }
    }

    @Test func otherKeysAreUnkeyedAlternatingPairs() throws {
        let id = UUID()
        probeDecode(try archive([id: 5])) { decoder in
            var u = try decoder.unkeyedContainer()
            #expect(u.count == 2)
            #expect(try u.decode(UUID.self) == id)
            #expect(try u.decode(Int.self) == 5)
        }
        probeDecode(try archive([PlainKey.x: 1, .y: 2])) { decoder in
            var u = try decoder.unkeyedContainer()
            #expect(u.count == 4)
            var pairs: [String: Int] = [:]
            while !u.isAtEnd { pairs[try u.decode(String.self)] = try u.decode(Int.self) }
            #expect(pairs == ["x": 1, "y": 2])
        }
    }

    @Test func decimalRoundTrips() throws {
        let values: [Decimal] = [0, 1, -1, Decimal(string: "3.14159265358979323846264338327950288")!,
                                 Decimal(string: "-0.000000000000000000000000000001")!, Decimal.greatestFiniteMagnitude,
                                 Decimal.leastNonzeroMagnitude, Decimal(Int64.max), Decimal(string: "1e100")!]
        for value in values { try expectRoundTrip(value) }
        try expectRoundTrip(["price": Decimal(string: "19.99")!])
    }

    @Test func urlsRoundTripAsTheirAbsoluteString() throws {
        for string in ["https://example.com", "https://user:pw@example.com:8080/a/b?q=1&r=%20#frag", "file:///tmp/a%20b.txt",
                       "mailto:someone@example.com", "urn:isbn:0451450523", "data:,Hello%2C%20World", "http://[::1]/"] {
            try expectRoundTrip(URL(string: string)!)
        }
        try expectRoundTrip(URL(fileURLWithPath: "/tmp/dir with space/f.txt"))
        let base = URL(string: "https://example.com/a/")!
        let relative = URL(string: "b/c?x=1", relativeTo: base)!
        for compression in [ArchiveCompression.none, .zlib] {
            let back = try unarchive(URL.self, from: archive(relative, compression: compression))
            #expect(back.absoluteString == "https://example.com/a/b/c?x=1")
            #expect(back.absoluteString == relative.absoluteString)
            #expect(back == URL(string: relative.absoluteString)!)
            #expect(back.baseURL == nil)
            let boxed = try unarchive(Box<URL>.self, from: archive(Box(value: relative), compression: compression))
            #expect(boxed.value.absoluteURL == relative.absoluteURL)
        }
    }

    @Test func urlDecodesFromAStringAndFromFoundationsKeyedForm() throws {
        #expect(try unarchive(Box<URL>.self, from: archive(Box(value: "https://swift.org/x"))).value == URL(string: "https://swift.org/x")!)
        // Foundation's own encoding: keyed, `relative` (intValue 1) and optional `base` (intValue 0).
        enum URLKeys: Int, CodingKey { case base = 0, relative = 1 }
        let keyed = try archive(Probe { encoder in
            var c = encoder.container(keyedBy: URLKeys.self)
            try c.encode("b/c", forKey: .relative)
            try c.encode(URL(string: "https://example.com/a/")!, forKey: .base)
        })
        let url = try unarchive(URL.self, from: keyed)
        #expect(url.absoluteString == "https://example.com/a/b/c")
    }

    @Test func datesRoundTripAndDecodeFromNumbers() throws {
        let values: [Date] = [Date(timeIntervalSinceReferenceDate: 0), Date(timeIntervalSinceReferenceDate: 123_456.789_012),
                              Date(timeIntervalSince1970: -1), .distantPast, .distantFuture, Date(timeIntervalSinceReferenceDate: -0.5)]
        for value in values { try expectRoundTrip(value) }
        try expectRoundTrip(values)
        #expect(try unarchive(Date.self, from: archive(12_345.5)) == Date(timeIntervalSinceReferenceDate: 12_345.5))
        #expect(try unarchive(Box<Date>.self, from: archive(Box(value: 100))).value == Date(timeIntervalSinceReferenceDate: 100))
    }

    @Test func uuidsRoundTripAndDecodeFromStrings() throws {
        let id = UUID()
        try expectRoundTrip(id)
        try expectRoundTrip(UUID(uuidString: "00000000-0000-0000-0000-000000000000")!)
        try expectRoundTrip(UUID(uuidString: "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF")!)
        #expect(try unarchive(UUID.self, from: archive(id.uuidString)) == id)
        #expect(try unarchive(Box<UUID>.self, from: archive(Box(value: id.uuidString.lowercased()))).value == id)
    }

    @Test func dataAndByteArraysRoundTripAndInterconvert() throws {
        try expectRoundTrip(Data())
        try expectRoundTrip(Data([0, 1, 2, 255]))
        try expectRoundTrip(Data((0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }))
        try expectRoundTrip([UInt8]())
        try expectRoundTrip([UInt8](repeating: 0xAB, count: 1000))
        try expectRoundTrip(Data([1, 2, 3])[1...])
        #expect(try unarchive(Data.self, from: archive([UInt8]([9, 8]))) == Data([9, 8]))
        #expect(try unarchive([UInt8].self, from: archive(Data([7]))) == [7])
        // Data's own init(from:) reads an unkeyed container of UInt8.
        #expect(try unarchive(Data.self, from: archive([1, 2, 255])) == Data([1, 2, 255]))
        #expect(try unarchive(Box<Data>.self, from: archive(Box(value: [4, 5] as [UInt16]))).value == Data([4, 5]))
        #expect(throws: DecodingError.self) { try unarchive(Data.self, from: archive([256])) }
        probeDecode(try archive(Data([3, 4]))) { decoder in
            var u = try decoder.unkeyedContainer()
            #expect(u.count == 2)
            #expect(try u.decode(UInt8.self) == 3)
            #expect(try u.decode(Int.self) == 4)
        }
    }

    @Test(arguments: [
        (Int128.min, UInt128.max), (Int128(-1), UInt128(0)), (Int128(0), UInt128(1) << 127),
        (Int128(1) << 100, UInt128(UInt64.max) + 1), (Int128(Int64.min) - 1, UInt128(127)), (Int128.max, UInt128(128)),
    ])
    func int128ThroughEveryContainerKind(_ signed: Int128, _ unsigned: UInt128) throws {
        let value = Wide(signed: signed, unsigned: unsigned, optionalSigned: signed,
                         list: [signed, 0, signed / 2, Int128.min, Int128.max], ulist: [unsigned, 0, UInt128.max])
        try expectRoundTrip(value)
        try expectRoundTrip(Wide(signed: 0, unsigned: 0, optionalSigned: nil, list: [], ulist: []))
        try expectRoundTrip(signed)
        try expectRoundTrip(unsigned)
        try expectRoundTrip([signed, signed &+ 1])
        try expectRoundTrip(["k": unsigned])
        try expectRoundTrip(SingleSigned(value: signed))
        try expectRoundTrip(SingleUnsigned(value: unsigned))
    }

    @Test func integerExtremesOfEveryWidthRoundTrip() throws {
        try expectRoundTrip([Int8.min, -1, 0, 1, Int8.max])
        try expectRoundTrip([Int16.min, -1, 0, Int16.max])
        try expectRoundTrip([Int32.min, -1, 0, Int32.max])
        try expectRoundTrip([Int64.min, -1, 0, Int64.max])
        try expectRoundTrip([Int.min, -1, 0, 127, 128, Int.max])
        try expectRoundTrip([UInt8.min, 127, 128, UInt8.max])
        try expectRoundTrip([UInt16.min, UInt16.max])
        try expectRoundTrip([UInt32.min, UInt32.max])
        try expectRoundTrip([UInt64.min, UInt64.max])
        try expectRoundTrip([UInt.min, UInt.max])
        for value in [Int.min, -129, -128, -1, 0, 127, 128, 255, 256, Int.max] {
            try expectRoundTrip(value)
            try expectRoundTrip(Int64(value))
        }
        try expectRoundTrip(UInt64.max)
        try expectRoundTrip(true)
        try expectRoundTrip([true, false])
    }

    @Test func stringsRoundTrip() throws {
        for value in ["", "a", "\u{0}", "emoji 👩‍👩‍👧‍👦", "e\u{301}", String(repeating: "long ", count: 10_000), "\u{FFFF}\u{10FFFF}"] {
            try expectRoundTrip(value)
        }
        try expectRoundTrip(["", "", "x"])
        // Character and Unicode.Scalar are not Codable, but substrings of strings round-trip as String.
        #expect(try unarchive(String.self, from: archive(String("abcdef".dropFirst(2)))) == "cdef")
    }

    @Test func nestedCollectionsRoundTrip() throws {
        try expectRoundTrip([[1, 2], [], [3]])
        try expectRoundTrip([[[Double]]]([[[1.5]], [[]], []]))
        try expectRoundTrip([["a": [1, 2]], [:]])
        try expectRoundTrip([Set([1]), Set()])
        try expectRoundTrip([[Float]]([[1, 2], [.infinity]]))
        try expectRoundTrip([[UInt16]]([[1, 65535]]))
        try expectRoundTrip([[Int8]]([[-128, 127]]))
    }
}
