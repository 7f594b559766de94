import Foundation
@testable import KeyedArchive
import KeyedArchiveSamples
import Testing

/// A message reads its scalar entries in one pass when it can (`Direct/MessageScalarReads.swift`)
/// and the cursor's way otherwise; both must give what the general path and `init(from:)` give.
/// Each check reads an archive three ways (`DirectDecodingTests.expectSameDecoding`): scalars at
/// their edges, with string keys and with integer keys, beside optionals absent or set; every
/// byte of such archives replaced by the bytes that change a reading (tags, varint edges); and
/// keys whose varints take two bytes (which the one pass leaves to the cursor).
@Suite struct MessageScalarReadsTests {
    /// The values each field takes: the type's edges and the format's (fixint, one- and two-byte
    /// varints, negative forms), as strings and floats do theirs.
    static func edgeValues() -> [EveryScalar] {
        var values: [EveryScalar] = []
        for choice in 0..<6 {
            func pick<T>(_ options: [T]) -> T { options[choice % options.count] }
            values.append(EveryScalar(
                flag: choice % 2 == 0,
                text: pick(["", "a", "café", String(repeating: "x", count: 200), "\u{1F600}", "line\nbreak"]),
                double: pick([0.0, -0.0, .nan, .infinity, -.infinity, .leastNonzeroMagnitude]),
                float: pick([Float(0), -.greatestFiniteMagnitude, .nan, .infinity, .leastNormalMagnitude, -1.5]),
                int: pick([Int.min, Int.max, 0, 127, 128, -1]),
                int8: pick([Int8.min, Int8.max, 0, -1, 1, 100]),
                int16: pick([Int16.min, Int16.max, 127, 128, -129, 0]),
                int32: pick([Int32.min, Int32.max, -1, 0, 16_384, -128]),
                int64: pick([Int64.min, Int64.max, 0, 1 << 62, -(1 << 62), 127]),
                uint: pick([UInt.max, 0, 127, 128, 1 << 63, 16_383]),
                uint8: pick([UInt8.max, 0, 127, 128, 1, 200]),
                uint16: pick([UInt16.max, 0, 127, 128, 255, 256]),
                uint32: pick([UInt32.max, 0, 127, 128, 1 << 31, 70_000]),
                uint64: pick([UInt64.max, 0, 127, 128, 1 << 63, (1 << 63) - 1])))
        }
        return values
    }

    @Test func scalarsAtTheirEdgesAreReadInOnePass() throws {
        for value in Self.edgeValues() {
            let bytes = try MessageReadingTests.archive(value)
            MessageReadingTests.expectAgreement(EveryScalar.self, from: bytes, asMessage: true)
            // The one pass gives the values themselves, NaN's bits and −0's sign included.
            let read = try #require(ArchiveDecoder().messageValue(EveryScalar.self, from: bytes))
            #expect(read.same(as: value))
            // The container's entry limit, below and at the 14 entries, as the general path's.
            for count in [0, 1, 13, 14] {
                var limits = ArchiveDecoder.Limits()
                limits.maximumCollectionCount = count
                MessageReadingTests.expectAgreement(EveryScalar.self, from: bytes, asMessage: count >= 14, limits: limits)
            }
        }
    }

    @Test func everyByteReplacedReadsAsTheGeneralPathReads() throws {
        // The bytes that change what a reader sees: the tags, the integer tags' edges, and the
        // varint edges (0, a continuation byte, the largest one-byte value, a byte with all bits).
        let replacements: [UInt8] = Array(0x00...0x13) + [0x7F, 0x80, 0x81, 0xC0, 0xFE, 0xFF]
        for value in Self.edgeValues().prefix(3) {
            let bytes = Array(try MessageReadingTests.archive(value))
            for index in 6..<bytes.count {
                for byte in replacements where byte != bytes[index] {
                    var mutated = bytes
                    mutated[index] = byte
                    DirectDecodingTests.expectSameDecoding(EveryScalar.self, from: Data(mutated))
                }
            }
            // And cut at every length.
            for length in 0..<bytes.count {
                DirectDecodingTests.expectSameDecoding(EveryScalar.self, from: Data(bytes.prefix(length)))
            }
        }
    }

    @Test func integerKeysAndOptionalsAreReadInOnePass() throws {
        var generator = SampleGenerator(seed: 61)
        for round in 0..<24 {
            func maybe<T>(_ value: T) -> T? { Bool.random(using: &generator) ? value : nil }
            let value = NumberedScalars(
                flag: round % 2 == 0, text: ["", "é", String(repeating: "y", count: 130)][round % 3],
                double: [-0.0, .nan, 1e300][round % 3], int8: [Int8.min, -1, Int8.max][round % 3],
                uint64: [0, 128, .max][round % 3], int: [Int.min, 63, 64][round % 3],
                maybeFlag: maybe(true), maybeText: maybe("t"), maybeFloat: maybe(-.infinity),
                maybeInt32: maybe(Int32.min), maybeUInt16: maybe(UInt16.max))
            let bytes = try MessageReadingTests.archive(value)
            MessageReadingTests.expectAgreement(NumberedScalars.self, from: bytes, asMessage: true)
            let read = try #require(ArchiveDecoder().messageValue(NumberedScalars.self, from: bytes))
            #expect(read.same(as: value))
            if round < 3 {
                let original = Array(bytes)
                for index in 6..<original.count {
                    for byte: UInt8 in [0x00, 0x02, 0x03, 0x04, 0x05, 0x07, 0x7F, 0x80, 0xFF] where byte != original[index] {
                        var mutated = original
                        mutated[index] = byte
                        DirectDecodingTests.expectSameDecoding(NumberedScalars.self, from: Data(mutated))
                    }
                }
            }
        }
    }

    @Test func keysOfTwoBytesAreReadTheCursorsWay() throws {
        // 70 string keys: key-table indexes from 64 on take two-byte key varints.
        let value = ManyKeys(values: (0..<ManyKeys.count).map { $0 * 37 - 1_000 })
        let bytes = try MessageReadingTests.archive(value)
        MessageReadingTests.expectAgreement(ManyKeys.self, from: bytes, asMessage: true)
        #expect(ArchiveDecoder().messageValue(ManyKeys.self, from: bytes) == value)
        // Limits below and at the entry count: the one pass checks the limit as the cursor does.
        for count in [0, 1, 63, 64, 65, 69, 70] {
            var limits = ArchiveDecoder.Limits()
            limits.maximumCollectionCount = count
            MessageReadingTests.expectAgreement(ManyKeys.self, from: bytes, asMessage: count >= ManyKeys.count, limits: limits)
        }
    }
}

/// One field of every scalar type, with a conformance in the shape the macro generates.
struct EveryScalar: Codable, ArchiveDirectEncodable, ArchiveDirectDecodable {
    var flag: Bool, text: String, double: Double, float: Float
    var int: Int, int8: Int8, int16: Int16, int32: Int32, int64: Int64
    var uint: UInt, uint8: UInt8, uint16: UInt16, uint32: UInt32, uint64: UInt64

    enum CodingKeys: String, CodingKey {
        case flag, text, double, float, int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64
    }
    static let keys = ArchiveKeySet([
        CodingKeys.flag, .text, .double, .float, .int, .int8, .int16, .int32, .int64, .uint, .uint8, .uint16, .uint32, .uint64,
    ])

    static func _archiveEncode<Writer: ArchiveWriter>(_ value: EveryScalar, to encoder: inout Writer) throws {
        var container = encoder.keyedContainer(keys)
        try container.encode(value.flag, at: 0)
        try container.encode(value.text, at: 1)
        try container.encode(value.double, at: 2)
        try container.encode(value.float, at: 3)
        try container.encode(value.int, at: 4)
        try container.encode(value.int8, at: 5)
        try container.encode(value.int16, at: 6)
        try container.encode(value.int32, at: 7)
        try container.encode(value.int64, at: 8)
        try container.encode(value.uint, at: 9)
        try container.encode(value.uint8, at: 10)
        try container.encode(value.uint16, at: 11)
        try container.encode(value.uint32, at: 12)
        try container.encode(value.uint64, at: 13)
    }
    static func _archiveEncodeMessage(_ value: EveryScalar, to encoder: inout ArchiveMessageEncoder) throws {
        try _archiveEncode(value, to: &encoder)
    }

    static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> EveryScalar {
        let container = try decoder.keyedContainer(keys)
        return EveryScalar(
            flag: try container.decode(at: 0), text: try container.decode(at: 1), double: try container.decode(at: 2),
            float: try container.decode(at: 3), int: try container.decode(at: 4), int8: try container.decode(at: 5),
            int16: try container.decode(at: 6), int32: try container.decode(at: 7), int64: try container.decode(at: 8),
            uint: try container.decode(at: 9), uint8: try container.decode(at: 10), uint16: try container.decode(at: 11),
            uint32: try container.decode(at: 12), uint64: try container.decode(at: 13))
    }
    static func _archiveDecodeMessage(from decoder: inout ArchiveMessageDecoder) throws -> EveryScalar {
        try _archiveDecode(from: &decoder)
    }

    /// Equal, with floats compared by their bits (NaN is then itself, and −0 is not 0).
    func same(as other: EveryScalar) -> Bool {
        flag == other.flag && text == other.text && double.bitPattern == other.double.bitPattern
            && float.bitPattern == other.float.bitPattern && int == other.int && int8 == other.int8 && int16 == other.int16
            && int32 == other.int32 && int64 == other.int64 && uint == other.uint && uint8 == other.uint8
            && uint16 == other.uint16 && uint32 == other.uint32 && uint64 == other.uint64
    }
}

/// More string keys than one-byte key varints can name: "k0" to "k69", an `Int` each.
struct ManyKeys: Codable, Equatable, ArchiveDirectEncodable, ArchiveDirectDecodable {
    static let count = 70
    var values: [Int]

    init(values: [Int]) { self.values = values }

    struct Key: CodingKey {
        let stringValue: String
        init(stringValue: String) { self.stringValue = stringValue }
        init(_ index: Int) { stringValue = "k\(index)" }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }
    static let keys = ArchiveKeySet((0..<count).map { Key($0) })

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        for (index, value) in values.enumerated() { try container.encode(value, forKey: Key(index)) }
    }
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        values = try (0..<Self.count).map { try container.decode(Int.self, forKey: Key($0)) }
    }

    static func _archiveEncode<Writer: ArchiveWriter>(_ value: ManyKeys, to encoder: inout Writer) throws {
        var container = encoder.keyedContainer(keys)
        for (index, element) in value.values.enumerated() { try container.encode(element, at: index) }
    }
    static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> ManyKeys {
        let container = try decoder.keyedContainer(keys)
        return ManyKeys(values: try (0..<count).map { try container.decode(at: $0) })
    }
}

/// Integer keys, the one pass's other key form (one with a two-byte key varint, 100), and
/// scalars beside `Optional`s of them (absent when nil, as `encodeIfPresent` writes them).
struct NumberedScalars: Codable, ArchiveDirectEncodable, ArchiveDirectDecodable {
    var flag: Bool, text: String, double: Double, int8: Int8, uint64: UInt64, int: Int
    var maybeFlag: Bool?, maybeText: String?, maybeFloat: Float?, maybeInt32: Int32?, maybeUInt16: UInt16?

    enum CodingKeys: Int, CodingKey {
        case flag = 1, text, double, int8, uint64, int, maybeFlag = 20, maybeText, maybeFloat, maybeInt32, maybeUInt16 = 100
    }
    static let keys = ArchiveKeySet([
        CodingKeys.flag, .text, .double, .int8, .uint64, .int, .maybeFlag, .maybeText, .maybeFloat, .maybeInt32, .maybeUInt16,
    ])

    static func _archiveEncode<Writer: ArchiveWriter>(_ value: NumberedScalars, to encoder: inout Writer) throws {
        var container = encoder.keyedContainer(keys)
        try container.encode(value.flag, at: 0)
        try container.encode(value.text, at: 1)
        try container.encode(value.double, at: 2)
        try container.encode(value.int8, at: 3)
        try container.encode(value.uint64, at: 4)
        try container.encode(value.int, at: 5)
        try container.encode(value.maybeFlag, at: 6)
        try container.encode(value.maybeText, at: 7)
        try container.encode(value.maybeFloat, at: 8)
        try container.encode(value.maybeInt32, at: 9)
        try container.encode(value.maybeUInt16, at: 10)
    }
    static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> NumberedScalars {
        let container = try decoder.keyedContainer(keys)
        return NumberedScalars(
            flag: try container.decode(at: 0), text: try container.decode(at: 1), double: try container.decode(at: 2),
            int8: try container.decode(at: 3), uint64: try container.decode(at: 4), int: try container.decode(at: 5),
            maybeFlag: try container.decode(at: 6), maybeText: try container.decode(at: 7), maybeFloat: try container.decode(at: 8),
            maybeInt32: try container.decode(at: 9), maybeUInt16: try container.decode(at: 10))
    }
    static func _archiveDecodeMessage(from decoder: inout ArchiveMessageDecoder) throws -> NumberedScalars {
        try _archiveDecode(from: &decoder)
    }

    /// Equal, with floats compared by their bits.
    func same(as other: NumberedScalars) -> Bool {
        flag == other.flag && text == other.text && double.bitPattern == other.double.bitPattern && int8 == other.int8
            && uint64 == other.uint64 && int == other.int && maybeFlag == other.maybeFlag && maybeText == other.maybeText
            && maybeFloat?.bitPattern == other.maybeFloat?.bitPattern && maybeInt32 == other.maybeInt32
            && maybeUInt16 == other.maybeUInt16
    }
}
