/// Answers about types kept for the types a state meets: whether a type has generated code is a
/// conformance lookup, about 375 instructions in the runtime, and it is asked for every value
/// that is not written or read natively.
///
/// A state is reused from one `encode` or `decode` call to the next on its thread, so over a
/// program's life it meets every type the thread codes, not a handful. The verdicts are kept in a
/// direct-mapped table indexed by the type's address: a lookup is one slot's comparison whatever
/// the number of types met (a scan of every type kept cost the media content 600 instructions
/// per encode once the benchmark's other models had been met). Two types that share a slot take
/// it in turn, each recomputing its verdict when the other holds it: slower, never wrong.
struct TypeVerdicts<Verdict> {
    private var slots: [(type: ObjectIdentifier?, verdict: Verdict?)] = Array(repeating: (nil, nil), count: ObjectIdentifier.slotCount)

    /// The kept verdict for `type`, or `compute()`'s, kept.
    @inline(__always)
    mutating func verdict(for type: Any.Type, _ compute: () -> Verdict?) -> Verdict? {
        let id = ObjectIdentifier(type)
        let slot = id.slot
        if slots[slot].type == id { return slots[slot].verdict }
        let verdict = compute()
        slots[slot] = (id, verdict)
        return verdict
    }
}

extension ObjectIdentifier {
    /// How many slots the direct-mapped tables keyed by an object's address have (`TypeVerdicts`,
    /// `DirectKeyWires`): a power of two, so that a slot is some of the address's bits.
    static var slotCount: Int { 64 }

    /// This object's slot in such a table: its address without the low bits, which alignment
    /// makes the same for every type's metadata and every key set.
    @inline(__always)
    var slot: Int { Int(truncatingIfNeeded: UInt(bitPattern: self) >> 4) & (Self.slotCount - 1) }
}
