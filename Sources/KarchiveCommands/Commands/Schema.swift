import ArgumentParser
import Foundation
import KeyedArchive

/// `karchive schema FILE...`
struct Schema: KarchiveCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the schema of archives, or of a schema file, as JSON.",
        discussion: """
            With archives, infers the schema of the type that wrote them from their values: each \
            keyed container is a type, named by where it stands (Root, Root.window, Root.items[]); \
            a root that is not one is given by its type, rootType (an array of Root[], say); \
            a field every instance holds, never nil, is required, any other optional; scalars are \
            named by their tags, integers by the narrowest of Int64, UInt64, Int128, UInt128 that \
            holds every value seen. More archives make a better guess. An archive cannot show \
            defaults or aliases: give a schema file for those. With a schema file (JSON, as this \
            command prints it), prints it again, checked. The JSON is ArchiveSchema's Codable form, \
            with sorted keys, without what is the default (no aliases, no default, a string key \
            that is the name).
            """
    )

    @Argument(help: "Archives of one type, or one schema file (.json).")
    var files: [String]

    func run(io: CommandIO) throws -> Int32 {
        let schema = try Self.load(files, io: io)
        io.write(String(decoding: try schema.jsonData(), as: UTF8.self))
        return 0
    }

    /// The schema `files` describe: one schema file, or archives to infer it from.
    static func load(_ files: [String], io: CommandIO) throws(CommandFailure) -> ArchiveSchema {
        guard !files.isEmpty else { throw CommandFailure("no archive or schema file given") }
        var inference = SchemaInference()
        for file in files {
            let bytes = try io.readInput(file)
            // A schema file is JSON: an object, so it starts with "{" (archives start with "KARC").
            if bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) == UInt8(ascii: "{") {
                guard files.count == 1 else { throw CommandFailure("\(file): a schema file stands alone, without archives") }
                do { return try JSONDecoder().decode(ArchiveSchema.self, from: Data(bytes)) } catch {
                    throw CommandFailure("\(file) is not a schema: \(error)")
                }
            }
            do {
                let archive = try InspectedArchive(bytes)
                var builder = SeenValueBuilder()
                try archive.walk(&builder)
                inference.add(builder.result)
            } catch {
                throw CommandFailure("\(file): \(error)")
            }
        }
        return inference.schema()
    }
}

/// `karchive compat OLD NEW`
struct Compat: KarchiveCommand {
    static let configuration = CommandConfiguration(
        abstract: "Report every change from OLD to NEW that breaks reading one's archives with the other.",
        discussion: """
            OLD and NEW are schema files (JSON, as `karchive schema` prints them) or archives, \
            whose schema is inferred (see `karchive schema`); give several archives of a version \
            separated by commas. Prints one line per breaking change, "<path>: <what changed> \
            (breaks <which reading>)" (a required field added, a required field removed, a type \
            whose values no longer read, an integer key reused for another field, a key that \
            changed form or number, a key whose integer and name find two entries, an enum case \
            added or removed), and exits 1; prints "compatible" and exits 0 when each version \
            reads the other's archives. Compare declared schemas (ArchiveCompatibility.saveSchema \
            writes a type's archiveSchema to a file) with declared ones: an archive cannot show \
            defaults, aliases, enum cases or declared integer widths, so a field added with a \
            default reads as required in a schema inferred from archives.
            """
    )

    @Argument(help: "The old version: a schema file, or archives separated by commas.")
    var old: String
    @Argument(help: "The new version: a schema file, or archives separated by commas.")
    var new: String

    func run(io: CommandIO) throws -> Int32 {
        let old = try Schema.load(old.split(separator: ",").map(String.init), io: io)
        let new = try Schema.load(new.split(separator: ",").map(String.init), io: io)
        let changes = ArchiveSchema.breakingChanges(from: old, to: new)
        guard !changes.isEmpty else {
            io.write("compatible\n")
            return 0
        }
        for change in changes { io.write("\(change.path): \(change.detail) (\(change.direction.phrase))\n") }
        return 1
    }
}
