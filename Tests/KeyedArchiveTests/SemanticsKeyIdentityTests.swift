import Foundation
@testable import KeyedArchive
import Testing

/// Key identity (`Spec/FORMAT.md` §8.2, §8.3): the key table keeps every spelling's bytes, one
/// container never holds two entries for one key, and a key never matches two entries.
@Suite struct SemanticsKeyIdentityTests {
    /// Any string as a key, with or without an integer.
    struct AnyKey: CodingKey {
        let stringValue: String
        let intValue: Int?
        init(stringValue: String) { self.stringValue = stringValue; intValue = nil }
        init?(intValue: Int) { stringValue = String(intValue); self.intValue = intValue }
        init(_ string: String, _ integer: Int? = nil) { stringValue = string; intValue = integer }
    }

    /// Writes `entries` in order into one keyed container.
    struct Entries: Encodable {
        let entries: [(AnyKey, Int)]
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: AnyKey.self)
            for (key, value) in entries { try container.encode(value, forKey: key) }
        }
    }

    /// The entries of the root keyed container as (key spelling bytes or integer, value).
    func entries(of archive: Data) throws -> [String: Int] {
        try ArchiveDecoder().decode([String: Int].self, from: archive)
    }

    @Test func keyTableKeepsEachSpellingsBytes() throws {
        let nfc = "\u{C5}", angstrom = "\u{212B}", nfd = "A\u{30A}"
        #expect(nfc == angstrom && nfc == nfd)   // canonically equivalent: one Swift String value
        struct Nested: Encodable {
            let keys: [String]
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: AnyKey.self)
                for (i, key) in keys.enumerated() {
                    var inner = container.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("c\(i)"))
                    try inner.encode(i, forKey: AnyKey(key))
                }
            }
        }
        let bytes = [UInt8](try ArchiveEncoder().encode(Nested(keys: [nfc, angstrom, nfd, nfc])))
        // Three distinct spellings in the table, each once; the fourth key reuses the first.
        for spelling in [nfc, angstrom, nfd] {
            let needle = [UInt8(spelling.utf8.count)] + Array(spelling.utf8)
            let hits = (0...(bytes.count - needle.count)).filter { Array(bytes[$0..<$0 + needle.count]) == needle }
            #expect(hits.count == 1, "\(Array(spelling.utf8)) should be in the key table once")
        }
        // Each container's key decodes with its own bytes.
        let decoded = try ArchiveDecoder().decode([String: [String: Int]].self, from: Data(bytes))
        for (i, spelling) in [nfc, angstrom, nfd, nfc].enumerated() {
            let inner = try #require(decoded["c\(i)"])
            #expect(inner.keys.map { Array($0.utf8) } == [Array(spelling.utf8)])
        }
    }

    /// Two spellings of one key in one container are one key: the last value wins, in the
    /// position and spelling of the first (as a Swift `Dictionary` keeps its first key).
    @Test func canonicallyEquivalentKeysInOneContainerAreOneEntry() throws {
        let archive = try ArchiveEncoder().encode(Entries(entries: [(AnyKey("\u{E9}"), 1), (AnyKey("b"), 2), (AnyKey("e\u{301}"), 3)]))
        let decoded = try entries(of: archive)
        #expect(decoded.count == 2)
        #expect(decoded["\u{E9}"] == 3)
        #expect(decoded.keys.contains { Array($0.utf8) == Array("\u{E9}".utf8) })
        // JSONEncoder agrees on the values.
        let json = try JSONDecoder().decode([String: Int].self, from: JSONEncoder().encode(Entries(entries: [(AnyKey("\u{E9}"), 1), (AnyKey("b"), 2), (AnyKey("e\u{301}"), 3)])))
        #expect(json == decoded)
    }

    /// `{"é" (first spelling): 1, "b": 2, "é" (second spelling): 3}`, built by hand: `ArchiveEncoder`
    /// never writes two spellings of one string in a container.
    func twoSpellings(_ first: [UInt8], _ second: [UInt8]) -> Data {
        let table: [UInt8] = [0x03, UInt8(first.count)] + first + [0x01, 0x62, UInt8(second.count)] + second
        return Data(Array("KARC".utf8) + [0x01, 0x00, 0x0C, 0x06, 0x01, 0x81, 0x03, 0x82, 0x05, 0x83] + table)
    }

    struct KeyB: Decodable, Equatable { var b: Int }
    struct KeyE: Decodable { var e: Int; enum CodingKeys: String, CodingKey { case e = "\u{E9}" } }

    /// The same keys read through generated code (as `@ArchiveCodable` writes it).
    struct DirectKeys: Decodable, ArchiveDirectDecodable {
        var e: Int, b: Int
        enum CodingKeys: String, CodingKey { case e = "e\u{301}", b }
        static let keys = ArchiveKeySet([CodingKeys.e, .b])
        static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> DirectKeys {
            let container = try decoder.keyedContainer(keys)
            return DirectKeys(e: try container.decode(at: 0), b: try container.decode(at: 1))
        }
    }

    /// §8.3: identity is by bytes, so two canonically equivalent spellings in one container are
    /// two keys and the archive is valid, whatever the reader's Unicode version; a lookup that
    /// matches both fails at the later one, through `init(from:)` and generated code alike,
    /// whichever spelling it asks with and whichever comes first.
    @Test(arguments: [([0xC3, 0xA9], [0x65, 0xCC, 0x81]), ([0x65, 0xCC, 0x81], [0xC3, 0xA9])] as [([UInt8], [UInt8])])
    func equivalentSpellingsAreTwoKeysThatNoLookupTakes(_ first: [UInt8], _ second: [UInt8]) throws {
        let archive = twoSpellings(first, second)
        // Valid: a type that does not ask for "é" reads it, and so does the walker.
        #expect(try ArchiveDecoder().decode(KeyB.self, from: archive) == KeyB(b: 2))
        struct Walk: ArchiveVisitor {}
        var walk = Walk()
        #expect(throws: Never.self) { try InspectedArchive([UInt8](archive)).walk(&walk) }
        func expectRefused<T: Decodable>(_ type: T.Type, path: [String]) {
            let error = #expect(throws: DecodingError.self) { try ArchiveDecoder().decode(type, from: archive) }
            guard case .dataCorrupted(let context)? = error, let format = context.underlyingError as? ArchiveFormatError else {
                Issue.record("expected dataCorrupted with an ArchiveFormatError, got \(String(describing: error))")
                return
            }
            #expect(format.kind == .malformed)
            #expect(format.offset == 12, "the later entry's key varint")
            #expect(context.codingPath.map { Array($0.stringValue.utf8) } == path.map { Array($0.utf8) })
        }
        expectRefused([String: Int].self, path: [String(decoding: first, as: UTF8.self)])
        expectRefused(KeyE.self, path: ["\u{E9}"])
        expectRefused(DirectKeys.self, path: ["e\u{301}"])
        var decoder = ArchiveDecoder()
        decoder.usesGeneratedCode = false
        #expect(throws: DecodingError.self) { try decoder.decode(DirectKeys.self, from: archive) }
    }

    /// Looks up the keys named in `userInfo[Lookups.order]`, in that order.
    struct Lookups: Decodable {
        static let order = CodingUserInfoKey(rawValue: "order")!
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyKey.self)
            for key in decoder.userInfo[Self.order] as? [String] ?? [] { _ = try container.decode(Int.self, forKey: AnyKey(key)) }
        }
    }

    /// §8.3: a key matching three entries (`key-matches-three-spellings`: "Å" as U+00C5, "b",
    /// "Å" as U+212B, "Å" as A U+030A) fails at the second match in entry order (offset 12),
    /// whichever spelling asks, and wherever earlier lookups left the scan: after "b" (which
    /// ends at the second match) and after a lookup that failed.
    @Test(arguments: ["\u{C5}", "\u{212B}", "A\u{30A}"])
    func threeSpellingsFailAtTheSecondMatchInEntryOrder(_ spelling: String) throws {
        let archive = Data(Array("KARC".utf8) + [0x01, 0x00, 0x0C, 0x08, 0x01, 0x81, 0x03, 0x82, 0x05, 0x83, 0x07, 0x84,
                                                  0x04, 0x02, 0xC3, 0x85, 0x01, 0x62, 0x03, 0xE2, 0x84, 0xAB, 0x03, 0x41, 0xCC, 0x8A])
        for order in [[spelling], ["b", spelling], ["b", "b", spelling]] {
            var decoder = ArchiveDecoder()
            decoder.userInfo[Lookups.order] = order
            let error = #expect(throws: DecodingError.self) { try decoder.decode(Lookups.self, from: archive) }
            guard case .dataCorrupted(let context)? = error, let format = context.underlyingError as? ArchiveFormatError else {
                Issue.record("expected dataCorrupted with an ArchiveFormatError, got \(String(describing: error))")
                continue
            }
            #expect(format.kind == .malformed && format.offset == 12, "\(order): \(format)")
        }
        var decoder = ArchiveDecoder()
        decoder.userInfo[Lookups.order] = ["b"]
        #expect(throws: Never.self) { try decoder.decode(Lookups.self, from: archive) }
    }

    /// Equivalent spellings in two containers, or repeated bytes, are what they were: separate
    /// keys, and a repeated key (malformed when the container is opened).
    @Test func identityIsByBytes() throws {
        let e = "\u{E9}", decomposed = "e\u{301}"
        let identities = KeyIdentity.identities(of: [e, "b", decomposed, e, "7", decomposed])
        #expect(identities.hasEquivalentSpellings)
        #expect(identities.identities == [KeyForm.wire(stringIndex: 0), KeyForm.wire(stringIndex: 1), KeyForm.wire(stringIndex: 2),
                                          KeyForm.wire(stringIndex: 0), KeyForm.wire(integer: 7), KeyForm.wire(stringIndex: 2)])
        // The large-table path (hashing) agrees with the pairwise one.
        let many = (0..<20).map { "k\($0)" } + [e, decomposed, e]
        let large = KeyIdentity.identities(of: many)
        #expect(large.hasEquivalentSpellings)
        #expect(Array(large.identities.suffix(3)) == [KeyForm.wire(stringIndex: 20), KeyForm.wire(stringIndex: 21), KeyForm.wire(stringIndex: 20)])
        #expect(!KeyIdentity.identities(of: [e, "b", e]).hasEquivalentSpellings)
        #expect(!KeyIdentity.identities(of: many.dropLast(2) + [e]).hasEquivalentSpellings)
    }

    /// A string key that spells an integer and that integer key are one key.
    @Test func integerKeyAndItsDecimalStringAreOneEntry() throws {
        for entries in [[(AnyKey("7"), 1), (AnyKey("7", 7), 2)], [(AnyKey("7", 7), 1), (AnyKey("7"), 2)]] {
            let archive = try ArchiveEncoder().encode(Entries(entries: entries))
            #expect(try self.entries(of: archive) == ["7": 2])
        }
        // "07" is not 7's canonical spelling: two keys.
        let archive = try ArchiveEncoder().encode(Entries(entries: [(AnyKey("07"), 1), (AnyKey("7", 7), 2)]))
        #expect(try entries(of: archive) == ["07": 1, "7": 2])
    }

    /// An archive written with string keys still decodes after the type adopts integer keys
    /// (the container has no integer entries: names match).
    @Test func stringKeyedArchiveDecodesWithIntegerKeys() throws {
        struct V1: Codable { var x: Int; var label: String }
        struct V2: Codable, Equatable {
            var x: Int; var label: String
            enum CodingKeys: Int, CodingKey { case x = 1, label = 2 }
        }
        let archive = try ArchiveEncoder().encode(V1(x: 5, label: "a"))
        #expect(try ArchiveDecoder().decode(V2.self, from: archive) == V2(x: 5, label: "a"))
    }

    /// A key whose integer and name are two entries of one container: looking it up fails
    /// whichever entry comes first and whatever was looked up before.
    @Test func keyMatchingTwoEntriesIsRejected() throws {
        struct V2: Codable, Equatable {
            var x: Int; var y: Int
            enum CodingKeys: Int, CodingKey { case x = 1, y = 2 }
        }
        for entries in [[(AnyKey("x", nil), 9), (AnyKey("1", 1), 1), (AnyKey("2", 2), 2)],
                        [(AnyKey("1", 1), 1), (AnyKey("2", 2), 2), (AnyKey("x", nil), 9)]] {
            let archive = try ArchiveEncoder().encode(Entries(entries: entries))
            let error = try #require(throws: DecodingError.self) { try ArchiveDecoder().decode(V2.self, from: archive) }
            guard case .dataCorrupted(let context) = error, let format = context.underlyingError as? ArchiveFormatError else {
                Issue.record("expected dataCorrupted with an ArchiveFormatError, got \(error)")
                continue
            }
            #expect(format.kind == .malformed)
            #expect(context.codingPath.map(\.stringValue) == ["x"])
        }
        // y alone is unambiguous; contains(x) is true (an entry exists).
        struct OnlyY: Decodable {
            var y: Int; var hasX: Bool
            enum CodingKeys: Int, CodingKey { case x = 1, y = 2 }
            init(from decoder: any Decoder) throws {
                let c = try decoder.container(keyedBy: CodingKeys.self)
                y = try c.decode(Int.self, forKey: .y)
                hasX = c.contains(.x)
            }
        }
        let archive = try ArchiveEncoder().encode(Entries(entries: [(AnyKey("1", 1), 1), (AnyKey("2", 2), 2), (AnyKey("x", nil), 9)]))
        let onlyY = try ArchiveDecoder().decode(OnlyY.self, from: archive)
        #expect(onlyY.y == 2 && onlyY.hasX)
    }
}
