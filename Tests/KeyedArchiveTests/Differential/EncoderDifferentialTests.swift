import Foundation
import Testing
@testable import KeyedArchive

@Suite struct EncoderDifferentialTests {
    @Test func smoke() {
        var failures = 0, known = 0
        var seen = Set<String>()
        for seed in UInt64(0)..<4000 {
            let w = DiffWrapped(seed: seed, jsonFriendly: seed % 2 == 0)
            let o = DiffChecker.outcome(w, json: true)
            if o.knownBug != nil { known += 1; continue }
            if let f = o.failure {
                failures += 1
                let (small, sf) = DiffShrinker.shrink(w, json: true)
                let src = DiffSwiftSource.render(small)
                if seen.insert(src).inserted && seen.count <= 12 {
                    print("SEED \(seed): \(f)\nSHRUNK: \(sf)\n\(src)\n")
                }
            }
        }
        print("failures: \(failures) known \(known)")
    }
}
