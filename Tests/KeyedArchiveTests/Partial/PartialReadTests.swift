import Foundation
import KeyedArchiveSamples
import Synchronization
import Testing
@testable import KeyedArchive

/// A small document store: string keys, integer keys, arrays of structs, packed arrays, Data.
private struct Store: Codable, Equatable {
    struct Settings: Codable, Equatable {
        var theme: String
        var fontSize: Int
        var recent: [String]
    }
    struct Document: Codable, Equatable {
        var id: Int
        var title: String
        var subtitle: String?
        var scores: [Double]
    }
    enum ScoreKeys: Int, CodingKey { case low = 1, high = 2 }
    var name: String
    var settings: Settings
    var documents: [Document]
    var byNumber: [Int: String]
    var blob: Data

    static let sample = Store(
        name: "store",
        settings: Settings(theme: "dark", fontSize: 13, recent: ["/a", "/b"]),
        documents: (0..<5).map { Document(id: 100 + $0, title: "doc \($0)", subtitle: $0 % 2 == 0 ? "even" : nil, scores: [Double($0), 0.5]) },
        byNumber: [7: "seven", -3: "minus three"],
        blob: Data([9, 8, 7]))
}

@Suite struct PartialReadTests {
    let bytes = try! ArchiveEncoder().encode(Store.sample)
    let decoder = ArchiveDecoder()

    @Test func aValueAtAPathIsTheValueAFullDecodeHasThere() throws {
        #expect(try decoder.decode(String.self, at: ["settings", "theme"], from: bytes) == "dark")
        #expect(try decoder.decode(Store.Settings.self, at: ["settings"], from: bytes) == Store.sample.settings)
        #expect(try decoder.decode(Store.Document.self, at: ["documents", 3], from: bytes) == Store.sample.documents[3])
        #expect(try decoder.decode(Double.self, at: ["documents", 4, "scores", 1], from: bytes) == 0.5)
        #expect(try decoder.decode(String.self, at: ["byNumber", "7"], from: bytes) == "seven")
        #expect(try decoder.decode(String.self, at: ["byNumber", .key(stringValue: "-3", intValue: -3)], from: bytes) == "minus three")
        #expect(try decoder.decode(String.self, at: ["byNumber", "-3"], from: bytes) == "minus three")
        #expect(try decoder.decode(UInt8.self, at: ["blob", 2], from: bytes) == 7)
        #expect(try decoder.decode(Store.self, at: [], from: bytes) == Store.sample)
        #expect(try decoder.decode(Store.self, at: [], from: [UInt8](bytes)) == Store.sample)
    }

    @Test func keysAreListedInTheOrderTheyWereWritten() throws {
        let keys = try decoder.keys(at: [], in: bytes)
        #expect(keys == ["name", "settings", "documents", "byNumber", "blob"])
        let numbers = try decoder.keys(at: ["byNumber"], in: bytes)
        #expect(Set(numbers) == [.key(stringValue: "7", intValue: 7), .key(stringValue: "-3", intValue: -3)])
        // Each key appended to the path leads to its value.
        for key in keys { #expect(try decoder.containsValue(at: ArchivePath([key]), in: bytes)) }
        #expect(throws: DecodingError.self) { try decoder.keys(at: ["documents"], in: bytes) }
    }

    @Test func countsAreTheFramingsCounts() throws {
        #expect(try decoder.count(at: ["documents"], in: bytes) == 5)
        #expect(try decoder.count(at: ["settings", "recent"], in: bytes) == 2)
        #expect(try decoder.count(at: ["documents", 0, "scores"], in: bytes) == 2)
        #expect(try decoder.count(at: ["blob"], in: bytes) == 3)
        #expect(throws: DecodingError.self) { try decoder.count(at: ["settings"], in: bytes) }
    }

    @Test func containsValueSaysWhetherAPathLeadsToAValue() throws {
        #expect(try decoder.containsValue(at: ["documents", 4, "title"], in: bytes))
        #expect(try decoder.containsValue(at: ["documents", 1, "subtitle"], in: bytes) == false)
        #expect(try decoder.containsValue(at: ["documents", 5], in: bytes) == false)
        #expect(try decoder.containsValue(at: ["name", "x"], in: bytes) == false)
        #expect(try decoder.containsValue(at: ["name", 0], in: bytes) == false)
        #expect(try decoder.containsValue(at: ["missing", "deeper"], in: bytes) == false)
        #expect(try decoder.containsValue(at: [], in: bytes))
    }

    @Test func oneValueFromEachElement() throws {
        #expect(try decoder.decode(Int.self, at: ["id"], ofEachElementAt: ["documents"], from: bytes) == [100, 101, 102, 103, 104])
        #expect(try decoder.decode(String?.self, at: ["subtitle"], ofEachElementAt: ["documents"], from: bytes) == ["even", nil, "even", nil, "even"])
        // An element that is a scalar has no element 1: a mismatch, as a full decode would find.
        #expect(throws: DecodingError.self) { try decoder.decode(Double.self, at: [1], ofEachElementAt: ["documents", 2, "scores"], from: [UInt8](bytes)) }
        #expect(try decoder.decode(Double.self, at: [], ofEachElementAt: ["documents", 2, "scores"], from: bytes) == [2, 0.5])
        let error = #expect(throws: DecodingError.self) { try decoder.decode(String.self, at: ["subtitle"], ofEachElementAt: ["documents"], from: bytes) }
        guard case .keyNotFound(let key, let context)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(key.stringValue == "subtitle")
        #expect(context.codingPath.map(\.stringValue) == ["documents", "Index 1"])
    }

    @Test func errorsNameThePathThatWasFollowed() throws {
        var error = #expect(throws: DecodingError.self) { try decoder.decode(String.self, at: ["settings", "colour"], from: bytes) }
        guard case .keyNotFound(let key, let context)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(key.stringValue == "colour")
        #expect(context.codingPath.map(\.stringValue) == ["settings"])

        error = #expect(throws: DecodingError.self) { try decoder.decode(Int.self, at: ["documents", 9, "id"], from: bytes) }
        guard case .valueNotFound(_, let context)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(context.codingPath.map(\.stringValue) == ["documents", "Index 9"])

        error = #expect(throws: DecodingError.self) { try decoder.decode(Int.self, at: ["settings", "theme"], from: bytes) }
        guard case .typeMismatch(_, let context)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(context.codingPath.map(\.stringValue) == ["settings", "theme"])

        error = #expect(throws: DecodingError.self) { try decoder.decode(Int.self, at: ["name", "first"], from: bytes) }
        guard case .typeMismatch(_, let context)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(context.codingPath.map(\.stringValue) == ["name"])
    }

    @Test func aCodingPathFromAnErrorLeadsBackToTheValue() throws {
        // A full decode that fails deep inside reports where; the value there can be read alone.
        struct WrongScores: Decodable {
            struct Document: Decodable { var scores: [String] }
            var documents: [Document]
        }
        let error = #expect(throws: DecodingError.self) { try decoder.decode(WrongScores.self, from: bytes) }
        guard case .typeMismatch(_, let context)? = error else { Issue.record("\(String(describing: error))"); return }
        let path = ArchivePath(codingPath: context.codingPath)
        #expect(path.description == "documents.Index 0.scores.Index 0" || path.components.count == 4)
        #expect(try decoder.decode(Double.self, at: path, from: bytes) == 0)
    }

    @Test func anOptionalReadsNilWhereThePathLeadsNowhere() throws {
        #expect(try decoder.decode(String?.self, at: ["documents", 1, "subtitle"], from: bytes) == nil)
        #expect(try decoder.decode(String?.self, at: ["documents", 0, "subtitle"], from: bytes) == "even")
        #expect(try decoder.decode(Int?.self, at: ["documents", 40, "id"], from: bytes) == nil)
        #expect(try decoder.decode(Int?.self, at: ["nothing", "here"], from: bytes) == nil)
        // A value that is there but of another type is still a mismatch.
        #expect(throws: DecodingError.self) { try decoder.decode(Int?.self, at: ["name"], from: bytes) }
    }

    @Test func theSampleAppStateReadsItsThemeAndEveryDocumentID() throws {
        let state = AppState.sample(documents: 50)
        for encoder in [ArchiveEncoder(), { var e = ArchiveEncoder(); e.compression = .zlib; e.checksum = .crc32; return e }()] {
            let data = try encoder.encode(state)
            #expect(try decoder.decode(AppState.Theme.self, at: ["settings", "theme"], from: data) == state.settings.theme)
            #expect(try decoder.decode(UUID.self, at: ["id"], ofEachElementAt: ["documents"], from: data) == state.documents.map(\.id))
            #expect(try decoder.decode(AppState.Document.self, at: ["documents", 49], from: data) == state.documents[49])
            #expect(try decoder.count(at: ["documents"], in: data) == 50)
        }
    }

    @Test func aChecksumIsVerifiedUnlessThePartialReadIsToldNotTo() throws {
        var encoder = ArchiveEncoder()
        encoder.checksum = .crc32
        var damaged = [UInt8](try encoder.encode(Store.sample))
        // "dark" → "darn": still a valid archive, caught only by the checksum.
        let at = try #require(damaged.indices.first { damaged[$0...].starts(with: Array("dark".utf8)) })
        damaged[at + 3] = UInt8(ascii: "n")
        let error = #expect(throws: DecodingError.self) { try decoder.decode(String.self, at: ["name"], from: damaged) }
        guard case .dataCorrupted(let context)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect((context.underlyingError as? ArchiveFormatError)?.kind == .checksumMismatch)
        var trusting = decoder
        trusting.verifiesChecksumInPartialReads = false
        #expect(try trusting.decode(String.self, at: ["settings", "theme"], from: damaged) == "darn")
        // A full decode always verifies.
        #expect(throws: DecodingError.self) { try trusting.decode(Store.self, from: damaged) }
    }

    @Test func aCompressedArchiveIsInflatedWithinTheLimit() throws {
        var encoder = ArchiveEncoder()
        encoder.compression = .zlib
        let data = try encoder.encode(Store.sample)
        #expect(try decoder.decode([String].self, at: ["settings", "recent"], from: data) == ["/a", "/b"])
        var tight = decoder
        tight.limits.maximumInflatedSize = 16
        let error = #expect(throws: DecodingError.self) { try tight.decode(String.self, at: ["name"], from: data) }
        guard case .dataCorrupted(let context)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect((context.underlyingError as? ArchiveFormatError)?.kind == .limitExceeded)
    }

    @Test func theLimitsApplyToTheContainersOnThePath() throws {
        // Depth: the value at a path of n steps is at depth n + 1, as in a full decode.
        struct Nest: Codable { var next: [Nest] }
        var nest = Nest(next: [])
        for _ in 0..<6 { nest = Nest(next: [nest]) }
        let data = try ArchiveEncoder().encode(nest)
        var shallow = decoder
        shallow.limits.maximumDepth = 4
        #expect(try shallow.count(at: ["next", 0, "next"], in: data) == 1)   // the container at depth 4
        #expect(throws: DecodingError.self) { try shallow.count(at: ["next", 0, "next", 0, "next"], in: data) }
        #expect(throws: DecodingError.self) { try shallow.decode(Nest.self, at: ["next", 0], from: data) }
        // Count: a container on the path with more entries than the limit.
        var few = decoder
        few.limits.maximumCollectionCount = 3
        let error = #expect(throws: DecodingError.self) { try few.decode(Int.self, at: ["documents", 0, "id"], from: bytes) }
        guard case .dataCorrupted(let context)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect((context.underlyingError as? ArchiveFormatError)?.kind == .limitExceeded)
        #expect(context.codingPath.map(\.stringValue) == [])
    }

    @Test func aReferenceOnThePathLeadsToItsSharedObject() throws {
        let data = try SharedTeam.archive()
        // members[1] is a reference to the lead's shared object.
        #expect(try decoder.decode(String.self, at: ["members", 1, "name"], from: data) == "Ada")
        #expect(try decoder.decode(String.self, at: ["members", 1, "friends", 0, "name"], from: data) == "Grace")
        #expect(try decoder.keys(at: ["members", 1], in: data) == ["name", "friends"])
        #expect(try decoder.decode(SharedTeam.Person.self, at: ["members", 1], from: data).name == "Ada")
        #expect(try decoder.decode(String.self, at: ["name"], ofEachElementAt: ["members"], from: data) == ["Alan", "Ada"])
    }

    @Test func generatedCodeReadsAValueAtAPath() throws {
        let data = try ArchiveEncoder().encode(["first": [Counted(value: 1), Counted(value: 2)]])
        Counted.viaGeneratedCode.withLock { $0 = 0 }
        #expect(try decoder.decode(Counted.self, at: ["first", 1], from: data).value == 2)
        #expect(try decoder.decode(Int.self, at: ["value"], ofEachElementAt: ["first"], from: data) == [1, 2])
        #expect(try decoder.decode([Counted].self, at: ["first"], from: data).map(\.value) == [1, 2])
        #expect(Counted.viaGeneratedCode.withLock { $0 } == 3)
    }
}

/// Counts the reads through its generated code.
private struct Counted: Codable, ArchiveDirectEncodable, ArchiveDirectDecodable {
    static let viaGeneratedCode = Mutex(0)
    var value: Int

    static let archiveKeys = ArchiveKeySet([CodingKeys.value])
    static func _archiveEncode<Writer: ArchiveWriter>(_ value: Counted, to encoder: inout Writer) throws {
        var container = encoder.keyedContainer(archiveKeys)
        try container.encode(value.value, at: 0)
    }
    static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> Counted {
        viaGeneratedCode.withLock { $0 += 1 }
        let container = try decoder.keyedContainer(archiveKeys)
        return Counted(value: try container.decode(Int.self, at: 0))
    }
}

@Suite struct ArchivePathTests {
    @Test func textRoundTrips() throws {
        let paths: [ArchivePath] = [[], ["a"], ["documents", 3, "title"], ["two words", "a.b", "", "q\"uote", "back\\slash", "tab\t"],
                                    [0, 1], ["é", "😀", "line\nbreak", "\u{1}"], ["7", "-3"]]
        for path in paths {
            #expect(try ArchivePath(parsing: path.description) == path, "\(path)")
        }
        #expect(ArchivePath().description == ".")
        #expect(ArchivePath(["documents", 3, "title"]).description == "documents[3].title")
        #expect(ArchivePath(["a b", 0]).description == "[\"a b\"][0]")
    }

    @Test func textIsRead() throws {
        #expect(try ArchivePath(parsing: "") == [])
        #expect(try ArchivePath(parsing: ".") == [])
        #expect(try ArchivePath(parsing: ".settings.theme") == ["settings", "theme"])
        #expect(try ArchivePath(parsing: "[2][0]") == [2, 0])
        #expect(try ArchivePath(parsing: "a[\"b.c\"].d") == ["a", "b.c", "d"])
        #expect(try ArchivePath(parsing: "[\"\\u00e9\\ud83d\\ude00\\n\"]") == ["é😀\n"])
    }

    @Test func badTextSaysWhere() {
        let cases: [(String, Int)] = [("a..b", 2), ("a.", 2), ("[", 1), ("[x]", 1), ("[3", 2), ("a b", 1), ("a]", 1),
                                      ("[\"open", 1), ("[\"\\q\"]", 2), ("[\"\\ud800\"]", 2), ("a[1]b", 4), ("[-1]", 1)]
        for (text, offset) in cases {
            #expect(throws: ArchivePathSyntaxError.self, "\(text)") { try ArchivePath(parsing: text) }
            do { _ = try ArchivePath(parsing: text) } catch { #expect(error.offset == offset, "\(text): \(error)") }
        }
    }

    /// `[*]` is `karchive get`'s: in code a path names one value, so there it is a syntax error.
    @Test func wildcardsSplitAToolsPathIntoSegments() throws {
        #expect(try ArchivePath.segments(parsing: "documents[*].id") == [["documents"], ["id"]])
        #expect(try ArchivePath.segments(parsing: "[*][*]") == [[], [], []])
        #expect(try ArchivePath.segments(parsing: "a[*][2][*][\"b c\"]") == [["a"], [2], ["b c"]])
        #expect(try ArchivePath.segments(parsing: "settings.theme") == [["settings", "theme"]])
        #expect(try ArchivePath.segments(parsing: ".") == [[]])
        #expect(throws: ArchivePathSyntaxError.self) { try ArchivePath.segments(parsing: "a[*]b") }
        #expect(throws: ArchivePathSyntaxError.self) { try ArchivePath.segments(parsing: "a[*") }
        #expect(throws: ArchivePathSyntaxError.self) { try ArchivePath(parsing: "documents[*].id") }
        do { _ = try ArchivePath(parsing: "documents[*].id") } catch { #expect(error.offset == 10, "\(error)") }
    }

    @Test func aCodingPathBecomesAPath() {
        enum Keys: Int, CodingKey { case a = 4 }
        let path = ArchivePath(codingPath: [Keys.a, IndexKey(2)])
        #expect(path.components == [.key(stringValue: "a", intValue: 4), .key(stringValue: "Index 2", intValue: 2)])
        #expect(ArchivePath.Component.key(Keys.a) == .key(stringValue: "a", intValue: 4))
    }
}
