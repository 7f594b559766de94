import Foundation
@testable import KeyedArchive
import KeyedArchiveMacros
import Testing

// Declaration shapes whose generated schemas must still describe them: nested,
// recursive (through an array, an optional and a dictionary), and fields whose types are other
// annotated types, enums or plain Codable types.

/// Not annotated (`@ArchiveCodable` refuses generic types): named, with its argument.
struct SchemaBox<Value: Codable>: Codable {
    var value: Value
}

enum SchemaOuter {
    @ArchiveCodable
    struct Inner: Codable { var x: Int }
}

@ArchiveCodable
enum SchemaMode: String, Codable { case light, dark }

@ArchiveCodable
final class SchemaTreeNode: Codable {
    var label: String
    var children: [SchemaTreeNode]
    var parentLabel: String?
    init(label: String, children: [SchemaTreeNode]) { (self.label, self.children, self.parentLabel) = (label, children, nil) }
}

@ArchiveCodable
struct SchemaShelfV1: Codable, Equatable {
    var title: String
    var count: Int
}

@ArchiveCodable
struct SchemaShelfV2: Codable, Equatable {
    var title: String
    var count: String
}

@ArchiveCodable
struct SchemaLibraryV1: Codable, Equatable {
    var featured: SchemaShelfV1?
    var shelves: [String: SchemaShelfV1]
}

@ArchiveCodable
struct SchemaLibraryV2: Codable, Equatable {
    var featured: SchemaShelfV2?
    var shelves: [String: SchemaShelfV2]
}

@ArchiveCodable
struct SchemaFolder: Codable {
    var name: String
    var folders: [String: SchemaFolder] = [:]
    var inner: SchemaOuter.Inner
    var box: SchemaBox<Int>
    var mode: SchemaMode
    var tree: SchemaTreeNode?
}

@Suite struct GeneratedSchemaShapesTests {
    @Test func everyTypeReachedIsDescribedOnce() throws {
        let schema = SchemaFolder.archiveSchema
        #expect(schema.root == "SchemaFolder")
        #expect(Set(schema.types.keys) == ["SchemaFolder", "SchemaOuter.Inner", "SchemaTreeNode"])
        let folder = try #require(schema.types["SchemaFolder"]).fields
        #expect(folder.map(\.type) == [
            .scalar("String"), .dictionary(key: .scalar("String"), value: .type("SchemaFolder")), .type("SchemaOuter.Inner"),
            .other("SchemaBox<Int>"), .enumeration("SchemaMode", rawValue: .scalar("String"), cases: ["light", "dark"]),
            .optional(.type("SchemaTreeNode")),
        ])
        // A type that contains itself is described in full, once.
        #expect(schema.types["SchemaTreeNode"]?.fields.map(\.type) == [
            .scalar("String"), .array(.type("SchemaTreeNode")), .optional(.scalar("String")),
        ])
        #expect(schema.types["SchemaOuter.Inner"]?.fields.map(\.name) == ["x"])
        #expect(ArchiveSchema.breakingChanges(from: schema, to: schema).isEmpty)
        // The schema survives its JSON form (what `karchive compat` reads).
        let json = try JSONEncoder().encode(schema)
        #expect(try JSONDecoder().decode(ArchiveSchema.self, from: json) == schema)
    }

    @Test func aChangeInsideANestedTypeIsFoundWhereverItIsReached() throws {
        let changes = ArchiveSchema.breakingChanges(from: SchemaLibraryV1.archiveSchema, to: SchemaLibraryV2.archiveSchema)
        #expect(!changes.isEmpty)
        #expect(changes.allSatisfy { $0.kind == .typeChanged })
        #expect(changes.contains { $0.path.hasSuffix("count") })
        // What the check says is what happens.
        let old = SchemaLibraryV1(featured: SchemaShelfV1(title: "a", count: 1), shelves: ["b": SchemaShelfV1(title: "b", count: 2)])
        #expect(throws: DecodingError.self) { try ArchiveDecoder().decode(SchemaLibraryV2.self, from: ArchiveEncoder().encode(old)) }
    }

    @Test func namesLeaveModulesOut() {
        // `Date` is `FoundationEssentials.Date` on Linux and `Foundation.Date` on macOS: names
        // must not depend on it, nor on the test module's name.
        #expect(ArchiveSchemaBuilder.name(of: SchemaBox<Date>.self) == "SchemaBox<Date>")
        #expect(ArchiveSchemaBuilder.name(of: [String: SchemaOuter.Inner].self) == "Dictionary<String, SchemaOuter.Inner>")
        #expect(ArchiveSchemaBuilder.name(of: SchemaBox<[SchemaBox<Int?>]>.self) == "SchemaBox<Array<SchemaBox<Optional<Int>>>>")
        #expect(ArchiveSchemaBuilder.name(of: SchemaOuter.Inner.self) == "SchemaOuter.Inner")
        #expect(ArchiveSchemaBuilder.name(of: Int.self) == "Int")
    }
}
