import Foundation
@testable import KeyedArchive
import KeyedArchiveMacros
import Testing

/// The schemas `@ArchiveCodable` types expose (`archiveSchema`), and the check on them.
@Suite struct GeneratedSchemaTests {
    @Test func aTypesSchemaListsItsFields() throws {
        let schema = ProfileV2.archiveSchema
        #expect(schema.root == "ProfileV2")
        let fields = try #require(schema.types["ProfileV2"]).fields
        #expect(fields.map(\.name) == ["name", "color", "brightness", "fontSize", "nickname", "note", "tags", "version"])
        #expect(fields.map(\.type) == [.scalar("String"), .scalar("String"), .scalar("Int"), .scalar("Int"),
                                       .optional(.scalar("String")), .optional(.scalar("String")), .array(.scalar("String")), .scalar("Int")])
        #expect(fields.map(\.hasDefault) == [false, true, false, true, true, false, true, true])
        #expect(fields[1].aliases == ["colour"] && fields[2].aliases == ["tone", "shade"])
        // Integer keys, nested types.
        #expect(ProfileClass.archiveSchema.types["ProfileClass"]?.fields.map(\.intKey) == [1, 2, 3])
        let document = DocumentV3.archiveSchema
        // A nested type without the macro is named, and compared by name.
        #expect(document.types["DocumentV3"]?.fields.first { $0.name == "margins" }?.type == .other("DocumentV3.Margins"))
        #expect(document.types["DocumentV3"]?.fields.first { $0.name == "id" }?.type == .scalar("UUID"))
        #expect(DocumentV1.archiveSchema.types["DocumentV1"]?.keepsUnknownFields == true)
    }

    @Test func theCheckOnGeneratedSchemas() {
        // Version 2 reads version 1 (aliases, defaults); version 1 cannot read version 2's
        // renamed fields, which it requires.
        let changes = ArchiveSchema.breakingChanges(from: ProfileV1.archiveSchema, to: ProfileV2.archiveSchema)
        #expect(Set(changes.map(\.kind)) == [.removedRequired])
        #expect(Set(changes.map(\.path)) == ["ProfileV2.colour", "ProfileV2.shade"])
        #expect(ArchiveSchema.breakingChanges(from: ProfileV2.archiveSchema, to: ProfileV2.archiveSchema).isEmpty)
    }
}

/// `Encodable` only, with unknown fields (it never fills them): it compiles, with the
/// `CodingKeys` the macro declares without the property.
@ArchiveCodable
struct WriteOnlyWithUnknownFields: Encodable {
    var a: Int
    var unknownFields = ArchiveUnknownFields()
}

extension GeneratedSchemaTests {
    @Test func anEncodableOnlyTypeWithUnknownFields() throws {
        struct Plain: Encodable { var a: Int }
        #expect(try ArchiveEncoder().encode(WriteOnlyWithUnknownFields(a: 3)) == ArchiveEncoder().encode(Plain(a: 3)))
        #expect(WriteOnlyWithUnknownFields.archiveSchema.types["WriteOnlyWithUnknownFields"]?.fields.map(\.name) == ["a"])
    }
}
