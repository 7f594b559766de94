/// What the archives of a type hold, field by field: the input of the compatibility check
/// (``ArchiveSchema/breakingChanges(from:to:)``), printed as JSON by `karchive schema`.
///
/// A schema names its root type and lists every keyed type the root reaches, by name; a field
/// whose value is one of them names it (``ArchiveValueType/type(_:)``), so recursive types are
/// finite. A root that is not a keyed type (archives of `[Note]`) is given by ``rootType``.
///
/// Its JSON form (`Codable`; what `karchive schema` prints and `karchive compat` reads) leaves
/// out what is the default, so that a schema file can be written by hand:
///
/// ```json
/// {"root": "Settings", "types": {"Settings": {"fields": [
///     {"name": "theme", "type": {"scalar": "String"}},
///     {"name": "fontSize", "intKey": 2, "type": {"scalar": "Int"}, "hasDefault": true},
///     {"name": "color", "type": {"optional": {"scalar": "String"}}, "aliases": ["colour"]}
/// ]}}}
/// ```
public struct ArchiveSchema: Codable, Sendable, Hashable {
    /// The name of the archive's root type, where the paths of breaking changes start.
    public var root: String
    /// The root value's type when it is not the keyed type ``root`` names (an array of keyed
    /// values, say); `nil` when it is.
    public var rootType: ArchiveValueType?
    /// The keyed types the root reaches, the root's included, by name.
    public var types: [String: ArchiveTypeSchema]

    /// A schema of `types`, whose root is `root` (or a value of type `rootType`, if given).
    public init(root: String, types: [String: ArchiveTypeSchema], rootType: ArchiveValueType? = nil) {
        self.root = root
        self.types = types
        self.rootType = rootType
    }

    /// The root value's type: ``rootType``, or the keyed type ``root`` names.
    public var rootValueType: ArchiveValueType { rootType ?? .type(root) }
}

/// A keyed type's fields, in the order they are written.
public struct ArchiveTypeSchema: Sendable, Hashable {
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
public struct ArchiveFieldSchema: Sendable, Hashable {
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
public indirect enum ArchiveValueType: Sendable, Hashable, CustomStringConvertible {
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
    /// An enum whose values are written as their raw values, by name (as for `type`), with its
    /// raw value type and the raw value of each case, spelled in decimal for integers: a case
    /// one version has and the other lacks is a breaking change (``ArchiveBreakingChange/Kind/caseAdded``,
    /// ``ArchiveBreakingChange/Kind/caseRemoved``). A generated schema lists the cases of an
    /// `@ArchiveCodable` enum with raw values, and of a `CaseIterable` one; a schema inferred
    /// from archives cannot tell an enum from its raw values, and shows these.
    case enumeration(String, rawValue: ArchiveValueType, cases: [String])
    /// Any other type, by name (as for `type`, generic arguments included: `Box<Date>`):
    /// compared by name only.
    case other(String)

    /// The type as Swift spells it.
    public var description: String {
        switch self {
        case .scalar(let name), .type(let name), .other(let name), .enumeration(let name, _, _): name
        case .optional(let wrapped): "\(wrapped)?"
        case .array(let element): "[\(element)]"
        case .dictionary(let key, let value): "[\(key): \(value)]"
        }
    }
}
