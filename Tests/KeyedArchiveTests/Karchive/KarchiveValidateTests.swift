import Foundation
import ArchiveTestSupport
import KeyedArchive
import KeyedArchiveSamples
import Testing

/// `karchive validate`: exit 0 for a well-formed archive, else exit 1 and one line on standard
/// error with the kind and offset the spec prescribes.
@Suite struct KarchiveValidateTests {
    @Test func everyValidVectorIsValid() throws {
        for name in Vector.names(in: "valid") {
            let run = karchive("validate", input: try Vector(folder: "valid", name: name).bytes)
            #expect(run.status == 0, "\(name): \(run.errors)")
            #expect(run.lines.count == 1 && run.lines[0].hasPrefix("valid: "), "\(name): \(run.text)")
            #expect(run.errors.isEmpty)
        }
    }

    @Test func validSummaryCountsValuesAndKeys() throws {
        let run = karchive("validate", input: try Vector(folder: "valid", name: "optionals").bytes)
        #expect(run.text == "valid: 39 bytes, version 1, flags none, 7 values, 3 keys in the key table\n")
        #expect(karchive("validate", "--quiet", input: try Vector(folder: "valid", name: "optionals").bytes).output.isEmpty)
    }

    /// Every invalid vector whose error is a format error fails with that kind at that offset,
    /// read with the vector's limits given as options.
    @Test func everyMalformedVectorFailsWithTheSpecsKindAndOffset() throws {
        var checked = 0
        for name in Vector.names(in: "invalid") {
            let vector = try Vector(folder: "invalid", name: name)
            guard let kind = vector.verdict("error").flatMap({ formatErrorKinds[$0] }), let offset = vector.verdict("offset") else { continue }
            // A key that matches two entries depends on the key type (§8.3): validating accepts.
            if vector["found-by"] == "key lookup" {
                #expect(karchive("validate", input: vector.bytes).status == 0, "\(name)")
                continue
            }
            var arguments = ["validate"]
            let limits = try vector.limits()
            if limits.maximumDepth != ArchiveDecoder.Limits().maximumDepth { arguments += ["--max-depth", "\(limits.maximumDepth)"] }
            if limits.maximumInflatedSize != ArchiveDecoder.Limits().maximumInflatedSize { arguments += ["--max-inflated-size", "\(limits.maximumInflatedSize)"] }
            if limits.maximumCollectionCount != ArchiveDecoder.Limits().maximumCollectionCount { arguments += ["--max-count", "\(limits.maximumCollectionCount)"] }
            let run = karchive(arguments, input: vector.bytes)
            #expect(run.status == 1, "\(name)")
            #expect(run.output.isEmpty, "\(name)")
            let lines = run.errors.split(separator: "\n")
            #expect(lines.count == 1, "\(name): \(run.errors)")
            #expect(run.errors.hasPrefix("error: \(kind) at offset \(offset)"), "\(name): \(run.errors)")
            checked += 1
        }
        #expect(checked >= 28)
    }

    /// Values a `Decodable` type skips are still checked: an entry no type reads, holding a
    /// string that is not UTF-8 (the decoder reads the archive as `Keep` without complaint).
    @Test func valuesNoTypeWouldReadAreChecked() throws {
        struct Keep: Codable { var a: Int }
        // {"a": 1, 2: <string C3 28>}: integer key 2 (zigzag 4 → varint 08).
        let bytes: [UInt8] = [0x4B, 0x41, 0x52, 0x43, 0x01, 0x00, 0x0C, 0x07, 0x01, 0x81, 0x08, 0x07, 0x02, 0xC3, 0x28, 0x01, 0x01, 0x61]
        #expect(try ArchiveDecoder().decode(Keep.self, from: bytes).a == 1)
        let run = karchive("validate", input: bytes)
        #expect(run.status == 1)
        #expect(run.errors == "error: invalid UTF-8 at offset 11: String is not valid UTF-8\n")
    }

    @Test func everyTruncationOfARealArchiveFails() throws {
        for compression in [ArchiveCompression.none, .zlib] {
            let bytes = try archiveBytes(AppState.sample(documents: 1), compression: compression, checksum: .crc32)
            #expect(karchive("validate", input: bytes).status == 0)
            for length in 0..<bytes.count {
                let run = karchive("validate", input: Array(bytes[..<length]))
                #expect(run.status == 1, "\(length)")
                #expect(run.errors.hasPrefix("error: ") && run.errors.split(separator: "\n").count == 1, "\(length): \(run.errors)")
            }
        }
    }

    @Test func corruptedArchivesGiveOneLineAndNeverCrash() throws {
        let bytes = try archiveBytes(AppState.sample(documents: 3))
        var generator = SampleGenerator(seed: 11)
        for _ in 0..<500 {
            var corrupted = bytes
            for _ in 0..<generator.int(1..<4) {
                corrupted[generator.int(0..<corrupted.count)] = UInt8(truncatingIfNeeded: generator.next())
            }
            for command in ["validate", "inspect", "stats", "to-json"] {
                let run = karchive(command, input: corrupted)
                #expect(run.status == 0 || run.status == 1)
                if run.status == 1 {
                    #expect(run.output.isEmpty && run.errors.hasPrefix("error: ") && run.errors.split(separator: "\n").count == 1, "\(command): \(run.errors)")
                } else {
                    #expect(run.errors.isEmpty)
                }
            }
        }
    }

    @Test func limitsAreOptions() throws {
        // [[["a"]]]: the innermost array is an unkeyed container at depth 3 (a packed [Int] would
        // not count: packed arrays are read without a container).
        let nested = try archiveBytes([[["a"]]])
        #expect(karchive("validate", "--max-depth", "3", input: nested).status == 0)
        let tooDeep = karchive("validate", "--max-depth", "2", input: nested)
        #expect(tooDeep.status == 1)
        #expect(tooDeep.errors == "error: limit exceeded at offset 12: nesting depth exceeds the limit of 2\n")
        let tooMany = karchive("validate", "--max-count", "2", input: try archiveBytes(["a", "b", "c"]))
        #expect(tooMany.errors == "error: limit exceeded at offset 8: collection of 3 elements exceeds the limit of 2\n")
        // §12.1: 0 is a legal value of every limit; a negative one is a usage error.
        #expect(karchive("validate", "--max-depth", "-1", input: nested).status == 64)
        #expect(karchive("validate", "--max-count", "-1", input: nested).status == 64)
        #expect(karchive("validate", "--max-inflated-size", "-1", input: nested).status == 64)
    }

    /// §12.1: with every limit at 0, a root scalar or string is still valid; a root container,
    /// a non-empty collection and a compressed archive are not.
    @Test func zeroIsALegalValueOfEveryLimit() throws {
        let zero = ["--max-depth", "0", "--max-count", "0", "--max-inflated-size", "0"]
        #expect(karchive(["validate"] + zero, input: try archiveBytes(42)).status == 0)
        #expect(karchive(["validate"] + zero, input: try archiveBytes("a string")).status == 0)
        let container = karchive(["validate", "--max-depth", "0"], input: try archiveBytes([String]()))
        #expect(container.errors == "error: limit exceeded at offset 6: nesting depth exceeds the limit of 0\n")
        let collection = karchive(["validate", "--max-count", "0"], input: try archiveBytes(["a"]))
        #expect(collection.errors == "error: limit exceeded at offset 8: collection of 1 elements exceeds the limit of 0\n")
        let compressed = karchive(["validate", "--max-inflated-size", "0"], input: try archiveBytes(42, compression: .zlib))
        #expect(compressed.status == 1)
        #expect(compressed.errors.hasPrefix("error: limit exceeded at offset 6: "))
        #expect(karchive(["validate", "--max-count", "0"], input: try archiveBytes([String]())).status == 0)
        // Packed arrays are counted: only an empty one is within a limit of 0. Bytes are not
        // counted at all (§12.1).
        #expect(karchive(["validate", "--max-count", "0"], input: try archiveBytes([Int]())).status == 0)
        #expect(karchive(["validate", "--max-count", "0"], input: try archiveBytes([5])).errors.hasPrefix("error: limit exceeded at offset 8: "))
        #expect(karchive(["validate", "--max-count", "0"], input: try archiveBytes(Data([1, 2, 3]))).status == 0)
    }

    /// The walk keeps its own stack: a limit raised far past the default cannot exhaust the
    /// thread's stack on a deep archive (100,000 nested unkeyed containers, 500 KB).
    @Test func aHundredThousandLevelsUnderARaisedLimit() throws {
        var value: [UInt8] = [0x11]
        for _ in 1..<100_000 { value = [0x0D] + varint(UInt64(value.count + 1)) + [0x01] + value }
        let archive = [0x4B, 0x41, 0x52, 0x43, 0x01, 0x00] + value + [0x00]
        let raised = karchive("validate", "--max-depth", "100000", input: archive)
        #expect(raised.errors.isEmpty)
        #expect(raised.text == "valid: 495,855 bytes, version 1, flags none, 100,000 values, 0 keys in the key table\n")
        let tooDeep = karchive("validate", "--max-depth", "99999", input: archive)
        #expect(tooDeep.status == 1)
        #expect(tooDeep.errors.hasPrefix("error: limit exceeded at offset "))
        #expect(karchive("validate", input: archive).errors == "error: limit exceeded at offset 2566: nesting depth exceeds the limit of 512\n")
    }

    @Test func errorsInACompressedBodyNameTheInflatedArchive() throws {
        struct Record: Encodable { var a = "hi" }
        var plain = try archiveBytes(Record())
        plain[8] = 0x03   // key index 1 of a one-entry table
        let compressed = compressedArchive(body: Array(plain[6...]))
        let run = karchive("validate", input: compressed)
        #expect(run.errors == "error: malformed at offset 8 of the inflated archive: key refers to entry 1 of a key table with 1 entries\n")
    }
}
