#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The POSIX loops under the stream reader and writer: whole-buffer reads and writes that
/// survive partial transfers and `EINTR`.
enum FileDescriptorIO {
    /// Reads until `buffer` is full or the descriptor reaches end of file, and returns how many
    /// bytes were read (less than `buffer.count` only at end of file). `offset` is the stream
    /// position of the buffer's first byte, for errors.
    static func readFully(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, offset: Int64) throws(ArchiveStreamError) -> Int {
        var done = 0
        while done < buffer.count {
            let n = read(fd, buffer.baseAddress! + done, buffer.count - done)
            if n > 0 {
                done += n
            } else if n == 0 {
                break
            } else {
                let code = errno
                if code == EINTR { continue }
                throw ioError("read", code, at: ArchiveFraming.reported(ArchiveFraming.position(offset, advancedBy: done)))
            }
        }
        return done
    }

    /// Writes every byte of `buffer`, looping over partial writes and `EINTR`.
    static func writeAll(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) throws(ArchiveStreamError) {
        var done = 0
        while done < buffer.count {
            let n = write(fd, buffer.baseAddress! + done, buffer.count - done)
            if n >= 0 {
                done += n
            } else {
                let code = errno
                if code == EINTR { continue }
                throw ioError("write", code, at: nil)
            }
        }
    }

    /// An `.io` error for the failed `call`.
    static func ioError(_ call: String, _ code: Int32, at offset: Int?) -> ArchiveStreamError {
        ArchiveStreamError(.io, at: offset, errorNumber: code, "\(call) failed: \(String(cString: strerror(code))) (errno \(code))")
    }
}
