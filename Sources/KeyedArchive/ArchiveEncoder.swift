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
/// be used from many tasks at once.
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
    /// and super containers, and for subclasses decoded through a superclass type.
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

    /// Creates an encoder with default options.
    public init() {}

    /// Returns an archive of `value`.
    ///
    /// - Throws: `EncodingError.invalidValue` if the value encodes nothing at the top level,
    ///   nests deeper than `maximumDepth`, contains a cycle (a class instance met again while its
    ///   own `encode(to:)` is running: thrown at the coding path where the cycle closes), or
    ///   throws itself from `encode(to:)`.
    public func encode<T: Encodable>(_ value: T) throws -> Data {
        do {
            return try encode(value, writingEveryOccurrence: false)
        } catch is ObjectGraphPass.MissingFirstOccurrence {
            // A shared instance's first occurrence was dropped (its key written again, say):
            // again, with every occurrence in full, so that some occurrence always remains.
            return try encode(value, writingEveryOccurrence: true)
        }
    }

    private func encode<T: Encodable>(_ value: T, writingEveryOccurrence: Bool) throws -> Data {
        let state = EncodingState(userInfo: userInfo, maximumDepth: maximumDepth, deterministic: deterministic,
                                  preservesObjectIdentity: preservesObjectIdentity)
        state.writesEveryOccurrence = writingEveryOccurrence
        state.usesGeneratedCode = usesGeneratedCode
        // Encoders refer back to the state (pending ones are held by sinks): let go of them
        // however `encode` ends, or neither is ever freed.
        defer { state.releaseEncoders() }
        state.writeHeader()
        let encoder = try state.encodeValue(value, in: state.main, parentPath: .root, component: .none, depth: 1, optionalDepth: 1)
        if let encoder, state.main.pendingSlot === encoder {
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: [], debugDescription: "Top-level \(T.self) did not encode any values."))
        }
        return try state.finish(compression: compression, checksum: checksum)
    }
}
