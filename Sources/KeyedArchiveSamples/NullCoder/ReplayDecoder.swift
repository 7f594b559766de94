import Foundation

// The decoding half of the Codable ceiling (see `nullCoder(for:)`): a decoder that reads no
// bytes but hands back a `RecordedValue` tree made before timing starts. A decoder that returned
// constants could not build models with enums or validating initializers, so this one replays the
// recorded values; what it costs beyond the standard library's Codable machinery is a walk of an
// in-memory tree, entries found by comparing key strings, usually at the first try.

/// A decoder over a recorded value.
struct ReplayDecoder: Decoder {
    let value: RecordedValue
    /// Not kept: building paths is a real decoder's cost, and no synthesized code asks for them.
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(_ value: RecordedValue) { self.value = value }

    /// `T` made from `value`: opaque values are handed back whole, others through `init(from:)`.
    static func replay<T: Decodable>(_ type: T.Type, from value: RecordedValue) throws -> T {
        // No `as? T` and no helper returning `T?`: either would look up generic metadata at
        // run time, costing more than the value's own decoding.
        switch value {
        case .url(let url) where T.self == URL.self: return unsafeBitCast(url, to: T.self)
        case .date(let date) where T.self == Date.self: return unsafeBitCast(date, to: T.self)
        case .uuid(let uuid) where T.self == UUID.self: return unsafeBitCast(uuid, to: T.self)
        case .data(let data) where T.self == Data.self: return unsafeBitCast(data, to: T.self)
        case .strings(let strings) where T.self == [String].self: return unsafeBitCast(strings, to: T.self)
        case .doubles(let doubles) where T.self == [Double].self: return unsafeBitCast(doubles, to: T.self)
        case .opaque(let whole) where Swift.type(of: whole.value) == T.self: return whole.value as! T
        default: return try T(from: ReplayDecoder(value))
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .keyed(let entries) = value else { throw mismatch("a keyed container") }
        return KeyedDecodingContainer(Keyed<Key>(entries: entries))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .unkeyed(let items) = value else { throw mismatch("an unkeyed container") }
        return Unkeyed(items: items)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { Single(value: value) }

    private func mismatch(_ expected: String) -> DecodingError {
        .typeMismatch(Any.self, .init(codingPath: [], debugDescription: "Expected \(expected), recorded \(value)."))
    }

    /// A scalar out of a recorded value, or a type mismatch; integers convert only when they fit.
    fileprivate static func scalar<T>(_ value: RecordedValue, _ convert: (RecordedValue) -> T?) throws -> T {
        guard let result = convert(value) else {
            throw DecodingError.typeMismatch(T.self, .init(codingPath: [], debugDescription: "Recorded \(value)."))
        }
        return result
    }

    fileprivate static func bool(_ value: RecordedValue) -> Bool? { if case .bool(let bool) = value { bool } else { nil } }
    fileprivate static func string(_ value: RecordedValue) -> String? { if case .string(let string) = value { string } else { nil } }
    fileprivate static func double(_ value: RecordedValue) -> Double? { if case .double(let double) = value { double } else { nil } }
    fileprivate static func float(_ value: RecordedValue) -> Float? { if case .float(let float) = value { float } else { nil } }
    fileprivate static func integer<I: FixedWidthInteger>(_ value: RecordedValue) -> I? {
        switch value {
        case .signed(let integer): I(exactly: integer)
        case .unsigned(let integer): I(exactly: integer)
        default: nil
        }
    }

    /// A keyed container's entries and where the next one is likely to be: synthesized code
    /// decodes in the order it encoded. Not generic, so that finding an entry needs no metadata
    /// of the key type.
    private final class Entries {
        let entries: [(key: String, value: RecordedValue)]
        private var next = 0

        init(_ entries: [(key: String, value: RecordedValue)]) { self.entries = entries }

        func find(_ name: String) -> RecordedValue? {
            if next < entries.count, entries[next].key == name {
                next += 1
                return entries[next - 1].value
            }
            guard let index = entries.firstIndex(where: { $0.key == name }) else { return nil }
            next = index + 1
            return entries[index].value
        }

        /// Puts back the entry `find` just returned.
        func unread() { next -= 1 }

        func contains(_ name: String) -> Bool {
            next < entries.count && entries[next].key == name || entries.contains { $0.key == name }
        }
    }

    private struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        private let entries: Entries
        var codingPath: [any CodingKey] { [] }

        init(entries: [(key: String, value: RecordedValue)]) { self.entries = Entries(entries) }

        var allKeys: [Key] {
            var keys: [Key] = []
            keys.reserveCapacity(entries.entries.count)
            for entry in entries.entries {
                if let key = Key(stringValue: entry.key) { keys.append(key) }
            }
            return keys
        }

        private func find(_ key: Key) -> RecordedValue? { entries.find(key.stringValue) }

        private func value(_ key: Key) throws -> RecordedValue {
            guard let value = find(key) else {
                throw DecodingError.keyNotFound(key, .init(codingPath: [], debugDescription: "No value recorded for \(key.stringValue)."))
            }
            return value
        }

        func contains(_ key: Key) -> Bool { entries.contains(key.stringValue) }
        func decodeNil(forKey key: Key) throws -> Bool {
            if case .null = try value(key) { return true }
            entries.unread()  // the value itself is decoded next
            return false
        }
        func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try ReplayDecoder.scalar(value(key), ReplayDecoder.bool) }
        func decode(_ type: String.Type, forKey key: Key) throws -> String { try ReplayDecoder.scalar(value(key), ReplayDecoder.string) }
        func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try ReplayDecoder.scalar(value(key), ReplayDecoder.double) }
        func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try ReplayDecoder.scalar(value(key), ReplayDecoder.float) }
        func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try ReplayDecoder.scalar(value(key), ReplayDecoder.integer) }
        func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try ReplayDecoder.scalar(value(key), ReplayDecoder.integer) }
        func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try ReplayDecoder.scalar(value(key), ReplayDecoder.integer) }
        func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try ReplayDecoder.scalar(value(key), ReplayDecoder.integer) }
        func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try ReplayDecoder.scalar(value(key), ReplayDecoder.integer) }
        func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try ReplayDecoder.scalar(value(key), ReplayDecoder.integer) }
        func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try ReplayDecoder.scalar(value(key), ReplayDecoder.integer) }
        func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try ReplayDecoder.scalar(value(key), ReplayDecoder.integer) }
        func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try ReplayDecoder.scalar(value(key), ReplayDecoder.integer) }
        func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try ReplayDecoder.scalar(value(key), ReplayDecoder.integer) }
        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            try ReplayDecoder.replay(type, from: value(key))
        }
        // decodeIfPresent is implemented, not left to the standard library's default (which
        // asks contains, decodeNil and decode in turn, with generic metadata lookups on the way),
        // as a real decoder does.
        private func present(_ key: Key) -> RecordedValue? {
            guard let value = find(key) else { return nil }
            if case .null = value { return nil }
            return value
        }
        func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try present(key).map { try ReplayDecoder.scalar($0, ReplayDecoder.bool) } }
        func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try present(key).map { try ReplayDecoder.scalar($0, ReplayDecoder.string) } }
        func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try present(key).map { try ReplayDecoder.scalar($0, ReplayDecoder.double) } }
        func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try present(key).map { try ReplayDecoder.scalar($0, ReplayDecoder.float) } }
        func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try present(key).map { try ReplayDecoder.scalar($0, ReplayDecoder.integer) } }
        func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try present(key).map { try ReplayDecoder.scalar($0, ReplayDecoder.integer) } }
        func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try present(key).map { try ReplayDecoder.scalar($0, ReplayDecoder.integer) } }
        func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try present(key).map { try ReplayDecoder.scalar($0, ReplayDecoder.integer) } }
        func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try present(key).map { try ReplayDecoder.scalar($0, ReplayDecoder.integer) } }
        func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try present(key).map { try ReplayDecoder.scalar($0, ReplayDecoder.integer) } }
        func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try present(key).map { try ReplayDecoder.scalar($0, ReplayDecoder.integer) } }
        func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try present(key).map { try ReplayDecoder.scalar($0, ReplayDecoder.integer) } }
        func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try present(key).map { try ReplayDecoder.scalar($0, ReplayDecoder.integer) } }
        func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try present(key).map { try ReplayDecoder.scalar($0, ReplayDecoder.integer) } }
        func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? { try present(key).map { try ReplayDecoder.replay(type, from: $0) } }
        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
            try ReplayDecoder(value(key)).container(keyedBy: type)
        }
        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            try ReplayDecoder(value(key)).unkeyedContainer()
        }
        func superDecoder() throws -> any Decoder {
            ReplayDecoder(entries.find("super") ?? .null)
        }
        func superDecoder(forKey key: Key) throws -> any Decoder {
            ReplayDecoder(find(key) ?? .null)
        }
    }

    private struct Unkeyed: UnkeyedDecodingContainer {
        let items: [RecordedValue]
        var codingPath: [any CodingKey] { [] }
        var currentIndex = 0
        var count: Int? { items.count }
        var isAtEnd: Bool { currentIndex >= items.count }

        init(items: [RecordedValue]) { self.items = items }

        private mutating func take() throws -> RecordedValue {
            guard !isAtEnd else {
                throw DecodingError.valueNotFound(Any.self, .init(codingPath: [], debugDescription: "Unkeyed container is at its end."))
            }
            currentIndex += 1
            return items[currentIndex - 1]
        }

        mutating func decodeNil() throws -> Bool {
            if !isAtEnd, case .null = items[currentIndex] { currentIndex += 1; return true }
            return false
        }
        mutating func decode(_ type: Bool.Type) throws -> Bool { try ReplayDecoder.scalar(take(), ReplayDecoder.bool) }
        mutating func decode(_ type: String.Type) throws -> String { try ReplayDecoder.scalar(take(), ReplayDecoder.string) }
        mutating func decode(_ type: Double.Type) throws -> Double { try ReplayDecoder.scalar(take(), ReplayDecoder.double) }
        mutating func decode(_ type: Float.Type) throws -> Float { try ReplayDecoder.scalar(take(), ReplayDecoder.float) }
        mutating func decode(_ type: Int.Type) throws -> Int { try ReplayDecoder.scalar(take(), ReplayDecoder.integer) }
        mutating func decode(_ type: Int8.Type) throws -> Int8 { try ReplayDecoder.scalar(take(), ReplayDecoder.integer) }
        mutating func decode(_ type: Int16.Type) throws -> Int16 { try ReplayDecoder.scalar(take(), ReplayDecoder.integer) }
        mutating func decode(_ type: Int32.Type) throws -> Int32 { try ReplayDecoder.scalar(take(), ReplayDecoder.integer) }
        mutating func decode(_ type: Int64.Type) throws -> Int64 { try ReplayDecoder.scalar(take(), ReplayDecoder.integer) }
        mutating func decode(_ type: UInt.Type) throws -> UInt { try ReplayDecoder.scalar(take(), ReplayDecoder.integer) }
        mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try ReplayDecoder.scalar(take(), ReplayDecoder.integer) }
        mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try ReplayDecoder.scalar(take(), ReplayDecoder.integer) }
        mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try ReplayDecoder.scalar(take(), ReplayDecoder.integer) }
        mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try ReplayDecoder.scalar(take(), ReplayDecoder.integer) }
        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try ReplayDecoder.replay(type, from: take()) }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
            try ReplayDecoder(take()).container(keyedBy: type)
        }
        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            try ReplayDecoder(take()).unkeyedContainer()
        }
        mutating func superDecoder() throws -> any Decoder { try ReplayDecoder(take()) }
    }

    private struct Single: SingleValueDecodingContainer {
        let value: RecordedValue
        var codingPath: [any CodingKey] { [] }

        func decodeNil() -> Bool { if case .null = value { return true } else { return false } }
        func decode(_ type: Bool.Type) throws -> Bool { try ReplayDecoder.scalar(value, ReplayDecoder.bool) }
        func decode(_ type: String.Type) throws -> String { try ReplayDecoder.scalar(value, ReplayDecoder.string) }
        func decode(_ type: Double.Type) throws -> Double { try ReplayDecoder.scalar(value, ReplayDecoder.double) }
        func decode(_ type: Float.Type) throws -> Float { try ReplayDecoder.scalar(value, ReplayDecoder.float) }
        func decode(_ type: Int.Type) throws -> Int { try ReplayDecoder.scalar(value, ReplayDecoder.integer) }
        func decode(_ type: Int8.Type) throws -> Int8 { try ReplayDecoder.scalar(value, ReplayDecoder.integer) }
        func decode(_ type: Int16.Type) throws -> Int16 { try ReplayDecoder.scalar(value, ReplayDecoder.integer) }
        func decode(_ type: Int32.Type) throws -> Int32 { try ReplayDecoder.scalar(value, ReplayDecoder.integer) }
        func decode(_ type: Int64.Type) throws -> Int64 { try ReplayDecoder.scalar(value, ReplayDecoder.integer) }
        func decode(_ type: UInt.Type) throws -> UInt { try ReplayDecoder.scalar(value, ReplayDecoder.integer) }
        func decode(_ type: UInt8.Type) throws -> UInt8 { try ReplayDecoder.scalar(value, ReplayDecoder.integer) }
        func decode(_ type: UInt16.Type) throws -> UInt16 { try ReplayDecoder.scalar(value, ReplayDecoder.integer) }
        func decode(_ type: UInt32.Type) throws -> UInt32 { try ReplayDecoder.scalar(value, ReplayDecoder.integer) }
        func decode(_ type: UInt64.Type) throws -> UInt64 { try ReplayDecoder.scalar(value, ReplayDecoder.integer) }
        func decode<T: Decodable>(_ type: T.Type) throws -> T { try ReplayDecoder.replay(type, from: value) }
    }
}
