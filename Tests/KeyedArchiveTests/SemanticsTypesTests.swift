import Foundation
import Testing
@testable import KeyedArchive

// Shared helpers (archive, expectRoundTrip, probes, DynamicKey, Box) are in Support/.

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
        for value in values { try expectRoundTripInEveryPosition(value) }
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
        for value in values { try expectRoundTripInEveryPosition(value) }
        try expectRoundTripInEveryPosition(values)
    }

    @Test func rangesRoundTrip() throws {
        try expectRoundTripInEveryPosition(1..<5)
        try expectRoundTripInEveryPosition(-3...(-3))
        try expectRoundTripInEveryPosition(0.5..<0.5)
        try expectRoundTripInEveryPosition(Int.min...Int.max)
        try expectRoundTripInEveryPosition("a"..<"z")
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
        try expectRoundTripInEveryPosition(Set(["a", "b", "c"]))
        try expectRoundTripInEveryPosition(Set<Int>())
        try expectRoundTripInEveryPosition(Set(0..<300))
        try expectRoundTripInEveryPosition(Set([Fruit.apple]))
        try expectRoundTripInEveryPosition(ContiguousArray([1, 2, 3]))
    }

    @Test func dictionariesWithEveryKeyKindRoundTrip() throws {
        try expectRoundTripInEveryPosition(["one": 1, "two": 2])
        try expectRoundTripInEveryPosition([1: "one", -2: "minus two"])
        try expectRoundTripInEveryPosition([Fruit.apple: 1, .banana: 2])
        try expectRoundTripInEveryPosition([Rank.low: "l", .high: "h"])
        try expectRoundTripInEveryPosition([PlainKey.x: 1.5, .y: -1])
        try expectRoundTripInEveryPosition([UUID(): "a", UUID(): "b"])
        try expectRoundTripInEveryPosition([Double(1.5): "x", -0.25: "y"])
        try expectRoundTripInEveryPosition([[1]: "array keys"] as [[Int]: String])
        try expectRoundTripInEveryPosition([String: Int]())
        try expectRoundTripInEveryPosition([Int: Int]())
        try expectRoundTripInEveryPosition([UUID: Int]())
        try expectRoundTripInEveryPosition([Fruit: Int]())
        try expectRoundTripInEveryPosition(["nested": [1: [Fruit.apple: [UUID(): [true]]]]])
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
        for value in values { try expectRoundTripInEveryPosition(value) }
        try expectRoundTripInEveryPosition(["price": Decimal(string: "19.99")!])
    }

    @Test func urlsRoundTripAsTheirAbsoluteString() throws {
        for string in ["https://example.com", "https://user:pw@example.com:8080/a/b?q=1&r=%20#frag", "file:///tmp/a%20b.txt",
                       "mailto:someone@example.com", "urn:isbn:0451450523", "data:,Hello%2C%20World", "http://[::1]/"] {
            try expectRoundTripInEveryPosition(URL(string: string)!)
        }
        try expectRoundTripInEveryPosition(URL(fileURLWithPath: "/tmp/dir with space/f.txt"))
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
        for value in values { try expectRoundTripInEveryPosition(value) }
        try expectRoundTripInEveryPosition(values)
        #expect(try unarchive(Date.self, from: archive(12_345.5)) == Date(timeIntervalSinceReferenceDate: 12_345.5))
        #expect(try unarchive(Box<Date>.self, from: archive(Box(value: 100))).value == Date(timeIntervalSinceReferenceDate: 100))
    }

    @Test func uuidsRoundTripAndDecodeFromStrings() throws {
        let id = UUID()
        try expectRoundTripInEveryPosition(id)
        try expectRoundTripInEveryPosition(UUID(uuidString: "00000000-0000-0000-0000-000000000000")!)
        try expectRoundTripInEveryPosition(UUID(uuidString: "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF")!)
        #expect(try unarchive(UUID.self, from: archive(id.uuidString)) == id)
        #expect(try unarchive(Box<UUID>.self, from: archive(Box(value: id.uuidString.lowercased()))).value == id)
    }

    @Test func dataAndByteArraysRoundTripAndInterconvert() throws {
        try expectRoundTripInEveryPosition(Data())
        try expectRoundTripInEveryPosition(Data([0, 1, 2, 255]))
        try expectRoundTripInEveryPosition(Data((0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }))
        try expectRoundTripInEveryPosition([UInt8]())
        try expectRoundTripInEveryPosition([UInt8](repeating: 0xAB, count: 1000))
        try expectRoundTripInEveryPosition(Data([1, 2, 3])[1...])
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
        try expectRoundTripInEveryPosition(value)
        try expectRoundTripInEveryPosition(Wide(signed: 0, unsigned: 0, optionalSigned: nil, list: [], ulist: []))
        try expectRoundTripInEveryPosition(signed)
        try expectRoundTripInEveryPosition(unsigned)
        try expectRoundTripInEveryPosition([signed, signed &+ 1])
        try expectRoundTripInEveryPosition(["k": unsigned])
        try expectRoundTripInEveryPosition(SingleSigned(value: signed))
        try expectRoundTripInEveryPosition(SingleUnsigned(value: unsigned))
    }

    @Test func integerExtremesOfEveryWidthRoundTrip() throws {
        try expectRoundTripInEveryPosition([Int8.min, -1, 0, 1, Int8.max])
        try expectRoundTripInEveryPosition([Int16.min, -1, 0, Int16.max])
        try expectRoundTripInEveryPosition([Int32.min, -1, 0, Int32.max])
        try expectRoundTripInEveryPosition([Int64.min, -1, 0, Int64.max])
        try expectRoundTripInEveryPosition([Int.min, -1, 0, 127, 128, Int.max])
        try expectRoundTripInEveryPosition([UInt8.min, 127, 128, UInt8.max])
        try expectRoundTripInEveryPosition([UInt16.min, UInt16.max])
        try expectRoundTripInEveryPosition([UInt32.min, UInt32.max])
        try expectRoundTripInEveryPosition([UInt64.min, UInt64.max])
        try expectRoundTripInEveryPosition([UInt.min, UInt.max])
        for value in [Int.min, -129, -128, -1, 0, 127, 128, 255, 256, Int.max] {
            try expectRoundTripInEveryPosition(value)
            try expectRoundTripInEveryPosition(Int64(value))
        }
        try expectRoundTripInEveryPosition(UInt64.max)
        try expectRoundTripInEveryPosition(true)
        try expectRoundTripInEveryPosition([true, false])
    }

    @Test func stringsRoundTrip() throws {
        for value in ["", "a", "\u{0}", "emoji 👩‍👩‍👧‍👦", "e\u{301}", String(repeating: "long ", count: 10_000), "\u{FFFF}\u{10FFFF}"] {
            try expectRoundTripInEveryPosition(value)
        }
        try expectRoundTripInEveryPosition(["", "", "x"])
        // Character and Unicode.Scalar are not Codable, but substrings of strings round-trip as String.
        #expect(try unarchive(String.self, from: archive(String("abcdef".dropFirst(2)))) == "cdef")
    }

    @Test func nestedCollectionsRoundTrip() throws {
        try expectRoundTripInEveryPosition([[1, 2], [], [3]])
        try expectRoundTripInEveryPosition([[[Double]]]([[[1.5]], [[]], []]))
        try expectRoundTripInEveryPosition([["a": [1, 2]], [:]])
        try expectRoundTripInEveryPosition([Set([1]), Set()])
        try expectRoundTripInEveryPosition([[Float]]([[1, 2], [.infinity]]))
        try expectRoundTripInEveryPosition([[UInt16]]([[1, 65535]]))
        try expectRoundTripInEveryPosition([[Int8]]([[-128, 127]]))
    }
}
