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

    /// The most bytes one zlib call takes or gives (`uInt` is 32 bits): `UInt32.max`, or `Int.max`
    /// where `Int` is 32 bits (`Int(UInt32.max)` would trap there).
    private static var largestPiece: Int { Int(clamping: UInt32.max) }

    /// The CRC-32 of `bytes` (zlib's `crc32`, fed in pieces its 32-bit length can take).
    static func crc32(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        var crc: uLong = CZlib.crc32(0, nil, 0)
        var offset = 0
        while offset < bytes.count {
            let length = min(bytes.count - offset, largestPiece)
            crc = CZlib.crc32(crc, (bytes.baseAddress! + offset).assumingMemoryBound(to: Bytef.self), uInt(length))
            offset += length
        }
        return UInt32(truncatingIfNeeded: crc)
    }

    /// A status of our own (zlib's are small numbers): the stream holds more than the declared
    /// size.
    private static let producedTooMuch: Int32 = 1000

    /// Inflates `stream` into `destination`, which must be exactly filled, with the stream ending
    /// exactly at its end. `offset` is where the stream starts in the archive, for error messages.
    static func inflate(_ stream: UnsafeRawBufferPointer, into destination: UnsafeMutableRawBufferPointer, offset: Int) throws(ArchiveFormatError) {
        var z = z_stream()
        guard inflateInit_(&z, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw ArchiveFormatError(.limitExceeded, at: offset, "not enough memory to start inflating")
        }
        defer { inflateEnd(&z) }
        // §11 judges the 2-byte header once both bytes are in, and FDICT set is `compression`.
        // zlib checks the header's other fields then, but reports a preset dictionary only
        // after the 4-byte DICTID that follows, so a stream cut within it would be `truncated`.
        if stream.count >= 2, stream[1] & 0x20 != 0 {
            throw ArchiveFormatError(.compression, at: offset, "the zlib stream asks for a preset dictionary (FDICT)")
        }
        var scratch: Bytef = 0
        var status: Int32 = Z_OK
        withUnsafeMutablePointer(to: &scratch) { scratchPointer in
            // zlib wants non-null pointers even for empty buffers.
            z.next_out = destination.baseAddress?.assumingMemoryBound(to: Bytef.self) ?? scratchPointer
            z.next_in = UnsafeMutablePointer(mutating: stream.baseAddress?.assumingMemoryBound(to: Bytef.self) ?? UnsafePointer(scratchPointer))
            var inputLeft = stream.count
            var outputLeft = destination.count
            // avail_in/avail_out are 32-bit: feed larger buffers in pieces. Keep going while
            // input remains even with the output full: the stream's end and Adler-32 trailer
            // need no output space, and real excess data makes zlib stop with Z_BUF_ERROR.
            repeat {
                let input = min(inputLeft, largestPiece)
                let output = min(outputLeft, largestPiece)
                z.avail_in = uInt(input)
                z.avail_out = uInt(output)
                status = CZlib.inflate(&z, Z_NO_FLUSH)
                inputLeft -= input - Int(z.avail_in)
                outputLeft -= output - Int(z.avail_out)
            } while status == Z_OK && inputLeft > 0
            // Output full and input used up, the stream not ended: whether that is "more than
            // declared" or "cut short" depends on whether the input already decoded holds more
            // output (§11 reads the stream in order: the excess comes first). One byte of
            // scratch space tells: zlib writes a pending byte there, or asks for more input.
            if status == Z_OK || status == Z_BUF_ERROR, inputLeft == 0, outputLeft == 0 {
                z.next_out = scratchPointer
                z.avail_out = 1
                status = CZlib.inflate(&z, Z_NO_FLUSH)
                if z.avail_out == 0 { status = Self.producedTooMuch }
            }
        }
        let produced = Int(z.total_out)
        let consumed = Int(z.total_in)
        switch status {
        case Z_STREAM_END:
            guard produced == destination.count else {
                throw ArchiveFormatError(.compression, at: offset, "compressed body inflates to \(produced) bytes, header declares \(destination.count)")
            }
            guard consumed == stream.count else {
                throw ArchiveFormatError(.malformed, at: offset + consumed, "\(stream.count - consumed) bytes follow the end of the zlib stream")
            }
        case Self.producedTooMuch:
            throw ArchiveFormatError(.compression, at: offset, "compressed body inflates to more than the declared \(destination.count) bytes")
        case Z_OK, Z_BUF_ERROR:
            if consumed == stream.count {
                // Input used up before the end of the stream.
                throw ArchiveFormatError(.truncated, at: offset + stream.count, "compressed body ends before the zlib stream is complete")
            }
            throw ArchiveFormatError(.compression, at: offset, "compressed body inflates to more than the declared \(destination.count) bytes")
        case Z_MEM_ERROR:
            throw ArchiveFormatError(.limitExceeded, at: offset, "not enough memory to inflate the body")
        default:
            // Z_DATA_ERROR (not deflate data, bad Adler-32) or Z_NEED_DICT (a preset dictionary).
            throw ArchiveFormatError(.compression, at: offset, "compressed body is not a valid zlib stream (or fails its Adler-32 check)")
        }
    }
}
