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
        #expect(Set(changes.map(\.kind)) == [.renamed])
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

/// Properties named by keywords and contextual keywords, as `Codable` accepts them
/// (issue 45, finding 6: `Type` broke the generated schema's key path).
@ArchiveCodable
struct KeywordNamedFields: Codable, Equatable {
    var `Type`: Int
    var `self`: String
    var `default`: Double
    var `init`: Int
    var `protocol`: Bool
    var `Protocol`: Int
    var `Self`: [Int]
    var `class`: String?
    var `Any`: Int8
}

extension GeneratedSchemaTests {
    @Test func keywordNamedFieldsCompileAndAreNamedWithoutBackticks() throws {
        let value = KeywordNamedFields(Type: 1, self: "s", default: 2.5, init: 3, protocol: true, Protocol: 4, Self: [5], class: "c", Any: -6)
        // The generated code writes the synthesized conformance's bytes, and reads them back.
        let archive = try ArchiveEncoder().encode(value)
        for decoder in UnknownFieldsTests.decoders() {
            #expect(try decoder.decode(KeywordNamedFields.self, from: archive) == value)
        }
        let json = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(value)) as? [String: Any])
        let names = ["Type", "self", "default", "init", "protocol", "Protocol", "Self", "class", "Any"]
        #expect(Set(json.keys) == Set(names))
        let fields = try #require(KeywordNamedFields.archiveSchema.types["KeywordNamedFields"]).fields
        #expect(fields.map(\.name) == names)
        #expect(fields.map(\.stringKey) == names)
        #expect(fields.map(\.type.description) == ["Int", "String", "Double", "Int", "Bool", "Int", "[Int]", "String?", "Int8"])
    }
}

/// Enums with raw values in generated schemas (issue 45, finding 5): an `@ArchiveCodable` enum
/// lists its cases, a `CaseIterable` one too, any other is named.
@ArchiveCodable
enum PaperSizeV1: String, Codable { case a4, letter = "US-LETTER" }

@ArchiveCodable
enum PaperSizeV2: String, Codable { case a4, letter = "US-LETTER", a5 }

enum Copies: Int, Codable, CaseIterable { case one = 1, two, ten = 10 }

enum Tray: String, Codable { case upper, lower }

@ArchiveCodable
struct PrintJobV1: Codable, Equatable {
    var paper: PaperSizeV1
    var copies: Copies?
    var tray: Tray
}

@ArchiveCodable
struct PrintJobV2: Codable, Equatable {
    var paper: PaperSizeV2
    var copies: Copies?
    var tray: Tray
}

extension GeneratedSchemaTests {
    @Test func enumsListTheirCases() throws {
        let fields = try #require(PrintJobV1.archiveSchema.types["PrintJobV1"]).fields
        #expect(fields.map(\.type) == [
            .enumeration("PaperSizeV1", rawValue: .scalar("String"), cases: ["a4", "US-LETTER"]),
            .optional(.enumeration("Copies", rawValue: .scalar("Int"), cases: ["1", "2", "10"])),
            .other("Tray"),
        ])
    }

    @Test func aCaseAddedIsFoundAndIsWhatBreaks() throws {
        let changes = ArchiveSchema.breakingChanges(from: PrintJobV1.archiveSchema, to: PrintJobV2.archiveSchema)
        #expect(changes.map(\.kind) == [.caseAdded])
        #expect(changes.map(\.direction) == [.oldReadingNew])
        #expect(changes.first?.path == "PrintJobV2.paper")
        // What the check says, decoding does: version 1 reads version 2's archives until one
        // holds the new case.
        let common = try ArchiveEncoder().encode(PrintJobV2(paper: .letter, copies: .ten, tray: .lower))
        #expect(try ArchiveDecoder().decode(PrintJobV1.self, from: common) == PrintJobV1(paper: .letter, copies: .ten, tray: .lower))
        let newCase = try ArchiveEncoder().encode(PrintJobV2(paper: .a5, copies: nil, tray: .upper))
        #expect(throws: DecodingError.self) { try ArchiveDecoder().decode(PrintJobV1.self, from: newCase) }
        // The other way, a removed case.
        #expect(ArchiveSchema.breakingChanges(from: PrintJobV2.archiveSchema, to: PrintJobV1.archiveSchema).map(\.kind) == [.caseRemoved])
    }
}

/// Raw values of cases named by keywords, and an enum with a case inside `#if`, whose cases the
/// macro cannot know: named, as any other type.
@ArchiveCodable
enum KeywordCases: String, Codable { case `default`, `Type`, `self`, plain = "PLAIN" }

@ArchiveCodable
enum ConditionalCases: String, Codable {
    case always
    #if DEBUG
    case debugOnly
    #endif
}

@ArchiveCodable
struct HoldsTrickyEnums: Codable, Equatable {
    var keyword: KeywordCases
    var conditional: ConditionalCases
}

extension GeneratedSchemaTests {
    @Test func enumCasesNamedByKeywordsAndCasesInsideIf() throws {
        let fields = try #require(HoldsTrickyEnums.archiveSchema.types["HoldsTrickyEnums"]).fields
        #expect(fields.map(\.type) == [
            .enumeration("KeywordCases", rawValue: .scalar("String"), cases: ["default", "Type", "self", "PLAIN"]),
            .other("ConditionalCases"),
        ])
        let value = HoldsTrickyEnums(keyword: .`Type`, conditional: .always)
        #expect(try ArchiveDecoder().decode(HoldsTrickyEnums.self, from: ArchiveEncoder().encode(value)) == value)
    }
}
