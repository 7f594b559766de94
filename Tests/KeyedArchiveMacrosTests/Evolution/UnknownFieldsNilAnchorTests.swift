import Foundation
@testable import KeyedArchive
import KeyedArchiveMacros
import Testing

// Where an unknown field stands when the known entry before it holds nil. Found by the decoder
// fuzzer (Tests/Fuzz/crashers/crash-b58350d7…, `FuzzUnknown`): an archive that spells out a nil
// for an optional property, with unknown fields after it, decoded as a value whose fields stood
// after that property; written back without the nil (an absent optional is no entry) and read
// again, they stood after the property before it: the value did not decode again as itself.

/// Writes `count` as an explicit nil, as a hand-written `encode(to:)` may.
struct SpelledOutNilV2: Encodable {
    var name: String
    var count: Int?
    var extra: Double
    enum CodingKeys: String, CodingKey { case name, count, extra }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(count, forKey: .count)   // `encode`, not `encodeIfPresent`: nil is an entry
        try container.encode(extra, forKey: .extra)
    }
}

@ArchiveCodable
struct SpelledOutNilV1: Codable, Equatable {
    var name: String
    var count: Int?
    var unknownFields = ArchiveUnknownFields()
}

/// A value that is nil on the wire and is not an optional: its property is written back as an
/// entry, so the fields after it stay after it.
struct NilMarker: Codable, Equatable {
    init() {}
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        guard container.decodeNil() else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "a marker is nil")
        }
    }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encodeNil()
    }
}

@ArchiveCodable
struct MarkedV2: Codable, Equatable {
    var name: String
    var marker: NilMarker
    var extra: Double
    var doubleOptional: Int??
    var last: String
}

@ArchiveCodable
struct MarkedV1: Codable, Equatable {
    var name: String
    var marker: NilMarker
    var doubleOptional: Int??
    var unknownFields = ArchiveUnknownFields()
}

@Suite struct UnknownFieldsNilAnchorTests {
    @Test func aSpelledOutNilOptionalIsNoPlaceToStandAfter() throws {
        let original = try ArchiveEncoder().encode(SpelledOutNilV2(name: "Ada", count: nil, extra: 0.5))
        for decoder in UnknownFieldsTests.decoders() {
            let first = try decoder.decode(SpelledOutNilV1.self, from: original)
            #expect(first.name == "Ada" && first.count == nil && first.unknownFields.keys == ["extra"])
            // `extra` stands after `name`, where it is written back: after the nil, which is not.
            #expect(first.unknownFields.entries.map(\.anchor) == [0])
            let saved = try ArchiveEncoder().encode(first)
            let second = try decoder.decode(SpelledOutNilV1.self, from: saved)
            #expect(second == first, "decoded again as another value")
            #expect(try ArchiveEncoder().encode(second) == saved)
            // What `extra` held is kept.
            #expect(try second.unknownFields.decode(Double.self, forKey: "extra") == 0.5)
        }
    }

    /// A nil that a property reads as its value, and an `Int??` holding `.some(nil)`, are
    /// written back: the fields after them stay after them, byte for byte.
    @Test func aNilReadAsAValueIsAPlaceToStandAfter() throws {
        let v2 = MarkedV2(name: "n", marker: NilMarker(), extra: 1.5, doubleOptional: .some(nil), last: "z")
        for (name, encoder) in UnknownFieldsTests.encoders {
            let original = try encoder.encode(v2)
            for decoder in UnknownFieldsTests.decoders() {
                let v1 = try decoder.decode(MarkedV1.self, from: original)
                #expect(v1.doubleOptional == .some(nil), "\(name)")
                #expect(Set(v1.unknownFields.keys) == ["extra", "last"], "\(name)")
                let saved = try encoder.encode(v1)
                #expect(saved == original, "\(name): the archive changed")
                #expect(try decoder.decode(MarkedV1.self, from: saved) == v1, "\(name)")
                #expect(try decoder.decode(MarkedV2.self, from: saved) == v2, "\(name)")
            }
        }
    }

    /// The state a thread reuses forgets the nils of the last archive: an archive read after one
    /// that spelled out a nil at the same offset places its fields by its own entries.
    @Test func aReusedDecoderForgetsTheLastArchivesNils() throws {
        let spelled = try ArchiveEncoder().encode(SpelledOutNilV2(name: "Ada", count: nil, extra: 0.5))
        let written = try ArchiveEncoder().encode(SpelledOutNilV2(name: "Ada", count: 7, extra: 0.5))
        let decoder = ArchiveDecoder()
        for _ in 0..<3 {
            #expect(try decoder.decode(SpelledOutNilV1.self, from: spelled).unknownFields.entries.map(\.anchor) == [0])
            #expect(try decoder.decode(SpelledOutNilV1.self, from: written).unknownFields.entries.map(\.anchor) == [1])
        }
    }
}
