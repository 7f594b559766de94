import KeyedArchiveMacrosPlugin
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// What `@ArchiveCodable` expands to, and what it refuses with which message.
@Suite struct ArchiveCodableExpansionTests {
    static let macros = [
        "ArchiveCodable": MacroSpec(type: ArchiveCodableMacro.self, conformances: ["ArchiveDirectEncodable", "ArchiveDirectDecodable"]),
        "ArchiveAlias": MacroSpec(type: ArchiveAliasMacro.self),
    ]

    func expand(_ source: String, _ expanded: String, diagnostics: [DiagnosticSpec] = [], fixed: String? = nil,
                sourceLocation: SourceLocation = #_sourceLocation) {
        assertMacroExpansion(
            source, expandedSource: expanded, diagnostics: diagnostics, macroSpecs: Self.macros,
            applyFixIts: fixed == nil ? nil : ["Add ': Codable'"], fixedSource: fixed,
            failureHandler: { Issue.record(Comment(rawValue: $0.message), sourceLocation: sourceLocation) })
    }

    /// `declaration` with `@ArchiveCodable` on the line before it is refused: it expands to
    /// itself, without the attribute, with one error (at a line of the annotated source).
    func expandRefused(_ declaration: String, _ message: ArchiveCodableMessage, line: Int, column: Int,
                       sourceLocation: SourceLocation = #_sourceLocation) {
        expand("@ArchiveCodable\n" + declaration, declaration,
               diagnostics: [DiagnosticSpec(message: message.rawValue, line: line, column: column)], sourceLocation: sourceLocation)
    }

    /// The errors `expandRefused` expects, as the macro spells them.
    enum ArchiveCodableMessage: String {
        case conditionalMembers = "@ArchiveCodable does not support members inside #if: the generated code could not follow which are compiled in; move them out of the #if, or remove the attribute"
        case conditionalCodingKeys = "@ArchiveCodable does not support CodingKeys cases inside #if: the generated code could not follow which are compiled in; move them out of the #if, or remove the attribute"
    }

    @Test func synthesizedKeysAreTheStoredPropertiesInOrder() {
        // Computed and static properties are not entries; a `let` with a value is written but,
        // as by the synthesized `init(from:)`, not read back; observers do not make a property
        // computed.
        expand("""
            @ArchiveCodable
            struct Point: Codable {
                var x: Int
                let label: String?
                let version = 2
                static var count = 0
                var doubled: Int { x * 2 }
                var observed: Int = 0 { didSet {} }
            }
            """, """
            struct Point: Codable {
                var x: Int
                let label: String?
                let version = 2
                static var count = 0
                var doubled: Int { x * 2 }
                var observed: Int = 0 { didSet {} }
            }

            extension Point: KeyedArchive.ArchiveDirectEncodable, KeyedArchive.ArchiveDirectDecodable {
                // @ArchiveCodable: one key per stored property. A CodingKeys declared in an extension needs a case for each; to leave one out, declare CodingKeys in the type's body.
                static let _archiveKeys = KeyedArchive.ArchiveKeySet([CodingKeys.x, CodingKeys.label, CodingKeys.version, CodingKeys.observed])
                public static func _archiveEncode<Writer: KeyedArchive.ArchiveWriter>(_ value: Point, to encoder: inout Writer) throws {
                    var container = encoder.keyedContainer(_archiveKeys)
                    try container.encode(value.x, at: 0)
                    try container.encode(value.label, at: 1)
                    try container.encode(value.version, at: 2)
                    try container.encode(value.observed, at: 3)
                }
                public static func _archiveEncodeMessage(_ value: Point, to encoder: inout KeyedArchive.ArchiveMessageEncoder) throws {
                    try _archiveEncode(value, to: &encoder)
                }
                public static var _archiveCanEncode: Bool {
                    _archiveKeys.isInDeclarationOrder
                }
                public static func _archiveDecode<Reader: KeyedArchive.ArchiveReader>(from decoder: inout Reader) throws -> Point {
                    try Point(_archiveFrom: decoder.keyedContainer(_archiveKeys))
                }
                public static func _archiveDecodeMessage(from decoder: inout KeyedArchive.ArchiveMessageDecoder) throws -> Point {
                    try _archiveDecode(from: &decoder)
                }
                public static var _archiveCanDecode: Bool {
                    _archiveKeys.isInDeclarationOrder
                }
                private init<Container: KeyedArchive.ArchiveKeyedReader>(_archiveFrom container: Container) throws {
                    var field0 = container.unreadField { (value: Point) in
                        value.x
                    }
                    var field1 = container.unreadField { (value: Point) in
                        value.label
                    }
                    var field3 = container.unreadField { (value: Point) in
                        value.observed
                    }
                    while let key = try container.nextKey() {
                        switch key {
                        case 0:
                            field0 = try .some(container.decode(at: 0))
                        case 1:
                            field1 = try .some(container.decode(at: 1))
                        case 3:
                            field3 = try .some(container.decode(at: 3))
                        default:
                            try container.skipEntry()
                        }
                    }
                    self.x = try field0 ?? container.decode(at: 0)
                    self.label = try field1 ?? container.decode(at: 1)
                    self.observed = try field3 ?? container.decode(at: 3)
                }
            }
            """)
    }

    @Test func ownCodingKeysGiveTheEntriesAndTheirOrder() {
        // The keys' order, not the properties'; a property without a key is left alone.
        expand("""
            @ArchiveCodable
            public struct Entry: Codable {
                enum CodingKeys: Int, CodingKey {
                    case name = 2, id = 1
                }
                public var id: Int
                public var name: String
                var cache: [Int] = []
            }
            """, """
            public struct Entry: Codable {
                enum CodingKeys: Int, CodingKey {
                    case name = 2, id = 1
                }
                public var id: Int
                public var name: String
                var cache: [Int] = []
            }

            extension Entry: KeyedArchive.ArchiveDirectEncodable, KeyedArchive.ArchiveDirectDecodable {
                static let _archiveKeys = KeyedArchive.ArchiveKeySet([CodingKeys.name, CodingKeys.id])
                public static func _archiveEncode<Writer: KeyedArchive.ArchiveWriter>(_ value: Entry, to encoder: inout Writer) throws {
                    var container = encoder.keyedContainer(_archiveKeys)
                    try container.encode(value.name, at: 0)
                    try container.encode(value.id, at: 1)
                }
                public static func _archiveEncodeMessage(_ value: Entry, to encoder: inout KeyedArchive.ArchiveMessageEncoder) throws {
                    try _archiveEncode(value, to: &encoder)
                }
                public static func _archiveDecode<Reader: KeyedArchive.ArchiveReader>(from decoder: inout Reader) throws -> Entry {
                    try Entry(_archiveFrom: decoder.keyedContainer(_archiveKeys))
                }
                public static func _archiveDecodeMessage(from decoder: inout KeyedArchive.ArchiveMessageDecoder) throws -> Entry {
                    try _archiveDecode(from: &decoder)
                }
                private init<Container: KeyedArchive.ArchiveKeyedReader>(_archiveFrom container: Container) throws {
                    var field0 = container.unreadField { (value: Entry) in
                        value.name
                    }
                    var field1 = container.unreadField { (value: Entry) in
                        value.id
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
                    self.id = try field1 ?? container.decode(at: 1)
                }
            }
            """)
    }

    @Test func encodableOnlyGetsOnlyTheWriter() {
        expand("""
            @ArchiveCodable
            struct Empty: Encodable {
            }
            """, """
            struct Empty: Encodable {
            }

            extension Empty: KeyedArchive.ArchiveDirectEncodable {
                static let _archiveKeys = KeyedArchive.ArchiveKeySet([CodingKeys]())
                public static func _archiveEncode<Writer: KeyedArchive.ArchiveWriter>(_ value: Empty, to encoder: inout Writer) throws {
                    _ = encoder.keyedContainer(_archiveKeys)

                }
                public static func _archiveEncodeMessage(_ value: Empty, to encoder: inout KeyedArchive.ArchiveMessageEncoder) throws {
                    try _archiveEncode(value, to: &encoder)
                }
            }
            """)
    }

    /// Without coding keys, the synthesized `init(from:)` reads nothing, not even a container:
    /// neither does the generated code.
    @Test func aStructWithoutCodedPropertiesReadsNothing() {
        expand("""
            @ArchiveCodable
            struct Empty: Codable {
            }
            """, """
            struct Empty: Codable {
            }

            extension Empty: KeyedArchive.ArchiveDirectEncodable, KeyedArchive.ArchiveDirectDecodable {
                static let _archiveKeys = KeyedArchive.ArchiveKeySet([CodingKeys]())
                public static func _archiveEncode<Writer: KeyedArchive.ArchiveWriter>(_ value: Empty, to encoder: inout Writer) throws {
                    _ = encoder.keyedContainer(_archiveKeys)

                }
                public static func _archiveEncodeMessage(_ value: Empty, to encoder: inout KeyedArchive.ArchiveMessageEncoder) throws {
                    try _archiveEncode(value, to: &encoder)
                }
                public static func _archiveDecode<Reader: KeyedArchive.ArchiveReader>(from decoder: inout Reader) throws -> Empty {
                    try Empty(_archiveFrom: nil)
                }
                public static func _archiveDecodeMessage(from decoder: inout KeyedArchive.ArchiveMessageDecoder) throws -> Empty {
                    try _archiveDecode(from: &decoder)
                }
                private init(_archiveFrom container: KeyedArchive.ArchiveDirectKeyedDecodingContainer?) throws {
                }
            }
            """)
    }

    @Test func anEnumWithARawValueIsItsRawValue() {
        expand("""
            @ArchiveCodable
            enum Mood: String, Codable {
                case calm, cross = "angry"
            }
            """, """
            enum Mood: String, Codable {
                case calm, cross = "angry"
            }

            extension Mood: KeyedArchive.ArchiveDirectEncodable, KeyedArchive.ArchiveDirectDecodable {
                public static func _archiveEncode<Writer: KeyedArchive.ArchiveWriter>(_ value: Mood, to encoder: inout Writer) throws {
                    try encoder.encodeSingleValue(value.rawValue)
                }
                public static func _archiveEncodeMessage(_ value: Mood, to encoder: inout KeyedArchive.ArchiveMessageEncoder) throws {
                    try _archiveEncode(value, to: &encoder)
                }
                public static func _archiveDecode<Reader: KeyedArchive.ArchiveReader>(from decoder: inout Reader) throws -> Mood {
                    let rawValue = try decoder.decodeSingleValue(RawValue.self)
                    guard let value = Mood(rawValue: rawValue) else {
                        throw decoder.invalidRawValue(Mood.self, rawValue)
                    }
                    return value
                }
                public static func _archiveDecodeMessage(from decoder: inout KeyedArchive.ArchiveMessageDecoder) throws -> Mood {
                    try _archiveDecode(from: &decoder)
                }
            }
            """)
        expand("@ArchiveCodable\nenum Priority: Swift.UInt8, Decodable, Hashable, Sendable {\n    case low = 1\n}", """
            enum Priority: Swift.UInt8, Decodable, Hashable, Sendable {
                case low = 1
            }

            extension Priority: KeyedArchive.ArchiveDirectDecodable {
                public static func _archiveDecode<Reader: KeyedArchive.ArchiveReader>(from decoder: inout Reader) throws -> Priority {
                    let rawValue = try decoder.decodeSingleValue(RawValue.self)
                    guard let value = Priority(rawValue: rawValue) else {
                        throw decoder.invalidRawValue(Priority.self, rawValue)
                    }
                    return value
                }
                public static func _archiveDecodeMessage(from decoder: inout KeyedArchive.ArchiveMessageDecoder) throws -> Priority {
                    try _archiveDecode(from: &decoder)
                }
            }
            """)
    }

    /// An enum with associated values: the case's entry holding a container of its values,
    /// keyed by their labels or `_0`, `_1`…; read back as the one case the container holds.
    @Test func anEnumWithAssociatedValuesNestsAContainerPerCase() {
        expand("""
            @ArchiveCodable
            enum Shape: Codable {
                case circle(radius: Double), pair(Int, label: String?)
                case dot
            }
            """, """

            enum Shape: Codable {
                case circle(radius: Double), pair(Int, label: String?)
                case dot
            }

            extension Shape: KeyedArchive.ArchiveDirectEncodable, KeyedArchive.ArchiveDirectDecodable {
                static let _archiveKeys = KeyedArchive.ArchiveKeySet([CodingKeys.circle, CodingKeys.pair, CodingKeys.dot])
                static let _archiveCaseKeys = [KeyedArchive.ArchiveKeySet([CircleCodingKeys.radius]), KeyedArchive.ArchiveKeySet([PairCodingKeys._0, PairCodingKeys.label]), KeyedArchive.ArchiveKeySet([DotCodingKeys]())]
                public static func _archiveEncode<Writer: KeyedArchive.ArchiveWriter>(_ value: Shape, to encoder: inout Writer) throws {
                    var container = encoder.keyedContainer(_archiveKeys)
                    switch value {
                    case .circle(let _0):
                        var values = container.nestedContainer(_archiveCaseKeys[0], at: 0)
                        try values.encode(_0, at: 0)
                    case .pair(let _0, let _1):
                        var values = container.nestedContainer(_archiveCaseKeys[1], at: 1)
                        try values.encode(_0, at: 0)
                        try values.encode(_1, at: 1)
                    case .dot:
                        _ = container.nestedContainer(_archiveCaseKeys[2], at: 2)
                    }
                }
                public static func _archiveEncodeMessage(_ value: Shape, to encoder: inout KeyedArchive.ArchiveMessageEncoder) throws {
                    try _archiveEncode(value, to: &encoder)
                }
                public static func _archiveDecode<Reader: KeyedArchive.ArchiveReader>(from decoder: inout Reader) throws -> Shape {
                    let container = try decoder.keyedContainer(_archiveKeys)
                    switch try container.onlyKey(of: Shape.self) {
                    case 0:
                        let values = try container.nestedContainer(_archiveCaseKeys[0], at: 0)
                        var field0: Optional<Double> = nil
                        while let key = try values.nextKey() {
                            switch key {
                            case 0:
                                field0 = try .some(values.decode(at: 0))
                            default:
                                try values.skipEntry()
                            }
                        }
                        return .circle(radius: try field0 ?? values.decode(at: 0))
                    case 1:
                        let values = try container.nestedContainer(_archiveCaseKeys[1], at: 1)
                        var field0: Optional<Int> = nil
                        var field1: Optional<String?> = nil
                        while let key = try values.nextKey() {
                            switch key {
                            case 0:
                                field0 = try .some(values.decode(at: 0))
                            case 1:
                                field1 = try .some(values.decode(at: 1))
                            default:
                                try values.skipEntry()
                            }
                        }
                        return .pair(try field0 ?? values.decode(at: 0), label: try field1 ?? values.decode(at: 1))
                    default:
                        let values = try container.nestedContainer(_archiveCaseKeys[2], at: 2)
                        while try values.nextKey() != nil {
                            try values.skipEntry()
                        }
                        return .dot
                    }
                }
                public static func _archiveDecodeMessage(from decoder: inout KeyedArchive.ArchiveMessageDecoder) throws -> Shape {
                    try _archiveDecode(from: &decoder)
                }
            }
            """)
    }

    /// A final class: the struct's extension, and its decoding initializer in its body (an
    /// extension cannot add a designated initializer to a class).
    @Test func aFinalClassGetsItsInitializerInItsBody() {
        expand("""
            @ArchiveCodable
            final class Node: Codable, Sendable {
                let name: String
                let kind = "node"
                let next: Node?
            }
            """, """
            final class Node: Codable, Sendable {
                let name: String
                let kind = "node"
                let next: Node?

                private init<Container: KeyedArchive.ArchiveKeyedReader>(_archiveFrom container: Container) throws {
                    var field0 = container.unreadField { (value: Node) in
                        value.name
                    }
                    var field2 = container.unreadField { (value: Node) in
                        value.next
                    }
                    while let key = try container.nextKey() {
                        switch key {
                        case 0:
                            field0 = try .some(container.decode(at: 0))
                        case 2:
                            field2 = try .some(container.decode(at: 2))
                        default:
                            try container.skipEntry()
                        }
                    }
                    self.name = try field0 ?? container.decode(at: 0)
                    self.next = try field2 ?? container.decode(at: 2)
                }
            }

            extension Node: KeyedArchive.ArchiveDirectEncodable, KeyedArchive.ArchiveDirectDecodable {
                // @ArchiveCodable: one key per stored property. A CodingKeys declared in an extension needs a case for each; to leave one out, declare CodingKeys in the type's body.
                static let _archiveKeys = KeyedArchive.ArchiveKeySet([CodingKeys.name, CodingKeys.kind, CodingKeys.next])
                public static func _archiveEncode<Writer: KeyedArchive.ArchiveWriter>(_ value: Node, to encoder: inout Writer) throws {
                    var container = encoder.keyedContainer(_archiveKeys)
                    try container.encode(value.name, at: 0)
                    try container.encode(value.kind, at: 1)
                    try container.encode(value.next, at: 2)
                }
                public static func _archiveEncodeMessage(_ value: Node, to encoder: inout KeyedArchive.ArchiveMessageEncoder) throws {
                    try _archiveEncode(value, to: &encoder)
                }
                public static var _archiveCanEncode: Bool {
                    _archiveKeys.isInDeclarationOrder
                }
                public static func _archiveDecode<Reader: KeyedArchive.ArchiveReader>(from decoder: inout Reader) throws -> Node {
                    try Node(_archiveFrom: decoder.keyedContainer(_archiveKeys))
                }
                public static func _archiveDecodeMessage(from decoder: inout KeyedArchive.ArchiveMessageDecoder) throws -> Node {
                    try _archiveDecode(from: &decoder)
                }
                public static var _archiveCanDecode: Bool {
                    _archiveKeys.isInDeclarationOrder
                }
            }
            """)
        // A custom encode(to:) is an error, as for a struct.
        expand("@ArchiveCodable final class Node: Codable {\n    var next: Node?\n    func encode(to encoder: any Encoder) throws {}\n}",
               "final class Node: Codable {\n    var next: Node?\n    func encode(to encoder: any Encoder) throws {}\n}",
               diagnostics: [DiagnosticSpec(message: "@ArchiveCodable cannot be used with a custom encode(to:): the generated code would write different bytes; remove one of them", line: 3, column: 10)])
    }

    /// A class whose properties all have values and that declares no initializer keeps its
    /// implicit `init()`, written out beside the macro's.
    @Test func aClassWithAllDefaultsGetsItsInitWrittenOut() {
        expand("""
            @ArchiveCodable
            final class Prefs: Codable {
                var volume = 5
                @usableFromInline var note: String?
            }
            """, """
            final class Prefs: Codable {
                var volume = 5
                @usableFromInline var note: String?

                private init<Container: KeyedArchive.ArchiveKeyedReader>(_archiveFrom container: Container) throws {
                    var field0 = container.unreadField { (value: Prefs) in
                        value.volume
                    }
                    var field1 = container.unreadField { (value: Prefs) in
                        value.note
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
                    self.volume = try field0 ?? container.decode(at: 0)
                    self.note = try field1 ?? container.decode(at: 1)
                }

                init() {
                }
            }

            extension Prefs: KeyedArchive.ArchiveDirectEncodable, KeyedArchive.ArchiveDirectDecodable {
                // @ArchiveCodable: one key per stored property. A CodingKeys declared in an extension needs a case for each; to leave one out, declare CodingKeys in the type's body.
                static let _archiveKeys = KeyedArchive.ArchiveKeySet([CodingKeys.volume, CodingKeys.note])
                public static func _archiveEncode<Writer: KeyedArchive.ArchiveWriter>(_ value: Prefs, to encoder: inout Writer) throws {
                    var container = encoder.keyedContainer(_archiveKeys)
                    try container.encode(value.volume, at: 0)
                    try container.encode(value.note, at: 1)
                }
                public static func _archiveEncodeMessage(_ value: Prefs, to encoder: inout KeyedArchive.ArchiveMessageEncoder) throws {
                    try _archiveEncode(value, to: &encoder)
                }
                public static var _archiveCanEncode: Bool {
                    _archiveKeys.isInDeclarationOrder
                }
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

    /// A case starting with a non-ASCII letter keeps it in its key type's name, as the compiler
    /// names it; a key that cannot follow a `.` (`Type`) is made from its string.
    @Test func namesAreSpelledAsTheCompilerSpellsThem() {
        expand("""
            @ArchiveCodable
            enum Spelling: Codable {
                case élan(Type: Int, self: String)
            }
            """, """

            enum Spelling: Codable {
                case élan(Type: Int, self: String)
            }

            extension Spelling: KeyedArchive.ArchiveDirectEncodable, KeyedArchive.ArchiveDirectDecodable {
                static let _archiveKeys = KeyedArchive.ArchiveKeySet([CodingKeys.élan])
                static let _archiveCaseKeys = [KeyedArchive.ArchiveKeySet([élanCodingKeys(stringValue: "Type")!, élanCodingKeys(stringValue: "self")!])]
                public static func _archiveEncode<Writer: KeyedArchive.ArchiveWriter>(_ value: Spelling, to encoder: inout Writer) throws {
                    var container = encoder.keyedContainer(_archiveKeys)
                    switch value {
                    case .élan(let _0, let _1):
                        var values = container.nestedContainer(_archiveCaseKeys[0], at: 0)
                        try values.encode(_0, at: 0)
                        try values.encode(_1, at: 1)
                    }
                }
                public static func _archiveEncodeMessage(_ value: Spelling, to encoder: inout KeyedArchive.ArchiveMessageEncoder) throws {
                    try _archiveEncode(value, to: &encoder)
                }
                public static func _archiveDecode<Reader: KeyedArchive.ArchiveReader>(from decoder: inout Reader) throws -> Spelling {
                    let container = try decoder.keyedContainer(_archiveKeys)
                    switch try container.onlyKey(of: Spelling.self) {
                    default:
                        let values = try container.nestedContainer(_archiveCaseKeys[0], at: 0)
                        var field0: Optional<Int> = nil
                        var field1: Optional<String> = nil
                        while let key = try values.nextKey() {
                            switch key {
                            case 0:
                                field0 = try .some(values.decode(at: 0))
                            case 1:
                                field1 = try .some(values.decode(at: 1))
                            default:
                                try values.skipEntry()
                            }
                        }
                        return .élan(Type: try field0 ?? values.decode(at: 0), self: try field1 ?? values.decode(at: 1))
                    }
                }
                public static func _archiveDecodeMessage(from decoder: inout KeyedArchive.ArchiveMessageDecoder) throws -> Spelling {
                    try _archiveDecode(from: &decoder)
                }
            }
            """)
    }

    /// Members inside `#if`: the generated code could not follow which are compiled in.
    @Test func membersInsideIfConfigAreAnError() {
        expand("""
            @ArchiveCodable
            struct Flags: Codable {
                var a: Int
                #if DEBUG
                var note: String?
                #endif
            }
            """, """
            struct Flags: Codable {
                var a: Int
                #if DEBUG
                var note: String?
                #endif
            }
            """, diagnostics: [
                DiagnosticSpec(message: "@ArchiveCodable does not support members inside #if: the generated code could not follow which are compiled in; move them out of the #if, or remove the attribute", line: 4, column: 5),
            ])
        // Issue 31: a `CodingKeys` case inside `#if` decides the keys as much as a property does
        // (the generated code dropped it, even when compiled in).
        expandRefused("""
            struct Q: Codable {
                var a: Int
                var b: Int = 0
                enum CodingKeys: String, CodingKey {
                    case a
                    #if !NEVER_DEFINED
                    case b
                    #endif
                }
            }
            """, .conditionalCodingKeys, line: 7, column: 9)
        // A `#if` whose only coded member is nested deeper is still found.
        expandRefused("""
            struct Nested: Codable {
                var a: Int
                #if DEBUG
                func f() {}
                #if os(Linux)
                var note: String?
                #endif
                #endif
            }
            """, .conditionalMembers, line: 4, column: 5)
        // An enum with a raw value does not read its cases: a `#if` around some is fine.
        expand("@ArchiveCodable enum Level: Int, Codable {\n    case low\n    #if DEBUG\n    case debug\n    #endif\n}", """
            enum Level: Int, Codable {
                case low
                #if DEBUG
                case debug
                #endif
            }

            extension Level: KeyedArchive.ArchiveDirectEncodable, KeyedArchive.ArchiveDirectDecodable {
                public static func _archiveEncode<Writer: KeyedArchive.ArchiveWriter>(_ value: Level, to encoder: inout Writer) throws {
                    try encoder.encodeSingleValue(value.rawValue)
                }
                public static func _archiveEncodeMessage(_ value: Level, to encoder: inout KeyedArchive.ArchiveMessageEncoder) throws {
                    try _archiveEncode(value, to: &encoder)
                }
                public static func _archiveDecode<Reader: KeyedArchive.ArchiveReader>(from decoder: inout Reader) throws -> Level {
                    let rawValue = try decoder.decodeSingleValue(RawValue.self)
                    guard let value = Level(rawValue: rawValue) else {
                        throw decoder.invalidRawValue(Level.self, rawValue)
                    }
                    return value
                }
                public static func _archiveDecodeMessage(from decoder: inout KeyedArchive.ArchiveMessageDecoder) throws -> Level {
                    try _archiveDecode(from: &decoder)
                }
            }
            """)
    }

    /// What has no generated code yet keeps its `Codable` conformance: no extension, no error,
    /// the same bytes.
    @Test func otherEnumsAndFinalClassesKeepTheirCodableConformance() {
        // Keys of its own (to rename a case, say): the synthesized conformance does the work.
        expand("@ArchiveCodable enum Renamed: Codable {\n    case a(x: Int)\n    enum ACodingKeys: String, CodingKey {\n        case x = \"X\"\n    }\n}",
               "enum Renamed: Codable {\n    case a(x: Int)\n    enum ACodingKeys: String, CodingKey {\n        case x = \"X\"\n    }\n}")
        expand("@ArchiveCodable enum Nothing: Codable {\n}", "enum Nothing: Codable {\n}")
        expand("@ArchiveCodable enum Aliased: Identifier, Codable {\n    case a\n}", "enum Aliased: Identifier, Codable {\n    case a\n}")
        // A protocol that may bring its own init(from:) (an "unknown case" fallback): no code.
        expand("@ArchiveCodable enum Tolerant: String, Codable, UnknownFallback {\n    case a, unknown\n}",
               "enum Tolerant: String, Codable, UnknownFallback {\n    case a, unknown\n}")
        // A class that may have a superclass, whose `init()` its synthesized `init(from:)` calls.
        expand("@ArchiveCodable final class Circle: Shape, Codable {\n    var radius: Double\n}",
               "final class Circle: Shape, Codable {\n    var radius: Double\n}")
        // Codable is still required, with its fix-it.
        expand("@ArchiveCodable final class Plain {\n}", "final class Plain {\n}",
               diagnostics: [DiagnosticSpec(message: "@ArchiveCodable needs a type that conforms to Codable (or Encodable or Decodable) in its declaration",
                                            line: 1, column: 29, fixIts: [FixItSpec(message: "Add ': Codable'")])],
               fixed: "@ArchiveCodable final class Plain: Codable {\n}")
        expand("@ArchiveCodable enum Flag: Int {\n    case on = 1\n}", "enum Flag: Int {\n    case on = 1\n}",
               diagnostics: [DiagnosticSpec(message: "@ArchiveCodable needs a type that conforms to Codable (or Encodable or Decodable) in its declaration",
                                            line: 1, column: 22, fixIts: [FixItSpec(message: "Add ': Codable'")])],
               fixed: "@ArchiveCodable enum Flag: Int, Codable {\n    case on = 1\n}")
    }

    /// Issue 31: a type nested in a generic type, and an `@Observable` class, are refused at the
    /// declaration with what to do (they failed to compile inside the expansion). A type nested
    /// in a non-generic type is not.
    @Test func whatTheContextMakesImpossibleIsAnError() {
        let nested = "@ArchiveCodable does not support a type nested in a generic type: its generated code keeps the keys in a static stored property, which a generic type's members cannot have; move the type out of the generic type, or remove the attribute"
        expand("""
            struct Outer<T> {
                @ArchiveCodable
                struct Inner: Codable {
                    var a: Int
                }
            }
            """, """
            struct Outer<T> {
                struct Inner: Codable {
                    var a: Int
                }
            }
            """, diagnostics: [DiagnosticSpec(message: nested, line: 3, column: 12)])
        expand("""
            enum Namespace<Element> {
                struct Middle {
                    @ArchiveCodable
                    final class Leaf: Codable {
                        var a = 0
                    }
                }
            }
            """, """
            enum Namespace<Element> {
                struct Middle {
                    final class Leaf: Codable {
                        var a = 0
                    }
                }
            }
            """, diagnostics: [DiagnosticSpec(message: nested, line: 4, column: 21)])
        let observable = "@ArchiveCodable does not support @Observable types: @Observable moves each stored property into a '_'-prefixed one that the Codable conformance codes instead; remove one of the attributes"
        for attributes in ["@Observable\n@ArchiveCodable", "@ArchiveCodable\n@Observable", "@ArchiveCodable\n@Observation.Observable"] {
            let observableLine = attributes.hasPrefix("@Observable") ? 1 : 2
            expand("""
                \(attributes)
                final class Model: Codable {
                    var name = ""
                }
                """, """
                \(attributes.split(separator: "\n").filter { !$0.contains("ArchiveCodable") }.joined(separator: "\n"))
                final class Model: Codable {
                    var name = ""
                }
                """, diagnostics: [DiagnosticSpec(message: observable, line: observableLine, column: 1)])
        }
        // Nested in a plain type: expanded as usual.
        expand("""
            enum Namespace {
                @ArchiveCodable
                struct Inner: Codable {
                    var a: Int
                }
            }
            """, """
            enum Namespace {
                struct Inner: Codable {
                    var a: Int
                }
            }

            extension Namespace.Inner: KeyedArchive.ArchiveDirectEncodable, KeyedArchive.ArchiveDirectDecodable {
                // @ArchiveCodable: one key per stored property. A CodingKeys declared in an extension needs a case for each; to leave one out, declare CodingKeys in the type's body.
                static let _archiveKeys = KeyedArchive.ArchiveKeySet([CodingKeys.a])
                public static func _archiveEncode<Writer: KeyedArchive.ArchiveWriter>(_ value: Namespace.Inner, to encoder: inout Writer) throws {
                    var container = encoder.keyedContainer(_archiveKeys)
                    try container.encode(value.a, at: 0)
                }
                public static func _archiveEncodeMessage(_ value: Namespace.Inner, to encoder: inout KeyedArchive.ArchiveMessageEncoder) throws {
                    try _archiveEncode(value, to: &encoder)
                }
                public static var _archiveCanEncode: Bool {
                    _archiveKeys.isInDeclarationOrder
                }
                public static func _archiveDecode<Reader: KeyedArchive.ArchiveReader>(from decoder: inout Reader) throws -> Namespace.Inner {
                    try Namespace.Inner(_archiveFrom: decoder.keyedContainer(_archiveKeys))
                }
                public static func _archiveDecodeMessage(from decoder: inout KeyedArchive.ArchiveMessageDecoder) throws -> Namespace.Inner {
                    try _archiveDecode(from: &decoder)
                }
                public static var _archiveCanDecode: Bool {
                    _archiveKeys.isInDeclarationOrder
                }
                private init<Container: KeyedArchive.ArchiveKeyedReader>(_archiveFrom container: Container) throws {
                    var field0 = container.unreadField { (value: Namespace.Inner) in
                        value.a
                    }
                    while let key = try container.nextKey() {
                        switch key {
                        case 0:
                            field0 = try .some(container.decode(at: 0))
                        default:
                            try container.skipEntry()
                        }
                    }
                    self.a = try field0 ?? container.decode(at: 0)
                }
            }
            """)
    }

    @Test func whatGeneratedCodeCannotMatchIsAnError() {
        expand("@ArchiveCodable class Shape: Codable {\n    var sides = 3\n}", "class Shape: Codable {\n    var sides = 3\n}",
               diagnostics: [DiagnosticSpec(message: "@ArchiveCodable supports final classes only: a subclass could change what is encoded; mark the class 'final'", line: 1, column: 1)])
        expand("@ArchiveCodable actor Counter: Codable {\n}", "actor Counter: Codable {\n}",
               diagnostics: [DiagnosticSpec(message: "@ArchiveCodable supports structs, enums and final classes", line: 1, column: 1)])
        expand("@ArchiveCodable enum Level<T>: Int, Codable {\n    case low\n}", "enum Level<T>: Int, Codable {\n    case low\n}",
               diagnostics: [DiagnosticSpec(message: "@ArchiveCodable does not support generic types", line: 1, column: 22)])
        expand("""
            @ArchiveCodable
            enum Mood: String, Codable {
                case calm
                init(from decoder: any Decoder) throws { self = .calm }
            }
            """, """
            enum Mood: String, Codable {
                case calm
                init(from decoder: any Decoder) throws { self = .calm }
            }
            """, diagnostics: [
                DiagnosticSpec(message: "@ArchiveCodable cannot be used with a custom init(from:): the generated code would read differently; remove one of them", line: 4, column: 5),
            ])
        expand("""
            @ArchiveCodable
            enum Shape: Codable {
                case dot, circle(radius: Double)
                func encode(to encoder: any Encoder) throws {}
            }
            """, """
            enum Shape: Codable {
                case dot, circle(radius: Double)
                func encode(to encoder: any Encoder) throws {}
            }
            """, diagnostics: [
                DiagnosticSpec(message: "@ArchiveCodable cannot be used with a custom encode(to:): the generated code would write different bytes; remove one of them", line: 4, column: 10),
            ])
        expand("@ArchiveCodable struct Box<T: Codable>: Codable {\n    var value: T\n}", "struct Box<T: Codable>: Codable {\n    var value: T\n}",
               diagnostics: [DiagnosticSpec(message: "@ArchiveCodable does not support generic types", line: 1, column: 24)])
        expand("""
            @ArchiveCodable
            struct Custom: Codable {
                var x: Int
                func encode(to encoder: any Encoder) throws {}
                init(from decoder: any Decoder) throws { x = 0 }
            }
            """, """
            struct Custom: Codable {
                var x: Int
                func encode(to encoder: any Encoder) throws {}
                init(from decoder: any Decoder) throws { x = 0 }
            }
            """, diagnostics: [
                DiagnosticSpec(message: "@ArchiveCodable cannot be used with a custom encode(to:): the generated code would write different bytes; remove one of them", line: 4, column: 10),
                DiagnosticSpec(message: "@ArchiveCodable cannot be used with a custom init(from:): the generated code would read differently; remove one of them", line: 5, column: 5),
            ])
        expand("""
            @ArchiveCodable
            struct Wrapped: Codable {
                @Clamped var level: Int
                lazy var total: Int = 0
            }
            """, """
            struct Wrapped: Codable {
                @Clamped var level: Int
                lazy var total: Int = 0
            }
            """, diagnostics: [
                DiagnosticSpec(message: "@ArchiveCodable does not support property wrappers: the wrapper's own Codable conformance decides the bytes", line: 3, column: 5),
                DiagnosticSpec(message: "@ArchiveCodable does not support lazy properties", line: 4, column: 10),
            ])
        // `@ArchiveDefault`, spelled either way, is pointed to the macro's own defaults.
        let advice = "@ArchiveCodable does not support @ArchiveDefault, a property wrapper for plain Codable types: give the property its default as an initial value and write @ArchiveCodable(defaultsForMissingKeys: true)"
        expand("""
            @ArchiveCodable
            struct Settings: Codable {
                @ArchiveDefault<ArchiveDefaults.Zero<Int>> var size: Int
                @KeyedArchive.ArchiveDefault<ArchiveDefaults.True> var on: Bool
            }
            """, """
            struct Settings: Codable {
                @ArchiveDefault<ArchiveDefaults.Zero<Int>> var size: Int
                @KeyedArchive.ArchiveDefault<ArchiveDefaults.True> var on: Bool
            }
            """, diagnostics: [
                DiagnosticSpec(message: advice, line: 3, column: 5),
                DiagnosticSpec(message: advice, line: 4, column: 5),
            ])
    }

    @Test func aTypeThatIsNotCodableGetsAFixIt() {
        expand("@ArchiveCodable struct Plain {\n    var x: Int\n}", "struct Plain {\n    var x: Int\n}",
               diagnostics: [DiagnosticSpec(message: "@ArchiveCodable needs a type that conforms to Codable (or Encodable or Decodable) in its declaration",
                                            line: 1, column: 24, fixIts: [FixItSpec(message: "Add ': Codable'")])],
               fixed: "@ArchiveCodable struct Plain: Codable {\n    var x: Int\n}")
        expand("@ArchiveCodable struct Tagged: Hashable {\n    var x: Int\n}", "struct Tagged: Hashable {\n    var x: Int\n}",
               diagnostics: [DiagnosticSpec(message: "@ArchiveCodable needs a type that conforms to Codable (or Encodable or Decodable) in its declaration",
                                            line: 1, column: 24, fixIts: [FixItSpec(message: "Add ': Codable'")])],
               fixed: "@ArchiveCodable struct Tagged: Hashable, Codable {\n    var x: Int\n}")
    }
}
