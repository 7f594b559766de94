import Foundation
import KeyedArchive

// The message models as `@ArchiveCodable` types, for the "Archive, generated" rows of `karchive
// bench`'s messages section and the callgrind probe's `DIRECT=1` message models. This target does
// not build swift-syntax, so the conformances are written out as the macro writes them for the
// same declarations: `WrittenOutTwinTests` expands the macro on these declarations and compares,
// token for token, and `GeneratedCodeMessageTests` checks that these write the plain models' bytes.
// The media-content graph's twins are in `GeneratedCodeMediaContent.swift`.

/// `EmptyMessage` with the conformances `@ArchiveCodable` generates.
public struct GeneratedCodeEmptyMessage: Codable, Equatable, Sendable {
    /// The same (empty) message.
    public init(_ message: EmptyMessage) {}
}

/// `OneFieldMessage` with the conformances `@ArchiveCodable` generates.
public struct GeneratedCodeOneFieldMessage: Codable, Equatable, Sendable {
    var id: Int32
    enum CodingKeys: Int, CodingKey { case id = 1 }

    /// The same message.
    public init(_ message: OneFieldMessage) { id = message.id }
}

/// `NumericStruct` with the conformances `@ArchiveCodable` generates.
public struct GeneratedCodeNumericStruct: Codable, Equatable, Sendable {
    var f1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11, f12: Int32
    enum CodingKeys: Int, CodingKey { case f1 = 1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11, f12 }

    /// The same struct.
    public init(_ value: NumericStruct) {
        (f1, f2, f3, f4, f5, f6) = (value.f1, value.f2, value.f3, value.f4, value.f5, value.f6)
        (f7, f8, f9, f10, f11, f12) = (value.f7, value.f8, value.f9, value.f10, value.f11, value.f12)
    }
}

/// `PrimitivesSample` with the conformances `@ArchiveCodable` generates.
public struct GeneratedCodePrimitivesSample: Codable, Equatable, Sendable {
    var intValue: Int32
    var longValue: Int64
    var floatValue: Float
    var doubleValue: Double
    var shortValue: Int16
    var charValue: UInt16
    var booleanValue: Bool
    var intValueBoxed: Int32?
    var longValueBoxed: Int64?
    var floatValueBoxed: Float?
    var doubleValueBoxed: Double?
    var shortValueBoxed: Int16?
    var charValueBoxed: UInt16?
    var booleanValueBoxed: Bool?
    var intArray: [Int32]
    var longArray: [Int64]
    var floatArray: [Float]
    var doubleArray: [Double]
    var shortArray: [Int16]
    var charArray: [UInt16]
    var booleanArray: [Bool]
    var string: String

    enum CodingKeys: Int, CodingKey {
        case intValue = 1, longValue, floatValue, doubleValue, shortValue, charValue, booleanValue
        case intValueBoxed, longValueBoxed, floatValueBoxed, doubleValueBoxed, shortValueBoxed, charValueBoxed, booleanValueBoxed
        case intArray, longArray, floatArray, doubleArray, shortArray, charArray, booleanArray, string
    }

    /// The same record.
    public init(_ sample: PrimitivesSample) {
        (intValue, longValue, floatValue, doubleValue) = (sample.intValue, sample.longValue, sample.floatValue, sample.doubleValue)
        (shortValue, charValue, booleanValue) = (sample.shortValue, sample.charValue, sample.booleanValue)
        (intValueBoxed, longValueBoxed, floatValueBoxed) = (sample.intValueBoxed, sample.longValueBoxed, sample.floatValueBoxed)
        (doubleValueBoxed, shortValueBoxed) = (sample.doubleValueBoxed, sample.shortValueBoxed)
        (charValueBoxed, booleanValueBoxed) = (sample.charValueBoxed, sample.booleanValueBoxed)
        (intArray, longArray, floatArray, doubleArray) = (sample.intArray, sample.longArray, sample.floatArray, sample.doubleArray)
        (shortArray, charArray, booleanArray, string) = (sample.shortArray, sample.charArray, sample.booleanArray, sample.string)
    }
}

/// `NumericStructList` with the conformances `@ArchiveCodable` generates.
public struct GeneratedCodeNumericStructList: Codable, Equatable, Sendable {
    var structList: [GeneratedCodeNumericStruct]
    enum CodingKeys: Int, CodingKey { case structList = 1 }

    /// The same list.
    public init(_ list: NumericStructList) { structList = list.structList.map(GeneratedCodeNumericStruct.init) }
}

/// `PrimitivesSampleList` with the conformances `@ArchiveCodable` generates.
public struct GeneratedCodePrimitivesSampleList: Codable, Equatable, Sendable {
    var sampleList: [GeneratedCodePrimitivesSample]
    enum CodingKeys: Int, CodingKey { case sampleList = 1 }

    /// The same list.
    public init(_ list: PrimitivesSampleList) { sampleList = list.sampleList.map(GeneratedCodePrimitivesSample.init) }
}

extension GeneratedCodeEmptyMessage: ArchiveDirectEncodable, ArchiveDirectDecodable {
    static let _archiveKeys = ArchiveKeySet([CodingKeys]())
    public static func _archiveEncode<Writer: ArchiveWriter>(_ value: GeneratedCodeEmptyMessage, to encoder: inout Writer) throws {
        _ = encoder.keyedContainer(_archiveKeys)
    }
    public static func _archiveEncodeMessage(_ value: GeneratedCodeEmptyMessage, to encoder: inout ArchiveMessageEncoder) throws { try _archiveEncode(value, to: &encoder) }
    public static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> GeneratedCodeEmptyMessage {
        try GeneratedCodeEmptyMessage(_archiveFrom: nil)
    }
    public static func _archiveDecodeMessage(from decoder: inout ArchiveMessageDecoder) throws -> GeneratedCodeEmptyMessage { try _archiveDecode(from: &decoder) }
    private init(_archiveFrom container: ArchiveDirectKeyedDecodingContainer?) throws {}
}

extension GeneratedCodeOneFieldMessage: ArchiveDirectEncodable, ArchiveDirectDecodable {
    static let _archiveKeys = ArchiveKeySet([CodingKeys.id])
    public static func _archiveEncode<Writer: ArchiveWriter>(_ value: GeneratedCodeOneFieldMessage, to encoder: inout Writer) throws {
        var container = encoder.keyedContainer(_archiveKeys)
        try container.encode(value.id, at: 0)
    }
    public static func _archiveEncodeMessage(_ value: GeneratedCodeOneFieldMessage, to encoder: inout ArchiveMessageEncoder) throws { try _archiveEncode(value, to: &encoder) }
    public static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> GeneratedCodeOneFieldMessage {
        try GeneratedCodeOneFieldMessage(_archiveFrom: decoder.keyedContainer(_archiveKeys))
    }
    public static func _archiveDecodeMessage(from decoder: inout ArchiveMessageDecoder) throws -> GeneratedCodeOneFieldMessage { try _archiveDecode(from: &decoder) }
    private init<Container: ArchiveKeyedReader>(_archiveFrom container: Container) throws {
        self.id = try container.decode(at: 0)
    }
}

extension GeneratedCodeNumericStruct: ArchiveDirectEncodable, ArchiveDirectDecodable {
    static let _archiveKeys = ArchiveKeySet([CodingKeys.f1, CodingKeys.f2, CodingKeys.f3, CodingKeys.f4, CodingKeys.f5, CodingKeys.f6, CodingKeys.f7, CodingKeys.f8, CodingKeys.f9, CodingKeys.f10, CodingKeys.f11, CodingKeys.f12])
    public static func _archiveEncode<Writer: ArchiveWriter>(_ value: GeneratedCodeNumericStruct, to encoder: inout Writer) throws {
        var container = encoder.keyedContainer(_archiveKeys)
        try container.encode(value.f1, at: 0)
        try container.encode(value.f2, at: 1)
        try container.encode(value.f3, at: 2)
        try container.encode(value.f4, at: 3)
        try container.encode(value.f5, at: 4)
        try container.encode(value.f6, at: 5)
        try container.encode(value.f7, at: 6)
        try container.encode(value.f8, at: 7)
        try container.encode(value.f9, at: 8)
        try container.encode(value.f10, at: 9)
        try container.encode(value.f11, at: 10)
        try container.encode(value.f12, at: 11)
    }
    public static func _archiveEncodeMessage(_ value: GeneratedCodeNumericStruct, to encoder: inout ArchiveMessageEncoder) throws { try _archiveEncode(value, to: &encoder) }
    public static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> GeneratedCodeNumericStruct {
        try GeneratedCodeNumericStruct(_archiveFrom: decoder.keyedContainer(_archiveKeys))
    }
    public static func _archiveDecodeMessage(from decoder: inout ArchiveMessageDecoder) throws -> GeneratedCodeNumericStruct { try _archiveDecode(from: &decoder) }
    private init<Container: ArchiveKeyedReader>(_archiveFrom container: Container) throws {
        self.f1 = try container.decode(at: 0)
        self.f2 = try container.decode(at: 1)
        self.f3 = try container.decode(at: 2)
        self.f4 = try container.decode(at: 3)
        self.f5 = try container.decode(at: 4)
        self.f6 = try container.decode(at: 5)
        self.f7 = try container.decode(at: 6)
        self.f8 = try container.decode(at: 7)
        self.f9 = try container.decode(at: 8)
        self.f10 = try container.decode(at: 9)
        self.f11 = try container.decode(at: 10)
        self.f12 = try container.decode(at: 11)
    }
}

extension GeneratedCodePrimitivesSample: ArchiveDirectEncodable, ArchiveDirectDecodable {
    static let _archiveKeys = ArchiveKeySet([CodingKeys.intValue, CodingKeys.longValue, CodingKeys.floatValue, CodingKeys.doubleValue, CodingKeys.shortValue, CodingKeys.charValue, CodingKeys.booleanValue, CodingKeys.intValueBoxed, CodingKeys.longValueBoxed, CodingKeys.floatValueBoxed, CodingKeys.doubleValueBoxed, CodingKeys.shortValueBoxed, CodingKeys.charValueBoxed, CodingKeys.booleanValueBoxed, CodingKeys.intArray, CodingKeys.longArray, CodingKeys.floatArray, CodingKeys.doubleArray, CodingKeys.shortArray, CodingKeys.charArray, CodingKeys.booleanArray, CodingKeys.string])
    public static func _archiveEncode<Writer: ArchiveWriter>(_ value: GeneratedCodePrimitivesSample, to encoder: inout Writer) throws {
        var container = encoder.keyedContainer(_archiveKeys)
        try container.encode(value.intValue, at: 0)
        try container.encode(value.longValue, at: 1)
        try container.encode(value.floatValue, at: 2)
        try container.encode(value.doubleValue, at: 3)
        try container.encode(value.shortValue, at: 4)
        try container.encode(value.charValue, at: 5)
        try container.encode(value.booleanValue, at: 6)
        try container.encode(value.intValueBoxed, at: 7)
        try container.encode(value.longValueBoxed, at: 8)
        try container.encode(value.floatValueBoxed, at: 9)
        try container.encode(value.doubleValueBoxed, at: 10)
        try container.encode(value.shortValueBoxed, at: 11)
        try container.encode(value.charValueBoxed, at: 12)
        try container.encode(value.booleanValueBoxed, at: 13)
        try container.encode(value.intArray, at: 14)
        try container.encode(value.longArray, at: 15)
        try container.encode(value.floatArray, at: 16)
        try container.encode(value.doubleArray, at: 17)
        try container.encode(value.shortArray, at: 18)
        try container.encode(value.charArray, at: 19)
        try container.encode(value.booleanArray, at: 20)
        try container.encode(value.string, at: 21)
    }
    public static func _archiveEncodeMessage(_ value: GeneratedCodePrimitivesSample, to encoder: inout ArchiveMessageEncoder) throws { try _archiveEncode(value, to: &encoder) }
    public static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> GeneratedCodePrimitivesSample {
        try GeneratedCodePrimitivesSample(_archiveFrom: decoder.keyedContainer(_archiveKeys))
    }
    public static func _archiveDecodeMessage(from decoder: inout ArchiveMessageDecoder) throws -> GeneratedCodePrimitivesSample { try _archiveDecode(from: &decoder) }
    private init<Container: ArchiveKeyedReader>(_archiveFrom container: Container) throws {
        self.intValue = try container.decode(at: 0)
        self.longValue = try container.decode(at: 1)
        self.floatValue = try container.decode(at: 2)
        self.doubleValue = try container.decode(at: 3)
        self.shortValue = try container.decode(at: 4)
        self.charValue = try container.decode(at: 5)
        self.booleanValue = try container.decode(at: 6)
        self.intValueBoxed = try container.decode(at: 7)
        self.longValueBoxed = try container.decode(at: 8)
        self.floatValueBoxed = try container.decode(at: 9)
        self.doubleValueBoxed = try container.decode(at: 10)
        self.shortValueBoxed = try container.decode(at: 11)
        self.charValueBoxed = try container.decode(at: 12)
        self.booleanValueBoxed = try container.decode(at: 13)
        self.intArray = try container.decode(at: 14)
        self.longArray = try container.decode(at: 15)
        self.floatArray = try container.decode(at: 16)
        self.doubleArray = try container.decode(at: 17)
        self.shortArray = try container.decode(at: 18)
        self.charArray = try container.decode(at: 19)
        self.booleanArray = try container.decode(at: 20)
        self.string = try container.decode(at: 21)
    }
}

extension GeneratedCodeNumericStructList: ArchiveDirectEncodable, ArchiveDirectDecodable {
    static let _archiveKeys = ArchiveKeySet([CodingKeys.structList])
    public static func _archiveEncode<Writer: ArchiveWriter>(_ value: GeneratedCodeNumericStructList, to encoder: inout Writer) throws {
        var container = encoder.keyedContainer(_archiveKeys)
        try container.encode(value.structList, at: 0)
    }
    public static func _archiveEncodeMessage(_ value: GeneratedCodeNumericStructList, to encoder: inout ArchiveMessageEncoder) throws { try _archiveEncode(value, to: &encoder) }
    public static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> GeneratedCodeNumericStructList {
        try GeneratedCodeNumericStructList(_archiveFrom: decoder.keyedContainer(_archiveKeys))
    }
    public static func _archiveDecodeMessage(from decoder: inout ArchiveMessageDecoder) throws -> GeneratedCodeNumericStructList { try _archiveDecode(from: &decoder) }
    private init<Container: ArchiveKeyedReader>(_archiveFrom container: Container) throws {
        self.structList = try container.decode(at: 0)
    }
}

extension GeneratedCodePrimitivesSampleList: ArchiveDirectEncodable, ArchiveDirectDecodable {
    static let _archiveKeys = ArchiveKeySet([CodingKeys.sampleList])
    public static func _archiveEncode<Writer: ArchiveWriter>(_ value: GeneratedCodePrimitivesSampleList, to encoder: inout Writer) throws {
        var container = encoder.keyedContainer(_archiveKeys)
        try container.encode(value.sampleList, at: 0)
    }
    public static func _archiveEncodeMessage(_ value: GeneratedCodePrimitivesSampleList, to encoder: inout ArchiveMessageEncoder) throws { try _archiveEncode(value, to: &encoder) }
    public static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> GeneratedCodePrimitivesSampleList {
        try GeneratedCodePrimitivesSampleList(_archiveFrom: decoder.keyedContainer(_archiveKeys))
    }
    public static func _archiveDecodeMessage(from decoder: inout ArchiveMessageDecoder) throws -> GeneratedCodePrimitivesSampleList { try _archiveDecode(from: &decoder) }
    private init<Container: ArchiveKeyedReader>(_archiveFrom container: Container) throws {
        self.sampleList = try container.decode(at: 0)
    }
}
