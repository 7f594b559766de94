import ArchiveTestSupport
import Foundation
import Testing
import KeyedArchive

// Differential, property-based tests of the encoder (issue 10, item 3): seeded random
// encoding programs (Differential/DiffGenerator.swift) run through ArchiveEncoder, plain and
// zlib, and compared with a reference model of their logical value (DiffModel.swift), with
// their round trip through ArchiveDecoder, and with JSONEncoder where JSON can be an oracle.
//
// Campaigns (any seed, any count; fast in release):
//   ENCODER_DIFF_SEED=50000000 ENCODER_DIFF_COUNT=1000000 swift test -c release \
//       --filter EncoderDifferentialTests/seededProgramsMatchTheModel
// ENCODER_DIFF_JSON=1 also compares JSONEncoder there; ENCODER_DIFF_SHRINK=0 reports failures
// unshrunk; ENCODER_DIFF_INCLUDE_KNOWN_BUGS=1 also fails on the known bugs (DiffKnownBugs);
// ENCODER_DIFF_ISOLATE=0 runs in this process instead of in child processes of 100,000
// programs each (a child that crashes is reported with its seed, and the run goes on after it).

private let environment = ProcessInfo.processInfo.environment

private func flag(_ name: String, default value: Bool) -> Bool {
    environment[name].map { $0 == "1" || $0.lowercased() == "true" } ?? value
}

struct CampaignOptions: Codable, Sendable {
    var start: UInt64
    var count: Int
    var json: Bool
    var jsonFriendly: Bool?
    var includeKnownBugs: Bool
    var shrink: Bool
}

private func escape(_ s: String) -> String {
    s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\t", with: "\\t")
}

private func unescape(_ s: String) -> String {
    var out = ""
    var escaped = false
    for c in s {
        if escaped {
            out.append(c == "n" ? "\n" : c == "t" ? "\t" : c)
            escaped = false
        } else if c == "\\" {
            escaped = true
        } else {
            out.append(c)
        }
    }
    return out
}

/// The child's side: runs the programs, writes each seed before running it, then the report.
private func runChild(_ o: CampaignOptions) {
    let err = FileHandle.standardError
    let report = DiffCampaign.run(start: o.start, count: o.count, json: o.json, jsonFriendly: o.jsonFriendly,
                                  includeKnownBugs: o.includeKnownBugs, shrink: o.shrink,
                                  beforeEach: { err.write(Data("B \($0)\n".utf8)) }, progress: { _ in })
    var text = "R \(report.programs) \(report.jsonCompared) \(report.seconds)\n"
    for (bug, n) in report.knownBugs { text += "K \(n)\t\(escape(bug))\n" }
    for f in report.failures { text += "F \(f.seed)\t\(escape(f.message))\t\(escape(f.shrunkMessage))\t\(escape(f.source))\n" }
    err.write(Data(text.utf8))
}

/// Runs a campaign, in child processes unless ENCODER_DIFF_ISOLATE=0, and records its failures.
private func campaign(_ options: CampaignOptions) async -> DiffCampaign.Report {
    guard flag("ENCODER_DIFF_ISOLATE", default: true) else {
        let report = DiffCampaign.run(start: options.start, count: options.count, json: options.json,
                                      jsonFriendly: options.jsonFriendly, includeKnownBugs: options.includeKnownBugs,
                                      shrink: options.shrink)
        record(report.failures)
        print(DiffCampaign.describe(report, start: options.start))
        return report
    }
    var total = DiffCampaign.Report()
    var next = options.start
    var remaining = options.count
    let began = Date()
    while remaining > 0 {
        var chunk = options
        chunk.start = next
        chunk.count = min(remaining, 100_000)
        let childOptions = chunk
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) { [childOptions = childOptions as CampaignOptions] in
            runChild(childOptions)
        }
        let lines = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self).split(separator: "\n")
        var lastBegun: UInt64?
        var failures: [DiffCampaign.Failure] = []
        var finished = false
        for line in lines {
            if line.hasPrefix("B ") { lastBegun = UInt64(line.dropFirst(2)) }
            else if line.hasPrefix("R ") {
                let parts = line.split(separator: " ")
                total.programs += Int(parts[1]) ?? 0
                total.jsonCompared += Int(parts[2]) ?? 0
                finished = true
            } else if line.hasPrefix("K ") {
                let parts = line.dropFirst(2).split(separator: "\t", maxSplits: 1).map(String.init)
                if parts.count == 2 { total.knownBugs[unescape(parts[1]), default: 0] += Int(parts[0]) ?? 0 }
            } else if line.hasPrefix("F ") {
                let parts = line.dropFirst(2).split(separator: "\t", maxSplits: 3, omittingEmptySubsequences: false).map(String.init)
                if parts.count == 4, let seed = UInt64(parts[0]) {
                    failures.append(.init(seed: seed, message: unescape(parts[1]), source: unescape(parts[3]), shrunkMessage: unescape(parts[2])))
                }
            }
        }
        record(failures)
        total.failures += failures
        if finished {
            next &+= UInt64(chunk.count)
            remaining -= chunk.count
        } else {
            // The child crashed (the #expect above recorded it) while running `lastBegun`.
            let crashed = lastBegun ?? next
            Issue.record("The encoder crashed the process at seed \(crashed): ENCODER_DIFF_SEED=\(crashed) ENCODER_DIFF_COUNT=1 ENCODER_DIFF_ISOLATE=0 reproduces it.\n\(DiffSwiftSource.render(DiffCampaign.program(crashed, jsonFriendly: options.jsonFriendly)))")
            total.failures.append(.init(seed: crashed, message: "crash", source: "", shrunkMessage: ""))
            let done = Int(crashed &- next) + 1
            total.programs += done
            next = crashed &+ 1
            remaining -= done
        }
        if options.count > 100_000 {
            print("EncoderDifferential: \(options.count - remaining) programs from seed \(options.start), \(total.failures.count) failures, \(String(format: "%.1f", Date().timeIntervalSince(began))) s")
        }
    }
    total.seconds = Date().timeIntervalSince(began)
    print(DiffCampaign.describe(total, start: options.start))
    return total
}

private func record(_ failures: [DiffCampaign.Failure]) {
    for f in failures {
        Issue.record("""
            seed \(f.seed): \(f.message)
            shrunk: \(f.shrunkMessage)
            \(f.source)
            """)
    }
}

@Suite("Encoder differential tests") struct EncoderDifferentialTests {
    /// Seeds 0 ..< 10,000 (1,000 without `CAMPAIGNS=full`; or ENCODER_DIFF_SEED and _COUNT's),
    /// against the model, the round trip, and (with ENCODER_DIFF_JSON=1) JSONEncoder.
    @Test func seededProgramsMatchTheModel() async {
        let options = CampaignOptions(
            start: environment["ENCODER_DIFF_SEED"].flatMap { UInt64($0) } ?? 0,
            count: Campaign.count("ENCODER_DIFF_COUNT", quick: 1_000, full: 10_000),
            json: flag("ENCODER_DIFF_JSON", default: false),
            jsonFriendly: nil,
            includeKnownBugs: flag("ENCODER_DIFF_INCLUDE_KNOWN_BUGS", default: false),
            shrink: flag("ENCODER_DIFF_SHRINK", default: true))
        let report = await campaign(options)
        #expect(report.programs == options.count)
    }

    /// JSON-friendly programs (no NaN, Int128, late writes) from seed 1,000,000,000 on, 6,000
    /// of them (1,000 without `CAMPAIGNS=full`): at least five in six compared with
    /// JSONEncoder (the model sets aside the shapes where the coders differ on purpose).
    @Test func seededProgramsMatchJSONEncoder() async {
        let options = CampaignOptions(
            start: environment["ENCODER_DIFF_SEED"].flatMap { UInt64($0) } ?? 1_000_000_000,
            count: Campaign.count("ENCODER_DIFF_COUNT", quick: 1_000, full: 6_000),
            json: true,
            jsonFriendly: true,
            includeKnownBugs: flag("ENCODER_DIFF_INCLUDE_KNOWN_BUGS", default: false),
            shrink: flag("ENCODER_DIFF_SHRINK", default: true))
        let report = await campaign(options)
        if Campaign.overridden("ENCODER_DIFF_COUNT") == nil {
            #expect(report.jsonCompared * 6 >= options.count * 5)
        }
    }

    /// The generator reaches every interesting shape, often: the suite cannot silently stop
    /// testing one of them.
    @Test func theSeededProgramsCoverEveryShape() {
        var events: [String: Int] = [:]
        for seed in UInt64(0)..<10_000 {
            for (event, n) in DiffModel.run(DiffCampaign.program(seed)).events { events[event, default: 0] += n }
        }
        var json: [String: Int] = [:]
        for seed in UInt64(1_000_000_000)..<1_000_006_000 {
            for (event, n) in DiffModel.run(DiffCampaign.program(seed, jsonFriendly: true)).events { json[event, default: 0] += n }
        }
        let required = [
            "wrapper program", "wrapper array", "wrapper [String: X]", "wrapper [Int: X]",
            "wrapper optional nil", "wrapper optional some",
            "program keyed", "program unkeyed", "program single leaf", "program single nested value",
            "program single nil", "program nothing",
            "keyed encode", "keyed encodeNil", "keyed encodeIfPresent some", "keyed encodeIfPresent nil",
            "keyed nestedContainer", "keyed nestedUnkeyedContainer", "keyed superEncoder()", "keyed superEncoder(forKey:)",
            "unkeyed encode", "unkeyed encodeNil", "unkeyed nestedContainer", "unkeyed nestedUnkeyedContainer",
            "unkeyed superEncoder()", "nested program value",
            "super encoder deferred", "deferred fill keyed", "deferred fill unkeyed", "deferred fill encoder",
            "several super encoders in flight", "write after its value's encode(to:) returned", "stash own encoder",
            "key written twice", "nested keyed re-requested: continued", "nested unkeyed re-requested: continued",
            "native array continued by nestedUnkeyedContainer", "container requested again",
            "keyed container continued", "nested container replaced another kind",
            "key rewritten while its super encoder is in flight", "re-entrant write into an enclosing container",
            "nested container replaced a super encoder that wrote nothing", "packed array continued by nestedUnkeyedContainer",
            "Int key negative", "Int key >= 32", "Int key >= 64", "Int key >= 2^14",
        ] + [
            "Bool", "String", "String empty", "String unicode", "Int", "Int8", "Int16", "Int32", "Int64",
            "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Float", "Float NaN", "Double", "Double NaN", "Double -0.0",
            "Int128", "UInt128", "Data", "Date", "URL", "UUID", "[Double]", "[Int]", "[String]", "[String] empty",
        ].map { "leaf " + $0 }
        var missing: [String] = []
        for event in required where events[event, default: 0] < 20 { missing.append("\(event): \(events[event, default: 0])") }
        #expect(missing.isEmpty, "shapes the seeded programs reach fewer than 20 times: \(missing)")
        // The JSON-friendly programs too, for the shapes JSON compares.
        var jsonMissing: [String] = []
        for event in ["wrapper array", "wrapper [String: X]", "wrapper [Int: X]", "keyed superEncoder()", "unkeyed superEncoder()",
                      "super encoder deferred", "deferred fill encoder", "deferred fill keyed", "deferred fill unkeyed",
                      "nested keyed re-requested: continued", "native array continued by nestedUnkeyedContainer", "key written twice",
                      "leaf [String] empty", "leaf Data", "leaf Date", "leaf URL", "leaf UUID"]
        where json[event, default: 0] < 20 { jsonMissing.append("\(event): \(json[event, default: 0])") }
        #expect(jsonMissing.isEmpty, "shapes the JSON-friendly programs reach fewer than 20 times: \(jsonMissing)")
        if flag("ENCODER_DIFF_PRINT_COVERAGE", default: false) {
            for (e, n) in events.sorted(by: { $0.key < $1.key }) { print("\(n)\t\(e)") }
        }
    }

    /// Arbitrary bytes (the fuzzer's inputs) make legal programs that the encoder gets right.
    @Test func fuzzBytesMakeLegalPrograms() {
        var source = DiffSource(seed: 0xF022)
        var inputs: [[UInt8]] = [[], [0], [0xFF], Array(repeating: 0xFF, count: 300), Array(repeating: 0, count: 300),
                                 Array(0...255), Array((0...255).reversed())]
        for _ in 0..<1_500 { inputs.append((0..<source.below(400)).map { _ in UInt8(source.below(256)) }) }
        var failures: [String] = []
        for bytes in inputs {
            let value = DiffWrapped(fuzzBytes: bytes)
            let outcome = DiffChecker.outcome(value, json: true)
            if outcome.knownBug == nil, let failure = outcome.failure { failures.append("\(bytes): \(failure)") }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
    }

    /// The shrinker finds the minimal program for a property, and prints Swift source for it.
    @Test func theShrinkerFindsTheSmallestProgram() throws {
        // The property: "takes a super encoder and fills it later" — the shrinker must strip
        // everything else from a big program that has one.
        func fillsASuperEncoderLate(_ w: DiffWrapped, _: Bool) -> String? {
            DiffModel.run(w).events["deferred fill encoder"] != nil ? "late: fill" : nil
        }
        let seed = try #require((UInt64(0)..<1_000).first { seed in
            let w = DiffCampaign.program(seed)
            return fillsASuperEncoderLate(w, false) != nil && DiffSwiftSource.render(w).count > 1_500
        })
        let (small, message) = DiffShrinker.shrink(DiffCampaign.program(seed), json: false, failing: fillsASuperEncoderLate)
        #expect(message == "late: fill")
        let source = DiffSwiftSource.render(small)
        #expect(source.count < 400, "\(source)")
        #expect(source.contains(".fillEncoder("), "\(source)")
    }
}
