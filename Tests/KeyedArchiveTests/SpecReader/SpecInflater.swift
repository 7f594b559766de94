import CZlib

/// §11 step 4: inflates the zlib stream `input[streamStart..<inputEnd]` into exactly `declared`
/// bytes, deciding between the outcomes of §11 in the order the stream is read.
///
/// zlib is given all the input and room for `declared + 1` bytes of output: the extra byte is how
/// "more than declared" (the output fills up) is told apart from "truncated" (zlib wants more
/// input while it still has room to write). zlib consumes the stream in order and stops at the
/// first of these events, which is §11's "the first of these that happens decides".
///
/// Returns the inflated body; throws a `SpecFailure` with §11's kind and offset.
func specInflate(_ input: [UInt8], streamStart: Int, inputEnd: Int, declared: Int) throws(SpecFailure) -> [UInt8] {
    var output = [UInt8](repeating: 0, count: declared + 1)
    var stream = z_stream()
    guard inflateInit_(&stream, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
        fatalError("zlib could not be initialized")
    }
    defer { inflateEnd(&stream) }
    // §11: "the 2-byte zlib header is judged once both bytes are present", FDICT set included
    // (zlib alone would wait for the dictionary id after it).
    if inputEnd - streamStart >= 2, input[streamStart + 1] & 0x20 != 0 { throw .compression(streamStart) }

    enum Outcome { case ended(produced: Int, unread: Int), notZlib, tooMuch, inputEnded }
    let outcome: Outcome = input.withUnsafeBufferPointer { inBuffer in
        output.withUnsafeMutableBufferPointer { outBuffer in
            stream.next_in = UnsafeMutablePointer(mutating: inBuffer.baseAddress! + streamStart)
            stream.avail_in = UInt32(inputEnd - streamStart)
            stream.next_out = outBuffer.baseAddress!
            stream.avail_out = UInt32(declared + 1)
            while true {
                let status = inflate(&stream, Z_NO_FLUSH)
                if status == Z_STREAM_END {
                    return .ended(produced: declared + 1 - Int(stream.avail_out), unread: Int(stream.avail_in))
                }
                // Not zlib: a bad header, FDICT set (Z_NEED_DICT), invalid deflate data or a
                // wrong Adler-32 (Z_DATA_ERROR).
                if status != Z_OK && status != Z_BUF_ERROR { return .notZlib }
                // The output is full: the bytes read so far inflate to more than declared.
                if stream.avail_out == 0 { return .tooMuch }
                // No progress with room left to write: zlib needs input that is not there.
                if status == Z_BUF_ERROR { return .inputEnded }
            }
        }
    }
    switch outcome {
    case .notZlib, .tooMuch:
        throw .compression(streamStart)
    case .inputEnded:
        // §11: "the input ends before the stream does → truncated at the end of the input".
        throw .truncated(inputEnd)
    case .ended(let produced, let unread):
        // §11: fewer (or more) bytes than declared is checked before anything after the stream.
        guard produced == declared else { throw .compression(streamStart) }
        guard unread == 0 else { throw .malformed(inputEnd - unread) }
        output.removeLast()
        return output
    }
}
