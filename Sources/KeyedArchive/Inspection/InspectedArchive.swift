/// An archive opened by a tool that reads it without the Swift types that wrote it (the
/// `karchive` command): the facts of its header and layout, and a checked walk over every value.
///
/// Offsets inside the body are offsets in `plain`, the archive with its body inflated, as in
/// `ArchiveFormatError` (`Spec/FORMAT.md` §11).
package struct InspectedArchive: Sendable {
    /// The archive as given.
    package let input: [UInt8]
    /// The header (flags 0) and the body, inflated if the input was compressed; no checksum.
    package let plain: [UInt8]
    /// The header's flags as found in the input.
    package let flags: UInt8
    /// Where the inflated-size varint and the zlib stream lie in `input`, if compressed.
    package let compressedLayout: (inflatedSize: Range<Int>, stream: Range<Int>)?
    /// Where the root value lies in `plain`.
    package let root: Range<Int>
    /// Where the key table lies in `plain`, from its count to its last byte.
    package let keyTable: Range<Int>
    /// The key table's strings, by index.
    package let keys: [String]
    /// For each key-table index, the key it stands for (see `KeyIdentity`).
    let keyIdentities: [UInt64]
    /// The limits the archive was opened with, and that `walk` applies.
    package let limits: ArchiveDecoder.Limits

    /// Whether the body is zlib-compressed (flag bit 0).
    package var isCompressed: Bool { flags & ArchiveHeader.Flag.zlib != 0 }
    /// Whether the archive ends with a CRC-32 trailer (flag bit 1).
    package var hasChecksum: Bool { flags & ArchiveHeader.Flag.crc32 != 0 }
    /// Whether the body may hold shared objects and references (flag bit 2, §9.5).
    package var hasReferences: Bool { flags & ArchiveHeader.Flag.references != 0 }
    /// The size of the fixed header.
    package static var headerSize: Int { ArchiveHeader.size }

    /// Checks the header and the checksum, inflates a compressed body, and reads the key table.
    /// The values are checked by `walk`.
    package init(_ input: [UInt8], limits: ArchiveDecoder.Limits = ArchiveDecoder.Limits()) throws(InspectionError) {
        // The opened archive (and an inflated body's memory) lasts as long as the closure.
        let opened = input.withUnsafeBytes { buffer in
            Result { () throws(ArchiveFormatError) in
                let archive = try OpenedArchive(buffer, maximumInflatedSize: limits.maximumInflatedSize)
                return (archive.flags, archive.compressedLayout, [UInt8](archive.bytes))
            }
        }
        let archive: (flags: UInt8, compressedLayout: (inflatedSize: Range<Int>, stream: Range<Int>)?, plain: [UInt8])
        do { archive = try opened.get() } catch { throw InspectionError(error, inInflatedBody: false) }
        let plain = archive.plain
        let isCompressed = archive.compressedLayout != nil
        // The stored flags decide, not the inflated copy's header (whose flags are 0).
        let references = ReferenceForm(archiveFlags: archive.flags)
        let parsed = plain.withUnsafeBytes { bytes in
            Result { () throws(ArchiveFormatError) in try ArchiveBody(ByteReader(bytes, references: references)) }
        }
        let body: ArchiveBody
        do { body = try parsed.get() } catch { throw InspectionError(error, inInflatedBody: isCompressed) }
        self.input = input
        self.plain = plain
        self.flags = archive.flags
        self.compressedLayout = archive.compressedLayout
        self.root = body.root
        self.keyTable = body.keyTable
        self.keys = body.keys
        self.keyIdentities = body.keyIdentities
        self.limits = limits
    }

    /// Checks every value and reports it to `visitor`, in byte order; throws at the first
    /// problem, after reporting the values before it.
    package func walk<V: ArchiveVisitor>(_ visitor: inout V) throws(InspectionError) {
        try walk(root, outerDepth: 0, &visitor)
    }

    /// Checks the value that occupies `range`, inside `outerDepth` containers, and reports it
    /// to `visitor`.
    func walk<V: ArchiveVisitor>(_ range: Range<Int>, outerDepth: Int, _ visitor: inout V) throws(InspectionError) {
        let result = plain.withUnsafeBytes { bytes in
            Result { () throws(ArchiveFormatError) in
                let reader = ByteReader(bytes, references: ReferenceForm(archiveFlags: flags))
                let walker = ArchiveWalker<V>(reader: reader, keys: keys, keyIdentities: keyIdentities, limits: limits)
                _ = try walker.walk(range, outerDepth: outerDepth, &visitor)
            }
        }
        do { try result.get() } catch { throw InspectionError(error, inInflatedBody: isCompressed) }
    }

    /// Each key-table entry: from its length varint to its last byte, and its string.
    package var keyTableEntries: [(range: Range<Int>, key: String)] {
        plain.withUnsafeBytes { bytes in
            let reader = ByteReader(bytes)
            var p = keyTable.lowerBound
            // The table was checked when the archive was opened: these reads cannot fail.
            _ = try? reader.varint(at: &p, limit: keyTable.upperBound)
            return keys.map { key in
                let start = p
                p += (try? reader.length(at: &p, limit: keyTable.upperBound)) ?? 0
                return (start..<p, key)
            }
        }
    }

    /// The elements of a packed array as numbers, in order (`elements` as the walk reported it).
    package func packedElements(_ kind: PackedKind, _ elements: Range<Int>) -> [PackedNumber] {
        plain.withUnsafeBytes { bytes in
            stride(from: elements.lowerBound, to: elements.upperBound, by: kind.width).map { offset in
                PackedNumber.load(kind, from: bytes, at: offset)
            }
        }
    }

    /// One element of a packed array at `offset`.
    package func packedElement(_ kind: PackedKind, at offset: Int) -> PackedNumber {
        plain.withUnsafeBytes { PackedNumber.load(kind, from: $0, at: offset) }
    }
}

/// A format error met while inspecting an archive, and whether its offset is in the archive as
/// given or in the inflated archive (header + inflated body) of a compressed one.
package struct InspectionError: Error, Sendable, CustomStringConvertible {
    package let error: ArchiveFormatError
    package let inInflatedBody: Bool

    init(_ error: ArchiveFormatError, inInflatedBody: Bool) {
        self.error = error
        self.inInflatedBody = inInflatedBody
    }

    /// "kind at offset N: reason", saying which bytes the offset counts in.
    package var description: String {
        guard inInflatedBody, let offset = error.offset else { return error.description }
        return "\(error.kind) at offset \(offset) of the inflated archive: \(error.reason)"
    }
}

/// An element of a packed array.
package enum PackedNumber: Sendable, Equatable {
    case integer(Int64)
    case unsigned(UInt64)
    case float(Float)
    case double(Double)

    static func load(_ kind: PackedKind, from bytes: UnsafeRawBufferPointer, at offset: Int) -> PackedNumber {
        switch kind {
        case .uint8: .unsigned(UInt64(bytes.load(fromByteOffset: offset, as: UInt8.self)))
        case .int8: .integer(Int64(Int8(bitPattern: bytes.load(fromByteOffset: offset, as: UInt8.self))))
        case .uint16: .unsigned(UInt64(UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt16.self))))
        case .int16: .integer(Int64(Int16(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: Int16.self))))
        case .uint32: .unsigned(UInt64(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))))
        case .int32: .integer(Int64(Int32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self))))
        case .uint64: .unsigned(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
        case .int64: .integer(Int64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: Int64.self)))
        case .float32: .float(Float(bitPattern: UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))))
        case .float64: .double(Double(bitPattern: UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))))
        }
    }
}
