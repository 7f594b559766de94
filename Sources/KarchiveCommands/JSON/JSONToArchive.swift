import KeyedArchive

/// A JSON document as an `Encodable` value, so that `ArchiveEncoder` writes it
/// (`karchive from-json`): objects become string-keyed containers (a member named "7" stays the
/// string key "7"), arrays unkeyed containers, `null` nil, numbers the narrowest exact type
/// `JSONParser` chose.
struct EncodableJSON: Encodable {
    let value: JSONValue

    func encode(to encoder: any Encoder) throws {
        switch value {
        case .object(let members):
            var container = encoder.container(keyedBy: MemberName.self)
            for member in members {
                try container.encode(EncodableJSON(value: member.value), forKey: MemberName(stringValue: member.key))
            }
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(EncodableJSON(value: element)) }
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let b):
            var container = encoder.singleValueContainer()
            try container.encode(b)
        case .string(let s):
            var container = encoder.singleValueContainer()
            try container.encode(s)
        case .number(let n):
            var container = encoder.singleValueContainer()
            switch n {
            case .integer(.signed(let i)): try container.encode(i)
            case .integer(.unsigned(let u)): try container.encode(u)
            case .float(let x): try container.encode(x)
            case .double(let x): try container.encode(x)
            }
        }
    }

    /// A member name: always a string key, never an integer one.
    struct MemberName: CodingKey {
        let stringValue: String
        init(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }
}
