#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Encodes `Encodable` values as KeyedArchive binary archives.
///
/// ```swift
/// var encoder = ArchiveEncoder()
/// encoder.compression = .zlib
/// let data = try encoder.encode(settings)
/// ```
///
/// Keys with an integer form (`enum CodingKeys: Int, CodingKey`) are written as small integers;
/// other keys are written once into an archive-wide key table and referenced by index. Scalars
/// keep their exact value (floats bit for bit), `Data`, `Date`, `UUID` and `URL` have compact
/// native forms, and arrays of fixed-width numbers are written as one packed block.
/// See `Spec/FORMAT.md` for the byte layout.
///
/// Containers may be filled in any order, as with Foundation's coders; the few misuses that
/// stop the process (two kinds of container from one encoder, a second single value) are the
/// ones Foundation stops on too. <doc:MigratingFromJSONEncoder> lists them and the details of
/// out-of-order writes.
///
/// An `ArchiveEncoder` holds only options: it is a value type, `Sendable`, and one instance can
/// be used from many tasks at once. What a call works with (buffers, the key table, what it has
/// learned about the types it met) is kept between calls, one set per thread, so that a small
/// message costs little more than its bytes; a thread keeps at most one, of a small archive's
/// size, and lets go of it when it exits.
public struct ArchiveEncoder: Sendable {
    /// Whether and how to compress the archive body. Default: `.none`.
    public var compression: ArchiveCompression = .none

    /// Whether the archive ends with a CRC-32 that the decoder verifies. Default: `.none`.
    public var checksum: ArchiveChecksum = .none

    /// Values passed to every `Encoder` in `encode(to:)` implementations, nested ones included.
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    /// The deepest nesting of values the encoder accepts before throwing
    /// `EncodingError.invalidValue`. Default: 512, as `JSONDecoder`'s limit; decoders reject
    /// deeper archives by default, so raising it here only helps if readers raise theirs.
    public var maximumDepth: Int = 512

    /// Whether equal values always give identical bytes. Default: `false`.
    ///
    /// When `true`, the entries of every keyed container — a `[String: V]` or `[Int: V]`
    /// dictionary, whose iteration order depends on the process's hash seed, as well as a
    /// struct's or class's fields — are written in one defined order: integer keys ascending,
    /// then string keys by their UTF-8 bytes; the key table follows from that order. The same
    /// value then gives the same archive in every process, run and thread, with or without
    /// compression and checksum, which content hashes, caches, change detection and snapshot
    /// tests need. `JSONEncoder`'s `.sortedKeys` plays this part for JSON.
    ///
    /// It costs a second pass over the archive, as out-of-order writes do (see
    /// <doc:PersistingAppState> for the measured cost). Decoders accept either order, so
    /// archives written with and without it are read the same way. What it cannot reorder are
    /// unkeyed containers whose element order comes from hashing: a `Set`, or a dictionary whose
    /// keys are neither `String` nor `Int` (Codable writes those as an array of pairs).
    public var deterministic: Bool = false

    /// Whether a class instance met more than once is written once and shared. Default: `false`.
    ///
    /// Codable has no notion of identity: with every Codable coder, JSON included, an instance
    /// referenced from ten places is written ten times and decoded as ten separate objects. When
    /// this is `true`, the first occurrence of an instance (`===`) in the archive is written in
    /// full and every later one as a small reference to it, and `ArchiveDecoder` (which needs no
    /// setting) gives back one instance for all of them: the decoded graph has exactly the
    /// `===` relationships of the encoded one, across arrays, dictionaries, optionals, nested
    /// and super containers, and for subclasses decoded through a superclass type. Each
    /// instance's `encode(to:)` runs once, however often the instance occurs.
    ///
    /// An archive in which no instance occurs twice is the same as without the option. One that
    /// shares instances sets header flag bit 2 (`Spec/FORMAT.md` §9.5), which readers older
    /// than this extension refuse cleanly. It costs a pass over the finished archive (see
    /// <doc:PersistingAppState> for the measured cost). Cycles cannot be archived either way: an
    /// instance met again inside its own `encode(to:)` throws `EncodingError.invalidValue`.
    public var preservesObjectIdentity: Bool = false

    /// Whether values of `ArchiveDirectEncodable` types are written through their generated
    /// code (the default) or through `encode(to:)`: the tests compare the two paths' bytes.
    var usesGeneratedCode = true
    /// Whether a value with generated code is first tried as a message
    /// (`Direct/MessageWriting.swift`): the tests compare message mode with the general path.
    var writesMessages = true

    /// Creates an encoder with default options.
    public init() {}

    /// Returns an archive of `value`.
    ///
    /// - Throws: `EncodingError.invalidValue` if the value encodes nothing at the top level,
    ///   nests deeper than `maximumDepth`, contains a cycle (a class instance met again while its
    ///   own `encode(to:)` is running: thrown at the coding path where the cycle closes), or
    ///   throws itself from `encode(to:)`.
    public func encode<T: Encodable>(_ value: T) throws -> Data {
        try withFinishedArchive(of: value) { state, archive in state.data(of: archive) }
    }

    /// Appends an archive of `value` to `buffer` and returns its size in bytes.
    ///
    /// The archive is the one `encode(_:)` returns, without a `Data` made for it: a program that
    /// sends many messages can keep one buffer, empty it with `removeAll(keepingCapacity: true)`
    /// before each, and encode without allocating. If encoding throws, `buffer` is unchanged.
    ///
    /// - Throws: as `encode(_:)`.
    @discardableResult
    public func encode<T: Encodable>(_ value: T, into buffer: inout [UInt8]) throws -> Int {
        try withArchive(of: value) { bytes in
            buffer.append(contentsOf: bytes)
            return bytes.count
        }
    }

    /// Appends an archive of `value` to `data` and returns its size in bytes.
    ///
    /// As `encode(_:into:)` for a byte array: the archive of `encode(_:)`, appended to storage
    /// the caller keeps. If encoding throws, `data` is unchanged.
    ///
    /// - Throws: as `encode(_:)`.
    @discardableResult
    public func encode<T: Encodable>(_ value: T, into data: inout Data) throws -> Int {
        try withArchive(of: value) { bytes in
            data.append(bytes.assumingMemoryBound(to: UInt8.self))
            return bytes.count
        }
    }

    /// Calls `body` with an archive of `value` and returns what it returns.
    ///
    /// The bytes are the archive `encode(_:)` returns, in memory the encoder keeps for its next
    /// call on this thread: no `Data` is made for them. Copy what you need before `body` returns
    /// (a SwiftNIO `ByteBuffer`'s `writeBytes`, a socket's `write`); the pointer is not valid
    /// afterwards. This is how `KeyedArchiveNIO` and `KeyedArchiveGRPC` write messages.
    ///
    /// - Throws: as `encode(_:)`, and whatever `body` throws.
    public func withArchive<T: Encodable, Result>(of value: T, _ body: (UnsafeRawBufferPointer) throws -> Result) throws -> Result {
        try withFinishedArchive(of: value) { state, archive in try state.withBytes(of: archive, body) }
    }

    /// `body` applied to an archive of `value`, finished in an encoding state (this thread's
    /// spare, given back afterwards).
    func withFinishedArchive<T: Encodable, Result>(
        of value: T, _ body: (EncodingState, consuming FinishedArchive) throws -> Result
    ) throws -> Result {
        var state = EncodingState.make(userInfo: userInfo, maximumDepth: maximumDepth, deterministic: deterministic,
                                       preservesObjectIdentity: preservesObjectIdentity, usesGeneratedCode: usesGeneratedCode)
        defer { EncodingState.recycle(&state) }
        // A value with generated code is first written as a message (`Direct/MessageWriting.swift`),
        // which leaves nothing behind if it cannot be.
        if writesMessages, let direct = state.messageType(T.self), state.encodeMessage(value, as: direct) {
            return try body(state, state.finishInMainSink(compression: compression, checksum: checksum))
        }
        state.writeHeader()
        try state.encodeRoot(value)
        return try body(state, try state.finish(compression: compression, checksum: checksum))
    }
}
