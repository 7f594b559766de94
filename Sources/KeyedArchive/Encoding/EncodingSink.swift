#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Identifies a container: the sink it was written in and its serial number there (the index
/// of its `ContainerRecord`).
struct ContainerID: Hashable {
    let sink: Int
    let serial: Int
}

/// Where a container lies in its sink, in terms that never change once it is opened: the
/// container it is an entry of, and the distance of its first byte from that container's first
/// entry.
///
/// Why this is stable: after a container is opened, bytes are only appended after it, cut off
/// after it (a value that threw), or moved together with it when an enclosing container's length
/// grows (the gap opens before the enclosing container's entries, so everything inside moves by
/// the same amount). None of that changes the distance. So the encoder and the late-write pass, which
/// reads the finished bytes, agree on which container is which without counting anything: any
/// reader of the format finds "the value N bytes into the entries of container P".
struct ContainerRecord {
    /// The serial of the enclosing container in the same sink; `topLevel` for a value that is
    /// not inside a container of this sink (the archive's root value, a replacement value, or a
    /// late entry of a container that lives in another sink); `cutOff` once the value the
    /// container belonged to threw and its bytes were cut off.
    private(set) var parent: Int
    /// From the first byte of the parent's entries (from the start of the sink at top level).
    let offset: Int

    init(parent: Int, offset: Int) {
        self.parent = parent
        self.offset = offset
    }

    var isLive: Bool { parent != Self.cutOff }

    mutating func cutOff() { parent = Self.cutOff }

    static let topLevel = -1
    private static let cutOff = Int.min
}

/// The position of a value (a container or not) that the encoder may have to find again: the
/// same terms as `ContainerRecord`.
struct ValueSlot: Hashable {
    let sink: Int
    let parent: Int
    let offset: Int
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
        ContainerRef(sink: nil, id: ContainerID(sink: -1, serial: -1), kind: kind, depth: depth)
    }
}

/// One byte stream being written, with the stack of its open containers.
///
/// Sink 0 is the archive. Other sinks exist only when user code writes out of order (into a
/// container after its parent moved on, or through a super encoder filled late); the late-write
/// pass splices them in when the archive is finished.
final class EncodingSink {
    let index: Int
    // Unchecked exclusivity: a sink belongs to one `encode` call on one thread, and these are
    // touched on every write (dynamic checks measured at ~20% of encoding time).
    @exclusivity(unchecked) var writer = ByteWriter()
    @exclusivity(unchecked) var stack = FrameStack()
    /// Every container written in this sink, by serial.
    @exclusivity(unchecked) var records = GrowableBuffer<ContainerRecord>(capacity: 16)
    /// An encoder whose value has not been written yet and belongs at the current end.
    @exclusivity(unchecked) var pendingSlot: EncoderImpl? = nil
    /// Where each class instance's first occurrence (`7E` + number) was written here, in order
    /// (`preservesObjectIdentity` only): a value that throws and is cut off takes the
    /// occurrences in it along, and the instances must be written in full when met again.
    /// `offset` is the sink's end when the marker was written (what a rollback compares with);
    /// `slot` says where the marker is for good, once containers moved it
    /// (`EncodingState+UnsharedInstances.swift`).
    @exclusivity(unchecked) var firstOccurrences: [(offset: Int, number: Int, slot: ValueSlot)] = []
    /// `records` by position, extended on demand (only the slow path looks containers up).
    @exclusivity(unchecked) private var recordsByPosition: [ValueSlot: Int] = [:]
    @exclusivity(unchecked) private var positionsIndexed = 0

    init(index: Int) { self.index = index }

    /// Hands the buffer over to a `Data`, and starts an empty one for the sink's next archive.
    func takeData() -> Data {
        var taken = ByteWriter()
        swap(&taken, &writer)
        return taken.takeData()
    }

    /// Empties the sink for a new archive.
    func reset() {
        writer.truncate(to: 0)
        stack.reset()
        records.truncate(to: 0)
        pendingSlot = nil
        if !firstOccurrences.isEmpty { firstOccurrences.removeAll(keepingCapacity: true) }
        if positionsIndexed > 0 {
            recordsByPosition.removeAll(keepingCapacity: true)
            positionsIndexed = 0
        }
    }

    /// A reader of the bytes written so far, which knows the encoder's form of shared objects
    /// (`EncodingState+Objects.swift`).
    var reader: ByteReader { ByteReader(writer.bytes, references: .encoder) }

    /// The slot of a value that starts at the current end of the sink.
    func slotAtEnd() -> ValueSlot {
        let (parent, base) = enclosingContainer
        return ValueSlot(sink: index, parent: parent, offset: writer.count - base)
    }

    /// The serial of the innermost open container that has a header in this sink (not a virtual
    /// frame) and where its entries begin; `topLevel` and 0 if there is none. Reads the two
    /// fields rather than copying the frame, whose key set would be retained and released.
    @inline(__always)
    private var enclosingContainer: (serial: Int, entriesStart: Int) {
        let top = stack.count - 1
        guard top >= 0, !stack[top].isVirtual else { return (ContainerRecord.topLevel, 0) }
        return (stack[top].id.serial, stack[top].payloadStart)
    }

    /// Records a container whose header starts at `headerOffset`, inside the innermost open
    /// container; returns its serial.
    @inline(__always)
    func recordContainer(at headerOffset: Int) -> Int {
        let (parent, base) = enclosingContainer
        records.append(ContainerRecord(parent: parent, offset: headerOffset - base))
        return records.count - 1
    }

    /// The serial of the live container at `slot` (a slot of this sink), if there is one.
    func liveContainer(at slot: ValueSlot) -> Int? {
        // A later record at a position replaces an earlier one there: that one was cut off.
        while positionsIndexed < records.count {
            let record = records[positionsIndexed]
            recordsByPosition[ValueSlot(sink: index, parent: record.parent, offset: record.offset)] = positionsIndexed
            positionsIndexed += 1
        }
        guard let serial = recordsByPosition[slot], records[serial].isLive else { return nil }
        return serial
    }

    /// Opens a container at the end of this sink and pushes its frame.
    func open(_ kind: ContainerLayout.Kind, depth: Int) -> ContainerRef {
        let serial = recordContainer(at: writer.count)
        let payloadStart = ContainerLayout.open(kind, in: &writer)
        let id = ContainerID(sink: index, serial: serial)
        stack.append(OpenFrame(id: id, kind: kind, payloadStart: payloadStart, isVirtual: false))
        return ContainerRef(sink: self, id: id, kind: kind, depth: depth)
    }

    /// Writes an empty keyed container (`{}`), already closed: what a value that encodes
    /// nothing becomes, as in Foundation.
    func writeEmptyKeyed(depth: Int) -> ContainerRef {
        let serial = recordContainer(at: writer.count)
        writer.append(WireTag.emptyKeyed)
        return ContainerRef(sink: self, id: ContainerID(sink: index, serial: serial), kind: .keyed, depth: depth)
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
        let recordCount: Int

        /// The mark of a sink before anything was written to it.
        static let start = Mark(count: 0, stackCount: 0, topID: nil, topCount: 0, topSmallKeys: 0, recordCount: 0)
    }

    /// Counts one more element in the unkeyed container open at the top.
    @inline(__always)
    func countElement() {
        stack[stack.count - 1].count &+= 1
    }

    @inline(__always)
    func mark() -> Mark {
        let top = stack.last
        return Mark(count: writer.count, stackCount: stack.count, topID: top?.id, topCount: top?.count ?? 0,
                    topSmallKeys: top?.smallKeys ?? 0, recordCount: records.count)
    }

    /// Undoes everything written since `mark`, if that is exactly the failed value: the sink is
    /// still inside the same container, which holds `addedEntries` more entries than at the
    /// mark (the failed one, if its key or element was counted after the mark). `addedKey` is a
    /// key varint (64 or more) the top frame gained since. Returns whether it rolled back; if
    /// not, other writes came after the failed value and the caller drops just its entry.
    @discardableResult
    func rollBack(to mark: Mark, addedEntries: Int, addedKey: UInt64?) -> Bool {
        guard stack.count >= mark.stackCount, writer.count >= mark.count else { return false }
        if mark.stackCount > 0 {
            let top = mark.stackCount - 1
            guard stack[top].id == mark.topID, stack[top].count == mark.topCount + addedEntries else { return false }
            stack[top].count = mark.topCount
            stack[top].smallKeys = mark.topSmallKeys
            if let addedKey { stack.removeLargeKey(addedKey, inFrame: top) }
        }
        stack.removeLast(stack.count - mark.stackCount)
        writer.truncate(to: mark.count)
        // Every container opened since the mark lay after it: gone with the bytes. Its serial is
        // not reused, so a container struct still held for it can never write somewhere else.
        for serial in mark.recordCount..<records.count { records[serial].cutOff() }
        pendingSlot = nil
        return true
    }
}
