// The samples of KeyedArchive.docc/EvolvingYourTypes.md, verbatim and in order, each followed by
// checks of what the article says about it. The annotated types are at file scope: an
// extension macro cannot attach to a local type.
import Foundation
import KeyedArchive
import KeyedArchiveMacros
import KarchiveCommands
import Testing

@ArchiveCodable
struct SettingsV1: Codable, Equatable {
    var theme: String
    var colour: String
}

@ArchiveCodable(defaultsForMissingKeys: true)
struct SettingsV2: Codable, Equatable {
    var theme: String
    @ArchiveAlias("colour") var color: String
    var fontSize = 14
    var unknownFields = ArchiveUnknownFields()
}

enum DefaultFontSize: ArchiveDefaultValue {
    static var defaultValue: Int { 14 }
}

struct PlainSettings: Codable {
    var theme: String
    @ArchiveDefault<DefaultFontSize> var fontSize = DefaultFontSize.defaultValue
}

@ArchiveCodable(defaultsForMissingKeys: true)
struct SettingsV3: Codable, Equatable {
    var theme: String
    @ArchiveAlias("colour") var color: String
    var fontSize = 14
    var sidebarWidth = 240.0
    var unknownFields = ArchiveUnknownFields()
}

@Suite("DocC: Evolving Your Types")
struct EvolvingYourTypesSamples {
    @Test func version2ReadsVersion1() throws {
        let saved = try ArchiveEncoder().encode(SettingsV1(theme: "dark", colour: "teal"))
        let settings = try ArchiveDecoder().decode(SettingsV2.self, from: saved)
        // settings.color == "teal", settings.fontSize == 14

        #expect(settings.color == "teal")
        #expect(settings.fontSize == 14)
        // "so JSONDecoder and PropertyListDecoder apply the defaults and aliases too"
        let json = try JSONDecoder().decode(SettingsV2.self, from: JSONEncoder().encode(SettingsV1(theme: "dark", colour: "teal")))
        #expect(json.color == "teal" && json.fontSize == 14)
        let plist = try PropertyListDecoder().decode(SettingsV2.self, from: PropertyListEncoder().encode(SettingsV1(theme: "dark", colour: "teal")))
        #expect(plist.color == "teal" && plist.fontSize == 14)
    }

    @Test func aPlainCodableTypeWithTheWrapper() throws {
        struct Old: Codable { var theme: String }
        for (data, decode) in [
            (try ArchiveEncoder().encode(Old(theme: "dark")), { try ArchiveDecoder().decode(PlainSettings.self, from: $0) }),
            (try JSONEncoder().encode(Old(theme: "dark")), { try JSONDecoder().decode(PlainSettings.self, from: $0) }),
        ] as [(Data, (Data) throws -> PlainSettings)] {
            #expect(try decode(data).fontSize == 14)
        }
        // "writes the bare value's bytes"
        struct Bare: Codable { var theme: String; var fontSize: Int }
        #expect(try ArchiveEncoder().encode(PlainSettings(theme: "t", fontSize: 9)) == ArchiveEncoder().encode(Bare(theme: "t", fontSize: 9)))
    }

    @Test func version2KeepsVersion3sFields() throws {
        let newer = try ArchiveEncoder().encode(SettingsV3(theme: "dark", color: "teal", fontSize: 16, sidebarWidth: 300))
        var older = try ArchiveDecoder().decode(SettingsV2.self, from: newer)
        older.theme = "light"
        let resaved = try ArchiveEncoder().encode(older)
        let reopened = try ArchiveDecoder().decode(SettingsV3.self, from: resaved)
        // reopened.sidebarWidth == 300: version 2 kept it

        #expect(reopened.sidebarWidth == 300)
        #expect(reopened.theme == "light")
        // "Had version 2 changed nothing, resaved would be newer, byte for byte"
        #expect(try ArchiveEncoder().encode(ArchiveDecoder().decode(SettingsV2.self, from: newer)) == newer)

        // "An entry under a name a property had is read into the property and never kept"
        let fromVersion1 = try ArchiveDecoder().decode(SettingsV2.self, from: ArchiveEncoder().encode(SettingsV1(theme: "dark", colour: "teal")))
        #expect(fromVersion1.unknownFields.isEmpty && fromVersion1.color == "teal")
        // "every entry is written, except one whose key that type has a property for"
        var moved = SettingsV3(theme: "t", color: "c", sidebarWidth: 100)
        moved.unknownFields = older.unknownFields
        #expect(try ArchiveDecoder().decode(SettingsV3.self, from: ArchiveEncoder().encode(moved)).sidebarWidth == 100)

        #expect(older.unknownFields.contains("sidebarWidth"))
        let width = try older.unknownFields.decode(Double.self, forKey: "sidebarWidth")
        older.unknownFields.removeValue(forKey: "sidebarWidth")
        // width == 300

        #expect(width == 300)
        #expect(older.unknownFields.isEmpty)
        #expect(try ArchiveDecoder().decode(SettingsV3.self, from: newer).sidebarWidth == 300)
    }

    @Test func samplesPerRelease() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let samples = scratch.url.appendingPathComponent("SettingsSamples")
        try ArchiveCompatibility.saveSample(SettingsV2(theme: "dark", color: "teal"), version: "2.0", in: samples)

        try ArchiveCompatibility.saveSample(SettingsV3(theme: "dark", color: "teal"), version: "3.0", in: samples)
        let problems = try ArchiveCompatibility.problems(reading: SettingsV3.self, samplesIn: samples)
        // problems.isEmpty

        #expect(problems.isEmpty)
        #expect(FileManager.default.fileExists(atPath: samples.appendingPathComponent("3.0.karchive").path))
        // Version 1's file too (its colour read through the alias, the rest defaults).
        try ArchiveCompatibility.saveSample(SettingsV1(theme: "dark", colour: "teal"), version: "1.0", in: samples)
        #expect(try ArchiveCompatibility.problems(reading: SettingsV3.self, samplesIn: samples).isEmpty)
    }

    @Test func schemasAndTheirBreakingChanges() {
        let old = ArchiveSchema(root: "Settings", types: ["Settings": ArchiveTypeSchema(fields: [
            ArchiveFieldSchema(name: "theme", type: .scalar("String")),
        ])])
        var new = old
        new.types["Settings"]!.fields.append(ArchiveFieldSchema(name: "fontSize", type: .scalar("Int")))
        let changes = ArchiveSchema.breakingChanges(from: old, to: new)
        // Settings.fontSize: fontSize: Int is required, and archives of the old type do not have it

        #expect(changes.map(\.description) == ["Settings.fontSize: fontSize: Int is required, and archives of the old type do not have it"])
    }

    @Test func declaredSchemasPerRelease() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let schemas = scratch.url.appendingPathComponent("schemas")
        try ArchiveCompatibility.saveSchema(of: SettingsV1.self, version: "1.0", in: schemas)
        try ArchiveCompatibility.saveSchema(of: SettingsV2.self, version: "2.0", in: schemas)
        try ArchiveCompatibility.saveSchema(of: SettingsV3.self, version: "3.0", in: schemas)
        let schemaProblems = try ArchiveCompatibility.problems(schemaOf: SettingsV3.self, schemasIn: schemas,
                                                               breaking: [.newReadingOld, .both])
        // schemaProblems.isEmpty: version 3 reads every earlier version's archives

        #expect(schemaProblems.isEmpty)
        // "Leave out breaking: to hear about both directions: here, that version 1 cannot read the renamed color"
        let both = try ArchiveCompatibility.problems(schemaOf: SettingsV3.self, schemasIn: schemas)
        #expect(both.map(\.sample) == ["1.0.schema.json"])
        #expect(both.first?.detail.contains("breaks the old type reading new archives") == true)
        // The saved files are what `archiveSchema` says.
        #expect(try ArchiveSchema(contentsOf: schemas.appendingPathComponent("2.0.schema.json")) == SettingsV2.archiveSchema)
        // A directory without schemas is a problem.
        #expect(try ArchiveCompatibility.problems(schemaOf: SettingsV3.self, schemasIn: scratch.url).count == 1)

        // The article's `karchive` session, run command by command in the directory that holds
        // `schemas/`: each command's output and exit status (1 when it prints a change).
        let commands = try DocumentSamples.shellSession(in: "\(DocumentSamples.catalog)/EvolvingYourTypes.md", containing: "karchive compat")
        #expect(commands.count == 2)
        for command in commands {
            let arguments = command.arguments.dropFirst().map { $0.hasPrefix("schemas/") ? scratch.url.appendingPathComponent($0).path : $0 }
            let io = CommandIO.capturing()
            let status = Karchive.run(Array(arguments), io: io)
            #expect(String(decoding: io.output, as: UTF8.self) == command.output.map { $0 + "\n" }.joined(), "\(command.arguments)")
            #expect(status == (command.output == ["compatible"] ? 0 : 1), "\(command.arguments)")
        }
    }

    @Test func generatedSchemas() {
        let releaseChanges = ArchiveSchema.breakingChanges(from: SettingsV2.archiveSchema, to: SettingsV3.archiveSchema)
        // releaseChanges.isEmpty: version 3 adds a field with a default

        #expect(releaseChanges.isEmpty)
        #expect(SettingsV3.archiveSchema.types["SettingsV3"]?.fields.first { $0.name == "sidebarWidth" }?.type == .scalar("Double"))
        // And the other way, version 1 cannot read version 2's renamed colour.
        #expect(ArchiveSchema.breakingChanges(from: SettingsV1.archiveSchema, to: SettingsV2.archiveSchema).map(\.kind) == [.renamed])
    }
}
