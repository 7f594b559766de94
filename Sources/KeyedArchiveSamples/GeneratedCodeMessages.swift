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
    private init(_archiveFrom container: ArchiveDirectKeyedDecodingContainer?) throws {
    }
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
        var field0 = container.unreadField { (value: GeneratedCodeOneFieldMessage) in
            value.id
        }
        while let key = try container.nextKey() {
            switch key {
            case 0:
                field0 = try .some(container.decode(at: 0))
            default:
                try container.skipEntry()
            }
        }
        self.id = try field0 ?? container.decode(at: 0)
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
        var field0 = container.unreadField { (value: GeneratedCodeNumericStruct) in
            value.f1
        }
        var field1 = container.unreadField { (value: GeneratedCodeNumericStruct) in
            value.f2
        }
        var field2 = container.unreadField { (value: GeneratedCodeNumericStruct) in
            value.f3
        }
        var field3 = container.unreadField { (value: GeneratedCodeNumericStruct) in
            value.f4
        }
        var field4 = container.unreadField { (value: GeneratedCodeNumericStruct) in
            value.f5
        }
        var field5 = container.unreadField { (value: GeneratedCodeNumericStruct) in
            value.f6
        }
        var field6 = container.unreadField { (value: GeneratedCodeNumericStruct) in
            value.f7
        }
        var field7 = container.unreadField { (value: GeneratedCodeNumericStruct) in
            value.f8
        }
        var field8 = container.unreadField { (value: GeneratedCodeNumericStruct) in
            value.f9
        }
        var field9 = container.unreadField { (value: GeneratedCodeNumericStruct) in
            value.f10
        }
        var field10 = container.unreadField { (value: GeneratedCodeNumericStruct) in
            value.f11
        }
        var field11 = container.unreadField { (value: GeneratedCodeNumericStruct) in
            value.f12
        }
        while let key = try container.nextKey() {
            switch key {
            case 0:
                field0 = try .some(container.decode(at: 0))
            case 1:
                field1 = try .some(container.decode(at: 1))
            case 2:
                field2 = try .some(container.decode(at: 2))
            case 3:
                field3 = try .some(container.decode(at: 3))
            case 4:
                field4 = try .some(container.decode(at: 4))
            case 5:
                field5 = try .some(container.decode(at: 5))
            case 6:
                field6 = try .some(container.decode(at: 6))
            case 7:
                field7 = try .some(container.decode(at: 7))
            case 8:
                field8 = try .some(container.decode(at: 8))
            case 9:
                field9 = try .some(container.decode(at: 9))
            case 10:
                field10 = try .some(container.decode(at: 10))
            case 11:
                field11 = try .some(container.decode(at: 11))
            default:
                try container.skipEntry()
            }
        }
        self.f1 = try field0 ?? container.decode(at: 0)
        self.f2 = try field1 ?? container.decode(at: 1)
        self.f3 = try field2 ?? container.decode(at: 2)
        self.f4 = try field3 ?? container.decode(at: 3)
        self.f5 = try field4 ?? container.decode(at: 4)
        self.f6 = try field5 ?? container.decode(at: 5)
        self.f7 = try field6 ?? container.decode(at: 6)
        self.f8 = try field7 ?? container.decode(at: 7)
        self.f9 = try field8 ?? container.decode(at: 8)
        self.f10 = try field9 ?? container.decode(at: 9)
        self.f11 = try field10 ?? container.decode(at: 10)
        self.f12 = try field11 ?? container.decode(at: 11)
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
        var field0 = container.unreadField { (value: GeneratedCodePrimitivesSample) in
            value.intValue
        }
        var field1 = container.unreadField { (value: GeneratedCodePrimitivesSample) in
            value.longValue
        }
        var field2 = container.unreadField { (value: GeneratedCodePrimitivesSample) in
            value.floatValue
        }
        var field3 = container.unreadField { (value: GeneratedCodePrimitivesSample) in
            value.doubleValue
        }
        var field4 = container.unreadField { (value: GeneratedCodePrimitivesSample) in
            value.shortValue
        }
        var field5 = container.unreadField { (value: GeneratedCodePrimitivesSample) in
            value.charValue
        }
        var field6 = container.unreadField { (value: GeneratedCodePrimitivesSample) in
            value.booleanValue
        }
        var field7 = container.unreadField { (value: GeneratedCodePrimitivesSample) in
            value.intValueBoxed
        }
        var field8 = container.unreadField { (value: GeneratedCodePrimitivesSample) in
            value.longValueBoxed
        }
        var field9 = container.unreadField { (value: GeneratedCodePrimitivesSample) in
            value.floatValueBoxed
        }
        var field10 = container.unreadField { (value: GeneratedCodePrimitivesSample) in
            value.doubleValueBoxed
        }
        var field11 = container.unreadField { (value: GeneratedCodePrimitivesSample) in
            value.shortValueBoxed
        }
        var field12 = container.unreadField { (value: GeneratedCodePrimitivesSample) in
            value.charValueBoxed
        }
        var field13 = container.unreadField { (value: GeneratedCodePrimitivesSample) in
            value.booleanValueBoxed
        }
        var field14 = container.unreadField { (value: GeneratedCodePrimitivesSample) in
            value.intArray
        }
        var field15 = container.unreadField { (value: GeneratedCodePrimitivesSample) in
            value.longArray
        }
        var field16 = container.unreadField { (value: GeneratedCodePrimitivesSample) in
            value.floatArray
        }
        var field17 = container.unreadField { (value: GeneratedCodePrimitivesSample) in
            value.doubleArray
        }
        var field18 = container.unreadField { (value: GeneratedCodePrimitivesSample) in
            value.shortArray
        }
        var field19 = container.unreadField { (value: GeneratedCodePrimitivesSample) in
            value.charArray
        }
        var field20 = container.unreadField { (value: GeneratedCodePrimitivesSample) in
            value.booleanArray
        }
        var field21 = container.unreadField { (value: GeneratedCodePrimitivesSample) in
            value.string
        }
        while let key = try container.nextKey() {
            switch key {
            case 0:
                field0 = try .some(container.decode(at: 0))
            case 1:
                field1 = try .some(container.decode(at: 1))
            case 2:
                field2 = try .some(container.decode(at: 2))
            case 3:
                field3 = try .some(container.decode(at: 3))
            case 4:
                field4 = try .some(container.decode(at: 4))
            case 5:
                field5 = try .some(container.decode(at: 5))
            case 6:
                field6 = try .some(container.decode(at: 6))
            case 7:
                field7 = try .some(container.decode(at: 7))
            case 8:
                field8 = try .some(container.decode(at: 8))
            case 9:
                field9 = try .some(container.decode(at: 9))
            case 10:
                field10 = try .some(container.decode(at: 10))
            case 11:
                field11 = try .some(container.decode(at: 11))
            case 12:
                field12 = try .some(container.decode(at: 12))
            case 13:
                field13 = try .some(container.decode(at: 13))
            case 14:
                field14 = try .some(container.decode(at: 14))
            case 15:
                field15 = try .some(container.decode(at: 15))
            case 16:
                field16 = try .some(container.decode(at: 16))
            case 17:
                field17 = try .some(container.decode(at: 17))
            case 18:
                field18 = try .some(container.decode(at: 18))
            case 19:
                field19 = try .some(container.decode(at: 19))
            case 20:
                field20 = try .some(container.decode(at: 20))
            case 21:
                field21 = try .some(container.decode(at: 21))
            default:
                try container.skipEntry()
            }
        }
        self.intValue = try field0 ?? container.decode(at: 0)
        self.longValue = try field1 ?? container.decode(at: 1)
        self.floatValue = try field2 ?? container.decode(at: 2)
        self.doubleValue = try field3 ?? container.decode(at: 3)
        self.shortValue = try field4 ?? container.decode(at: 4)
        self.charValue = try field5 ?? container.decode(at: 5)
        self.booleanValue = try field6 ?? container.decode(at: 6)
        self.intValueBoxed = try field7 ?? container.decode(at: 7)
        self.longValueBoxed = try field8 ?? container.decode(at: 8)
        self.floatValueBoxed = try field9 ?? container.decode(at: 9)
        self.doubleValueBoxed = try field10 ?? container.decode(at: 10)
        self.shortValueBoxed = try field11 ?? container.decode(at: 11)
        self.charValueBoxed = try field12 ?? container.decode(at: 12)
        self.booleanValueBoxed = try field13 ?? container.decode(at: 13)
        self.intArray = try field14 ?? container.decode(at: 14)
        self.longArray = try field15 ?? container.decode(at: 15)
        self.floatArray = try field16 ?? container.decode(at: 16)
        self.doubleArray = try field17 ?? container.decode(at: 17)
        self.shortArray = try field18 ?? container.decode(at: 18)
        self.charArray = try field19 ?? container.decode(at: 19)
        self.booleanArray = try field20 ?? container.decode(at: 20)
        self.string = try field21 ?? container.decode(at: 21)
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
        var field0 = container.unreadField { (value: GeneratedCodeNumericStructList) in
            value.structList
        }
        while let key = try container.nextKey() {
            switch key {
            case 0:
                field0 = try .some(container.decode(at: 0))
            default:
                try container.skipEntry()
            }
        }
        self.structList = try field0 ?? container.decode(at: 0)
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
        var field0 = container.unreadField { (value: GeneratedCodePrimitivesSampleList) in
            value.sampleList
        }
        while let key = try container.nextKey() {
            switch key {
            case 0:
                field0 = try .some(container.decode(at: 0))
            default:
                try container.skipEntry()
            }
        }
        self.sampleList = try field0 ?? container.decode(at: 0)
    }
}
