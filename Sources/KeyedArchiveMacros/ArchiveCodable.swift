@_exported import KeyedArchive

/// Generates direct archive code for a `Codable` struct: `ArchiveEncoder` and `ArchiveDecoder`
/// then write and read its values without `encode(to:)`, `init(from:)`, containers or
/// existentials, with the keys of its `CodingKeys` worked out once.
///
/// ```swift
/// import KeyedArchiveMacros
///
/// @ArchiveCodable
/// struct Point: Codable {
///     var x: Int
///     var y: Int
///     var label: String?
/// }
/// ```
///
/// The archive is byte for byte the one the type's `Codable` conformance gives, and either
/// path reads the other's archives with the same checks and errors: annotating a type changes
/// its speed, never its bytes. The type keeps its `Codable` conformance for every other coder.
///
/// The type must be a non-generic struct whose `Codable` conformance is synthesized (its own
/// `CodingKeys` are fine). A type with its own `encode(to:)` or `init(from:)`, a property with
/// a property wrapper, or a `lazy` property is a compile-time error: generated code would not
/// do what that code does.
@attached(
    extension,
    conformances: ArchiveDirectEncodable, ArchiveDirectDecodable,
    names: named(_archiveKeys), named(_archiveEncode), named(_archiveDecode), named(init(_archiveFrom:))
)
public macro ArchiveCodable() = #externalMacro(module: "KeyedArchiveMacrosPlugin", type: "ArchiveCodableMacro")
