#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Writes a stream of framed archives to a file descriptor: a pipe, a socket, or an
/// append-only log file.
///
/// Each `write(_:)` encodes one value with `encoder` and writes one frame — a 4-byte
/// little-endian payload length, then the archive — in a single buffer, looping over partial
/// writes and `EINTR` (see `Spec/STREAMS.md`). Read the stream back with `ArchiveStreamReader`.
///
/// ```swift
/// var encoder = ArchiveEncoder()
/// encoder.checksum = .crc32            // recommended for logs
/// let log = try ArchiveStreamWriter(appendingToFileAtPath: path, encoder: encoder)
/// try log.write(record)
/// try log.sync()
/// try log.close()
/// ```
///
/// The writer holds only a descriptor number and options: it is a `Sendable` value. It never
/// closes the descriptor by itself; call `close()` when you are done with one it opened (or
/// that you hand over to it). Frames from concurrent writers on one descriptor may interleave
/// on pipes and sockets for payloads above `PIPE_BUF`; serialize writes to share a stream.
/// Writing to a pipe or socket whose reader has gone raises `SIGPIPE` unless it is ignored
/// (then `write(_:)` throws `.io` with `EPIPE`).
public struct ArchiveStreamWriter: Sendable {
    /// The file descriptor frames are written to.
    public let fileDescriptor: Int32
    /// The encoder that turns each value into a frame's payload.
    public var encoder: ArchiveEncoder

    /// The size of a frame header: a 4-byte little-endian payload length.
    public static let headerSize = 4

    /// Creates a writer on an open file descriptor, which it does not close.
    public init(fileDescriptor: Int32, encoder: ArchiveEncoder = ArchiveEncoder()) {
        self.fileDescriptor = fileDescriptor
        self.encoder = encoder
    }

    /// Opens (creating it if needed, mode 0644) a log file for appending (`O_APPEND`): every
    /// frame goes at the end of the file whatever else writes to it. Call `close()` when done.
    ///
    /// - Throws: `ArchiveStreamError` of kind `.io` if the file cannot be opened.
    public init(appendingToFileAtPath path: String, encoder: ArchiveEncoder = ArchiveEncoder()) throws {
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw FileDescriptorIO.ioError("open \(path)", errno, at: nil) }
        self.init(fileDescriptor: fd, encoder: encoder)
    }

    /// Encodes `value` and writes it as one frame.
    ///
    /// The frame is written whole or the call throws; on a throw part of it may have reached
    /// the descriptor (a reader then reports a truncated frame or loses sync, so a stream that
    /// failed mid-write should be closed; a log truncated back to its last complete frame).
    ///
    /// - Throws: `EncodingError` if `value` cannot be encoded; `ArchiveStreamError` of kind
    ///   `.messageTooLarge` if the archive is 4 GiB or more, `.io` if `write` fails.
    public func write<T: Encodable>(_ value: T) throws {
        // Framed straight from the encoder's own buffer: no `Data` per message.
        try encoder.withArchive(of: value) { try writeFrame(bytes: $0) }
    }

    /// Writes `payload` (a complete archive, as `ArchiveEncoder.encode` returns) as one frame.
    ///
    /// - Throws: `ArchiveStreamError` of kind `.emptyFrame` if `payload` is empty,
    ///   `.messageTooLarge` if it is 4 GiB or more, `.io` if `write` fails.
    public func writeFrame(_ payload: Data) throws {
        try payload.withUnsafeBytes { try writeFrame(bytes: $0) }
    }

    /// `writeFrame(_:)` for a payload in memory the caller owns.
    private func writeFrame(bytes payload: UnsafeRawBufferPointer) throws {
        try ArchiveFraming.checkPayloadToWrite(count: payload.count)
        var frame = ByteWriter(capacity: Self.headerSize + payload.count)
        frame.appendLittleEndian(UInt32(payload.count))
        frame.append(payload)
        try FileDescriptorIO.writeAll(fileDescriptor, frame.bytes)
    }

    /// Flushes the file's written frames to stable storage (`fsync`), so that they survive a
    /// power loss, not just a crash of this process. Not meaningful for pipes and sockets.
    ///
    /// - Throws: `ArchiveStreamError` of kind `.io` if `fsync` fails.
    public func sync() throws {
        while fsync(fileDescriptor) != 0 {
            let code = errno
            if code == EINTR { continue }
            throw FileDescriptorIO.ioError("fsync", code, at: nil)
        }
    }

    /// Closes the file descriptor. The writer must not be used afterwards.
    ///
    /// - Throws: `ArchiveStreamError` of kind `.io` if `close` reports an error (the descriptor
    ///   is released anyway; an error can mean earlier writes were lost).
    public func close() throws {
        guard systemClose(fileDescriptor) == 0 else {
            throw FileDescriptorIO.ioError("close", errno, at: nil)
        }
    }
}

/// `close(2)`, out of reach of the `close()` methods' name.
func systemClose(_ fd: Int32) -> Int32 {
    #if canImport(Glibc)
    return Glibc.close(fd)
    #else
    return Darwin.close(fd)
    #endif
}
