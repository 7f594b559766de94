import Foundation
import KeyedArchive
import KeyedArchiveSamples
import Testing

/// `karchive stats`: where the bytes go, and counts of values.
@Suite struct KarchiveStatsTests {
    /// The number in the row labelled `label` of a section of the report.
    private func row(_ lines: [String], _ label: String, after section: String) throws -> Int {
        let start = try #require(lines.firstIndex { $0.hasPrefix(section) })
        let line = try #require(lines[start...].first { $0.hasPrefix("  " + label + " ") }, "no row \(label)")
        let number = line.dropFirst(34).prefix(12).trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: "")
        return try #require(Int(number), "\(line)")
    }

    @Test func categoriesAddUpToTheArchive() throws {
        for compression in [ArchiveCompression.none, .zlib] {
            let bytes = try archiveBytes(AppState.sample(documents: 20), compression: compression, checksum: .crc32)
            let run = karchive("stats", input: bytes)
            #expect(run.status == 0, "\(run.errors)")
            let lines = run.lines
            let categories = ["header", "container tags and lengths", "keys of entries", "key table", "strings", "numbers",
                              "packed arrays", "raw data (bytes)", "dates, UUIDs, URLs", "nil and Bool"]
            let sum = try categories.map { try row(lines, $0, after: "where the bytes go") }.reduce(0, +)
            let plain = try InspectedArchiveFacts(bytes).plain.count
            #expect(sum == plain)
            #expect(try row(lines, "total", after: "as stored") == bytes.count)
            #expect(try row(lines, "CRC-32 trailer", after: "as stored") == 4)
            if compression != .none {
                #expect(lines.contains { $0.hasPrefix("  compression: the body's ") })
            }
        }
    }

    @Test func countsOfAKnownModel() throws {
        struct Model: Encodable {
            enum CodingKeys: Int, CodingKey { case name = 1, tags, scores, when, blob, extra }
            let name = "x"
            let tags = ["a", "b"]
            let scores = [1.5, 2.5, 3.5]
            let when = Date(timeIntervalSinceReferenceDate: 0)
            let blob = Data([1, 2, 3])
            let extra: [String: Bool?] = ["on": nil]
        }
        let run = karchive("stats", input: try archiveBytes(Model()))
        let lines = run.lines
        #expect(try row(lines, "keyed containers", after: "values") == 2)
        #expect(try row(lines, "unkeyed containers", after: "values") == 1)
        #expect(try row(lines, "integer keys", after: "values") == 6)
        #expect(try row(lines, "string keys", after: "values") == 1)
        #expect(try row(lines, "strings", after: "values") == 3)
        #expect(try row(lines, "packed arrays", after: "values") == 1)
        #expect(try row(lines, "dates", after: "values") == 1)
        #expect(try row(lines, "nils", after: "values") == 1)
        #expect(try row(lines, "byte strings (Data)", after: "values") == 1)
        #expect(try row(lines, "packed arrays", after: "where the bytes go") == 3 + 3 * 8)
        #expect(try row(lines, "dates, UUIDs, URLs", after: "where the bytes go") == 9)
        #expect(try row(lines, "deepest nesting", after: "values") == 3)
        #expect(lines.contains { $0.hasPrefix("  keyed containers") && $0.hasSuffix("7 entries") })
    }
}

/// `karchive bench --quick`: well-formed tables, every model and every message with every coder.
@Suite struct KarchiveBenchTests {
    @Test func quickBenchPrintsAWellFormedTable() throws {
        let run = karchive("bench", "--quick")
        #expect(run.status == 0, "\(run.errors)")
        let lines = run.lines
        #expect(lines[0].hasPrefix("karchive bench: KeyedArchive against Foundation's coders"))
        #expect(lines[1].hasPrefix("machine: ") && lines[1].contains("cores"))
        #expect(lines[2].hasPrefix("toolchain: Swift 6."))
        let header = try #require(lines.firstIndex { $0.hasPrefix("model ") })
        #expect(lines[header].split(separator: " ", omittingEmptySubsequences: true) == ["model", "coder", "encode", "ms", "×", "JSON", "decode", "ms", "×", "JSON", "bytes", "×", "JSON"])
        let rows = lines[(header + 2)...].prefix { !$0.isEmpty }
        #expect(rows.count == 28)
        var model = ""
        var coders: [String: [String]] = [:]
        for row in rows {
            // Two spaces or more separate the columns; the model name is only on its first row.
            let cells = row.components(separatedBy: "  ").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            if cells.count == 8 { model = cells[0] }
            let values = Array(cells.suffix(7))
            coders[model, default: []].append(values[0])
            #expect(Double(values[1].replacingOccurrences(of: ",", with: "")).map { $0 > 0 } == true, "\(row)")
            #expect(Double(values[3].replacingOccurrences(of: ",", with: "")).map { $0 > 0 } == true, "\(row)")
            for ratio in [values[2], values[4]] { #expect(ratio.hasSuffix("×"), "\(row)") }
            if values[0] == "Null coder" {
                // It writes no bytes: no size and no size ratio.
                #expect(values[5] == "–" && values[6] == "–", "\(row)")
            } else {
                #expect(Int(values[5].replacingOccurrences(of: ",", with: "")).map { $0 > 0 } == true, "\(row)")
                #expect(values[6].hasSuffix("×"), "\(row)")
            }
            if values[0] == "JSON" { #expect(values[2] == "1.0×" && values[4] == "1.0×" && values[6] == "1.00×") }
        }
        #expect(coders.keys.sorted() == ["App state, 50 documents", "Class hierarchy, 200 circles", "Commits (int keys) × 100", "Commits (string keys) × 100", "Numeric series, 10,000 Doubles"])
        for (model, list) in coders {
            // The commit and app-state models also have a twin with @ArchiveCodable's code.
            let generated = model.hasPrefix("Commits") || model.hasPrefix("App state") ? ["Archive, generated"] : []
            #expect(list == ["Archive"] + generated + ["Archive+zlib", "JSON", "PropertyList", "Null coder"], "\(model)")
        }
        #expect(lines.contains { $0.hasPrefix("Null coder: the Codable ceiling.") })
        #expect(lines.contains { $0.hasPrefix("Steadiness: in every row of 16 rounds or more, the middle half of the rounds' ratios lies") })
        // Progress goes to standard error, one line per model; the tests run a debug build.
        #expect(run.errors.contains("[1/5] Commits (string keys) × 100: checking every coder\n"))
        #expect(run.errors.contains("[5/5] Numeric series, 10,000 Doubles: checking every coder\n"))
        #expect(run.errors.contains("warning: this is a debug build"))
        #expect(lines.contains { $0.hasPrefix("warning: this is a debug build") })
        try expectMessagesSection(lines, errors: run.errors)
        // The last line says how to run a measurement.
        #expect(lines.last == "This was a check, not a measurement: run karchive bench (about a minute) or karchive bench --full.")
    }

    @Test func quickAndFullTogetherAreAUsageError() {
        let run = karchive("bench", "--quick", "--full")
        #expect(run.status == 64)
        #expect(run.errors.contains("--quick and --full cannot be used together"))
        #expect(run.output.isEmpty)
    }

    /// The messages section after the documents' table: every message with every coder, times
    /// per message, and each size that of the message's own encoding.
    private func expectMessagesSection(_ lines: [String], errors: String) throws {
        let title = try #require(lines.firstIndex { $0.hasPrefix("Messages: the cost of one small message") })
        let documents = try #require(lines.firstIndex { $0.hasPrefix("model ") })
        #expect(title > documents)
        let header = try #require(lines[title...].firstIndex { $0.hasPrefix("message ") })
        #expect(lines[header].split(separator: " ") == ["message", "coder", "encode", "ns", "×", "JSON", "decode", "ns", "×", "JSON", "bytes", "×", "JSON"])
        let rows = lines[(header + 2)...].prefix { !$0.isEmpty }
        // Eight messages and four varying streams, in both key forms, four coders each.
        #expect(rows.count == 96)
        var message = ""
        var cells: [String: [String: [String]]] = [:]
        var order: [String] = []
        for row in rows {
            let columns = row.components(separatedBy: "  ").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            if columns.count == 8 { message = columns[0]; order.append(message) }
            let values = Array(columns.suffix(7))
            #expect(cells[message]?[values[0]] == nil, "\(row)")
            cells[message, default: [:]][values[0]] = values
            for time in [values[1], values[3]] {
                #expect(Int(time.replacingOccurrences(of: ",", with: "")).map { $0 > 0 } == true, "\(row)")
            }
            for ratio in [values[2], values[4]] { #expect(ratio.hasSuffix("×"), "\(row)") }
            #expect(values[6].hasSuffix("×"), "\(row)")
            if values[0] == "JSON" { #expect(values[2] == "1.0×" && values[4] == "1.0×" && values[6] == "1.00×", "\(row)") }
        }
        // The sizes are those of each coder's encoding of the sample message; the twin with
        // generated code writes the Archive row's bytes.
        func bytes(_ value: some Encodable) throws -> [Int] {
            let plist = PropertyListEncoder()
            plist.outputFormat = .binary
            return try [ArchiveEncoder().encode(value).count, ArchiveEncoder().encode(value).count,
                        JSONEncoder().encode(value).count, plist.encode(value).count]
        }
        let expected: [(String, [Int])] = try [
            ("Empty message", bytes(EmptyMessage.sample())), ("One field", bytes(OneFieldMessage.sample())),
            ("Numeric struct", bytes(NumericStruct.sample())), ("Primitives sample", bytes(PrimitivesSample.sample())),
            ("Media content", bytes(MediaContent.sample())), ("Numeric struct list × 5", bytes(NumericStructList.sample())),
            ("Primitives sample list × 5", bytes(PrimitivesSampleList.sample())), ("Media content list × 5", bytes(MediaContentList.sample())),
            ("Empty message, string keys", bytes(StringKeyedEmptyMessage(.sample()))),
            ("One field, string keys", bytes(StringKeyedOneFieldMessage(.sample()))),
            ("Numeric struct, string keys", bytes(StringKeyedNumericStruct(.sample()))),
            ("Primitives sample, string keys", bytes(StringKeyedPrimitivesSample(.sample()))),
            ("Media content, string keys", bytes(StringKeyedMediaContent(.sample()))),
            ("Numeric struct list × 5, string keys", bytes(StringKeyedNumericStructList(.sample()))),
            ("Primitives sample list × 5, string keys", bytes(StringKeyedPrimitivesSampleList(.sample()))),
            ("Media content list × 5, string keys", bytes(StringKeyedMediaContentList(.sample()))),
        ] + varyingStreamSizes()
        #expect(order == expected.map(\.0))
        let coders = ["Archive", "Archive, generated", "JSON", "PropertyList"]
        for (name, sizes) in expected {
            #expect(cells[name].map { Set($0.keys) } == Set(coders), "\(name)")
            for (coder, size) in zip(coders, sizes) {
                #expect(cells[name]?[coder].flatMap { Int($0[5].replacingOccurrences(of: ",", with: "")) } == size, "\(name), \(coder)")
            }
        }
        // Every message was checked (decoded back) before it was timed.
        for (index, (name, _)) in expected.enumerated() {
            #expect(errors.contains("[message \(index + 1)/24] \(name): checking every coder\n"), "\(name)")
        }
        #expect(lines[title...].contains { $0.hasPrefix("Varying optionals, Varying enum, Array of several types, Two types alternating: streams") })
        // Each section says how steady its rounds were.
        #expect(lines[..<title].filter { $0.hasPrefix("Steadiness: ") }.count == 1)
        #expect(lines[title...].filter { $0.hasPrefix("Steadiness: ") }.count == 1)
    }
}

/// The varying streams' rows and each coder's bytes for the mean message of the stream (each
/// message encoded by a new coder: a kept one writes the same bytes, `VaryingStreamTests`), in
/// the order of the messages section: integer keys, then string keys.
private func varyingStreamSizes() throws -> [(String, [Int])] {
    /// Archive, generated (the same bytes), JSON and binary property list: the mean message's bytes, rounded.
    func meanBytes(_ messages: [any Encodable]) throws -> [Int] {
        let plist = PropertyListEncoder()
        plist.outputFormat = .binary
        let sizes = try messages.map { message in
            try [ArchiveEncoder().encode(message).count, ArchiveEncoder().encode(message).count,
                 JSONEncoder().encode(message).count, plist.encode(message).count]
        }
        return (0..<4).map { coder in (sizes.map { $0[coder] }.reduce(0, +) + messages.count / 2) / messages.count }
    }
    let alternating = AlternatingStream.sample()
    let pairs = Array(zip(alternating.heartbeats, alternating.lines))
    return try [
        ("Varying optionals", meanBytes(ProfileUpdate.stream())), ("Varying enum", meanBytes(InputEvent.stream())),
        ("Array of several types", meanBytes(EventBatch.stream())),
        ("Two types alternating", meanBytes(pairs.flatMap { [$0 as any Encodable, $1] })),
        ("Varying optionals, string keys", meanBytes(ProfileUpdate.stream().map(StringKeyedProfileUpdate.init))),
        ("Varying enum, string keys", meanBytes(InputEvent.stream().map(StringKeyedInputEvent.init))),
        ("Array of several types, string keys", meanBytes(EventBatch.stream().map(StringKeyedEventBatch.init))),
        ("Two types alternating, string keys",
         meanBytes(pairs.flatMap { [StringKeyedHeartbeat($0) as any Encodable, StringKeyedChatLine($1)] })),
    ]
}

/// The command line itself: help, usage errors, unreadable input.
@Suite struct KarchiveCommandLineTests {
    @Test func helpListsEverySubcommand() {
        let run = karchive("--help")
        #expect(run.status == 0)
        for name in ["inspect", "validate", "stats", "to-json", "from-json", "schema", "compat", "bench"] {
            #expect(run.text.contains("  \(name) "), "\(name)")
        }
        // The JSON mapping is written once, in Spec/JSON.md; both commands point to it.
        #expect(karchive("to-json", "--help").text.contains("Spec/JSON.md"))
        #expect(karchive("from-json", "--help").text.contains("Spec/JSON.md"))
    }

    @Test func usageErrorsExitWith64() {
        let unknown = karchive("unpack")
        #expect(unknown.status == 64)
        #expect(unknown.output.isEmpty)
        #expect(unknown.errors.hasPrefix("Error: Unexpected argument 'unpack'"))
        #expect(karchive("inspect", "--depth", "-1", input: []).status == 64)
    }

    @Test func unreadableInputIsOneLine() throws {
        let missing = karchive("inspect", "/nonexistent/archive.karc")
        #expect(missing.status == 1)
        #expect(missing.errors == "error: cannot read /nonexistent/archive.karc: No such file or directory\n")
        let empty = karchive("stats", input: [])
        #expect(empty.errors == "error: truncated at offset 0: empty input\n")
        let json = karchive("to-json", input: Array("{\"a\":1}".utf8))
        #expect(json.errors == "error: not an archive at offset 0: input does not start with the magic bytes \"KARC\"\n")
    }
}
