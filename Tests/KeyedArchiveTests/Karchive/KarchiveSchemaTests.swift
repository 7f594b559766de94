import Foundation
import KeyedArchive
import Testing

/// `karchive schema` (a schema inferred from archives, or a schema file checked) and
/// `karchive compat OLD NEW`.
@Suite struct KarchiveSchemaTests {
    private struct Window: Codable { var width: Double; var title: String? }
    private struct SettingsV1: Codable { var theme: String; var window: Window; var sizes: [Int] }
    private struct SettingsV2: Codable { var theme: String; var window: Window; var sizes: [Int]; var fontSize: Int }
    private struct IntKeyed: Codable {
        var a: Int8
        var b: Bool
        enum CodingKeys: Int, CodingKey { case a = 1, b = 2 }
    }

    /// Writes each value as an archive file in `directory`; their paths.
    private func files<T: Encodable>(_ values: [T], named name: String, in directory: URL) throws -> [String] {
        try values.enumerated().map { index, value in
            let url = directory.appendingPathComponent("\(name)\(index).karchive")
            try ArchiveEncoder().write(value, to: url)
            return url.path
        }
    }

    private func schema(_ run: KarchiveRun) throws -> ArchiveSchema {
        try JSONDecoder().decode(ArchiveSchema.self, from: Data(run.output))
    }

    @Test func aSchemaInferredFromArchives() throws {
        try withTemporaryDirectory { directory in
            let paths = try files([SettingsV1(theme: "dark", window: Window(width: 1.5, title: "t"), sizes: [1, 300]),
                                   SettingsV1(theme: "light", window: Window(width: 2, title: nil), sizes: [])], named: "v1", in: directory)
            let run = karchive(["schema"] + paths)
            #expect(run.status == 0, "\(run.errors)")
            let schema = try schema(run)
            #expect(schema.root == "Root")
            let root = try #require(schema.types["Root"])
            #expect(root.fields.map(\.name) == ["theme", "window", "sizes"])
            #expect(root.fields.map(\.type) == [.scalar("String"), .type("Root.window"), .array(.scalar("Int64"))])
            // `title` was nil in one archive: optional.
            #expect(schema.types["Root.window"]?.fields.map(\.type) == [.scalar("Double"), .optional(.scalar("String"))])
        }
    }

    @Test func integerKeysAreInferredAsIntegers() throws {
        let run = karchive("schema", "-", input: try archiveBytes(IntKeyed(a: -3, b: true)))
        #expect(run.status == 0, "\(run.errors)")
        let fields = try schema(run).types["Root"]?.fields
        #expect(fields?.map(\.intKey) == [1, 2])
        #expect(fields?.map(\.type) == [.scalar("Int64"), .scalar("Bool")])
    }

    @Test func compatReportsWhatBreaks() throws {
        try withTemporaryDirectory { directory in
            let v1 = try files([SettingsV1(theme: "a", window: Window(width: 1, title: nil), sizes: [1])], named: "v1", in: directory)
            let v2 = try files([SettingsV2(theme: "a", window: Window(width: 1, title: nil), sizes: [1], fontSize: 14)], named: "v2", in: directory)
            let run = karchive("compat", v1.joined(separator: ","), v2.joined(separator: ","))
            #expect(run.status == 1)
            #expect(run.lines == ["Root.fontSize: fontSize: Int64 is required, and archives of the old type do not have it (breaks the new type reading old archives)"])
            // The other way round, the older version requires fontSize, which the newer one's
            // archives lack.
            #expect(karchive("compat", v2[0], v1[0]).status == 1)
            let same = karchive("compat", v1[0], v1[0])
            #expect(same.status == 0)
            #expect(same.lines == ["compatible"])
        }
    }

    @Test func aRootThatIsAnArrayIsComparedByItsElements() throws {
        try withTemporaryDirectory { directory in
            let v1 = try files([[SettingsV1(theme: "a", window: Window(width: 1, title: nil), sizes: [1])]], named: "v1", in: directory)
            let v2 = try files([[SettingsV2(theme: "a", window: Window(width: 1, title: nil), sizes: [1], fontSize: 14)]], named: "v2", in: directory)
            let inferred = try schema(karchive(["schema"] + v1))
            #expect(inferred.rootType == .array(.type("Root[]")))
            #expect(inferred.types["Root[]"]?.fields.map(\.name) == ["theme", "window", "sizes"])
            let run = karchive("compat", v1[0], v2[0])
            #expect(run.status == 1)
            #expect(run.lines == ["Root.fontSize: fontSize: Int64 is required, and archives of the old type do not have it (breaks the new type reading old archives)"])
            // An array of settings is not settings.
            let keyed = try files([SettingsV1(theme: "a", window: Window(width: 1, title: nil), sizes: [1])], named: "keyed", in: directory)
            let rootChanged = karchive("compat", v1[0], keyed[0])
            #expect(rootChanged.status == 1)
            #expect(rootChanged.lines.first?.hasPrefix("Root: the root, [Root[]], became Root") == true)
        }
    }

    @Test func schemaFilesInPlaceOfArchives() throws {
        try withTemporaryDirectory { directory in
            let v1 = try files([SettingsV1(theme: "a", window: Window(width: 1, title: nil), sizes: [1])], named: "v1", in: directory)
            // The inferred schema, given a default for the new field: then nothing breaks.
            var schema = try schema(karchive(["schema"] + v1))
            schema.types["Root"]!.fields.append(ArchiveFieldSchema(name: "fontSize", type: .scalar("Int"), hasDefault: true))
            let file = directory.appendingPathComponent("v2.json")
            try JSONEncoder().encode(schema).write(to: file)
            #expect(karchive("compat", v1[0], file.path).lines == ["compatible"])
            // `schema` prints a schema file back, checked.
            let printed = karchive("schema", file.path)
            #expect(printed.status == 0)
            #expect(try self.schema(printed) == schema)
        }
    }

    @Test func badInputIsOneErrorLine() throws {
        try withTemporaryDirectory { directory in
            let bad = directory.appendingPathComponent("bad.json")
            try Data("{\"root\": 1}".utf8).write(to: bad)
            let run = karchive("schema", bad.path)
            #expect(run.status == 1)
            #expect(run.errors.hasPrefix("error: \(bad.path) is not a schema"))
            #expect(karchive("schema", "-", input: [1, 2, 3]).status == 1)
        }
    }
}
