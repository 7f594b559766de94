import Foundation
import KeyedArchiveMacros
import KeyedArchiveSamples

// The message models of `KeyedArchiveSamples` annotated as most Swift types are written: no
// `CodingKeys`, so the keys are synthesized strings. The benchmark package's "Archive, generated"
// rows of its string-keyed messages (issue 47), beside `AnnotatedMessages.swift`'s integer keys.

/// The sample models annotated with `@ArchiveCodable`, with synthesized string keys.
public enum AnnotatedStringKeyed {}

extension AnnotatedStringKeyed {
    /// `EmptyMessage`, annotated, with synthesized string keys.
    @ArchiveCodable
    public struct EmptyMessage: Codable, Equatable, Sendable {
        /// The same (empty) message.
        public init(_ message: KeyedArchiveSamples.EmptyMessage) {}
    }

    /// `OneFieldMessage`, annotated, with synthesized string keys.
    @ArchiveCodable
    public struct OneFieldMessage: Codable, Equatable, Sendable {
        var id: Int32

        /// The same message.
        public init(_ message: KeyedArchiveSamples.OneFieldMessage) { id = message.id }
    }

    /// `NumericStruct`, annotated, with synthesized string keys.
    @ArchiveCodable
    public struct NumericStruct: Codable, Equatable, Sendable {
        var f1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11, f12: Int32

        /// The same struct.
        public init(_ value: KeyedArchiveSamples.NumericStruct) {
            (f1, f2, f3, f4, f5, f6) = (value.f1, value.f2, value.f3, value.f4, value.f5, value.f6)
            (f7, f8, f9, f10, f11, f12) = (value.f7, value.f8, value.f9, value.f10, value.f11, value.f12)
        }
    }

    /// `PrimitivesSample`, annotated, with synthesized string keys.
    @ArchiveCodable
    public struct PrimitivesSample: Codable, Equatable, Sendable {
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
        public init(_ s: KeyedArchiveSamples.PrimitivesSample) {
            (intValue, longValue, floatValue, doubleValue) = (s.intValue, s.longValue, s.floatValue, s.doubleValue)
            (shortValue, charValue, booleanValue) = (s.shortValue, s.charValue, s.booleanValue)
            (intValueBoxed, longValueBoxed, floatValueBoxed) = (s.intValueBoxed, s.longValueBoxed, s.floatValueBoxed)
            (doubleValueBoxed, shortValueBoxed, charValueBoxed, booleanValueBoxed) = (s.doubleValueBoxed, s.shortValueBoxed, s.charValueBoxed, s.booleanValueBoxed)
            (intArray, longArray, floatArray, doubleArray) = (s.intArray, s.longArray, s.floatArray, s.doubleArray)
            (shortArray, charArray, booleanArray, string) = (s.shortArray, s.charArray, s.booleanArray, s.string)
        }
    }

    /// `MediaPlayer`, annotated (its raw value, as the standard library codes it).
    @ArchiveCodable
    public enum MediaPlayer: Int32, Codable, Sendable { case java = 0, flash = 1 }

    /// `ImageSize`, annotated.
    @ArchiveCodable
    public enum ImageSize: Int32, Codable, Sendable { case small = 0, large = 1 }

    /// `Media`, annotated, with synthesized string keys.
    @ArchiveCodable
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

        /// The same media record; the enums share their raw values, so the conversion cannot fail.
        public init(_ m: KeyedArchiveSamples.Media) {
            (uri, title, width, height, format) = (m.uri, m.title, m.width, m.height, m.format)
            (duration, size, bitrate, hasBitrate, persons) = (m.duration, m.size, m.bitrate, m.hasBitrate, m.persons)
            (player, copyright) = (MediaPlayer(rawValue: m.player.rawValue)!, m.copyright)
        }
    }

    /// `MediaImage`, annotated, with synthesized string keys.
    @ArchiveCodable
    public struct MediaImage: Codable, Equatable, Sendable {
        var uri: String
        var title: String?
        var width: Int32
        var height: Int32
        var size: ImageSize

        /// The same image.
        public init(_ image: KeyedArchiveSamples.MediaImage) {
            (uri, title, width, height) = (image.uri, image.title, image.width, image.height)
            size = ImageSize(rawValue: image.size.rawValue)!
        }
    }

    /// `MediaContent`, annotated, with synthesized string keys.
    @ArchiveCodable
    public struct MediaContent: Codable, Equatable, Sendable {
        var media: Media
        var images: [MediaImage]

        /// The same record.
        public init(_ content: KeyedArchiveSamples.MediaContent) {
            (media, images) = (Media(content.media), content.images.map(MediaImage.init))
        }
    }

    /// `NumericStructList`, annotated, with synthesized string keys.
    @ArchiveCodable
    public struct NumericStructList: Codable, Equatable, Sendable {
        var structList: [NumericStruct]

        /// The same list.
        public init(_ list: KeyedArchiveSamples.NumericStructList) { structList = list.structList.map(NumericStruct.init) }
    }

    /// `PrimitivesSampleList`, annotated, with synthesized string keys.
    @ArchiveCodable
    public struct PrimitivesSampleList: Codable, Equatable, Sendable {
        var sampleList: [PrimitivesSample]

        /// The same list.
        public init(_ list: KeyedArchiveSamples.PrimitivesSampleList) { sampleList = list.sampleList.map(PrimitivesSample.init) }
    }

    /// `MediaContentList`, annotated, with synthesized string keys.
    @ArchiveCodable
    public struct MediaContentList: Codable, Equatable, Sendable {
        var mediaContentList: [MediaContent]

        /// The same list.
        public init(_ list: KeyedArchiveSamples.MediaContentList) { mediaContentList = list.mediaContentList.map(MediaContent.init) }
    }
}
