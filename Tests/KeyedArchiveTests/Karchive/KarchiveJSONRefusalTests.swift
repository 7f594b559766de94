import Foundation
import ArchiveTestSupport
import Testing

/// Spec/JSON.md §6, "Where a refusal points": `from-json` refuses every document of the spec's
/// table at the offset the table gives, and 3 bytes further behind a byte order mark. The rows
/// are read from the spec itself, so the table an outside implementer reads is the one tested.
@Suite struct KarchiveJSONRefusalTests {
    /// One row of the table: the document's bytes and the offset it is refused at.
    struct Refusal: CustomTestStringConvertible {
        /// The document's cell as the table writes it.
        let cell: String
        /// The document, each `⟨XX⟩` still spelled so.
        let spelled: String
        let bytes: [UInt8]
        let offset: Int
        var testDescription: String { cell }
    }

    /// The rows of the table headed `| document | refused at | the problem |`. In a document,
    /// `⟨XX⟩` is the byte XX and everything else is the text's UTF-8: the only way a table cell
    /// can hold bytes that are not UTF-8, or a raw tab.
    static func refusals() throws -> [Refusal] {
        let json = try String(contentsOf: TestSupport.repositoryRoot.appendingPathComponent("Spec/JSON.md"), encoding: .utf8)
        let lines = json.split(separator: "\n", omittingEmptySubsequences: false)
        guard let header = lines.firstIndex(of: "| document | refused at | the problem |") else { return [] }
        return try lines[(header + 2)...].prefix { $0.hasPrefix("| `") }.map { line in
            // "| `doc` | 6 | …": neither the document nor the problem holds a `|` of its own.
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            // A row the test could not read would otherwise go untested without a word.
            guard cells.count >= 4, let offset = Int(cells[2]), let spelled = document(cells[1]) else {
                throw RowError(description: "Spec/JSON.md §6: cannot read the row \(line)")
            }
            return Refusal(cell: cells[1], spelled: spelled, bytes: bytes(spelled), offset: offset)
        }
    }

    struct RowError: Error, CustomStringConvertible { let description: String }

    /// The document a cell spells, `⟨XX⟩`s unexpanded: one or more pieces in backticks,
    /// separated by spaces, each written once or, when `×N` follows it, N times, as the spec
    /// writes its deep documents (`` `[`×512 `{}` `]`×512 ``). A piece holds no backtick.
    static func document(_ cell: String) -> String? {
        var rest = Substring(cell)
        var document = ""
        repeat {
            guard rest.first == "`", let close = rest.dropFirst().firstIndex(of: "`") else { return nil }
            let piece = rest[rest.index(after: rest.startIndex)..<close]
            rest = rest[rest.index(after: close)...]
            var times = 1
            if rest.first == "×" {
                let digits = rest.dropFirst().prefix { ("0"..."9").contains($0) }
                guard let count = Int(digits) else { return nil }
                times = count
                rest = rest.dropFirst(1 + digits.count)
            }
            document += String(repeating: String(piece), count: times)
            rest = rest.drop { $0 == " " }
        } while !rest.isEmpty
        return document
    }

    /// `spelled` with each `⟨XX⟩` as the byte XX.
    static func bytes(_ spelled: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var rest = Substring(spelled)
        while let open = rest.firstIndex(of: "⟨") {
            bytes += Array(rest[..<open].utf8)
            let hex = rest[rest.index(after: open)...].prefix(2)
            bytes.append(UInt8(hex, radix: 16)!)
            rest = rest[rest.index(open, offsetBy: 4)...]
        }
        return bytes + Array(rest.utf8)
    }

    @Test func theTableHasARowForEveryKindOfProblemInAString() throws {
        let documents = Set(try Self.refusals().map(\.spelled))
        // Issue 46: bad UTF-8, an unpaired surrogate, a raw tab, `\x`, `\u12G4`.
        for kind in [#"[1,"ab⟨C3⟩("]"#, #""\ud800""#, #""a⟨09⟩b""#, #""\x""#, #""\u12G4""#] {
            #expect(documents.contains(kind), "no row for \(kind)")
        }
        #expect(documents.count >= 57)
        #expect(Self.bytes(#"[1,"ab⟨C3⟩("]"#) == [0x5B, 0x31, 0x2C, 0x22, 0x61, 0x62, 0xC3, 0x28, 0x22, 0x5D])
    }

    /// Issue 61: where a number or a literal ends (what follows it is judged as the next byte of
    /// the document), and that nothing stands at depth 514, each has rows.
    @Test func theTableHasRowsForWhereNumbersEndAndForDepth() throws {
        let documents = Set(try Self.refusals().map(\.spelled))
        for kind in ["[1.5.2]", "[1-2]", "[truex]", "[-01]", "[1.5e]"] {
            #expect(documents.contains(kind), "no row for \(kind)")
        }
        let wrapperAt514 = String(repeating: "[", count: 512) + #"{"$nil":{"$nil":1}}"# + String(repeating: "]", count: 512)
        #expect(documents.contains(wrapperAt514))
        #expect(Self.document(#"`{"a":` `[`×2 `]`×2 `}`"#) == #"{"a":[[]]}"#)
        #expect(Self.document("`[1 2]`") == "[1 2]")
        #expect(Self.document("`[`×") == nil)
    }

    @Test(arguments: try refusals())
    func refusedWhereTheSpecSays(_ refusal: Refusal) {
        for (prefix, shift) in [([UInt8](), 0), ([0xEF, 0xBB, 0xBF], 3)] {
            let run = karchive("from-json", input: prefix + refusal.bytes)
            #expect(run.status == 1)
            #expect(run.output.isEmpty)
            #expect(run.errors.hasPrefix("error: invalid JSON at offset \(refusal.offset + shift): "), "\(run.errors)")
        }
    }
}
