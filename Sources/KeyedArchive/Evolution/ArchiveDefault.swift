/// A type that names the value ``ArchiveDefault`` decodes when its key is missing.
///
/// A default is named by a type, not passed as an argument (`@ArchiveDefault(14)`), because a
/// synthesized `init(from:)` decodes the wrapper through a `KeyedDecodingContainer` method
/// that is given the wrapper's type and key, never the instance the argument went into: only
/// what the type says reaches it.
///
/// ```swift
/// enum DefaultFontSize: ArchiveDefaultValue {
///     static var defaultValue: Int { 14 }
/// }
/// ```
public protocol ArchiveDefaultValue {
    /// The type of the property.
    associatedtype Value: Codable
    /// What a missing key decodes as, read each time one is missing.
    static var defaultValue: Value { get }
}

/// A property wrapper for a plain `Codable` type: a missing key decodes as a default, so a
/// property added in a later version of a type still reads the archives of earlier ones.
///
/// ```swift
/// struct Settings: Codable {
///     var theme: String
///     @ArchiveDefault<DefaultFontSize> var fontSize: Int   // added in version 2
/// }
/// ```
///
/// It works through `KeyedDecodingContainer` and `KeyedEncodingContainer` overloads that the
/// synthesized conformance picks, so ``ArchiveDecoder``, `JSONDecoder` and
/// `PropertyListDecoder` all honour it, unchanged:
/// - A missing key decodes as `Default.defaultValue`. A key that is present is decoded as the
///   bare value would be: a value of the wrong type, or `null` for a non-optional value, is
///   still an error.
/// - The wrapper encodes as the bare value would, with the same bytes (JSON, property list or
///   archive). One exception: an optional value that is `nil` is written as an explicit `nil`,
///   where a bare optional leaves its key out, because a missing key would decode as the
///   default.
/// - The memberwise initializer takes the bare value, as for a property without the wrapper
///   (the wrapper has no `init()`, which would make it take the wrapper). Give the property an
///   initial value (`= DefaultFontSize.defaultValue`) for the initializer to default it too.
///
/// A type with `@ArchiveCodable(defaultsForMissingKeys: true)` (the `KeyedArchiveMacros`
/// product) takes its properties' initial values as defaults instead: a property wrapper is not
/// allowed there.
@propertyWrapper
public struct ArchiveDefault<Default: ArchiveDefaultValue>: Codable {
    /// The property's value.
    public var wrappedValue: Default.Value

    /// A property set to `wrappedValue` (its initial value in the declaration, or an argument
    /// of the memberwise initializer).
    public init(wrappedValue: Default.Value) {
        self.wrappedValue = wrappedValue
    }

    /// Decodes the bare value (the wrapper inside an array or as a single value; under a key
    /// the container's overload decides about a missing key first).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        wrappedValue = try container.decode(Default.Value.self)
    }

    /// Encodes the bare value, through a single-value container so that a coder writes it as it
    /// writes that type anywhere (a `Date` by its strategy, an `[Int]` packed).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue)
    }
}

extension ArchiveDefault: Equatable where Default.Value: Equatable {}
extension ArchiveDefault: Hashable where Default.Value: Hashable {}
extension ArchiveDefault: Sendable where Default.Value: Sendable {}

extension KeyedDecodingContainer {
    /// Decodes an ``ArchiveDefault`` property: its default if `key` is missing, otherwise the
    /// value under it, checked as the bare value's would be.
    public func decode<Default>(_ type: ArchiveDefault<Default>.Type, forKey key: Key) throws -> ArchiveDefault<Default> {
        // Two lookups: no call of `KeyedDecodingContainer` reads a value if present and still
        // throws on null (`decodeIfPresent` reads null as absent, which would hide bad data).
        guard contains(key) else { return ArchiveDefault(wrappedValue: Default.defaultValue) }
        return ArchiveDefault(wrappedValue: try decode(Default.Value.self, forKey: key))
    }
}

extension KeyedEncodingContainer {
    /// Encodes an ``ArchiveDefault`` property as its bare value under `key` (an optional's `nil`
    /// included: left out, it would decode as the default).
    public mutating func encode<Default>(_ value: ArchiveDefault<Default>, forKey key: Key) throws {
        try encode(value.wrappedValue, forKey: key)
    }
}

/// Defaults for ``ArchiveDefault`` that many properties want.
///
/// ```swift
/// @ArchiveDefault<ArchiveDefaults.False> var isPinned: Bool
/// @ArchiveDefault<ArchiveDefaults.Zero<Int>> var launchCount: Int
/// @ArchiveDefault<ArchiveDefaults.Empty<[String]>> var tags: [String]
/// ```
public enum ArchiveDefaults {
    /// `false`.
    public enum False: ArchiveDefaultValue {
        /// `false`.
        public static var defaultValue: Bool { false }
    }

    /// `true`.
    public enum True: ArchiveDefaultValue {
        /// `true`.
        public static var defaultValue: Bool { true }
    }

    /// Zero of a numeric type.
    public enum Zero<Value: Codable & AdditiveArithmetic>: ArchiveDefaultValue {
        /// `.zero`.
        public static var defaultValue: Value { .zero }
    }

    /// An empty array, string, `Data` or other collection.
    public enum Empty<Value: Codable & RangeReplaceableCollection>: ArchiveDefaultValue {
        /// `Value()`.
        public static var defaultValue: Value { Value() }
    }
}
