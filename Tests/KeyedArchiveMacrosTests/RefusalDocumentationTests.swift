import Foundation
@testable import KeyedArchiveMacrosPlugin
import Testing

/// The DocC article's list of what `@ArchiveCodable` refuses is the macro's list: each of the
/// macro's errors has its entry in "What it does not support" (issue 31).
@Suite struct RefusalDocumentationTests {
    /// Words of the article's section that name what each error refuses.
    static let entries: [ArchiveCodableDiagnostic: String] = [
        .unsupportedKind: "an actor or a protocol",
        .classNotFinal: "a class that is not `final`",
        .generic: "a generic type",
        .nestedInGeneric: "a type nested in one",
        .observable: "an `@Observable` class",
        .notCodable: "type that does not declare `Codable`",
        .customEncode: "its own `encode(to:)`",
        .customDecode: "or `init(from:)`",
        .propertyWrapper: "a property with a property wrapper",
        .archiveDefaultWrapper: "(`@ArchiveDefault` included",
        .lazyProperty: "a `lazy` property",
        .conditionalMembers: "properties, cases, `CodingKeys` cases or initializers inside `#if`",
        .conditionalCodingKeys: "`CodingKeys` cases or initializers inside `#if`",
        .defaultsNotLiteral: "argument that is not a literal `true` or `false`",
        .aliasNotLiteral: "whose arguments are not string literals",
        .aliasOutsideArchiveCodable: "not on a stored property of an `@ArchiveCodable` type",
        .unknownFieldsWithoutValue: "an `ArchiveUnknownFields` property that is a `let` or has no initial value",
        .unknownFieldsInCodingKeys: "is listed in `CodingKeys`",
        .twoUnknownFields: "or is a second one",
        .defaultsOnEnum: "`defaultsForMissingKeys: true` on an enum",
        .aliasOnUndecodedProperty: "an `@ArchiveAlias` on a property that is never decoded",
        .evolutionNeedsInitializer: "on a final class that keeps its `Codable` path",
    ]

    @Test func theArticleListsEveryRefusal() throws {
        let article = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/KeyedArchive/KeyedArchive.docc/FasterThanCodable.md")
        let text = try String(contentsOf: article, encoding: .utf8)
        let start = try #require(text.range(of: "### What it does not support"))
        let end = try #require(text.range(of: "### ", range: start.upperBound..<text.endIndex))
        // One line, single-spaced: entries may wrap anywhere.
        let section = text[start.upperBound..<end.lowerBound].split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for diagnostic in ArchiveCodableDiagnostic.allCases {
            let entry = try #require(Self.entries[diagnostic], "\(diagnostic) has no entry in the article")
            #expect(section.contains(entry), "\(diagnostic): \"\(entry)\" is not in the article's list")
        }
    }
}
