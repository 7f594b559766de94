@_exported import KeyedArchive

/// Generates direct archive code for a `Codable` struct, enum or final class:
/// `ArchiveEncoder` and `ArchiveDecoder` then write and read its values without `encode(to:)`,
/// `init(from:)`, containers or existentials, with the keys of its `CodingKeys` worked out once.
///
/// ```swift
/// import KeyedArchiveMacros
///
/// @ArchiveCodable
/// struct Point: Codable {
///     var x: Int
///     var y: Int
///     var label: String?
///     var style: Style
/// }
///
/// @ArchiveCodable
/// enum Style: String, Codable { case plain, bold }
/// ```
///
/// The archive is byte for byte the one the type's `Codable` conformance gives, and either
/// path reads the other's archives with the same checks and errors: annotating a type changes
/// its speed, never its bytes. The type keeps its `Codable` conformance for every other coder.
///
/// - A struct must be non-generic and not nested in a generic type, with a synthesized
///   `Codable` conformance (its own `CodingKeys` are fine). Its own `encode(to:)` or
///   `init(from:)`, a property with a property wrapper, a `lazy` property, or stored properties,
///   `CodingKeys` cases or initializers inside `#if` is a compile-time error: generated code would not do what that code does (a `#if`
///   around methods or nested types is fine). Properties bound by a tuple pattern
///   (`var (x, y) = (1, 2)`) are coded one by one, as the compiler codes them. A `CodingKeys`
///   declared in an extension, which the macro cannot see, is checked once per type at run
///   time: if it declares its cases in another order than the stored properties', the type
///   keeps its `Codable` path (same bytes, not faster); if it leaves a property out, the
///   expansion does not compile.
/// - A struct or final class may declare one `var unknownFields = ArchiveUnknownFields()`
///   (any name): it is not an entry (the macro declares `CodingKeys` without it, and a declared
///   `CodingKeys` must leave it out); `ArchiveDecoder` keeps there every entry the type has no
///   key for and `ArchiveEncoder` writes them back where they stood, so an older type re-saving
///   a newer type's archive loses nothing (see `ArchiveUnknownFields`).
/// - A struct or final class describes its archives: `archiveSchema` (`ArchiveSchemaDescribing`)
///   lists its fields, their keys, types, defaults and aliases, for
///   `ArchiveSchema.breakingChanges(from:to:)`.
/// - An enum whose raw type is `String`, `Double`, `Float` or a standard integer type is written
///   as its raw value, as the standard library's `RawRepresentable` coding writes it; a raw
///   value that names no case is the standard library's `dataCorrupted` error. It lists its
///   cases' raw values in the schemas of the types that hold it (`ArchiveSchemaValue`), so that
///   the check reports a case added or removed.
/// - An enum without a raw value (with associated values or not) is written as its synthesized
///   conformance writes it: one entry, keyed by the case's name, holding a keyed container of
///   the case's associated values under their labels (`_0`, `_1`… for unlabeled ones). A
///   container with no case or more than one is the synthesized `typeMismatch`.
/// - A final class is written as a struct with the same properties would be; its instances go
///   through the coders' identity and cycle checks first. The decoding initializer is added to
///   its body. A final class may have a superclass (not `Codable`, with an `init()` the
///   decoding initializer calls implicitly, as the synthesized `init(from:)` does) or app
///   protocols: if it declares a designated initializer, it has generated code as any other; if
///   it declares none, it inherits its superclass's initializers, which the initializer the
///   macro adds would take away, so a `Decodable` one keeps its `Codable` path, and
///   `@ArchiveAlias`, `defaultsForMissingKeys: true` and `ArchiveUnknownFields` on it are a
///   compile-time error saying to declare its designated initializers. A protocol's or a
///   superclass's own `encode(to:)` or `init(from:)`, which the macro cannot see, is bypassed:
///   do not annotate such a class.
/// - An enum that declares its own `CodingKeys` or `<Case>CodingKeys`, and an enum whose raw
///   type is none of those above (a type alias, say), are accepted and keep their `Codable`
///   path, with the same bytes. A class that is not `final`, an actor, a protocol, an
///   `@Observable` class and a type nested in a generic type are compile-time errors; a local
///   type cannot take the attribute (Swift refuses extension macros on local types).
@attached(member, names: named(init(_archiveFrom:)), named(init), named(init(from:)), named(CodingKeys))
@attached(
    extension,
    conformances: ArchiveDirectEncodable, ArchiveDirectDecodable, ArchiveSchemaDescribing, ArchiveSchemaValue,
    names: named(_archiveKeys), named(_archiveAliasKeys), named(_archiveCaseKeys), named(_archiveEncode), named(_archiveDecode), named(_archiveEncodeMessage), named(_archiveDecodeMessage), named(_archiveCanEncode), named(_archiveCanDecode), named(_archiveTypeSchema), named(_archiveValueType), named(init(_archiveFrom:)), named(init(from:))
)
public macro ArchiveCodable() = #externalMacro(module: "KeyedArchiveMacrosPlugin", type: "ArchiveCodableMacro")

/// `@ArchiveCodable`, with a stored property's initial value as what a missing key decodes as
/// (`defaultsForMissingKeys: true`), so that a property added in a later version of a type
/// still reads the archives of earlier ones:
///
/// ```swift
/// @ArchiveCodable(defaultsForMissingKeys: true)
/// struct Settings: Codable {
///     var theme: String
///     var fontSize = 14          // added in version 2: 14 when an archive has no fontSize
/// }
/// ```
///
/// The macro then also writes the type's `init(from:)`, which reads as the synthesized one
/// does except for those keys, so `JSONDecoder` and `PropertyListDecoder` apply the same
/// defaults as `ArchiveDecoder`. A key that is present is decoded as always: a value of the
/// wrong type is still an error. A property without an initial value is required as before.
/// An optional property is `nil` when its key is missing, as before, whatever its initial
/// value: the synthesized `encode(to:)` writes a `nil` by leaving the key out, so a default
/// would turn every `nil` into it. Encoding does not change: annotating a type still changes
/// its speed, never its bytes. Structs and final classes only: on an enum, which has no stored
/// properties to default, `defaultsForMissingKeys: true` is a compile-time error.
///
/// Opt-in per type, rather than on by default: it replaces the synthesized `init(from:)`,
/// whose `keyNotFound` a type may rely on, and a type's defaults are best decided together.
/// `defaultsForMissingKeys: false` is plain `@ArchiveCodable`.
@attached(member, names: named(init(_archiveFrom:)), named(init), named(init(from:)), named(CodingKeys))
@attached(
    extension,
    conformances: ArchiveDirectEncodable, ArchiveDirectDecodable, ArchiveSchemaDescribing, ArchiveSchemaValue,
    names: named(_archiveKeys), named(_archiveAliasKeys), named(_archiveCaseKeys), named(_archiveEncode), named(_archiveDecode), named(_archiveEncodeMessage), named(_archiveDecodeMessage), named(_archiveCanEncode), named(_archiveCanDecode), named(_archiveTypeSchema), named(_archiveValueType), named(init(_archiveFrom:)), named(init(from:))
)
public macro ArchiveCodable(defaultsForMissingKeys: Bool) = #externalMacro(module: "KeyedArchiveMacrosPlugin", type: "ArchiveCodableMacro")

/// Names a property of an `@ArchiveCodable` type had in earlier versions: decoding reads the
/// first of them that the archive holds when the property's own key is absent. Encoding writes
/// the current key only.
///
/// ```swift
/// @ArchiveCodable
/// struct Settings: Codable {
///     @ArchiveAlias("colour") var color: String   // called `colour` in version 1
/// }
/// ```
///
/// The generated `init(from:)` reads the aliases too, so `JSONDecoder` and
/// `PropertyListDecoder` read old archives as `ArchiveDecoder` does. An alias is a string
/// key (a property whose key is an integer keeps its key when it is renamed). With
/// `defaultsForMissingKeys`, a property absent under its key and every alias takes its
/// initial value. Only `@ArchiveCodable` reads the attribute, on a property that is decoded:
/// elsewhere it is an error, and so it is on a static or computed property, a `let` with an
/// initial value, a property that `CodingKeys` leaves out, and the `ArchiveUnknownFields`
/// property.
@attached(peer)
public macro ArchiveAlias(_ names: String...) = #externalMacro(module: "KeyedArchiveMacrosPlugin", type: "ArchiveAliasMacro")
