import Foundation
import ArchiveTestSupport
import Testing

/// Spec/JSON.md §6, "Where a refusal points": `from-json` refuses every document of the spec's
/// table at the offset the table gives, and 3 bytes further behind a byte order mark. The rows
/// are read from the spec itself, so the table an outside implementer reads is the one tested.
@Suite struct KarchiveJSONRefusalTests {
    /// One row of the table: the document's bytes and the offset it is refused at.
    struct Refusal: CustomTestStringConvertible {
        let spelled: String
        let bytes: [UInt8]
        let offset: Int
        var testDescription: String { spelled }
    }

    /// The rows of the table headed `| document | refused at | the problem |`. In a document,
    /// `⟨XX⟩` is the byte XX and everything else is the text's UTF-8: the only way a table cell
    /// can hold bytes that are not UTF-8, or a raw tab.
    static func refusals() throws -> [Refusal] {
        let json = try String(contentsOf: TestSupport.repositoryRoot.appendingPathComponent("Spec/JSON.md"), encoding: .utf8)
        let lines = json.split(separator: "\n", omittingEmptySubsequences: false)
        guard let header = lines.firstIndex(of: "| document | refused at | the problem |") else { return [] }
        return lines[(header + 2)...].prefix { $0.hasPrefix("| `") }.compactMap { line in
            // "| `doc` | 6 | …": the document is everything between the first and the last
            // backtick of its cell, which holds no `|` of its own.
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 4, cells[1].count >= 2, let offset = Int(cells[2]) else { return nil }
            let spelled = String(cells[1].dropFirst().dropLast())
            return Refusal(spelled: spelled, bytes: bytes(spelled), offset: offset)
        }
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
        #expect(documents.count >= 30)
        #expect(Self.bytes(#"[1,"ab⟨C3⟩("]"#) == [0x5B, 0x31, 0x2C, 0x22, 0x61, 0x62, 0xC3, 0x28, 0x22, 0x5D])
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
