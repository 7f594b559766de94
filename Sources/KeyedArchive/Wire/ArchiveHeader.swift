/// The fixed archive header: magic, version, flags (see `Spec/FORMAT.md`, "Header").
enum ArchiveHeader {
    /// "KARC"
    static let magic: [UInt8] = [0x4B, 0x41, 0x52, 0x43]
    static let version: UInt8 = 1
    static let size = 6

    /// Header flag bits defined by version 1.
    enum Flag {
        /// The body is a zlib stream, preceded by its inflated length.
        static let zlib: UInt8 = 0x01
        /// The archive ends with a CRC-32 (little-endian) of every byte before it.
        static let crc32: UInt8 = 0x02
        /// The body may hold shared objects and references to them (`Spec/FORMAT.md` §9.5).
        static let references: UInt8 = 0x04
        static let known: UInt8 = zlib | crc32 | references
    }

    /// Checks magic, version and flags; returns the flags.
    static func parse(_ reader: ByteReader) throws(ArchiveFormatError) -> UInt8 {
        guard reader.count >= magic.count else {
            if reader.count == 0 { throw ArchiveFormatError(.truncated, at: 0, "empty input") }
            let prefixMatches = (0..<reader.count).allSatisfy { reader.base.load(fromByteOffset: $0, as: UInt8.self) == magic[$0] }
            throw prefixMatches
                ? ArchiveFormatError(.truncated, at: reader.count, "input ends inside the archive header")
                : ArchiveFormatError(.notAnArchive, at: 0, "input does not start with the magic bytes \"KARC\"")
        }
        for i in 0..<magic.count where reader.base.load(fromByteOffset: i, as: UInt8.self) != magic[i] {
            throw ArchiveFormatError(.notAnArchive, at: 0, "input does not start with the magic bytes \"KARC\"")
        }
        let version = try reader.byte(at: 4, limit: reader.count)
        guard version == Self.version else {
            throw ArchiveFormatError(.unsupportedVersion, at: 4, "format version \(version) is not supported (this decoder reads version \(Self.version))")
        }
        let flags = try reader.byte(at: 5, limit: reader.count)
        guard flags & ~Flag.known == 0 else {
            throw ArchiveFormatError(.unsupportedFlags, at: 5, "unknown header flags 0x\(String(flags & ~Flag.known, radix: 16))")
        }
        return flags
    }
}
