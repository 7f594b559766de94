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
    /// table and compresses: the finished archive.
    func finish(compression: ArchiveCompression) throws -> Data {
        if let depthError { throw depthError }
        for sink in sinks {
            resolvePendingSlot(in: sink)
            sink.close(downTo: sink.stack.first?.isVirtual == true ? 1 : 0)
        }
        if needsFixup {
            var rewritten = EncodingFixup.rewrite(self)
            keyTable.write(into: &rewritten)
            guard let level = compression.zlibLevel else { return rewritten.takeData() }
            defer { rewritten.deallocate() }
            return Self.compress(rewritten.bytes, level: level)
        }
        keyTable.write(into: &main.writer)
        guard let level = compression.zlibLevel else { return main.takeData() }
        return Self.compress(main.writer.bytes, level: level)
    }

    /// A compressed archive: header with the zlib flag, inflated body length, zlib stream.
    private static func compress(_ archive: UnsafeRawBufferPointer, level: Int32) -> Data {
        let body = UnsafeRawBufferPointer(rebasing: archive[ArchiveHeader.size...])
        var compressed = ByteWriter(capacity: body.count / 2 + 64)
        compressed.append(contentsOf: ArchiveHeader.magic)
        compressed.append(ArchiveHeader.version)
        compressed.append(ArchiveHeader.Flag.zlib)
        compressed.appendVarint(UInt64(body.count))
        Zlib.deflate(body, level: level, into: &compressed)
        return compressed.takeData()
    }
}
