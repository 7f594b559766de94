#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where `EncodingState.finish` left the finished archive.
enum FinishedArchive: ~Copyable {
    /// In the main sink's buffer (the common case: nothing was rewritten or compressed).
    case inMainSink
    /// In a buffer of its own, freed with the value unless handed to a `Data`.
    case separate(ByteWriter)
}

/// An archive `LateWritePass` wrote: the header and root value; the key-table indices of its
/// string keys in the order the pass wrote them.
struct RewrittenArchive: ~Copyable {
    var bytes: ByteWriter
    var keyOrder: [Int]
}

extension EncodingState {
    /// Starts the archive with its header; the flags byte is final only for uncompressed
    /// archives (compression writes a new header).
    func writeHeader() {
        ArchiveHeader.write(flags: 0, into: &main.writer)
    }

    /// Closes every open container, splices late writes if there were any, appends the key
    /// table, compresses and checksums: the finished archive.
    func finish(compression: ArchiveCompression, checksum: ArchiveChecksum) throws -> FinishedArchive {
        if let depthError = depthErrors.first { throw depthError }
        if sinks.count == 1 {
            if main.pendingSlot != nil { resolvePendingSlot(in: main) }
            main.close(downTo: 0)
        } else {
            for sink in sinks {
                resolvePendingSlot(in: sink)
                sink.close(downTo: sink.stack.first?.isVirtual == true ? 1 : 0)
            }
        }
        // From here on the sinks' bytes are final (and the main buffer may become the result's):
        // containers kept past `encode` write into sinks that nothing reads.
        isFinished = true
        // No instance occurred twice and nothing was written out of order: the archive is the
        // main sink's without the markers, and no pass need read it.
        if wroteObjectMarkers && !needsReordering && !objects.wroteReferences && !main.firstOccurrences.isEmpty {
            var archive = try mainSinkWithoutMarkers()
            keyTable.write(into: &archive)
            return .separate(Self.package(archive, compression: compression, checksum: checksum))
        }
        if needsReordering || (wroteObjectMarkers && objects.wroteReferences) {
            var rewritten = try LateWritePass.rewrite(self)
            keyTable.write(rewritten.keyOrder, into: &rewritten.bytes)
            return .separate(Self.package(rewritten.bytes, compression: compression, checksum: checksum))
        }
        return finishInMainSink(compression: compression, checksum: checksum)
    }

    /// Finishes an archive whose bytes are final in the main sink, as a message's are
    /// (`MessageWriting.swift`): the key table, then compression and checksum as asked.
    func finishInMainSink(compression: ArchiveCompression, checksum: ArchiveChecksum) -> FinishedArchive {
        isFinished = true
        keyTable.write(into: &main.writer)
        guard let level = compression.zlibLevel else {
            if checksum.isCRC32 { Self.appendChecksum(to: &main.writer) }
            return .inMainSink
        }
        return .separate(Self.compress(main.writer.bytes, level: level, checksum: checksum))
    }

    /// The finished archive as `Data`. A small archive in the main sink is copied, so that its
    /// buffer stays for the state's next call (`EncodingState+Reuse.swift`); a larger one, or
    /// one in a buffer of its own, becomes the `Data`'s storage without a copy.
    func data(of archive: consuming FinishedArchive) -> Data {
        switch consume archive {
        case .inMainSink:
            if main.writer.count <= Self.largestCopiedArchive { return Data(bytes: main.writer.base, count: main.writer.count) }
            return main.takeData()
        case .separate(let writer):
            return writer.takeData()
        }
    }

    /// `body` applied to the finished archive's bytes, which are gone when it returns.
    func withBytes<Result>(of archive: consuming FinishedArchive, _ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        switch consume archive {
        case .inMainSink:
            return try body(main.writer.bytes)
        case .separate(let writer):
            return try body(writer.bytes)
        }
    }

    /// A finished uncompressed archive in a buffer of its own, compressed and checksummed as
    /// asked: the same buffer, or a new one (the old one freed as it goes out of scope).
    static func package(_ archive: consuming ByteWriter, compression: ArchiveCompression, checksum: ArchiveChecksum) -> ByteWriter {
        guard let level = compression.zlibLevel else {
            if checksum.isCRC32 { appendChecksum(to: &archive) }
            return archive
        }
        return compress(archive.bytes, level: level, checksum: checksum)
    }

    /// Sets the checksum flag and appends the CRC-32 of everything before it.
    private static func appendChecksum(to writer: inout ByteWriter) {
        writer.setByte(writer.bytes[5] | ArchiveHeader.Flag.crc32, at: 5)
        writer.appendLittleEndian(Zlib.crc32(writer.bytes))
    }

    /// A compressed archive: header with the zlib flag, inflated body length, zlib stream,
    /// and the checksum if asked for.
    private static func compress(_ archive: UnsafeRawBufferPointer, level: Int32, checksum: ArchiveChecksum) -> ByteWriter {
        let body = UnsafeRawBufferPointer(rebasing: archive[ArchiveHeader.size...])
        var compressed = ByteWriter(capacity: body.count / 2 + 64)
        ArchiveHeader.write(flags: archive[5] | ArchiveHeader.Flag.zlib, into: &compressed)   // and flag bit 2 if set
        compressed.appendVarint(UInt64(body.count))
        Zlib.deflate(body, level: level, into: &compressed)
        if checksum.isCRC32 { appendChecksum(to: &compressed) }
        return compressed
    }
}
