import Foundation
import Testing
import KeyedArchive

// Failures the decoder differential suite found, shrunk, as printed by `ddReport`.

@Suite struct DecoderDifferentialRegressionTests {
    /// A container over the root opened again one level deeper (through a single-value
    /// container) resumed its lookup from the hint of the nested container `a` at that depth and
    /// "found" `a`'s key `m` (fixed: hints belong to the container that left them).
    @Test func rootReopenedThroughSingleValueDoesNotSeeNestedKeys() throws {
        try expectSameTraces(
            value: .object([DDEntry(DDKey("a"), .object([DDEntry(DDKey("k"), .int(1)), DDEntry(DDKey("m"), .int(2))])),
                            DDEntry(DDKey("z"), .object([DDEntry(DDKey("k"), .int(3))]))]),
            program: .sequence([.keyed([.nestedKeyed(DDKey("a"), [.read(DDKey("k"), .int)])]),
                                .single([.value(.keyed([.contains(DDKey("m")), .read(DDKey("m"), .int)]))])]))
    }
}
