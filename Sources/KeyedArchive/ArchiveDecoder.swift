#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Decodes `Decodable` values from KeyedArchive binary archives.
///
/// ```swift
/// let decoder = ArchiveDecoder()
/// let settings = try decoder.decode(Settings.self, from: data)
/// ```
///
/// The decoder reads the archive in place (it does not copy or pre-parse it into a tree),
/// inflates zlib-compressed archives by itself, and treats its input as untrusted: bad bytes
/// throw a `DecodingError` whose `underlyingError` is an `ArchiveFormatError`, never crash, and
/// every length is checked before anything is allocated.
///
/// An `ArchiveDecoder` holds only options: it is a value type, `Sendable`, and one instance can
/// be used from many tasks at once. Like the encoder, it keeps what a call works with for the
/// next call on the same thread; it never keeps the bytes it read.
public struct ArchiveDecoder: Sendable {
    /// Bounds on what a decoder accepts from untrusted input.
    public struct Limits: Hashable, Sendable {
        /// The deepest nesting of values accepted. Default: 512 (as `JSONDecoder`).
        public var maximumDepth: Int = 512
        /// The largest inflated body accepted from a compressed archive, checked before
        /// inflating; and the most bytes the copies of shared objects kept in an archive's
        /// unknown fields may take (``ArchiveUnknownFields``). Default: 256 MiB. A limit above
        /// `Int.max` − 6 acts as that: a larger archive could not be addressed.
        public var maximumInflatedSize: Int = 256 << 20
        /// The most elements an unkeyed container or packed array, or entries a keyed
        /// container, may have. Checked when the container is opened, before its elements are
        /// read: it bounds what a small input can make `init(from:)` allocate (a million
        /// one-byte nils can become a million large optionals). Default: 16,777,216 (2^24).
        public var maximumCollectionCount: Int = 1 << 24
        /// The longest message `ArchiveStreamReader` accepts in one frame, checked against the
        /// frame's length before the payload is allocated or read. Default: 64 MiB.
        public var maximumMessageSize: Int = 64 << 20

        /// The default limits.
        public init() {}
    }

    /// Limits on untrusted input. Exceeding one throws `DecodingError.dataCorrupted` with an
    /// `ArchiveFormatError` of kind `.limitExceeded`.
    public var limits = Limits()

    /// Values passed to every `Decoder` in `init(from:)` implementations, nested ones included.
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    /// Whether a partial read (`decode(_:at:from:)` and the other reads at an `ArchivePath`)
    /// verifies the CRC-32 of an archive written with `ArchiveChecksum.crc32` before it reads
    /// anything (the default, as `decode(_:from:)` always does). Verifying reads every byte of
    /// the archive, so it is the one cost of a partial read that grows with the archive; set this
    /// to `false` to skip it when the bytes are known to be intact (a file this program wrote and
    /// read back whole once). A damaged archive read without its checksum still throws a
    /// `DecodingError` wherever the damage breaks the format, never crashes; but damage that
    /// leaves valid bytes (a changed digit) goes unnoticed.
    public var verifiesChecksumInPartialReads = true

    /// Whether values of `ArchiveDirectDecodable` types are read through their generated code
    /// (the default) or through `init(from:)`: the tests compare the two paths.
    var usesGeneratedCode = true

    /// Whether a value with generated code is first read as a message (`Direct/MessageReading.swift`):
    /// the tests switch it off to compare with the general path.
    var readsMessages = true

    /// Creates a decoder with default options.
    public init() {}

    /// Decodes a value of `type` from an archive.
    ///
    /// - Throws: `DecodingError.dataCorrupted` if the bytes are not a valid archive (with an
    ///   `ArchiveFormatError` as `underlyingError`); `typeMismatch`, `keyNotFound` or
    ///   `valueNotFound` if they do not match `type`; any error `type`'s `init(from:)` throws.
    public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try data.withUnsafeBytes { try decode(type, fromBytes: $0) }
    }

    /// Decodes a value of `type` from an archive held in a byte array.
    ///
    /// - Throws: as `decode(_:from:)` for `Data`.
    public func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        try bytes.withUnsafeBytes { try decode(type, fromBytes: $0) }
    }

    /// Decodes a value of `type` from an archive in memory the caller owns, without copying it
    /// first: for buffers of other libraries (a SwiftNIO `ByteBuffer`'s readable bytes, a
    /// memory-mapped file).
    ///
    /// The bytes are read only during the call; the decoded value does not refer to them.
    ///
    /// - Throws: as `decode(_:from:)` for `Data`.
    public func decode<T: Decodable>(_ type: T.Type, from buffer: UnsafeRawBufferPointer) throws -> T {
        try decode(type, fromBytes: buffer)
    }

    #if compiler(>=6.2)
    /// Decodes a value of `type` from an archive in a span of bytes, without copying it first.
    ///
    /// - Throws: as `decode(_:from:)` for `Data`.
    public func decode<T: Decodable>(_ type: T.Type, from span: RawSpan) throws -> T {
        try span.withUnsafeBytes { try decode(type, fromBytes: $0) }
    }
    #endif

    private func decode<T: Decodable>(_ type: T.Type, fromBytes bytes: UnsafeRawBufferPointer) throws -> T {
        var state: DecodingState
        do throws(ArchiveFormatError) { state = try openState(bytes) } catch { throw DecodingErrors.corrupted(error, path: []) }
        // However `decode` ends: the state goes back to this thread, or, if a container or decoder
        // that `init(from:)` kept (legal, if rare) still refers to it, keeps a copy of the archive
        // rather than a pointer into the caller's buffer.
        defer { DecodingState.recycle(&state) }
        do throws(ArchiveFormatError) {
            try state.load()
        } catch {
            throw DecodingErrors.corrupted(error, path: [])
        }
        return try state.decodeRoot(type, at: state.rootLocation)
    }

    /// A state for the archive in `bytes` with these options, its header read and its payload
    /// inflated if it is compressed; the caller loads it, and recycles it when done.
    @inline(__always)
    func openState(_ bytes: UnsafeRawBufferPointer, verifiesChecksum: Bool = true) throws(ArchiveFormatError) -> DecodingState {
        let archive = try OpenedArchive(bytes, maximumInflatedSize: limits.maximumInflatedSize, verifiesChecksum: verifiesChecksum)
        let (plain, references) = (archive.bytes, ReferenceForm(archiveFlags: archive.flags))
        return DecodingState.make(bytes: plain, owned: archive.takeOwnedBytes(), userInfo: userInfo, limits: limits,
                                  references: references, usesGeneratedCode: usesGeneratedCode, readsMessages: readsMessages)
    }
}
