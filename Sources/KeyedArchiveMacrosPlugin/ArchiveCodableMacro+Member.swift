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
        // The same conditions as the extension role's for a class.
        let (encodes, decodes) = codableDirections(declaration)
        guard DeclarationKind(declaration) == .finalClass, decodes,
              declaration.asProtocol(WithGenericParametersSyntax.self)?.genericParameterClause == nil,
              inheritsOnlyProtocols(declaration),
              unsupported(declaration, encodes: encodes, decodes: decodes).isEmpty else { return [] }
        return [DeclSyntax(stringLiteral: decodingInitializer(CodableShape(members: declaration.memberBlock.members)))]
    }
}
