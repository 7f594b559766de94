import CZlib

/// Whole-body zlib (RFC 1950) compression, the only compression the format defines.
enum Zlib {
    /// Appends `body` deflated at `level` (-1 is zlib's default) to `writer`.
    static func deflate(_ body: UnsafeRawBufferPointer, level: Int32, into writer: inout ByteWriter) {
        var destinationLength = compressBound(uLong(body.count))
        writer.reserve(Int(destinationLength))
        let destination = (writer.base + writer.count).assumingMemoryBound(to: Bytef.self)
        // zlib never reads the source when its length is 0, but wants a non-null pointer.
        let source = body.baseAddress?.assumingMemoryBound(to: Bytef.self) ?? UnsafePointer(destination)
        let status = compress2(destination, &destinationLength, source, uLong(body.count), level)
        // compress2 only fails for a bad level (validated by ArchiveCompression) or too small a
        // buffer (compressBound rules that out): a failure here is a bug, not bad data.
        precondition(status == Z_OK, "KeyedArchive: zlib compress2 failed with status \(status)")
        writer.commitReserved(Int(destinationLength))
    }

    /// Inflates `stream` into `destination`, which must be exactly filled, with the stream ending
    /// exactly at its end. `offset` is where the stream starts in the archive, for error messages.
    static func inflate(_ stream: UnsafeRawBufferPointer, into destination: UnsafeMutableRawBufferPointer, offset: Int) throws(ArchiveFormatError) {
        let expectedSize = destination.count
        var sourceLength = uLong(stream.count)
        var producedLength = uLong(expectedSize)
        var scratch: Bytef = 0
        let status = withUnsafeMutablePointer(to: &scratch) { scratchPointer in
            // zlib wants non-null pointers even for empty buffers.
            let output = destination.baseAddress?.assumingMemoryBound(to: Bytef.self) ?? scratchPointer
            let input = stream.baseAddress?.assumingMemoryBound(to: Bytef.self) ?? UnsafePointer(scratchPointer)
            return uncompress2(output, &producedLength, input, &sourceLength)
        }
        switch status {
        case Z_OK:
            break
        case Z_BUF_ERROR where Int(sourceLength) < stream.count:
            // Output full with input left over: the stream holds more than it declared.
            throw ArchiveFormatError(.compression, at: offset, "compressed body inflates to more than the declared \(expectedSize) bytes")
        case Z_BUF_ERROR:
            // All input consumed without reaching the end of the zlib stream.
            throw ArchiveFormatError(.truncated, at: offset + stream.count, "compressed body ends before the zlib stream is complete")
        case Z_DATA_ERROR:
            throw ArchiveFormatError(.compression, at: offset, "compressed body is not a valid zlib stream (or fails its Adler-32 check)")
        case Z_MEM_ERROR:
            throw ArchiveFormatError(.limitExceeded, at: offset, "not enough memory to inflate the body")
        default:
            throw ArchiveFormatError(.compression, at: offset, "zlib error \(status)")
        }
        guard Int(producedLength) == expectedSize else {
            throw ArchiveFormatError(.compression, at: offset, "compressed body inflates to \(producedLength) bytes, header declares \(expectedSize)")
        }
        guard Int(sourceLength) == stream.count else {
            throw ArchiveFormatError(.malformed, at: offset + Int(sourceLength), "\(stream.count - Int(sourceLength)) bytes follow the end of the zlib stream")
        }
    }
}
