/// Receives the steps of a `FormatWalk`, in byte order. Every method has an empty default, and
/// the walk is specialized for each visitor, so a step a visitor ignores costs it only the
/// reading.
protocol FormatVisitor {
    /// Whether the walk checks each container as the decoder does when it opens one (depth,
    /// counts against the limits, a keyed container's keys: the validator), or its length and
    /// unkeyed count only (the indexes, which run over bytes checked otherwise or later).
    static var checksContainers: Bool { get }
    /// Whether the visitor looks at containers (`beginContainer`, `endContainer`): a walk for one
    /// that does not never builds them.
    static var seesContainers: Bool { get }
    /// A keyed or unkeyed container starts (one-byte empty forms included, ended at once).
    mutating func beginContainer(_ container: ArchiveContainer, depth: Int)
    mutating func endContainer(_ container: ArchiveContainer, depth: Int)
    /// The key varint of the next entry of the innermost keyed container, at its depth.
    mutating func visitKey(_ wire: UInt64, at range: Range<Int>, depth: Int)
    /// Any other value but a shared object or reference: its tag, where it lies (found by
    /// `ByteReader.valueEnd`), and the limit it was read with.
    mutating func visitScalar(tag: UInt8, at range: Range<Int>, limit: Int, depth: Int) throws(ArchiveFormatError)
    /// A shared object at `offset` (`13`; the encoder's marker in the numbered form), value
    /// index or instance number `index`, whose marked value starts at `valueStart`.
    mutating func beginSharedObject(index: Int, at offset: Int, valueStart: Int, limit: Int, depth: Int) throws(ArchiveFormatError)
    mutating func endSharedObject(index: Int, depth: Int)
    /// A reference (`12`), checked in an archive's form; its target is an instance number in
    /// the numbered form.
    mutating func visitReference(_ reference: ArchiveReference, at range: Range<Int>, depth: Int) throws(ArchiveFormatError)
}

extension FormatVisitor {
    static var seesContainers: Bool { true }
    mutating func beginContainer(_ container: ArchiveContainer, depth: Int) {}
    mutating func endContainer(_ container: ArchiveContainer, depth: Int) {}
    mutating func visitKey(_ wire: UInt64, at range: Range<Int>, depth: Int) {}
    mutating func visitScalar(tag: UInt8, at range: Range<Int>, limit: Int, depth: Int) throws(ArchiveFormatError) {}
    mutating func beginSharedObject(index: Int, at offset: Int, valueStart: Int, limit: Int, depth: Int) throws(ArchiveFormatError) {}
    mutating func endSharedObject(index: Int, depth: Int) {}
    mutating func visitReference(_ reference: ArchiveReference, at range: Range<Int>, depth: Int) throws(ArchiveFormatError) {}
}

/// The one walk over the values of a plain archive's root value: containers, keys, scalars,
/// shared objects and references, in byte order, each with its depth; values numbered as
/// `Spec/FORMAT.md` §9.5 numbers them and references checked in §12.4's order. Every reader
/// that walks all of a value, into every container in it, walks here: the validator
/// (`ArchiveWalker`, so `karchive validate`, `inspect`, `stats` and `to-json`), the decoder's
/// index of shared objects (`ReferenceIndex`) and the late-write pass's index of the encoder's
/// markers (`LateWritePass`). (The late-write pass's copy, `walkStreamed`, is the one other
/// such walk: it writes as it goes, following the encoder's replacements.) A reader that steps
/// through the entries of one container, skipping their values, does so with `EntriesCursor`;
/// a container this walk checks is checked by it (`ByteReader.keyedFraming`).
///
/// A loop with its own stack, not recursion: no depth limit, however high, can exhaust the
/// thread's stack. The walk is generic over its visitor and specialized for each, so what a
/// visitor does not look at costs it nothing:
/// - A walk that checks containers (`checksContainers`, the validator's) checks each one as the
///   decoder does when it opens one (depth, lengths, counts and the limits, a keyed container's
///   keys), at the offset the decoder reports, and counts unkeyed elements.
/// - A walk that does not see containers (`seesContainers` false, the indexes') stacks only each
///   container's end and kind, ends unkeyed containers by length as keyed ones, and does not
///   stack shared objects: the marked value is read next, and in an archive's form a shared
///   object's end is found at its marker (for the reference-loop check). On 1,000 instances
///   written twice this made the late-write pass's index no dearer than the hand walk it
///   replaced (callgrind), where a walk that built every step was 3× dearer.
///
/// References: in an archive with header flag bit 2 (a `reader` built with `references:
/// .archive`) each `12` is checked against the shared objects before it; in the encoder's
/// numbered form (`.numbered`) a `13` carries an instance number and a `12` names one, unchecked
/// (the late-write pass checks the numbers it is given).
struct FormatWalk {
    let reader: ByteReader
    let keyIdentities: [UInt64]
    let limits: FormatLimits
    /// Whether an archive's references are checked against the shared objects the walk has
    /// seen; `false` for a walk of a part of an archive whose references were all checked
    /// already (`ReferenceIndex`), which may name shared objects outside the part.
    var checksReferences = true

    /// An open container or shared object, as the loop needs it on every step.
    private struct Open {
        /// Where the values inside must end: the container's end, or the limit a shared object
        /// was read with.
        let limit: Int
        /// Unkeyed elements (or the one marked value of a shared object) not yet walked.
        var remaining: Int
        let kind: Kind
    }

    private enum Kind: UInt8 { case keyed, unkeyed, sharedObject }

    /// What an open container's or shared object's end reports: the container as begun, or
    /// the shared object's index and its place in `sharedObjects`. Stacked apart from `Open`,
    /// and only by walks that see containers.
    private enum Opened {
        case container(ArchiveContainer)
        case sharedObject(index: Int, position: Int)
    }

    /// Walks the value at `range.lowerBound` (ending by `range.upperBound`); returns its end.
    /// `outerDepth` is how many containers hold the value (0 for the root): depths, and so the
    /// depth limit, count from there.
    func walk<Visitor: FormatVisitor>(_ range: Range<Int>, outerDepth: Int = 0, _ visitor: inout Visitor) throws(ArchiveFormatError) -> Int {
        let archiveForm = reader.references == .archive
        var numberedForm = false
        if case .numbered = reader.references { numberedForm = true }
        let sharedObjectTag = reader.references.sharedObjectTag
        var open: [Open] = []
        var opened: [Opened] = []
        var containerDepth = outerDepth
        var nextIndex = 0
        // The archive form's shared objects so far, by value index, each with its end (`Int.max`
        // while the walk is inside it): what a reference is checked against.
        var sharedObjects: [(index: Int, end: Int)] = []
        var p = range.lowerBound
        // A walk that sees no structure does not stack shared objects: after a marker, its
        // marked value is read next with the marker's own limit (kept here; -1 for none).
        var markedValueLimit = -1
        while true {
            var limit = range.upperBound
            if !Visitor.seesContainers && markedValueLimit >= 0 {
                limit = markedValueLimit
                markedValueLimit = -1
            } else if let top = open.last {
                limit = top.limit
                switch top.kind {
                case .sharedObject:
                    if top.remaining == 0 {
                        open.removeLast()
                        guard case .sharedObject(let sharedIndex, let position) = opened.removeLast() else { preconditionFailure("stacks out of step") }
                        if archiveForm { sharedObjects[position].end = p }
                        visitor.endSharedObject(index: sharedIndex, depth: containerDepth + 1)
                        if open.isEmpty { return p }
                        continue
                    }
                    open[open.count - 1].remaining = 0
                case .keyed:
                    if p == limit {
                        open.removeLast()
                        if Visitor.seesContainers {
                            guard case .container(let container) = opened.removeLast() else { preconditionFailure("stacks out of step") }
                            visitor.endContainer(container, depth: containerDepth)
                        }
                        containerDepth -= 1
                        if open.isEmpty { return p }
                        continue
                    }
                    let keyStart = p
                    let wire = try reader.varint(at: &p, limit: limit)
                    visitor.visitKey(wire, at: keyStart..<p, depth: containerDepth)
                case .unkeyed:
                    // A walk that does not check containers ends one by its length, as it
                    // ends a keyed one, and need not count its elements.
                    if Visitor.checksContainers ? top.remaining == 0 : p == limit {
                        open.removeLast()
                        if Visitor.seesContainers {
                            guard case .container(let container) = opened.removeLast() else { preconditionFailure("stacks out of step") }
                            if p != limit {
                                throw ArchiveFormatError(.malformed, at: p, "\(limit - p) bytes follow the last of the unkeyed container's \(container.count) elements")
                            }
                            visitor.endContainer(container, depth: containerDepth)
                        }
                        containerDepth -= 1
                        if open.isEmpty { return p }
                        continue
                    }
                    if Visitor.checksContainers { open[open.count - 1].remaining -= 1 }
                }
            }
            let depth = containerDepth + 1
            let index = nextIndex
            nextIndex += 1
            let start = p
            let tag = try reader.byte(at: p, limit: limit)
            if tag >= WireTag.fixintBase {
                p += 1
                try visitor.visitScalar(tag: tag, at: start..<p, limit: limit, depth: depth)
            } else if WireTag.isContainer(tag) {
                if Visitor.checksContainers && depth > limits.maximumDepth {
                    throw ArchiveFormatError(.limitExceeded, at: start, "nesting depth exceeds the limit of \(limits.maximumDepth)")
                }
                if tag == WireTag.emptyKeyed || tag == WireTag.emptyUnkeyed {
                    p += 1
                    if Visitor.seesContainers {
                        let container = ArchiveContainer(isKeyed: tag == WireTag.emptyKeyed, range: start..<p, lengthField: nil, countField: nil, count: 0)
                        visitor.beginContainer(container, depth: depth)
                        visitor.endContainer(container, depth: depth)
                    }
                } else {
                    let (entries, end, count, countStart) = try framing(tag, at: start, limit: limit, checksAll: Visitor.checksContainers)
                    open.append(Open(limit: end, remaining: count, kind: tag == WireTag.keyed ? .keyed : .unkeyed))
                    if Visitor.seesContainers {
                        let isKeyed = tag == WireTag.keyed
                        let container = ArchiveContainer(isKeyed: isKeyed, range: start..<end, lengthField: start + 1..<countStart,
                                                         countField: isKeyed ? nil : countStart..<entries, count: count)
                        visitor.beginContainer(container, depth: depth)
                        opened.append(.container(container))
                    }
                    containerDepth += 1
                    p = entries
                    continue
                }
            } else if tag == sharedObjectTag && (archiveForm || numberedForm) {
                p += 1
                var number = index
                if archiveForm {
                    // A walk that does not stack shared objects finds the end at once.
                    sharedObjects.append((index, Visitor.seesContainers ? .max : try reader.valueEnd(at: start, limit: limit)))
                } else {
                    number = Int(clamping: try reader.varint(at: &p, limit: limit))
                }
                try visitor.beginSharedObject(index: number, at: start, valueStart: p, limit: limit, depth: depth)
                if Visitor.seesContainers {
                    open.append(Open(limit: limit, remaining: 1, kind: .sharedObject))
                    opened.append(.sharedObject(index: number, position: sharedObjects.count - 1))
                } else {
                    markedValueLimit = limit
                }
                continue
            } else if tag == WireTag.reference && (archiveForm || numberedForm) {
                var q = start + 1
                let target = try reader.varint(at: &q, limit: limit)
                if archiveForm && checksReferences {
                    try Self.checkReference(to: target, from: index, at: start, sharedObjects: sharedObjects, rootSize: range.count)
                }
                p = q
                try visitor.visitReference(ArchiveReference(index: index, target: Int(clamping: target)), at: start..<p, depth: depth)
            } else {
                p = try reader.valueEnd(at: start, limit: limit)
                try visitor.visitScalar(tag: tag, at: start..<p, limit: limit, depth: depth)
            }
            if open.isEmpty { return p }
        }
    }

    /// The checks of a reference at `offset` whose own value index is `index` (§12.4 step 5).
    private static func checkReference(to target: UInt64, from index: Int, at offset: Int, sharedObjects: [(index: Int, end: Int)],
                                       rootSize: Int) throws(ArchiveFormatError) {
        guard target < UInt64(index) else {
            let reason = target >= UInt64(rootSize) ? "reference out of range" : "forward reference"
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
        guard sharedObjects[low].end <= offset else {
            throw ArchiveFormatError(.malformed, at: offset, "reference loop: the shared object at value \(target) contains the reference")
        }
    }

    /// The framing of the long-form container at `offset`: where its entries begin and end, its
    /// count (a keyed container's only with `checksAll`, which checks it as the decoder does),
    /// and where its length varint ends (an unkeyed container's count varint starts there).
    @inline(__always)
    private func framing(_ tag: UInt8, at offset: Int, limit: Int, checksAll: Bool) throws(ArchiveFormatError)
        -> (entries: Int, end: Int, count: Int, countStart: Int) {
        if tag == WireTag.keyed {
            guard checksAll else {
                var entries = offset + 1
                let length = try reader.length(at: &entries, limit: limit)
                return (entries, entries + length, 0, entries)
            }
            let framing = try reader.keyedFraming(at: offset, limit: limit, keyIdentities: keyIdentities, maximumCount: limits.maximumCollectionCount)
            return (framing.entries.lowerBound, framing.entries.upperBound, framing.count, framing.entries.lowerBound)
        }
        let framing = try reader.unkeyedFraming(at: offset, limit: limit, maximumCount: checksAll ? limits.maximumCollectionCount : .max)
        return (framing.countField.upperBound, framing.end, framing.count, framing.countField.lowerBound)
    }
}

#if KEYEDARCHIVE_WIRE_ONLY
/// The limits of `ArchiveDecoder.Limits` that the wire layer reads (the walk's two, and the
/// inflated size `FormatValidator` opens archives with), with their defaults, where it builds
/// without the coders (`Tests/Wasm`, for Embedded Swift).
struct FormatLimits {
    var maximumDepth = 512
    var maximumCollectionCount = 1 << 24
    var maximumInflatedSize = 256 << 20
}
#else
/// The limits a walk checks: the decoder's.
typealias FormatLimits = ArchiveDecoder.Limits
#endif
