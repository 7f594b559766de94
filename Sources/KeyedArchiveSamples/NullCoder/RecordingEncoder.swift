import Foundation

// Records a model once, before timing starts, for `ReplayDecoder` (see `nullCoder(for:)`).

/// An encoder that records what it is given as a `RecordedValue` tree, once per model before
/// anything is timed, for `ReplayDecoder` to decode.
final class RecordingEncoder: Encoder {
    /// What a container writes into: a value that is set once, or a container's entries.
    final class Slot {
        var scalar: RecordedValue?
        var entries: [(key: String, slot: Slot)]?
        var items: [Slot]?

        var recorded: RecordedValue {
            if let entries { return .keyed(entries.map { ($0.key, $0.slot.recorded) }) }
            if let items { return .unkeyed(items.map(\.recorded)) }
            return scalar ?? .null
        }

        /// The slot for `key`: the entry already written under it, or a new one.
        func entry(_ key: String) -> Slot {
            if entries == nil { entries = [] }
            if let existing = entries!.first(where: { $0.key == key }) { return existing.slot }
            let slot = Slot()
            entries!.append((key, slot))
            return slot
        }

        func item() -> Slot {
            if items == nil { items = [] }
            let slot = Slot()
            items!.append(slot)
            return slot
        }
    }

    let slot: Slot
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(slot: Slot, codingPath: [any CodingKey] = []) {
        self.slot = slot
        self.codingPath = codingPath
    }

    /// Records `value`.
    static func record<T: Encodable>(_ value: T) throws -> RecordedValue {
        let slot = Slot()
        try RecordingEncoder(slot: slot).write(value, into: slot)
        return slot.recorded
    }

    func write<T: Encodable>(_ value: T, into slot: Slot) throws {
        if NullCoding.isOpaque(T.self) {
            slot.scalar = NullCoding.opaque(value)
            return
        }
        try value.encode(to: RecordingEncoder(slot: slot, codingPath: codingPath))
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if slot.entries == nil { slot.entries = [] }
        return KeyedEncodingContainer(Keyed<Key>(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if slot.items == nil { slot.items = [] }
        return Unkeyed(encoder: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { Single(encoder: self) }

    private struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let encoder: RecordingEncoder
        var codingPath: [any CodingKey] { encoder.codingPath }

        mutating func encodeNil(forKey key: Key) throws { encoder.slot.entry(key.stringValue).scalar = .null }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            try encoder.write(value, into: encoder.slot.entry(key.stringValue))
        }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            RecordingEncoder(slot: encoder.slot.entry(key.stringValue), codingPath: codingPath + [key]).container(keyedBy: keyType)
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            RecordingEncoder(slot: encoder.slot.entry(key.stringValue), codingPath: codingPath + [key]).unkeyedContainer()
        }
        mutating func superEncoder() -> any Encoder {
            RecordingEncoder(slot: encoder.slot.entry("super"), codingPath: codingPath)
        }
        mutating func superEncoder(forKey key: Key) -> any Encoder {
            RecordingEncoder(slot: encoder.slot.entry(key.stringValue), codingPath: codingPath + [key])
        }
    }

    private struct Unkeyed: UnkeyedEncodingContainer {
        let encoder: RecordingEncoder
        var codingPath: [any CodingKey] { encoder.codingPath }
        var count: Int { encoder.slot.items?.count ?? 0 }

        mutating func encodeNil() throws { encoder.slot.item().scalar = .null }
        mutating func encode<T: Encodable>(_ value: T) throws { try encoder.write(value, into: encoder.slot.item()) }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            RecordingEncoder(slot: encoder.slot.item(), codingPath: codingPath).container(keyedBy: keyType)
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            RecordingEncoder(slot: encoder.slot.item(), codingPath: codingPath).unkeyedContainer()
        }
        mutating func superEncoder() -> any Encoder { RecordingEncoder(slot: encoder.slot.item(), codingPath: codingPath) }
    }

    private struct Single: SingleValueEncodingContainer {
        let encoder: RecordingEncoder
        var codingPath: [any CodingKey] { encoder.codingPath }

        mutating func encodeNil() throws { encoder.slot.scalar = .null }
        mutating func encode(_ value: Bool) throws { encoder.slot.scalar = .bool(value) }
        mutating func encode(_ value: String) throws { encoder.slot.scalar = .string(value) }
        mutating func encode(_ value: Double) throws { encoder.slot.scalar = .double(value) }
        mutating func encode(_ value: Float) throws { encoder.slot.scalar = .float(value) }
        mutating func encode(_ value: Int) throws { encoder.slot.scalar = .signed(Int64(value)) }
        mutating func encode(_ value: Int8) throws { encoder.slot.scalar = .signed(Int64(value)) }
        mutating func encode(_ value: Int16) throws { encoder.slot.scalar = .signed(Int64(value)) }
        mutating func encode(_ value: Int32) throws { encoder.slot.scalar = .signed(Int64(value)) }
        mutating func encode(_ value: Int64) throws { encoder.slot.scalar = .signed(value) }
        mutating func encode(_ value: UInt) throws { encoder.slot.scalar = .unsigned(UInt64(value)) }
        mutating func encode(_ value: UInt8) throws { encoder.slot.scalar = .unsigned(UInt64(value)) }
        mutating func encode(_ value: UInt16) throws { encoder.slot.scalar = .unsigned(UInt64(value)) }
        mutating func encode(_ value: UInt32) throws { encoder.slot.scalar = .unsigned(UInt64(value)) }
        mutating func encode(_ value: UInt64) throws { encoder.slot.scalar = .unsigned(value) }
        mutating func encode<T: Encodable>(_ value: T) throws { try encoder.write(value, into: encoder.slot) }
    }
}
