#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The JSON form of a schema's parts (see ``ArchiveSchema``): what is the default is left out
/// when written and may be left out when read, and a value type is one key naming its kind.

extension ArchiveTypeSchema: Codable {
    private enum CodingKeys: String, CodingKey { case fields, keepsUnknownFields }

    /// Reads a type; `keepsUnknownFields` may be left out (`false`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(fields: try container.decode([ArchiveFieldSchema].self, forKey: .fields),
                  keepsUnknownFields: try container.decodeIfPresent(Bool.self, forKey: .keepsUnknownFields) ?? false)
    }

    /// Writes a type, `keepsUnknownFields` only when it is `true`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(fields, forKey: .fields)
        if keepsUnknownFields { try container.encode(true, forKey: .keepsUnknownFields) }
    }
}

extension ArchiveFieldSchema: Codable {
    private enum CodingKeys: String, CodingKey { case name, intKey, stringKey, type, hasDefault, aliases }

    /// Reads a field: `name` and `type` are needed; `stringKey` is the name if left out,
    /// `hasDefault` `false`, `aliases` none.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(name: try container.decode(String.self, forKey: .name),
                  intKey: try container.decodeIfPresent(Int.self, forKey: .intKey),
                  stringKey: try container.decodeIfPresent(String.self, forKey: .stringKey),
                  type: try container.decode(ArchiveValueType.self, forKey: .type),
                  hasDefault: try container.decodeIfPresent(Bool.self, forKey: .hasDefault) ?? false,
                  aliases: try container.decodeIfPresent([String].self, forKey: .aliases) ?? [])
    }

    /// Writes a field, without what is the default.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encodeIfPresent(intKey, forKey: .intKey)
        if stringKey != name { try container.encode(stringKey, forKey: .stringKey) }
        try container.encode(type, forKey: .type)
        if hasDefault { try container.encode(true, forKey: .hasDefault) }
        if !aliases.isEmpty { try container.encode(aliases, forKey: .aliases) }
    }
}

extension ArchiveValueType: Codable {
    private enum CodingKeys: String, CodingKey { case scalar, optional, array, dictionary, type, enumeration, other }
    private enum DictionaryKeys: String, CodingKey { case key, value }
    private enum EnumerationKeys: String, CodingKey { case name, rawValue, cases }

    /// Reads a value type: an object with one key, its kind — `{"scalar": "Int"}`,
    /// `{"optional": …}`, `{"array": …}`, `{"dictionary": {"key": …, "value": …}}`,
    /// `{"type": "Settings"}`, `{"enumeration": {"name": "Theme", "rawValue": {"scalar": "String"},
    /// "cases": ["light", "dark"]}}`, `{"other": "Mode"}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard container.allKeys.count == 1, let kind = container.allKeys.first else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: decoder.codingPath,
                debugDescription: "a value type is an object with one key, one of scalar, optional, array, dictionary, type, enumeration, other"))
        }
        switch kind {
        case .scalar: self = .scalar(try container.decode(String.self, forKey: kind))
        case .optional: self = .optional(try container.decode(ArchiveValueType.self, forKey: kind))
        case .array: self = .array(try container.decode(ArchiveValueType.self, forKey: kind))
        case .dictionary:
            let entries = try container.nestedContainer(keyedBy: DictionaryKeys.self, forKey: kind)
            self = .dictionary(key: try entries.decode(ArchiveValueType.self, forKey: .key),
                               value: try entries.decode(ArchiveValueType.self, forKey: .value))
        case .type: self = .type(try container.decode(String.self, forKey: kind))
        case .enumeration:
            let parts = try container.nestedContainer(keyedBy: EnumerationKeys.self, forKey: kind)
            self = .enumeration(try parts.decode(String.self, forKey: .name), rawValue: try parts.decode(ArchiveValueType.self, forKey: .rawValue),
                                cases: try parts.decode([String].self, forKey: .cases))
        case .other: self = .other(try container.decode(String.self, forKey: kind))
        }
    }

    /// Writes a value type as an object with one key, its kind.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .scalar(let name): try container.encode(name, forKey: .scalar)
        case .optional(let wrapped): try container.encode(wrapped, forKey: .optional)
        case .array(let element): try container.encode(element, forKey: .array)
        case .dictionary(let key, let value):
            var entries = container.nestedContainer(keyedBy: DictionaryKeys.self, forKey: .dictionary)
            try entries.encode(key, forKey: .key)
            try entries.encode(value, forKey: .value)
        case .type(let name): try container.encode(name, forKey: .type)
        case .enumeration(let name, let rawValue, let cases):
            var parts = container.nestedContainer(keyedBy: EnumerationKeys.self, forKey: .enumeration)
            try parts.encode(name, forKey: .name)
            try parts.encode(rawValue, forKey: .rawValue)
            try parts.encode(cases, forKey: .cases)
        case .other(let name): try container.encode(name, forKey: .other)
        }
    }
}

extension ArchiveSchema {
    /// The schema as JSON, as `karchive schema` prints it and `karchive compat` reads it:
    /// indented, keys sorted, a newline at the end.
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self) + Data("\n".utf8)
    }

    /// Saves the schema to the file at `url` as JSON (``jsonData()``), for `karchive compat`:
    /// a type's declared schema, `Settings.archiveSchema`, kept for each release.
    public func write(to url: URL) throws {
        try jsonData().write(to: url, options: .atomic)
    }

    /// The schema saved in the file at `url` (JSON, as ``write(to:)`` saves it, or written by hand).
    ///
    /// - Throws: the file's read error, or `DecodingError` if it is not a schema.
    public init(contentsOf url: URL) throws {
        self = try JSONDecoder().decode(ArchiveSchema.self, from: Data(contentsOf: url))
    }
}
