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
/// the decoder would report it. The walk itself, containers, value indexes and references, is
/// `FormatWalk`'s with all its checks; this adds the scalars' own checks.
struct ArchiveWalker<Visitor: ArchiveVisitor> {
    let reader: ByteReader
    let keys: [String]
    let keyIdentities: [UInt64]
    let limits: ArchiveDecoder.Limits
    /// As `FormatWalk.checksReferences`: `false` for a part of an archive whose references
    /// were all checked already.
    var checksReferences = true

    /// Walks the value that occupies `range`; returns where it ends. `outerDepth` is how many
    /// containers hold the value (0 for the root), which the depth limit counts.
    func walk(_ range: Range<Int>, outerDepth: Int = 0, _ visitor: inout Visitor) throws(ArchiveFormatError) -> Int {
        var steps = Steps(walker: self, visitor: visitor)
        defer { visitor = steps.visitor }
        let walk = FormatWalk(reader: reader, keyIdentities: keyIdentities, limits: limits, checksReferences: checksReferences)
        return try walk.walk(range, outerDepth: outerDepth, &steps)
    }

    /// The walk's steps as the visitor sees them: keys looked up, scalars decoded and checked.
    private struct Steps: FormatVisitor {
        static var checksContainers: Bool { true }
        static var seesContainers: Bool { true }
        let walker: ArchiveWalker
        var visitor: Visitor

        mutating func beginContainer(_ container: ArchiveContainer, depth: Int) { visitor.beginContainer(container, depth: depth) }
        mutating func endContainer(_ container: ArchiveContainer, depth: Int) { visitor.endContainer(container, depth: depth) }
        mutating func visitKey(_ wire: UInt64, at range: Range<Int>, depth: Int) {
            visitor.visitKey(ArchiveWalker.key(wire, walker.keys), at: range, depth: depth)
        }
        mutating func visitScalar(tag: UInt8, at range: Range<Int>, limit: Int, depth: Int) throws(ArchiveFormatError) {
            visitor.visitScalar(try walker.scalar(tag, at: range.lowerBound, end: range.upperBound, limit: limit), at: range, depth: depth)
        }
        mutating func beginSharedObject(index: Int, at offset: Int, valueStart: Int, limit: Int, depth: Int) throws(ArchiveFormatError) {
            visitor.beginSharedObject(index: index, at: offset, depth: depth)
        }
        mutating func endSharedObject(index: Int, depth: Int) { visitor.endSharedObject(index: index, depth: depth) }
        mutating func visitReference(_ reference: ArchiveReference, at range: Range<Int>, depth: Int) throws(ArchiveFormatError) {
            visitor.visitReference(reference, at: range, depth: depth)
        }
    }

    /// Decodes a scalar whose end `valueEnd` has found (so its lengths are in bounds).
    private func scalar(_ tag: UInt8, at offset: Int, end: Int, limit: Int) throws(ArchiveFormatError) -> ArchiveScalar {
        // The checks first, the validator's own (`FormatValidator`): what follows only reads.
        try reader.checkScalar(tag, at: offset, end: end, limit: limit, maximumCollectionCount: limits.maximumCollectionCount)
        if tag >= WireTag.fixintBase { return .integer(.nonNegative(UInt128(tag - WireTag.fixintBase))) }
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
            return .packed(kind, count: count, elements: start..<end)
        default:
            // valueEnd rejects every other tag before this is reached.
            throw reader.malformed(at: offset, "unknown tag 0x\(String(tag, radix: 16))")
        }
    }

    /// The key a key varint stands for (§8.1); string indices are already checked.
    static func key(_ wire: UInt64, _ keys: [String]) -> ArchiveKey {
        let zigzag = wire >> 1
        if wire & 1 == 1 { return .string(index: Int(zigzag), keys[Int(zigzag)]) }
        return .int(Int64(bitPattern: (zigzag >> 1) ^ (0 &- (zigzag & 1))))
    }
}
