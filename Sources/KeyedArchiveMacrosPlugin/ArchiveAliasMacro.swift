import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@ArchiveAlias("colour")`: adds nothing. `@ArchiveCodable` reads it from the property's
/// attributes (`ArchiveAliasAttribute`); this only refuses it where no `@ArchiveCodable` type
/// would read it, which would otherwise be silently ignored.
public struct ArchiveAliasMacro: PeerMacro {
    public static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        let enclosing = context.lexicalContext.first?.asProtocol(DeclGroupSyntax.self)
        let isRead = declaration.is(VariableDeclSyntax.self) && enclosing.map { group in
            group.attributes.contains {
                guard let name = $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription else { return false }
                return name == "ArchiveCodable" || name == "KeyedArchiveMacros.ArchiveCodable"
            }
        } == true
        if !isRead { context.diagnose(Diagnostic(node: node, message: ArchiveCodableDiagnostic.aliasOutsideArchiveCodable)) }
        return []
    }
}
