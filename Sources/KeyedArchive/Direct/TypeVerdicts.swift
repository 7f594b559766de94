/// Answers about types kept for the few types one `encode` or `decode` call meets: whether a
/// type has generated code is a conformance lookup, about 375 instructions in the runtime, and
/// it is asked for every value that is not written or read natively.
struct TypeVerdicts<Verdict> {
    /// Few enough to scan: an archive meets a handful of types. Past this many, further types
    /// are looked up each time rather than kept.
    private static var capacity: Int { 32 }
    private var entries: [(type: ObjectIdentifier, verdict: Verdict?)] = []

    /// The kept verdict for `type`, or `compute()`'s, kept.
    @inline(__always)
    mutating func verdict(for type: Any.Type, _ compute: () -> Verdict?) -> Verdict? {
        let id = ObjectIdentifier(type)
        for index in entries.indices where entries[index].type == id {
            return entries[index].verdict
        }
        let verdict = compute()
        if entries.count < Self.capacity { entries.append((id, verdict)) }
        return verdict
    }
}
