import ArchiveTestSupport
import Foundation
import KeyedArchiveSamples
import KeyedArchive
import Testing

// The two round trips of Spec/JSON.md §7 on random inputs. Seeds and counts come from
// KARCHIVE_JSON_SEED and KARCHIVE_JSON_COUNT; a failure prints the seed, the case and the JSON.

/// The seed and the number of cases of a property test: `fullCount` under `CAMPAIGNS=full`,
/// a tenth of it otherwise (`Campaign`).
private func campaign(defaultSeed: UInt64, fullCount: Int) -> (seed: UInt64, count: Int) {
    let environment = ProcessInfo.processInfo.environment
    return (environment["KARCHIVE_JSON_SEED"].flatMap { UInt64($0) } ?? defaultSeed,
            Campaign.count("KARCHIVE_JSON_COUNT", quick: fullCount / 10, full: fullCount))
}

/// One random archive: its bytes, and whether other bytes decode to the same value.
private struct ArchiveCase {
    let bytes: [UInt8]
    let sameValue: ([UInt8]) throws -> Bool
    /// The value in words, for a failure (dates described by `ExactDate`).
    let describe: () -> String

    init<T: Codable & Equatable>(_ value: T) throws {
        bytes = try archiveBytes(value)
        sameValue = { try ArchiveDecoder().decode(T.self, from: $0) == value }
        describe = { "\(T.self): \(value)" }
    }
}

/// A random root value: mostly a tree, sometimes a scalar or an optional at the top level.
private func archiveCase(_ g: inout MappingNodeGenerator) throws -> ArchiveCase {
    switch g.int(0...13) {
    case 0: return try ArchiveCase(ExactFloat(g.float()))
    case 1: return try ArchiveCase(ExactDouble(g.double()))
    case 2: return try ArchiveCase(ExactDate(g.seconds()))
    case 3: return try ArchiveCase(g.pick([Int???.none, .some(nil), .some(.some(nil)), .some(.some(.some(g.integer(Int.self))))]))
    case 4: return try ArchiveCase(g.integer(Int128.self))
    case 5: return try ArchiveCase(g.integer(UInt128.self))
    case 6: return try ArchiveCase(g.string())
    case 7: return try ArchiveCase(g.data())
    case 8: return try ArchiveCase(ExactFloats(g.many(5) { $0.float() }))
    default: return try ArchiveCase(g.node(depth: 4))
    }
}

@Suite struct KarchiveJSONPropertyTests {
    @Test func randomArchivesDecodeToTheSameValuesAfterJSONAndBack() throws {
        let (seed, count) = campaign(defaultSeed: 0x4A53_4F4E, fullCount: 4000)
        var failures = 0
        let clock = ContinuousClock()
        let start = clock.now
        for index in 0..<count {
            var g = MappingNodeGenerator(seed: seed &+ UInt64(index))
            let testCase = try archiveCase(&g)
            let json = karchive("to-json", "--compact", input: testCase.bytes)
            let back = karchive("from-json", input: json.output)
            let same = back.status == 0 ? (try? testCase.sameValue(back.output)) ?? false : false
            if json.status != 0 || !same {
                failures += 1
                Issue.record("""
                    seed \(seed &+ UInt64(index)) (KARCHIVE_JSON_SEED=\(seed &+ UInt64(index)) KARCHIVE_JSON_COUNT=1): \
                    archive → to-json → from-json does not decode to the same value
                    value: \(testCase.describe())
                    json: \(json.text)\(json.errors)
                    from-json: \(back.errors)
                    """)
                if failures >= 5 { break }
            }
        }
        print("JSON mapping, archives: \(count) cases from seed \(seed), \(failures) failing, \(clock.now - start)")
    }

    @Test func randomDocumentsComeBackInTheirCanonicalSpelling() throws {
        try checkDocuments(defaultSeed: 0x0D0C_0000, mixesEquivalentNames: false)
    }

    @Test(.disabled(if: !encoderKeepsKeyBytes, "needs byte-exact key table in ArchiveEncoder (issue 16 item 5)"))
    func randomDocumentsWithEquivalentNamesInDifferentObjectsComeBack() throws {
        try checkDocuments(defaultSeed: 0x0D0C_1000, mixesEquivalentNames: true)
    }

    private func checkDocuments(defaultSeed: UInt64, mixesEquivalentNames: Bool) throws {
        let (seed, count) = campaign(defaultSeed: defaultSeed, fullCount: 3000)
        var failures = 0
        let clock = ContinuousClock()
        let start = clock.now
        for index in 0..<count {
            let caseSeed = seed &+ UInt64(index)
            var generator = TestJSONGenerator(seed: caseSeed, mixesEquivalentNames: mixesEquivalentNames)
            let document = generator.value(depth: 4)
            var printer = TestJSONPrinter(random: SampleGenerator(seed: ~caseSeed))
            let input = (printer.chance(0.05) ? "\u{FEFF}" : "") + printer.liberal(document)
            let expected = TestJSONPrinter.canonical(document)
            let archive = karchive("from-json", input: Array(input.utf8))
            let compact = karchive("to-json", "--compact", input: archive.output)
            // Pretty output only for some cases: it is the same walk.
            let pretty = index % 10 == 0 ? karchive("to-json", input: archive.output).text : nil
            if archive.status != 0 || compact.text != expected + "\n" || pretty.map({ $0 != TestJSONPrinter.pretty(document) + "\n" }) == true {
                failures += 1
                Issue.record("""
                    seed \(caseSeed) (KARCHIVE_JSON_SEED=\(caseSeed) KARCHIVE_JSON_COUNT=1): JSON → from-json → to-json differs
                    input:    \(input)
                    expected: \(expected)
                    to-json:  \(compact.text)\(archive.errors)
                    """)
                if failures >= 5 { break }
            }
        }
        print("JSON mapping, documents\(mixesEquivalentNames ? " with equivalent names" : ""): \(count) cases from seed \(seed), \(failures) failing, \(clock.now - start)")
    }

    /// Spec/JSON.md §4's spelling S(x), checked as stated: it reads back exactly, no shorter
    /// digit string does, and the notation follows the thresholds.
    @Test func numberSpellingFollowsTheStatedRule() throws {
        let (seed, count) = campaign(defaultSeed: 0x5370_656C, fullCount: 3000)
        var random = SampleGenerator(seed: seed)
        var doubles: [Double] = [0, -0.0, 1e-4, 1e-4.nextDown, 9_007_199_254_740_992, 9_007_199_254_740_994, .leastNonzeroMagnitude, .greatestFiniteMagnitude]
        while doubles.count < count {
            let x = Bool.random(using: &random) ? Double(bitPattern: random.next()) : Double(Float(bitPattern: UInt32(truncatingIfNeeded: random.next())))
            if x.isFinite { doubles.append(x) }
        }
        let json = compactJSON(try archiveBytes(ExactDoubles(doubles)))
        let spellings = json.dropFirst().dropLast().split(separator: ",").map(String.init)
        #expect(spellings.count == doubles.count)
        for (x, text) in zip(doubles, spellings) {
            #expect(Double(text)?.bitPattern == x.bitPattern, "\(text) does not read back as \(x)")
            let isExponential = text.contains("e")
            let mantissa = text.split(separator: "e")[0].replacingOccurrences(of: "-", with: "").replacingOccurrences(of: ".", with: "")
            let digits = mantissa.drop { $0 == "0" }
            let significant = digits.count - digits.reversed().prefix { $0 == "0" }.count
            // Shortest: one digit fewer does not read back as x.
            if significant > 1 {
                let shorter = String(format: "%.\(significant - 2)e", x)
                #expect(Double(shorter) != x, "\(text): \(shorter) is shorter")
            }
            // For doubles, 10^-4 ≤ |D| exactly when |x| ≥ the double nearest 10^-4 (D rounds to x).
            if x == 0 || (x.magnitude >= 0.0001 && x.magnitude <= 9_007_199_254_740_992) {
                #expect(!isExponential && text.contains("."), "\(text) should be positional")
                #expect(!text.hasSuffix("."), "\(text)")
            } else {
                #expect(isExponential, "\(text) should be exponential")
                let exponent = text.split(separator: "e")[1]
                #expect((exponent.hasPrefix("+") || exponent.hasPrefix("-")) && exponent.count >= 3, "\(text)")
            }
        }
    }
}
