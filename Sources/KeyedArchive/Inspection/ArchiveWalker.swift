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
struct ArchiveWalker<Visitor: ArchiveVisitor> {
    let reader: ByteReader
    let keys: [String]
    let keyIdentities: [UInt64]
    let limits: ArchiveDecoder.Limits

    /// A container whose entries or elements are being walked.
    private struct Open {
        let container: ArchiveContainer
        /// Unkeyed elements not yet walked.
        var remaining: Int
    }

    /// Walks the value that occupies `range`; returns where it ends.
    func walk(_ range: Range<Int>, _ visitor: inout Visitor) throws(ArchiveFormatError) -> Int {
        var open: [Open] = []
        var p = range.lowerBound
        while true {
            var limit = range.upperBound
            if let top = open.last {
                limit = top.container.range.upperBound
                let finished = top.container.isKeyed ? p == limit : top.remaining == 0
                if finished {
                    if !top.container.isKeyed && p != limit {
                        throw ArchiveFormatError(.malformed, at: p, "\(limit - p) bytes follow the last of the unkeyed container's \(top.container.count) elements")
                    }
                    open.removeLast()
                    visitor.endContainer(top.container, depth: open.count + 1)
                    p = limit
                    if open.isEmpty { return p }
                    continue
                }
                if top.container.isKeyed {
                    let keyStart = p
                    let wire = try reader.varint(at: &p, limit: limit)
                    visitor.visitKey(Self.key(wire, keys), at: keyStart..<p, depth: open.count)
                } else {
                    open[open.count - 1].remaining -= 1
                }
            }
            let depth = open.count + 1
            let tag = try reader.byte(at: p, limit: limit)
            if WireTag.isContainer(tag) {
                let container = try openContainer(tag, at: p, limit: limit, depth: depth)
                visitor.beginContainer(container, depth: depth)
                if container.count == 0 && container.lengthField == nil {
                    visitor.endContainer(container, depth: depth)
                    p = container.range.upperBound
                } else {
                    open.append(Open(container: container, remaining: container.count))
                    p = container.countField?.upperBound ?? container.lengthField!.upperBound
                    continue
                }
            } else if tag >= WireTag.fixintBase {
                visitor.visitScalar(.integer(.nonNegative(UInt128(tag - WireTag.fixintBase))), at: p..<p + 1, depth: depth)
                p += 1
            } else {
                let end = try reader.valueEnd(at: p, limit: limit)
                visitor.visitScalar(try scalar(tag, at: p, end: end, limit: limit), at: p..<end, depth: depth)
                p = end
            }
            if open.isEmpty { return p }
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
