import Foundation
import Testing
@testable import KeyedArchive

// Issue 61, findings 7 and 8: a path made of a type's own `CodingKey`s finds what the type
// wrote, in either key form; a key that needs quoting is refused at the character that does.

/// A document with integer coding keys, as the partial-reads article's readers declare them.
private struct IntegerKeyedDoc: Codable, Equatable {
    var id: Int
    var title: String
    var tags: [String]
    enum CodingKeys: Int, CodingKey { case id = 1, title = 2, tags = 3 }
}

/// The same fields with string keys.
private struct StringKeyedDoc: Codable, Equatable {
    var id: Int
    var title: String
    var tags: [String]
}

/// Integer keys beyond what the format writes as integers (§8.1): written as their names.
private struct WideKeyedDoc: Codable, Equatable {
    var far: Int
    enum CodingKeys: Int, CodingKey { case far = 4611686018427387904 }   // 2^62
}

/// A document holding others under integer keys, and a dictionary whose `"007"` is written as
/// its name while `"7"` is written as the integer 7.
private struct Shelf: Codable, Equatable {
    var docs: [IntegerKeyedDoc]
    var padded: [String: Int]
    enum CodingKeys: Int, CodingKey { case docs = 10, padded = 11 }
}

@Suite struct PartialReadKeyFormTests {
    let decoder = ArchiveDecoder()

    @Test func aTypesOwnIntegerKeysFindItsFields() throws {
        let doc = IntegerKeyedDoc(id: 7, title: "Notes", tags: ["a", "b"])
        let data = try ArchiveEncoder().encode(doc)
        #expect(try decoder.decode(String.self, at: [.key(IntegerKeyedDoc.CodingKeys.title)], from: data) == "Notes")
        #expect(try decoder.decode(Int.self, at: [.key(IntegerKeyedDoc.CodingKeys.id)], from: data) == 7)
        #expect(try decoder.decode(String.self, at: [.key(IntegerKeyedDoc.CodingKeys.tags), 1], from: data) == "b")
        #expect(try decoder.containsValue(at: [.key(IntegerKeyedDoc.CodingKeys.title)], in: data))
        // The integer alone, as the text form spells it, finds the entry too.
        #expect(try decoder.decode(String.self, at: ["2"], from: data) == "Notes")
        // And every key of the type leads to its value, as `keys(at:)` lists them.
        for key in [IntegerKeyedDoc.CodingKeys.id, .title, .tags] {
            #expect(try decoder.containsValue(at: [.key(key)], in: data))
        }
    }

    @Test func theSameKeysFindAnArchiveWrittenWithStringKeys() throws {
        // §8.3: a key with an integer matches its name's string entry too, so a type that
        // adopted integer keys reads its older archives, and a path of its keys reads them.
        let data = try ArchiveEncoder().encode(StringKeyedDoc(id: 3, title: "Old", tags: []))
        #expect(try decoder.decode(String.self, at: [.key(IntegerKeyedDoc.CodingKeys.title)], from: data) == "Old")
        #expect(try decoder.decode(Int.self, at: [.key(IntegerKeyedDoc.CodingKeys.id)], from: data) == 3)
    }

    @Test func nestedIntegerKeysAndElementsAlike() throws {
        let shelf = Shelf(docs: [IntegerKeyedDoc(id: 1, title: "one", tags: []), IntegerKeyedDoc(id: 2, title: "two", tags: ["x"])],
                          padded: ["007": 1, "7": 2])
        let data = try ArchiveEncoder().encode(shelf)
        let path: ArchivePath = [.key(Shelf.CodingKeys.docs), 1, .key(IntegerKeyedDoc.CodingKeys.title)]
        #expect(try decoder.decode(String.self, at: path, from: data) == "two")
        #expect(try decoder.decode([String].self, at: [.key(Shelf.CodingKeys.docs), 1, .key(IntegerKeyedDoc.CodingKeys.tags)], from: data) == ["x"])
        let titles = try decoder.decode(String.self, at: [.key(IntegerKeyedDoc.CodingKeys.title)], ofEachElementAt: [.key(Shelf.CodingKeys.docs)], from: data)
        #expect(titles == ["one", "two"])
        #expect(try decoder.count(at: [.key(Shelf.CodingKeys.docs)], in: data) == 2)
    }

    @Test func aKeyWrittenAsItsNameIsFoundByItsName() throws {
        // A key whose `init(intValue:)` gives another key back is written as its name, and a
        // path of it finds that entry, not the integer entry its `intValue` names.
        let shelf = Shelf(docs: [], padded: ["007": 1, "7": 2])
        let data = try ArchiveEncoder().encode(shelf)
        struct DictionaryKey: CodingKey {
            let stringValue: String
            let intValue: Int?
            init(stringValue: String) { self.stringValue = stringValue; intValue = Int(stringValue) }
            init(intValue: Int) { stringValue = "\(intValue)"; self.intValue = intValue }
        }
        #expect(try decoder.decode(Int.self, at: [.key(Shelf.CodingKeys.padded), .key(DictionaryKey(stringValue: "007"))], from: data) == 1)
        #expect(try decoder.decode(Int.self, at: [.key(Shelf.CodingKeys.padded), .key(DictionaryKey(stringValue: "7"))], from: data) == 2)
        #expect(ArchivePath.Component.key(DictionaryKey(stringValue: "007")) == .key(stringValue: "007", intValue: nil))
        // A key beyond the integer range is written as its name, and found by it.
        let wide = try ArchiveEncoder().encode(WideKeyedDoc(far: 5))
        #expect(try decoder.decode(Int.self, at: [.key(WideKeyedDoc.CodingKeys.far)], from: wide) == 5)
    }

    @Test func aCodingPathOfTheDecoderLeadsBackToItsValue() throws {
        // The coding path of an error, integer keys and element keys, as a path.
        struct Broken: Codable { var docs: [IntegerKeyedDoc]; enum CodingKeys: Int, CodingKey { case docs = 10 } }
        struct Wrong: Codable {
            var docs: [[Int: String]]
            enum CodingKeys: Int, CodingKey { case docs = 10 }
        }
        let data = try ArchiveEncoder().encode(Wrong(docs: [[1: "x", 2: "y", 3: "z"], [1: "p", 2: "q"]]))
        var codingPath: [any CodingKey] = []
        do {
            _ = try decoder.decode(Broken.self, from: data)
        } catch let DecodingError.typeMismatch(_, context) {
            codingPath = context.codingPath
        } catch let DecodingError.keyNotFound(_, context) {
            codingPath = context.codingPath
        }
        // docs[0]'s `id` (key 1) holds the string "x": a type mismatch there.
        #expect(codingPath.map(\.intValue) == [10, 0, 1])
        #expect(try decoder.decode(String.self, at: ArchivePath(codingPath: codingPath), from: data) == "x")
        let second = ArchivePath(codingPath: Array(codingPath.prefix(1))).appending(1).appending(.key(IntegerKeyedDoc.CodingKeys.title))
        #expect(try decoder.decode(String.self, at: second, from: data) == "q")
    }

    @Test func aCodingPathOfJSONDecoderLeadsToTheSameValue() throws {
        // Foundation's element keys ("Index 0", whose `init(intValue:)` makes another key) and
        // a type's integer keys, from the same mistake in JSON.
        struct Broken: Codable { var docs: [IntegerKeyedDoc]; enum CodingKeys: Int, CodingKey { case docs = 10 } }
        struct Wrong: Codable {
            var docs: [[String: String]]
            enum CodingKeys: Int, CodingKey { case docs = 10 }
        }
        // JSON keys by name: a type with integer keys writes "docs", "id", "title".
        let value = Wrong(docs: [["id": "x", "title": "t", "tags": "z"]])
        var codingPath: [any CodingKey] = []
        do {
            _ = try JSONDecoder().decode(Broken.self, from: JSONEncoder().encode(value))
        } catch let DecodingError.typeMismatch(_, context) {
            codingPath = context.codingPath
        }
        #expect(codingPath.map(\.stringValue) == ["docs", "Index 0", "id"])
        // The archive of the same value, read at that path.
        #expect(try decoder.decode(String.self, at: ArchivePath(codingPath: codingPath), from: ArchiveEncoder().encode(value)) == "x")
    }

    @Test func aKeyThatNeedsQuotingIsRefusedAtTheCharacterThatDoes() {
        func offset(_ text: String) -> Int? {
            do { _ = try ArchivePath(parsing: text); return nil } catch { return error.offset }
        }
        #expect(offset("a b") == 1)
        #expect(offset("settings.font size") == 13)
        #expect(offset("settings.font\"size") == 13)
        #expect(offset("a]") == 1)
        #expect(offset("docs[1].ti tle") == 10)
        // An empty key is refused where it should start.
        #expect(offset("a..b") == 2)
        // Every refusal of a bare key points at a byte that cannot stand in one, after bytes
        // that can, from the key's start.
        // Seeded (`DiffSource` is a RandomNumberGenerator in these tests): a failure reproduces.
        var generator = DiffSource(seed: 0x61_08)
        let alphabet = Array("ab. []\"\\\t7é".unicodeScalars)
        for _ in 0..<2_000 {
            let text = String(String.UnicodeScalarView((0..<Int.random(in: 1...8, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }))
            guard let at = offset(text), !text.contains("["), !text.contains("\"") else { continue }
            let bytes = Array(text.utf8)
            guard at < bytes.count else { continue }
            let keyStart = (bytes[..<at].lastIndex(of: UInt8(ascii: ".")).map { $0 + 1 }) ?? 0
            if at == keyStart, bytes[at] == UInt8(ascii: ".") { continue }   // an empty key
            #expect(!ArchivePathSyntax.isBare(bytes[at]), "\(text.debugDescription) at \(at)")
            #expect(bytes[keyStart..<at].allSatisfy(ArchivePathSyntax.isBare), "\(text.debugDescription) at \(at)")
        }
    }
}
