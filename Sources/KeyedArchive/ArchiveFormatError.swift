/// What is wrong with the bytes of an archive.
///
/// `ArchiveDecoder` reports format problems as `DecodingError.dataCorrupted` (or `typeMismatch`)
/// whose `underlyingError` is an `ArchiveFormatError`: the Codable path says *where in your
/// model* the problem is, this says *where in the bytes* and why. It is a struct wrapping a
/// private kind, so new kinds can be added without breaking your code.
///
/// ```swift
/// do {
///     _ = try ArchiveDecoder().decode(Settings.self, from: bytes)
/// } catch let DecodingError.dataCorrupted(context) {
///     if let format = context.underlyingError as? ArchiveFormatError, format.kind == .truncated {
///         print("archive cut short at byte \(format.offset ?? -1)")
///     }
/// }
/// ```
public struct ArchiveFormatError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The category of a format problem.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        fileprivate let raw: String
        /// The input ends before a value, length or header is complete.
        public static let truncated = Kind(raw: "truncated")
        /// The bytes break a rule of the format (bad tag, overlong varint, length past its container…).
        public static let malformed = Kind(raw: "malformed")
        /// The input does not start with the archive magic bytes.
        public static let notAnArchive = Kind(raw: "not an archive")
        /// The header names a format version this decoder does not know.
        public static let unsupportedVersion = Kind(raw: "unsupported version")
        /// The header sets a flag this decoder does not know.
        public static let unsupportedFlags = Kind(raw: "unsupported flags")
        /// A string is not valid UTF-8.
        public static let invalidUTF8 = Kind(raw: "invalid UTF-8")
        /// A decoder limit (depth, inflated size, count) was exceeded.
        public static let limitExceeded = Kind(raw: "limit exceeded")
        /// The compressed body could not be inflated.
        public static let compression = Kind(raw: "compression")
        /// The archive's CRC-32 does not match its bytes: it was corrupted or cut short.
        public static let checksumMismatch = Kind(raw: "checksum mismatch")

        /// The kind's name as it appears in messages, such as `"truncated"`.
        public var description: String { raw }
    }

    /// The category of the problem.
    public let kind: Kind
    /// The byte offset in the (inflated) archive where the problem was found, when known.
    public let offset: Int?
    /// A precise, human-readable reason.
    public let reason: String

    /// Creates a format error; the decoder makes these, tests and tools may too.
    public init(_ kind: Kind, at offset: Int?, _ reason: String) {
        self.kind = kind
        self.offset = offset
        self.reason = reason
    }

    /// The kind, the offset when known, and the reason: `"truncated at offset 7: …"`.
    public var description: String {
        if let offset { return "\(kind) at offset \(offset): \(reason)" }
        return "\(kind): \(reason)"
    }
}
