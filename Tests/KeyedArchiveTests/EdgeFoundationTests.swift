import Foundation
import Testing
import KeyedArchive

// Foundation types with native forms (Date, UUID, URL, Data, [UInt8]) and Decimal, in every
// position, plain and compressed.

fileprivate struct Holder<T: Codable & Equatable>: Codable, Equatable {
    var value: T
    var optional: T?
    var array: [T]
    var dictionary: [String: T]
}

fileprivate struct UnkeyedHolder<T: Codable & Equatable>: Codable, Equatable {
    var value: T
    func encode(to encoder: any Encoder) throws {
        var c = encoder.unkeyedContainer()
        try c.encode(value)
        try c.encodeNil()
        try c.encode(value)
    }
    init(value: T) { self.value = value }
    init(from decoder: any Decoder) throws {
        var c = try decoder.unkeyedContainer()
        value = try c.decode(T.self)
        guard try c.decodeNil(), try c.decode(T.self) == value, c.isAtEnd else {
            throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath, debugDescription: "unkeyed mismatch"))
        }
    }
}

fileprivate struct SingleHolder<T: Codable & Equatable>: Codable, Equatable {
    var value: T
    init(value: T) { self.value = value }
    func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(value)
    }
    init(from decoder: any Decoder) throws { value = try decoder.singleValueContainer().decode(T.self) }
}

fileprivate func checkEverywhere<T: Codable & Equatable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) throws {
    for compression in [ArchiveCompression.none, .zlib] {
        #expect(try roundTrip(value, compression) == value, "top level \(compression)", sourceLocation: sourceLocation)
        #expect(try roundTrip(Optional(value), compression) == value, "top-level optional \(compression)", sourceLocation: sourceLocation)
        let holder = Holder(value: value, optional: value, array: [value, value], dictionary: ["a": value, "": value])
        #expect(try roundTrip(holder, compression) == holder, "keyed \(compression)", sourceLocation: sourceLocation)
        #expect(try roundTrip(UnkeyedHolder(value: value), compression).value == value, "unkeyed \(compression)", sourceLocation: sourceLocation)
        #expect(try roundTrip(SingleHolder(value: value), compression).value == value, "single value \(compression)", sourceLocation: sourceLocation)
    }
}

fileprivate func bitExact(_ a: Date, _ b: Date) -> Bool {
    a.timeIntervalSinceReferenceDate.bitPattern == b.timeIntervalSinceReferenceDate.bitPattern
}

@Suite struct EdgeFoundationTests {
    @Test(arguments: [
        Date.distantPast, Date.distantFuture, Date(timeIntervalSinceReferenceDate: 0),
        Date(timeIntervalSinceReferenceDate: -0.0), Date(timeIntervalSince1970: 0),
        Date(timeIntervalSince1970: 1_700_000_000.123456789), Date(timeIntervalSinceReferenceDate: 0.000_001),
        Date(timeIntervalSinceReferenceDate: -1e-300), Date(timeIntervalSinceReferenceDate: .greatestFiniteMagnitude),
        Date(timeIntervalSinceReferenceDate: .leastNonzeroMagnitude),
    ])
    func dates(_ date: Date) throws {
        try checkEverywhere(date)
        // Bit-exact, not just ==.
        #expect(bitExact(try roundTrip(date), date))
        #expect(bitExact(try roundTrip(Holder(value: date, optional: nil, array: [], dictionary: [:])).value, date))
        #expect(bitExact(try roundTrip(UnkeyedHolder(value: date)).value, date))
    }

    @Test func specialDateValuesKeepTheirBits() throws {
        for seconds in [Double.infinity, -Double.infinity, Double.nan, -0.0] {
            let back = try roundTrip(Date(timeIntervalSinceReferenceDate: seconds))
            #expect(back.timeIntervalSinceReferenceDate.bitPattern == seconds.bitPattern, "\(seconds)")
        }
    }

    @Test func dateIsCompact() throws {
        let data = try ArchiveEncoder().encode(Date(timeIntervalSince1970: 1_700_000_000.5))
        // Header 6 + tag 1 + 8 + key table 1.
        #expect(data.count == 16)
    }

    @Test func uuids() throws {
        try checkEverywhere(UUID())
        try checkEverywhere(UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)))
        let ff = UUID(uuid: (255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255))
        try checkEverywhere(ff)
        let fixed = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
        try checkEverywhere(fixed)
        let data = try ArchiveEncoder().encode(fixed)
        #expect(data.count == 6 + 17 + 1)
        // A UUID is also readable from its string form (written by a type that stores a String).
        let fromString = try ArchiveDecoder().decode(UUID.self, from: ArchiveEncoder().encode(fixed.uuidString))
        #expect(fromString == fixed)
    }

    @Test(arguments: [
        "https://example.com",
        "https://example.com/path/to/thing?query=1&other=a%20b&empty=#fragment",
        "https://user:pass@example.com:8443/p?q=%E2%9C%93",
        "https://example.com/caf%C3%A9/%F0%9F%98%80",
        "https://xn--r8jz45g.jp/%E3%83%91%E3%82%B9",
        "mailto:someone@example.com",
        "data:text/plain;base64,SGVsbG8=",
        "urn:isbn:0451450523",
    ])
    func urls(_ string: String) throws {
        let url = try #require(URL(string: string))
        try checkEverywhere(url)
        #expect(try roundTrip(url).absoluteString == string)
    }

    @Test func fileAndRelativeURLs() throws {
        let file = URL(fileURLWithPath: "/tmp/some dir/fïle #1.txt")
        try checkEverywhere(file)
        #expect(try roundTrip(file).path == "/tmp/some dir/fïle #1.txt")
        let directory = URL(fileURLWithPath: "/tmp/dir/", isDirectory: true)
        #expect(try roundTrip(directory).hasDirectoryPath)
        // A relative URL comes back absolute (as with JSONEncoder): same absolute string.
        let base = URL(string: "https://example.com/a/b/")!
        let relative = try #require(URL(string: "c/d?x=1", relativeTo: base))
        #expect(try roundTrip(relative).absoluteString == relative.absoluteString)
    }

    @Test(arguments: [0, 1, 2, 127, 128, 16_383, 16_384])
    func dataOfSize(_ size: Int) throws {
        let data = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try checkEverywhere(data)
        let bytes = [UInt8](data)
        try checkEverywhere(bytes)
        // [UInt8] and Data share the native form: each reads the other.
        #expect(try ArchiveDecoder().decode([UInt8].self, from: ArchiveEncoder().encode(data)) == bytes)
        #expect(try ArchiveDecoder().decode(Data.self, from: ArchiveEncoder().encode(bytes)) == data)
        // Compact: tag + varint length + bytes.
        let archive = try ArchiveEncoder().encode(data)
        #expect(archive.count <= 6 + 1 + 3 + size + 1)
    }

    @Test func fourMegabyteData() throws {
        var generator = SystemRandomNumberGenerator()
        var bytes = [UInt8](repeating: 0, count: 4 << 20)
        for i in stride(from: 0, to: bytes.count, by: 8) {
            withUnsafeBytes(of: generator.next() as UInt64) { raw in
                for j in 0..<8 { bytes[i + j] = raw[j] }
            }
        }
        let data = Data(bytes)
        let archive = try ArchiveEncoder().encode(data)
        #expect(archive.count <= data.count + 16)
        #expect(try ArchiveDecoder().decode(Data.self, from: archive) == data)
        #expect(try roundTrip(data, .zlib) == data)
        #expect(try roundTrip(bytes) == bytes)
        #expect(try roundTrip(Holder(value: data, optional: nil, array: [], dictionary: [:])).value == data)
    }

    @Test func dataReadAsUnkeyedBytes() throws {
        // Something that decodes Data with a loop over an unkeyed container sees every byte.
        struct ByteLoop: Decodable {
            var bytes: [UInt8] = []
            init(from decoder: any Decoder) throws {
                var c = try decoder.unkeyedContainer()
                #expect(c.count == 4)
                while !c.isAtEnd { bytes.append(try c.decode(UInt8.self)) }
            }
        }
        let archive = try ArchiveEncoder().encode(Data([0, 1, 0xFE, 0xFF]))
        #expect(try ArchiveDecoder().decode(ByteLoop.self, from: archive).bytes == [0, 1, 0xFE, 0xFF])
        #expect(try ArchiveDecoder().decode(ContiguousArray<UInt8>.self, from: archive) == [0, 1, 0xFE, 0xFF])
        #expect(try ArchiveDecoder().decode([Int].self, from: archive) == [0, 1, 254, 255])
        #expect(throws: DecodingError.self) { try ArchiveDecoder().decode([Int8].self, from: archive) }
    }

    @Test(arguments: [
        "0", "1", "-1", "1.5", "-123.456", "0.000000000000000000000000000001", "3.14159265358979323846264338327950288",
        "79228162514264337593543950335", "-79228162514264337593543950335", "1e100", "1e-100",
    ])
    func decimals(_ text: String) throws {
        let decimal = try #require(Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")))
        try checkEverywhere(decimal)
    }

    @Test func decimalExtremes() throws {
        for d in [Decimal.greatestFiniteMagnitude, Decimal.leastFiniteMagnitude, Decimal.leastNonzeroMagnitude, Decimal.zero, Decimal.pi] {
            #expect(try roundTrip(d) == d, "\(d)")
            #expect(try roundTrip([d]) == [d], "\(d)")
        }
    }
}
