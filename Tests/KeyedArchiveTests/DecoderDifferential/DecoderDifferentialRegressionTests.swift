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

    /// Found by the suite (seed 3737190964) before the fix: the nested `[String: Int]` decoded
    /// natively left a hint inside `é`'s object, and the root, reopened two levels deeper, then
    /// "found" `-40` there (valueNotFound instead of keyNotFound).
    @Test func decoderDifferentialSeed3737190964() throws {
        try expectSameTraces(
            value: .object([DDEntry(DDKey("\u{e9}"), .object([DDEntry(DDKey(int: 16384), .null), DDEntry(DDKey(int: -40), .null)]))]),
            program: .single([.value(.single([.value(.sequence([.keyed([.read(DDKey("\u{e9}"), .stringIntDict)]), .single([.value(.keyed([.read(DDKey(int: -40), .uint8)]))])]))]))]))
    }

    /// Found by the suite (seed 3737193576) before the fix: `contains` in the nested container
    /// left a hint that the reopened root used, so it decoded a value for a key it does not hold.
    @Test func decoderDifferentialSeed3737193576() throws {
        try expectSameTraces(
            value: .object([DDEntry(DDKey("id"), .object([DDEntry(DDKey("\u{e9}"), .null), DDEntry(DDKey("c"), .null)]))]),
            program: .sequence([.keyed([.nestedKeyed(DDKey("id"), [.contains(DDKey("\u{e9}"))])]), .single([.value(.keyed([.value(DDKey("c"), .nothing)]))])]))
    }

    /// Found by the suite (seed 3737195133) before the fix: the same inside an array element,
    /// with the hint left by a failed read in a container decoded through `decode(_:forKey:)`.
    @Test func decoderDifferentialSeed3737195133() throws {
        try expectSameTraces(
            value: .array([.object([DDEntry(DDKey("a"), .object([DDEntry(DDKey("Index 0"), .null), DDEntry(DDKey("b"), .null)]))])], native: false),
            program: .unkeyed([.value(.sequence([.keyed([.value(DDKey("a"), .keyed([.read(DDKey("Index 0"), .intArray)]))]), .single([.value(.keyed([.read(DDKey("b"), .optionalString)]))])]))]))
    }

    /// Found by the suite (seed 3737181741) before `superDecoder` followed Foundation: an absent
    /// "super" key threw `keyNotFound`; `JSONDecoder` hands back a decoder over nil.
    @Test func superDecoderWithoutSuperKey() throws {
        try expectSameTraces(
            value: .object([]),
            program: .keyed([.superDecoder(nil, .single([.decodeNil, .read(.int), .read(.optionalString)]))]))
    }

    /// Found by the suite (seed 3737181697) before the same fix: `superDecoder(forKey:)` for an
    /// absent integer key, then containers asked of the decoder over nil.
    @Test func superDecoderForAbsentIntegerKey() throws {
        try expectSameTraces(
            value: .object([DDEntry(DDKey("b"), .object([]))]),
            program: .keyed([.value(DDKey("b"), .keyed([.superDecoder(DDKey(int: 0), .sequence([.keyed([.allKeys]), .unkeyed([.count]), .single([.decodeNil])]))]))]))
    }
}
