import Foundation
@testable import KeyedArchive
import KeyedArchiveMacros
import Testing

// Issue 61, findings 1 to 6, each as its report put it: what compiled and did nothing, or did
// something else than the documentation says.

/// An app's own protocol in a final class's declaration (finding 1's example).
protocol IgnoredDescribable {
    var summary: String { get }
}

/// Finding 1: a final class with an app protocol kept its `Codable` path, and ignored the alias.
@ArchiveCodable final class IgnoredProfile: Codable, IgnoredDescribable {
    var id: Int
    @ArchiveAlias("nick") var nickname: String?
    var summary: String { "\(id)" }
    init(id: Int, nickname: String?) { self.id = id; self.nickname = nickname }
}

/// What `IgnoredProfile` was before the rename.
struct IgnoredProfileV1: Codable {
    var id: Int
    var nick: String?
}

/// A superclass that is not `Codable`, with the `init()` a subclass's decoding calls.
class IgnoredRecord {
    var createdBy = "app"
    init() {}
}

/// Finding 1 with a superclass, and defaults: a required renamed property, a defaulted one.
@ArchiveCodable(defaultsForMissingKeys: true)
final class IgnoredSubclass: IgnoredRecord, Codable {
    @ArchiveAlias("colour") var color: String
    var size = 14
    init(color: String, size: Int) {
        self.color = color
        self.size = size
        super.init()
    }
}

/// Finding 2: unknown fields in a class with a superclass (the compiler could not synthesize
/// its `Decodable`).
@ArchiveCodable final class IgnoredSubclassWithUnknownFields: IgnoredRecord, Codable {
    var name: String
    var unknownFields = ArchiveUnknownFields()
    init(name: String) {
        self.name = name
        super.init()
    }
}

/// Finding 4 in a subclass: two aliases of an optional property, tried in order.
@ArchiveCodable final class AnchoredRecord: IgnoredRecord, Codable {
    var name: String
    @ArchiveAlias("tint", "colour") var color: String?
    var unknownFields = ArchiveUnknownFields()
    init(name: String, color: String?) {
        self.name = name
        self.color = color
        super.init()
    }
}

/// An older record that wrote a nil under the first alias, explicitly.
struct NilTintRecord: Encodable {
    enum Keys: String, CodingKey { case name, tint, legacy }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode("n", forKey: .name)
        try container.encodeNil(forKey: .tint)
        try container.encode(1, forKey: .legacy)
    }
}

/// Finding 3: a property named `Self` beside an alias (the expansion did not compile).
@ArchiveCodable struct SelfNamedWithAlias: Codable, Equatable {
    var `Self`: Int
    @ArchiveAlias("colour") var color: String
}

/// Finding 3 in a final class.
@ArchiveCodable final class SelfNamedClassWithAlias: Codable {
    var `Self`: Int
    @ArchiveAlias("colour") var color: String
    init(self value: Int, color: String) { self.Self = value; self.color = color }
}

/// Finding 4: version 1.0 of the settings, and version 2, which renamed `colour` and keeps
/// what it does not know.
struct AnchoredSettingsV1: Codable {
    var theme: String
    var colour: String
    var legacy: Int
}

@ArchiveCodable struct AnchoredSettings: Codable {
    var theme: String
    @ArchiveAlias("colour") var color: String
    var unknownFields = ArchiveUnknownFields()
}

/// What version 2 writes, unknown entry included, as a plain type would.
struct AnchoredSettingsWritten: Codable {
    var theme: String
    var color: String
    var legacy: Int
}

/// Finding 5: a type that knows `tags`, and one that does not.
struct TaggedNote: Codable {
    var name: String
    var tags: [String]
    var extra: [String: [String]]
}

@ArchiveCodable struct UntaggedNote: Codable {
    var name: String
    var unknownFields = ArchiveUnknownFields()
}

@Suite struct NothingSilentlyIgnoredTests {
    @Test(arguments: EvolutionDecoder.allCases)
    func aClassWithAnAppProtocolReadsItsAliases(decoder: EvolutionDecoder) throws {
        let profile = try decoder.transcode(IgnoredProfileV1(id: 4, nick: "kit"), as: IgnoredProfile.self)
        #expect(profile.id == 4 && profile.nickname == "kit")
        #expect(profile.summary == "4")
    }

    @Test func savingItAgainKeepsTheRenamedField() throws {
        let profile = try ArchiveDecoder().decode(IgnoredProfile.self, from: ArchiveEncoder().encode(IgnoredProfileV1(id: 4, nick: "kit")))
        let saved = try ArchiveEncoder().encode(profile)
        #expect(try ArchiveDecoder().keys(at: [], in: saved) == ["id", "nickname"])
        #expect(try ArchiveDecoder().decode(String.self, at: ["nickname"], from: saved) == "kit")
    }

    @Test(arguments: EvolutionDecoder.allCases)
    func aSubclassReadsItsAliasesAndDefaults(decoder: EvolutionDecoder) throws {
        struct Old: Codable { var colour = "red" }
        let read = try decoder.transcode(Old(), as: IgnoredSubclass.self)
        #expect(read.color == "red" && read.size == 14 && read.createdBy == "app")
        struct Nothing: Codable { var other = 1 }
        #expect(throws: DecodingError.self) { try decoder.transcode(Nothing(), as: IgnoredSubclass.self) }
        // Generated code, with the same bytes as its `Codable` conformance.
        #expect((IgnoredSubclass.self as Any.Type) is any ArchiveDirectDecodable.Type)
        var codable = ArchiveEncoder()
        codable.usesGeneratedCode = false
        let value = IgnoredSubclass(color: "c", size: 2)
        #expect(try ArchiveEncoder().encode(value) == codable.encode(value))
    }

    @Test func aSubclassKeepsUnknownFields() throws {
        struct Newer: Codable { var name = "n", added = true, more = [1.5] }
        let archive = try ArchiveEncoder().encode(Newer())
        let read = try ArchiveDecoder().decode(IgnoredSubclassWithUnknownFields.self, from: archive)
        #expect(read.unknownFields.keys == ["added", "more"])
        #expect(try ArchiveEncoder().encode(read) == archive)
        #expect(try JSONDecoder().decode(IgnoredSubclassWithUnknownFields.self, from: JSONEncoder().encode(Newer())).name == "n")
    }

    @Test(arguments: EvolutionDecoder.allCases)
    func aPropertyNamedSelfBesideAnAlias(decoder: EvolutionDecoder) throws {
        struct Old: Codable {
            var `Self` = 3
            var colour = "gold"
        }
        #expect(try decoder.transcode(Old(), as: SelfNamedWithAlias.self) == SelfNamedWithAlias(Self: 3, color: "gold"))
        let read = try decoder.transcode(Old(), as: SelfNamedClassWithAlias.self)
        #expect(read.Self == 3 && read.color == "gold")
    }

    @Test(arguments: [false, true])
    func anUnknownEntryAfterAnAliasReadEntryKeepsItsPlace(readsMessages: Bool) throws {
        let old = AnchoredSettingsV1(theme: "dark", colour: "red", legacy: 7)
        var decoder = ArchiveDecoder()
        decoder.readsMessages = readsMessages
        let read = try decoder.decode(AnchoredSettings.self, from: ArchiveEncoder().encode(old))
        #expect(read.color == "red" && read.unknownFields.keys == ["legacy"])
        let saved = try ArchiveEncoder().encode(read)
        #expect(try ArchiveDecoder().keys(at: [], in: saved) == ["theme", "color", "legacy"])
        #expect(saved == (try ArchiveEncoder().encode(AnchoredSettingsWritten(theme: "dark", color: "red", legacy: 7))))
        // Before the first entry, and where the alias stands last.
        struct First: Codable { var legacy = 1, theme = "t", colour = "c" }
        let first = try ArchiveEncoder().encode(try decoder.decode(AnchoredSettings.self, from: ArchiveEncoder().encode(First())))
        #expect(try ArchiveDecoder().keys(at: [], in: first) == ["legacy", "theme", "color"])
        // When both spellings are there, the current key's entry anchors, the alias's is dropped.
        struct Both: Codable { var theme = "t", colour = "old", legacy = 2, color = "new", later = 3 }
        let both = try ArchiveEncoder().encode(try decoder.decode(AnchoredSettings.self, from: ArchiveEncoder().encode(Both())))
        #expect(try ArchiveDecoder().keys(at: [], in: both) == ["theme", "legacy", "color", "later"])
    }

    @Test(arguments: [false, true])
    func anEntryReadUnderALaterAliasAnchorsToo(readsMessages: Bool) throws {
        var decoder = ArchiveDecoder()
        decoder.readsMessages = readsMessages
        struct Old: Codable { var name = "n", colour = "c", legacy = 1 }
        let read = try decoder.decode(AnchoredRecord.self, from: ArchiveEncoder().encode(Old()))
        #expect(read.color == "c" && read.unknownFields.keys == ["legacy"] && read.createdBy == "app")
        let saved = try ArchiveEncoder().encode(read)
        #expect(try ArchiveDecoder().keys(at: [], in: saved) == ["name", "color", "legacy"])
        // The first alias wins over the second; the second is the type's, never kept.
        struct Both: Codable { var name = "n", colour = "second", legacy = 1, tint = "first" }
        let both = try decoder.decode(AnchoredRecord.self, from: ArchiveEncoder().encode(Both()))
        #expect(both.color == "first" && both.unknownFields.keys == ["legacy"])
        #expect(try ArchiveDecoder().keys(at: [], in: ArchiveEncoder().encode(both)) == ["name", "legacy", "color"])
    }

    @Test(arguments: [false, true])
    func aNilReadUnderAnAliasAsAnAbsentOptionalAnchorsNothing(readsMessages: Bool) throws {
        var decoder = ArchiveDecoder()
        decoder.readsMessages = readsMessages
        let read = try decoder.decode(AnchoredRecord.self, from: ArchiveEncoder().encode(NilTintRecord()))
        #expect(read.color == nil && read.unknownFields.keys == ["legacy"])
        // Written back as no entry, the field after it stands after the entry before it, as it
        // will when read again: the value decodes again as itself, and writes itself.
        let saved = try ArchiveEncoder().encode(read)
        #expect(try ArchiveDecoder().keys(at: [], in: saved) == ["name", "legacy"])
        let again = try decoder.decode(AnchoredRecord.self, from: saved)
        #expect(again.color == nil && again.unknownFields == read.unknownFields)
        #expect(try ArchiveEncoder().encode(again) == saved)
    }

    @Test func aBadValueInsideAnUnknownFieldIsReportedAtItsPath() throws {
        let note = TaggedNote(name: "n", tags: ["ok", "QQ"], extra: ["k": ["a", "RR"]])
        let cases: [(marker: UInt8, expected: [String])] = [(UInt8(ascii: "Q"), ["tags", "Index 1"]), (UInt8(ascii: "R"), ["extra", "k", "Index 1"])]
        for (marker, expected) in cases {
            var bytes = [UInt8](try ArchiveEncoder().encode(note))
            // The string's two bytes, made invalid UTF-8.
            let found: Int? = (0..<bytes.count - 1).first { (index: Int) -> Bool in bytes[index] == marker && bytes[index + 1] == marker }
            let at = try #require(found)
            bytes[at] = 0xFF
            bytes[at + 1] = 0xFE
            var paths: [[String]] = []
            for decode in [{ _ = try ArchiveDecoder().decode(TaggedNote.self, from: bytes) },
                           { _ = try ArchiveDecoder().decode(UntaggedNote.self, from: bytes) }] {
                do {
                    try decode()
                    Issue.record("decoded a damaged string")
                } catch let DecodingError.dataCorrupted(context) {
                    paths.append(context.codingPath.map(\.stringValue))
                }
            }
            // The type that knows the field and the one that keeps it report one path.
            #expect(paths == [expected, expected], "\(marker)")
        }
    }

    @Test func eachDirectionsPhraseIsWhatItsDocumentationSays() {
        #expect(ArchiveBreakingChange.Direction.newReadingOld.phrase == "breaks the new type reading old archives")
        #expect(ArchiveBreakingChange.Direction.oldReadingNew.phrase == "breaks the old type reading new archives")
        #expect(ArchiveBreakingChange.Direction.both.phrase == "breaks both directions")
    }
}
