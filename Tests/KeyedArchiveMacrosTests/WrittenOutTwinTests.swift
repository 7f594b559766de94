import Foundation
import KeyedArchiveMacrosPlugin
import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros
import Testing

/// The conformances written out by hand where swift-syntax must not be built (`karchive`'s
/// `GeneratedCodeCommit`, `GeneratedCodeAppState`, the message twins) or where the fuzzer needs them (`FuzzDirect`) are what `@ArchiveCodable`
/// generates for the same declarations: the test expands the macro on the file's own structs and
/// compares each generated extension with the written one, token for token. Only the `public` on
/// the members (the macro writes it for every type) and the `KeyedArchive.` module qualifier are
/// left out of the comparison.
@Suite struct WrittenOutTwinTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The extensions of `file` that conform a type to `ArchiveDirectEncodable`, by extended type,
    /// as normalized token strings.
    static func directExtensions(in file: SourceFileSyntax) -> [String: String] {
        var result: [String: String] = [:]
        for item in file.statements {
            guard let ext = item.item.as(ExtensionDeclSyntax.self),
                  let inherited = ext.inheritanceClause?.inheritedTypes,
                  inherited.contains(where: { $0.type.trimmedDescription.hasSuffix("ArchiveDirectEncodable") }) else { continue }
            result[ext.extendedType.trimmedDescription] = normalized(ext)
        }
        return result
    }

    /// The node's tokens, without trivia (spaces, comments), `public` or `KeyedArchive.`.
    static func normalized(_ node: some SyntaxProtocol) -> String {
        var tokens: [String] = []
        for token in node.tokens(viewMode: .sourceAccurate) {
            if token.text == "public" { continue }
            if token.text == ".", tokens.last == "KeyedArchive" { tokens.removeLast(); continue }
            tokens.append(token.text)
        }
        return tokens.joined(separator: " ")
    }

    /// The file's written-out extensions, and the extensions the macro generates when the structs
    /// they extend are annotated instead.
    static func writtenAndGenerated(_ path: String) throws -> (written: [String: String], generated: [String: String]) {
        let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        let file = Parser.parse(source: text)
        var written = directExtensions(in: file)
        // The structs the extensions extend ("A" and "A.B" for a nested "B"), annotated.
        let names = Set(written.keys)
        final class Annotate: SyntaxRewriter {
            let names: Set<String>
            var scope: [String] = []
            init(_ names: Set<String>) { self.names = names }
            override func visit(_ node: StructDeclSyntax) -> DeclSyntax {
                annotated(node, named: node.name.text)
            }
            override func visit(_ node: EnumDeclSyntax) -> DeclSyntax {
                annotated(node, named: node.name.text)
            }
            override func visit(_ node: ClassDeclSyntax) -> DeclSyntax {
                // A class's decoding initializer is in its body: the written one is taken out,
                // for the macro's member role to write its own there.
                var node = node
                node.memberBlock.members = node.memberBlock.members.filter { !WrittenOutTwinTests.isDecodingInitializer($0.decl) }
                return annotated(node, named: node.name.text)
            }
            func annotated<Decl: DeclGroupSyntax & WithAttributesSyntax>(_ node: Decl, named name: String) -> DeclSyntax {
                scope.append(name)
                defer { scope.removeLast() }
                var node = node
                node.memberBlock = visit(node.memberBlock)
                guard names.contains(scope.joined(separator: ".")) else { return DeclSyntax(node) }
                let attribute = AttributeSyntax(attributeName: IdentifierTypeSyntax(name: .identifier("ArchiveCodable")))
                node.attributes.append(.attribute(attribute.with(\.trailingTrivia, .space)))
                return DeclSyntax(node)
            }
        }
        let structs = file.statements.filter {
            $0.item.is(StructDeclSyntax.self) || $0.item.is(EnumDeclSyntax.self) || $0.item.is(ClassDeclSyntax.self)
        }
        let annotated = Annotate(names).rewrite(SourceFileSyntax(statements: structs))
        let expanded = annotated.expand(
            macroSpecs: ["ArchiveCodable": MacroSpec(type: ArchiveCodableMacro.self, conformances: ["ArchiveDirectEncodable", "ArchiveDirectDecodable"])],
            contextGenerator: { BasicMacroExpansionContext(lexicalContext: $0.allMacroLexicalContexts(), expansionDiscriminator: "", sourceFiles: [:]) })
        let expandedFile = Parser.parse(source: expanded.description)
        var generated = directExtensions(in: expandedFile)
        // The classes' decoding initializers, compared as members of their own.
        written.merge(decodingInitializers(in: file)) { $1 }
        generated.merge(decodingInitializers(in: expandedFile)) { $1 }
        return (written, generated)
    }

    /// Whether `decl` is a decoding initializer as the macro writes it: `init(_archiveFrom:)`.
    static func isDecodingInitializer(_ decl: DeclSyntax) -> Bool {
        decl.as(InitializerDeclSyntax.self)?.signature.parameterClause.parameters.first?.firstName.text == "_archiveFrom"
    }

    /// The decoding initializers in the bodies of `file`'s classes, by class name (with
    /// "init in " before it), as normalized token strings.
    static func decodingInitializers(in file: SourceFileSyntax) -> [String: String] {
        final class Collect: SyntaxVisitor {
            var found: [String: String] = [:]
            override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
                for member in node.memberBlock.members where WrittenOutTwinTests.isDecodingInitializer(member.decl) {
                    found["init in \(node.name.text)"] = WrittenOutTwinTests.normalized(member.decl)
                }
                return .visitChildren
            }
        }
        let collect = Collect(viewMode: .sourceAccurate)
        collect.walk(file)
        return collect.found
    }

    @Test(arguments: ["Sources/KeyedArchiveSamples/GeneratedCodeCommits.swift", "Sources/KeyedArchiveSamples/GeneratedCodeAppState.swift",
                      "Sources/KeyedArchiveSamples/GeneratedCodeMessages.swift", "Sources/KeyedArchiveSamples/GeneratedCodeMediaContent.swift",
                      "Sources/KeyedArchiveSamples/GeneratedCodeStringKeyedMessages.swift", "Sources/KeyedArchiveSamples/GeneratedCodeVaryingMessages.swift",
                      "Sources/KeyedArchiveSamples/GeneratedCodeEvolvingMessages.swift", "Tests/KeyedArchiveTests/Support/FuzzModels.swift"])
    func theWrittenConformancesAreTheMacros(_ path: String) throws {
        let (written, generated) = try Self.writtenAndGenerated(path)
        #expect(!written.isEmpty)
        #expect(Set(generated.keys) == Set(written.keys), "\(path)")
        for (type, text) in written.sorted(by: { $0.key < $1.key }) {
            #expect(generated[type] == text, "\(path): \(type)\nwritten:   \(text)\ngenerated: \(generated[type] ?? "none")")
        }
    }
}

