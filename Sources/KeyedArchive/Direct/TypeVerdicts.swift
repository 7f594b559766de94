/// Answers about types kept for the types a state meets: whether a type has generated code is a
/// conformance lookup, about 375 instructions in the runtime, and it is asked for every value
/// that is not written or read natively.
///
/// A state is reused from one `encode` or `decode` call to the next on its thread, so over a
/// program's life it meets every type the thread codes, not a handful. The verdicts are kept in a
/// table of 64 sets of two, the set picked by a hash of the type's address: a lookup is at most
/// two comparisons whatever the number of types met (a scan of every type kept cost the media
/// content 600 instructions per encode once the benchmark's other models had been met). A type
/// its set does not hold takes the set's first place, the first moving second and the second
/// let go, to be found again in `computed`. (With one type per slot and the address's
/// bits 4–9 as the slot, two of the media content's types shared one in some builds, and paid
/// two conformance lookups, about 700 instructions, per message.)
struct TypeVerdicts<Verdict> {
    private var entries: [(type: ObjectIdentifier?, verdict: Verdict?)] = Array(repeating: (nil, nil), count: 2 * ObjectIdentifier.slotCount)
    /// Every verdict computed, by type: where three types that share a set come in turn, each
    /// finds its verdict here, a hash lookup, rather than computing it again, a conformance
    /// lookup. Which types share a set depends on where their metadata lie, which a change
    /// anywhere in a build can move: three of the media list's types shared one in a build of
    /// 29e22ee, and recomputed their verdicts for 6,850 more instructions per message encoded
    /// (16 %) and 7,950 more per message decoded (callgrind).
    private var computed: [ObjectIdentifier: Verdict?] = [:]

    /// The kept verdict for `type`, or `compute()`'s, kept.
    @inline(__always)
    mutating func verdict(for type: Any.Type, _ compute: () -> Verdict?) -> Verdict? {
        let id = ObjectIdentifier(type)
        let first = 2 &* id.slot
        if entries[first].type == id { return entries[first].verdict }
        if entries[first &+ 1].type == id { return entries[first &+ 1].verdict }
        return newVerdict(for: id, at: first, compute)
    }

    /// The verdict for `id` computed before, or `compute()`'s; kept first in its set, the set's
    /// first moving second.
    @inline(never)
    private mutating func newVerdict(for id: ObjectIdentifier, at first: Int, _ compute: () -> Verdict?) -> Verdict? {
        let verdict: Verdict?
        if let known = computed[id] {
            verdict = known
        } else {
            verdict = compute()
            computed[id] = verdict
        }
        entries[first &+ 1] = entries[first]
        entries[first] = (id, verdict)
        return verdict
    }
}

extension ObjectIdentifier {
    /// How many slots the tables keyed by an object's address have (`TypeVerdicts`' sets): a
    /// power of two, so that a slot is some bits of the address's hash.
    static var slotCount: Int { 256 }

    /// This object's slot in such a table: the top bits of its address times the 64-bit golden
    /// ratio (Fibonacci hashing), so that types whose metadata lie a fixed distance apart (a
    /// multiple of the table's span in some of the address's bits) do not share slots by
    /// construction.
    @inline(__always)
    var slot: Int {
        Int(truncatingIfNeeded: (UInt64(UInt(bitPattern: self)) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - Self.slotCount.trailingZeroBitCount))
    }
}
