/// Decides which values of a walk are shown under `--max-items` and `--depth`, for the tree and
/// the hex dump alike: a stack of the containers the walk is in.
struct ItemFilter {
    /// At most this many entries or elements of each container are shown.
    let maxItems: Int
    /// Containers nested deeper than this are shown collapsed.
    let maxDepth: Int

    struct Frame {
        let isKeyed: Bool
        let count: Int
        let end: Int
        /// Nothing inside is shown (collapsed, empty, elided or inside such a container).
        let hidden: Bool
        var seen = 0
    }
    private(set) var frames: [Frame] = []

    enum Decision {
        /// Show the item; `index` is its position in its container.
        case show(index: Int)
        /// The first item past `maxItems`: say how many items, and bytes, are not shown.
        case elideRest(items: Int, bytes: Int)
        case hide
    }

    /// Call for each value, before it is shown: the decision for it.
    mutating func item(startingAt offset: Int) -> Decision {
        guard !frames.isEmpty else { return .show(index: 0) }
        let last = frames.count - 1
        if frames[last].hidden { return .hide }
        frames[last].seen += 1
        let index = frames[last].seen - 1
        if index < maxItems { return .show(index: index) }
        if index == maxItems { return .elideRest(items: frames[last].count - maxItems, bytes: frames[last].end - offset) }
        return .hide
    }

    /// Whether the next container's contents are to be collapsed (it is deeper than `maxDepth`).
    func collapses(depth: Int) -> Bool { depth > maxDepth }

    /// A container begins; `shown` tells whether its contents are shown.
    mutating func push(_ container: ArchiveContainerFrame, shown: Bool) {
        let parentHidden = frames.last?.hidden ?? false
        frames.append(Frame(isKeyed: container.isKeyed, count: container.count, end: container.end, hidden: parentHidden || !shown))
    }

    /// The innermost container ends.
    @discardableResult
    mutating func pop() -> Frame { frames.removeLast() }

    /// Whether the walk is inside a container whose contents are not shown.
    var isHidden: Bool { frames.last?.hidden ?? false }

    /// "3 more entries", "1 more element": how the items of the innermost container that are
    /// not shown are counted.
    func more(_ items: Int) -> String {
        frames.last?.isKeyed == true
            ? Formatting.plural(items, "more entry", "more entries")
            : Formatting.plural(items, "more element", "more elements")
    }
}

/// What `ItemFilter` needs of a container.
struct ArchiveContainerFrame {
    let isKeyed: Bool
    let count: Int
    let end: Int
}
