/// A container that is still open in a sink: its length is patched when it closes.
///
/// Plain data (no references), so that the stack of frames is a `GrowableBuffer`: every entry
/// written counts itself in the top frame, and neither an `Array`'s uniqueness check nor the
/// retain and release of a key set may sit on that path.
struct OpenFrame {
    let id: ContainerID
    let kind: ContainerLayout.Kind
    let payloadStart: Int
    /// The bottom frame of a side sink that collects late entries of an already closed container:
    /// it has no header of its own in this sink.
    let isVirtual: Bool
    /// Entries written so far (key/value pairs or elements).
    var count = 0
    /// Keys written so far, for duplicate detection: key varints below 64 as bits (the rest are
    /// in `FrameStack`'s side sets).
    var smallKeys: UInt64 = 0
    /// Whether this frame has keys of 64 or more in `FrameStack.largeKeys`.
    var hasLargeKeys = false

    init(id: ContainerID, kind: ContainerLayout.Kind, payloadStart: Int, isVirtual: Bool) {
        self.id = id
        self.kind = kind
        self.payloadStart = payloadStart
        self.isVirtual = isVirtual
    }
}

/// The open containers of a sink, innermost last. Noncopyable: it owns its frames' storage.
struct FrameStack: ~Copyable {
    private var frames = GrowableBuffer<OpenFrame>(capacity: 16)
    /// Key varints of 64 or more, by frame index; only frames with `hasLargeKeys` use theirs
    /// (string keys past the 32nd of an archive, integer keys of 32 or more).
    private var largeKeys: [Set<UInt64>] = []

    /// Drops every frame, for a new archive. A frame's large keys are emptied when it first
    /// gets some (`insertLargeKey`), so the sets need no clearing.
    mutating func reset() { frames.truncate(to: 0) }

    var count: Int { @inline(__always) get { frames.count } }
    var last: OpenFrame? { @inline(__always) get { frames.last } }
    var first: OpenFrame? { frames.first }

    subscript(index: Int) -> OpenFrame {
        @inline(__always) get { frames[index] }
        @inline(__always) _modify { yield &frames[index] }
    }

    @inline(__always)
    mutating func append(_ frame: OpenFrame) { frames.append(frame) }

    @inline(__always)
    mutating func removeLast() -> OpenFrame { frames.removeLast() }

    mutating func removeLast(_ n: Int) { frames.truncate(to: frames.count - n) }

    @inline(__always)
    func lastIndex(where predicate: (OpenFrame) -> Bool) -> Int? { frames.lastIndex(where: predicate) }

    /// Records `key` in frame `index`; returns `true` if the container already had it.
    @inline(__always)
    mutating func insertKey(_ key: UInt64, inFrame index: Int) -> Bool {
        guard key < 64 else { return insertLargeKey(key, inFrame: index) }
        let bit: UInt64 = 1 << key
        defer { frames[index].smallKeys |= bit }
        return frames[index].smallKeys & bit != 0
    }

    private mutating func insertLargeKey(_ key: UInt64, inFrame index: Int) -> Bool {
        if !frames[index].hasLargeKeys {
            frames[index].hasLargeKeys = true
            while largeKeys.count <= index { largeKeys.append([]) }
            largeKeys[index] = []
        }
        return !largeKeys[index].insert(key).inserted
    }

    /// Forgets `key` (64 or more) in frame `index`: the entry that added it was rolled back.
    mutating func removeLargeKey(_ key: UInt64, inFrame index: Int) {
        if frames[index].hasLargeKeys { largeKeys[index].remove(key) }
    }
}
