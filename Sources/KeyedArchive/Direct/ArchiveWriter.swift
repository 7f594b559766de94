#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// The one writer generated code writes through. `_archiveEncode` is generic over it, so the
// code `@ArchiveCodable` writes does not know, and does not ask, which path it is on: the
// library picks the writer once, where it starts writing a value, and every field of the value
// goes to that writer's methods.
//
// Two writers conform. `ArchiveMessageEncoder` writes a message: each entry straight to the end
// of the archive's bytes. `ArchiveDirectEncoder` writes through the sinks, frames and late writes
// of `encode(to:)`, for a value inside a `Codable` one, under options that rewrite the bytes
// (deterministic order, object identity), or after a message was given up.

/// Where an `ArchiveDirectEncodable` value is written: the writer its generated
/// `_archiveEncode(_:to:)` is given. It opens one keyed container and writes the value's entries
/// into it (a struct, an enum with associated values), or writes one single value (an enum's raw
/// value), or the elements of an array.
///
/// For generated code: the library provides the conforming types, and code outside it uses this
/// protocol only as `_archiveEncode`'s generic constraint (see `STABILITY.md`).
public protocol ArchiveWriter {
    /// The keyed container this writer opens.
    associatedtype KeyedContainer: ArchiveKeyedWriter

    /// The value's keyed container, opened where the value belongs, with the keys `keys`.
    mutating func keyedContainer(_ keys: ArchiveKeySet) -> KeyedContainer

    /// Writes `value` as the whole value.
    mutating func encodeSingleValue(_ value: String) throws
    /// Writes `value` as the whole value.
    mutating func encodeSingleValue(_ value: Double) throws
    /// Writes `value` as the whole value.
    mutating func encodeSingleValue(_ value: Float) throws
    /// Writes `value` as the whole value.
    mutating func encodeSingleValue(_ value: Int) throws
    /// Writes `value` as the whole value.
    mutating func encodeSingleValue(_ value: Int8) throws
    /// Writes `value` as the whole value.
    mutating func encodeSingleValue(_ value: Int16) throws
    /// Writes `value` as the whole value.
    mutating func encodeSingleValue(_ value: Int32) throws
    /// Writes `value` as the whole value.
    mutating func encodeSingleValue(_ value: Int64) throws
    /// Writes `value` as the whole value.
    mutating func encodeSingleValue(_ value: UInt) throws
    /// Writes `value` as the whole value.
    mutating func encodeSingleValue(_ value: UInt8) throws
    /// Writes `value` as the whole value.
    mutating func encodeSingleValue(_ value: UInt16) throws
    /// Writes `value` as the whole value.
    mutating func encodeSingleValue(_ value: UInt32) throws
    /// Writes `value` as the whole value.
    mutating func encodeSingleValue(_ value: UInt64) throws

    /// Writes `elements` as `Array.encode(to:)` does: an unkeyed container of the elements, each
    /// through its generated code.
    mutating func encodeElements<Element: ArchiveDirectEncodable>(_ elements: [Element]) throws
}

/// The keyed container of an `ArchiveWriter`: generated code writes each stored property under
/// its key, named by its position in the type's `ArchiveKeySet`.
///
/// Each method writes what the same call on an archive encoder's `KeyedEncodingContainer`
/// writes: scalars straight into the bytes, other values natively or through their own
/// generated code when they have it, and through `encode(to:)` otherwise.
///
/// An optional is written as the synthesized conformance writes an optional property, with
/// `encodeIfPresent`: `nil` is no entry at all. The overloads for `Optional` do
/// that, so generated code calls `encode(_:at:)` for every property and the compiler, which
/// knows which types are optional (through type aliases too), picks the right one.
public protocol ArchiveKeyedWriter {
    /// Writes an explicit nil under key `key`.
    mutating func encodeNil(at key: Int) throws
    /// Writes `value` under key `key`.
    mutating func encode(_ value: Bool, at key: Int) throws
    /// Writes `value` under key `key`.
    mutating func encode(_ value: String, at key: Int) throws
    /// Writes `value` under key `key`.
    mutating func encode(_ value: Double, at key: Int) throws
    /// Writes `value` under key `key`.
    mutating func encode(_ value: Float, at key: Int) throws
    /// Writes `value` under key `key`.
    mutating func encode(_ value: Int, at key: Int) throws
    /// Writes `value` under key `key`.
    mutating func encode(_ value: Int8, at key: Int) throws
    /// Writes `value` under key `key`.
    mutating func encode(_ value: Int16, at key: Int) throws
    /// Writes `value` under key `key`.
    mutating func encode(_ value: Int32, at key: Int) throws
    /// Writes `value` under key `key`.
    mutating func encode(_ value: Int64, at key: Int) throws
    /// Writes `value` under key `key`.
    mutating func encode(_ value: UInt, at key: Int) throws
    /// Writes `value` under key `key`.
    mutating func encode(_ value: UInt8, at key: Int) throws
    /// Writes `value` under key `key`.
    mutating func encode(_ value: UInt16, at key: Int) throws
    /// Writes `value` under key `key`.
    mutating func encode(_ value: UInt32, at key: Int) throws
    /// Writes `value` under key `key`.
    mutating func encode(_ value: UInt64, at key: Int) throws
    /// Writes `value` under key `key`.
    mutating func encode(_ value: Date, at key: Int) throws
    /// Writes `value` under key `key`.
    mutating func encode(_ value: URL, at key: Int) throws
    /// Writes `value` under key `key`.
    mutating func encode(_ value: UUID, at key: Int) throws
    /// Writes `value` under key `key`.
    mutating func encode(_ value: Data, at key: Int) throws

    /// Writes `value` under key `key`: natively if the format has a form for its type, through
    /// its generated code if it has some, through `encode(to:)` otherwise.
    mutating func encode<T: Encodable>(_ value: T, at key: Int) throws

    /// Writes `value`, which has generated code, under key `key`: straight through that code,
    /// without looking up the type's conformance.
    mutating func encode<T: ArchiveDirectEncodable>(_ value: T, at key: Int) throws

    // The optional overloads are requirements, each implemented by the writer itself: as
    // extension methods, they lose to the requirement taking any `T` at the call, and as
    // requirements with default implementations, the writer's own `encode<T: Encodable>`
    // becomes their witness. Either way `nil` would be written as an entry.
    /// Writes `value` under key `key` unless it is `nil`.
    mutating func encode(_ value: Date?, at key: Int) throws
    /// Writes `value` under key `key` unless it is `nil`.
    mutating func encode(_ value: URL?, at key: Int) throws
    /// Writes `value` under key `key` unless it is `nil`.
    mutating func encode(_ value: UUID?, at key: Int) throws
    /// Writes `value` under key `key` unless it is `nil`.
    mutating func encode(_ value: Data?, at key: Int) throws
    /// Writes `value` under key `key` unless it is `nil`.
    mutating func encode(_ value: Bool?, at key: Int) throws
    /// Writes `value` under key `key` unless it is `nil`.
    mutating func encode(_ value: String?, at key: Int) throws
    /// Writes `value` under key `key` unless it is `nil`.
    mutating func encode(_ value: Double?, at key: Int) throws
    /// Writes `value` under key `key` unless it is `nil`.
    mutating func encode(_ value: Float?, at key: Int) throws
    /// Writes `value` under key `key` unless it is `nil`.
    mutating func encode(_ value: Int?, at key: Int) throws
    /// Writes `value` under key `key` unless it is `nil`.
    mutating func encode(_ value: Int8?, at key: Int) throws
    /// Writes `value` under key `key` unless it is `nil`.
    mutating func encode(_ value: Int16?, at key: Int) throws
    /// Writes `value` under key `key` unless it is `nil`.
    mutating func encode(_ value: Int32?, at key: Int) throws
    /// Writes `value` under key `key` unless it is `nil`.
    mutating func encode(_ value: Int64?, at key: Int) throws
    /// Writes `value` under key `key` unless it is `nil`.
    mutating func encode(_ value: UInt?, at key: Int) throws
    /// Writes `value` under key `key` unless it is `nil`.
    mutating func encode(_ value: UInt8?, at key: Int) throws
    /// Writes `value` under key `key` unless it is `nil`.
    mutating func encode(_ value: UInt16?, at key: Int) throws
    /// Writes `value` under key `key` unless it is `nil`.
    mutating func encode(_ value: UInt32?, at key: Int) throws
    /// Writes `value` under key `key` unless it is `nil`.
    mutating func encode(_ value: UInt64?, at key: Int) throws
    /// Writes `value` under key `key` unless it is `nil` (then there is no entry).
    mutating func encode<T: Encodable>(_ value: T?, at key: Int) throws
    /// Writes `value`, which has generated code, under key `key` unless it is `nil`.
    mutating func encode<T: ArchiveDirectEncodable>(_ value: T?, at key: Int) throws

    /// Writes the unknown entries of `fields` that stood after key `anchor` (−1: before the
    /// first key) in the archive they were read from, back in that place: generated code calls
    /// it before the first property and after each one.
    ///
    /// Fields read by another type (or version) may stand after a key this type does not have:
    /// they are written after the last key, so that every entry is written. An entry whose key
    /// is one of this type's, or an alias of one, is not: the property's value is written, and
    /// two entries for one key would make an archive no decoder reads.
    mutating func encode(_ fields: ArchiveUnknownFields, after anchor: Int) throws

    /// A keyed container nested under key `key`, with the keys `nestedKeys`: what
    /// `nestedContainer(keyedBy:forKey:)` opens, as the synthesized `encode(to:)` of an enum
    /// with associated values opens one for the case it writes. Generated code asks once per
    /// key.
    mutating func nestedContainer(_ nestedKeys: ArchiveKeySet, at key: Int) -> Self
}
