import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@ArchiveAlias("colour")`: adds nothing. `@ArchiveCodable` reads it from the property's
/// attributes (`ArchiveAliasAttribute`); this only refuses it where it would be silently
/// ignored: where no `@ArchiveCodable` type reads it, or on a property that is never decoded.
public struct ArchiveAliasMacro: PeerMacro {
    public static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        let enclosing = context.lexicalContext.first?.asProtocol(DeclGroupSyntax.self)
        guard let variable = declaration.as(VariableDeclSyntax.self), let enclosing, enclosing.attributes.contains(where: {
            guard let name = $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription else { return false }
            return name == "ArchiveCodable" || name == "KeyedArchiveMacros.ArchiveCodable"
        }) else {
            context.diagnose(Diagnostic(node: node, message: ArchiveCodableDiagnostic.aliasOutsideArchiveCodable))
            return []
        }
        if !isDecoded(variable) {
            context.diagnose(Diagnostic(node: node, message: ArchiveCodableDiagnostic.aliasOnUndecodedProperty))
        }
        return []
    }

    /// Whether the synthesized `init(from:)` may decode what `variable` declares, as far as the
    /// declaration alone tells: stored instance properties, not a `let` with a value, not the
    /// `ArchiveUnknownFields` property. (A property left out of `CodingKeys` is refused by
    /// `@ArchiveCodable`, which sees the type's members.)
    static func isDecoded(_ variable: VariableDeclSyntax) -> Bool {
        guard !variable.isStatic, variable.bindings.allSatisfy(\.isStored) else { return false }
        let properties = StoredProperty.all(in: [MemberBlockItemSyntax(decl: variable)])
        return properties.allSatisfy { $0.isDecoded && !$0.holdsUnknownFields }
    }
}
