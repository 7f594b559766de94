import Foundation
import KeyedArchive

// The message models with the keys most Swift types have: synthesized string keys, no
// `CodingKeys` declared. The same declarations as `GeneratedCodeMessages.swift` and
// `GeneratedCodeMediaContent.swift` without their integer `CodingKeys`, with the conformances
// `@ArchiveCodable` generates written out (`WrittenOutTwinTests` compares them with the macro's,
// token for token): the "generated, string keys" rows of `karchive bench`, the benchmark package
// and the callgrind probe's `-string` message models (issue 47). Their plain `Codable` twins are
// in `StringKeyedMessages.swift`.

/// `EmptyMessage` with synthesized string keys and the conformances `@ArchiveCodable` generates.
public struct GeneratedCodeStringKeyedEmptyMessage: Codable, Equatable, Sendable {
    /// The same (empty) message.
    public init(_ message: EmptyMessage) {}
}

/// `OneFieldMessage` with synthesized string keys and the conformances `@ArchiveCodable` generates.
public struct GeneratedCodeStringKeyedOneFieldMessage: Codable, Equatable, Sendable {
    var id: Int32

    /// The same message.
    public init(_ message: OneFieldMessage) { id = message.id }
}

/// `NumericStruct` with synthesized string keys and the conformances `@ArchiveCodable` generates.
public struct GeneratedCodeStringKeyedNumericStruct: Codable, Equatable, Sendable {
    var f1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11, f12: Int32

    /// The same struct.
    public init(_ value: NumericStruct) {
        (f1, f2, f3, f4, f5, f6) = (value.f1, value.f2, value.f3, value.f4, value.f5, value.f6)
        (f7, f8, f9, f10, f11, f12) = (value.f7, value.f8, value.f9, value.f10, value.f11, value.f12)
    }
}

/// `PrimitivesSample` with synthesized string keys and the conformances `@ArchiveCodable` generates.
public struct GeneratedCodeStringKeyedPrimitivesSample: Codable, Equatable, Sendable {
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

/// `NumericStructList` with synthesized string keys and the conformances `@ArchiveCodable` generates.
public struct GeneratedCodeStringKeyedNumericStructList: Codable, Equatable, Sendable {
    var structList: [GeneratedCodeStringKeyedNumericStruct]

    /// The same list.
    public init(_ list: NumericStructList) { structList = list.structList.map(GeneratedCodeStringKeyedNumericStruct.init) }
}

/// `PrimitivesSampleList` with synthesized string keys and the conformances `@ArchiveCodable` generates.
public struct GeneratedCodeStringKeyedPrimitivesSampleList: Codable, Equatable, Sendable {
    var sampleList: [GeneratedCodeStringKeyedPrimitivesSample]

    /// The same list.
    public init(_ list: PrimitivesSampleList) { sampleList = list.sampleList.map(GeneratedCodeStringKeyedPrimitivesSample.init) }
}

extension GeneratedCodeStringKeyedEmptyMessage: ArchiveDirectEncodable, ArchiveDirectDecodable {
    static let _archiveKeys = ArchiveKeySet([CodingKeys]())
    public static func _archiveEncode<Writer: ArchiveWriter>(_ value: GeneratedCodeStringKeyedEmptyMessage, to encoder: inout Writer) throws {
        _ = encoder.keyedContainer(_archiveKeys)
    }
    public static func _archiveEncodeMessage(_ value: GeneratedCodeStringKeyedEmptyMessage, to encoder: inout ArchiveMessageEncoder) throws { try _archiveEncode(value, to: &encoder) }
    public static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> GeneratedCodeStringKeyedEmptyMessage {
        try GeneratedCodeStringKeyedEmptyMessage(_archiveFrom: nil)
    }
    public static func _archiveDecodeMessage(from decoder: inout ArchiveMessageDecoder) throws -> GeneratedCodeStringKeyedEmptyMessage { try _archiveDecode(from: &decoder) }
    private init(_archiveFrom container: ArchiveDirectKeyedDecodingContainer?) throws {
    }
}

extension GeneratedCodeStringKeyedOneFieldMessage: ArchiveDirectEncodable, ArchiveDirectDecodable {
    static let _archiveKeys = ArchiveKeySet([CodingKeys.id])
    public static func _archiveEncode<Writer: ArchiveWriter>(_ value: GeneratedCodeStringKeyedOneFieldMessage, to encoder: inout Writer) throws {
        var container = encoder.keyedContainer(_archiveKeys)
        try container.encode(value.id, at: 0)
    }
    public static func _archiveEncodeMessage(_ value: GeneratedCodeStringKeyedOneFieldMessage, to encoder: inout ArchiveMessageEncoder) throws { try _archiveEncode(value, to: &encoder) }
    public static var _archiveCanEncode: Bool { _archiveKeys.isInDeclarationOrder }
    public static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> GeneratedCodeStringKeyedOneFieldMessage {
        try GeneratedCodeStringKeyedOneFieldMessage(_archiveFrom: decoder.keyedContainer(_archiveKeys))
    }
    public static func _archiveDecodeMessage(from decoder: inout ArchiveMessageDecoder) throws -> GeneratedCodeStringKeyedOneFieldMessage { try _archiveDecode(from: &decoder) }
    public static var _archiveCanDecode: Bool { _archiveKeys.isInDeclarationOrder }
    private init<Container: ArchiveKeyedReader>(_archiveFrom container: Container) throws {
        var field0 = container.unreadField { (value: GeneratedCodeStringKeyedOneFieldMessage) in
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

extension GeneratedCodeStringKeyedNumericStruct: ArchiveDirectEncodable, ArchiveDirectDecodable {
    static let _archiveKeys = ArchiveKeySet([CodingKeys.f1, CodingKeys.f2, CodingKeys.f3, CodingKeys.f4, CodingKeys.f5, CodingKeys.f6, CodingKeys.f7, CodingKeys.f8, CodingKeys.f9, CodingKeys.f10, CodingKeys.f11, CodingKeys.f12])
    public static func _archiveEncode<Writer: ArchiveWriter>(_ value: GeneratedCodeStringKeyedNumericStruct, to encoder: inout Writer) throws {
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
    public static func _archiveEncodeMessage(_ value: GeneratedCodeStringKeyedNumericStruct, to encoder: inout ArchiveMessageEncoder) throws { try _archiveEncode(value, to: &encoder) }
    public static var _archiveCanEncode: Bool { _archiveKeys.isInDeclarationOrder }
    public static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> GeneratedCodeStringKeyedNumericStruct {
        try GeneratedCodeStringKeyedNumericStruct(_archiveFrom: decoder.keyedContainer(_archiveKeys))
    }
    public static func _archiveDecodeMessage(from decoder: inout ArchiveMessageDecoder) throws -> GeneratedCodeStringKeyedNumericStruct { try _archiveDecode(from: &decoder) }
    public static var _archiveCanDecode: Bool { _archiveKeys.isInDeclarationOrder }
    private init<Container: ArchiveKeyedReader>(_archiveFrom container: Container) throws {
        var field0 = container.unreadField { (value: GeneratedCodeStringKeyedNumericStruct) in
            value.f1
        }
        var field1 = container.unreadField { (value: GeneratedCodeStringKeyedNumericStruct) in
            value.f2
        }
        var field2 = container.unreadField { (value: GeneratedCodeStringKeyedNumericStruct) in
            value.f3
        }
        var field3 = container.unreadField { (value: GeneratedCodeStringKeyedNumericStruct) in
            value.f4
        }
        var field4 = container.unreadField { (value: GeneratedCodeStringKeyedNumericStruct) in
            value.f5
        }
        var field5 = container.unreadField { (value: GeneratedCodeStringKeyedNumericStruct) in
            value.f6
        }
        var field6 = container.unreadField { (value: GeneratedCodeStringKeyedNumericStruct) in
            value.f7
        }
        var field7 = container.unreadField { (value: GeneratedCodeStringKeyedNumericStruct) in
            value.f8
        }
        var field8 = container.unreadField { (value: GeneratedCodeStringKeyedNumericStruct) in
            value.f9
        }
        var field9 = container.unreadField { (value: GeneratedCodeStringKeyedNumericStruct) in
            value.f10
        }
        var field10 = container.unreadField { (value: GeneratedCodeStringKeyedNumericStruct) in
            value.f11
        }
        var field11 = container.unreadField { (value: GeneratedCodeStringKeyedNumericStruct) in
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

extension GeneratedCodeStringKeyedPrimitivesSample: ArchiveDirectEncodable, ArchiveDirectDecodable {
    static let _archiveKeys = ArchiveKeySet([CodingKeys.intValue, CodingKeys.longValue, CodingKeys.floatValue, CodingKeys.doubleValue, CodingKeys.shortValue, CodingKeys.charValue, CodingKeys.booleanValue, CodingKeys.intValueBoxed, CodingKeys.longValueBoxed, CodingKeys.floatValueBoxed, CodingKeys.doubleValueBoxed, CodingKeys.shortValueBoxed, CodingKeys.charValueBoxed, CodingKeys.booleanValueBoxed, CodingKeys.intArray, CodingKeys.longArray, CodingKeys.floatArray, CodingKeys.doubleArray, CodingKeys.shortArray, CodingKeys.charArray, CodingKeys.booleanArray, CodingKeys.string])
    public static func _archiveEncode<Writer: ArchiveWriter>(_ value: GeneratedCodeStringKeyedPrimitivesSample, to encoder: inout Writer) throws {
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
    public static func _archiveEncodeMessage(_ value: GeneratedCodeStringKeyedPrimitivesSample, to encoder: inout ArchiveMessageEncoder) throws { try _archiveEncode(value, to: &encoder) }
    public static var _archiveCanEncode: Bool { _archiveKeys.isInDeclarationOrder }
    public static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> GeneratedCodeStringKeyedPrimitivesSample {
        try GeneratedCodeStringKeyedPrimitivesSample(_archiveFrom: decoder.keyedContainer(_archiveKeys))
    }
    public static func _archiveDecodeMessage(from decoder: inout ArchiveMessageDecoder) throws -> GeneratedCodeStringKeyedPrimitivesSample { try _archiveDecode(from: &decoder) }
    public static var _archiveCanDecode: Bool { _archiveKeys.isInDeclarationOrder }
    private init<Container: ArchiveKeyedReader>(_archiveFrom container: Container) throws {
        var field0 = container.unreadField { (value: GeneratedCodeStringKeyedPrimitivesSample) in
            value.intValue
        }
        var field1 = container.unreadField { (value: GeneratedCodeStringKeyedPrimitivesSample) in
            value.longValue
        }
        var field2 = container.unreadField { (value: GeneratedCodeStringKeyedPrimitivesSample) in
            value.floatValue
        }
        var field3 = container.unreadField { (value: GeneratedCodeStringKeyedPrimitivesSample) in
            value.doubleValue
        }
        var field4 = container.unreadField { (value: GeneratedCodeStringKeyedPrimitivesSample) in
            value.shortValue
        }
        var field5 = container.unreadField { (value: GeneratedCodeStringKeyedPrimitivesSample) in
            value.charValue
        }
        var field6 = container.unreadField { (value: GeneratedCodeStringKeyedPrimitivesSample) in
            value.booleanValue
        }
        var field7 = container.unreadField { (value: GeneratedCodeStringKeyedPrimitivesSample) in
            value.intValueBoxed
        }
        var field8 = container.unreadField { (value: GeneratedCodeStringKeyedPrimitivesSample) in
            value.longValueBoxed
        }
        var field9 = container.unreadField { (value: GeneratedCodeStringKeyedPrimitivesSample) in
            value.floatValueBoxed
        }
        var field10 = container.unreadField { (value: GeneratedCodeStringKeyedPrimitivesSample) in
            value.doubleValueBoxed
        }
        var field11 = container.unreadField { (value: GeneratedCodeStringKeyedPrimitivesSample) in
            value.shortValueBoxed
        }
        var field12 = container.unreadField { (value: GeneratedCodeStringKeyedPrimitivesSample) in
            value.charValueBoxed
        }
        var field13 = container.unreadField { (value: GeneratedCodeStringKeyedPrimitivesSample) in
            value.booleanValueBoxed
        }
        var field14 = container.unreadField { (value: GeneratedCodeStringKeyedPrimitivesSample) in
            value.intArray
        }
        var field15 = container.unreadField { (value: GeneratedCodeStringKeyedPrimitivesSample) in
            value.longArray
        }
        var field16 = container.unreadField { (value: GeneratedCodeStringKeyedPrimitivesSample) in
            value.floatArray
        }
        var field17 = container.unreadField { (value: GeneratedCodeStringKeyedPrimitivesSample) in
            value.doubleArray
        }
        var field18 = container.unreadField { (value: GeneratedCodeStringKeyedPrimitivesSample) in
            value.shortArray
        }
        var field19 = container.unreadField { (value: GeneratedCodeStringKeyedPrimitivesSample) in
            value.charArray
        }
        var field20 = container.unreadField { (value: GeneratedCodeStringKeyedPrimitivesSample) in
            value.booleanArray
        }
        var field21 = container.unreadField { (value: GeneratedCodeStringKeyedPrimitivesSample) in
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

extension GeneratedCodeStringKeyedNumericStructList: ArchiveDirectEncodable, ArchiveDirectDecodable {
    static let _archiveKeys = ArchiveKeySet([CodingKeys.structList])
    public static func _archiveEncode<Writer: ArchiveWriter>(_ value: GeneratedCodeStringKeyedNumericStructList, to encoder: inout Writer) throws {
        var container = encoder.keyedContainer(_archiveKeys)
        try container.encode(value.structList, at: 0)
    }
    public static func _archiveEncodeMessage(_ value: GeneratedCodeStringKeyedNumericStructList, to encoder: inout ArchiveMessageEncoder) throws { try _archiveEncode(value, to: &encoder) }
    public static var _archiveCanEncode: Bool { _archiveKeys.isInDeclarationOrder }
    public static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> GeneratedCodeStringKeyedNumericStructList {
        try GeneratedCodeStringKeyedNumericStructList(_archiveFrom: decoder.keyedContainer(_archiveKeys))
    }
    public static func _archiveDecodeMessage(from decoder: inout ArchiveMessageDecoder) throws -> GeneratedCodeStringKeyedNumericStructList { try _archiveDecode(from: &decoder) }
    public static var _archiveCanDecode: Bool { _archiveKeys.isInDeclarationOrder }
    private init<Container: ArchiveKeyedReader>(_archiveFrom container: Container) throws {
        var field0 = container.unreadField { (value: GeneratedCodeStringKeyedNumericStructList) in
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

extension GeneratedCodeStringKeyedPrimitivesSampleList: ArchiveDirectEncodable, ArchiveDirectDecodable {
    static let _archiveKeys = ArchiveKeySet([CodingKeys.sampleList])
    public static func _archiveEncode<Writer: ArchiveWriter>(_ value: GeneratedCodeStringKeyedPrimitivesSampleList, to encoder: inout Writer) throws {
        var container = encoder.keyedContainer(_archiveKeys)
        try container.encode(value.sampleList, at: 0)
    }
    public static func _archiveEncodeMessage(_ value: GeneratedCodeStringKeyedPrimitivesSampleList, to encoder: inout ArchiveMessageEncoder) throws { try _archiveEncode(value, to: &encoder) }
    public static var _archiveCanEncode: Bool { _archiveKeys.isInDeclarationOrder }
    public static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> GeneratedCodeStringKeyedPrimitivesSampleList {
        try GeneratedCodeStringKeyedPrimitivesSampleList(_archiveFrom: decoder.keyedContainer(_archiveKeys))
    }
    public static func _archiveDecodeMessage(from decoder: inout ArchiveMessageDecoder) throws -> GeneratedCodeStringKeyedPrimitivesSampleList { try _archiveDecode(from: &decoder) }
    public static var _archiveCanDecode: Bool { _archiveKeys.isInDeclarationOrder }
    private init<Container: ArchiveKeyedReader>(_archiveFrom container: Container) throws {
        var field0 = container.unreadField { (value: GeneratedCodeStringKeyedPrimitivesSampleList) in
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

/// `MediaContent` with synthesized string keys and the conformances `@ArchiveCodable` generates, its parts nested.
public struct GeneratedCodeStringKeyedMediaContent: Codable, Equatable, Sendable {
    /// `MediaPlayer` with generated code.
    public enum MediaPlayer: Int32, Codable, Sendable { case java = 0, flash = 1 }

    /// `ImageSize` with generated code.
    public enum ImageSize: Int32, Codable, Sendable { case small = 0, large = 1 }

    /// `Media` with generated code.
    public struct Media: Codable, Equatable, Sendable {
        var uri: String
        var title: String?
        var width: Int32
        var height: Int32
        var format: String
        var duration: Int64
        var size: Int64
        var bitrate: Int32
        var hasBitrate: Bool
        var persons: [String]
        var player: MediaPlayer
        var copyright: String?

    }

    /// `MediaImage` with generated code.
    public struct MediaImage: Codable, Equatable, Sendable {
        var uri: String
        var title: String?
        var width: Int32
        var height: Int32
        var size: ImageSize

    }

    var media: Media
    var images: [MediaImage]

    /// The same record. The enums have the same raw values, so the conversion cannot fail.
    public init(_ content: MediaContent) {
        let m = content.media
        media = Media(uri: m.uri, title: m.title, width: m.width, height: m.height, format: m.format, duration: m.duration,
                      size: m.size, bitrate: m.bitrate, hasBitrate: m.hasBitrate, persons: m.persons,
                      player: MediaPlayer(rawValue: m.player.rawValue)!, copyright: m.copyright)
        images = content.images.map {
            MediaImage(uri: $0.uri, title: $0.title, width: $0.width, height: $0.height, size: ImageSize(rawValue: $0.size.rawValue)!)
        }
    }
}

/// `MediaContentList` with synthesized string keys and the conformances `@ArchiveCodable` generates.
public struct GeneratedCodeStringKeyedMediaContentList: Codable, Equatable, Sendable {
    var mediaContentList: [GeneratedCodeStringKeyedMediaContent]

    /// The same list.
    public init(_ list: MediaContentList) { mediaContentList = list.mediaContentList.map(GeneratedCodeStringKeyedMediaContent.init) }
}

extension GeneratedCodeStringKeyedMediaContent.MediaPlayer: ArchiveDirectEncodable, ArchiveDirectDecodable {
    public static func _archiveEncode<Writer: ArchiveWriter>(_ value: GeneratedCodeStringKeyedMediaContent.MediaPlayer, to encoder: inout Writer) throws {
        try encoder.encodeSingleValue(value.rawValue)
    }
    public static func _archiveEncodeMessage(_ value: GeneratedCodeStringKeyedMediaContent.MediaPlayer, to encoder: inout ArchiveMessageEncoder) throws { try _archiveEncode(value, to: &encoder) }
    public static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> GeneratedCodeStringKeyedMediaContent.MediaPlayer {
        let rawValue = try decoder.decodeSingleValue(RawValue.self)
        guard let value = GeneratedCodeStringKeyedMediaContent.MediaPlayer(rawValue: rawValue) else {
            throw decoder.invalidRawValue(GeneratedCodeStringKeyedMediaContent.MediaPlayer.self, rawValue)
        }
        return value
    }
    public static func _archiveDecodeMessage(from decoder: inout ArchiveMessageDecoder) throws -> GeneratedCodeStringKeyedMediaContent.MediaPlayer { try _archiveDecode(from: &decoder) }
}

extension GeneratedCodeStringKeyedMediaContent.ImageSize: ArchiveDirectEncodable, ArchiveDirectDecodable {
    public static func _archiveEncode<Writer: ArchiveWriter>(_ value: GeneratedCodeStringKeyedMediaContent.ImageSize, to encoder: inout Writer) throws {
        try encoder.encodeSingleValue(value.rawValue)
    }
    public static func _archiveEncodeMessage(_ value: GeneratedCodeStringKeyedMediaContent.ImageSize, to encoder: inout ArchiveMessageEncoder) throws { try _archiveEncode(value, to: &encoder) }
    public static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> GeneratedCodeStringKeyedMediaContent.ImageSize {
        let rawValue = try decoder.decodeSingleValue(RawValue.self)
        guard let value = GeneratedCodeStringKeyedMediaContent.ImageSize(rawValue: rawValue) else {
            throw decoder.invalidRawValue(GeneratedCodeStringKeyedMediaContent.ImageSize.self, rawValue)
        }
        return value
    }
    public static func _archiveDecodeMessage(from decoder: inout ArchiveMessageDecoder) throws -> GeneratedCodeStringKeyedMediaContent.ImageSize { try _archiveDecode(from: &decoder) }
}

extension GeneratedCodeStringKeyedMediaContent.Media: ArchiveDirectEncodable, ArchiveDirectDecodable {
    static let _archiveKeys = ArchiveKeySet([CodingKeys.uri, CodingKeys.title, CodingKeys.width, CodingKeys.height, CodingKeys.format, CodingKeys.duration, CodingKeys.size, CodingKeys.bitrate, CodingKeys.hasBitrate, CodingKeys.persons, CodingKeys.player, CodingKeys.copyright])
    public static func _archiveEncode<Writer: ArchiveWriter>(_ value: GeneratedCodeStringKeyedMediaContent.Media, to encoder: inout Writer) throws {
        var container = encoder.keyedContainer(_archiveKeys)
        try container.encode(value.uri, at: 0)
        try container.encode(value.title, at: 1)
        try container.encode(value.width, at: 2)
        try container.encode(value.height, at: 3)
        try container.encode(value.format, at: 4)
        try container.encode(value.duration, at: 5)
        try container.encode(value.size, at: 6)
        try container.encode(value.bitrate, at: 7)
        try container.encode(value.hasBitrate, at: 8)
        try container.encode(value.persons, at: 9)
        try container.encode(value.player, at: 10)
        try container.encode(value.copyright, at: 11)
    }
    public static func _archiveEncodeMessage(_ value: GeneratedCodeStringKeyedMediaContent.Media, to encoder: inout ArchiveMessageEncoder) throws { try _archiveEncode(value, to: &encoder) }
    public static var _archiveCanEncode: Bool { _archiveKeys.isInDeclarationOrder }
    public static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> GeneratedCodeStringKeyedMediaContent.Media {
        try GeneratedCodeStringKeyedMediaContent.Media(_archiveFrom: decoder.keyedContainer(_archiveKeys))
    }
    public static func _archiveDecodeMessage(from decoder: inout ArchiveMessageDecoder) throws -> GeneratedCodeStringKeyedMediaContent.Media { try _archiveDecode(from: &decoder) }
    public static var _archiveCanDecode: Bool { _archiveKeys.isInDeclarationOrder }
    private init<Container: ArchiveKeyedReader>(_archiveFrom container: Container) throws {
        var field0 = container.unreadField { (value: GeneratedCodeStringKeyedMediaContent.Media) in
            value.uri
        }
        var field1 = container.unreadField { (value: GeneratedCodeStringKeyedMediaContent.Media) in
            value.title
        }
        var field2 = container.unreadField { (value: GeneratedCodeStringKeyedMediaContent.Media) in
            value.width
        }
        var field3 = container.unreadField { (value: GeneratedCodeStringKeyedMediaContent.Media) in
            value.height
        }
        var field4 = container.unreadField { (value: GeneratedCodeStringKeyedMediaContent.Media) in
            value.format
        }
        var field5 = container.unreadField { (value: GeneratedCodeStringKeyedMediaContent.Media) in
            value.duration
        }
        var field6 = container.unreadField { (value: GeneratedCodeStringKeyedMediaContent.Media) in
            value.size
        }
        var field7 = container.unreadField { (value: GeneratedCodeStringKeyedMediaContent.Media) in
            value.bitrate
        }
        var field8 = container.unreadField { (value: GeneratedCodeStringKeyedMediaContent.Media) in
            value.hasBitrate
        }
        var field9 = container.unreadField { (value: GeneratedCodeStringKeyedMediaContent.Media) in
            value.persons
        }
        var field10 = container.unreadField { (value: GeneratedCodeStringKeyedMediaContent.Media) in
            value.player
        }
        var field11 = container.unreadField { (value: GeneratedCodeStringKeyedMediaContent.Media) in
            value.copyright
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
        self.uri = try field0 ?? container.decode(at: 0)
        self.title = try field1 ?? container.decode(at: 1)
        self.width = try field2 ?? container.decode(at: 2)
        self.height = try field3 ?? container.decode(at: 3)
        self.format = try field4 ?? container.decode(at: 4)
        self.duration = try field5 ?? container.decode(at: 5)
        self.size = try field6 ?? container.decode(at: 6)
        self.bitrate = try field7 ?? container.decode(at: 7)
        self.hasBitrate = try field8 ?? container.decode(at: 8)
        self.persons = try field9 ?? container.decode(at: 9)
        self.player = try field10 ?? container.decode(at: 10)
        self.copyright = try field11 ?? container.decode(at: 11)
    }
}

extension GeneratedCodeStringKeyedMediaContent.MediaImage: ArchiveDirectEncodable, ArchiveDirectDecodable {
    static let _archiveKeys = ArchiveKeySet([CodingKeys.uri, CodingKeys.title, CodingKeys.width, CodingKeys.height, CodingKeys.size])
    public static func _archiveEncode<Writer: ArchiveWriter>(_ value: GeneratedCodeStringKeyedMediaContent.MediaImage, to encoder: inout Writer) throws {
        var container = encoder.keyedContainer(_archiveKeys)
        try container.encode(value.uri, at: 0)
        try container.encode(value.title, at: 1)
        try container.encode(value.width, at: 2)
        try container.encode(value.height, at: 3)
        try container.encode(value.size, at: 4)
    }
    public static func _archiveEncodeMessage(_ value: GeneratedCodeStringKeyedMediaContent.MediaImage, to encoder: inout ArchiveMessageEncoder) throws { try _archiveEncode(value, to: &encoder) }
    public static var _archiveCanEncode: Bool { _archiveKeys.isInDeclarationOrder }
    public static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> GeneratedCodeStringKeyedMediaContent.MediaImage {
        try GeneratedCodeStringKeyedMediaContent.MediaImage(_archiveFrom: decoder.keyedContainer(_archiveKeys))
    }
    public static func _archiveDecodeMessage(from decoder: inout ArchiveMessageDecoder) throws -> GeneratedCodeStringKeyedMediaContent.MediaImage { try _archiveDecode(from: &decoder) }
    public static var _archiveCanDecode: Bool { _archiveKeys.isInDeclarationOrder }
    private init<Container: ArchiveKeyedReader>(_archiveFrom container: Container) throws {
        var field0 = container.unreadField { (value: GeneratedCodeStringKeyedMediaContent.MediaImage) in
            value.uri
        }
        var field1 = container.unreadField { (value: GeneratedCodeStringKeyedMediaContent.MediaImage) in
            value.title
        }
        var field2 = container.unreadField { (value: GeneratedCodeStringKeyedMediaContent.MediaImage) in
            value.width
        }
        var field3 = container.unreadField { (value: GeneratedCodeStringKeyedMediaContent.MediaImage) in
            value.height
        }
        var field4 = container.unreadField { (value: GeneratedCodeStringKeyedMediaContent.MediaImage) in
            value.size
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
            default:
                try container.skipEntry()
            }
        }
        self.uri = try field0 ?? container.decode(at: 0)
        self.title = try field1 ?? container.decode(at: 1)
        self.width = try field2 ?? container.decode(at: 2)
        self.height = try field3 ?? container.decode(at: 3)
        self.size = try field4 ?? container.decode(at: 4)
    }
}

extension GeneratedCodeStringKeyedMediaContent: ArchiveDirectEncodable, ArchiveDirectDecodable {
    static let _archiveKeys = ArchiveKeySet([CodingKeys.media, CodingKeys.images])
    public static func _archiveEncode<Writer: ArchiveWriter>(_ value: GeneratedCodeStringKeyedMediaContent, to encoder: inout Writer) throws {
        var container = encoder.keyedContainer(_archiveKeys)
        try container.encode(value.media, at: 0)
        try container.encode(value.images, at: 1)
    }
    public static func _archiveEncodeMessage(_ value: GeneratedCodeStringKeyedMediaContent, to encoder: inout ArchiveMessageEncoder) throws { try _archiveEncode(value, to: &encoder) }
    public static var _archiveCanEncode: Bool { _archiveKeys.isInDeclarationOrder }
    public static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> GeneratedCodeStringKeyedMediaContent {
        try GeneratedCodeStringKeyedMediaContent(_archiveFrom: decoder.keyedContainer(_archiveKeys))
    }
    public static func _archiveDecodeMessage(from decoder: inout ArchiveMessageDecoder) throws -> GeneratedCodeStringKeyedMediaContent { try _archiveDecode(from: &decoder) }
    public static var _archiveCanDecode: Bool { _archiveKeys.isInDeclarationOrder }
    private init<Container: ArchiveKeyedReader>(_archiveFrom container: Container) throws {
        var field0 = container.unreadField { (value: GeneratedCodeStringKeyedMediaContent) in
            value.media
        }
        var field1 = container.unreadField { (value: GeneratedCodeStringKeyedMediaContent) in
            value.images
        }
        while let key = try container.nextKey() {
            switch key {
            case 0:
                field0 = try .some(container.decode(at: 0))
            case 1:
                field1 = try .some(container.decode(at: 1))
            default:
                try container.skipEntry()
            }
        }
        self.media = try field0 ?? container.decode(at: 0)
        self.images = try field1 ?? container.decode(at: 1)
    }
}

extension GeneratedCodeStringKeyedMediaContentList: ArchiveDirectEncodable, ArchiveDirectDecodable {
    static let _archiveKeys = ArchiveKeySet([CodingKeys.mediaContentList])
    public static func _archiveEncode<Writer: ArchiveWriter>(_ value: GeneratedCodeStringKeyedMediaContentList, to encoder: inout Writer) throws {
        var container = encoder.keyedContainer(_archiveKeys)
        try container.encode(value.mediaContentList, at: 0)
    }
    public static func _archiveEncodeMessage(_ value: GeneratedCodeStringKeyedMediaContentList, to encoder: inout ArchiveMessageEncoder) throws { try _archiveEncode(value, to: &encoder) }
    public static var _archiveCanEncode: Bool { _archiveKeys.isInDeclarationOrder }
    public static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> GeneratedCodeStringKeyedMediaContentList {
        try GeneratedCodeStringKeyedMediaContentList(_archiveFrom: decoder.keyedContainer(_archiveKeys))
    }
    public static func _archiveDecodeMessage(from decoder: inout ArchiveMessageDecoder) throws -> GeneratedCodeStringKeyedMediaContentList { try _archiveDecode(from: &decoder) }
    public static var _archiveCanDecode: Bool { _archiveKeys.isInDeclarationOrder }
    private init<Container: ArchiveKeyedReader>(_archiveFrom container: Container) throws {
        var field0 = container.unreadField { (value: GeneratedCodeStringKeyedMediaContentList) in
            value.mediaContentList
        }
        while let key = try container.nextKey() {
            switch key {
            case 0:
                field0 = try .some(container.decode(at: 0))
            default:
                try container.skipEntry()
            }
        }
        self.mediaContentList = try field0 ?? container.decode(at: 0)
    }
}
