// The samples of KeyedArchive.docc/ReadingPartOfAnArchive.md, verbatim and in order, each
// followed by checks of what the article says about it.
import Foundation
import KarchiveCommands
import KeyedArchive
import Testing

@Suite("DocC: Reading Part of an Archive")
struct ReadingPartOfAnArchiveSamples {
    struct Store: Codable, Equatable {
        struct Settings: Codable, Equatable {
            var theme: String
            var fontSize: Int
        }
        struct Document: Codable, Equatable {
            var id: Int
            var title: String
        }
        var settings: Settings
        var documents: [Document]
    }

    @Test func readingPartOfAnArchive() throws {
        let store = Store(
            settings: Store.Settings(theme: "dark", fontSize: 13),
            documents: [Store.Document(id: 7, title: "Notes"), Store.Document(id: 9, title: "Plans")])
        let data = try ArchiveEncoder().encode(store)

        let decoder = ArchiveDecoder()
        let theme = try decoder.decode(String.self, at: ["settings", "theme"], from: data)
        let second = try decoder.decode(Store.Document.self, at: ["documents", 1], from: data)
        #expect(theme == "dark")
        #expect(second == store.documents[1])

        struct Doc: Codable {
            var id: Int
            var title: String
            enum CodingKeys: Int, CodingKey { case id = 1, title = 2 }
        }
        let doc = try ArchiveEncoder().encode(Doc(id: 7, title: "Notes"))
        let docTitle = try decoder.decode(String.self, at: [.key(Doc.CodingKeys.title)], from: doc)   // "Notes"
        #expect(docTitle == "Notes")
        #expect(try decoder.containsValue(at: [.key(Doc.CodingKeys.id)], in: doc))

        let path = try ArchivePath(parsing: "documents[1].title")
        let title = try decoder.decode(String.self, at: path, from: data)   // "Plans"
        #expect(title == "Plans")

        let hasSettings = try decoder.containsValue(at: ["settings"], in: data)   // true
        let keys = try decoder.keys(at: ["settings"], in: data)                    // ["theme", "fontSize"]
        let count = try decoder.count(at: ["documents"], in: data)                 // 2
        #expect(hasSettings)
        #expect(keys == ["theme", "fontSize"])
        #expect(count == 2)

        let ids = try decoder.decode(Int.self, at: ["id"], ofEachElementAt: ["documents"], from: data)   // [7, 9]
        #expect(ids == [7, 9])

        // "For an optional type, an element (or a path) that leads to no value reads as nil."
        #expect(try decoder.decode(String?.self, at: ["subtitle"], ofEachElementAt: ["documents"], from: data) == [nil, nil])
        #expect(try decoder.decode(Int?.self, at: ["documents", 5, "id"], from: data) == nil)

        // "a missing key is a keyNotFound whose codingPath names the container it was looked up in"
        do {
            _ = try decoder.decode(String.self, at: ["settings", "colour"], from: data)
            Issue.record("a missing key was found")
        } catch DecodingError.keyNotFound(let key, let context) {
            #expect(key.stringValue == "colour")
            #expect(context.codingPath.map(\.stringValue) == ["settings"])
        }

        // The checksum: verified by default, skipped on request.
        var encoder = ArchiveEncoder()
        encoder.checksum = .crc32
        var damaged = [UInt8](try encoder.encode(store))
        let at = try #require(damaged.indices.first { damaged[$0...].starts(with: Array("Plans".utf8)) })
        damaged[at] = UInt8(ascii: "Q")
        #expect(throws: DecodingError.self) { try decoder.decode(String.self, at: path, from: damaged) }
        var trusting = decoder
        trusting.verifiesChecksumInPartialReads = false
        #expect(try trusting.decode(String.self, at: path, from: damaged) == "Qlans")
    }

    /// The article's `karchive get` session, command by command, on the sample store: each
    /// command's output, and exit status 0.
    @Test func commandLineSession() throws {
        let store = Store(
            settings: Store.Settings(theme: "dark", fontSize: 13),
            documents: [Store.Document(id: 7, title: "Notes"), Store.Document(id: 9, title: "Plans")])
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = scratch.url.appendingPathComponent("store.karc")
        try ArchiveEncoder().encode(store).write(to: file)
        let commands = try DocumentSamples.shellSession(in: "\(DocumentSamples.catalog)/ReadingPartOfAnArchive.md", containing: "karchive get")
        #expect(commands.count == 2)
        for command in commands {
            // The shell's quotes go; the file is the one written here.
            let arguments = command.arguments.dropFirst().map { $0 == "store.karc" ? file.path : $0.replacingOccurrences(of: "'", with: "") }
            let io = CommandIO.capturing()
            let status = Karchive.run(Array(arguments), io: io)
            #expect(String(decoding: io.output, as: UTF8.self) == command.output.map { $0 + "\n" }.joined(), "\(command.arguments)")
            #expect(status == 0, "\(command.arguments): \(io.errors)")
        }
    }
}
