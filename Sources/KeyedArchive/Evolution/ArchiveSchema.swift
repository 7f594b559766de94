/// What the archives of a type hold, field by field: the input of the compatibility check
/// (``ArchiveSchema/breakingChanges(from:to:)``), printed as JSON by `karchive schema`.
///
/// A schema names its root type and lists every keyed type the root reaches, by name; a field
/// whose value is one of them names it (``ArchiveValueType/type(_:)``), so recursive types are
/// finite.
public struct ArchiveSchema: Codable, Sendable, Hashable {
    /// The type of the archive's root value.
    public var root: String
    /// The keyed types the root reaches, the root's included, by name.
    public var types: [String: ArchiveTypeSchema]

    /// A schema of `types`, whose root is `root`.
    public init(root: String, types: [String: ArchiveTypeSchema]) {
        self.root = root
        self.types = types
    }
}

/// A keyed type's fields, in the order they are written.
public struct ArchiveTypeSchema: Codable, Sendable, Hashable {
    /// The fields, in key order.
    public var fields: [ArchiveFieldSchema]
    /// Whether the type keeps the entries it has no field for (``ArchiveUnknownFields``).
    public var keepsUnknownFields: Bool

    /// A type with `fields`.
    public init(fields: [ArchiveFieldSchema], keepsUnknownFields: Bool = false) {
        self.fields = fields
        self.keepsUnknownFields = keepsUnknownFields
    }
}

/// One stored property as an archive holds it.
public struct ArchiveFieldSchema: Codable, Sendable, Hashable {
    /// The property's name.
    public var name: String
    /// Its key's integer, if the key has one (an integer key in the archive).
    public var intKey: Int?
    /// Its key's name.
    public var stringKey: String
    /// The type of its value.
    public var type: ArchiveValueType
    /// Whether a missing key decodes as a default (an initial value under
    /// `@ArchiveCodable(defaultsForMissingKeys: true)`, or ``ArchiveDefault``).
    public var hasDefault: Bool
    /// Names it had before (`@ArchiveAlias`), read when its key is absent.
    public var aliases: [String]

    /// A field named `name` with key `stringKey` (and `intKey`, if the key has an integer).
    public init(name: String, intKey: Int? = nil, stringKey: String? = nil, type: ArchiveValueType,
                hasDefault: Bool = false, aliases: [String] = []) {
        self.name = name
        self.intKey = intKey
        self.stringKey = stringKey ?? name
        self.type = type
        self.hasDefault = hasDefault
        self.aliases = aliases
    }

    /// Whether its type is optional: a `nil` is written by leaving the key out, and a missing key
    /// decodes as `nil`.
    public var isOptional: Bool {
        if case .optional = type { return true }
        return false
    }

    /// Whether reading an archive without its key fails (`keyNotFound`).
    public var isRequired: Bool { !isOptional && !hasDefault }
}

/// The type of a field's value.
public indirect enum ArchiveValueType: Codable, Sendable, Hashable, CustomStringConvertible {
    /// A standard scalar, by its Swift name: `Bool`, `String`, `Int`, `Int8` … `UInt64`,
    /// `Int128`, `UInt128`, `Double`, `Float`, `Date`, `Data`, `UUID`, `URL`.
    case scalar(String)
    /// An optional.
    case optional(ArchiveValueType)
    /// An array (or another unkeyed collection).
    case array(ArchiveValueType)
    /// A dictionary.
    case dictionary(key: ArchiveValueType, value: ArchiveValueType)
    /// A keyed type the schema describes, by name: as Swift spells it without modules, with the
    /// types it is nested in (`Document.Margins`).
    case type(String)
    /// Any other type, by name (as for `type`, generic arguments included: `Box<Date>`):
    /// compared by name only.
    case other(String)

    /// The type as Swift spells it.
    public var description: String {
        switch self {
        case .scalar(let name), .type(let name), .other(let name): name
        case .optional(let wrapped): "\(wrapped)?"
        case .array(let element): "[\(element)]"
        case .dictionary(let key, let value): "[\(key): \(value)]"
        }
    }
}
