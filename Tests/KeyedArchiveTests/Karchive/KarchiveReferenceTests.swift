import Foundation
import KeyedArchive
import Testing

/// `karchive` on archives with object references (header flag bit 2, `Spec/FORMAT.md` §9.5):
/// hand-built archives (`ReferenceArchives`), since the encoder cannot write them yet.
@Suite struct KarchiveReferenceTests {
    @Test func inspectNamesTheSharedObjectAReferenceIsTheSameAs() {
        let run = karchive("inspect", input: ReferenceArchives.sharedOwner)
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.lines == [
            "archive: 24 bytes, version 1, flags 0x04 (references)",
            "body: 18 bytes; root value 11 bytes, key table 3 keys (7 bytes)",
            "",
            "Keyed (2 entries) {",
            "  \"a\" => shared object #1: Keyed (1 entry) {",
            "    \"x\" => Int64 1",
            "  }",
            "  \"b\" => same object as root.\"a\" (shared object #1)",
            "}",
        ])
        let nested = karchive("inspect", input: ReferenceArchives.twoReferences)
        #expect(Array(nested.lines.dropFirst(3)) == [
            "Unkeyed (2 elements) [",
            "  [0] => shared object #1: String \"s\"",
            "  [1] => Unkeyed (2 elements) [",
            "    [0] => same object as root[0] (shared object #1)",
            "    [1] => same object as root[0] (shared object #1)",
            "  ]",
            "]",
        ])
    }

    /// A reference's path is known even when its shared object is not shown (--max-items).
    @Test func inspectNamesAHiddenSharedObject() {
        let run = karchive("inspect", "--max-items", "1", input: ReferenceArchives.twoReferences)
        #expect(run.status == 0)
        #expect(Array(run.lines.dropFirst(3)) == [
            "Unkeyed (2 elements) [",
            "  [0] => shared object #1: String \"s\"",
            "  … 1 more element",
            "]",
        ])
    }

    @Test func hexDumpShowsTheMarkerAndTheReference() {
        let run = karchive("inspect", "--hex", input: ReferenceArchives.sharedOwner)
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.lines.contains("     5  04                       flags 0x04: references"))
        #expect(run.lines.contains("     9  13                           shared object #1, marking the value that follows"))
        #expect(run.lines.contains("    15  12 01                        reference to shared object #1: same object as root.\"a\""))
    }

    @Test func validateAcceptsReferencesToEarlierClosedSharedObjects() {
        let run = karchive("validate", input: ReferenceArchives.sharedOwner)
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.text == "valid: 24 bytes, version 1, flags references, 5 values, 3 keys in the key table\n")
        #expect(karchive("validate", input: ReferenceArchives.twoReferences).status == 0)
        #expect(karchive("validate", input: ReferenceArchives.doublingLevels(30)).status == 0)
    }

    /// Each check of §12.4 step 5, `malformed` at the reference's tag.
    @Test(arguments: [
        (ReferenceArchives.forwardReference, "malformed at offset 9: forward reference"),
        (ReferenceArchives.referenceOutOfRange, "malformed at offset 9: reference out of range"),
        (ReferenceArchives.referenceToAnInteger, "malformed at offset 10: reference to a value that is not a shared object"),
        (ReferenceArchives.referenceLoop, "malformed at offset 10: reference loop"),
        (ReferenceArchives.sharedObjectAtTheLimit, "truncated at offset 10: "),
    ])
    func validateRejectsBadReferencesAtTheTag(bytes: [UInt8], error: String) {
        let run = karchive("validate", input: bytes)
        #expect(run.status == 1)
        #expect(run.output.isEmpty)
        #expect(run.errors.hasPrefix("error: " + error), "\(run.errors)")
        #expect(run.errors.split(separator: "\n").count == 1)
    }

    /// Without flag bit 2, `12` and `13` are the reserved tags they were.
    @Test func referenceTagsWithoutTheFlagAreUnknownTags() {
        var bytes = ReferenceArchives.sharedOwner
        bytes[5] = 0x00
        #expect(karchive("validate", input: bytes).errors == "error: malformed at offset 9: unknown tag 0x13\n")
        let reference = ReferenceArchives.archive(flags: 0x00, [0x0D, 0x03, 0x01, 0x12, 0x00])
        #expect(karchive("validate", input: reference).errors == "error: malformed at offset 9: unknown tag 0x12\n")
        let root = ReferenceArchives.archive(flags: 0x00, [0x13, 0x81])
        #expect(karchive("validate", input: root).errors == "error: malformed at offset 6: unknown tag 0x13\n")
    }

    /// Bit 2 of a compressed archive is in its stored header (the inflated copy's flags are 0).
    @Test func compressedArchiveWithReferences() {
        var bytes = compressedArchive(body: Array(ReferenceArchives.sharedOwner.dropFirst(6)))
        bytes[5] = 0x05
        #expect(karchive("validate", input: bytes).status == 0)
        let tree = karchive("inspect", input: bytes)
        #expect(tree.lines.first?.hasSuffix("flags 0x05 (zlib, references)") == true, "\(tree.lines)")
        #expect(tree.lines.contains("  \"b\" => same object as root.\"a\" (shared object #1)"))
        var loop = compressedArchive(body: Array(ReferenceArchives.referenceLoop.dropFirst(6)))
        loop[5] = 0x05
        #expect(karchive("validate", input: loop).errors.hasPrefix("error: malformed at offset 10 of the inflated archive: reference loop"))
        bytes[5] = 0x01
        #expect(karchive("validate", input: bytes).errors == "error: malformed at offset 9 of the inflated archive: unknown tag 0x13\n")
    }

    @Test func statsCountSharedObjectsAndReferences() throws {
        let run = karchive("stats", input: ReferenceArchives.twoReferences)
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.lines.contains { $0.hasPrefix("  shared objects ") && $0.contains(" 1  ") })
        #expect(run.lines.contains { $0.hasPrefix("  references ") && $0.contains(" 2  ") })
        // One marker byte and two 2-byte references.
        #expect(run.lines.contains { $0.hasPrefix("  shared-object marks, references ") && $0.contains(" 5  ") })
        let plain = karchive("stats", input: try archiveBytes([1, 2]))
        #expect(!plain.text.contains("shared object"))
    }

    @Test func toJSONExpandsReferences() {
        let run = karchive("to-json", "--compact", input: ReferenceArchives.sharedOwner)
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.text == "{\"a\":{\"x\":1},\"b\":{\"x\":1}}\n")
        #expect(karchive("to-json", "--compact", input: ReferenceArchives.twoReferences).text == "[\"s\",[\"s\",\"s\"]]\n")
        // References to references: every level expands the one below, 2^3 ones at the top.
        let levels = karchive("to-json", "--compact", input: ReferenceArchives.doublingLevels(3)).text
        #expect(levels == "[1,[1,1],[[1,1],[1,1]],[[[1,1],[1,1]],[[1,1],[1,1]]]]\n")
        #expect(karchive("help", "to-json").text.contains("references"))
    }

    /// 2^30 copies from a few hundred bytes: stopped by the budget before anything is written,
    /// with the default budget and with a small one.
    @Test(.timeLimit(.minutes(1))) func toJSONStopsAnExponentialExpansion() {
        let bytes = ReferenceArchives.doublingLevels(30)
        #expect(bytes.count < 300)
        for arguments in [["to-json"], ["to-json", "--compact", "--max-output-size", "1000"]] {
            let run = karchive(arguments, input: bytes)
            #expect(run.status == 1)
            #expect(run.output.isEmpty)
            #expect(run.errors.hasPrefix("error: expanding references makes the JSON larger than "), "\(run.errors)")
        }
        // Within the budget, the same shape is written in full.
        #expect(karchive("to-json", "--compact", "--max-output-size", "1000", input: ReferenceArchives.doublingLevels(4)).status == 0)
        // The JSON's bytes, not only its values, are bounded: `[13 "aaa…", [12 1]]`, two copies
        // of a 300-byte string in 4 values.
        let string: [UInt8] = [0x13, 0x07] + varint(300) + [UInt8](repeating: 0x61, count: 300)
        let payload: [UInt8] = [0x02] + string + [0x0D, 0x03, 0x01, 0x12, 0x01]
        let long = ReferenceArchives.archive([0x0D] + varint(UInt64(payload.count)) + payload)
        #expect(karchive("to-json", input: long).status == 0)
        #expect(karchive("to-json", "--max-output-size", "500", input: long).errors.hasPrefix("error: expanding references"))
    }

    /// JSON.md §1: the bound is on the JSON text as written, pretty or compact, without the
    /// final newline; a document of exactly the bound is written.
    @Test func theSizeBoundIsTheTextWithoutItsFinalNewline() {
        let input = ReferenceArchives.doublingLevels(3)
        for pretty in [false, true] {
            let options = pretty ? ["to-json"] : ["to-json", "--compact"]
            let full = karchive(options, input: input)
            #expect(full.status == 0)
            let size = full.output.count - 1
            let exact = karchive(options + ["--max-output-size", String(size)], input: input)
            #expect(exact.status == 0, "\(exact.errors)")
            #expect(exact.output == full.output)
            let under = karchive(options + ["--max-output-size", String(size - 1)], input: input)
            #expect(under.status == 1)
            #expect(under.output.isEmpty)
            #expect(under.errors == "error: expanding references makes the JSON larger than \(size - 1) bytes (--max-output-size)\n")
        }
    }

    /// `[13 <k nested arrays>, <m nested arrays around 12 1>]`: the shared object's containers
    /// reach depth k + 1, the copy that replaces the reference depth m + k + 1.
    private func deepReference(shared k: Int, around m: Int) -> [UInt8] {
        func nested(_ levels: Int, around inner: [UInt8]) -> [UInt8] {
            var value = inner
            for _ in 0..<levels {
                let body = [0x01] + value
                value = [0x0D] + varint(UInt64(body.count)) + body
            }
            return value
        }
        let payload: [UInt8] = [0x02, 0x13] + nested(k - 1, around: [0x11]) + nested(m, around: [0x12, 0x01])
        return ReferenceArchives.archive([0x0D] + varint(UInt64(payload.count)) + payload)
    }

    /// JSON.md §1 and FORMAT §12.1: the expanded document's containers nest at most 512 deep,
    /// measured as the format measures an archive's, so its JSON is one `from-json` reads.
    @Test func theExpansionIsBoundedByTheDepthLimitOfContainers() throws {
        let deepest = deepReference(shared: 211, around: 300)
        #expect(karchive("validate", input: deepest).status == 0)
        let json = karchive("to-json", "--compact", input: deepest)
        #expect(json.status == 0, "\(json.errors)")
        #expect(karchive("from-json", input: json.output).status == 0)

        let deeper = deepReference(shared: 212, around: 300)
        #expect(karchive("validate", input: deeper).status == 0)
        let refused = karchive("to-json", "--compact", input: deeper)
        #expect(refused.status == 1)
        #expect(refused.output.isEmpty)
        #expect(refused.errors == "error: expanding references nests containers deeper than the limit of 512\n")
    }

    /// A valid archive with the references flag and nothing to expand is never refused: 512
    /// nested containers with a `Date` and a packed array in the deepest, where the format
    /// allows them (one level below it).
    @Test func anArchiveAtTheDepthLimitIsWrittenWithoutAReferenceToExpand() throws {
        var value: [UInt8] = [0x0D, 0x0F, 0x02, 0x09, 0x00, 0x00, 0x20, 0x80, 0x93, 0xDC, 0xC4, 0x41, 0x0E, 0x01, 0x02, 0x01, 0x02]
        for _ in 0..<511 {
            let body = [0x01] + value
            value = [0x0D] + varint(UInt64(body.count)) + body
        }
        let archive = ReferenceArchives.archive(value)
        #expect(karchive("validate", input: archive).status == 0)
        let run = karchive("to-json", "--compact", input: archive)
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.text == String(repeating: "[", count: 512) + #"{"$date":"2023-03-08T20:26:40.25Z"},[1,2]"# + String(repeating: "]", count: 512) + "\n")
    }
}
