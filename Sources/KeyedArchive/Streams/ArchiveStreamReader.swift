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
import Dispatch

/// Reads a stream of framed archives from a file descriptor: a pipe, a socket, or a log file
/// written by `ArchiveStreamWriter`.
///
/// ```swift
/// var reader = ArchiveStreamReader(fileDescriptor: pipeReadEnd)
/// while let message = try reader.next(Message.self) {   // nil: clean end of stream
///     handle(message)
/// }
/// // or, without blocking the task's thread:
/// for try await message in reader.values(of: Message.self) { handle(message) }
/// ```
///
/// Reads loop over partial reads and `EINTR`, so frames may arrive in pieces of any size. The
/// reader distinguishes a *clean end* (end of file exactly at a frame boundary: `next` returns
/// `nil`) from a *truncated last frame* (end of file inside a header or payload: `next` throws
/// `ArchiveStreamError` of kind `.truncatedFrame` with the frame's offset). A header that
/// declares more than `maximumMessageSize` bytes throws `.messageTooLarge` before anything is
/// allocated for it. See `Spec/STREAMS.md`.
///
/// The reader is a `Sendable` value holding a descriptor number, options and its position
/// (`offset`). Copies share the descriptor but each counts its own position: read a stream
/// through one copy. The descriptor must be in blocking mode; the reader never closes it
/// unless you call `close()`.
public struct ArchiveStreamReader: Sendable {
    /// The file descriptor frames are read from.
    public let fileDescriptor: Int32
    /// The decoder that decodes each frame's payload.
    public var decoder: ArchiveDecoder
    /// The longest payload accepted; a header declaring more throws `.messageTooLarge` before
    /// the payload is allocated or read. Default: the decoder's `limits.maximumMessageSize`
    /// (64 MiB unless changed).
    public var maximumMessageSize: Int
    /// The stream offset of the next frame: bytes consumed so far, plus the offset the reader
    /// was created with.
    ///
    /// Where `Int` cannot hold the position (past 2 GiB of stream where `Int` is 32 bits, or
    /// a reader created within a few bytes of `Int64.max`) this is `Int.max`, and errors carry
    /// no `offset` (`nil`) rather than a wrong one; their reasons still name the offset.
    public var offset: Int { ArchiveFraming.reported(position) ?? .max }
    /// The stream position of the next frame, counted in `Int64` whatever `Int`'s width.
    private var position: Int64

    /// The default `maximumMessageSize`: `ArchiveDecoder.Limits().maximumMessageSize`, 64 MiB.
    public static let defaultMaximumMessageSize = ArchiveDecoder.Limits().maximumMessageSize

    /// Creates a reader on an open file descriptor, which it does not close.
    ///
    /// - Parameters:
    ///   - fileDescriptor: an open descriptor in blocking mode, such as a pipe's read end.
    ///   - decoder: the decoder for each frame's payload, with its limits and `userInfo`.
    ///   - maximumMessageSize: the longest payload accepted; `nil` (the default) takes
    ///     `decoder.limits.maximumMessageSize`.
    ///   - offset: the stream offset of the descriptor's current position, used in errors and
    ///     `offset` (0 for a fresh pipe or a file read from its start).
    public init(fileDescriptor: Int32, decoder: ArchiveDecoder = ArchiveDecoder(),
                maximumMessageSize: Int? = nil, offset: Int = 0) {
        self.fileDescriptor = fileDescriptor
        self.decoder = decoder
        self.maximumMessageSize = maximumMessageSize ?? decoder.limits.maximumMessageSize
        self.position = Int64(offset)
    }

    /// Opens a file (a log) for reading from its start. Call `close()` when done.
    ///
    /// - Throws: `ArchiveStreamError` of kind `.io` if the file cannot be opened.
    public init(readingFileAtPath path: String, decoder: ArchiveDecoder = ArchiveDecoder(),
                maximumMessageSize: Int? = nil) throws {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw FileDescriptorIO.ioError("open \(path)", errno, at: nil) }
        self.init(fileDescriptor: fd, decoder: decoder, maximumMessageSize: maximumMessageSize)
    }

    /// Reads the next frame and decodes its payload as `type`; blocks until a whole frame or
    /// the end of the stream arrives.
    ///
    /// After a `DecodingError` the frame has been consumed and the next call reads the next
    /// frame; after an `ArchiveStreamError` the stream is out of sync and should not be read on.
    ///
    /// - Returns: the value, or `nil` at a clean end of stream (end of file at a frame boundary).
    /// - Throws: `ArchiveStreamError` (`.truncatedFrame`, `.messageTooLarge`, `.emptyFrame`,
    ///   `.io`) for framing and I/O problems; the decoder's `DecodingError` if the payload is
    ///   not a valid archive of `type`.
    public mutating func next<T: Decodable>(_ type: T.Type) throws -> T? {
        guard let payload = try nextFrame() else { return nil }
        return try decoder.decode(type, from: payload)
    }

    /// Reads the next frame and returns its payload undecoded (an archive, as written).
    ///
    /// - Returns: the payload, or `nil` at a clean end of stream.
    /// - Throws: `ArchiveStreamError` as `next(_:)`.
    public mutating func nextFrame() throws(ArchiveStreamError) -> [UInt8]? {
        let start = position
        var header: UInt32 = 0
        let headerSize = ArchiveStreamWriter.headerSize
        let got = try withUnsafeMutableBytes(of: &header) { buffer throws(ArchiveStreamError) in
            try FileDescriptorIO.readFully(fileDescriptor, into: buffer, offset: start)
        }
        if got == 0 { return nil }
        guard got == headerSize else {
            position = ArchiveFraming.position(start, advancedBy: got)
            throw ArchiveFraming.truncatedHeader(at: start, bytesRead: got)
        }
        let length: Int
        do throws(ArchiveStreamError) {
            length = try ArchiveFraming.checkDeclaredLength(UInt32(littleEndian: header), maximum: maximumMessageSize, at: start)
        } catch {
            position = ArchiveFraming.position(start, advancedBy: got)
            throw error
        }
        let payloadStart = ArchiveFraming.position(start, advancedBy: headerSize)
        var read = 0
        let payload = try [UInt8](unsafeUninitializedCapacity: length) { buffer, initialized throws(ArchiveStreamError) in
            defer { initialized = read }   // bytes past `read` are never exposed
            read = try FileDescriptorIO.readFully(fileDescriptor, into: UnsafeMutableRawBufferPointer(buffer), offset: payloadStart)
        }
        position = ArchiveFraming.position(payloadStart, advancedBy: read)
        guard read == length else {
            throw ArchiveFraming.truncatedPayload(at: start, declared: length, bytesRead: read)
        }
        return payload
    }

    /// The values of the stream, decoded as `type`, as an `AsyncSequence` that ends at a clean
    /// end of stream and throws what `next(_:)` throws.
    ///
    /// Each blocking read runs on a dedicated serial dispatch queue, not on the task's thread,
    /// so waiting for a slow peer does not occupy the cooperative thread pool. A read already
    /// waiting cannot be cancelled: close the stream's other end to end it. Iterate once; the
    /// sequence reads through a copy of this reader, whose `offset` does not advance.
    public func values<T: Decodable & Sendable>(of type: T.Type) -> ArchiveStreamValues<T> {
        ArchiveStreamValues(reader: self)
    }

    /// Closes the file descriptor. The reader must not be used afterwards.
    ///
    /// - Throws: `ArchiveStreamError` of kind `.io` if `close` fails.
    public func close() throws {
        guard systemClose(fileDescriptor) == 0 else {
            throw FileDescriptorIO.ioError("close", errno, at: nil)
        }
    }

    /// Reads a log file from its start: every complete record, and the torn tail if the last
    /// frame was cut short (by a crash mid-append).
    ///
    /// To repair the log, truncate the file to `tornTail.offset` before appending again (it is
    /// `nil` only where `Int` cannot hold it, past 2 GiB of log where `Int` is 32 bits).
    ///
    /// - Returns: the records in order, and the `.truncatedFrame` error of a torn tail, or
    ///   `nil` if the file ends at a frame boundary.
    /// - Throws: `ArchiveStreamError` of kind `.io` if the file cannot be read,
    ///   `.messageTooLarge` or `.emptyFrame` for a corrupt header, and `DecodingError` for a
    ///   complete frame that does not decode (with a checksummed encoder, a corrupted record).
    public static func readAll<T: Decodable>(_ type: T.Type, fromFileAtPath path: String,
                                             decoder: ArchiveDecoder = ArchiveDecoder(),
                                             maximumMessageSize: Int? = nil)
        throws -> (records: [T], tornTail: ArchiveStreamError?) {
        var reader = try ArchiveStreamReader(readingFileAtPath: path, decoder: decoder, maximumMessageSize: maximumMessageSize)
        defer { _ = systemClose(reader.fileDescriptor) }
        var records: [T] = []
        do {
            while let record = try reader.next(type) { records.append(record) }
        } catch let error as ArchiveStreamError where error.kind == .truncatedFrame {
            return (records, error)
        }
        return (records, nil)
    }
}

/// The decoded values of a stream, from `ArchiveStreamReader.values(of:)`.
///
/// Ends at a clean end of stream; throws `ArchiveStreamError` or `DecodingError` as
/// `ArchiveStreamReader.next(_:)`, after which it ends.
public struct ArchiveStreamValues<Element: Decodable & Sendable>: AsyncSequence, Sendable {
    fileprivate let reader: ArchiveStreamReader

    /// Makes an iterator that reads through its own copy of the reader.
    public func makeAsyncIterator() -> Iterator {
        Iterator(reader: reader)
    }

    /// Reads one frame per `next()` on a serial dispatch queue of its own.
    public struct Iterator: AsyncIteratorProtocol, Sendable {
        private var reader: ArchiveStreamReader?
        private let queue = DispatchQueue(label: "KeyedArchive.ArchiveStreamValues")

        fileprivate init(reader: ArchiveStreamReader) { self.reader = reader }

        /// The next value, or `nil` once the stream has ended or thrown.
        ///
        /// - Throws: as `ArchiveStreamReader.next(_:)`.
        public mutating func next() async throws -> Element? {
            guard let current = reader else { return nil }
            reader = nil   // ended unless the read succeeds
            let queue = self.queue
            let (value, advanced): (Element?, ArchiveStreamReader) = try await withCheckedThrowingContinuation { continuation in
                queue.async {
                    var copy = current
                    do {
                        let value = try copy.next(Element.self)
                        continuation.resume(returning: (value, copy))
                    } catch {
                        continuation.resume(throwing: error)
                    }
                }
            }
            if value != nil { reader = advanced }
            return value
        }
    }
}
