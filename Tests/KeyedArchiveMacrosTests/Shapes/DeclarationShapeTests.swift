import Foundation
@testable import KeyedArchive
import KeyedArchiveMacrosPlugin
import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros
import Testing

/// Issue 31's rule on every declaration shape `DeclarationShape` generates: the generated code
/// writes exactly what the `Codable` conformance writes, or the macro refuses the type at the
/// declaration.
@Suite struct DeclarationShapeTests {
    static let generatedFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("GeneratedShapes.swift")

    /// The compiled shapes are the model's: `GeneratedShapes.swift` is what it renders.
    @Test func theGeneratedFileIsWhatTheModelRenders() throws {
        let rendered = DeclarationShape.generatedFile()
        if ProcessInfo.processInfo.environment["UPDATE_GENERATED_SHAPES"] == "1" {
            try rendered.write(to: Self.generatedFile, atomically: true, encoding: .utf8)
        }
        let committed = try String(contentsOf: Self.generatedFile, encoding: .utf8)
        #expect(committed == rendered, "GeneratedShapes.swift is stale: UPDATE_GENERATED_SHAPES=1 swift test --filter DeclarationShapeTests")
        #expect(generatedShapes.count == DeclarationShape.all(includingRefused: false).count + EnumShape.all().count)
    }

    /// The macro's expansion of `source`: its extension's `_archiveKeys` initializer, whether
    /// it checks the key order, and its diagnostics.
    static func expand(_ source: String) -> (keys: String?, checksOrder: Bool, diagnostics: [String]) {
        final class Contexts { var all: [BasicMacroExpansionContext] = [] }
        let contexts = Contexts()
        let expanded = Parser.parse(source: source).expand(
            macroSpecs: ["ArchiveCodable": MacroSpec(type: ArchiveCodableMacro.self, conformances: ["ArchiveDirectEncodable", "ArchiveDirectDecodable"])],
            contextGenerator: { node in
                let context = BasicMacroExpansionContext(lexicalContext: node.allMacroLexicalContexts(), expansionDiscriminator: "", sourceFiles: [:])
                contexts.all.append(context)
                return context
            })
        var keys: String?
        var checksOrder = false
        for item in Parser.parse(source: expanded.description).statements {
            guard let ext = item.item.as(ExtensionDeclSyntax.self) else { continue }
            for member in ext.memberBlock.members {
                guard let variable = member.decl.as(VariableDeclSyntax.self), let binding = variable.bindings.first else { continue }
                let name = binding.pattern.trimmedDescription
                if name == "_archiveKeys" { keys = binding.initializer?.value.trimmedDescription }
                if name == "_archiveCanEncode" || name == "_archiveCanDecode" { checksOrder = true }
            }
        }
        return (keys, checksOrder, contexts.all.flatMap(\.diagnostics).map(\.message))
    }

    /// Every shape, refused ones included, expanded in-process: refused exactly when it has a
    /// form the macro refuses; otherwise its keys are those it can see, in their order, and the
    /// order is checked at run time exactly when the keys are not in the body.
    @Test func everyShapeIsExpandedOrRefusedAsItShouldBe() {
        let shapes = DeclarationShape.all(includingRefused: true)
        #expect(shapes.contains(where: \.isRefused) && shapes.contains { !$0.isRefused })
        for (index, shape) in shapes.enumerated() {
            let source = shape.source(named: "Shape\(index)", annotated: true)
            let expansion = Self.expand(source)
            if shape.isRefused {
                #expect(!expansion.diagnostics.isEmpty && expansion.keys == nil, "\(source)")
                continue
            }
            #expect(expansion.diagnostics.isEmpty, "\(source)\n\(expansion.diagnostics)")
            // What the macro sees: the body's `CodingKeys`, else the stored properties (an
            // extension's order is the run-time check's business).
            let seen = shape.keys.isInBody ? shape.codedKeys : shape.coded.map(\.name)
            let expected = seen.isEmpty ? "[CodingKeys]()" : "[\(seen.map { "CodingKeys.\($0)" }.joined(separator: ", "))]"
            #expect(expansion.keys == "KeyedArchive.ArchiveKeySet(\(expected))", "\(source)")
            #expect(expansion.checksOrder == (!shape.keys.isInBody && !shape.codedKeys.isEmpty), "\(source)")
        }
    }

    /// Every accepted shape, compiled with the real macro: its bytes are its conformance's and
    /// its unannotated twin's, with every encoder option; it decodes, and fails on cut archives,
    /// as the conformance does; and it keeps generated code unless its keys are in an extension
    /// in another order.
    @Test func everyCompiledShapeWritesAndReadsAsItsConformance() throws {
        #expect(generatedShapes.count >= 60)
        for shape in generatedShapes {
            try Self.check(shape.annotated, twin: shape.twin, keepsGeneratedCode: shape.keepsGeneratedCode)
        }
    }

    static func check<S: GeneratedShape>(_: S.Type, twin: any ShapeTwin.Type, keepsGeneratedCode: Bool) throws {
        // Generated code, and used: conformed, and not left to `Codable` at run time.
        let encodes = (S.self as? any ArchiveDirectEncodable.Type)?._archiveCanEncode ?? false
        let decodes = (S.self as? any ArchiveDirectDecodable.Type)?._archiveCanDecode ?? false
        #expect(encodes == keepsGeneratedCode && decodes == keepsGeneratedCode, "\(S.self)")
        let options: [(String, (inout ArchiveEncoder) -> Void)] = [
            ("default", { _ in }), ("deterministic", { $0.deterministic = true }), ("identity", { $0.preservesObjectIdentity = true }),
        ]
        let json = JSONEncoder()
        json.outputFormatting = .sortedKeys
        for seed in [0, 1, 2, 7] {
            let value = S(seed: seed)
            for (name, configure) in options {
                let bytes = try AnnotatedTypeTests.bytesBothWays(value, configure)
                #expect(bytes.direct == bytes.codable, "\(S.self) seed \(seed) \(name)")
            }
            let codable = try AnnotatedTypeTests.bytesBothWays(value).codable
            #expect(try encodedTwin(twin, seed: seed) == codable, "\(S.self) seed \(seed): the twin")
            #expect(try json.encode(value) == jsonTwin(twin, seed: seed, json), "\(S.self) seed \(seed): JSON")
            AnnotatedTypeTests.expectSameDecoding(S.self, from: codable)
            for cut in stride(from: 0, to: codable.count, by: 3) {
                AnnotatedTypeTests.expectSameDecoding(S.self, from: codable.prefix(cut))
            }
        }
    }

    static func encodedTwin<T: ShapeTwin>(_: T.Type, seed: Int) throws -> Data {
        var encoder = ArchiveEncoder()
        encoder.usesGeneratedCode = false
        return try encoder.encode(T(seed: seed))
    }

    static func jsonTwin<T: ShapeTwin>(_: T.Type, seed: Int, _ json: JSONEncoder) throws -> Data {
        try json.encode(T(seed: seed))
    }
}
