// The samples of KeyedArchive.docc/PersistingAppState.md, verbatim and in order, each followed
// by checks of what the article says about it.
import Foundation
import KeyedArchive
import Testing

@Suite("DocC: Persisting App State")
struct PersistingAppStateSamples {
    @Test func persistingAppState() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let directory = scratch.url

        struct AppSettings: Codable, Equatable {
            var theme: String = "system"
            var fontSize: Int = 13
            var recentDocuments: [URL] = []

            enum CodingKeys: Int, CodingKey {
                case theme = 1
                case fontSize = 2
                case recentDocuments = 3
            }
        }

        struct SettingsStore {
            let url: URL

            func load() throws -> AppSettings {
                do {
                    return try ArchiveDecoder().read(AppSettings.self, from: url)
                } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
                    return AppSettings()                    // first launch: the defaults
                }
            }

            func save(_ settings: AppSettings) throws {
                try ArchiveEncoder().write(settings, to: url)
            }
        }

        let store = SettingsStore(url: directory.appendingPathComponent("settings.karchive"))
        var settings = try store.load()
        settings.fontSize = 15
        settings.recentDocuments.append(URL(fileURLWithPath: "/tmp/notes.txt"))
        try store.save(settings)
        let reloaded = try store.load()
        // reloaded == settings

        #expect(reloaded == settings)
        #expect(reloaded.fontSize == 15)
        // The save left no temporary file behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["settings.karchive"])

        struct AppSettingsV2: Codable, Equatable {
            var theme: String = "system"
            var fontSize: Int = 13
            var showLineNumbers: Bool = true            // new in version 2

            enum CodingKeys: Int, CodingKey {
                case theme = 1
                case fontSize = 2
                // 3 was recentDocuments, removed in version 2: never reuse the number.
                case showLineNumbers = 4
            }

            init() {}

            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                theme = try container.decodeIfPresent(String.self, forKey: .theme) ?? "system"
                fontSize = try container.decodeIfPresent(Int.self, forKey: .fontSize) ?? 13
                showLineNumbers = try container.decodeIfPresent(Bool.self, forKey: .showLineNumbers) ?? true
            }
        }

        let version1File = try ArchiveEncoder().encode(AppSettings(theme: "dark", fontSize: 15))
        let upgraded = try ArchiveDecoder().decode(AppSettingsV2.self, from: version1File)
        // upgraded.theme == "dark", upgraded.fontSize == 15, upgraded.showLineNumbers == true

        #expect(upgraded.theme == "dark")
        #expect(upgraded.fontSize == 15)
        #expect(upgraded.showLineNumbers == true)

        let version2File = try ArchiveEncoder().encode(upgraded)
        var downgradeError: (any Error)?
        do {
            _ = try ArchiveDecoder().decode(AppSettings.self, from: version2File)
        } catch {
            downgradeError = error                      // keyNotFound: key 3 (recentDocuments)
        }

        guard case DecodingError.keyNotFound(let key, _)? = downgradeError else {
            Issue.record("expected keyNotFound, got \(String(describing: downgradeError))")
            return
        }
        #expect(key.intValue == 3)

        struct RenumberedSettings: Codable {
            var theme: String
            var fontSize: Int

            enum CodingKeys: Int, CodingKey {
                case fontSize = 1                        // was theme's number in version 1
                case theme = 2
            }
        }

        var renumberError: (any Error)?
        do {
            _ = try ArchiveDecoder().decode(RenumberedSettings.self, from: version1File)
        } catch {
            renumberError = error                       // typeMismatch: key 1 holds a String
        }

        guard case DecodingError.typeMismatch(_, let context)? = renumberError else {
            Issue.record("expected typeMismatch, got \(String(describing: renumberError))")
            return
        }
        #expect(context.codingPath.map(\.intValue) == [1])

        struct Library: Codable, Equatable {
            var shelves: [String: [String]]
            var loans: [Int: String]
        }

        var stableEncoder = ArchiveEncoder()
        stableEncoder.deterministic = true

        let library = Library(shelves: ["fiction": ["Dune"], "poetry": ["Odes"], "history": []],
                              loans: [42: "Ada", 7: "Grace"])
        let first = try stableEncoder.encode(library)
        let rebuilt = Library(shelves: ["history": [], "poetry": ["Odes"], "fiction": ["Dune"]],
                              loans: [7: "Grace", 42: "Ada"])
        // try stableEncoder.encode(rebuilt) == first, in this process and in any other

        #expect(try stableEncoder.encode(rebuilt) == first)
        #expect(try ArchiveDecoder().decode(Library.self, from: first) == library)
    }

    @Test func sharedObjects() throws {
        final class Person: Codable {
            var name: String
            init(name: String) { self.name = name }
        }

        struct Project: Codable {
            var owner: Person
            var reviewers: [Person]
        }

        let ada = Person(name: "Ada")
        let projects = [Project(owner: ada, reviewers: []), Project(owner: ada, reviewers: [ada])]

        var sharingEncoder = ArchiveEncoder()
        sharingEncoder.preservesObjectIdentity = true
        let archive = try sharingEncoder.encode(projects)

        let restored = try ArchiveDecoder().decode([Project].self, from: archive)
        restored[0].owner.name = "Ada Lovelace"
        // restored[1].owner and restored[1].reviewers[0] are the same instance: renamed too

        #expect(restored[1].owner.name == "Ada Lovelace" && restored[1].reviewers[0] === restored[0].owner)
        #expect(archive.count < (try ArchiveEncoder().encode(projects)).count)
    }
}
