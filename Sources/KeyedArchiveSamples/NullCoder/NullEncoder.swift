// The encoding half of the Codable ceiling (see `nullCoder(for:)`): an encoder whose containers
// drop everything they are given. What it costs is what the standard library's Codable
// machinery costs any encoder: the calls into `encode(to:)`, the type-erasing container boxes,
// the generic dispatch per value.

/// An encoder that writes nothing.
struct NullEncoder: Encoder {
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// Hands `value` to its `encode(to:)`, unless it is one of the values a real coder writes
    /// whole (`NullCoding.isOpaque`).
    static func drop<T: Encodable>(_ value: T) throws {
        if NullCoding.isOpaque(T.self) { return }
        try value.encode(to: NullEncoder())
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> { KeyedEncodingContainer(Keyed<Key>()) }
    func unkeyedContainer() -> any UnkeyedEncodingContainer { Unkeyed() }
    func singleValueContainer() -> any SingleValueEncodingContainer { Single() }

    private struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        var codingPath: [any CodingKey] { [] }
        mutating func encodeNil(forKey key: Key) throws {}
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try NullEncoder.drop(value) }
        // Scalars are dropped where they arrive, as a real coder writes them there.
        mutating func encode(_ value: Bool, forKey key: Key) throws {}
        mutating func encode(_ value: String, forKey key: Key) throws {}
        mutating func encode(_ value: Double, forKey key: Key) throws {}
        mutating func encode(_ value: Float, forKey key: Key) throws {}
        mutating func encode(_ value: Int, forKey key: Key) throws {}
        mutating func encode(_ value: Int8, forKey key: Key) throws {}
        mutating func encode(_ value: Int16, forKey key: Key) throws {}
        mutating func encode(_ value: Int32, forKey key: Key) throws {}
        mutating func encode(_ value: Int64, forKey key: Key) throws {}
        mutating func encode(_ value: UInt, forKey key: Key) throws {}
        mutating func encode(_ value: UInt8, forKey key: Key) throws {}
        mutating func encode(_ value: UInt16, forKey key: Key) throws {}
        mutating func encode(_ value: UInt32, forKey key: Key) throws {}
        mutating func encode(_ value: UInt64, forKey key: Key) throws {}
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            KeyedEncodingContainer(NullEncoder.Keyed<NestedKey>())
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { Unkeyed() }
        mutating func superEncoder() -> any Encoder { NullEncoder() }
        mutating func superEncoder(forKey key: Key) -> any Encoder { NullEncoder() }
    }

    private struct Unkeyed: UnkeyedEncodingContainer {
        var codingPath: [any CodingKey] { [] }
        var count = 0
        mutating func encodeNil() throws { count += 1 }
        mutating func encode<T: Encodable>(_ value: T) throws { count += 1; try NullEncoder.drop(value) }
        // Scalars are dropped where they arrive, as a real coder writes them there.
        mutating func encode(_ value: Bool) throws { count += 1 }
        mutating func encode(_ value: String) throws { count += 1 }
        mutating func encode(_ value: Double) throws { count += 1 }
        mutating func encode(_ value: Float) throws { count += 1 }
        mutating func encode(_ value: Int) throws { count += 1 }
        mutating func encode(_ value: Int8) throws { count += 1 }
        mutating func encode(_ value: Int16) throws { count += 1 }
        mutating func encode(_ value: Int32) throws { count += 1 }
        mutating func encode(_ value: Int64) throws { count += 1 }
        mutating func encode(_ value: UInt) throws { count += 1 }
        mutating func encode(_ value: UInt8) throws { count += 1 }
        mutating func encode(_ value: UInt16) throws { count += 1 }
        mutating func encode(_ value: UInt32) throws { count += 1 }
        mutating func encode(_ value: UInt64) throws { count += 1 }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            count += 1
            return KeyedEncodingContainer(NullEncoder.Keyed<NestedKey>())
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { count += 1; return Unkeyed() }
        mutating func superEncoder() -> any Encoder { count += 1; return NullEncoder() }
    }

    private struct Single: SingleValueEncodingContainer {
        var codingPath: [any CodingKey] { [] }
        mutating func encodeNil() throws {}
        mutating func encode<T: Encodable>(_ value: T) throws { try NullEncoder.drop(value) }
        // The scalar requirements have no default: each one drops its value.
        mutating func encode(_ value: Bool) throws {}
        mutating func encode(_ value: String) throws {}
        mutating func encode(_ value: Double) throws {}
        mutating func encode(_ value: Float) throws {}
        mutating func encode(_ value: Int) throws {}
        mutating func encode(_ value: Int8) throws {}
        mutating func encode(_ value: Int16) throws {}
        mutating func encode(_ value: Int32) throws {}
        mutating func encode(_ value: Int64) throws {}
        mutating func encode(_ value: UInt) throws {}
        mutating func encode(_ value: UInt8) throws {}
        mutating func encode(_ value: UInt16) throws {}
        mutating func encode(_ value: UInt32) throws {}
        mutating func encode(_ value: UInt64) throws {}
    }
}
