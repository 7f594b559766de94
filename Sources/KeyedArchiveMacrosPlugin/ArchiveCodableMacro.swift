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
        guard let structDecl = declaration.as(StructDeclSyntax.self) else {
            context.diagnose(Diagnostic(node: node, message: ArchiveCodableDiagnostic.notAStruct))
            return []
        }
        guard structDecl.genericParameterClause == nil else {
            context.diagnose(Diagnostic(node: structDecl.name, message: ArchiveCodableDiagnostic.generic))
            return []
        }
        let inherited = Set(structDecl.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? [])
        let encodes = !inherited.isDisjoint(with: ["Codable", "Encodable", "Swift.Codable", "Swift.Encodable"])
        let decodes = !inherited.isDisjoint(with: ["Codable", "Decodable", "Swift.Codable", "Swift.Decodable"])
        guard encodes || decodes else {
            context.diagnose(notCodable(structDecl))
            return []
        }
        guard checkSupported(structDecl, encodes: encodes, decodes: decodes, in: context) else { return [] }

        let shape = CodableShape(members: structDecl.memberBlock.members)
        let typeName = type.trimmedDescription
        let wanted = Set(protocols.map { $0.trimmedDescription })
        var conformances: [String] = []
        var members: [String] = []
        members.append("static let _archiveKeys = KeyedArchive.ArchiveKeySet([\(shape.entries.map { "CodingKeys.\($0.name)" }.joined(separator: ", "))])")
        if encodes, wanted.contains(where: { $0.hasSuffix("ArchiveDirectEncodable") }) {
            conformances.append("KeyedArchive.ArchiveDirectEncodable")
            members.append(encodeFunction(typeName, shape))
        }
        if decodes, wanted.contains(where: { $0.hasSuffix("ArchiveDirectDecodable") }) {
            conformances.append("KeyedArchive.ArchiveDirectDecodable")
            members.append(decodeFunction(typeName))
            members.append(decodingInitializer(shape))
        }
        guard !conformances.isEmpty else { return [] }
        let source = """
            extension \(typeName): \(conformances.joined(separator: ", ")) {
            \(members.joined(separator: "\n"))
            }
            """
        return [try ExtensionDeclSyntax(SyntaxNodeString(stringLiteral: source))]
    }

    /// Writes every entry in key order, as the synthesized `encode(to:)` does.
    static func encodeFunction(_ typeName: String, _ shape: CodableShape) -> String {
        let container = shape.entries.isEmpty ? "_" : "var container"
        let writes = shape.entries.enumerated().map { index, entry in
            "    try container.encode(value.\(entry.name), at: \(index))"
        }
        return """
            public static func _archiveEncode(_ value: \(typeName), to encoder: inout KeyedArchive.ArchiveDirectEncoder) throws {
                \(container) = encoder.keyedContainer(_archiveKeys)
            \(writes.joined(separator: "\n"))
            }
            """
    }

    static func decodeFunction(_ typeName: String) -> String {
        """
        public static func _archiveDecode(from decoder: inout KeyedArchive.ArchiveDirectDecoder) throws -> \(typeName) {
            try \(typeName)(_archiveFrom: decoder.keyedContainer(_archiveKeys))
        }
        """
    }

    /// Reads every decoded entry in key order, as the synthesized `init(from:)` does; each
    /// property's type comes from the assignment.
    static func decodingInitializer(_ shape: CodableShape) -> String {
        let reads = shape.entries.enumerated().compactMap { index, entry in
            entry.isDecoded ? "    self.\(entry.name) = try container.decode(at: \(index))" : nil
        }
        return """
            private init(_archiveFrom container: KeyedArchive.ArchiveDirectKeyedDecodingContainer) throws {
            \(reads.joined(separator: "\n"))
            }
            """
    }

    /// Diagnoses what generated code could not match; `false` if anything was diagnosed.
    static func checkSupported(_ structDecl: StructDeclSyntax, encodes: Bool, decodes: Bool,
                               in context: some MacroExpansionContext) -> Bool {
        var supported = true
        for member in structDecl.memberBlock.members {
            if let function = member.decl.as(FunctionDeclSyntax.self), encodes, function.name.text == "encode",
               function.signature.parameterClause.parameters.first?.firstName.text == "to" {
                context.diagnose(Diagnostic(node: function.name, message: ArchiveCodableDiagnostic.customEncode))
                supported = false
            }
            if let initializer = member.decl.as(InitializerDeclSyntax.self), decodes,
               initializer.signature.parameterClause.parameters.first?.firstName.text == "from" {
                context.diagnose(Diagnostic(node: initializer.initKeyword, message: ArchiveCodableDiagnostic.customDecode))
                supported = false
            }
            if let variable = member.decl.as(VariableDeclSyntax.self), !variable.isStatic {
                if variable.isLazy {
                    context.diagnose(Diagnostic(node: variable.bindingSpecifier, message: ArchiveCodableDiagnostic.lazyProperty))
                    supported = false
                }
                // Any attribute on a stored property but `@available` is a property wrapper.
                let wrapper = variable.attributes.first {
                    $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription != "available"
                }
                if let wrapper, variable.bindings.allSatisfy(\.isStored) {
                    context.diagnose(Diagnostic(node: wrapper, message: ArchiveCodableDiagnostic.propertyWrapper))
                    supported = false
                }
            }
        }
        return supported
    }

    /// The error for a type without `Codable` in its declaration, with a fix-it adding it.
    static func notCodable(_ structDecl: StructDeclSyntax) -> Diagnostic {
        let newClause: InheritanceClauseSyntax
        if let clause = structDecl.inheritanceClause {
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
        var fixed = structDecl.with(\.inheritanceClause, newClause)
        if structDecl.inheritanceClause == nil {
            fixed = fixed.with(\.name, structDecl.name.with(\.trailingTrivia, []))
                .with(\.inheritanceClause, newClause.with(\.trailingTrivia, structDecl.name.trailingTrivia))
        }
        return Diagnostic(
            node: structDecl.name, message: ArchiveCodableDiagnostic.notCodable,
            fixIt: FixIt(message: AddCodableFixIt(), changes: [.replace(oldNode: Syntax(structDecl), newNode: Syntax(fixed))]))
    }
}
