#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// The one reader generated code reads through, the twin of `ArchiveWriter`. `_archiveDecode` is
// generic over it, so the code `@ArchiveCodable` writes does not know, and does not ask, which
// path it is on: the library picks the reader once, where it starts reading a value
// (`DecodingState.readDirect`), and every field of the value goes to that reader's methods.
//
// Two readers conform. `ArchiveMessageDecoder` reads a message: one cursor per container, each
// read taking the next entry (`MessageReading.swift`). `ArchiveDirectDecoder` reads by the
// general path's lookups, with every check and error of `init(from:)`.
//
// Generated code names no property types: it calls `decode(at:)` and the property it assigns
// picks the overload. A protocol requirement cannot have a default argument, so the
// requirements are the `read` methods, which take the type, and the `decode(at:)` spellings
// are inlined extension methods that pass it on. Being extension methods, they compete only
// with one another, so the `Optional` overloads win for optional properties as they do on a
// concrete type (`ArchiveWriter`'s requirements met the other side of this).

/// Where an `ArchiveDirectDecodable` value is read from: the reader its generated
/// `_archiveDecode(from:)` is given. It opens the value's keyed container and reads the
/// entries (a struct, an enum with associated values), or reads one single value (an enum's
/// raw value), or the elements of an array.
///
/// For generated code: the library provides the conforming types, and code outside it uses this
/// protocol only as `_archiveDecode`'s generic constraint (see `STABILITY.md`).
public protocol ArchiveReader {
    /// The keyed container this reader opens.
    associatedtype KeyedContainer: ArchiveKeyedReader

    /// The value's keyed container, checked as `container(keyedBy:)` checks it.
    func keyedContainer(_ keys: ArchiveKeySet) throws -> KeyedContainer

    /// The whole value, read as a `String`.
    func decodeSingleValue(_ type: String.Type) throws -> String
    /// The whole value, read as a `Double`.
    func decodeSingleValue(_ type: Double.Type) throws -> Double
    /// The whole value, read as a `Float`.
    func decodeSingleValue(_ type: Float.Type) throws -> Float
    /// The whole value, read as a `Int`.
    func decodeSingleValue(_ type: Int.Type) throws -> Int
    /// The whole value, read as a `Int8`.
    func decodeSingleValue(_ type: Int8.Type) throws -> Int8
    /// The whole value, read as a `Int16`.
    func decodeSingleValue(_ type: Int16.Type) throws -> Int16
    /// The whole value, read as a `Int32`.
    func decodeSingleValue(_ type: Int32.Type) throws -> Int32
    /// The whole value, read as a `Int64`.
    func decodeSingleValue(_ type: Int64.Type) throws -> Int64
    /// The whole value, read as a `UInt`.
    func decodeSingleValue(_ type: UInt.Type) throws -> UInt
    /// The whole value, read as a `UInt8`.
    func decodeSingleValue(_ type: UInt8.Type) throws -> UInt8
    /// The whole value, read as a `UInt16`.
    func decodeSingleValue(_ type: UInt16.Type) throws -> UInt16
    /// The whole value, read as a `UInt32`.
    func decodeSingleValue(_ type: UInt32.Type) throws -> UInt32
    /// The whole value, read as a `UInt64`.
    func decodeSingleValue(_ type: UInt64.Type) throws -> UInt64

    /// The error the standard library's `RawRepresentable` decoding throws when `rawValue` names
    /// no case of `type`: the same kind, path and description.
    func invalidRawValue<Raw>(_ type: Any.Type, _ rawValue: Raw) -> DecodingError

    /// Reads an array as `Array.init(from:)` does: an unkeyed container, each element through
    /// its generated code, with the same checks and errors.
    func decodeElements<Element: ArchiveDirectDecodable>(_ type: Element.Type) throws -> [Element]
}

/// The keyed container of an `ArchiveReader`: generated code reads each stored property by its
/// key's position in the type's `ArchiveKeySet`.
///
/// Generated code reads as swift-protobuf's generated `decodeMessage` does: it loops over the
/// entries (`nextKey()`), switches on each one's position, reads it into the property's local
/// (`unreadField`), then sets each property from its local, reading through `decode(at:)` the
/// ones no entry gave (an absent key: `keyNotFound`, `nil` or the default). An alias is one more
/// case; an entry for no key never reaches the `switch`:
///
/// ```swift
/// var id = container.unreadField { (value: Point) in value.id }
/// while let key = try container.nextKey() {
///     switch key {
///     case 0: id = .some(try container.decode(at: 0))
///     default: try container.skipEntry()
///     }
/// }
/// self.id = try id ?? container.decode(at: 0)
/// ```
///
/// Each read reads what the same call on an archive decoder's `KeyedDecodingContainer` reads,
/// with the same checks and the same errors at the same coding paths: scalars straight from the
/// bytes, other values natively or through their own generated code when they have it, and
/// through `init(from:)` otherwise. An optional property is read as the synthesized
/// conformance reads it, with `decodeIfPresent`: an absent key or a nil is `nil`.
///
/// Generated code calls the `decode(at:)` methods of the extension below; the requirements
/// are what each reader implements.
public protocol ArchiveKeyedReader {
    /// The `Bool` under key `key`.
    func read(_ type: Bool.Type, at key: Int) throws -> Bool
    /// The `String` under key `key`.
    func read(_ type: String.Type, at key: Int) throws -> String
    /// The `Double` under key `key`.
    func read(_ type: Double.Type, at key: Int) throws -> Double
    /// The `Float` under key `key`.
    func read(_ type: Float.Type, at key: Int) throws -> Float
    /// The `Int` under key `key`.
    func read(_ type: Int.Type, at key: Int) throws -> Int
    /// The `Int8` under key `key`.
    func read(_ type: Int8.Type, at key: Int) throws -> Int8
    /// The `Int16` under key `key`.
    func read(_ type: Int16.Type, at key: Int) throws -> Int16
    /// The `Int32` under key `key`.
    func read(_ type: Int32.Type, at key: Int) throws -> Int32
    /// The `Int64` under key `key`.
    func read(_ type: Int64.Type, at key: Int) throws -> Int64
    /// The `UInt` under key `key`.
    func read(_ type: UInt.Type, at key: Int) throws -> UInt
    /// The `UInt8` under key `key`.
    func read(_ type: UInt8.Type, at key: Int) throws -> UInt8
    /// The `UInt16` under key `key`.
    func read(_ type: UInt16.Type, at key: Int) throws -> UInt16
    /// The `UInt32` under key `key`.
    func read(_ type: UInt32.Type, at key: Int) throws -> UInt32
    /// The `UInt64` under key `key`.
    func read(_ type: UInt64.Type, at key: Int) throws -> UInt64
    /// The `Bool` under key `key`, or `nil` if there is none or it is nil.
    func readIfPresent(_ type: Bool.Type, at key: Int) throws -> Bool?
    /// The `String` under key `key`, or `nil` if there is none or it is nil.
    func readIfPresent(_ type: String.Type, at key: Int) throws -> String?
    /// The `Double` under key `key`, or `nil` if there is none or it is nil.
    func readIfPresent(_ type: Double.Type, at key: Int) throws -> Double?
    /// The `Float` under key `key`, or `nil` if there is none or it is nil.
    func readIfPresent(_ type: Float.Type, at key: Int) throws -> Float?
    /// The `Int` under key `key`, or `nil` if there is none or it is nil.
    func readIfPresent(_ type: Int.Type, at key: Int) throws -> Int?
    /// The `Int8` under key `key`, or `nil` if there is none or it is nil.
    func readIfPresent(_ type: Int8.Type, at key: Int) throws -> Int8?
    /// The `Int16` under key `key`, or `nil` if there is none or it is nil.
    func readIfPresent(_ type: Int16.Type, at key: Int) throws -> Int16?
    /// The `Int32` under key `key`, or `nil` if there is none or it is nil.
    func readIfPresent(_ type: Int32.Type, at key: Int) throws -> Int32?
    /// The `Int64` under key `key`, or `nil` if there is none or it is nil.
    func readIfPresent(_ type: Int64.Type, at key: Int) throws -> Int64?
    /// The `UInt` under key `key`, or `nil` if there is none or it is nil.
    func readIfPresent(_ type: UInt.Type, at key: Int) throws -> UInt?
    /// The `UInt8` under key `key`, or `nil` if there is none or it is nil.
    func readIfPresent(_ type: UInt8.Type, at key: Int) throws -> UInt8?
    /// The `UInt16` under key `key`, or `nil` if there is none or it is nil.
    func readIfPresent(_ type: UInt16.Type, at key: Int) throws -> UInt16?
    /// The `UInt32` under key `key`, or `nil` if there is none or it is nil.
    func readIfPresent(_ type: UInt32.Type, at key: Int) throws -> UInt32?
    /// The `UInt64` under key `key`, or `nil` if there is none or it is nil.
    func readIfPresent(_ type: UInt64.Type, at key: Int) throws -> UInt64?
    /// The value of `type` under key `key`.
    func read<T: Decodable>(_ type: T.Type, at key: Int) throws -> T
    /// The value under key `key`; `nil` if there is none, or if it is nil and `T` is not itself
    /// optional (an `Int??` holding `.some(nil)` comes back exactly).
    func readIfPresent<T: Decodable>(_ type: T.Type, at key: Int) throws -> T?
    /// The value of `type`, which has generated code, under key `key`: straight through that
    /// code, without asking again which kind of type it is.
    func readDirect<T: ArchiveDirectDecodable>(_ type: T.Type, at key: Int) throws -> T
    /// The value of `type`, which has generated code, under key `key`, or `nil` if there is none
    /// or it is nil.
    func readDirectIfPresent<T: ArchiveDirectDecodable>(_ type: T.Type, at key: Int) throws -> T?
    /// The value under key `key` into `value` if the container has the key; if not, `value`
    /// keeps the property's initial value, its default (`@ArchiveCodable(defaultsForMissingKeys: true)`).
    func read<T: Decodable>(_ type: T.Type, at key: Int, default value: inout T) throws

    /// The position of the next entry's key, to switch on, or `nil` after the last entry: a
    /// key's position in the key set, or for an entry under an alias (`@ArchiveAlias`) the key
    /// set's `count` plus the alias's position in its aliases. An entry for no key is passed over
    /// (`unknownFields()` has it), and so is an alias's when the key's own entry, or an earlier
    /// alias's, was found. The entry is then read by a `decode(at:)` of that position, or passed
    /// over by `skipEntry()`.
    ///
    /// A reader that answers every read by a lookup returns `nil` at once: the general path's
    /// reader, whose reads, one per property in declaration order, are `init(from:)`'s, with its
    /// errors in its order.
    ///
    /// - Throws: when the entry's key is repeated, or its bytes are damaged.
    func nextKey() throws -> Int?
    /// Passes over the entry `nextKey()` returned, unread: a key generated code does not read (a
    /// constant the type writes and never reads back).
    func skipEntry() throws

    /// Whether the container has an entry for key `key`.
    func contains(_ key: Int) -> Bool
    /// Whether the value under key `key` is nil.
    func decodeNil(at key: Int) throws -> Bool

    /// The container's entries that no key of its key set takes (`ArchiveUnknownFields`): each
    /// with its key as written, its value, and the position of the last known entry before it.
    /// An entry under an alias of a key (`@ArchiveAlias`) is the type's, read or not. Generated
    /// code reads them last, after every property.
    func unknownFields() throws -> ArchiveUnknownFields

    /// The same container, read with the keys `otherKeys`: generated code reads the names a
    /// renamed property had (`@ArchiveAlias`) through it.
    func withKeys(_ otherKeys: ArchiveKeySet) -> Self

    /// The keyed container nested under key `key`, with the keys `nestedKeys`: what
    /// `nestedContainer(keyedBy:forKey:)` returns, with its checks and errors, as the
    /// synthesized `init(from:)` of an enum with associated values opens the case's container.
    func nestedContainer(_ nestedKeys: ArchiveKeySet, at key: Int) throws -> Self

    /// The position of the one key of the set that the container holds, as the synthesized
    /// `init(from:)` of an enum with associated values finds its case: `allKeys` (the entries
    /// whose keys the key type accepts, in order; others are skipped) must hold exactly one.
    ///
    /// - Throws: `typeMismatch(type)` at the container's path when it holds none or more than one.
    func onlyKey(of type: Any.Type) throws -> Int
}

extension ArchiveKeyedReader {
    /// A property's local while its entry is looked for: `nil`, of the property's type made
    /// optional, which the closure names (it is never called): generated code names no property
    /// types, and a `let` property without a type annotation has none to name.
    @inlinable @inline(__always)
    public func unreadField<Root, Value>(_ property: (Root) -> Value) -> Value? { nil }
}

// What generated code calls: the property's type, inferred from the assignment, picks the
// overload, and each one passes it on to its requirement. Inlined into the caller, so that
// they cost nothing over calling the requirement.
extension ArchiveKeyedReader {
    /// The `Bool` under key `key`.
    @inlinable @inline(__always)
    public func decode(_ type: Bool.Type = Bool.self, at key: Int) throws -> Bool { try read(type, at: key) }
    /// The `String` under key `key`.
    @inlinable @inline(__always)
    public func decode(_ type: String.Type = String.self, at key: Int) throws -> String { try read(type, at: key) }
    /// The `Double` under key `key`.
    @inlinable @inline(__always)
    public func decode(_ type: Double.Type = Double.self, at key: Int) throws -> Double { try read(type, at: key) }
    /// The `Float` under key `key`.
    @inlinable @inline(__always)
    public func decode(_ type: Float.Type = Float.self, at key: Int) throws -> Float { try read(type, at: key) }
    /// The `Int` under key `key`.
    @inlinable @inline(__always)
    public func decode(_ type: Int.Type = Int.self, at key: Int) throws -> Int { try read(type, at: key) }
    /// The `Int8` under key `key`.
    @inlinable @inline(__always)
    public func decode(_ type: Int8.Type = Int8.self, at key: Int) throws -> Int8 { try read(type, at: key) }
    /// The `Int16` under key `key`.
    @inlinable @inline(__always)
    public func decode(_ type: Int16.Type = Int16.self, at key: Int) throws -> Int16 { try read(type, at: key) }
    /// The `Int32` under key `key`.
    @inlinable @inline(__always)
    public func decode(_ type: Int32.Type = Int32.self, at key: Int) throws -> Int32 { try read(type, at: key) }
    /// The `Int64` under key `key`.
    @inlinable @inline(__always)
    public func decode(_ type: Int64.Type = Int64.self, at key: Int) throws -> Int64 { try read(type, at: key) }
    /// The `UInt` under key `key`.
    @inlinable @inline(__always)
    public func decode(_ type: UInt.Type = UInt.self, at key: Int) throws -> UInt { try read(type, at: key) }
    /// The `UInt8` under key `key`.
    @inlinable @inline(__always)
    public func decode(_ type: UInt8.Type = UInt8.self, at key: Int) throws -> UInt8 { try read(type, at: key) }
    /// The `UInt16` under key `key`.
    @inlinable @inline(__always)
    public func decode(_ type: UInt16.Type = UInt16.self, at key: Int) throws -> UInt16 { try read(type, at: key) }
    /// The `UInt32` under key `key`.
    @inlinable @inline(__always)
    public func decode(_ type: UInt32.Type = UInt32.self, at key: Int) throws -> UInt32 { try read(type, at: key) }
    /// The `UInt64` under key `key`.
    @inlinable @inline(__always)
    public func decode(_ type: UInt64.Type = UInt64.self, at key: Int) throws -> UInt64 { try read(type, at: key) }
    /// The `Bool` under key `key`, or `nil` if there is none or it is nil.
    @inlinable @inline(__always)
    public func decode(_ type: Bool?.Type = Bool?.self, at key: Int) throws -> Bool? { try readIfPresent(Bool.self, at: key) }
    /// The `String` under key `key`, or `nil` if there is none or it is nil.
    @inlinable @inline(__always)
    public func decode(_ type: String?.Type = String?.self, at key: Int) throws -> String? { try readIfPresent(String.self, at: key) }
    /// The `Double` under key `key`, or `nil` if there is none or it is nil.
    @inlinable @inline(__always)
    public func decode(_ type: Double?.Type = Double?.self, at key: Int) throws -> Double? { try readIfPresent(Double.self, at: key) }
    /// The `Float` under key `key`, or `nil` if there is none or it is nil.
    @inlinable @inline(__always)
    public func decode(_ type: Float?.Type = Float?.self, at key: Int) throws -> Float? { try readIfPresent(Float.self, at: key) }
    /// The `Int` under key `key`, or `nil` if there is none or it is nil.
    @inlinable @inline(__always)
    public func decode(_ type: Int?.Type = Int?.self, at key: Int) throws -> Int? { try readIfPresent(Int.self, at: key) }
    /// The `Int8` under key `key`, or `nil` if there is none or it is nil.
    @inlinable @inline(__always)
    public func decode(_ type: Int8?.Type = Int8?.self, at key: Int) throws -> Int8? { try readIfPresent(Int8.self, at: key) }
    /// The `Int16` under key `key`, or `nil` if there is none or it is nil.
    @inlinable @inline(__always)
    public func decode(_ type: Int16?.Type = Int16?.self, at key: Int) throws -> Int16? { try readIfPresent(Int16.self, at: key) }
    /// The `Int32` under key `key`, or `nil` if there is none or it is nil.
    @inlinable @inline(__always)
    public func decode(_ type: Int32?.Type = Int32?.self, at key: Int) throws -> Int32? { try readIfPresent(Int32.self, at: key) }
    /// The `Int64` under key `key`, or `nil` if there is none or it is nil.
    @inlinable @inline(__always)
    public func decode(_ type: Int64?.Type = Int64?.self, at key: Int) throws -> Int64? { try readIfPresent(Int64.self, at: key) }
    /// The `UInt` under key `key`, or `nil` if there is none or it is nil.
    @inlinable @inline(__always)
    public func decode(_ type: UInt?.Type = UInt?.self, at key: Int) throws -> UInt? { try readIfPresent(UInt.self, at: key) }
    /// The `UInt8` under key `key`, or `nil` if there is none or it is nil.
    @inlinable @inline(__always)
    public func decode(_ type: UInt8?.Type = UInt8?.self, at key: Int) throws -> UInt8? { try readIfPresent(UInt8.self, at: key) }
    /// The `UInt16` under key `key`, or `nil` if there is none or it is nil.
    @inlinable @inline(__always)
    public func decode(_ type: UInt16?.Type = UInt16?.self, at key: Int) throws -> UInt16? { try readIfPresent(UInt16.self, at: key) }
    /// The `UInt32` under key `key`, or `nil` if there is none or it is nil.
    @inlinable @inline(__always)
    public func decode(_ type: UInt32?.Type = UInt32?.self, at key: Int) throws -> UInt32? { try readIfPresent(UInt32.self, at: key) }
    /// The `UInt64` under key `key`, or `nil` if there is none or it is nil.
    @inlinable @inline(__always)
    public func decode(_ type: UInt64?.Type = UInt64?.self, at key: Int) throws -> UInt64? { try readIfPresent(UInt64.self, at: key) }
    /// The value of `type` under key `key`.
    @inlinable @inline(__always)
    public func decode<T: Decodable>(_ type: T.Type = T.self, at key: Int) throws -> T { try read(type, at: key) }
    /// The value under key `key`; `nil` if there is none, or if it is nil and `T` is not itself
    /// optional: what the synthesized conformance reads for an optional property.
    @inlinable @inline(__always)
    public func decode<T: Decodable>(_ type: T?.Type = T?.self, at key: Int) throws -> T? { try readIfPresent(T.self, at: key) }
    /// The value of `type`, which has generated code, under key `key`.
    @inlinable @inline(__always)
    public func decode<T: ArchiveDirectDecodable>(_ type: T.Type = T.self, at key: Int) throws -> T { try readDirect(type, at: key) }
    /// The value of `type`, which has generated code, under key `key`, or `nil` if there is none
    /// or it is nil.
    @inlinable @inline(__always)
    public func decode<T: ArchiveDirectDecodable>(_ type: T?.Type = T?.self, at key: Int) throws -> T? {
        try readDirectIfPresent(T.self, at: key)
    }
    /// The value under key `key` into `value` if the container has the key; if not, `value`
    /// keeps its default (`@ArchiveCodable(defaultsForMissingKeys: true)`).
    @inlinable @inline(__always)
    public func decode<T: Decodable>(_ type: T.Type = T.self, at key: Int, default value: inout T) throws {
        try read(type, at: key, default: &value)
    }
    /// An optional property under `@ArchiveCodable(defaultsForMissingKeys: true)`: `nil` when its
    /// key is missing, whatever its initial value, as `decodeIfPresent` reads it (the
    /// synthesized `encode(to:)` writes a `nil` by leaving the key out).
    @inlinable @inline(__always)
    public func decode<T: Decodable>(_ type: T?.Type = T?.self, at key: Int, default value: inout T?) throws {
        value = try readIfPresent(T.self, at: key)
    }
}
