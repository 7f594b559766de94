import KeyedArchive

/// Follows the coding path of the value a walk is at, so that `inspect` can name the shared
/// object a reference points to ("same object as root."owner"").
///
/// Paths are kept as nodes that share their prefixes, and only the paths of open containers and
/// of shared objects are kept: memory follows the input, not the number of values times their
/// depth. The text of a path is made only when a reference asks for it.
struct CodingPathTracker {
    /// One step of a path, pointing to the path of its container.
    final class Node: Sendable {
        let parent: Node?
        /// `root`, `."key"`, `.7` or `[3]`.
        let component: String

        init(parent: Node?, component: String) {
            self.parent = parent
            self.component = component
        }

        /// The path from the root: `root."pets"[1]."owner"`.
        var text: String {
            var components: [String] = []
            var node: Node? = self
            while let current = node {
                components.append(current.component)
                node = current.parent
            }
            return components.reversed().joined()
        }
    }

    private struct Frame {
        let node: Node
        let isKeyed: Bool
        var nextElement = 0
    }
    private var frames: [Frame] = []
    private var pendingKey: String?
    /// The path of a shared object whose marked value comes next (the same value's path).
    private var markedValuePath: Node?
    /// The path of each shared object met, by value index.
    private var sharedObjects: [Int: Node] = [:]

    /// The key of the next entry.
    mutating func key(_ key: ArchiveKey) {
        pendingKey = ValueText.label(key)
    }

    /// The path of the value that starts now (call once for every value the walk reports).
    mutating func valueStarts() -> Node {
        if let path = markedValuePath {
            markedValuePath = nil
            return path
        }
        guard let last = frames.indices.last else { return Node(parent: nil, component: "root") }
        if frames[last].isKeyed {
            defer { pendingKey = nil }
            return Node(parent: frames[last].node, component: "." + (pendingKey ?? "?"))
        }
        frames[last].nextElement += 1
        return Node(parent: frames[last].node, component: "[\(frames[last].nextElement - 1)]")
    }

    /// A container begins at `path` (what `valueStarts` returned for it).
    mutating func containerBegins(_ container: ArchiveContainer, at path: Node) {
        frames.append(Frame(node: path, isKeyed: container.isKeyed))
    }

    mutating func containerEnds() {
        frames.removeLast()
    }

    /// A shared object begins: its path is also its marked value's.
    mutating func sharedObjectBegins(index: Int) {
        let path = valueStarts()
        sharedObjects[index] = path
        markedValuePath = path
    }

    /// The path of the shared object with value index `index` ("?" if the walk has not met it,
    /// which a checked reference rules out).
    func path(ofSharedObject index: Int) -> String {
        sharedObjects[index]?.text ?? "?"
    }
}
