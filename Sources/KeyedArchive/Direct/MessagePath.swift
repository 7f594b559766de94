// The coding path inside a message.
//
// A message keeps no coding path while generated code writes or reads it: no user code sees
// one, and building a path node per container would cost every message an allocation per
// container. When a message meets a value only `encode(to:)` or `init(from:)` can handle, that
// value is handed to the general path in place (`MessageWriting.swift`, `MessageReading.swift`),
// and its encoder or decoder must report the path the general path would give it. So each
// container open on a message's stack keeps the one step that led to it from its parent, and
// the path is built from those steps only when such a value is met.

/// How a container or value of a message is reached from the container around it: key `index`
/// of a key set, element `index` of an unkeyed container, or nothing (the root value).
struct MessageStep {
    /// The key set of the container the step is taken in; `nil` for an element or the root.
    ///
    /// Unretained: a key set lives as long as its type's code — generated code keeps each in a
    /// `static let`, as `ArchiveKeySet.init` asks of any code — and a step is read
    /// only while the value it leads to is being written or read. Retaining it would cost every
    /// container of every message a retain and a release.
    let keys: Unmanaged<ArchiveKeySet>?
    /// The key's position in `keys`, or the element's index; −1 for the root, −2 for `unknown`.
    let index: Int

    /// The step to key `index` of `keys`, or, for a position past its keys, to the alias
    /// there (`ArchiveKeySet.positionCount`), as the general path reads it through the aliases'
    /// container.
    @inline(__always)
    init(_ keys: ArchiveKeySet, _ index: Int) {
        if index < keys.count {
            self.keys = Unmanaged.passUnretained(keys)
            self.index = index
        } else {
            self.keys = keys.aliases.map(Unmanaged.passUnretained)
            self.index = index - keys.count
        }
    }

    /// The step to element `index` of an unkeyed container.
    @inline(__always)
    init(element index: Int) {
        keys = nil
        self.index = index
    }

    // Computed, not stored: a `static let` is a lazily initialized global, and reaching it
    // costs every message a call.

    /// The root value: adds nothing to the path.
    static var root: MessageStep { MessageStep(keys: nil, index: -1) }
    /// No step was noted for this depth (`MessageCursors.note`): the path is not known.
    static var unknown: MessageStep { MessageStep(keys: nil, index: -2) }

    private init(keys: Unmanaged<ArchiveKeySet>?, index: Int) {
        self.keys = keys
        self.index = index
    }

    var isUnknown: Bool { keys == nil && index == -2 }

    /// What the step adds to a coding path.
    var component: PathComponent {
        if let keys { return .keyOf(keys.takeUnretainedValue(), index) }
        return index >= 0 ? .index(index) : .none
    }
}

extension CodingPathNode {
    /// The path through the first `count` steps of a message, outermost first (`step(i)` is the
    /// step to the value at depth `i + 1`); `nil` if one of them is `unknown`. What both a
    /// message's writer and its reader build for a value handled in place.
    init?(messageSteps count: Int, _ step: (Int) -> MessageStep) {
        var node = CodingPathNode.root
        for index in 0..<count {
            let step = step(index)
            if step.isUnknown { return nil }
            node = node.appending(step.component)
        }
        self = node
    }
}
