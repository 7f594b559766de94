#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Identifies a container: the sink it was opened in and its position among the containers
/// opened in that sink. Containers are opened in byte order, so the ordinal is also the
/// container's rank in a pre-order walk of the sink's bytes: the fix-up pass finds them that way.
struct ContainerID: Hashable {
    let sink: Int
    let ordinal: Int
}

/// What a keyed or unkeyed container struct holds to write into its container.
struct ContainerRef {
    /// `nil` for a container past the depth limit: writes to it are dropped and `encode` throws.
    ///
    /// Unmanaged: a `ContainerRef` is only held by a container or encoder, which holds the
    /// `EncodingState`, which holds every sink. Not retaining it saves a retain/release pair
    /// on every copy, and writes borrow it (`EncodingState.withSink`) rather than retain it.
    let unmanagedSink: Unmanaged<EncodingSink>?
    let id: ContainerID
    let kind: ContainerLayout.Kind
    /// Nesting depth of the container (the root value's container is at depth 1).
    let depth: Int

    init(sink: EncodingSink?, id: ContainerID, kind: ContainerLayout.Kind, depth: Int) {
        self.unmanagedSink = sink.map(Unmanaged.passUnretained)
        self.id = id
        self.kind = kind
        self.depth = depth
    }

    var sink: EncodingSink? { unmanagedSink?.takeUnretainedValue() }

    static func dead(_ kind: ContainerLayout.Kind, depth: Int) -> ContainerRef {
        ContainerRef(sink: nil, id: ContainerID(sink: -1, ordinal: -1), kind: kind, depth: depth)
    }
}

/// A container that is still open in a sink: its length is patched when it closes.
struct OpenFrame {
    let id: ContainerID
    let kind: ContainerLayout.Kind
    let payloadStart: Int
    /// The bottom frame of a side sink that collects late entries of an already closed container:
    /// it has no header of its own in this sink.
    let isVirtual: Bool
    var count = 0
    /// Keys written so far, for duplicate detection: key varints below 64 as bits…
    var smallKeys: UInt64 = 0
    /// …and larger ones in a set, allocated only when needed.
    var largeKeys: Set<UInt64>? = nil

    /// Records `key`; returns `true` if the container already had it.
    @inline(__always)
    mutating func insertKey(_ key: UInt64) -> Bool {
        if key < 64 {
            let bit: UInt64 = 1 << key
            defer { smallKeys |= bit }
            return smallKeys & bit != 0
        }
        if largeKeys == nil { largeKeys = [] }
        return !largeKeys!.insert(key).inserted
    }
}

/// One byte stream being written, with the stack of its open containers.
///
/// Sink 0 is the archive. Other sinks exist only when user code writes out of order (into a
/// container after its parent moved on, or through a super encoder filled late); the fix-up
/// pass splices them in when the archive is finished.
final class EncodingSink {
    let index: Int
    // Unchecked exclusivity: a sink belongs to one `encode` call on one thread, and these are
    // touched on every write (dynamic checks measured at ~20% of encoding time).
    @exclusivity(unchecked) var writer = ByteWriter()
    @exclusivity(unchecked) var stack: [OpenFrame] = []
    @exclusivity(unchecked) var nextOrdinal = 0
    /// An encoder whose value has not been written yet and belongs at the current end.
    @exclusivity(unchecked) var pendingSlot: EncoderImpl? = nil
    private var ownsBuffer = true

    init(index: Int) { self.index = index }

    deinit { if ownsBuffer { writer.deallocate() } }

    /// Hands the buffer over to a `Data`; the sink must not be used afterwards.
    func takeData() -> Data {
        ownsBuffer = false
        return writer.takeData()
    }

    /// Opens a container at the end of this sink and pushes its frame.
    func open(_ kind: ContainerLayout.Kind, depth: Int) -> ContainerRef {
        let payloadStart = ContainerLayout.open(kind, in: &writer)
        let id = ContainerID(sink: index, ordinal: nextOrdinal)
        nextOrdinal += 1
        stack.append(OpenFrame(id: id, kind: kind, payloadStart: payloadStart, isVirtual: false))
        return ContainerRef(sink: self, id: id, kind: kind, depth: depth)
    }

    /// Writes an empty keyed container (`{}`), already closed: what a value that encodes
    /// nothing becomes, as in Foundation.
    func writeEmptyKeyed(depth: Int) -> ContainerRef {
        writer.append(WireTag.emptyKeyed)
        let id = ContainerID(sink: index, ordinal: nextOrdinal)
        nextOrdinal += 1
        return ContainerRef(sink: self, id: id, kind: .keyed, depth: depth)
    }

    /// Closes open containers until only `remaining` frames are left.
    @inline(__always)
    func close(downTo remaining: Int) {
        while stack.count > remaining {
            let frame = stack.removeLast()
            if !frame.isVirtual {
                ContainerLayout.close(frame.kind, payloadStart: frame.payloadStart, count: frame.count, in: &writer)
            }
        }
    }

    /// A snapshot to roll back to when encoding a value throws, so the failed value leaves no
    /// trace (as in Foundation, where a value that throws is never stored). It keeps only the
    /// top frame's scalars: copying its key set would make every write O(keys).
    struct Mark {
        let count: Int
        let stackCount: Int
        let topID: ContainerID?
        let topCount: Int
        let topSmallKeys: UInt64
        let nextOrdinal: Int
    }

    @inline(__always)
    func mark() -> Mark {
        let top = stack.last
        return Mark(count: writer.count, stackCount: stack.count, topID: top?.id, topCount: top?.count ?? 0,
                    topSmallKeys: top?.smallKeys ?? 0, nextOrdinal: nextOrdinal)
    }

    /// Undoes everything written since `mark`, if the sink is still inside the same container;
    /// `addedKey` is a key varint (64 or more) the top frame gained since. Returns whether it
    /// rolled back.
    @discardableResult
    func rollBack(to mark: Mark, addedKey: UInt64?) -> Bool {
        guard stack.count >= mark.stackCount, writer.count >= mark.count,
              mark.stackCount == 0 || stack[mark.stackCount - 1].id == mark.topID
        else { return false }
        stack.removeLast(stack.count - mark.stackCount)
        if mark.stackCount > 0 {
            let top = mark.stackCount - 1
            stack[top].count = mark.topCount
            stack[top].smallKeys = mark.topSmallKeys
            if let addedKey { stack[top].largeKeys?.remove(addedKey) }
        }
        writer.truncate(to: mark.count)
        nextOrdinal = mark.nextOrdinal
        pendingSlot = nil
        return true
    }
}
