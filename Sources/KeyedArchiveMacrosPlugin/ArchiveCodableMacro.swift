import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@ArchiveCodable`: an extension that conforms a `Codable` struct to `ArchiveDirectEncodable`
/// and `ArchiveDirectDecodable`, writing and reading exactly what its synthesized conformance
/// does, entry for entry.
///
/// The generated code names no property types: `encode(_:at:)` and `decode(at:)` are
/// overloaded for scalars, for types with generated code, for every other `Codable` type and
/// for optionals of each, so the compiler, which sees through type aliases, picks the overload
/// that does what the synthesized conformance does (an optional is `encodeIfPresent`).
public struct ArchiveCodableMacro: ExtensionMacro {
    public static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        let kind = DeclarationKind(declaration)
        if kind == .unsupported || kind == .openClass {
            context.diagnose(Diagnostic(node: node, message: kind == .openClass ? ArchiveCodableDiagnostic.classNotFinal : ArchiveCodableDiagnostic.unsupportedKind))
            return []
        }
        if declaration.asProtocol(WithGenericParametersSyntax.self)?.genericParameterClause != nil {
            let name = declaration.asProtocol(NamedDeclSyntax.self).map { Syntax($0.name) } ?? Syntax(node)
            context.diagnose(Diagnostic(node: name, message: ArchiveCodableDiagnostic.generic))
            return []
        }
        if let problem = unsupportedContext(declaration, attribute: node, in: context) {
            context.diagnose(problem)
            return []
        }
        let inherited = inheritedNames(declaration)
        let (encodes, decodes) = codableDirections(declaration)
        guard encodes || decodes else {
            context.diagnose(notCodable(declaration))
            return []
        }
        let typeName = type.trimmedDescription
        let wanted = Set(protocols.map { $0.trimmedDescription })
        let wantsEncodable = encodes && wanted.contains { $0.hasSuffix("ArchiveDirectEncodable") }
        let wantsDecodable = decodes && wanted.contains { $0.hasSuffix("ArchiveDirectDecodable") }

        switch kind {
        case .structure:
            guard checkSupported(declaration, encodes: encodes, decodes: decodes, in: context) else { return [] }
        case .enumeration:
            // Defaults are for stored properties, which an enum has none of.
            if let argument = defaultsArgument(node), defaultsForMissingKeys(node) != false {
                let message: ArchiveCodableDiagnostic = defaultsForMissingKeys(node) == nil ? .defaultsNotLiteral : .defaultsOnEnum
                context.diagnose(Diagnostic(node: message == .defaultsNotLiteral ? Syntax(argument.expression) : Syntax(argument), message: message))
                return []
            }
            // An enum with a raw value is coded by the standard library's `RawRepresentable`
            // conformance: its raw value in a single-value container, which generated code
            // writes and reads directly. Any other enum has the synthesized conformance that
            // nests a keyed container per case (`EnumCases`).
            // Only when nothing else in the declaration could bring its own coding: a protocol
            // in the inheritance clause may implement `init(from:)` (an "unknown case"
            // fallback, say), which generated code would bypass. Anything else keeps its
            // `Codable` conformance and its bytes, only not faster.
            let names = inherited.map(Self.withoutSwiftPrefix)
            if let rawType = names.first, Self.rawValueTypes.contains(rawType),
               names.dropFirst().allSatisfy(Self.plainEnumProtocols.contains) {
                guard checkSupported(declaration, encodes: encodes, decodes: decodes, readsMembers: false, in: context) else { return [] }
                // Its cases, for the schemas of the types that hold it (`ArchiveSchemaValue`);
                // not when some are inside `#if`, which the macro cannot evaluate (the enum is
                // then named in schemas, as any other type).
                let members = declaration.memberBlock.members
                let cases = wanted.contains { $0.hasSuffix("ArchiveSchemaValue") } && (wantsEncodable || wantsDecodable)
                    && !members.contains { $0.decl.is(IfConfigDeclSyntax.self) }
                    ? members.compactMap { $0.decl.as(EnumCaseDeclSyntax.self) }.flatMap(\.elements).map { $0.name.text }
                    : nil
                return try rawValueExtension(typeName, encodes: wantsEncodable, decodes: wantsDecodable, cases: cases)
            }
            guard names.allSatisfy(Self.plainEnumProtocols.contains), let enumDecl = declaration.as(EnumDeclSyntax.self),
                  let cases = EnumCases(enumDecl) else { return [] }
            guard checkSupported(declaration, encodes: encodes, decodes: decodes, in: context) else { return [] }
            return try cases.extensions(typeName, encodes: wantsEncodable, decodes: wantsDecodable)
        case .finalClass:
            // A class's instances still go through the coders' identity and cycle checks; its
            // generated code writes and reads the keyed container after them.
            if Self.keepsCodablePath(declaration) {
                // What only generated code and the initializers the macro writes can do would
                // be ignored here: refused.
                let problems = Self.evolutionOnCodablePath(declaration, attribute: node)
                problems.forEach(context.diagnose)
                return []
            }
            guard checkSupported(declaration, encodes: encodes, decodes: decodes, in: context) else { return [] }
        case .openClass, .unsupported:
            return []
        }

        guard let defaults = defaultsForMissingKeys(node) else {
            context.diagnose(Diagnostic(node: defaultsArgument(node).map { Syntax($0.expression) } ?? Syntax(node), message: ArchiveCodableDiagnostic.defaultsNotLiteral))
            return []
        }
        let shape = CodableShape(members: declaration.memberBlock.members)
        let evolution = Evolution(shape: shape, defaultsForMissingKeys: defaults)
        var conformances: [String] = []
        var members: [String] = []
        // A struct with no coded properties has an empty `CodingKeys`: its empty list needs the
        // type spelled, or the key type would be inferred as `Any`.
        let keyList = shape.entries.isEmpty ? "[CodingKeys]()" : "[\(shape.entries.map { key($0.name, of: "CodingKeys") }.joined(separator: ", "))]"
        // Without `CodingKeys` in the body, the keys are the compiler's (one per stored
        // property, in order) or an extension's, which this macro cannot see and whose order may
        // differ: the generated code checks, once per type, that the compiled enum declares its
        // cases in the order it writes them, and otherwise leaves the type to `Codable`. An
        // extension's enum without a case for some property fails to compile here, where the
        // comment, which the compiler shows beside the error, says what to do.
        let checksKeyOrder = !shape.declaresCodingKeys && !shape.entries.isEmpty
        // The names properties had (`@ArchiveAlias`) belong to the type as its keys do: read when
        // a key is absent, and never kept or written back as unknown fields.
        // Each key's aliases by position, so that an entry read under one keeps the unknown
        // fields after it in their place.
        let aliasesOfKeys = shape.entries.map { "\(evolution.aliasPositions(of: $0))" }
        let aliasArgument = evolution.aliasNames.isEmpty ? "" : ", aliases: _archiveAliasKeys, aliasesOfKeys: [\(aliasesOfKeys.joined(separator: ", "))]"
        members.append((checksKeyOrder ? "\(Self.extensionKeysAdvice)\n" : "") + "static let _archiveKeys = KeyedArchive.ArchiveKeySet(\(keyList)\(aliasArgument))")
        if !evolution.aliasNames.isEmpty {
            members.append("static let _archiveAliasKeys = KeyedArchive.ArchiveKeySet([\(evolution.aliasNames.map { "KeyedArchive.ArchiveAliasKey(\(literal($0)))" }.joined(separator: ", "))])")
        }
        if wantsEncodable {
            conformances.append("KeyedArchive.ArchiveDirectEncodable")
            members.append(encodeFunction(typeName, shape))
            members.append(encodeMessageFunction(typeName))
            if checksKeyOrder { members.append("public static var _archiveCanEncode: Bool { _archiveKeys.isInDeclarationOrder }") }
        }
        if wantsDecodable {
            conformances.append("KeyedArchive.ArchiveDirectDecodable")
            members.append(decodeFunction(typeName, shape))
            members.append(decodeMessageFunction(typeName))
            if checksKeyOrder { members.append("public static var _archiveCanDecode: Bool { _archiveKeys.isInDeclarationOrder }") }
            // A class's initializers must be in its body (an extension cannot add a designated
            // one): the member role writes them there. A struct's go here, where they leave it
            // its memberwise initializer.
            if kind == .structure {
                members.append(decodingInitializer(typeName, shape, evolution))
                if evolution.replacesInitFromDecoder {
                    members.append(codableInitializer(shape, evolution, access: accessModifier(declaration)))
                }
            }
        }
        // The schema of its archives (`ArchiveSchemaDescribing`), for the compatibility check.
        if !conformances.isEmpty, wanted.contains(where: { $0.hasSuffix("ArchiveSchemaDescribing") }) {
            // Named too when the compiler asks for it: a protocol the macro may add is not
            // implied by one that refines it.
            if wanted.contains(where: { $0.hasSuffix("ArchiveSchemaValue") }) { conformances.append("KeyedArchive.ArchiveSchemaValue") }
            conformances.append("KeyedArchive.ArchiveSchemaDescribing")
            members.append(schemaFunction(typeName, shape, evolution))
        }
        return try conformanceExtension(typeName, conformances: conformances, members: members)
    }

    /// Describes each entry: its name as its key spells it (no backticks), its key, the type of
    /// its property (read from a closure that returns it, so an initial value without a type
    /// annotation is enough), its default and aliases.
    /// (A closure, not a key path: `\T.`Type`` reads as a metatype. It names the type, as a key
    /// path had to: `\Self.x` failed to demangle at run time.)
    static func schemaFunction(_ typeName: String, _ shape: CodableShape, _ evolution: Evolution) -> String {
        let fields = shape.entries.map { entry in
            var arguments = [literal(entry.name.filter { $0 != "`" }), "key: \(key(entry.name, of: "CodingKeys"))",
                             "{ (value: \(typeName)) in value.\(member(entry.name)) }"]
            // A `let` with a value is written but never read: it never fails a read.
            if evolution.hasDefault(entry) || !entry.isDecoded { arguments.append("hasDefault: true") }
            if !entry.aliases.isEmpty { arguments.append("aliases: [\(entry.aliases.map(literal).joined(separator: ", "))]") }
            return "        builder.field(\(arguments.joined(separator: ", "))),"
        }
        // A literal, not appends to a `var`: a type without entries would leave the `var`
        // unmutated, a warning in the user's code.
        return """
            public static func _archiveTypeSchema(in builder: inout KeyedArchive.ArchiveSchemaBuilder) -> KeyedArchive.ArchiveTypeSchema {
                let fields: [KeyedArchive.ArchiveFieldSchema] = [
            \(fields.joined(separator: "\n"))
                ]
                return KeyedArchive.ArchiveTypeSchema(fields: fields, keepsUnknownFields: \(shape.unknownFields != nil))
            }
            """
    }

    /// The comment above the key list the macro makes of a type's stored properties, shown by
    /// the compiler beside "type 'CodingKeys' has no member" when `CodingKeys` is declared in an
    /// extension that leaves a property out.
    static let extensionKeysAdvice = "// @ArchiveCodable: one key per stored property. A CodingKeys declared in an extension needs a case for each; to leave one out, declare CodingKeys in the type's body."

    /// The raw-value types the standard library's `RawRepresentable` coding covers, which have
    /// single-value methods of `ArchiveWriter`/`ArchiveReader`. An enum with any
    /// other raw type (a type alias, say) keeps the `Codable` path.
    static let rawValueTypes: Set<String> = [
        "String", "Double", "Float", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
    ]

    /// The protocols an enum with generated code may also list: none of them brings a
    /// `Codable` implementation of its own.
    static let plainEnumProtocols: Set<String> = [
        "Codable", "Encodable", "Decodable", "Equatable", "Hashable", "Comparable", "Sendable", "CaseIterable",
        "CodingKey", "CustomStringConvertible", "Identifiable", "BitwiseCopyable",
    ]

    /// `Swift.String` as `String`: the standard library's types may be spelled qualified.
    static func withoutSwiftPrefix(_ name: String) -> String {
        name.hasPrefix("Swift.") ? String(name.dropFirst("Swift.".count)) : name
    }

    /// The conformances of an enum with a raw value: the raw value as the whole value, and the
    /// standard library's error for a raw value that names no case; and, given its `cases`,
    /// their raw values for schemas (the compiler works them out).
    static func rawValueExtension(_ typeName: String, encodes: Bool, decodes: Bool, cases: [String]?) throws -> [ExtensionDeclSyntax] {
        var conformances: [String] = []
        var members: [String] = []
        if let cases {
            conformances.append("KeyedArchive.ArchiveSchemaValue")
            members.append("""
                public static func _archiveValueType(in builder: inout KeyedArchive.ArchiveSchemaBuilder) -> KeyedArchive.ArchiveValueType {
                    builder.enumeration(\(typeName).self, cases: [\(cases.map { "." + member($0) }.joined(separator: ", "))])
                }
                """)
        }
        if encodes {
            conformances.append("KeyedArchive.ArchiveDirectEncodable")
            members.append("""
                \(encodeSignature(typeName)) {
                    try encoder.encodeSingleValue(value.rawValue)
                }
                """)
            members.append(encodeMessageFunction(typeName))
        }
        if decodes {
            conformances.append("KeyedArchive.ArchiveDirectDecodable")
            members.append("""
                \(decodeSignature(typeName)) {
                    let rawValue = try decoder.decodeSingleValue(RawValue.self)
                    guard let value = \(typeName)(rawValue: rawValue) else {
                        throw decoder.invalidRawValue(\(typeName).self, rawValue)
                    }
                    return value
                }
                """)
            members.append(decodeMessageFunction(typeName))
        }
        return try conformanceExtension(typeName, conformances: conformances, members: members)
    }

    /// The declaration of `_archiveEncode`, generic over the writer the library hands it.
    static func encodeSignature(_ typeName: String) -> String {
        "public static func _archiveEncode<Writer: KeyedArchive.ArchiveWriter>(_ value: \(typeName), to encoder: inout Writer) throws"
    }

    /// The declaration of `_archiveDecode`, generic over the reader the library hands it.
    static func decodeSignature(_ typeName: String) -> String {
        "public static func _archiveDecode<Reader: KeyedArchive.ArchiveReader>(from decoder: inout Reader) throws -> \(typeName)"
    }

    /// `_archiveEncodeMessage`: `_archiveEncode` called with the message writer, here in the
    /// type's own module, where the compiler specializes it for that writer (the library, which
    /// calls it, cannot specialize code of another module).
    static func encodeMessageFunction(_ typeName: String) -> String {
        """
        public static func _archiveEncodeMessage(_ value: \(typeName), to encoder: inout KeyedArchive.ArchiveMessageEncoder) throws {
            try _archiveEncode(value, to: &encoder)
        }
        """
    }

    /// `_archiveDecodeMessage`: `_archiveDecode` called with the message reader, specialized
    /// here as `encodeMessageFunction` is.
    static func decodeMessageFunction(_ typeName: String) -> String {
        """
        public static func _archiveDecodeMessage(from decoder: inout KeyedArchive.ArchiveMessageDecoder) throws -> \(typeName) {
            try _archiveDecode(from: &decoder)
        }
        """
    }

    /// The declaration of the initializer that reads the properties from a keyed container,
    /// generic over the reader's container.
    static let initializerSignature =
        "private init<Container: KeyedArchive.ArchiveKeyedReader>(_archiveFrom container: Container) throws"

    /// Writes every entry in key order, as the synthesized `encode(to:)` does.
    /// A type with `ArchiveUnknownFields` writes its unknown entries back where they stood:
    /// before the first entry and after each one.
    static func encodeFunction(_ typeName: String, _ shape: CodableShape) -> String {
        let unknown = shape.unknownFields.map { "value.\(member($0.name))" }
        let container = shape.entries.isEmpty && unknown == nil ? "_" : "var container"
        var writes = unknown.map { ["    try container.encode(\($0), after: -1)"] } ?? []
        for (index, entry) in shape.entries.enumerated() {
            writes.append("    try container.encode(value.\(member(entry.name)), at: \(index))")
            if let unknown { writes.append("    try container.encode(\(unknown), after: \(index))") }
        }
        return """
            \(encodeSignature(typeName)) {
                \(container) = encoder.keyedContainer(_archiveKeys)
            \(writes.joined(separator: "\n"))
            }
            """
    }

    /// Opens the value's keyed container and reads it, as the synthesized `init(from:)` does.
    /// A type without coding keys reads nothing (`CodableShape.decodesNothing`), and neither
    /// does its generated code.
    static func decodeFunction(_ typeName: String, _ shape: CodableShape) -> String {
        guard !shape.decodesNothing else {
            return """
                \(decodeSignature(typeName)) {
                    try \(typeName)(_archiveFrom: nil)
                }
                """
        }
        return """
            \(decodeSignature(typeName)) {
                try \(typeName)(_archiveFrom: decoder.keyedContainer(_archiveKeys))
            }
            """
    }

    /// Reads the container as swift-protobuf's generated `decodeMessage` does: a loop over its
    /// entries (`nextKey()`) that switches on each one's position and reads it into the
    /// property's local, an alias being one more case; then each property is set from its local
    /// in key order, and a property no entry gave is read as the synthesized `init(from:)` reads
    /// it (`keyNotFound`, `nil`, or with aliases and defaults as `codableInitializer` reads it).
    /// The general path's reader gives no entries to the loop, so that its reads and errors are
    /// `init(from:)`'s, in its order. Each local's type comes from its property (`unreadField`),
    /// each read's from the local.
    static func decodingInitializer(_ typeName: String, _ shape: CodableShape, _ evolution: Evolution) -> String {
        // Without coding keys there is no container to read (`decodeFunction`).
        guard !shape.decodesNothing else {
            return "private init(_archiveFrom container: KeyedArchive.ArchiveDirectKeyedDecodingContainer?) throws {}"
        }
        let decoded = shape.entries.enumerated().filter { $0.element.isDecoded }
        var lines: [String] = []
        // The type by its name, not `Self`, which a property named `Self` would shadow.
        if !evolution.aliasNames.isEmpty { lines.append("let aliases = container.withKeys(\(typeName)._archiveAliasKeys)") }
        // Locals named by position: no property name can shadow `container` or `key`.
        for (index, entry) in decoded {
            lines.append("var field\(index) = container.unreadField { (value: \(typeName)) in value.\(member(entry.name)) }")
        }
        if !decoded.isEmpty {
            var cases: [String] = []
            for (index, entry) in decoded {
                cases.append("case \(index): field\(index) = try .some(container.decode(at: \(index)))")
                for alias in evolution.aliasPositions(of: entry) {
                    let position = shape.entries.count + alias
                    cases.append("case \(position): field\(index) = try .some(container.decode(at: \(position)))")
                }
            }
            lines.append("while let key = try container.nextKey() {")
            lines.append("    switch key {")
            lines += cases.map { "    " + $0 }
            lines.append("    default: try container.skipEntry()")
            lines.append("    }")
            lines.append("}")
        }
        for (index, entry) in decoded {
            let property = "self.\(member(entry.name))"
            if entry.aliases.isEmpty, !evolution.hasDefault(entry) {
                lines.append("\(property) = try field\(index) ?? container.decode(at: \(index))")
                continue
            }
            let reads = evolution.reads(
                entry, property: property, key: "\(index)", aliasKeys: evolution.aliasPositions(of: entry).map { "\($0)" },
                contains: { container, key in "\(container).contains(\(key))" },
                decode: { container, key in "try \(container).decode(at: \(key))" },
                decodeWithDefault: { container, key, property in "try \(container).decode(at: \(key), default: &\(property))" })
            // An entry the loop read wins; the reads look for the property only when it found none.
            lines += ["if let value = field\(index) {", "    \(property) = value"]
            if let first = reads.first, first.hasPrefix("if ") {
                lines += ["} else " + first] + reads.dropFirst()
            } else {
                lines += ["} else {"] + reads.map { "    " + $0 } + ["}"]
            }
        }
        // Last: the entries no property took.
        if let unknown = shape.unknownFields { lines.append("self.\(member(unknown.name)) = try container.unknownFields()") }
        return """
            \(initializerSignature) {
            \(lines.map { "    " + $0 }.joined(separator: "\n"))
            }
            """
    }

    /// The `Codable` path's `init(from:)` for a type with aliases or defaults
    /// (`Evolution.replacesInitFromDecoder`): the synthesized one's reads, in key order, except
    /// that a key that is absent is looked for under the property's aliases, then left to the
    /// property's initial value if it has one and the type asks for defaults.
    static func codableInitializer(_ shape: CodableShape, _ evolution: Evolution, access: String) -> String {
        var lines = ["let container = try decoder.container(keyedBy: CodingKeys.self)"]
        if !evolution.aliasNames.isEmpty { lines.append("let aliases = try decoder.container(keyedBy: KeyedArchive.ArchiveAliasKey.self)") }
        for entry in shape.entries where entry.isDecoded {
            lines += evolution.reads(
                entry, property: "self.\(member(entry.name))", key: key(entry.name, of: "CodingKeys"),
                aliasKeys: entry.aliases.map { "KeyedArchive.ArchiveAliasKey(\(literal($0)))" },
                contains: { container, key in "\(container).contains(\(key))" },
                decode: { container, key in "try \(container)._archiveDecode(forKey: \(key))" },
                decodeWithDefault: { container, key, property in "try \(container)._archiveDecode(forKey: \(key), default: &\(property))" })
        }
        return """
            \(access)init(from decoder: any Decoder) throws {
            \(lines.map { "    " + $0 }.joined(separator: "\n"))
            }
            """
    }

    /// `text` as a Swift string literal.
    static func literal(_ text: String) -> String {
        StringLiteralExprSyntax(content: text).trimmedDescription
    }

    /// The access modifier a member that satisfies a protocol requirement for `declaration`
    /// needs: as visible as the type, `public` or `package`, or none.
    static func accessModifier(_ declaration: some DeclGroupSyntax) -> String {
        for modifier in declaration.modifiers {
            switch modifier.name.tokenKind {
            case .keyword(.public), .keyword(.open): return "public "
            case .keyword(.package): return "package "
            default: continue
            }
        }
        return ""
    }

    /// The `defaultsForMissingKeys:` argument of the attribute: `false` without one, `nil` if it
    /// is not a literal the macro can read (`defaultsArgument` says where).
    static func defaultsForMissingKeys(_ node: AttributeSyntax) -> Bool? {
        guard let argument = defaultsArgument(node) else { return false }
        return argument.expression.as(BooleanLiteralExprSyntax.self).map { $0.literal.tokenKind == .keyword(.true) }
    }

    /// The `defaultsForMissingKeys:` argument, if the attribute has one.
    static func defaultsArgument(_ node: AttributeSyntax) -> LabeledExprSyntax? {
        guard case .argumentList(let arguments)? = node.arguments else { return nil }
        return arguments.first { $0.label?.text == "defaultsForMissingKeys" }
    }

    /// The extension that conforms `typeName` to `conformances` with `members`; none if there is
    /// no conformance to add.
    static func conformanceExtension(_ typeName: String, conformances: [String], members: [String]) throws -> [ExtensionDeclSyntax] {
        guard !conformances.isEmpty else { return [] }
        let source = """
            extension \(typeName): \(conformances.joined(separator: ", ")) {
            \(members.joined(separator: "\n"))
            }
            """
        return [try ExtensionDeclSyntax(SyntaxNodeString(stringLiteral: source))]
    }

    /// Diagnoses what generated code could not match; `false` if anything was diagnosed.
    /// What refuses the declaration wherever its members are: a generic type around it (its
    /// static stored `_archiveKeys` would be a generic type's, which Swift does not allow), or
    /// `@Observable` on it (which turns its stored properties into computed ones over storage
    /// of other names, the ones its `Codable` conformance then codes). A generic type is seen
    /// only where it encloses the declaration in the source (`context.lexicalContext`), not
    /// through an extension of it.
    static func unsupportedContext(_ declaration: some DeclGroupSyntax, attribute: AttributeSyntax,
                                   in context: some MacroExpansionContext) -> Diagnostic? {
        let name = declaration.asProtocol(NamedDeclSyntax.self).map { Syntax($0.name) } ?? Syntax(attribute)
        // The declaration itself, if listed, is not generic (refused before this is asked).
        if context.lexicalContext.contains(where: { $0.asProtocol(WithGenericParametersSyntax.self)?.genericParameterClause != nil }) {
            return Diagnostic(node: name, message: ArchiveCodableDiagnostic.nestedInGeneric)
        }
        let observable = declaration.attributes.lazy.compactMap { $0.as(AttributeSyntax.self) }.first {
            ["Observable", "Observation.Observable"].contains($0.attributeName.trimmedDescription)
        }
        if let observable { return Diagnostic(node: observable, message: ArchiveCodableDiagnostic.observable) }
        return nil
    }

    static func checkSupported(_ declaration: some DeclGroupSyntax, encodes: Bool, decodes: Bool, readsMembers: Bool = true,
                               in context: some MacroExpansionContext) -> Bool {
        let problems = unsupported(declaration, encodes: encodes, decodes: decodes, readsMembers: readsMembers)
        problems.forEach(context.diagnose)
        return problems.isEmpty
    }

    /// What generated code could not match, as errors on the members that bring it.
    /// `readsMembers`: whether the generated code is built from the declaration's properties or
    /// cases (all but an enum with a raw value), which a `#if` would hide.
    static func unsupported(_ declaration: some DeclGroupSyntax, encodes: Bool, decodes: Bool, readsMembers: Bool = true) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        if readsMembers {
            problems += unsupportedUnknownFields(declaration.memberBlock.members)
            problems += aliasesOutsideCodingKeys(declaration.memberBlock.members)
        }
        for member in declaration.memberBlock.members {
            if readsMembers, let conditional = member.decl.as(IfConfigDeclSyntax.self), mayHideCodedMembers(conditional) {
                problems.append(Diagnostic(node: conditional.clauses.first?.poundKeyword ?? conditional.poundEndif,
                                           message: ArchiveCodableDiagnostic.conditionalMembers))
            }
            // `CodingKeys` cases inside `#if`: which are compiled in decides the keys.
            if readsMembers, let keys = member.decl.as(EnumDeclSyntax.self), keys.name.text == "CodingKeys",
               let conditional = keys.memberBlock.members.lazy.compactMap({ $0.decl.as(IfConfigDeclSyntax.self) }).first {
                problems.append(Diagnostic(node: conditional.clauses.first?.poundKeyword ?? conditional.poundEndif,
                                           message: ArchiveCodableDiagnostic.conditionalCodingKeys))
            }
            if let function = member.decl.as(FunctionDeclSyntax.self), encodes, function.name.text == "encode",
               function.signature.parameterClause.parameters.first?.firstName.text == "to" {
                problems.append(Diagnostic(node: function.name, message: ArchiveCodableDiagnostic.customEncode))
            }
            if let initializer = member.decl.as(InitializerDeclSyntax.self), decodes,
               initializer.signature.parameterClause.parameters.first?.firstName.text == "from" {
                problems.append(Diagnostic(node: initializer.initKeyword, message: ArchiveCodableDiagnostic.customDecode))
            }
            if let variable = member.decl.as(VariableDeclSyntax.self), !variable.isStatic {
                if variable.isLazy {
                    problems.append(Diagnostic(node: variable.bindingSpecifier, message: ArchiveCodableDiagnostic.lazyProperty))
                }
                // Any attribute on a stored property but the few that change nothing of its
                // coding is a property wrapper.
                let wrapper = variable.attributes.first {
                    guard let name = $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription else { return true }
                    return !Self.plainPropertyAttributes.contains(name) && !ArchiveAliasAttribute.attributeNames.contains(name)
                }
                for alias in variable.archiveAliases where alias.hasUnreadableArgument || alias.names.isEmpty {
                    problems.append(Diagnostic(node: alias.attribute, message: ArchiveCodableDiagnostic.aliasNotLiteral))
                }
                if let wrapper, variable.bindings.allSatisfy(\.isStored) {
                    // `@ArchiveDefault` has the macro's own way: say which.
                    let name = wrapper.as(AttributeSyntax.self)?.attributeName.as(IdentifierTypeSyntax.self)?.name.text
                        ?? wrapper.as(AttributeSyntax.self)?.attributeName.as(MemberTypeSyntax.self)?.name.text
                    let message: ArchiveCodableDiagnostic = name == "ArchiveDefault" ? .archiveDefaultWrapper : .propertyWrapper
                    problems.append(Diagnostic(node: wrapper, message: message))
                }
            }
        }
        return problems
    }

    /// What the generated code cannot do with the `ArchiveUnknownFields` properties among
    /// `members`: one, a `var` with an initial value (the `Codable` conformance leaves it out),
    /// not a key.
    static func unsupportedUnknownFields(_ members: MemberBlockItemListSyntax) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        let keys = CodableShape.codingKeysCases(in: members)
        for (index, property) in StoredProperty.all(in: members).filter(\.holdsUnknownFields).enumerated() {
            if !property.hasInitialValue || property.declaration.bindingSpecifier.tokenKind == .keyword(.let) {
                problems.append(Diagnostic(node: property.binding, message: ArchiveCodableDiagnostic.unknownFieldsWithoutValue))
            }
            if keys?.contains(property.name) == true {
                problems.append(Diagnostic(node: property.binding, message: ArchiveCodableDiagnostic.unknownFieldsInCodingKeys))
            }
            if index > 0 { problems.append(Diagnostic(node: property.binding, message: ArchiveCodableDiagnostic.twoUnknownFields)) }
        }
        return problems
    }

    /// The `@ArchiveAlias` attributes of stored properties that a `CodingKeys` declared in the
    /// body leaves out: such a property is not decoded, so its aliases would never be read.
    static func aliasesOutsideCodingKeys(_ members: MemberBlockItemListSyntax) -> [Diagnostic] {
        guard let keys = CodableShape.codingKeysCases(in: members) else { return [] }
        return StoredProperty.all(in: members).filter { !keys.contains($0.name) }.flatMap { property in
            property.declaration.archiveAliases.map { Diagnostic(node: $0.attribute, message: ArchiveCodableDiagnostic.aliasOnUndecodedProperty) }
        }
    }

    /// Whether a `#if` block declares, in any clause at any depth, something that decides what
    /// the conformance codes, which the generated code could not follow: a stored instance
    /// property, an enum case, a `CodingKeys` type, an `encode` method or an initializer (an
    /// `init(from:)`, or one that takes away a class's implicit `init()`). Methods, computed and
    /// static properties and other nested types around which a `#if` stands change nothing.
    static func mayHideCodedMembers(_ conditional: IfConfigDeclSyntax) -> Bool {
        conditional.clauses.contains { clause in
            guard case .decls(let members)? = clause.elements else { return false }
            return members.contains { item in
                let decl = item.decl
                if let nested = decl.as(IfConfigDeclSyntax.self) { return mayHideCodedMembers(nested) }
                if let variable = decl.as(VariableDeclSyntax.self) { return !variable.isStatic && variable.bindings.contains(where: \.isStored) }
                if let function = decl.as(FunctionDeclSyntax.self) { return function.name.text == "encode" }
                if let nominal = decl.asProtocol(NamedDeclSyntax.self), nominal.name.text == "CodingKeys" { return true }
                if let alias = decl.as(TypeAliasDeclSyntax.self) { return alias.name.text == "CodingKeys" }
                return decl.is(EnumCaseDeclSyntax.self) || decl.is(InitializerDeclSyntax.self)
            }
        }
    }

    /// Attributes of a stored property that are not property wrappers: they change nothing of how
    /// the synthesized conformance codes it.
    static let plainPropertyAttributes: Set<String> = [
        "available", "usableFromInline", "MainActor", "objc", "nonobjc", "preconcurrency", "exclusivity",
        "IBOutlet", "IBInspectable", "NSCopying",
    ]

    /// The names that read as something else after a `.` (`A.Type` is a metatype, `A.self` the
    /// type, `A.init` its initializer), backticks or not.
    static let namesUnreachableAfterDot: Set<String> = ["Type", "Protocol", "self", "Self", "init"]

    /// `name` as it can follow a `.`: in backticks if it is one of `namesUnreachableAfterDot`
    /// (enough for `self` and `init`).
    static func member(_ name: String) -> String {
        namesUnreachableAfterDot.contains(name) ? "`\(name)`" : name
    }

    /// The key `name` of the key type `keyType`: `keyType.name`, or for a name that cannot follow
    /// a `.` (`Type`, even in backticks), the key its string makes, as the synthesized
    /// conformance's own `init(stringValue:)` makes it.
    static func key(_ name: String, of keyType: String) -> String {
        let bare = name.filter { $0 != "`" }
        return namesUnreachableAfterDot.contains(bare) ? "\(keyType)(stringValue: \"\(bare)\")!" : "\(keyType).\(name)"
    }

    /// Whether `declaration` declares `Encodable` and `Decodable` (`Codable` is both).
    static func codableDirections(_ declaration: some DeclGroupSyntax) -> (encodes: Bool, decodes: Bool) {
        let inherited = Set(inheritedNames(declaration))
        return (!inherited.isDisjoint(with: ["Codable", "Encodable", "Swift.Codable", "Swift.Encodable"]),
                !inherited.isDisjoint(with: ["Codable", "Decodable", "Swift.Codable", "Swift.Decodable"]))
    }

    /// The types `declaration` inherits, as written, a composition (`Codable & Hashable`) split
    /// into its members as the compiler reads it.
    static func inheritedNames(_ declaration: some DeclGroupSyntax) -> [String] {
        func names(_ type: TypeSyntax) -> [String] {
            guard let composition = type.as(CompositionTypeSyntax.self) else { return [type.trimmedDescription] }
            return composition.elements.flatMap { names($0.type) }
        }
        return declaration.inheritanceClause?.inheritedTypes.flatMap { names($0.type) } ?? []
    }

    /// The protocols a final class with generated code may list: none brings a `Codable`
    /// implementation of its own, and none is a superclass.
    static let plainClassProtocols: Set<String> = [
        "Codable", "Encodable", "Decodable", "Equatable", "Hashable", "Sendable", "@unchecked Sendable", "Identifiable",
        "CustomStringConvertible", "CustomDebugStringConvertible", "AnyObject",
    ]

    /// Whether everything `declaration` inherits is a protocol the macro knows (no superclass).
    static func inheritsOnlyProtocols(_ declaration: some DeclGroupSyntax) -> Bool {
        inheritedNames(declaration).map(withoutSwiftPrefix).allSatisfy(plainClassProtocols.contains)
    }

    /// Whether a final class keeps its `Codable` conformance, with no generated code: it
    /// inherits a name the macro does not know, which may be a superclass, and declares no
    /// designated initializer, so it may inherit its superclass's initializers. The decoding
    /// initializer the macro adds to its body would take them away (a class that declares a
    /// designated initializer inherits none), and the macro cannot write them out as it writes
    /// out a class's implicit `init()`. A class that declares one has generated code like any
    /// other: its initializers, the synthesized `init(from:)` and the generated one all call
    /// the superclass's `init()` alike, implicitly.
    static func keepsCodablePath(_ declaration: some DeclGroupSyntax) -> Bool {
        // An `Encodable`-only class gets no initializer from the macro.
        guard DeclarationKind(declaration) == .finalClass, !inheritsOnlyProtocols(declaration),
              codableDirections(declaration).decodes else { return false }
        return !declaresDesignatedInitializer(declaration.memberBlock.members)
    }

    /// Whether `members` declare a designated initializer (not a `convenience` one) outside `#if`.
    static func declaresDesignatedInitializer(_ members: MemberBlockItemListSyntax) -> Bool {
        members.contains { member in
            guard let initializer = member.decl.as(InitializerDeclSyntax.self) else { return false }
            return !initializer.modifiers.contains { $0.name.tokenKind == .keyword(.convenience) }
        }
    }

    /// What a class that keeps its `Codable` path (`keepsCodablePath`) would ignore: its
    /// `@ArchiveAlias` attributes, `defaultsForMissingKeys: true` and its
    /// `ArchiveUnknownFields` property, which only the initializers the macro writes read —
    /// inside `#if` too, where nothing else would say so.
    static func evolutionOnCodablePath(_ declaration: some DeclGroupSyntax, attribute: AttributeSyntax) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        if let argument = defaultsArgument(attribute) {
            switch defaultsForMissingKeys(attribute) {
            case false?: break
            case true?: problems.append(Diagnostic(node: argument, message: ArchiveCodableDiagnostic.evolutionNeedsInitializer))
            case nil: problems.append(Diagnostic(node: argument.expression, message: ArchiveCodableDiagnostic.defaultsNotLiteral))
            }
        }
        let members = MemberBlockItemListSyntax(membersIncludingConditional(declaration.memberBlock.members))
        for member in members {
            // A static or computed property's alias is the peer macro's to refuse.
            guard let variable = member.decl.as(VariableDeclSyntax.self), !variable.isStatic,
                  variable.bindings.allSatisfy(\.isStored) else { continue }
            for alias in variable.archiveAliases {
                problems.append(Diagnostic(node: alias.attribute, message: ArchiveCodableDiagnostic.evolutionNeedsInitializer))
            }
        }
        for property in StoredProperty.all(in: members) where property.holdsUnknownFields {
            problems.append(Diagnostic(node: property.binding, message: ArchiveCodableDiagnostic.evolutionNeedsInitializer))
        }
        return problems
    }

    /// `members`, with those of every clause of every `#if` among them, at any depth.
    static func membersIncludingConditional(_ members: MemberBlockItemListSyntax) -> [MemberBlockItemSyntax] {
        members.flatMap { member -> [MemberBlockItemSyntax] in
            guard let conditional = member.decl.as(IfConfigDeclSyntax.self) else { return [member] }
            return conditional.clauses.flatMap { clause -> [MemberBlockItemSyntax] in
                guard case .decls(let inner)? = clause.elements else { return [] }
                return membersIncludingConditional(inner)
            }
        }
    }

    /// The error for a type without `Codable` in its declaration, with a fix-it adding it.
    static func notCodable(_ declaration: some DeclGroupSyntax) -> Diagnostic {
        let name = declaration.asProtocol(NamedDeclSyntax.self)?.name
        let newClause: InheritanceClauseSyntax
        if let clause = declaration.inheritanceClause {
            var types = Array(clause.inheritedTypes)
            // `: A {` becomes `: A, Codable {`: the space before the brace moves to the end.
            let trailing = types[types.count - 1].trailingTrivia
            types[types.count - 1] = types[types.count - 1].with(\.trailingTrivia, [])
                .with(\.trailingComma, .commaToken(trailingTrivia: .space))
            types.append(InheritedTypeSyntax(type: TypeSyntax("Codable")).with(\.trailingTrivia, trailing))
            newClause = clause.with(\.inheritedTypes, InheritedTypeListSyntax(types))
        } else {
            newClause = InheritanceClauseSyntax(
                colon: .colonToken(trailingTrivia: .space),
                inheritedTypes: [InheritedTypeSyntax(type: TypeSyntax("Codable"))])
        }
        var fixed = Syntax(declaration.with(\.inheritanceClause, newClause))
        if declaration.inheritanceClause == nil, let name, var named = fixed.asProtocol(NamedDeclSyntax.self) {
            // `struct A {` becomes `struct A: Codable {`: the space after the name moves after the clause.
            named.name = name.with(\.trailingTrivia, [])
            if var group = Syntax(named).asProtocol(DeclGroupSyntax.self) {
                group.inheritanceClause = newClause.with(\.trailingTrivia, name.trailingTrivia)
                fixed = Syntax(group)
            }
        }
        return Diagnostic(
            node: name.map(Syntax.init) ?? Syntax(declaration), message: ArchiveCodableDiagnostic.notCodable,
            fixIt: FixIt(message: AddCodableFixIt(), changes: [.replace(oldNode: Syntax(declaration), newNode: fixed)]))
    }
}

/// What `@ArchiveCodable` is attached to.
enum DeclarationKind {
    case structure, enumeration, finalClass, openClass, unsupported

    init(_ declaration: some DeclGroupSyntax) {
        if declaration.is(StructDeclSyntax.self) {
            self = .structure
        } else if declaration.is(EnumDeclSyntax.self) {
            self = .enumeration
        } else if let classDecl = declaration.as(ClassDeclSyntax.self) {
            self = classDecl.modifiers.contains { $0.name.tokenKind == .keyword(.final) } ? .finalClass : .openClass
        } else {
            self = .unsupported
        }
    }
}
