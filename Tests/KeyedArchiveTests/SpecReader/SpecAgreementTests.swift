import ArchiveTestSupport
import Foundation
import KeyedArchiveSamples
import Testing
@testable import KeyedArchive

/// "Two readers, one verdict": mutants of well-formed archives, read by the spec reader (written
/// from `Spec/FORMAT.md` alone) and by the library, must get the same verdict.
@Suite("Spec agreement: the spec reader and the library agree on mutants")
struct SpecAgreementTests {
    /// Mutants under `CAMPAIGNS=full`. Measured: 300,000 mutants took 49 s in a debug build on
    /// this 2-core machine (about 6,000 a second), so 50,000 take about 8 s, well under 20 s.
    static let fullCount = 50_000
    /// Mutants otherwise (`Campaign`).
    static let quickCount = 5_000

    @Test("Mutants: the spec reader and karchive validate agree; ArchiveDecoder is consistent")
    func mutantsAgree() throws {
        let environment = ProcessInfo.processInfo.environment
        let seed = environment["SPEC_AGREE_SEED"].flatMap { UInt64($0) } ?? 0x5EED_16_08
        let count = Campaign.count("SPEC_AGREE_COUNT", quick: Self.quickCount, full: Self.fullCount)
        let seeds = try AgreementSeeds.all()
        var mutator = SpecMutator(random: SampleGenerator(seed: seed))
        let started = Date()
        var verdicts: [String: Int] = [:]
        var failures = 0
        for index in 0..<count {
            let mutant = mutator.mutant(of: seeds[index % seeds.count])
            let outcome = SpecAgreementCheck(mutant.bytes, limits: mutant.limits, decode: mutant.seed.decode)
            verdicts[outcome.specVerdict.kindName, default: 0] += 1
            guard let problem = outcome.disagreement else { continue }
            failures += 1
            let minimal = SpecAgreementShrinker.shrink(mutant)
            let check = SpecAgreementCheck(minimal, limits: mutant.limits, decode: mutant.seed.decode)
            Issue.record("""
                Disagreement (SPEC_AGREE_SEED=\(seed), mutant \(index), seed archive \(mutant.seed.name)): \(problem)
                mutations: \(mutant.mutations.joined(separator: "; "))
                limits: \(mutant.limits)
                minimal bytes: \(hex(minimal))
                spec reader: \(check.specVerdict); karchive validate: \(check.libraryVerdict); \(check.disagreement ?? "(the minimal bytes no longer disagree)")
                """)
            if failures >= 10 { break }
        }
        let seconds = Date().timeIntervalSince(started)
        print("Spec agreement: \(count) mutants of \(seeds.count) seeds (SPEC_AGREE_SEED=\(seed)) in \(String(format: "%.1f", seconds)) s; verdicts \(verdicts.sorted { $0.key < $1.key })")
    }
}

/// Both oracles for one input: (a) the spec reader's verdict against `karchive validate`'s, and
/// (b) `ArchiveDecoder`'s consistency with the spec reader when a decoding type is known.
struct SpecAgreementCheck {
    let specVerdict: SpecVerdict
    let libraryVerdict: SpecVerdict
    let disagreement: String?

    init(_ bytes: [UInt8], limits: SpecLimits, decode: SeedDecode?) {
        let reader = SpecReader(bytes, limits: limits)
        specVerdict = reader.verdict()
        libraryVerdict = SpecAgreementOracle.libraryVerdict(bytes, limits: limits)
        if specVerdict != libraryVerdict {
            disagreement = "spec reader: \(specVerdict), karchive validate: \(libraryVerdict)"
        } else if let decode {
            disagreement = SpecAgreementOracle.decoderDisagreement(bytes, limits: limits, decode: decode, spec: reader, verdict: specVerdict)
        } else {
            disagreement = nil
        }
    }
}

extension SpecVerdict {
    /// The kind alone, for counting verdicts.
    var kindName: String {
        switch self {
        case .accepted: "accepted"
        case .rejected(let kind, _): kind
        }
    }
}

/// Shrinks a disagreeing mutant: deletes runs of bytes while the disagreement persists. A body
/// mutant is shrunk in its uncompressed form and rebuilt in the seed's variant each time, so that
/// the zlib stream and the CRC-32 stay valid around it.
enum SpecAgreementShrinker {
    static func shrink(_ mutant: AgreementMutant) -> [UInt8] {
        let flags = mutant.seed.flags
        let build: ([UInt8]) -> [UInt8] = mutant.plain == nil ? { $0 } : { SpecArchiveWrapping.wrap($0, flags: flags) }
        let disagrees: ([UInt8]) -> Bool = {
            SpecAgreementCheck(build($0), limits: mutant.limits, decode: mutant.seed.decode).disagreement != nil
        }
        var bytes = mutant.plain ?? mutant.bytes
        var chunk = max(1, bytes.count / 2)
        var attempts = 0
        while chunk >= 1 && attempts < 20_000 {
            var shrunk = false
            var start = 0
            while start < bytes.count && attempts < 20_000 {
                attempts += 1
                var candidate = bytes
                candidate.removeSubrange(start..<min(start + chunk, bytes.count))
                if disagrees(candidate) {
                    bytes = candidate
                    shrunk = true
                } else {
                    start += chunk
                }
            }
            if !shrunk { chunk /= 2 }
        }
        return build(bytes)
    }
}
