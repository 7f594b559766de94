import Foundation
@testable import KeyedArchive
import KeyedArchiveSamples

/// A hand-written conformance in the shape the macro generates: every `Optional` overload of
/// `ArchiveKeyedWriter` and of `ArchiveKeyedReader`, called from code generic over the writer
/// and the reader (`ArchiveWriterTests`, `ArchiveReaderTests`).
struct EveryOptional: Codable, Equatable, ArchiveDirectEncodable, ArchiveDirectDecodable {
    struct Leaf: Codable, Equatable, ArchiveDirectEncodable, ArchiveDirectDecodable {
        var tag: Int8
        enum CodingKeys: String, CodingKey { case tag }
        static let keys = ArchiveKeySet([CodingKeys.tag])
        static func _archiveEncode<Writer: ArchiveWriter>(_ value: Leaf, to encoder: inout Writer) throws {
            var container = encoder.keyedContainer(keys)
            try container.encode(value.tag, at: 0)
        }
        static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> Leaf {
            let container = try decoder.keyedContainer(keys)
            return Leaf(tag: try container.decode(at: 0))
        }
    }

    var date: Date?, url: URL?, uuid: UUID?, data: Data?, flag: Bool?, text: String?
    var double: Double?, float: Float?, int: Int?, int8: Int8?, int16: Int16?, int32: Int32?, int64: Int64?
    var uint: UInt?, uint8: UInt8?, uint16: UInt16?, uint32: UInt32?, uint64: UInt64?
    /// `Encodable` without generated code, and with it.
    var list: [Int]?, leaf: Leaf?

    enum CodingKeys: String, CodingKey {
        case date, url, uuid, data, flag, text, double, float, int, int8, int16, int32, int64
        case uint, uint8, uint16, uint32, uint64, list, leaf
    }
    static let keys = ArchiveKeySet([
        CodingKeys.date, .url, .uuid, .data, .flag, .text, .double, .float, .int, .int8, .int16, .int32, .int64,
        .uint, .uint8, .uint16, .uint32, .uint64, .list, .leaf,
    ])

    static func _archiveEncode<Writer: ArchiveWriter>(_ value: EveryOptional, to encoder: inout Writer) throws {
        var container = encoder.keyedContainer(keys)
        try container.encode(value.date, at: 0)
        try container.encode(value.url, at: 1)
        try container.encode(value.uuid, at: 2)
        try container.encode(value.data, at: 3)
        try container.encode(value.flag, at: 4)
        try container.encode(value.text, at: 5)
        try container.encode(value.double, at: 6)
        try container.encode(value.float, at: 7)
        try container.encode(value.int, at: 8)
        try container.encode(value.int8, at: 9)
        try container.encode(value.int16, at: 10)
        try container.encode(value.int32, at: 11)
        try container.encode(value.int64, at: 12)
        try container.encode(value.uint, at: 13)
        try container.encode(value.uint8, at: 14)
        try container.encode(value.uint16, at: 15)
        try container.encode(value.uint32, at: 16)
        try container.encode(value.uint64, at: 17)
        try container.encode(value.list, at: 18)
        try container.encode(value.leaf, at: 19)
    }

    static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> EveryOptional {
        let container = try decoder.keyedContainer(keys)
        var value = EveryOptional()
        value.date = try container.decode(at: 0)
        value.url = try container.decode(at: 1)
        value.uuid = try container.decode(at: 2)
        value.data = try container.decode(at: 3)
        value.flag = try container.decode(at: 4)
        value.text = try container.decode(at: 5)
        value.double = try container.decode(at: 6)
        value.float = try container.decode(at: 7)
        value.int = try container.decode(at: 8)
        value.int8 = try container.decode(at: 9)
        value.int16 = try container.decode(at: 10)
        value.int32 = try container.decode(at: 11)
        value.int64 = try container.decode(at: 12)
        value.uint = try container.decode(at: 13)
        value.uint8 = try container.decode(at: 14)
        value.uint16 = try container.decode(at: 15)
        value.uint32 = try container.decode(at: 16)
        value.uint64 = try container.decode(at: 17)
        value.list = try container.decode(at: 18)
        value.leaf = try container.decode(at: 19)
        return value
    }

    /// A value whose properties are each `nil` or a value at random.
    static func random(_ generator: inout SampleGenerator) -> EveryOptional {
        func maybe<T>(_ value: @autoclosure () -> T) -> T? { Bool.random(using: &generator) ? value() : nil }
        var value = EveryOptional()
        value.date = maybe(Date(timeIntervalSince1970: 1_000))
        value.url = maybe(URL(string: "https://example.com/a")!)
        value.uuid = maybe(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!)
        value.data = maybe(Data([0, 1, 2]))
        value.flag = maybe(false)
        value.text = maybe("é")
        value.double = maybe(-0.0)
        value.float = maybe(.infinity)
        value.int = maybe(.min)
        value.int8 = maybe(.min)
        value.int16 = maybe(.max)
        value.int32 = maybe(-1)
        value.int64 = maybe(.max)
        value.uint = maybe(.max)
        value.uint8 = maybe(.max)
        value.uint16 = maybe(0)
        value.uint32 = maybe(.max)
        value.uint64 = maybe(.max)
        value.list = maybe([1, 2])
        value.leaf = maybe(Leaf(tag: 3))
        return value
    }
}
