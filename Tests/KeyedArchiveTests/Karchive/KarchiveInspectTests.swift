import Foundation
import ArchiveTestSupport
import KeyedArchive
import Testing

/// `karchive inspect`: the tree and the annotated hex dump, on the spec's golden vectors and on
/// archives the tests make.
@Suite struct KarchiveInspectTests {
    @Test func treeOfTheSpecsNestedStructVector() throws {
        let vector = try Vector(folder: "valid", name: "nested-struct")
        let run = karchive("inspect", input: vector.bytes)
        #expect(run.status == 0)
        #expect(run.errors.isEmpty)
        #expect(run.lines == [
            "archive: 53 bytes, version 1, flags 0x00 (none)",
            "body: 47 bytes; root value 26 bytes, key table 5 keys (21 bytes)",
            "",
            "Keyed (2 entries) {",
            "  \"start\" => Keyed (3 entries) {",
            "    \"x\" => Int64 0",
            "    \"y\" => Int64 0",
            "    \"label\" => String \"a\"",
            "  }",
            "  \"end\" => Keyed (3 entries) {",
            "    \"x\" => Int64 300",
            "    \"y\" => Int64 4",
            "    \"label\" => String \"b\"",
            "  }",
            "}",
        ])
    }

    @Test func treeShowsIntegerKeysBareAndNestedNilsWithTheirLevel() throws {
        let keys = karchive("inspect", input: try Vector(folder: "valid", name: "dictionary-keys").bytes)
        #expect(Array(keys.lines.dropFirst(3)) == [
            "Keyed (3 entries) {",
            "  \"padded\" => Keyed (1 entry) {",
            "    \"007\" => Int64 1",
            "  }",
            "  \"plain\" => Keyed (1 entry) {",
            "    7 => Int64 2",
            "  }",
            "  \"numeric\" => Keyed (1 entry) {",
            "    -3 => String \"x\"",
            "  }",
            "}",
        ])
        let optionals = karchive("inspect", input: try Vector(folder: "valid", name: "optionals").bytes)
        #expect(Array(optionals.lines.dropFirst(3)) == [
            "Keyed (3 entries) {",
            "  \"some\" => Int64 5",
            "  \"someNil\" => nil",
            "  \"list\" => Unkeyed (3 elements) [",
            "    [0] => nil (nested, level 1)",
            "    [1] => nil",
            "    [2] => Int64 3",
            "  ]",
            "}",
        ])
    }

    @Test(arguments: [
        ("date", "Date 2023-03-08T20:26:40.25Z"),
        ("uuid", "UUID E621E1F8-C36C-495A-93FC-0C247A3E6E5F"),
        ("url", "URL \"https://example.com/a?b=c\""),
        ("bytes", "Data 4 bytes <00 01 FE FF>"),
        ("packed-int-wide", "[Int64] × 3 (1, -300, 5000000000)"),
        ("uint128-max", "UInt128 340282366920938463463374607431768211455"),
        ("int128-min", "Int128 -170141183460469231731687303715884105728"),
        ("uint64-max", "UInt64 18446744073709551615"),
        ("int64-min", "Int64 -9223372036854775808"),
        ("float32", "Float 1.5"),
        ("float64-negative-zero", "Double -0.0"),
        ("float64-infinity", "Double inf"),
        ("string-unicode", "String \"héllo 🌍\""),
        ("empty-struct", "Keyed (0 entries) {}"),
        ("empty-array", "Unkeyed (0 elements) []"),
        ("empty-packed-array", "[Int8] × 0"),
        ("bool-true", "Bool true"),
        ("nil", "nil"),
    ])
    func scalarVectorIsShownWithItsType(name: String, shown: String) throws {
        let run = karchive("inspect", input: try Vector(folder: "valid", name: name).bytes)
        #expect(run.status == 0)
        #expect(run.lines.last == shown)
    }

    @Test func everyValidVectorInspectsAndItsHexDumpGivesBackItsBytes() throws {
        for name in Vector.names(in: "valid") {
            let vector = try Vector(folder: "valid", name: name)
            let tree = karchive("inspect", input: vector.bytes)
            #expect(tree.status == 0, "\(name): \(tree.errors)")
            let dump = karchive("inspect", "--hex", input: vector.bytes)
            #expect(dump.status == 0, "\(name): \(dump.errors)")
            // The byte column, read back, is the input; a compressed archive's dump goes on
            // with the inflated body, at offsets in the header + inflated body.
            var bytes: [UInt8] = []
            var expectedOffset = 0
            for line in dump.lines {
                if line.hasPrefix("        inflated body") { expectedOffset = 6; continue }
                let offset = try #require(Int(line.prefix(6).trimmingCharacters(in: .whitespaces)), "\(name): \(line)")
                #expect(offset == expectedOffset, "\(name): \(line)")
                let column = line.dropFirst(8).prefix(23)
                let lineBytes = try column.split(separator: " ").map { try #require(UInt8($0, radix: 16), "\(name): \(line)") }
                bytes += lineBytes
                expectedOffset += lineBytes.count
            }
            let archive = try InspectedArchiveFacts(vector.bytes)
            #expect(bytes == vector.bytes + (archive.isCompressed ? Array(archive.plain.dropFirst(6)) : []), "\(name)")
        }
    }

    @Test func hexDumpOfTheSpecsOptionalsVectorMatchesItsAnnotation() throws {
        let run = karchive("inspect", "--hex", input: try Vector(folder: "valid", name: "optionals").bytes)
        #expect(run.lines == [
            "     0  4B 41 52 43              magic \"KARC\"",
            "     4  01                       version 1",
            "     5  00                       flags 0x00: none",
            "     6  0C 0C                    keyed container, payload 12 bytes, 3 entries",
            "     8  01                         key \"some\" (table index 0)",
            "     9  85                           Int64 5",
            "    10  03                         key \"someNil\" (table index 1)",
            "    11  00                           nil",
            "    12  05                         key \"list\" (table index 2)",
            "    13  0D 05 03                     unkeyed container, payload 5 bytes, 3 elements",
            "    16  0F 01                          nil (nested, level 1)",
            "    18  00                             nil",
            "    19  83                             Int64 3",
            "    20  03                       key table: 3 entries",
            "    21  04 73 6F 6D 65             [0] \"some\"",
            "    26  07 73 6F 6D 65 4E 69 6C    [1] \"someNil\"",
            "    34  04 6C 69 73 74             [2] \"list\"",
        ])
    }

    @Test func hexDumpShowsTheCompressedStreamTheInflatedBodyAndTheChecksum() throws {
        let compressed = karchive("inspect", "--hex", input: try Vector(folder: "valid", name: "checksummed-compressed").bytes)
        #expect(compressed.status == 0)
        #expect(compressed.lines.prefix(4) == [
            "     0  4B 41 52 43              magic \"KARC\"",
            "     4  01                       version 1",
            "     5  03                       flags 0x03: zlib, crc32",
            "     6  0A                       inflated body: 10 bytes",
        ])
        #expect(compressed.lines[4...] == [
            "     7  78 DA E3 61 65 64 67 CA  zlib stream: 18 bytes",
            "    15  C8 64 64 4C 04 00 05 06",
            "    23  01 50",
            "    25  A9 81 1B AE              CRC-32 0xAE1B81A9 (2921038249) of every byte before it",
            "        inflated body (offsets count in the header + inflated body):",
            "     6  0C 05                    keyed container, payload 5 bytes, 1 entry",
            "     8  01                         key \"a\" (table index 0)",
            "     9  07 02 68 69                  String \"hi\"",
            "    13  01                       key table: 1 entry",
            "    14  01 61                      [0] \"a\"",
        ])
    }

    @Test func maxItemsElidesTheRestOfEachContainer() throws {
        let bytes = try archiveBytes(["a": [10, 20, 30, 40, 50].map { [$0] }])
        let run = karchive("inspect", "--max-items", "2", input: bytes)
        #expect(Array(run.lines.dropFirst(3)) == [
            "Keyed (1 entry) {",
            "  \"a\" => Unkeyed (5 elements) [",
            "    [0] => [Int8] × 1 (10)",
            "    [1] => [Int8] × 1 (20)",
            "    … 3 more elements",
            "  ]",
            "}",
        ])
        let dump = karchive("inspect", "--hex", "--max-items", "1", input: bytes)
        #expect(dump.lines.contains { $0.hasSuffix("… 4 more elements (16 bytes)") })
    }

    @Test func depthCollapsesDeeperContainers() throws {
        let bytes = try archiveBytes([["x": ["y": 1]], [:]])
        let run = karchive("inspect", "--depth", "2", input: bytes)
        #expect(Array(run.lines.dropFirst(3)) == [
            "Unkeyed (2 elements) [",
            "  [0] => Keyed (1 entry) {",
            "    \"x\" => Keyed (1 entry) {…}",
            "  }",
            "  [1] => Keyed (0 entries) {}",
            "]",
        ])
        let collapsedRoot = karchive("inspect", "--depth", "0", input: bytes)
        #expect(collapsedRoot.lines.last == "Unkeyed (2 elements) […]")
    }

    @Test func longValuesAreElided() throws {
        struct Big: Encodable {
            let text = String(repeating: "ab", count: 500)
            let blob = Data((0..<4096).map { UInt8($0 % 256) })
            let samples = (0..<1_000_000).map { Double($0) / 2 }
        }
        let run = karchive("inspect", input: try archiveBytes(Big()))
        #expect(run.status == 0)
        #expect(run.lines.contains("  \"text\" => String \"" + String(repeating: "ab", count: 40) + "\"… (1000 bytes)"))
        #expect(run.lines.contains("  \"blob\" => Data 4,096 bytes <00 01 02 03 04 05 06 07 08 09 0A 0B 0C 0D 0E 0F …>"))
        #expect(run.lines.contains("  \"samples\" => [Double] × 1000000 (first 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 3.5, …)"))
        let dump = karchive("inspect", "--hex", "--max-items", "3", input: try archiveBytes(Big()))
        #expect(dump.lines.contains { $0.hasSuffix("… 747 more bytes") })
        #expect(dump.lines.contains("   1272  …                              … 3,843 more bytes"))
        #expect(dump.lines.contains("   5145  …                              … 999,997 more elements (7,999,976 bytes)"))
        #expect(dump.lines.contains("8005121  03                       key table: 3 entries"))
    }

    @Test func fileArgumentAndStandardInputGiveTheSameOutput() throws {
        let bytes = try Vector(folder: "valid", name: "superclass").bytes
        try withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("superclass.karc")
            try Data(bytes).write(to: file)
            let fromFile = karchive("inspect", file.path)
            #expect(fromFile.status == 0)
            #expect(fromFile.output == karchive("inspect", input: bytes).output)
            #expect(fromFile.output == karchive("inspect", "-", input: bytes).output)
        }
    }
}

/// The layout facts of an archive, read with the package's inspection API.
struct InspectedArchiveFacts {
    let isCompressed: Bool
    let plain: [UInt8]

    init(_ bytes: [UInt8]) throws {
        let archive = try InspectedArchive(bytes)
        isCompressed = archive.isCompressed
        plain = archive.plain
    }
}
