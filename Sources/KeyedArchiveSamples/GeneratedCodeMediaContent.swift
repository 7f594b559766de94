import Foundation
import KeyedArchive

// The media-content graph (`MediaContent`, `MediaContentList`) as `@ArchiveCodable` types, the
// conformances written out as the macro writes them (see `GeneratedCodeMessages.swift`, and
// `WrittenOutTwinTests`, which compares them with the macro's, token for token).

/// `MediaContent` with the conformances `@ArchiveCodable` generates, its parts nested.
public struct GeneratedCodeMediaContent: Codable, Equatable, Sendable {
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

        enum CodingKeys: Int, CodingKey {
            case uri = 1, title, width, height, format, duration, size, bitrate, hasBitrate, persons, player, copyright
        }
    }

    /// `MediaImage` with generated code.
    public struct MediaImage: Codable, Equatable, Sendable {
        var uri: String
        var title: String?
        var width: Int32
        var height: Int32
        var size: ImageSize

        enum CodingKeys: Int, CodingKey { case uri = 1, title, width, height, size }
    }

    var media: Media
    var images: [MediaImage]

    enum CodingKeys: Int, CodingKey { case media = 1, images }

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

/// `MediaContentList` with the conformances `@ArchiveCodable` generates.
public struct GeneratedCodeMediaContentList: Codable, Equatable, Sendable {
    var mediaContentList: [GeneratedCodeMediaContent]
    enum CodingKeys: Int, CodingKey { case mediaContentList = 1 }

    /// The same list.
    public init(_ list: MediaContentList) { mediaContentList = list.mediaContentList.map(GeneratedCodeMediaContent.init) }
}

extension GeneratedCodeMediaContent.MediaPlayer: ArchiveDirectEncodable, ArchiveDirectDecodable {
    public static func _archiveEncode<Writer: ArchiveWriter>(_ value: GeneratedCodeMediaContent.MediaPlayer, to encoder: inout Writer) throws {
        try encoder.encodeSingleValue(value.rawValue)
    }
    public static func _archiveEncodeMessage(_ value: GeneratedCodeMediaContent.MediaPlayer, to encoder: inout ArchiveMessageEncoder) throws { try _archiveEncode(value, to: &encoder) }
    public static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> GeneratedCodeMediaContent.MediaPlayer {
        let rawValue = try decoder.decodeSingleValue(RawValue.self)
        guard let value = GeneratedCodeMediaContent.MediaPlayer(rawValue: rawValue) else {
            throw decoder.invalidRawValue(GeneratedCodeMediaContent.MediaPlayer.self, rawValue)
        }
        return value
    }
    public static func _archiveDecodeMessage(from decoder: inout ArchiveMessageDecoder) throws -> GeneratedCodeMediaContent.MediaPlayer { try _archiveDecode(from: &decoder) }
}

extension GeneratedCodeMediaContent.ImageSize: ArchiveDirectEncodable, ArchiveDirectDecodable {
    public static func _archiveEncode<Writer: ArchiveWriter>(_ value: GeneratedCodeMediaContent.ImageSize, to encoder: inout Writer) throws {
        try encoder.encodeSingleValue(value.rawValue)
    }
    public static func _archiveEncodeMessage(_ value: GeneratedCodeMediaContent.ImageSize, to encoder: inout ArchiveMessageEncoder) throws { try _archiveEncode(value, to: &encoder) }
    public static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> GeneratedCodeMediaContent.ImageSize {
        let rawValue = try decoder.decodeSingleValue(RawValue.self)
        guard let value = GeneratedCodeMediaContent.ImageSize(rawValue: rawValue) else {
            throw decoder.invalidRawValue(GeneratedCodeMediaContent.ImageSize.self, rawValue)
        }
        return value
    }
    public static func _archiveDecodeMessage(from decoder: inout ArchiveMessageDecoder) throws -> GeneratedCodeMediaContent.ImageSize { try _archiveDecode(from: &decoder) }
}

extension GeneratedCodeMediaContent.Media: ArchiveDirectEncodable, ArchiveDirectDecodable {
    static let _archiveKeys = ArchiveKeySet([CodingKeys.uri, CodingKeys.title, CodingKeys.width, CodingKeys.height, CodingKeys.format, CodingKeys.duration, CodingKeys.size, CodingKeys.bitrate, CodingKeys.hasBitrate, CodingKeys.persons, CodingKeys.player, CodingKeys.copyright])
    public static func _archiveEncode<Writer: ArchiveWriter>(_ value: GeneratedCodeMediaContent.Media, to encoder: inout Writer) throws {
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
    public static func _archiveEncodeMessage(_ value: GeneratedCodeMediaContent.Media, to encoder: inout ArchiveMessageEncoder) throws { try _archiveEncode(value, to: &encoder) }
    public static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> GeneratedCodeMediaContent.Media {
        try GeneratedCodeMediaContent.Media(_archiveFrom: decoder.keyedContainer(_archiveKeys))
    }
    public static func _archiveDecodeMessage(from decoder: inout ArchiveMessageDecoder) throws -> GeneratedCodeMediaContent.Media { try _archiveDecode(from: &decoder) }
    private init<Container: ArchiveKeyedReader>(_archiveFrom container: Container) throws {
        var field0 = container.unreadField { (value: GeneratedCodeMediaContent.Media) in
            value.uri
        }
        var field1 = container.unreadField { (value: GeneratedCodeMediaContent.Media) in
            value.title
        }
        var field2 = container.unreadField { (value: GeneratedCodeMediaContent.Media) in
            value.width
        }
        var field3 = container.unreadField { (value: GeneratedCodeMediaContent.Media) in
            value.height
        }
        var field4 = container.unreadField { (value: GeneratedCodeMediaContent.Media) in
            value.format
        }
        var field5 = container.unreadField { (value: GeneratedCodeMediaContent.Media) in
            value.duration
        }
        var field6 = container.unreadField { (value: GeneratedCodeMediaContent.Media) in
            value.size
        }
        var field7 = container.unreadField { (value: GeneratedCodeMediaContent.Media) in
            value.bitrate
        }
        var field8 = container.unreadField { (value: GeneratedCodeMediaContent.Media) in
            value.hasBitrate
        }
        var field9 = container.unreadField { (value: GeneratedCodeMediaContent.Media) in
            value.persons
        }
        var field10 = container.unreadField { (value: GeneratedCodeMediaContent.Media) in
            value.player
        }
        var field11 = container.unreadField { (value: GeneratedCodeMediaContent.Media) in
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

extension GeneratedCodeMediaContent.MediaImage: ArchiveDirectEncodable, ArchiveDirectDecodable {
    static let _archiveKeys = ArchiveKeySet([CodingKeys.uri, CodingKeys.title, CodingKeys.width, CodingKeys.height, CodingKeys.size])
    public static func _archiveEncode<Writer: ArchiveWriter>(_ value: GeneratedCodeMediaContent.MediaImage, to encoder: inout Writer) throws {
        var container = encoder.keyedContainer(_archiveKeys)
        try container.encode(value.uri, at: 0)
        try container.encode(value.title, at: 1)
        try container.encode(value.width, at: 2)
        try container.encode(value.height, at: 3)
        try container.encode(value.size, at: 4)
    }
    public static func _archiveEncodeMessage(_ value: GeneratedCodeMediaContent.MediaImage, to encoder: inout ArchiveMessageEncoder) throws { try _archiveEncode(value, to: &encoder) }
    public static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> GeneratedCodeMediaContent.MediaImage {
        try GeneratedCodeMediaContent.MediaImage(_archiveFrom: decoder.keyedContainer(_archiveKeys))
    }
    public static func _archiveDecodeMessage(from decoder: inout ArchiveMessageDecoder) throws -> GeneratedCodeMediaContent.MediaImage { try _archiveDecode(from: &decoder) }
    private init<Container: ArchiveKeyedReader>(_archiveFrom container: Container) throws {
        var field0 = container.unreadField { (value: GeneratedCodeMediaContent.MediaImage) in
            value.uri
        }
        var field1 = container.unreadField { (value: GeneratedCodeMediaContent.MediaImage) in
            value.title
        }
        var field2 = container.unreadField { (value: GeneratedCodeMediaContent.MediaImage) in
            value.width
        }
        var field3 = container.unreadField { (value: GeneratedCodeMediaContent.MediaImage) in
            value.height
        }
        var field4 = container.unreadField { (value: GeneratedCodeMediaContent.MediaImage) in
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

extension GeneratedCodeMediaContent: ArchiveDirectEncodable, ArchiveDirectDecodable {
    static let _archiveKeys = ArchiveKeySet([CodingKeys.media, CodingKeys.images])
    public static func _archiveEncode<Writer: ArchiveWriter>(_ value: GeneratedCodeMediaContent, to encoder: inout Writer) throws {
        var container = encoder.keyedContainer(_archiveKeys)
        try container.encode(value.media, at: 0)
        try container.encode(value.images, at: 1)
    }
    public static func _archiveEncodeMessage(_ value: GeneratedCodeMediaContent, to encoder: inout ArchiveMessageEncoder) throws { try _archiveEncode(value, to: &encoder) }
    public static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> GeneratedCodeMediaContent {
        try GeneratedCodeMediaContent(_archiveFrom: decoder.keyedContainer(_archiveKeys))
    }
    public static func _archiveDecodeMessage(from decoder: inout ArchiveMessageDecoder) throws -> GeneratedCodeMediaContent { try _archiveDecode(from: &decoder) }
    private init<Container: ArchiveKeyedReader>(_archiveFrom container: Container) throws {
        var field0 = container.unreadField { (value: GeneratedCodeMediaContent) in
            value.media
        }
        var field1 = container.unreadField { (value: GeneratedCodeMediaContent) in
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

extension GeneratedCodeMediaContentList: ArchiveDirectEncodable, ArchiveDirectDecodable {
    static let _archiveKeys = ArchiveKeySet([CodingKeys.mediaContentList])
    public static func _archiveEncode<Writer: ArchiveWriter>(_ value: GeneratedCodeMediaContentList, to encoder: inout Writer) throws {
        var container = encoder.keyedContainer(_archiveKeys)
        try container.encode(value.mediaContentList, at: 0)
    }
    public static func _archiveEncodeMessage(_ value: GeneratedCodeMediaContentList, to encoder: inout ArchiveMessageEncoder) throws { try _archiveEncode(value, to: &encoder) }
    public static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> GeneratedCodeMediaContentList {
        try GeneratedCodeMediaContentList(_archiveFrom: decoder.keyedContainer(_archiveKeys))
    }
    public static func _archiveDecodeMessage(from decoder: inout ArchiveMessageDecoder) throws -> GeneratedCodeMediaContentList { try _archiveDecode(from: &decoder) }
    private init<Container: ArchiveKeyedReader>(_archiveFrom container: Container) throws {
        var field0 = container.unreadField { (value: GeneratedCodeMediaContentList) in
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
