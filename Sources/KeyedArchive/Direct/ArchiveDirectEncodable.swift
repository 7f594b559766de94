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
    ///
    /// Generic over the writer, which the library picks once per value (a message's, or the
    /// general path's), so the compiled code asks no question about the path per field.
    static func _archiveEncode<Writer: ArchiveWriter>(_ value: Self, to encoder: inout Writer) throws

    /// `_archiveEncode` with the message writer: what the library calls to write a message.
    ///
    /// Generated code implements it in the type's own module as a call of `_archiveEncode`, so
    /// that the compiler there specializes `_archiveEncode` for the message writer and inlines
    /// its per-field writes; the library, which cannot specialize code of another module, would
    /// otherwise run the generic code, one witness call per field. The default does the same
    /// unspecialized.
    static func _archiveEncodeMessage(_ value: Self, to encoder: inout ArchiveMessageEncoder) throws

    /// Whether `_archiveEncode` writes what `encode(to:)` writes; `false` sends `ArchiveEncoder`
    /// down the `encode(to:)` path for this type. `true` unless the generated code finds, once per
    /// type, that it lists the keys in another order than the compiled `CodingKeys` declares them
    /// (a `CodingKeys` declared in an extension, which the macro cannot see).
    static var _archiveCanEncode: Bool { get }
}

extension ArchiveDirectEncodable {
    /// Writes `value` through the generic `_archiveEncode`.
    public static func _archiveEncodeMessage(_ value: Self, to encoder: inout ArchiveMessageEncoder) throws {
        try _archiveEncode(value, to: &encoder)
    }

    /// Generated code written for the type's own `CodingKeys` writes what `encode(to:)` writes.
    public static var _archiveCanEncode: Bool { true }
}
