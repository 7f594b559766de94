/// What went wrong while reading or writing a stream of framed archives.
///
/// `ArchiveStreamReader` and `ArchiveStreamWriter` throw this for problems with the *framing*
/// or the file descriptor; a frame whose payload is not a valid archive (or does not match the
/// requested type) throws the decoder's `DecodingError` instead. Like `ArchiveFormatError`, it
/// is a struct wrapping a kind, so new kinds can be added without breaking your code.
///
/// ```swift
/// do {
///     while let record = try reader.next(Record.self) { apply(record) }
/// } catch let error as ArchiveStreamError where error.kind == .truncatedFrame {
///     // A torn tail: every record before `error.offset` was complete. (The offset is nil
///     // only where `Int` cannot hold it: then leave the log as it is.)
///     guard let offset = error.offset else { throw error }
///     ftruncate(fd, off_t(offset))
/// }
/// ```
///
/// See `Spec/STREAMS.md` for the frame layout.
public struct ArchiveStreamError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The category of a stream problem.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        fileprivate let raw: String
        /// The stream ended inside a frame (its 4-byte header or its payload): the last frame
        /// was cut short, e.g. by a crash mid-append or a peer that died mid-write.
        public static let truncatedFrame = Kind(raw: "truncated last frame")
        /// A frame header declares a payload longer than the reader's `maximumMessageSize`
        /// (or a payload is too long for the 32-bit length of a frame header).
        public static let messageTooLarge = Kind(raw: "message too large")
        /// A frame header declares a payload of length 0, which the framing forbids.
        public static let emptyFrame = Kind(raw: "empty frame")
        /// A `read`, `write`, `fsync`, `open` or `close` call failed; `errorNumber` says why.
        public static let io = Kind(raw: "I/O error")

        /// The kind's name as it appears in messages, such as `"truncated last frame"`.
        public var description: String { raw }
    }

    /// The category of the problem.
    public let kind: Kind
    /// The byte offset in the stream (counted from where the reader started, usually the start
    /// of the file or pipe) of the frame concerned: for `.truncatedFrame` the start of the torn
    /// frame, where a log should be truncated; for `.io` while reading, where the failed read
    /// was. `nil` when there is no stream position (writes), and where `Int` cannot hold the
    /// position (past 2 GiB of stream where `Int` is 32 bits, or a reader created within a few
    /// bytes of `Int64.max`): never a wrong offset, so a log is never truncated in the wrong
    /// place. The `reason` names the offset whenever it is known.
    public let offset: Int?
    /// For `.truncatedFrame`, how many bytes were missing: exact when the header was complete,
    /// a lower bound (the missing header bytes) when the header itself was cut.
    public let missingByteCount: Int?
    /// For `.io`, the `errno` of the failed call.
    public let errorNumber: Int32?
    /// A precise, human-readable reason.
    public let reason: String

    /// Creates a stream error; the readers and writers make these, tests and tools may too.
    public init(_ kind: Kind, at offset: Int?, missingByteCount: Int? = nil, errorNumber: Int32? = nil, _ reason: String) {
        self.kind = kind
        self.offset = offset
        self.missingByteCount = missingByteCount
        self.errorNumber = errorNumber
        self.reason = reason
    }

    /// The kind, the offset when known, and the reason: `"empty frame at offset 12: …"`.
    public var description: String {
        if let offset { return "\(kind) at offset \(offset): \(reason)" }
        return "\(kind): \(reason)"
    }
}
