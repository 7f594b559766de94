/// A key a property was once written under: code that `@ArchiveCodable` generates for
/// `@ArchiveAlias("colour") var color: String` reads the property's value under this key when
/// its current key is absent.
///
/// A string key, as `init(stringValue:)` of a synthesized `CodingKeys` makes it: the names a
/// property had are what aliases are for (an integer key stays when a property is renamed).
public struct ArchiveAliasKey: CodingKey, Hashable, Sendable {
    /// The key's name.
    public let stringValue: String
    /// Always `nil`: an alias is a name.
    public var intValue: Int? { nil }

    /// The key named `name`.
    public init(_ name: String) {
        stringValue = name
    }

    /// The key named `stringValue`.
    public init(stringValue: String) {
        self.init(stringValue)
    }

    /// `nil`: an alias is a name.
    public init?(intValue: Int) {
        nil
    }
}

extension KeyedDecodingContainer {
    /// For the `init(from:)` that `@ArchiveCodable` generates for defaults and aliases: the
    /// value under `key`, as the synthesized `init(from:)` decodes a property of this type (its
    /// type comes from the property assigned).
    public func _archiveDecode<T: Decodable>(_ type: T.Type = T.self, forKey key: Key) throws -> T {
        try decode(T.self, forKey: key)
    }

    /// For the `init(from:)` that `@ArchiveCodable` generates: an optional property, read as the
    /// synthesized `init(from:)` reads one, with `decodeIfPresent` (an absent key or a nil is
    /// `nil`). The type parameter, never passed, makes this overload the more specific one for
    /// an optional, as in `ArchiveDirectKeyedDecodingContainer.decode(_:at:)`.
    public func _archiveDecode<T: Decodable>(_ type: T?.Type = T?.self, forKey key: Key) throws -> T? {
        try decodeIfPresent(T.self, forKey: key)
    }
}

extension KeyedDecodingContainer {
    /// For the `init(from:)` that `@ArchiveCodable(defaultsForMissingKeys: true)` generates: the
    /// value under `key` into `value` if the key is present; if not, `value` keeps the property's
    /// initial value, its default.
    public func _archiveDecode<T: Decodable>(_ type: T.Type = T.self, forKey key: Key, default value: inout T) throws {
        // `contains` then `decode`, as `ArchiveDefault` reads: null under the key is an error.
        if contains(key) { value = try decode(T.self, forKey: key) }
    }

    /// For the `init(from:)` that `@ArchiveCodable(defaultsForMissingKeys: true)` generates: an
    /// optional property is `nil` when its key is missing, whatever its initial value, because
    /// the synthesized `encode(to:)` writes a `nil` by leaving the key out.
    public func _archiveDecode<T: Decodable>(_ type: T?.Type = T?.self, forKey key: Key, default value: inout T?) throws {
        value = try decodeIfPresent(T.self, forKey: key)
    }
}
