#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension EncodingState {
    /// Starts the archive with its header; the flags byte is final only for uncompressed
    /// archives (compression writes a new header).
    func writeHeader() {
        main.writer.append(contentsOf: ArchiveHeader.magic)
        main.writer.append(ArchiveHeader.version)
        main.writer.append(0)
    }

    /// Closes every open container, splices late writes if there were any, appends the key
    /// table, compresses and checksums: the finished archive.
    func finish(compression: ArchiveCompression, checksum: ArchiveChecksum) throws -> Data {
        if let depthError { throw depthError }
        for sink in sinks {
            resolvePendingSlot(in: sink)
            sink.close(downTo: sink.stack.first?.isVirtual == true ? 1 : 0)
        }
        // From here on the sinks' bytes are final (and the main buffer may become the result's):
        // containers kept past `encode` write into sinks that nothing reads.
        isFinished = true
        if wroteObjectMarkers { return try finishObjectGraph(compression: compression, checksum: checksum) }
        if needsFixup {
            var (rewritten, keyOrder) = try EncodingFixup.rewrite(self)
            keyTable.write(keyOrder, into: &rewritten)
            return Self.package(&rewritten, compression: compression, checksum: checksum)
        }
        keyTable.write(into: &main.writer)
        if compression.zlibLevel == nil {
            // The common case hands the sink's own buffer to `Data`, without a copy.
            if checksum.isCRC32 { Self.appendChecksum(to: &main.writer) }
            return main.takeData()
        }
        return Self.compress(main.writer.bytes, level: compression.zlibLevel!, checksum: checksum)
    }

    /// `finish` for an archive with class instances numbered (`preservesObjectIdentity`): the
    /// fix-up pass if needed, then the object-graph pass, then the key table in the order the
    /// object-graph pass wrote the keys.
    private func finishObjectGraph(compression: ArchiveCompression, checksum: ArchiveChecksum) throws -> Data {
        var graph: (archive: ByteWriter, keyOrder: [Int])
        if needsFixup {
            let (fixed, fixedOrder) = try EncodingFixup.rewrite(self)
            defer { fixed.deallocate() }
            graph = try ObjectGraphPass.rewrite(ByteReader(fixed.bytes, references: .encoder), keyCount: fixedOrder.count,
                                                everyOccurrenceInFull: writesEveryOccurrence)
            graph.keyOrder = graph.keyOrder.map { fixedOrder[$0] }
        } else {
            graph = try ObjectGraphPass.rewrite(main.reader, keyCount: keyTable.strings.count,
                                                everyOccurrenceInFull: writesEveryOccurrence)
        }
        keyTable.write(graph.keyOrder, into: &graph.archive)
        return Self.package(&graph.archive, compression: compression, checksum: checksum)
    }

    /// Turns a finished uncompressed archive that this function owns into `Data`.
    private static func package(_ archive: inout ByteWriter, compression: ArchiveCompression, checksum: ArchiveChecksum) -> Data {
        guard let level = compression.zlibLevel else {
            if checksum.isCRC32 { appendChecksum(to: &archive) }
            return archive.takeData()
        }
        defer { archive.deallocate() }
        return compress(archive.bytes, level: level, checksum: checksum)
    }

    /// Sets the checksum flag and appends the CRC-32 of everything before it.
    private static func appendChecksum(to writer: inout ByteWriter) {
        writer.setByte(writer.bytes[5] | ArchiveHeader.Flag.crc32, at: 5)
        writer.appendLittleEndian(Zlib.crc32(writer.bytes))
    }

    /// A compressed archive: header with the zlib flag, inflated body length, zlib stream,
    /// and the checksum if asked for.
    private static func compress(_ archive: UnsafeRawBufferPointer, level: Int32, checksum: ArchiveChecksum) -> Data {
        let body = UnsafeRawBufferPointer(rebasing: archive[ArchiveHeader.size...])
        var compressed = ByteWriter(capacity: body.count / 2 + 64)
        compressed.append(contentsOf: ArchiveHeader.magic)
        compressed.append(ArchiveHeader.version)
        compressed.append(archive[5] | ArchiveHeader.Flag.zlib)   // and flag bit 2 if set
        compressed.appendVarint(UInt64(body.count))
        Zlib.deflate(body, level: level, into: &compressed)
        if checksum.isCRC32 { appendChecksum(to: &compressed) }
        return compressed.takeData()
    }
}
