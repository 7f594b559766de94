import ArchiveTestSupport
import Foundation
import Testing
import KeyedArchive

// Decoder differential tests: random decoding programs over random values, run against
// `ArchiveDecoder` (over the value's archive) and `JSONDecoder` (over its JSON); the traces of
// values read and errors thrown must agree. Intentional differences are normalized in
// `ddNormalization` and `DDRunner.runUnkeyed`, each naming its section of
// MigratingFromJSONEncoder.md.
//
// Campaigns: DECODER_DIFF_SEED=<n> DECODER_DIFF_COUNT=<n> swift test -c release --filter DecoderDifferentialTests

/// The outcome of running programs: how many ran and the shrunk failures.
struct DDCampaignResult {
    var count = 0
    /// Programs whose traces differed.
    var failingPrograms = 0
    /// One report per distinct shrunk failure.
    var failures: [String] = []
}

func ddFails(_ value: DDValue, _ program: DDProgram, compressed: Bool) -> Bool {
    guard let traces = try? ddTraces(value, program, compressed: compressed) else { return false }
    return traces.archive != traces.json
}

/// Regression-test source for a failing pair, with the first differing trace line.
func ddReport(_ value: DDValue, _ program: DDProgram, seed: UInt64, compressed: Bool) -> String {
    let traces: (archive: [String], json: [String]) = (try? ddTraces(value, program, compressed: compressed)) ?? ([], [])
    let index = zip(traces.archive, traces.json).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        ?? min(traces.archive.count, traces.json.count)
    let archiveLine = index < traces.archive.count ? traces.archive[index] : "<end>"
    let jsonLine = index < traces.json.count ? traces.json[index] : "<end>"
    return """
        Decoder differential failure (program seed \(seed)\(compressed ? ", zlib" : "")):
          archive: \(archiveLine)
          json:    \(jsonLine)
        @Test func decoderDifferentialSeed\(seed)() throws {
            try expectSameTraces(
                value: \(value.swiftSource),
                program: \(program.swiftSource)\(compressed ? ",\n        compressed: true" : ""))
        }
        """
}

/// Runs `count` programs from `seed` on; failures are shrunk and reported as test source.
func ddCampaign(seed: UInt64, count: Int, progressEvery: Int = 0) -> DDCampaignResult {
    var result = DDCampaignResult()
    var seen = Set<String>()
    for i in 0..<count {
        let programSeed = seed &+ UInt64(i)
        var generator = DDGenerator(seed: programSeed)
        let value = generator.value()
        let program = generator.program(for: value)
        let compressed = programSeed % 16 == 0
        result.count += 1
        if ddFails(value, program, compressed: compressed) {
            result.failingPrograms += 1
            let (small, smallProgram) = ddShrink(value, program) { ddFails($0, $1, compressed: compressed) }
            let report = ddReport(small, smallProgram, seed: programSeed, compressed: compressed)
            // One report per distinct shrunk program.
            if seen.insert(small.swiftSource + smallProgram.swiftSource).inserted {
                result.failures.append(report)
                print(report)
            }
            if result.failures.count >= 20 { break }
        }
        if progressEvery > 0, (i + 1) % progressEvery == 0 {
            print("decoder differential: \(i + 1)/\(count) programs, \(result.failingPrograms) failing, \(result.failures.count) distinct")
        }
    }
    return result
}

/// Asserts that a program reads the same from the archive and from the JSON of `value`.
func expectSameTraces(value: DDValue, program: DDProgram, compressed: Bool = false, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let traces = try ddTraces(value, program, compressed: compressed)
    #expect(traces.archive == traces.json, sourceLocation: sourceLocation)
}

@Suite struct DecoderDifferentialTests {
    @Test func randomProgramsAgreeWithJSONDecoder() {
        let environment = ProcessInfo.processInfo.environment
        let seed = environment["DECODER_DIFF_SEED"].flatMap { UInt64($0) } ?? 0xDEC0_DE00
        let count = Campaign.count("DECODER_DIFF_COUNT", quick: 3_000, full: 30_000)
        let clock = ContinuousClock()
        let start = clock.now
        let result = ddCampaign(seed: seed, count: count, progressEvery: count >= 100_000 ? count / 20 : 0)
        let duration = clock.now - start
        print("decoder differential: \(result.count) programs from seed \(seed), \(result.failingPrograms) failing, \(result.failures.count) distinct failures, \(duration)")
        #expect(result.failures.isEmpty, "\(result.failures.count) failures; first:\n\(result.failures.first ?? "")")
    }

    /// The generator and the shrinker are deterministic, and the programs are not trivial.
    @Test func generationIsSeededAndVaried() throws {
        var a = DDGenerator(seed: 42), b = DDGenerator(seed: 42)
        let (va, vb) = (a.value(), b.value())
        #expect(va == vb)
        #expect(a.program(for: va) == b.program(for: vb))
        var sizes: [Int] = []
        var traceLines = 0
        for seed in 0..<200 as Range<UInt64> {
            var g = DDGenerator(seed: seed)
            let value = g.value()
            let program = g.program(for: value)
            sizes.append(program.size)
            traceLines += try ddTraces(value, program).archive.count
        }
        #expect(sizes.max()! >= 10)
        #expect(traceLines >= 200 * 4)
    }

    /// The printed regression source round-trips through the model (spot check of the printer).
    @Test func swiftSourceOfAProgram() {
        let program = DDProgram.keyed([.read(DDKey("a"), .int), .nestedPair(DDKey(int: 3), DDKey("b"), [.allKeys], []),
                                       .superDecoder(nil, .single([.decodeNil]))])
        #expect(program.swiftSource == ".keyed([.read(DDKey(\"a\"), .int), .nestedPair(DDKey(int: 3), DDKey(\"b\"), [.allKeys], []), .superDecoder(nil, .single([.decodeNil]))])")
    }
}
