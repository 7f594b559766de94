import Foundation
@testable import KeyedArchive
import KeyedArchiveMacros
import KeyedArchiveMacrosPlugin
import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros
import Testing

/// Issue 61: every shape × every attribute of `EvolutionCell` works on every path or is
/// refused by the macro — none compiles and does nothing.
@Suite struct EvolutionMatrixTests {
    static let generatedFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("GeneratedEvolutionMatrix.swift")

    /// The compiled cells are the model's: `GeneratedEvolutionMatrix.swift` is what it renders.
    @Test func theGeneratedFileIsWhatTheModelRenders() throws {
        let rendered = EvolutionCell.generatedFile()
        if ProcessInfo.processInfo.environment["UPDATE_GENERATED_SHAPES"] == "1" {
            try rendered.write(to: Self.generatedFile, atomically: true, encoding: .utf8)
        }
        let committed = try String(contentsOf: Self.generatedFile, encoding: .utf8)
        #expect(committed == rendered, "GeneratedEvolutionMatrix.swift is stale: UPDATE_GENERATED_SHAPES=1 swift test --filter EvolutionMatrixTests")
        #expect(evolutionMatrixSubjects.count == EvolutionCell.all.filter { $0.verdict == .works }.count)
    }

    /// The diagnostics of `source` expanded in-process with both macros, and whether the
    /// expansion conforms anything to the generated-code protocols.
    static func expand(_ source: String) -> (diagnostics: [String], generatesCode: Bool) {
        final class Contexts { var all: [BasicMacroExpansionContext] = [] }
        let contexts = Contexts()
        let expanded = Parser.parse(source: source).expand(
            macroSpecs: [
                "ArchiveCodable": MacroSpec(type: ArchiveCodableMacro.self, conformances: ["ArchiveDirectEncodable", "ArchiveDirectDecodable"]),
                "ArchiveAlias": MacroSpec(type: ArchiveAliasMacro.self),
            ],
            contextGenerator: { node in
                let context = BasicMacroExpansionContext(lexicalContext: node.allMacroLexicalContexts(), expansionDiscriminator: "", sourceFiles: [:])
                contexts.all.append(context)
                return context
            })
        return (contexts.all.flatMap(\.diagnostics).map(\.message), expanded.description.contains("ArchiveDirectDecodable"))
    }

    /// Every cell, expanded: a cell that works expands without a word, a refused one with its
    /// error (and only errors that say why).
    @Test func everyCellIsAcceptedOrRefusedAsItShouldBe() {
        var verdicts: [EvolutionCell.Verdict: Int] = [:]
        for cell in EvolutionCell.all {
            switch cell.verdict {
            case .inexpressible:
                continue
            case .works:
                let expansion = Self.expand(cell.declaration)
                #expect(expansion.diagnostics.isEmpty, "\(cell.declaration)")
                #expect(expansion.generatesCode == cell.hasGeneratedCode, "\(cell.declaration)")
            case .refused(let message):
                let expansion = Self.expand(cell.declaration)
                #expect(expansion.diagnostics.contains(message), "\(cell.declaration)\n\(expansion.diagnostics)")
                // A type refused has no generated code (an alias refused by `@ArchiveAlias`
                // itself fails the build as surely, beside the type's code).
                if cell.attribute != .alias || cell.shape != .enumeration {
                    #expect(!expansion.generatesCode, "\(cell.declaration)")
                }
            }
            verdicts[cell.verdict, default: 0] += 1
        }
        #expect(verdicts[.works, default: 0] == 26)
    }

    /// Every way of decoding: generated code on its message and general paths, the
    /// `init(from:)` (through `ArchiveDecoder` without generated code, and `JSONDecoder`).
    static let paths = EvolutionDecoder.allCases

    @Test func everyCompiledCellWorksOnEveryPath() throws {
        #expect(evolutionMatrixSubjects.count == 26)
        for subject in evolutionMatrixSubjects {
            try Self.check(subject)
        }
    }

    static func check<T: EvolutionSubject>(_: T.Type) throws {
        // Generated code where the cell has it; none for the class that keeps its `Codable` path.
        #expect(((T.self as? any ArchiveDirectDecodable.Type) != nil) == T.hasGeneratedCode, "\(T.self)")
        #expect(((T.self as? any ArchiveDirectEncodable.Type) != nil) == T.hasGeneratedCode, "\(T.self)")
        // Its own archives: the same bytes both ways, and read back on every path.
        let value = T(name: "now", color: "teal", size: 3)
        var codable = ArchiveEncoder()
        codable.usesGeneratedCode = false
        #expect(try ArchiveEncoder().encode(value) == codable.encode(value), "\(T.self)")
        for path in paths {
            let back = try path.transcode(value, as: T.self)
            #expect(back.name == "now" && back.colorValue == value.colorValue && back.sizeValue == value.sizeValue, "\(T.self) \(path)")
            if let base = back as? MatrixBase { #expect(base.baseTag == "base", "\(T.self) \(path)") }
        }
        switch T.attribute {
        case .alias:
            for path in paths {
                #expect(try path.transcode(OldNamed(), as: T.self).colorValue == "red", "\(T.self) \(path)")
                #expect(throws: DecodingError.self, "\(T.self) \(path)") { try path.transcode(Unnamed(), as: T.self) }
            }
            // Saved again, the value is under its current key only.
            let saved = try ArchiveEncoder().encode(try EvolutionDecoder.generated.transcode(OldNamed(), as: T.self))
            #expect(try ArchiveDecoder().keys(at: [], in: saved) == ["name", "color"], "\(T.self)")
        case .defaults, .archiveDefault:
            for path in paths {
                #expect(try path.transcode(Unnamed(), as: T.self).sizeValue == 14, "\(T.self) \(path)")
                #expect(try path.transcode(Sized(), as: T.self).sizeValue == 5, "\(T.self) \(path)")
                #expect(throws: DecodingError.self, "\(T.self) \(path)") { try path.transcode(WronglySized(), as: T.self) }
            }
        case .unknownFields:
            let newer = try ArchiveEncoder().encode(Newer())
            for decoder in [EvolutionDecoder.generated, .generatedGeneral] {
                let read = try decoder.decode(T.self, from: newer, json: Data(), plist: Data())
                #expect(read.unknownFieldsValue?.keys == ["added", "later"], "\(T.self) \(decoder)")
                // Written back where they stood: byte for byte.
                #expect(try ArchiveEncoder().encode(read) == newer, "\(T.self) \(decoder)")
            }
            // Other coders neither fill nor write the property.
            for path in [EvolutionDecoder.codablePath, .json] {
                #expect(try path.transcode(Newer(), as: T.self).unknownFieldsValue?.isEmpty == true, "\(T.self) \(path)")
            }
        }
    }
}

// What earlier and later versions of every cell wrote.
private struct OldNamed: Encodable { var name = "old", colour = "red" }
private struct Unnamed: Encodable { var name = "old" }
private struct Sized: Encodable { var name = "old", size = 5 }
private struct WronglySized: Encodable { var name = "old", size = "big" }
private struct Newer: Encodable { var name = "new", added = [1, 2], later = "x" }
