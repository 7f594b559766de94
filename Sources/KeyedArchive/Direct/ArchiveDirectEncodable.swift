/// A type whose values `ArchiveEncoder` writes through code generated for it, without
/// `encode(to:)`: no `Encoder`, no container boxes, keys worked out once per type.
///
/// The bytes are exactly those `encode(to:)` with the type's synthesized conformance writes, so
/// archives do not depend on which path wrote them. `ArchiveEncoder` takes this path wherever it
/// meets a conforming type: at the top level, in arrays, dictionaries and optionals, and inside
/// other `Codable` types; other coders (`JSONEncoder`, ...) keep using `encode(to:)`. An
/// instance of a conforming (final) class goes through the identity and cycle checks first, and
/// an instance of a subclass of a conforming class through its own `encode(to:)`.
///
/// The `@ArchiveCodable` macro (in `KeyedArchiveMacros`) writes the conformance. Its members are
/// for that generated code: written by hand, they must do exactly what the type's `encode(to:)`
/// does, or the two paths give different bytes.
public protocol ArchiveDirectEncodable: Encodable {
    /// Writes `value` into `encoder`, as `value.encode(to:)` would with an archive encoder.
    static func _archiveEncode(_ value: Self, to encoder: inout ArchiveDirectEncoder) throws
}
