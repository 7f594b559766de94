import Foundation

// The message models with synthesized string keys (no `CodingKeys` declared), as most Swift
// types are written: plain `Codable`, for the "Archive, string keys" rows of `karchive bench`,
// the benchmark package and the callgrind probe's `-string` message models (issue 47). Each is
// made from the integer-keyed model of `MessageModels.swift`; `GeneratedCodeStringKeyedMessages.swift`
// holds the same declarations with generated code.

/// `EmptyMessage` with synthesized string keys.
public struct StringKeyedEmptyMessage: Codable, Equatable, Sendable {
    /// The same (empty) message.
    public init(_ message: EmptyMessage) {}
}

/// `OneFieldMessage` with synthesized string keys.
public struct StringKeyedOneFieldMessage: Codable, Equatable, Sendable {
    var id: Int32

    /// The same message.
    public init(_ message: OneFieldMessage) { id = message.id }
}

/// `NumericStruct` with synthesized string keys.
public struct StringKeyedNumericStruct: Codable, Equatable, Sendable {
    var f1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11, f12: Int32

    /// The same struct.
    public init(_ value: NumericStruct) {
        (f1, f2, f3, f4, f5, f6) = (value.f1, value.f2, value.f3, value.f4, value.f5, value.f6)
        (f7, f8, f9, f10, f11, f12) = (value.f7, value.f8, value.f9, value.f10, value.f11, value.f12)
    }
}

/// `PrimitivesSample` with synthesized string keys.
public struct StringKeyedPrimitivesSample: Codable, Equatable, Sendable {
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

/// `NumericStructList` with synthesized string keys.
public struct StringKeyedNumericStructList: Codable, Equatable, Sendable {
    var structList: [StringKeyedNumericStruct]

    /// The same list.
    public init(_ list: NumericStructList) { structList = list.structList.map(StringKeyedNumericStruct.init) }
}

/// `PrimitivesSampleList` with synthesized string keys.
public struct StringKeyedPrimitivesSampleList: Codable, Equatable, Sendable {
    var sampleList: [StringKeyedPrimitivesSample]

    /// The same list.
    public init(_ list: PrimitivesSampleList) { sampleList = list.sampleList.map(StringKeyedPrimitivesSample.init) }
}


/// `MediaContent` with synthesized string keys, its parts nested.
public struct StringKeyedMediaContent: Codable, Equatable, Sendable {
    /// `MediaPlayer` (raw values, no keys).
    public enum MediaPlayer: Int32, Codable, Sendable { case java = 0, flash = 1 }

    /// `ImageSize` (raw values, no keys).
    public enum ImageSize: Int32, Codable, Sendable { case small = 0, large = 1 }

    /// `Media` with synthesized string keys.
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

    /// `MediaImage` with synthesized string keys.
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

/// `MediaContentList` with synthesized string keys.
public struct StringKeyedMediaContentList: Codable, Equatable, Sendable {
    var mediaContentList: [StringKeyedMediaContent]

    /// The same list.
    public init(_ list: MediaContentList) { mediaContentList = list.mediaContentList.map(StringKeyedMediaContent.init) }
}

