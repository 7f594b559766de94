import Foundation

// The models users send as messages, small enough that a coder's fixed cost per call decides its
// throughput: an empty struct, a one-field struct, twelve `Int32`s, a mix of primitives and
// arrays, the media-content graph of the jvm-serializers benchmark (a media record with its
// images), and a list of five of each of the last three. Written here from the schemas' public
// descriptions, with integer coding keys numbered as a message schema numbers its fields.

/// A message with no fields: what a call costs when there is nothing to write.
public struct EmptyMessage: Codable, Equatable, Sendable {
    /// The empty message.
    public init() {}

    /// The message the benchmarks time, as every other message model has one.
    public static func sample() -> EmptyMessage { EmptyMessage() }
}

/// A message with one small integer field.
public struct OneFieldMessage: Codable, Equatable, Sendable {
    /// The field.
    public var id: Int32
    enum CodingKeys: Int, CodingKey { case id = 1 }

    /// A message holding `id`.
    public init(id: Int32) { self.id = id }

    /// The message the benchmarks time.
    public static func sample() -> OneFieldMessage { OneFieldMessage(id: 42) }
}

/// Twelve `Int32` fields, of every size from one byte to five.
public struct NumericStruct: Codable, Equatable, Sendable {
    /// The fields.
    public var f1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11, f12: Int32
    enum CodingKeys: Int, CodingKey { case f1 = 1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11, f12 }

    /// A struct of the twelve values of `fields` (exactly twelve).
    public init(_ fields: [Int32]) {
        precondition(fields.count == 12, "NumericStruct has twelve fields")
        (f1, f2, f3, f4, f5, f6) = (fields[0], fields[1], fields[2], fields[3], fields[4], fields[5])
        (f7, f8, f9, f10, f11, f12) = (fields[6], fields[7], fields[8], fields[9], fields[10], fields[11])
    }

    /// A struct of these twelve values, without the array of `init(_:)` (for conversions that
    /// should not pay for one).
    public init(f1: Int32, f2: Int32, f3: Int32, f4: Int32, f5: Int32, f6: Int32,
                f7: Int32, f8: Int32, f9: Int32, f10: Int32, f11: Int32, f12: Int32) {
        (self.f1, self.f2, self.f3, self.f4, self.f5, self.f6) = (f1, f2, f3, f4, f5, f6)
        (self.f7, self.f8, self.f9, self.f10, self.f11, self.f12) = (f7, f8, f9, f10, f11, f12)
    }

    /// The twelve fields in order.
    public var fields: [Int32] { [f1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11, f12] }

    /// A struct whose fields are drawn by `generator`: small and large, positive and negative.
    public static func sample(_ generator: inout SampleGenerator) -> NumericStruct {
        NumericStruct((0..<12).map { index in
            let magnitude = [100, 30_000, 2_000_000, 1_000_000_000][index % 4]
            return Int32(generator.int(-magnitude..<magnitude))
        })
    }

    /// The struct the benchmarks time.
    public static func sample() -> NumericStruct {
        var generator = SampleGenerator(seed: 11)
        return sample(&generator)
    }
}

/// A mix of primitives, boxed twins of them, arrays and a string: the "sample" record.
public struct PrimitivesSample: Codable, Equatable, Sendable {
    /// The int value.
    public var intValue: Int32
    /// The long value.
    public var longValue: Int64
    /// The float value.
    public var floatValue: Float
    /// The double value.
    public var doubleValue: Double
    /// The short value.
    public var shortValue: Int16
    /// The char value.
    public var charValue: UInt16
    /// The boolean value.
    public var booleanValue: Bool
    /// The int value boxed.
    public var intValueBoxed: Int32?
    /// The long value boxed.
    public var longValueBoxed: Int64?
    /// The float value boxed.
    public var floatValueBoxed: Float?
    /// The double value boxed.
    public var doubleValueBoxed: Double?
    /// The short value boxed.
    public var shortValueBoxed: Int16?
    /// The char value boxed.
    public var charValueBoxed: UInt16?
    /// The boolean value boxed.
    public var booleanValueBoxed: Bool?
    /// The int array.
    public var intArray: [Int32]
    /// The long array.
    public var longArray: [Int64]
    /// The float array.
    public var floatArray: [Float]
    /// The double array.
    public var doubleArray: [Double]
    /// The short array.
    public var shortArray: [Int16]
    /// The char array.
    public var charArray: [UInt16]
    /// The boolean array.
    public var booleanArray: [Bool]
    /// The string.
    public var string: String

    enum CodingKeys: Int, CodingKey {
        case intValue = 1, longValue, floatValue, doubleValue, shortValue, charValue, booleanValue
        case intValueBoxed, longValueBoxed, floatValueBoxed, doubleValueBoxed, shortValueBoxed, charValueBoxed, booleanValueBoxed
        case intArray, longArray, floatArray, doubleArray, shortArray, charArray, booleanArray, string
    }

    /// A record of these values, in field order (public, for the conversions of the benchmark
    /// package, which a memberwise initializer would not serve outside this module).
    public init(intValue: Int32, longValue: Int64, floatValue: Float, doubleValue: Double, shortValue: Int16,
                charValue: UInt16, booleanValue: Bool, intValueBoxed: Int32?, longValueBoxed: Int64?,
                floatValueBoxed: Float?, doubleValueBoxed: Double?, shortValueBoxed: Int16?, charValueBoxed: UInt16?,
                booleanValueBoxed: Bool?, intArray: [Int32], longArray: [Int64], floatArray: [Float],
                doubleArray: [Double], shortArray: [Int16], charArray: [UInt16], booleanArray: [Bool], string: String) {
        (self.intValue, self.longValue, self.floatValue, self.doubleValue) = (intValue, longValue, floatValue, doubleValue)
        (self.shortValue, self.charValue, self.booleanValue) = (shortValue, charValue, booleanValue)
        (self.intValueBoxed, self.longValueBoxed, self.floatValueBoxed) = (intValueBoxed, longValueBoxed, floatValueBoxed)
        (self.doubleValueBoxed, self.shortValueBoxed) = (doubleValueBoxed, shortValueBoxed)
        (self.charValueBoxed, self.booleanValueBoxed) = (charValueBoxed, booleanValueBoxed)
        (self.intArray, self.longArray, self.floatArray, self.doubleArray) = (intArray, longArray, floatArray, doubleArray)
        (self.shortArray, self.charArray, self.booleanArray, self.string) = (shortArray, charArray, booleanArray, string)
    }

    /// A record whose values are drawn by `generator`; the boxed fields are set, but for one.
    public static func sample(_ generator: inout SampleGenerator) -> PrimitivesSample {
        func ints<T: FixedWidthInteger>(_: T.Type, _ count: Int, magnitude: Int) -> [T] {
            (0..<count).map { _ in T(clamping: generator.int(-magnitude..<magnitude)) }
        }
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        return PrimitivesSample(
            intValue: Int32(generator.int(-5_000..<5_000)), longValue: Int64(generator.int(-10_000_000..<10_000_000)),
            floatValue: Float(generator.double() * 100), doubleValue: generator.double() * 10,
            shortValue: Int16(generator.int(-30_000..<30_000)), charValue: UInt16(generator.int(32..<127)),
            booleanValue: generator.int(0..<2) == 1,
            intValueBoxed: Int32(generator.int(-5_000..<5_000)), longValueBoxed: Int64(generator.int(-10_000_000..<10_000_000)),
            floatValueBoxed: Float(generator.double() * 100), doubleValueBoxed: generator.double() * 10,
            shortValueBoxed: Int16(generator.int(-30_000..<30_000)), charValueBoxed: nil,
            booleanValueBoxed: generator.int(0..<2) == 1,
            intArray: ints(Int32.self, 9, magnitude: 2_000), longArray: ints(Int64.self, 9, magnitude: 200_000),
            floatArray: (0..<9).map { _ in Float(generator.double() * 40 - 20) },
            doubleArray: (0..<9).map { _ in generator.double() * 4 - 2 },
            shortArray: ints(Int16.self, 9, magnitude: 2_000), charArray: (0..<8).map { _ in UInt16(generator.int(65..<123)) },
            booleanArray: (0..<4).map { _ in generator.int(0..<2) == 1 },
            string: String((0..<36).map { _ in letters[generator.int(0..<letters.count)] }))
    }

    /// The record the benchmarks time.
    public static func sample() -> PrimitivesSample {
        var generator = SampleGenerator(seed: 12)
        return sample(&generator)
    }
}

/// Which player a media record is for.
public enum MediaPlayer: Int32, Codable, Sendable { case java = 0, flash = 1 }

/// The size class of an image.
public enum ImageSize: Int32, Codable, Sendable { case small = 0, large = 1 }

/// A media record: the media-content graph's root data.
public struct Media: Codable, Equatable, Sendable {
    /// The uri.
    public var uri: String
    /// The title.
    public var title: String?
    /// The width.
    public var width: Int32
    /// The height.
    public var height: Int32
    /// The format.
    public var format: String
    /// The duration.
    public var duration: Int64
    /// The size.
    public var size: Int64
    /// The bitrate.
    public var bitrate: Int32
    /// The has bitrate.
    public var hasBitrate: Bool
    /// The persons.
    public var persons: [String]
    /// The player.
    public var player: MediaPlayer
    /// The copyright.
    public var copyright: String?

    enum CodingKeys: Int, CodingKey {
        case uri = 1, title, width, height, format, duration, size, bitrate, hasBitrate, persons, player, copyright
    }

    /// A media record of these values, in field order.
    public init(uri: String, title: String?, width: Int32, height: Int32, format: String, duration: Int64, size: Int64,
                bitrate: Int32, hasBitrate: Bool, persons: [String], player: MediaPlayer, copyright: String?) {
        (self.uri, self.title, self.width, self.height, self.format) = (uri, title, width, height, format)
        (self.duration, self.size, self.bitrate, self.hasBitrate) = (duration, size, bitrate, hasBitrate)
        (self.persons, self.player, self.copyright) = (persons, player, copyright)
    }
}

/// One image of a media record.
public struct MediaImage: Codable, Equatable, Sendable {
    /// The uri.
    public var uri: String
    /// The title.
    public var title: String?
    /// The width.
    public var width: Int32
    /// The height.
    public var height: Int32
    /// The size.
    public var size: ImageSize

    enum CodingKeys: Int, CodingKey { case uri = 1, title, width, height, size }

    /// An image of these values, in field order.
    public init(uri: String, title: String?, width: Int32, height: Int32, size: ImageSize) {
        (self.uri, self.title, self.width, self.height, self.size) = (uri, title, width, height, size)
    }
}

/// A media record and its images.
public struct MediaContent: Codable, Equatable, Sendable {
    /// The media.
    public var media: Media
    /// The images.
    public var images: [MediaImage]

    enum CodingKeys: Int, CodingKey { case media = 1, images }

    /// `media` with its `images`.
    public init(media: Media, images: [MediaImage]) {
        (self.media, self.images) = (media, images)
    }

    /// A record whose values are drawn by `generator`: a video with two persons, two images.
    public static func sample(_ generator: inout SampleGenerator) -> MediaContent {
        let talk = generator.words(2).replacingOccurrences(of: " ", with: "-")
        let media = Media(
            uri: "http://javaone.com/\(talk).ogg", title: generator.int(0..<2) == 0 ? nil : "Keynote \(talk)",
            width: Int32(generator.int(320..<1_920)), height: Int32(generator.int(240..<1_080)), format: "video/theora",
            duration: Int64(generator.int(60_000..<20_000_000)), size: Int64(generator.int(1_000..<100_000_000)),
            bitrate: Int32(generator.int(0..<1_000_000)), hasBitrate: generator.int(0..<2) == 1,
            persons: ["Bill Gates", "Steve Jobs"], player: generator.int(0..<2) == 0 ? .java : .flash, copyright: nil)
        let images = [ImageSize.large, .small].map { size in
            MediaImage(uri: "http://javaone.com/\(talk)_\(size == .large ? "large" : "small").jpg",
                       title: "Javaone Keynote", width: size == .large ? 1_024 : 320, height: size == .large ? 768 : 240,
                       size: size)
        }
        return MediaContent(media: media, images: images)
    }

    /// The record the benchmarks time.
    public static func sample() -> MediaContent {
        var generator = SampleGenerator(seed: 13)
        return sample(&generator)
    }
}

/// Five `NumericStruct`s.
public struct NumericStructList: Codable, Equatable, Sendable {
    /// The struct list.
    public var structList: [NumericStruct]
    enum CodingKeys: Int, CodingKey { case structList = 1 }

    /// A list of `structList`.
    public init(structList: [NumericStruct]) { self.structList = structList }

    /// The list the benchmarks time.
    public static func sample(count: Int = 5) -> NumericStructList {
        var generator = SampleGenerator(seed: 14)
        return NumericStructList(structList: (0..<count).map { _ in NumericStruct.sample(&generator) })
    }
}

/// Five `PrimitivesSample`s.
public struct PrimitivesSampleList: Codable, Equatable, Sendable {
    /// The sample list.
    public var sampleList: [PrimitivesSample]
    enum CodingKeys: Int, CodingKey { case sampleList = 1 }

    /// A list of `sampleList`.
    public init(sampleList: [PrimitivesSample]) { self.sampleList = sampleList }

    /// The list the benchmarks time.
    public static func sample(count: Int = 5) -> PrimitivesSampleList {
        var generator = SampleGenerator(seed: 15)
        return PrimitivesSampleList(sampleList: (0..<count).map { _ in PrimitivesSample.sample(&generator) })
    }
}

/// Five `MediaContent`s.
public struct MediaContentList: Codable, Equatable, Sendable {
    /// The media content list.
    public var mediaContentList: [MediaContent]
    enum CodingKeys: Int, CodingKey { case mediaContentList = 1 }

    /// A list of `mediaContentList`.
    public init(mediaContentList: [MediaContent]) { self.mediaContentList = mediaContentList }

    /// The list the benchmarks time.
    public static func sample(count: Int = 5) -> MediaContentList {
        var generator = SampleGenerator(seed: 16)
        return MediaContentList(mediaContentList: (0..<count).map { _ in MediaContent.sample(&generator) })
    }
}
