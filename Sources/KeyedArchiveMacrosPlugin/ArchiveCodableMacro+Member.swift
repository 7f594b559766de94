import SwiftSyntax
import SwiftSyntaxMacros

/// The member role of `@ArchiveCodable`: a final class's decoding initializer, in the class's
/// body, where a designated initializer must be (an extension cannot add one). The extension
/// role writes everything else, and is the one that diagnoses: this role only stays silent when
/// there is nothing to add.
extension ArchiveCodableMacro: MemberMacro {
    public static func expansion(
        of node: AttributeSyntax,
        providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        // The same conditions as the extension role's for a struct or a class.
        let (encodes, decodes) = codableDirections(declaration)
        let kind = DeclarationKind(declaration)
        guard kind == .finalClass || kind == .structure, encodes || decodes,
              declaration.asProtocol(WithGenericParametersSyntax.self)?.genericParameterClause == nil,
              !keepsCodablePath(declaration),
              unsupportedContext(declaration, attribute: node, in: context) == nil,
              unsupported(declaration, encodes: encodes, decodes: decodes).isEmpty,
              let defaults = defaultsForMissingKeys(node) else { return [] }
        let shape = CodableShape(members: declaration.memberBlock.members)
        let evolution = Evolution(shape: shape, defaultsForMissingKeys: defaults)
        var members: [DeclSyntax] = []
        // The `init(from:)` written for aliases or defaults leaves a type that is only
        // `Decodable` without the `CodingKeys` the compiler would have synthesized for it; and
        // the compiler's would code the `ArchiveUnknownFields` property as an entry.
        if !shape.declaresCodingKeys, shape.unknownFields != nil || (evolution.replacesInitFromDecoder && !encodes) {
            let cases = shape.entries.map { "    case \($0.name)" }.joined(separator: "\n")
            // An enum without cases cannot have a raw type: a type that keeps only unknown
            // fields has keys that are never made.
            let rawType = shape.entries.isEmpty ? "" : "String, "
            members.append(DeclSyntax(stringLiteral: "enum CodingKeys: \(rawType)CodingKey {\n\(cases)\n}"))
        }
        // A class's decoding initializers, which must be in its body.
        guard kind == .finalClass, decodes else { return members }
        let typeName = declaration.as(ClassDeclSyntax.self)!.name.text
        members.append(DeclSyntax(stringLiteral: decodingInitializer(typeName, shape, evolution)))
        if evolution.replacesInitFromDecoder {
            members.append(DeclSyntax(stringLiteral: codableInitializer(shape, evolution, access: accessModifier(declaration))))
        }
        // A class that declares no initializer and gives every stored property a value has an
        // implicit `init()`, which an initializer added to its body would take away: it is
        // written out.
        if hasImplicitInitializer(declaration.memberBlock.members) { members.append("init() {}") }
        return members
    }

    /// Whether a class with these members has the implicit `init()`: no designated initializer
    /// of its own (a `convenience` one may call the implicit `init()`), and every stored
    /// property initialized (with a value, or a `var` of optional type).
    static func hasImplicitInitializer(_ members: MemberBlockItemListSyntax) -> Bool {
        guard !declaresDesignatedInitializer(members) else { return false }
        return StoredProperty.all(in: members).allSatisfy { property in
            let bindings = Array(property.declaration.bindings)
            guard let index = bindings.firstIndex(where: { $0.id == property.binding.id }) else { return false }
            if bindings[index].initializer != nil { return true }
            let isVar = property.declaration.bindingSpecifier.tokenKind == .keyword(.var)
            // `var a, b: Int?`: the type is written once, after the last name.
            let type = bindings[index...].first { $0.typeAnnotation != nil }?.typeAnnotation?.type
            // Only the `?` and `!` spellings start out `nil`, not `Optional<T>`.
            return isVar && (type?.is(OptionalTypeSyntax.self) == true || type?.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) == true)
        }
    }
}
