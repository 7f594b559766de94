#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Checks every byte of a plain archive's root value against the format and reports each value
/// to a visitor, in byte order.
///
/// `ArchiveDecoder` checks what a `Decodable` type reads and skips the rest (§12.2); this reads
/// everything, so it is what "well-formed" means for `karchive validate`: tags, varints, lengths,
/// UTF-8 of every string and URL, key indices, repeated keys, unkeyed counts, nested-nil levels,
/// packed kinds, and the decoder's depth and collection limits, each error at the same offset
/// the decoder would report it. The walk keeps its own stack of open containers rather than
/// recursing, so no depth limit, however high a caller sets it, can exhaust the thread's stack.
///
/// In an archive with header flag bit 2 (a `reader` built with `references: .archive`), it
/// numbers the values as §9.5 does, walks a shared object `13` as a value whose marked value
/// follows (the same limit, no depth), and checks each reference `12` against the shared
/// objects met before it.
struct ArchiveWalker<Visitor: ArchiveVisitor> {
    let reader: ByteReader
    let keys: [String]
    let keyIdentities: [UInt64]
    let limits: ArchiveDecoder.Limits

    /// A container whose entries or elements are being walked, or a shared object whose
    /// marked value is.
    private struct Open {
        enum Kind {
            case container(ArchiveContainer)
            /// A `13` and its value index: one value, the marked value, follows.
            case sharedObject(index: Int)
        }
        let kind: Kind
        /// Where the values inside must end: the container's end, or for a shared object the
        /// limit the `13` itself was read with (a marker sets no bound of its own).
        let limit: Int
        /// Unkeyed elements (or the one marked value) not yet walked.
        var remaining: Int
    }

    /// Walks the value that occupies `range`; returns where it ends.
    func walk(_ range: Range<Int>, _ visitor: inout Visitor) throws(ArchiveFormatError) -> Int {
        var open: [Open] = []
        /// Containers in `open`: shared objects add no depth.
        var containerDepth = 0
        /// The value index the next value gets (§9.5).
        var nextIndex = 0
        /// Every shared object met so far, by value index: whether its marked value is still
        /// being walked. One entry per `13`, never one per value, so memory follows the input.
        var sharedObjects: [Int: Bool] = [:]
        var p = range.lowerBound
        while true {
            var limit = range.upperBound
            if let top = open.last {
                limit = top.limit
                switch top.kind {
                case .sharedObject(let index):
                    if top.remaining == 0 {
                        open.removeLast()
                        sharedObjects[index] = false
                        visitor.endSharedObject(index: index, depth: containerDepth + 1)
                        if open.isEmpty { return p }
                        continue
                    }
                    open[open.count - 1].remaining = 0
                case .container(let container):
                    let finished = container.isKeyed ? p == limit : top.remaining == 0
                    if finished {
                        if !container.isKeyed && p != limit {
                            throw ArchiveFormatError(.malformed, at: p, "\(limit - p) bytes follow the last of the unkeyed container's \(container.count) elements")
                        }
                        open.removeLast()
                        visitor.endContainer(container, depth: containerDepth)
                        containerDepth -= 1
                        p = limit
                        if open.isEmpty { return p }
                        continue
                    }
                    if container.isKeyed {
                        let keyStart = p
                        let wire = try reader.varint(at: &p, limit: limit)
                        visitor.visitKey(Self.key(wire, keys), at: keyStart..<p, depth: containerDepth)
                    } else {
                        open[open.count - 1].remaining -= 1
                    }
                }
            }
            let depth = containerDepth + 1
            let index = nextIndex
            nextIndex += 1
            let tag = try reader.byte(at: p, limit: limit)
            if WireTag.isContainer(tag) {
                let container = try openContainer(tag, at: p, limit: limit, depth: depth)
                visitor.beginContainer(container, depth: depth)
                if container.count == 0 && container.lengthField == nil {
                    visitor.endContainer(container, depth: depth)
                    p = container.range.upperBound
                } else {
                    open.append(Open(kind: .container(container), limit: container.range.upperBound, remaining: container.count))
                    containerDepth += 1
                    p = container.countField?.upperBound ?? container.lengthField?.upperBound ?? container.range.upperBound
                    continue
                }
            } else if tag >= WireTag.fixintBase {
                visitor.visitScalar(.integer(.nonNegative(UInt128(tag - WireTag.fixintBase))), at: p..<p + 1, depth: depth)
                p += 1
            } else if reader.references == .archive && tag == WireTag.sharedObject {
                // The marked value is the next value, read with the same limit on the next turn.
                sharedObjects[index] = true
                visitor.beginSharedObject(index: index, at: p, depth: depth)
                open.append(Open(kind: .sharedObject(index: index), limit: limit, remaining: 1))
                p += 1
                continue
            } else if reader.references == .archive && tag == WireTag.reference {
                let end = try reader.valueEnd(at: p, limit: limit)
                var q = p + 1
                let target = try reader.varint(at: &q, limit: end)
                try Self.checkReference(to: target, from: index, at: p, sharedObjects: sharedObjects, rootSize: range.count)
                visitor.visitReference(ArchiveReference(index: index, target: Int(target)), at: p..<end, depth: depth)
                p = end
            } else {
                let end = try reader.valueEnd(at: p, limit: limit)
                visitor.visitScalar(try scalar(tag, at: p, end: end, limit: limit), at: p..<end, depth: depth)
                p = end
            }
            if open.isEmpty { return p }
        }
    }

    /// The checks of a reference at `offset` whose own value index is `index` (§12.4 step 5),
    /// in the spec's order, each failure `malformed` at the tag.
    ///
    /// The walk does not know the body's number of values before it ends, so a target at or
    /// after the reference is a "forward reference" unless it is beyond any possible count
    /// (every value takes at least one byte of the root).
    static func checkReference(to target: UInt64, from index: Int, at offset: Int, sharedObjects: [Int: Bool], rootSize: Int) throws(ArchiveFormatError) {
        guard target < UInt64(index) else {
            let reason = target >= UInt64(rootSize) ? "reference out of range" : "forward reference"
            throw ArchiveFormatError(.malformed, at: offset, "\(reason): value \(target) does not precede the reference (value \(index))")
        }
        guard let isOpen = sharedObjects[Int(target)] else {
            throw ArchiveFormatError(.malformed, at: offset, "reference to a value that is not a shared object (value \(target))")
        }
        guard !isOpen else {
            throw ArchiveFormatError(.malformed, at: offset, "reference loop: the shared object at value \(target) contains the reference")
        }
    }

    /// Decodes a scalar whose end `valueEnd` has found (so its lengths are in bounds).
    private func scalar(_ tag: UInt8, at offset: Int, end: Int, limit: Int) throws(ArchiveFormatError) -> ArchiveScalar {
        var p = offset + 1
        switch tag {
        case WireTag.nil: return .null(level: 0)
        case WireTag.nestedNil: return .null(level: try reader.varint(at: &p, limit: end))
        case WireTag.false: return .bool(false)
        case WireTag.true: return .bool(true)
        case WireTag.unsignedInt: return .integer(.nonNegative(try reader.varint128(at: &p, limit: end)))
        case WireTag.negativeInt:
            // valueEnd has checked n ≤ Int128.max.
            return .integer(.negative(-1 - Int128(try reader.varint128(at: &p, limit: end))))
        case WireTag.float32: return .float(Float(bitPattern: try reader.littleEndian(UInt32.self, at: p, limit: end)))
        case WireTag.float64: return .double(Double(bitPattern: try reader.littleEndian(UInt64.self, at: p, limit: end)))
        case WireTag.date: return .date(Double(bitPattern: try reader.littleEndian(UInt64.self, at: p, limit: end)))
        case WireTag.uuid: return .uuid(UUID(uuid: reader.base.loadUnaligned(fromByteOffset: p, as: uuid_t.self)))
        case WireTag.string, WireTag.url:
            let length = try reader.length(at: &p, limit: end)
            guard let string = reader.utf8String(p, length) else {
                throw ArchiveFormatError(.invalidUTF8, at: offset, "\(WireTag.name(tag)) is not valid UTF-8")
            }
            return tag == WireTag.string ? .string(string) : .url(string)
        case WireTag.bytes:
            let length = try reader.length(at: &p, limit: end)
            return .bytes(p..<p + length)
        case WireTag.packed:
            let (kind, count, start) = try reader.packedHeader(at: offset, limit: limit)
            try reader.checkCollectionCount(count, at: offset + 2, maximum: limits.maximumCollectionCount)
            return .packed(kind, count: count, elements: start..<end)
        default:
            // valueEnd rejects every other tag before this is reached.
            throw reader.malformed(at: offset, "unknown tag 0x\(String(tag, radix: 16))")
        }
    }

    /// Checks the framing of the container at `offset` (depth, lengths, counts, and for a keyed
    /// container its keys, as the decoder does when it opens one) before any entry is walked.
    private func openContainer(_ tag: UInt8, at offset: Int, limit: Int, depth: Int) throws(ArchiveFormatError) -> ArchiveContainer {
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

    /// The key a key varint stands for (§8.1); string indices are already checked.
    static func key(_ wire: UInt64, _ keys: [String]) -> ArchiveKey {
        let zigzag = wire >> 1
        if wire & 1 == 1 { return .string(index: Int(zigzag), keys[Int(zigzag)]) }
        return .int(Int64(bitPattern: (zigzag >> 1) ^ (0 &- (zigzag & 1))))
    }
}
