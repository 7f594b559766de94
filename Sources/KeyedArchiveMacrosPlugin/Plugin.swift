import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plugin that provides `@ArchiveCodable` and `@ArchiveAlias`.
@main
struct KeyedArchiveMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [ArchiveCodableMacro.self, ArchiveAliasMacro.self]
}
