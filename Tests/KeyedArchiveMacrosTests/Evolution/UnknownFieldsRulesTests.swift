import Foundation
@testable import KeyedArchive
import KeyedArchiveMacros
import Testing

// The rules `ArchiveUnknownFields` keeps (issue 45, the outside suite's findings 1–3): an alias
// is read, never kept, so no write stores two spellings of one field; a kept value passes every
// check the archive's reader applies, so whatever decodes can be saved; fields moved to another
// type are all written, and never beside the receiving type's own entry for their key.

/// Version 1 of a palette: `colour`.
struct PaletteV1: Codable, Equatable {
    var theme: String
    var colour: String
}

/// Version 2: `colour` renamed `color`, and unknown fields kept.
@ArchiveCodable
struct PaletteV2: Codable, Equatable {
    var theme: String
    @ArchiveAlias("colour") var color: String
    var unknownFields = ArchiveUnknownFields()
}

/// Knows one key: what fields read by another type are moved to.
@ArchiveCodable
struct OneKeyRecord: Codable, Equatable {
    var title: String
    var unknownFields = ArchiveUnknownFields()
}

/// Knows no key: reads everything as unknown fields.
@ArchiveCodable
struct NoKeyRecord: Codable, Equatable {
    var unknownFields = ArchiveUnknownFields()
}

/// Knows `count`, which `DocumentV1` also knows, and `created`, which it keeps as unknown.
@ArchiveCodable
struct CountingRecord: Codable, Equatable {
    var count: Int
    var created: Date
    var unknownFields = ArchiveUnknownFields()
}

/// A walk that only checks.
private struct NoVisitor: ArchiveVisitor {}

@Suite struct UnknownFieldsRulesTests {
    /// The keys of the root keyed container of `archive`, in archive order.
    static func rootKeys(_ archive: Data) throws -> [String] {
        try ArchiveDecoder().decode(NoKeyRecord.self, from: archive).unknownFields.keys
    }

    // MARK: Finding 1: a renamed field comes back stale

    @Test func anAliasIsReadNotKeptSoTheOldSpellingIsNeverWrittenBack() throws {
        let old = try ArchiveEncoder().encode(PaletteV1(theme: "dark", colour: "teal"))
        for decoder in UnknownFieldsTests.decoders() {
            var palette = try decoder.decode(PaletteV2.self, from: old)
            #expect(palette.color == "teal")
            #expect(palette.unknownFields.isEmpty, "colour was read into color: it is not unknown")
            palette.color = "red"
            for (name, encoder) in UnknownFieldsTests.encoders {
                let saved = try encoder.encode(palette)
                #expect(try Self.rootKeys(saved).sorted() == ["color", "theme"], "\(name)")
                #expect(try decoder.decode(PaletteV2.self, from: saved).color == "red", "\(name)")
            }
        }
    }

    @Test func anOldSpellingBesideTheCurrentKeyIsDroppedNotKept() throws {
        // A version that wrote both spellings: the current key is read, the alias is stale.
        struct BothSpellings: Encodable { var theme = "dark", colour = "teal", color = "navy" }
        let archive = try ArchiveEncoder().encode(BothSpellings())
        for decoder in UnknownFieldsTests.decoders() {
            let palette = try decoder.decode(PaletteV2.self, from: archive)
            #expect(palette.color == "navy")
            #expect(palette.unknownFields.isEmpty)
            #expect(try Self.rootKeys(ArchiveEncoder().encode(palette)).sorted() == ["color", "theme"])
        }
    }

    @Test func theOtherCodersWriteTheCurrentKeyOnly() throws {
        let json = try JSONEncoder().encode(PaletteV1(theme: "dark", colour: "teal"))
        let palette = try JSONDecoder().decode(PaletteV2.self, from: json)
        #expect(palette.color == "teal")
        let object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(palette)) as? [String: Any])
        #expect(Set(object.keys) == ["theme", "color"])
        let plist = try PropertyListEncoder().encode(PaletteV1(theme: "dark", colour: "teal"))
        #expect(try PropertyListDecoder().decode(PaletteV2.self, from: plist).color == "teal")
    }

    // MARK: Finding 2: unknown fields accept what the archive's own rules refuse

    /// A newer document with an `extra` entry the older type does not know.
    struct NewerDocument<Extra: Codable>: Codable { var name = "n"; var count = 1; var extra: Extra }

    /// `archive` with the first occurrence of `bytes` replaced by `replacement` (same length).
    static func patched(_ archive: Data, _ bytes: [UInt8], _ replacement: [UInt8]) throws -> Data {
        var all = [UInt8](archive)
        let at = try #require(all.indices.first { all[$0...].starts(with: bytes) })
        all.replaceSubrange(at..<at + bytes.count, with: replacement)
        return Data(all)
    }

    /// Decoding `archive` as `DocumentV1` fails as decoding it as the type that knows `extra`
    /// does, with a `dataCorrupted` at `extra`'s path (both paths of the decoder).
    static func expectRefusedAtExtra<Extra: Codable>(_ archive: Data, knownAs: Extra.Type, sourceLocation: SourceLocation = #_sourceLocation) {
        for decoder in UnknownFieldsTests.decoders() {
            #expect(throws: DecodingError.self, "the type that knows the field refuses it", sourceLocation: sourceLocation) {
                try decoder.decode(NewerDocument<Extra>.self, from: archive)
            }
            #expect(sourceLocation: sourceLocation) {
                try decoder.decode(DocumentV1.self, from: archive)
            } throws: { error in
                guard case DecodingError.dataCorrupted(let context) = error else { return false }
                return context.codingPath.first?.stringValue == "extra"
            }
        }
    }

    @Test func invalidUTF8InAnUnknownStringIsRefused() throws {
        let archive = try ArchiveEncoder().encode(NewerDocument(extra: ["ok", "zz"]))
        let bad = try Self.patched(archive, Array("zz".utf8), [0xC3, 0x28])
        Self.expectRefusedAtExtra(bad, knownAs: [String].self)
        // Nested in a keyed container, as a key-table name would not be (names are checked
        // when the archive opens), the value is checked where it lies.
        let nested = try Self.patched(ArchiveEncoder().encode(NewerDocument(extra: ["k": "zz"])), Array("zz".utf8), [0xC3, 0x28])
        Self.expectRefusedAtExtra(nested, knownAs: [String: String].self)
    }

    @Test func aReferenceTagInAnArchiveWithoutReferencesIsRefused() throws {
        // Two `true`s (tag 02 each) become a reference `12 00` to the root value, which this
        // archive's header (no flag bit 2) does not allow.
        let archive = try ArchiveEncoder().encode(NewerDocument(extra: [false, true, true]))
        let bad = try Self.patched(archive, [0x02, 0x02], [WireTag.reference, 0x00])
        Self.expectRefusedAtExtra(bad, knownAs: [Bool].self)
    }

    @Test func anUnknownValueCountsTheDepthOfTheContainersAroundIt() throws {
        // `extra` is two containers (the innermost `[1]` is a packed array, a scalar) inside
        // `DocumentV1`'s own: depth 3 at its innermost, 2 counted from the value itself.
        let archive = try ArchiveEncoder().encode(NewerDocument(extra: [[[1]]]))
        var decoder = ArchiveDecoder()
        decoder.limits.maximumDepth = 3
        _ = try decoder.decode(DocumentV1.self, from: archive)
        decoder.limits.maximumDepth = 2
        #expect(throws: DecodingError.self) { try decoder.decode(NewerDocument<[[[Int]]]>.self, from: archive) }
        #expect(throws: DecodingError.self) { try decoder.decode(DocumentV1.self, from: archive) }
    }

    @Test func aKeyedUnknownValueWithARepeatedKeyIsRefused() throws {
        // `{"ab": 1, "cd": 2}` whose second key is made the first's: a key repeated.
        let archive = try ArchiveEncoder().encode(NewerDocument(extra: ["ab": 1, "cd": 2]))
        let table = try ArchiveDecoder().decode(NewerDocument<[String: Int]>.self, from: archive)
        #expect(table.extra.count == 2)
        let keys = [UInt8](archive)
        // The container's entries: key varint, value, key varint, value; make the second key
        // varint equal the first.
        let at = try #require(keys.indices.first { keys[$0] == WireTag.keyed && keys[$0 + 1] == 4 })
        var bytes = keys
        bytes[at + 4] = bytes[at + 2]
        Self.expectRefusedAtExtra(Data(bytes), knownAs: [String: Int].self)
    }

    @Test func whatDecodesIsSavedAndWhatIsSavedValidates() throws {
        // Every value kind an unknown field can hold, nested: the saved archive passes the
        // validator (`karchive validate`'s walk) and reads back as the newer type.
        var generator = SystemRandomNumberGenerator()
        for round in 0..<200 {
            let document = RandomDocument.make(using: &generator)
            let original = try ArchiveEncoder().encode(document)
            var v1 = try ArchiveDecoder().decode(DocumentV1.self, from: original)
            v1.count += 1
            let saved = try ArchiveEncoder().encode(v1)
            #expect(Self.validates(saved), "round \(round)")
            #expect(try Self.rootKeys(saved).sorted() == Self.rootKeys(original).sorted(), "round \(round)")
        }
    }

    /// Whether `archive` passes the validator (`karchive validate`'s walk).
    static func validates(_ archive: Data) -> Bool {
        var visitor = NoVisitor()
        return (try? InspectedArchive([UInt8](archive)).walk(&visitor)) != nil
    }

    // MARK: Finding 3: unknown fields moved to another value

    @Test func fieldsMovedToATypeWithFewerKeysAreAllWritten() throws {
        // Read by `DocumentV1` (two keys), 9 entries stand after its keys; `OneKeyRecord` has one.
        let v1 = try ArchiveDecoder().decode(DocumentV1.self, from: ArchiveEncoder().encode(DocumentV3.sample))
        #expect(v1.unknownFields.count == 9)
        var moved = OneKeyRecord(title: "t")
        moved.unknownFields = v1.unknownFields
        for (name, encoder) in UnknownFieldsTests.encoders {
            let saved = try encoder.encode(moved)
            #expect(try Self.rootKeys(saved).sorted() == (v1.unknownFields.keys + ["title"]).sorted(), "\(name)")
            // And the values are the ones read (their places are the receiving type's).
            let back = try ArchiveDecoder().decode(OneKeyRecord.self, from: saved).unknownFields
            #expect(Set(back.keys) == Set(v1.unknownFields.keys), "\(name)")
            #expect(try back.decode([String].self, forKey: "tags") == DocumentV3.sample.tags, "\(name)")
            let nested = try back.decode([[String: [Int8]]].self, forKey: "nested")
            #expect(nested == DocumentV3.sample.nested, "\(name)")
        }
    }

    @Test func anEntryWhoseKeyTheReceivingTypeKnowsIsNotWrittenTwice() throws {
        // `CountingRecord` knows `count` and `created`; the fields kept by `NoKeyRecord` hold
        // both. Its own values are written, each once, and the archive reads back.
        let all = try ArchiveDecoder().decode(NoKeyRecord.self, from: ArchiveEncoder().encode(DocumentV3.sample))
        #expect(all.unknownFields.contains("count") && all.unknownFields.contains("created"))
        var record = CountingRecord(count: 99, created: Date(timeIntervalSince1970: 5))
        record.unknownFields = all.unknownFields
        for (name, encoder) in UnknownFieldsTests.encoders {
            let saved = try encoder.encode(record)
            let keys = try Self.rootKeys(saved)
            #expect(keys.count == Set(keys).count, "\(name): a key written twice")
            #expect(Set(keys) == Set(all.unknownFields.keys), "\(name)")
            let back = try ArchiveDecoder().decode(CountingRecord.self, from: saved)
            #expect(back.count == 99 && back.created == Date(timeIntervalSince1970: 5), "\(name): the property's value wins")
            #expect(!back.unknownFields.contains("count"))
        }
        // An alias is the type's own too.
        var palette = PaletteV2(theme: "t", color: "red")
        palette.unknownFields = try ArchiveDecoder().decode(NoKeyRecord.self, from: ArchiveEncoder().encode(PaletteV1(theme: "x", colour: "teal"))).unknownFields
        #expect(try Self.rootKeys(ArchiveEncoder().encode(palette)).sorted() == ["color", "theme"])
    }

    @Test func entriesCanBeLookedAtDecodedAndRemoved() throws {
        var v1 = try ArchiveDecoder().decode(DocumentV1.self, from: ArchiveEncoder().encode(DocumentV3.sample))
        #expect(v1.unknownFields.contains("tags"))
        #expect(!v1.unknownFields.contains("name"))
        #expect(try v1.unknownFields.decode([String].self, forKey: "tags") == DocumentV3.sample.tags)
        #expect(try v1.unknownFields.decode(DocumentV3.Margins.self, forKey: "margins") == DocumentV3.sample.margins)
        #expect(try v1.unknownFields.decode([Int: Bool].self, forKey: "flags") == DocumentV3.sample.flags)
        #expect {
            try v1.unknownFields.decode(Int.self, forKey: "tags")
        } throws: { error in
            guard case DecodingError.typeMismatch(_, let context) = error else { return false }
            return context.codingPath.first?.stringValue == "tags"
        }
        #expect(throws: DecodingError.self) { try v1.unknownFields.decode(Int.self, forKey: "absent") }

        let removed = v1.unknownFields.removeValue(forKey: "tags")
        let removedAgain = v1.unknownFields.removeValue(forKey: "tags")
        #expect(removed && !removedAgain)
        #expect(v1.unknownFields.count == 8)
        let saved = try ArchiveEncoder().encode(v1)
        #expect(try !Self.rootKeys(saved).contains("tags"))
        #expect(try Self.rootKeys(saved).count == 10)

        // Integer keys: spelled in decimal, as `keys` spells them.
        let int = try ArchiveDecoder().decode(IntKeyedV1.self, from: ArchiveEncoder().encode(IntKeyedV2(a: -5, b: "x", c: [9])))
        #expect(int.unknownFields.contains("1") && int.unknownFields.contains("3"))
        #expect(try int.unknownFields.decode(Int.self, forKey: "1") == -5)
        var copy = int.unknownFields
        let removedThree = copy.removeValue(forKey: "3")
        #expect(removedThree)
        #expect(copy.keys == ["1"])
    }
}
