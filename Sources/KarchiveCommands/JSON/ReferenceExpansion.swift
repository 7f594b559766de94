/// The bound on `to-json`'s expansion of references: each `12` becomes the JSON of its target's
/// marked value, so a few hundred bytes whose every level names the previous level twice would
/// expand to 2^30 values ("billion laughs"). This counts, during the walk, what the expanded
/// document holds, and says when it passes the budget, before anything is written.
///
/// Two measures, each kept per shared object so that a reference costs O(1):
/// - the number of JSON values of the expanded document: each takes at least one byte of JSON,
///   so more values than `maximumSize` bytes means the output would exceed it;
/// - the nesting depth of the expanded document's containers: a reference to a deep value, placed
///   deep in turn, nests deeper than the archive itself, and the writer recurses on depth. It is
///   measured as the format measures an archive's (`Spec/FORMAT.md` §12.1): the depth of keyed and
///   unkeyed containers, the root at 1, so that the expansion of a valid archive without a
///   reference to expand is never refused. A scalar or packed array stands one level below its
///   container and adds no depth; in the JSON a wrapper object stands there (`Spec/JSON.md` §6).
struct ReferenceExpansion {
    /// At most this many bytes of JSON.
    let maximumSize: Int
    /// Containers at most this deep (the root is 1), as `ArchiveDecoder.Limits.maximumDepth`.
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
        /// The deepest container depth the expansion reached inside it.
        var deepest: Int
    }
    private var open: [Open] = []
    /// What a reference to each shared object adds: its values, and how many levels of containers
    /// its marked value reaches from the shared object's own depth (0 for a scalar, 1 for an
    /// empty container).
    private var expanded: [Int: (values: Int, height: Int)] = [:]

    init(maximumSize: Int, maximumDepth: Int) {
        self.maximumSize = maximumSize
        self.maximumDepth = maximumDepth
    }

    /// A container at walk depth `depth`, one JSON value.
    mutating func addContainer(depth: Int) {
        record(values: 1, deepest: depth)
    }

    /// A value that is not a container or a reference, at walk depth `depth`: `values` JSON
    /// values (a packed array's elements count). It reaches no deeper than its container.
    mutating func addScalar(values count: Int, depth: Int) {
        record(values: count, deepest: depth - 1)
    }

    /// A reference at walk depth `depth` to the shared object `target` (which the walk has
    /// checked has ended): it adds everything its target's marked value expands to.
    mutating func addReference(to target: Int, depth: Int) {
        guard let target = expanded[target] else { return }
        record(values: target.values, deepest: depth - 1 + target.height)
    }

    mutating func sharedObjectBegins(index: Int, depth: Int) {
        // Nothing reached yet: a scalar marked value leaves it at its container's depth.
        open.append(Open(index: index, depth: depth, valuesBefore: values, deepest: depth - 1))
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
            failure = "expanding references nests containers deeper than the limit of \(maximumDepth)"
        }
    }
}
