import Foundation
@_spi(ArchiveTools) import KeyedArchive

/// An archive value as `from-json` has read it from JSON (`JSONToArchive`): the wire items of
/// `Spec/FORMAT.md` §2, with wrappers resolved, keys decided and every value checked, so that
/// writing it cannot fail on the input.
indirect enum MappedValue {
    /// `00` for level 0, else a nested nil `0F` + level.
    case null(level: UInt64)
    case bool(Bool)
    case integer(ArchiveIntegerValue)
    case float(Float)
    case double(Double)
    case string(String)
    case bytes(Data)
    /// Seconds since 2001-01-01T00:00:00Z.
    case date(Double)
    case uuid(UUID)
    /// The text of a URL item, any string (`Spec/FORMAT.md` §7).
    case url(String)
    case keyed([(key: Key, value: MappedValue)])
    case unkeyed([MappedValue])

    /// A keyed entry's key.
    enum Key {
        case int(Int64)
        case string(String)
    }
}

/// A `MappedValue` as an `Encodable` value, so that `ArchiveEncoder` writes it with the wire
/// items it names.
struct EncodableMappedValue: Encodable {
    let value: MappedValue

    func encode(to encoder: any Encoder) throws {
        switch value {
        case .keyed(let entries):
            var container = encoder.container(keyedBy: EntryKey.self)
            for entry in entries {
                try container.encode(EncodableMappedValue(value: entry.value), forKey: EntryKey(entry.key))
            }
        case .unkeyed(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(EncodableMappedValue(value: element)) }
        case .null(let level):
            var container = encoder.singleValueContainer()
            if level == 0 {
                try container.encodeNil()
            } else {
                // ArchiveEncoder writes a nil inside n + 1 Optionals (through single-value
                // containers) as the nested nil of level n (Spec/FORMAT.md §10).
                try Self.encodeNil(Bool?.none, levels: level, into: &container)
            }
        case .bool(let b): try encodeSingle(b, to: encoder)
        case .integer(.signed(let n)): try encodeSingle(n, to: encoder)
        case .integer(.unsigned(let n)): try encodeSingle(n, to: encoder)
        case .float(let x): try encodeSingle(x, to: encoder)
        case .double(let x): try encodeSingle(x, to: encoder)
        case .string(let s): try encodeSingle(s, to: encoder)
        case .bytes(let data): try encodeSingle(data, to: encoder)
        case .date(let seconds): try encodeSingle(Date(timeIntervalSinceReferenceDate: seconds), to: encoder)
        case .uuid(let uuid): try encodeSingle(uuid, to: encoder)
        case .url(let text): try ArchiveURLText(text).encode(to: encoder)
        }
    }

    private func encodeSingle<T: Encodable>(_ value: T, to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }

    /// Encodes `value` (an `Optional` holding nil) wrapped in `levels` more `.some`s: the
    /// `Optional` type grows by one level per call, which a loop cannot do.
    private static func encodeNil<T: Encodable>(_ value: T?, levels: UInt64, into container: inout any SingleValueEncodingContainer) throws {
        if levels == 0 { return try container.encode(value) }
        try encodeNil(T??.some(value), levels: levels - 1, into: &container)
    }

    /// A member's key. An integer key is also spelled as its decimal name and
    /// `init(intValue:)` gives it back, which is what makes `ArchiveEncoder` write it as an
    /// integer (`Spec/FORMAT.md` §8.1); a string key has no `intValue`, so it stays a string.
    struct EntryKey: CodingKey {
        let stringValue: String
        let intValue: Int?

        init(_ key: MappedValue.Key) {
            switch key {
            // By its decimal name where `Int` cannot hold it (32 bits): the same key (§8.3).
            case .int(let n): if let n = Int(exactly: n) { self.init(intValue: n) } else { self.init(stringValue: String(n)) }
            case .string(let s): self.init(stringValue: s)
            }
        }

        init(stringValue: String) {
            self.stringValue = stringValue
            self.intValue = nil
        }

        init(intValue: Int) {
            self.stringValue = String(intValue)
            self.intValue = intValue
        }
    }
}
