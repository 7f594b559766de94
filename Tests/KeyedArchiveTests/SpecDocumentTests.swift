import Foundation
import ArchiveTestSupport
import Testing

/// The specification's own tables list exactly the vectors that exist, with the errors the
/// vector files state: a reader of `Spec/` alone sees what the tests check.
@Suite struct SpecDocumentTests {
    func text(_ file: String) throws -> String {
        try String(contentsOf: TestSupport.repositoryRoot.appendingPathComponent("Spec/\(file)"), encoding: .utf8)
    }

    /// The rows of the Markdown tables in `text` whose first cell is a `code` name.
    func rows(_ text: String) -> [String: [String]] {
        var rows: [String: [String]] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }
            guard let first = cells.first, first.hasPrefix("`"), first.hasSuffix("`") else { continue }
            rows[String(first.dropFirst().dropLast()), default: cells] = cells
        }
        return rows
    }

    @Test func formatAppendicesListEveryVectorWithItsError() throws {
        let format = try text("FORMAT.md")
        let table = rows(format)
        for name in Vector.names(in: "valid") {
            #expect(table[name] != nil, "FORMAT.md Appendix A has no row for valid vector \(name)")
        }
        for name in Vector.names(in: "invalid") {
            let vector = try Vector(folder: "invalid", name: name)
            guard let row = table[name] else {
                Issue.record("FORMAT.md Appendix B has no row for invalid vector \(name)")
                continue
            }
            // | vector | bytes | read as | error | offset |; a verdict that depends on Int's width
            // is given for both: "compression, or limitExceeded where `Int` is 32 bits".
            func cell(_ line: String, _ absent: String) -> String {
                let wide = vector.verdict(line, whereIntIs: 64) ?? absent
                guard let narrow = vector.verdict(line, whereIntIs: 32), narrow != wide else { return wide }
                return "\(wide), or \(narrow) where `Int` is 32 bits"
            }
            #expect(row.count >= 5 && row[3] == cell("error", "—"), "\(name): row says \(row)")
            #expect(row.count >= 5 && row[4] == cell("offset", "—"), "\(name): row says \(row)")
            #expect(format.contains("- `\(name)`: "), "FORMAT.md does not describe \(name)")
        }
    }

    /// The annotated examples shown in full (`### A.name`, `### B.name`) are the vector files.
    @Test func examplesShownInFullAreTheVectorFiles() throws {
        let format = try text("FORMAT.md")
        var shown = 0
        for block in format.components(separatedBy: "\n### ").dropFirst() {
            guard let heading = block.split(separator: "\n").first, heading.hasPrefix("A.") || heading.hasPrefix("B."),
                  let open = block.range(of: "```\n"), let close = block.range(of: "```", range: open.upperBound..<block.endIndex)
            else { continue }
            let folder = heading.hasPrefix("A.") ? "valid" : "invalid"
            let name = heading.dropFirst(2)
            let file = try String(contentsOf: Vector.root.appendingPathComponent("\(folder)/\(name).hex"), encoding: .utf8)
            #expect(block[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
                    == file.trimmingCharacters(in: .whitespacesAndNewlines), "FORMAT.md's copy of \(folder)/\(name) differs from the file")
            shown += 1
        }
        #expect(shown >= 6)
    }

    @Test func streamsListsEveryStreamVector() throws {
        let table = rows(try text("STREAMS.md"))
        for folder in ["valid", "invalid"] {
            for name in Vector.names(in: "streams/\(folder)") {
                #expect(table["\(folder)/\(name)"] != nil, "STREAMS.md §6 has no row for \(folder)/\(name)")
            }
        }
    }
}
