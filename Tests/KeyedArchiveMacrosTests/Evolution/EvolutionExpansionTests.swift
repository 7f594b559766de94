import KeyedArchiveMacrosPlugin
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// What `@ArchiveCodable(defaultsForMissingKeys:)` and `@ArchiveAlias` add to the expansion,
/// and what they refuse.
extension ArchiveCodableExpansionTests {
    /// Both paths read a property with an alias or a default the same way: the generated code
    /// by position, the `init(from:)` that replaces the synthesized one by `CodingKeys`.
    @Test func aliasesAndDefaultsInAStruct() {
        expand("""
            @ArchiveCodable(defaultsForMissingKeys: true)
            public struct Settings: Codable {
                var name: String
                @ArchiveAlias("colour") var color = "blue"
                @ArchiveAlias("tone", "shade") var level: Int
                var size = 14
                let version = 2
            }
            """, """
            public struct Settings: Codable {
                var name: String
                var color = "blue"
                var level: Int
                var size = 14
                let version = 2
            }

            extension Settings: KeyedArchive.ArchiveDirectEncodable, KeyedArchive.ArchiveDirectDecodable {
                // @ArchiveCodable: one key per stored property. A CodingKeys declared in an extension needs a case for each; to leave one out, declare CodingKeys in the type's body.
                static let _archiveKeys = KeyedArchive.ArchiveKeySet([CodingKeys.name, CodingKeys.color, CodingKeys.level, CodingKeys.size, CodingKeys.version], aliases: _archiveAliasKeys, aliasesOfKeys: [[], [0], [1, 2], [], []])
                static let _archiveAliasKeys = KeyedArchive.ArchiveKeySet([KeyedArchive.ArchiveAliasKey("colour"), KeyedArchive.ArchiveAliasKey("tone"), KeyedArchive.ArchiveAliasKey("shade")])
                public static func _archiveEncode<Writer: KeyedArchive.ArchiveWriter>(_ value: Settings, to encoder: inout Writer) throws {
                    var container = encoder.keyedContainer(_archiveKeys)
                    try container.encode(value.name, at: 0)
                    try container.encode(value.color, at: 1)
                    try container.encode(value.level, at: 2)
                    try container.encode(value.size, at: 3)
                    try container.encode(value.version, at: 4)
                }
                public static func _archiveEncodeMessage(_ value: Settings, to encoder: inout KeyedArchive.ArchiveMessageEncoder) throws {
                    try _archiveEncode(value, to: &encoder)
                }
                public static var _archiveCanEncode: Bool {
                    _archiveKeys.isInDeclarationOrder
                }
                public static func _archiveDecode<Reader: KeyedArchive.ArchiveReader>(from decoder: inout Reader) throws -> Settings {
                    try Settings(_archiveFrom: decoder.keyedContainer(_archiveKeys))
                }
                public static func _archiveDecodeMessage(from decoder: inout KeyedArchive.ArchiveMessageDecoder) throws -> Settings {
                    try _archiveDecode(from: &decoder)
                }
                public static var _archiveCanDecode: Bool {
                    _archiveKeys.isInDeclarationOrder
                }
                private init<Container: KeyedArchive.ArchiveKeyedReader>(_archiveFrom container: Container) throws {
                    let aliases = container.withKeys(Settings._archiveAliasKeys)
                    var field0 = container.unreadField { (value: Settings) in
                        value.name
                    }
                    var field1 = container.unreadField { (value: Settings) in
                        value.color
                    }
                    var field2 = container.unreadField { (value: Settings) in
                        value.level
                    }
                    var field3 = container.unreadField { (value: Settings) in
                        value.size
                    }
                    while let key = try container.nextKey() {
                        switch key {
                        case 0:
                            field0 = try .some(container.decode(at: 0))
                        case 1:
                            field1 = try .some(container.decode(at: 1))
                        case 5:
                            field1 = try .some(container.decode(at: 5))
                        case 2:
                            field2 = try .some(container.decode(at: 2))
                        case 6:
                            field2 = try .some(container.decode(at: 6))
                        case 7:
                            field2 = try .some(container.decode(at: 7))
                        case 3:
                            field3 = try .some(container.decode(at: 3))
                        default:
                            try container.skipEntry()
                        }
                    }
                    self.name = try field0 ?? container.decode(at: 0)
                    if let value = field1 {
                        self.color = value
                    } else if container.contains(1) {
                        self.color = try container.decode(at: 1)
                    } else if aliases.contains(0) {
                        self.color = try aliases.decode(at: 0)
                    } else {
                        try container.decode(at: 1, default: &self.color)
                    }
                    if let value = field2 {
                        self.level = value
                    } else if container.contains(2) {
                        self.level = try container.decode(at: 2)
                    } else if aliases.contains(1) {
                        self.level = try aliases.decode(at: 1)
                    } else if aliases.contains(2) {
                        self.level = try aliases.decode(at: 2)
                    } else {
                        self.level = try container.decode(at: 2)
                    }
                    if let value = field3 {
                        self.size = value
                    } else {
                        try container.decode(at: 3, default: &self.size)
                    }
                }
                public init(from decoder: any Decoder) throws {
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    let aliases = try decoder.container(keyedBy: KeyedArchive.ArchiveAliasKey.self)
                    self.name = try container._archiveDecode(forKey: CodingKeys.name)
                    if container.contains(CodingKeys.color) {
                        self.color = try container._archiveDecode(forKey: CodingKeys.color)
                    } else if aliases.contains(KeyedArchive.ArchiveAliasKey("colour")) {
                        self.color = try aliases._archiveDecode(forKey: KeyedArchive.ArchiveAliasKey("colour"))
                    } else {
                        try container._archiveDecode(forKey: CodingKeys.color, default: &self.color)
                    }
                    if container.contains(CodingKeys.level) {
                        self.level = try container._archiveDecode(forKey: CodingKeys.level)
                    } else if aliases.contains(KeyedArchive.ArchiveAliasKey("tone")) {
                        self.level = try aliases._archiveDecode(forKey: KeyedArchive.ArchiveAliasKey("tone"))
                    } else if aliases.contains(KeyedArchive.ArchiveAliasKey("shade")) {
                        self.level = try aliases._archiveDecode(forKey: KeyedArchive.ArchiveAliasKey("shade"))
                    } else {
                        self.level = try container._archiveDecode(forKey: CodingKeys.level)
                    }
                    try container._archiveDecode(forKey: CodingKeys.size, default: &self.size)
                }
            }
            """)
    }

    /// Without `defaultsForMissingKeys: true` and without aliases, nothing changes: initial
    /// values are no defaults, and the synthesized `init(from:)` stays.
    @Test func initialValuesAreNoDefaultsUnlessAskedFor() {
        for attribute in ["@ArchiveCodable", "@ArchiveCodable(defaultsForMissingKeys: false)"] {
            expand("""
                \(attribute)
                struct Plain: Codable {
                    var size = 14
                }
                """, """
                struct Plain: Codable {
                    var size = 14
                }

                extension Plain: KeyedArchive.ArchiveDirectEncodable, KeyedArchive.ArchiveDirectDecodable {
                    // @ArchiveCodable: one key per stored property. A CodingKeys declared in an extension needs a case for each; to leave one out, declare CodingKeys in the type's body.
                    static let _archiveKeys = KeyedArchive.ArchiveKeySet([CodingKeys.size])
                    public static func _archiveEncode<Writer: KeyedArchive.ArchiveWriter>(_ value: Plain, to encoder: inout Writer) throws {
                        var container = encoder.keyedContainer(_archiveKeys)
                        try container.encode(value.size, at: 0)
                    }
                    public static func _archiveEncodeMessage(_ value: Plain, to encoder: inout KeyedArchive.ArchiveMessageEncoder) throws {
                        try _archiveEncode(value, to: &encoder)
                    }
                    public static var _archiveCanEncode: Bool {
                        _archiveKeys.isInDeclarationOrder
                    }
                    public static func _archiveDecode<Reader: KeyedArchive.ArchiveReader>(from decoder: inout Reader) throws -> Plain {
                        try Plain(_archiveFrom: decoder.keyedContainer(_archiveKeys))
                    }
                    public static func _archiveDecodeMessage(from decoder: inout KeyedArchive.ArchiveMessageDecoder) throws -> Plain {
                        try _archiveDecode(from: &decoder)
                    }
                    public static var _archiveCanDecode: Bool {
                        _archiveKeys.isInDeclarationOrder
                    }
                    private init<Container: KeyedArchive.ArchiveKeyedReader>(_archiveFrom container: Container) throws {
                        var field0 = container.unreadField { (value: Plain) in
                            value.size
                        }
                        while let key = try container.nextKey() {
                            switch key {
                            case 0:
                                field0 = try .some(container.decode(at: 0))
                            default:
                                try container.skipEntry()
                            }
                        }
                        self.size = try field0 ?? container.decode(at: 0)
                    }
                }
                """)
        }
    }

    /// A final class gets both initializers in its body; a type that is only `Decodable` gets
    /// the `CodingKeys` the compiler no longer synthesizes for it.
    @Test func aDecodableOnlyClassWithADefault() {
        expand("""
            @ArchiveCodable(defaultsForMissingKeys: true)
            final class Prefs: Decodable {
                var volume = 5
            }
            """, """
            final class Prefs: Decodable {
                var volume = 5

                enum CodingKeys: String, CodingKey {
                    case volume
                }

                private init<Container: KeyedArchive.ArchiveKeyedReader>(_archiveFrom container: Container) throws {
                    var field0 = container.unreadField { (value: Prefs) in
                        value.volume
                    }
                    while let key = try container.nextKey() {
                        switch key {
                        case 0:
                            field0 = try .some(container.decode(at: 0))
                        default:
                            try container.skipEntry()
                        }
                    }
                    if let value = field0 {
                        self.volume = value
                    } else {
                        try container.decode(at: 0, default: &self.volume)
                    }
                }

                init(from decoder: any Decoder) throws {
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    try container._archiveDecode(forKey: CodingKeys.volume, default: &self.volume)
                }

                init() {
                }
            }

            extension Prefs: KeyedArchive.ArchiveDirectDecodable {
                // @ArchiveCodable: one key per stored property. A CodingKeys declared in an extension needs a case for each; to leave one out, declare CodingKeys in the type's body.
                static let _archiveKeys = KeyedArchive.ArchiveKeySet([CodingKeys.volume])
                public static func _archiveDecode<Reader: KeyedArchive.ArchiveReader>(from decoder: inout Reader) throws -> Prefs {
                    try Prefs(_archiveFrom: decoder.keyedContainer(_archiveKeys))
                }
                public static func _archiveDecodeMessage(from decoder: inout KeyedArchive.ArchiveMessageDecoder) throws -> Prefs {
                    try _archiveDecode(from: &decoder)
                }
                public static var _archiveCanDecode: Bool {
                    _archiveKeys.isInDeclarationOrder
                }
            }
            """)
    }

    @Test func whatTheyRefuse() {
        expand("""
            @ArchiveCodable(defaultsForMissingKeys: flag)
            struct A: Codable {
                var x = 1
            }
            """, """
            struct A: Codable {
                var x = 1
            }
            """, diagnostics: [
                DiagnosticSpec(message: "@ArchiveCodable(defaultsForMissingKeys:) takes 'true' or 'false' as a literal: the macro reads it from the source", line: 1, column: 41),
            ])
        expand("""
            @ArchiveCodable
            struct B: Codable {
                @ArchiveAlias(oldName) var x: Int
            }
            """, """
            struct B: Codable {
                var x: Int
            }
            """, diagnostics: [
                DiagnosticSpec(message: "@ArchiveAlias takes one or more string literals: the macro reads the names from the source", line: 3, column: 5),
            ])
        expand("""
            struct C: Codable {
                @ArchiveAlias("old") var x: Int
            }
            """, """
            struct C: Codable {
                var x: Int
            }
            """, diagnostics: [
                DiagnosticSpec(message: "@ArchiveAlias is read by @ArchiveCodable only: put it on a stored property of a struct or final class with @ArchiveCodable", line: 2, column: 5),
            ])
    }
}

/// What an `ArchiveUnknownFields` property adds: keys without it, its entries written back
/// before the first property and after each one, and read last.
extension ArchiveCodableExpansionTests {
    @Test func unknownFieldsAreKeptAndWrittenBack() {
        expand("""
            @ArchiveCodable
            struct Settings: Codable {
                var name: String
                var unknownFields = ArchiveUnknownFields()
                var size: Int
            }
            """, """
            struct Settings: Codable {
                var name: String
                var unknownFields = ArchiveUnknownFields()
                var size: Int

                enum CodingKeys: String, CodingKey {
                    case name
                    case size
                }
            }

            extension Settings: KeyedArchive.ArchiveDirectEncodable, KeyedArchive.ArchiveDirectDecodable {
                // @ArchiveCodable: one key per stored property. A CodingKeys declared in an extension needs a case for each; to leave one out, declare CodingKeys in the type's body.
                static let _archiveKeys = KeyedArchive.ArchiveKeySet([CodingKeys.name, CodingKeys.size])
                public static func _archiveEncode<Writer: KeyedArchive.ArchiveWriter>(_ value: Settings, to encoder: inout Writer) throws {
                    var container = encoder.keyedContainer(_archiveKeys)
                    try container.encode(value.unknownFields, after: -1)
                    try container.encode(value.name, at: 0)
                    try container.encode(value.unknownFields, after: 0)
                    try container.encode(value.size, at: 1)
                    try container.encode(value.unknownFields, after: 1)
                }
                public static func _archiveEncodeMessage(_ value: Settings, to encoder: inout KeyedArchive.ArchiveMessageEncoder) throws {
                    try _archiveEncode(value, to: &encoder)
                }
                public static var _archiveCanEncode: Bool {
                    _archiveKeys.isInDeclarationOrder
                }
                public static func _archiveDecode<Reader: KeyedArchive.ArchiveReader>(from decoder: inout Reader) throws -> Settings {
                    try Settings(_archiveFrom: decoder.keyedContainer(_archiveKeys))
                }
                public static func _archiveDecodeMessage(from decoder: inout KeyedArchive.ArchiveMessageDecoder) throws -> Settings {
                    try _archiveDecode(from: &decoder)
                }
                public static var _archiveCanDecode: Bool {
                    _archiveKeys.isInDeclarationOrder
                }
                private init<Container: KeyedArchive.ArchiveKeyedReader>(_archiveFrom container: Container) throws {
                    var field0 = container.unreadField { (value: Settings) in
                        value.name
                    }
                    var field1 = container.unreadField { (value: Settings) in
                        value.size
                    }
                    while let key = try container.nextKey() {
                        switch key {
                        case 0:
                            field0 = try .some(container.decode(at: 0))
                        case 1:
                            field1 = try .some(container.decode(at: 1))
                        default:
                            try container.skipEntry()
                        }
                    }
                    self.name = try field0 ?? container.decode(at: 0)
                    self.size = try field1 ?? container.decode(at: 1)
                    self.unknownFields = try container.unknownFields()
                }
            }
            """)
    }

    @Test func whatUnknownFieldsRefuse() {
        expand("""
            @ArchiveCodable
            struct A: Codable {
                var x: Int
                var unknown: ArchiveUnknownFields
                var more = ArchiveUnknownFields()
                enum CodingKeys: String, CodingKey {
                    case x, unknown
                }
            }
            """, """
            struct A: Codable {
                var x: Int
                var unknown: ArchiveUnknownFields
                var more = ArchiveUnknownFields()
                enum CodingKeys: String, CodingKey {
                    case x, unknown
                }
            }
            """, diagnostics: [
                DiagnosticSpec(message: "@ArchiveCodable needs the ArchiveUnknownFields property to be a 'var' with an initial value ('var unknownFields = ArchiveUnknownFields()'): the Codable conformance leaves it out and starts it empty", line: 4, column: 9),
                DiagnosticSpec(message: "@ArchiveCodable keeps unknown entries in the ArchiveUnknownFields property, which is not an entry itself: leave it out of CodingKeys", line: 4, column: 9),
                DiagnosticSpec(message: "@ArchiveCodable supports one ArchiveUnknownFields property per type", line: 5, column: 9),
            ])
    }
}

/// The schema a type describes when the compiler asks for `ArchiveSchemaDescribing` too (as it
/// does for every type the macro annotates; the other expansion tests leave it out).
@Suite struct SchemaExpansionTests {
    /// (Encodable only: the `CodingKeys` without the unknown fields' property is declared
    /// all the same, or the synthesized `encode(to:)` would code it.)
    @Test func aStructDescribesItsFields() {
        let macros = ["ArchiveCodable": MacroSpec(type: ArchiveCodableMacro.self,
                                                   conformances: ["ArchiveDirectEncodable", "ArchiveSchemaDescribing"]),
                      "ArchiveAlias": MacroSpec(type: ArchiveAliasMacro.self)]
        assertMacroExpansion("""
            @ArchiveCodable(defaultsForMissingKeys: true)
            struct Settings: Encodable {
                @ArchiveAlias("colour") var color = "blue"
                let version = 2
                var unknownFields = ArchiveUnknownFields()
            }
            """, expandedSource: """
            struct Settings: Encodable {
                var color = "blue"
                let version = 2
                var unknownFields = ArchiveUnknownFields()

                enum CodingKeys: String, CodingKey {
                    case color
                    case version
                }
            }

            extension Settings: KeyedArchive.ArchiveDirectEncodable, KeyedArchive.ArchiveSchemaDescribing {
                // @ArchiveCodable: one key per stored property. A CodingKeys declared in an extension needs a case for each; to leave one out, declare CodingKeys in the type's body.
                static let _archiveKeys = KeyedArchive.ArchiveKeySet([CodingKeys.color, CodingKeys.version], aliases: _archiveAliasKeys, aliasesOfKeys: [[0], []])
                static let _archiveAliasKeys = KeyedArchive.ArchiveKeySet([KeyedArchive.ArchiveAliasKey("colour")])
                public static func _archiveEncode<Writer: KeyedArchive.ArchiveWriter>(_ value: Settings, to encoder: inout Writer) throws {
                    var container = encoder.keyedContainer(_archiveKeys)
                    try container.encode(value.unknownFields, after: -1)
                    try container.encode(value.color, at: 0)
                    try container.encode(value.unknownFields, after: 0)
                    try container.encode(value.version, at: 1)
                    try container.encode(value.unknownFields, after: 1)
                }
                public static func _archiveEncodeMessage(_ value: Settings, to encoder: inout KeyedArchive.ArchiveMessageEncoder) throws {
                    try _archiveEncode(value, to: &encoder)
                }
                public static var _archiveCanEncode: Bool {
                    _archiveKeys.isInDeclarationOrder
                }
                public static func _archiveTypeSchema(in builder: inout KeyedArchive.ArchiveSchemaBuilder) -> KeyedArchive.ArchiveTypeSchema {
                    let fields: [KeyedArchive.ArchiveFieldSchema] = [
                        builder.field("color", key: CodingKeys.color, { (value: Settings) in
                                value.color
                            }, hasDefault: true, aliases: ["colour"]),
                        builder.field("version", key: CodingKeys.version, { (value: Settings) in
                                value.version
                            }, hasDefault: true),
                    ]
                    return KeyedArchive.ArchiveTypeSchema(fields: fields, keepsUnknownFields: true)
                }
            }
            """, macroSpecs: macros, failureHandler: { Issue.record(Comment(rawValue: $0.message)) })
    }
}
