import Foundation
@testable import KeyedArchive
import KeyedArchiveMacros
import Testing

// `ArchiveUnknownFields`: an older type decodes a newer type's archive, keeps what it does not
// know, and writes it back byte for byte.

/// Version 3 of a document type.
@ArchiveCodable
struct DocumentV3: Codable, Equatable {
    struct Margins: Codable, Equatable {
        var top: Double
        var bottom: Float
    }
    var created: Date
    var name: String
    var margins: Margins
    var tags: [String]
    var counts: [Int]
    var flags: [Int: Bool]
    var id: UUID
    var home: URL
    var blob: Data
    var count: Int
    var note: String?
    var nested: [[String: [Int8]]]
}

/// Version 1: knows `name` and `count` only.
@ArchiveCodable
struct DocumentV1: Codable, Equatable {
    var name: String
    var count: Int
    var unknownFields = ArchiveUnknownFields()
}

/// Integer keys, as a protobuf-minded type declares them.
@ArchiveCodable
struct IntKeyedV2: Codable, Equatable {
    var a: Int
    var b: String
    var c: [Int]
    enum CodingKeys: Int, CodingKey { case a = 1, b = 2, c = 3 }
}

@ArchiveCodable
final class IntKeyedV1: Codable {
    var b: String
    var unknownFields = ArchiveUnknownFields()
    enum CodingKeys: Int, CodingKey { case b = 2 }
    init(b: String) { self.b = b }
}

/// A class whose instances a newer type shares.
final class SharedNote: Codable {
    var text: String
    init(text: String) { self.text = text }
}

struct SharingV2: Codable {
    var name: String
    var first: SharedNote
    var second: SharedNote
}

/// A class whose instances hold one child twice.
final class SharedTree: Codable {
    var children: [SharedTree]
    init(children: [SharedTree]) { self.children = children }
    var leafCount: Int { children.isEmpty ? 1 : children.reduce(0) { $0 + $1.leafCount } }
}

/// A class whose one instance a newer type holds twice, once deep.
final class SharedLeaf: Codable {
    var rows: [[String]]
    init(rows: [[String]]) { self.rows = rows }
}

struct DeepSharingV2: Codable {
    var name: String
    var first: SharedLeaf
    var deep: [[[SharedLeaf]]]
}

struct SharingTreeV2: Codable {
    var name: String
    var tree: SharedTree
}

@ArchiveCodable
struct SharingV1: Codable {
    var name: String
    var unknownFields = ArchiveUnknownFields()
}

extension DocumentV3 {
    static let sample = DocumentV3(
        created: Date(timeIntervalSince1970: 1_700_000_000.25), name: "report",
        margins: Margins(top: 1.5, bottom: -0.0), tags: ["a", "", "ü"], counts: [1, -300, .max],
        flags: [3: true, -1: false], id: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!,
        home: URL(string: "https://example.com/a?b=c")!, blob: Data([0, 1, 255]), count: 7, note: nil,
        nested: [["x": [1, -2]], [:]])
}

@Suite struct UnknownFieldsTests {
    /// The encoders the round trip must hold under, and the decoders' two reading paths.
    static let encoders: [(String, ArchiveEncoder)] = {
        var deterministic = ArchiveEncoder()
        deterministic.deterministic = true
        var zlib = ArchiveEncoder()
        zlib.compression = .zlib
        var checksum = ArchiveEncoder()
        checksum.checksum = .crc32
        var identity = ArchiveEncoder()
        identity.preservesObjectIdentity = true
        return [("default", ArchiveEncoder()), ("deterministic", deterministic), ("zlib", zlib), ("crc32", checksum),
                ("preservesObjectIdentity", identity)]
    }()

    static func decoders() -> [ArchiveDecoder] {
        var general = ArchiveDecoder()
        general.readsMessages = false
        return [ArchiveDecoder(), general]
    }

    @Test func anOlderTypeKeepsWhatItDoesNotKnowByteForByte() throws {
        for (name, encoder) in Self.encoders {
            let original = try encoder.encode(DocumentV3.sample)
            for decoder in Self.decoders() {
                let v1 = try decoder.decode(DocumentV1.self, from: original)
                #expect(v1.name == "report" && v1.count == 7, "\(name)")
                // `note` is nil: no entry; every other property of version 3 is unknown (in
                // archive order, which a deterministic archive sorts).
                #expect(Set(v1.unknownFields.keys) == ["created", "margins", "tags", "counts", "flags", "id", "home", "blob", "nested"], "\(name)")
                let saved = try encoder.encode(v1)
                #expect(saved == original, "\(name): the archive changed")
                #expect(try decoder.decode(DocumentV3.self, from: saved) == DocumentV3.sample, "\(name)")
            }
        }
    }

    @Test func aKnownFieldChangedKeepsTheUnknownOnes() throws {
        var v1 = try ArchiveDecoder().decode(DocumentV1.self, from: ArchiveEncoder().encode(DocumentV3.sample))
        v1.count = 8
        v1.name = "renamed"
        var expected = DocumentV3.sample
        expected.count = 8
        expected.name = "renamed"
        let saved = try ArchiveEncoder().encode(v1)
        #expect(try ArchiveDecoder().decode(DocumentV3.self, from: saved) == expected)
        #expect(saved == (try ArchiveEncoder().encode(expected)))
    }

    @Test func insideAPlainCodableValue() throws {
        struct Library: Codable { var title: String; var documents: [String: DocumentV3]; var main: DocumentV3? }
        struct OldLibrary: Codable { var title: String; var documents: [String: DocumentV1]; var main: DocumentV1? }
        let original = try ArchiveEncoder().encode(Library(title: "t", documents: ["only": .sample], main: .sample))
        let old = try ArchiveDecoder().decode(OldLibrary.self, from: original)
        #expect(old.main?.unknownFields.count == 9)
        #expect(try ArchiveEncoder().encode(old) == original)
    }

    @Test func integerKeysKeepTheirForm() throws {
        let original = try ArchiveEncoder().encode(IntKeyedV2(a: -5, b: "x", c: [9, 8]))
        for decoder in Self.decoders() {
            let v1 = try decoder.decode(IntKeyedV1.self, from: original)
            #expect(v1.b == "x")
            #expect(v1.unknownFields.keys == ["1", "3"])
            #expect(try ArchiveEncoder().encode(v1) == original)
        }
    }

    @Test func otherCodersNeitherFillNorWriteThem() throws {
        let json = try JSONEncoder().encode(DocumentV3.sample)
        let v1 = try JSONDecoder().decode(DocumentV1.self, from: json)
        #expect(v1.unknownFields.isEmpty)
        let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(v1)) as? [String: Any]
        #expect(Set(object?.keys.map { $0 } ?? []) == ["name", "count"])
        // A value made in code has none, and writes its known fields only.
        struct Known: Encodable { var name = "n", count = 1 }
        #expect(try ArchiveEncoder().encode(DocumentV1(name: "n", count: 1)) == ArchiveEncoder().encode(Known()))
    }

    @Test func anUnknownFieldWithSharedObjectsIsKeptAsCopies() throws {
        var encoder = ArchiveEncoder()
        encoder.preservesObjectIdentity = true
        let note = SharedNote(text: "shared")
        let archive = try encoder.encode(SharingV2(name: "s", first: note, second: note))
        for decoder in Self.decoders() {
            let v1 = try decoder.decode(SharingV1.self, from: archive)
            #expect(v1.name == "s")
            #expect(v1.unknownFields.keys == ["first", "second"])
            // Written back, with or without identity: the values are kept, each a copy.
            for (name, encoder) in Self.encoders {
                let saved = try encoder.encode(v1)
                let v2 = try decoder.decode(SharingV2.self, from: saved)
                #expect(v2.first.text == "shared" && v2.second.text == "shared", "\(name)")
                #expect(try encoder.encode(decoder.decode(SharingV1.self, from: saved)) == saved, "\(name): the copies come back as they went")
            }
        }
    }

    @Test func copiesOfSharedObjectsAreBoundedByTheLimits() throws {
        // Each level holds its child twice: 40 levels are a small archive whose copies would
        // take 2^40 values.
        var level = SharedTree(children: [])
        for _ in 0..<40 { level = SharedTree(children: [level, level]) }
        var encoder = ArchiveEncoder()
        encoder.preservesObjectIdentity = true
        let archive = try encoder.encode(SharingTreeV2(name: "s", tree: level))
        #expect(archive.count < 2_000)
        #expect {
            try ArchiveDecoder().decode(SharingV1.self, from: archive)
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return context.codingPath.map(\.stringValue) == ["tree"] && "\(context.underlyingError!)".contains("maximumInflatedSize")
        }
        // Eight levels copy to 2^8 leaves: within the limits, and written back whole.
        var small = SharedTree(children: [])
        for _ in 0..<8 { small = SharedTree(children: [small, small]) }
        let v1 = try ArchiveDecoder().decode(SharingV1.self, from: encoder.encode(SharingTreeV2(name: "s", tree: small)))
        let copied = try ArchiveDecoder().decode(SharingTreeV2.self, from: ArchiveEncoder().encode(v1))
        #expect(copied.tree.leafCount == 256)
    }

    @Test func copiesNestAtTheDepthOfTheirReference() throws {
        // The leaf is written at `first`, four containers deep at most, and referred to from
        // three arrays deep in `deep`: its copy there reaches depth 7, deeper than the archive.
        let leaf = SharedLeaf(rows: [["a", "b"], ["c"]])
        var encoder = ArchiveEncoder()
        encoder.preservesObjectIdentity = true
        let archive = try encoder.encode(DeepSharingV2(name: "s", first: leaf, deep: [[[leaf]]]))
        var decoder = ArchiveDecoder()
        decoder.limits.maximumDepth = 7
        let v1 = try decoder.decode(SharingV1.self, from: archive)
        #expect(try ArchiveDecoder().decode(DeepSharingV2.self, from: ArchiveEncoder().encode(v1)).deep[0][0][0].rows == leaf.rows)
        decoder.limits.maximumDepth = 6
        #expect(throws: Never.self) { try decoder.decode(DeepSharingV2.self, from: archive) }
        #expect {
            try decoder.decode(SharingV1.self, from: archive)
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return context.codingPath.map(\.stringValue) == ["deep"] && "\(context.underlyingError!)".contains("nest deeper")
        }
    }

    @Test func copiesInEveryUnknownFieldOfTheArchiveCountTogether() throws {
        // One shared value of about 1 KB, referred to from 300 records: each record's copy is
        // small, all of them together are not.
        let blob = SharedNote(text: String(repeating: "x", count: 1000))
        var encoder = ArchiveEncoder()
        encoder.preservesObjectIdentity = true
        let records = (0..<300).map { _ in SharingV2(name: "r", first: blob, second: blob) }
        let archive = try encoder.encode(records)
        #expect(archive.count < 10_000)
        var decoder = ArchiveDecoder()
        decoder.limits.maximumInflatedSize = 100_000
        #expect(throws: DecodingError.self) { try decoder.decode([SharingV1].self, from: archive) }
        decoder.limits.maximumInflatedSize = 1_000_000
        let read = try decoder.decode([SharingV1].self, from: archive)
        #expect(try ArchiveDecoder().decode([SharingV2].self, from: ArchiveEncoder().encode(read)).allSatisfy { $0.second.text == blob.text })
    }

    @Test func aDamagedUnknownValueIsADecodingError() throws {
        // An unknown keyed container whose one key names a key-table entry that does not exist.
        struct Newer: Encodable { var name = "n", count = 1, inner = ["zz": 5] }
        var bytes = [UInt8](try ArchiveEncoder().encode(Newer()))
        // `inner`: keyed (0C), length 2, key "zz" (table index 3: varint 7), 5.
        let keyTableIndexOfZZ: UInt8 = 3 << 1 | 1
        let found = try #require(bytes.indices.first { bytes[$0] == 0x0C && bytes[$0 + 2] == keyTableIndexOfZZ })
        bytes[found + 2] = 0x7F   // index 63
        #expect {
            try ArchiveDecoder().decode(DocumentV1.self, from: Data(bytes))
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return context.codingPath.map(\.stringValue) == ["inner"]
        }
    }

    /// Random newer documents: `name` and `count` among unknown entries of every kind, nested;
    /// decoded by version 1 and written again, byte for byte, under every encoder.
    @Test func randomNewerDocumentsComeBackByteForByte() throws {
        var generator = SystemRandomNumberGenerator()
        for round in 0..<300 {
            let document = RandomDocument.make(using: &generator)
            for (name, encoder) in Self.encoders {
                let original = try encoder.encode(document)
                for decoder in Self.decoders() {
                    let v1 = try decoder.decode(DocumentV1.self, from: original)
                    let saved = try encoder.encode(v1)
                    #expect(saved == original, "round \(round), \(name): \(document.entries.map(\.key))")
                }
                // Nested in arrays, twice: one key table for all of them.
                let nested = try encoder.encode([[document, document], []])
                let v1s = try ArchiveDecoder().decode([[DocumentV1]].self, from: nested)
                #expect(try encoder.encode(v1s) == nested, "round \(round), \(name), nested")
            }
        }
    }
}

/// A keyed container of random entries around `name` and `count` (in that order).
struct RandomDocument: Encodable {
    indirect enum Value: Encodable {
        case int(Int), double(Double), float(Float), string(String), bool(Bool), data(Data), date(Date)
        case uuid(UUID), ints([Int]), doubles([Double]), strings([String]), null, keyed([(RandomKey, Value)]), unkeyed([Value])

        func encode(to encoder: any Encoder) throws {
            switch self {
            case .keyed(let entries):
                var c = encoder.container(keyedBy: RandomKey.self)
                for (key, value) in entries { try c.encode(value, forKey: key) }
            case .unkeyed(let values):
                var c = encoder.unkeyedContainer()
                for value in values { try c.encode(value) }
            case .null:
                var c = encoder.singleValueContainer()
                try c.encodeNil()
            default:
                var c = encoder.singleValueContainer()
                switch self {
                case .int(let v): try c.encode(v)
                case .double(let v): try c.encode(v)
                case .float(let v): try c.encode(v)
                case .string(let v): try c.encode(v)
                case .bool(let v): try c.encode(v)
                case .data(let v): try c.encode(v)
                case .date(let v): try c.encode(v)
                case .uuid(let v): try c.encode(v)
                case .ints(let v): try c.encode(v)
                case .doubles(let v): try c.encode(v)
                case .strings(let v): try c.encode(v)
                default: break
                }
            }
        }
    }

    struct RandomKey: CodingKey {
        let stringValue: String
        let intValue: Int?
        init(stringValue: String) { self.stringValue = stringValue; intValue = nil }
        init(intValue: Int) { stringValue = "\(intValue)"; self.intValue = intValue }
    }

    let entries: [(key: RandomKey, value: Value)]

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: RandomKey.self)
        for (key, value) in entries { try c.encode(value, forKey: key) }
    }

    static func make(using g: inout SystemRandomNumberGenerator) -> RandomDocument {
        var used: Set<String> = ["name", "count"]
        func key() -> RandomKey {
            while true {
                let candidate = Bool.random(using: &g)
                    ? RandomKey(intValue: Int.random(in: -70...70_000, using: &g))
                    : RandomKey(stringValue: ["k", "name2", "é", "0x", "7", ""].randomElement(using: &g)! + "\(Int.random(in: 0...40, using: &g))")
                if used.insert(candidate.stringValue).inserted { return candidate }
            }
        }
        func value(_ depth: Int) -> Value {
            switch Int.random(in: 0..<(depth > 3 ? 12 : 14), using: &g) {
            case 0: return .int(.random(in: .min ... .max, using: &g))
            case 1: return .double([0.1, -0.0, .infinity, .nan, 1e300].randomElement(using: &g)!)
            case 2: return .float(Float.random(in: -1...1, using: &g))
            case 3: return .string(String(repeating: "ab€", count: .random(in: 0...5, using: &g)))
            case 4: return .bool(.random(using: &g))
            case 5: return .data(Data((0..<Int.random(in: 0...9, using: &g)).map { _ in .random(in: 0...255, using: &g) }))
            case 6: return .date(Date(timeIntervalSince1970: Double(Int.random(in: -1_000_000...1_000_000, using: &g))))
            case 7: return .uuid(UUID())
            case 8: return .ints((0..<Int.random(in: 0...6, using: &g)).map { _ in .random(in: -100_000...100_000, using: &g) })
            case 9: return .doubles((0..<Int.random(in: 0...4, using: &g)).map { _ in .random(in: -1...1, using: &g) })
            case 10: return .strings((0..<Int.random(in: 0...4, using: &g)).map { "s\($0)" })
            case 11: return .null
            case 12:
                var inner: Set<String> = []
                var entries: [(RandomKey, Value)] = []
                for _ in 0..<Int.random(in: 0...4, using: &g) {
                    let k = RandomKey(stringValue: "n\(Int.random(in: 0...20, using: &g))")
                    if inner.insert(k.stringValue).inserted { entries.append((k, value(depth + 1))) }
                }
                return .keyed(entries)
            default:
                return .unkeyed((0..<Int.random(in: 0...4, using: &g)).map { _ in value(depth + 1) })
            }
        }
        var entries: [(key: RandomKey, value: Value)] = (0..<Int.random(in: 0...6, using: &g)).map { _ in (key(), value(0)) }
        let namePosition = Int.random(in: 0...entries.count, using: &g)
        entries.insert((RandomKey(stringValue: "name"), .string("doc")), at: namePosition)
        entries.insert((RandomKey(stringValue: "count"), .int(.random(in: -9...9, using: &g))), at: Int.random(in: (namePosition + 1)...entries.count, using: &g))
        return RandomDocument(entries: entries)
    }
}
