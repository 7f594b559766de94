/// The bound on `to-json`'s expansion of references: each `12` becomes the JSON of its target's
/// marked value, so a few hundred bytes whose every level names the previous level twice would
/// expand to 2^30 values ("billion laughs"). This counts, during the walk, what the expanded
/// document holds, and says when it passes the budget, before anything is written.
///
/// Two measures, each kept per shared object so that a reference costs O(1):
/// - the number of JSON values of the expanded document: each takes at least one byte of JSON,
///   so more values than `maximumSize` bytes means the output would exceed it;
/// - the nesting depth of the expanded document: a reference to a deep value, placed deep in
///   turn, nests deeper than the archive itself, and the writer recurses on depth.
struct ReferenceExpansion {
    /// At most this many bytes of JSON.
    let maximumSize: Int
    /// At most this deep (the root is 1), as `ArchiveDecoder.Limits.maximumDepth`.
    let maximumDepth: Int
    /// JSON values of the expanded document so far.
    private(set) var values = 0
    /// Why the expansion stopped, once it has.
    private(set) var failure: String?

    /// A shared object whose marked value is being walked.
    private struct Open {
        let index: Int
        let depth: Int
        let valuesBefore: Int
        /// The deepest expanded depth reached inside it.
        var deepest: Int
    }
    private var open: [Open] = []
    /// What a reference to each shared object adds: its values, and the depth its marked value
    /// reaches below the shared object's own depth (1 for a scalar).
    private var expanded: [Int: (values: Int, height: Int)] = [:]

    init(maximumSize: Int, maximumDepth: Int) {
        self.maximumSize = maximumSize
        self.maximumDepth = maximumDepth
    }

    /// A value that is not a reference, `values` JSON values (a packed array's elements count),
    /// at walk depth `depth`.
    mutating func add(values count: Int, depth: Int) {
        record(values: count, deepest: depth)
    }

    /// A reference at walk depth `depth` to the shared object `target` (which the walk has
    /// checked has ended): it adds everything its target's marked value expands to.
    mutating func addReference(to target: Int, depth: Int) {
        guard let target = expanded[target] else { return }
        record(values: target.values, deepest: depth - 1 + target.height)
    }

    mutating func sharedObjectBegins(index: Int, depth: Int) {
        open.append(Open(index: index, depth: depth, valuesBefore: values, deepest: depth))
    }

    mutating func sharedObjectEnds() {
        guard let done = open.popLast() else { return }
        expanded[done.index] = (values - done.valuesBefore, done.deepest - done.depth + 1)
        if !open.isEmpty { open[open.count - 1].deepest = max(open[open.count - 1].deepest, done.deepest) }
    }

    private mutating func record(values count: Int, deepest: Int) {
        guard failure == nil else { return }
        values = values.addingReportingOverflow(count).overflow ? .max : values + count
        if !open.isEmpty { open[open.count - 1].deepest = max(open[open.count - 1].deepest, deepest) }
        if values > maximumSize {
            failure = "expanding references makes the JSON larger than \(Formatting.plural(maximumSize, "byte", "bytes")) (--max-output-size)"
        } else if deepest > maximumDepth {
            failure = "expanding references nests values deeper than the limit of \(maximumDepth)"
        }
    }
}
