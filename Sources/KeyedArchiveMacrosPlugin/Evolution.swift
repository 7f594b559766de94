/// What a type's generated decoding does beyond the synthesized conformance's reads, for types
/// that change across versions: aliases (`@ArchiveAlias`) and, with
/// `@ArchiveCodable(defaultsForMissingKeys: true)`, initial values as defaults.
///
/// Both decoding paths are written from `reads`, so they read the same keys in the same order
/// and fall back alike: the generated code (by key position) and the `init(from:)` that
/// replaces the synthesized one (by `CodingKeys`), which `JSONDecoder` and
/// `PropertyListDecoder` use.
struct Evolution {
    let defaultsForMissingKeys: Bool
    /// The alias names of the type's entries, each once: `_archiveAliasKeys`.
    let aliasNames: [String]
    /// Whether any decoded entry reads differently from the synthesized `init(from:)`, which
    /// the macro then replaces.
    let replacesInitFromDecoder: Bool

    init(shape: CodableShape, defaultsForMissingKeys: Bool) {
        self.defaultsForMissingKeys = defaultsForMissingKeys
        aliasNames = shape.aliasNames
        replacesInitFromDecoder = shape.entries.contains {
            $0.isDecoded && (!$0.aliases.isEmpty || (defaultsForMissingKeys && $0.hasInitialValue))
        }
    }

    /// The positions in `aliasNames` (`_archiveAliasKeys`) of `entry`'s aliases, in the order
    /// they are tried: what the generated reads name, and `ArchiveKeySet`'s `aliasesOfKeys`.
    func aliasPositions(of entry: CodableShape.Entry) -> [Int] {
        entry.aliases.map { aliasNames.firstIndex(of: $0)! }
    }

    /// Whether `entry`'s property keeps its initial value when its key is missing.
    func hasDefault(_ entry: CodableShape.Entry) -> Bool {
        defaultsForMissingKeys && entry.hasInitialValue
    }

    /// The statements that set `property` from the container's `key`, or else from the first
    /// of `aliasKeys` (in the container `aliases`) the container holds, or else leave it its
    /// initial value (a default; an optional is `nil`, as always) or read `key` anyway, which
    /// throws `keyNotFound` or gives an optional `nil`, as the synthesized `init(from:)` does.
    /// `decode(container, key)` is the expression that reads a key; `decodeWithDefault(container,
    /// key, property)` the statement that reads it if present into `property`, which holds its
    /// default.
    func reads(_ entry: CodableShape.Entry, property: String, key: String, aliasKeys: [String],
               contains: (String, String) -> String, decode: (String, String) -> String,
               decodeWithDefault: (String, String, String) -> String) -> [String] {
        let read = "\(property) = \(decode("container", key))"
        let fallback = hasDefault(entry) ? decodeWithDefault("container", key, property) : read
        guard !aliasKeys.isEmpty else { return [fallback] }
        var lines = ["if \(contains("container", key)) {", "    \(read)"]
        for alias in aliasKeys {
            lines += ["} else if \(contains("aliases", alias)) {", "    \(property) = \(decode("aliases", alias))"]
        }
        lines += ["} else {", "    \(fallback)", "}"]
        return lines
    }
}
