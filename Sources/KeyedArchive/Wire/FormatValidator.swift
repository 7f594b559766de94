/// Whether an archive is well-formed, as `karchive validate` decides it: its header, checksum,
/// compressed body, key table and every value, with the decoder's limits (`Spec/FORMAT.md` §12).
///
/// The same checks as the inspection walk (`ArchiveWalker`) — `FormatWalk` with every check,
/// and each scalar's own (`ByteReader.checkScalar`) — without building the values: it needs
/// neither Foundation nor the coders, so it builds wherever the wire layer does, Embedded
/// Swift on 32-bit WebAssembly included, where `Tests/Wasm` runs it over the golden vectors
/// (there, without zlib, `OpenedArchive` inflates with the package's own `Inflater`).
enum FormatValidator {
    /// Checks the archive `input`; throws the first problem, at the offset the decoder reports
    /// it (in a compressed archive's body, an offset of the equivalent plain archive, §11).
    static func validate(_ input: UnsafeRawBufferPointer, limits: FormatLimits) throws(ArchiveFormatError) {
        let archive = try OpenedArchive(input, maximumInflatedSize: limits.maximumInflatedSize)
        // The stored flags decide, not the inflated copy's header (whose flags are 0).
        let reader = ByteReader(archive.bytes, references: ReferenceForm(archiveFlags: archive.flags))
        let body = try ArchiveBody(reader)
        var checks = ScalarChecker(reader: reader, maximumCollectionCount: limits.maximumCollectionCount)
        _ = try FormatWalk(reader: reader, keyIdentities: body.keyIdentities, limits: limits).walk(body.root, &checks)
    }

    /// The walk's visitor: checks each scalar, and nothing else (the walk checks the rest).
    /// It sees containers as the inspection walk does: only such a walk checks that an
    /// unkeyed container's elements fill it.
    private struct ScalarChecker: FormatVisitor {
        static var checksContainers: Bool { true }
        static var seesContainers: Bool { true }
        let reader: ByteReader
        let maximumCollectionCount: Int

        func visitScalar(tag: UInt8, at range: Range<Int>, limit: Int, depth: Int) throws(ArchiveFormatError) {
            try reader.checkScalar(tag, at: range.lowerBound, end: range.upperBound, limit: limit, maximumCollectionCount: maximumCollectionCount)
        }
    }
}
