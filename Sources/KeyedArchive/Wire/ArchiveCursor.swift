/// One walk over the values of a plain archive's root value, in byte order, checking each
/// container's framing, numbering the values (`Spec/FORMAT.md` §9.5) and checking references:
/// the validator's walk (`ArchiveWalker`, so `karchive validate`, `inspect`, `stats` and
/// `to-json`), as a cursor the other walks over the format can move onto. (Not yet the decoder's
/// index of shared objects, `ReferenceIndex`, nor the encoder's passes: on 1,000 shared
/// instances, callgrind counted the object-graph pass's index at 3× its own walk's instructions
/// through the cursor, and decoding 5 % slower. `ArchiveCursorTests` checks that the decoder's
/// index numbers values as the cursor does.)
///
/// Each call to `next()` reads one step and returns it as an event: a container begins or
/// ends, a keyed entry's key, a scalar, a shared object begins or ends, a reference. `depth`
/// says where the event is (1 for the root value, one more inside each container). The cursor
/// keeps its own stack of open containers rather than recursing, so no depth limit, however
/// high a caller sets it, can exhaust the thread's stack.
///
/// Each container's framing is checked as the decoder checks it when it opens one (depth,
/// lengths, counts and the limits, and for a keyed container its keys), at the offset the
/// decoder reports. Scalars are returned by tag and range for the caller to check (their checks
/// need no state).
///
/// In an archive with header flag bit 2 (a `reader` built with `references: .archive`) a shared
/// object `13` is a value whose marked value follows (the same limit, no depth), and each
/// reference `12` is checked against the shared objects met before it, in the spec's order
/// (§12.4 step 5).
struct ArchiveCursor {
    /// One step of the walk.
    enum Event {
        /// A keyed or unkeyed container starts; its entries or elements follow (none for the
        /// one-byte empty forms, which end at once).
        case beginContainer(ArchiveContainer)
        /// The container begun last and not yet ended is complete.
        case endContainer(ArchiveContainer)
        /// The key varint of the next entry of the innermost keyed container, at its depth.
        case key(wire: UInt64, at: Range<Int>)
        /// Any other value but a shared object or reference: its tag, where it lies (found by
        /// `ByteReader.valueEnd`), and the limit it was read with.
        case scalar(tag: UInt8, at: Range<Int>, limit: Int)
        /// A `13` at `offset` with value index `index`, read with `limit`: its marked value
        /// follows, then `endSharedObject`.
        case beginSharedObject(index: Int, at: Int, limit: Int)
        /// The marked value of the shared object begun last and not yet ended is complete.
        case endSharedObject(index: Int)
        /// A `12`, checked: its target precedes it, is a shared object, and has ended.
        case reference(ArchiveReference, at: Range<Int>)
    }

    /// A container whose entries or elements are being walked, or a shared object whose
    /// marked value is. Plain integers, not an `ArchiveContainer` (whose optionals and ranges
    /// the stack would copy on every step): the container is rebuilt when it ends.
    private struct Open {
        /// The container's tag; -1 for a shared object.
        let start: Int
        /// Where an unkeyed container's count varint begins (its entries' start if keyed).
        let countStart: Int
        let entriesStart: Int
        /// Where the values inside must end: the container's end, or for a shared object the
        /// limit the `13` itself was read with (a marker sets no bound of its own).
        let limit: Int
        /// The container's count; a shared object's value index.
        let count: Int
        /// A shared object's place in `sharedObjects`.
        let position: Int
        let isKeyed: Bool
        /// Unkeyed elements (or the one marked value) not yet walked.
        var remaining: Int

        init(_ container: ArchiveContainer) {
            start = container.range.lowerBound
            entriesStart = container.countField?.upperBound ?? container.lengthField?.upperBound ?? container.range.upperBound
            countStart = container.countField?.lowerBound ?? entriesStart
            limit = container.range.upperBound
            count = container.count
            position = 0
            isKeyed = container.isKeyed
            remaining = container.count
        }

        init(sharedObject index: Int, position: Int, limit: Int) {
            start = -1
            countStart = 0
            entriesStart = 0
            self.limit = limit
            count = index
            self.position = position
            isKeyed = false
            remaining = 1
        }

        var isSharedObject: Bool { start < 0 }

        /// The container, as `openContainer` made it (only long forms are ever open).
        var container: ArchiveContainer {
            ArchiveContainer(isKeyed: isKeyed, range: start..<limit, lengthField: start + 1..<countStart,
                             countField: isKeyed ? nil : countStart..<entriesStart, count: count)
        }
    }

    let reader: ByteReader
    private let range: Range<Int>
    private let keyIdentities: [UInt64]
    private let limits: ArchiveDecoder.Limits
    private var open: [Open] = []
    /// Containers in `open`: shared objects add no depth.
    private var containerDepth = 0
    /// The value index the next value gets (§9.5).
    private var nextIndex = 0
    /// Every shared object met so far, in the order met (so by ascending value index), and
    /// whether its marked value is still being walked. One entry per `13`, never one per value,
    /// so memory follows the input; a reference finds its target by binary search.
    private var sharedObjects: [(index: Int, isOpen: Bool)] = []
    /// Whether `12` and `13` are references and shared objects (`ReferenceForm.archive`).
    private let readsReferences: Bool
    private var p: Int
    /// A key was just read: its value comes next.
    private var atEntryValue = false
    /// A one-byte empty container was just begun: it ends next.
    private var emptyContainer: ArchiveContainer?
    /// Where the root value ends, once it is walked; `next()` then returns `nil`.
    private(set) var end: Int?
    /// The depth of the event `next()` returned last.
    private(set) var depth = 0

    /// A cursor over the value that occupies `range` of `reader`, whose key table has
    /// `keyIdentities`, checked against `limits`.
    init(_ reader: ByteReader, over range: Range<Int>, keyIdentities: [UInt64], limits: ArchiveDecoder.Limits) {
        self.reader = reader
        self.range = range
        self.keyIdentities = keyIdentities
        self.limits = limits
        self.p = range.lowerBound
        self.readsReferences = reader.references == .archive
    }

    /// The next step of the walk, or `nil` once the root value is complete.
    mutating func next() throws(ArchiveFormatError) -> Event? {
        if let container = emptyContainer {
            emptyContainer = nil
            valueEnded()
            return .endContainer(container)
        }
        guard end == nil else { return nil }
        var limit = range.upperBound
        if let top = open.last {
            limit = top.limit
            if atEntryValue {
                atEntryValue = false
            } else {
                if top.isSharedObject {
                    if top.remaining == 0 {
                        open.removeLast()
                        sharedObjects[top.position].isOpen = false
                        depth = containerDepth + 1
                        valueEnded()
                        return .endSharedObject(index: top.count)
                    }
                    open[open.count - 1].remaining = 0
                } else {
                    let finished = top.isKeyed ? p == limit : top.remaining == 0
                    if finished {
                        if !top.isKeyed && p != limit {
                            throw ArchiveFormatError(.malformed, at: p, "\(limit - p) bytes follow the last of the unkeyed container's \(top.count) elements")
                        }
                        open.removeLast()
                        depth = containerDepth
                        containerDepth -= 1
                        p = limit
                        valueEnded()
                        return .endContainer(top.container)
                    }
                    if top.isKeyed {
                        let keyStart = p
                        let wire = try reader.varint(at: &p, limit: limit)
                        atEntryValue = true
                        depth = containerDepth
                        return .key(wire: wire, at: keyStart..<p)
                    }
                    open[open.count - 1].remaining -= 1
                }
            }
        }
        depth = containerDepth + 1
        let index = nextIndex
        nextIndex += 1
        let start = p
        let tag = try reader.byte(at: p, limit: limit)
        if WireTag.isContainer(tag) {
            let container = try openContainer(tag, at: p, limit: limit)
            if container.count == 0 && container.lengthField == nil {
                emptyContainer = container
                p = container.range.upperBound
            } else {
                let opened = Open(container)
                open.append(opened)
                containerDepth += 1
                p = opened.entriesStart
            }
            return .beginContainer(container)
        }
        if tag >= WireTag.fixintBase {
            p += 1
            valueEnded()
            return .scalar(tag: tag, at: start..<p, limit: limit)
        }
        if readsReferences && tag == WireTag.sharedObject {
            // The marked value is the next value, read with the same limit on the next turn.
            sharedObjects.append((index, true))
            open.append(Open(sharedObject: index, position: sharedObjects.count - 1, limit: limit))
            p += 1
            return .beginSharedObject(index: index, at: start, limit: limit)
        }
        if readsReferences && tag == WireTag.reference {
            p = try reader.valueEnd(at: start, limit: limit)
            var q = start + 1
            let target = try reader.varint(at: &q, limit: p)
            try checkReference(to: target, from: index, at: start)
            valueEnded()
            return .reference(ArchiveReference(index: index, target: Int(target)), at: start..<p)
        }
        p = try reader.valueEnd(at: start, limit: limit)
        valueEnded()
        return .scalar(tag: tag, at: start..<p, limit: limit)
    }

    /// After a value: the root value ends with it if no container or shared object is open.
    private mutating func valueEnded() {
        if open.isEmpty { end = p }
    }

    /// The checks of a reference at `offset` whose own value index is `index` (§12.4 step 5),
    /// in the spec's order, each failure `malformed` at the tag.
    ///
    /// The walk does not know the body's number of values before it ends, so a target at or
    /// after the reference is a "forward reference" unless it is beyond any possible count
    /// (every value takes at least one byte of the root).
    private func checkReference(to target: UInt64, from index: Int, at offset: Int) throws(ArchiveFormatError) {
        guard target < UInt64(index) else {
            let reason = target >= UInt64(range.count) ? "reference out of range" : "forward reference"
            throw ArchiveFormatError(.malformed, at: offset, "\(reason): value \(target) does not precede the reference (value \(index))")
        }
        var low = 0
        var high = sharedObjects.count
        while low < high {
            let middle = (low + high) / 2
            if sharedObjects[middle].index < Int(target) { low = middle + 1 } else { high = middle }
        }
        guard low < sharedObjects.count, sharedObjects[low].index == Int(target) else {
            throw ArchiveFormatError(.malformed, at: offset, "reference to a value that is not a shared object (value \(target))")
        }
        guard !sharedObjects[low].isOpen else {
            throw ArchiveFormatError(.malformed, at: offset, "reference loop: the shared object at value \(target) contains the reference")
        }
    }

    /// The framing of the container at `offset`, checked before any entry is walked.
    private func openContainer(_ tag: UInt8, at offset: Int, limit: Int) throws(ArchiveFormatError) -> ArchiveContainer {
        guard depth <= limits.maximumDepth else {
            throw ArchiveFormatError(.limitExceeded, at: offset, "nesting depth exceeds the limit of \(limits.maximumDepth)")
        }
        switch tag {
        case WireTag.emptyKeyed, WireTag.emptyUnkeyed:
            return ArchiveContainer(isKeyed: tag == WireTag.emptyKeyed, range: offset..<offset + 1, lengthField: nil, countField: nil, count: 0)
        case WireTag.keyed:
            let framing = try reader.keyedFraming(at: offset, limit: limit, keyIdentities: keyIdentities, maximumCount: limits.maximumCollectionCount)
            return ArchiveContainer(isKeyed: true, range: offset..<framing.entries.upperBound, lengthField: offset + 1..<framing.entries.lowerBound,
                                    countField: nil, count: framing.count)
        default:
            let framing = try reader.unkeyedFraming(at: offset, limit: limit, maximumCount: limits.maximumCollectionCount)
            return ArchiveContainer(isKeyed: false, range: offset..<framing.end, lengthField: offset + 1..<framing.countField.lowerBound,
                                    countField: framing.countField, count: framing.count)
        }
    }
}
