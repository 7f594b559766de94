import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plugin that provides `@ArchiveCodable`.
@main
struct KeyedArchiveMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [ArchiveCodableMacro.self]
}
