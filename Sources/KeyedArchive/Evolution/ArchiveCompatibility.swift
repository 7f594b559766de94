/// A change between two versions of a type that breaks reading one version's archives with
/// the other, found by ``ArchiveSchema/breakingChanges(from:to:)``.
public struct ArchiveBreakingChange: Codable, Sendable, Hashable, CustomStringConvertible {
    /// What kind of change.
    public enum Kind: String, Codable, Sendable, Hashable {
        /// A required field (not optional, no default) that the older archives do not have:
        /// the newer type cannot read them.
        case addedWithoutDefault
        /// A field the older type requires that the newer archives no longer have: the older
        /// type cannot read them.
        case removedRequired
        /// A field whose values, written as one type, cannot be read as the other.
        case typeChanged
        /// An integer key that now names another field, of a type the old one's values cannot
        /// be read as (protobuf's classic hazard).
        case integerKeyReused
        /// A field's key that went from an integer to a string or back: one version cannot
        /// find the other's entries.
        case keyFormChanged
        /// A field's integer key that changed: neither version finds the other's entries.
        case keyRenumbered
        /// A field whose integer key and name find two different entries of the other
        /// version's archives (one by each): decoding refuses such an archive as ambiguous.
        case ambiguousKey
        /// A case added to an enum with raw values: the older type cannot read a newer archive
        /// that holds it.
        case caseAdded
        /// A case removed from an enum with raw values: the newer type cannot read an older
        /// archive that holds it.
        case caseRemoved
        /// A field renamed with an alias (`@ArchiveAlias`): the newer type reads the older
        /// archives under the old name, but the older type does not find the field in newer
        /// archives. It fails if the field is required; else it reads its default or `nil`, and
        /// if it keeps unknown fields it writes its own value under the old name beside the new
        /// one, which the newer type then reads, the older type's edit lost.
        case renamed
    }

    /// Which version's reading a change breaks.
    public enum Direction: String, Codable, Sendable, Hashable {
        /// The new type cannot read archives the old type wrote (an app update opening the
        /// files it saved before).
        case newReadingOld
        /// The old type cannot read archives the new type writes (an older release, still
        /// installed somewhere, opening a newer file).
        case oldReadingNew
        /// Neither reads the other's archives, for one cause (a renumbered key). A change that
        /// breaks each reading in its own way (a type changed both ways) is reported once per
        /// direction.
        case both
    }

    /// What kind of change.
    public let kind: Kind
    /// Which version's reading breaks.
    public let direction: Direction
    /// The field, from the root type: `Settings.window.width`.
    public let path: String
    /// What changed and which version cannot read which.
    public let detail: String

    /// The change as one line: `path: detail`.
    public var description: String { "\(path): \(detail)" }
}

extension ArchiveSchema {
    /// Every change from `old` to `new` that breaks reading: the new type reading archives of
    /// the old one, or the old type (still installed somewhere) reading archives of the new one.
    /// Empty if each reads the other's archives.
    ///
    /// The types are matched from the roots down, field by field as decoding matches keys: by
    /// integer key, by name, or by an alias of the reader's. Each pair of nested types is
    /// compared once, so recursive types end.
    public static func breakingChanges(from old: ArchiveSchema, to new: ArchiveSchema) -> [ArchiveBreakingChange] {
        var check = CompatibilityCheck(old: old, new: new)
        check.compareRoots(newReadsOld: true)
        check.compareRoots(newReadsOld: false)
        return check.changes
    }
}

/// The walk of `ArchiveSchema.breakingChanges(from:to:)`.
private struct CompatibilityCheck {
    let old: ArchiveSchema
    let new: ArchiveSchema
    var changes: [ArchiveBreakingChange] = []
    private var compared: Set<[String]> = []

    init(old: ArchiveSchema, new: ArchiveSchema) {
        self.old = old
        self.new = new
    }

    mutating func report(_ kind: ArchiveBreakingChange.Kind, _ path: String, _ detail: String, newReadsOld: Bool) {
        report(kind, path, detail, direction: newReadsOld ? .newReadingOld : .oldReadingNew)
    }

    mutating func report(_ kind: ArchiveBreakingChange.Kind, _ path: String, _ detail: String, direction: ArchiveBreakingChange.Direction) {
        let change = ArchiveBreakingChange(kind: kind, direction: direction, path: path, detail: detail)
        if !changes.contains(change) { changes.append(change) }
    }

    /// Compares the roots one way: as any field's values, so that a root that is an array of
    /// keyed values compares their types.
    mutating func compareRoots(newReadsOld: Bool) {
        let (oldRoot, newRoot) = (old.rootValueType, new.rootValueType)
        let (written, read) = newReadsOld ? (oldRoot, newRoot) : (newRoot, oldRoot)
        let (writer, reader) = newReadsOld ? (old, new) : (new, old)
        var nested: [(String, String)] = []
        var missingCases: [String] = []
        guard Self.readable(written: written, as: read, writer: writer, reader: reader, nested: &nested, missingCases: &missingCases) else {
            report(.typeChanged, new.root, "the root, \(oldRoot), became \(newRoot): "
                   + (newReadsOld ? "the new type cannot read the old archives" : "the old type cannot read the new archives"),
                   newReadsOld: newReadsOld)
            return
        }
        reportCases(missingCases, path: new.root, newReadsOld: newReadsOld)
        for (writtenName, readName) in nested {
            if newReadsOld {
                compare(old: writtenName, new: readName, path: new.root, newReadsOld: true)
            } else {
                compare(old: readName, new: writtenName, path: new.root, newReadsOld: false)
            }
        }
    }

    /// Compares old type `oldName` with new type `newName`, reached at `path`, one way: the new
    /// type reading the old one's values, or the other way. Nested types are reached the same
    /// way: one version's field may read the other's when the other way finds nothing.
    mutating func compare(old oldName: String, new newName: String, path: String, newReadsOld: Bool) {
        guard compared.insert([oldName, newName, newReadsOld ? "new reads old" : "old reads new"]).inserted,
              let oldType = old.types[oldName], let newType = new.types[newName] else { return }
        if newReadsOld {
            readAll(newType, from: oldType, path: path, newReadsOld: true)
        } else {
            readAll(oldType, from: newType, path: path, newReadsOld: false)
        }
    }

    /// Checks each field of `reader` against the entries of `writer` it finds.
    private mutating func readAll(_ reader: ArchiveTypeSchema, from writer: ArchiveTypeSchema, path: String, newReadsOld: Bool) {
        for field in reader.fields {
            let fieldPath = path + "." + field.name
            if let integer = field.intKey, let byInteger = writer.fields.first(where: { $0.intKey == integer }),
               let byName = writer.fields.first(where: { $0.intKey == nil && $0.stringKey == field.stringKey }), byInteger != byName {
                report(.ambiguousKey, fieldPath, "integer key \(integer) finds \(byInteger.name) and the name \"\(field.stringKey)\" finds \(byName.name) in "
                       + (newReadsOld ? "the old archives: the new type refuses them" : "the new archives: the old type refuses them"),
                       newReadsOld: newReadsOld)
                continue
            }
            let written = Self.entry(readBy: field, in: writer)
            // A field of the same name whose entries the reader no longer finds (it finds
            // another field's, or none): its values do not reach it, whatever its default.
            if let same = writer.fields.first(where: { $0.stringKey == field.stringKey }), written != same {
                let (old, new) = newReadsOld ? (same, field) : (field, same)
                if (old.intKey == nil) != (new.intKey == nil) {
                    report(.keyFormChanged, fieldPath, "key \(Self.describeKey(old)) became \(Self.describeKey(new)): "
                           + (newReadsOld ? "the new type cannot find the old archives' entries" : "the old type cannot find the new archives' entries"),
                           newReadsOld: newReadsOld)
                } else {
                    report(.keyRenumbered, fieldPath, "integer key \(old.intKey!) became \(new.intKey!): neither version finds the other's entries",
                           direction: .both)
                }
            }
            if let written {
                check(written: written, read: field, path: fieldPath, newReadsOld: newReadsOld)
            } else if !newReadsOld, let renamed = writer.fields.first(where: { $0.aliases.contains(field.stringKey) }) {
                // An alias reads old archives, and only those: whether or not the old type
                // requires the field, its value does not reach it from new archives.
                let outcome = field.isRequired ? "cannot read them" : "reads \(field.isOptional ? "nil" : "its default") there"
                report(.renamed, fieldPath, "\(field.name) is now \(renamed.name), which reads old archives through its alias \"\(field.stringKey)\"; "
                       + "the old type does not find \(field.name) in new archives and \(outcome)", newReadsOld: false)
            } else if field.isRequired {
                if newReadsOld {
                    report(.addedWithoutDefault, fieldPath, "\(field.name): \(field.type) is required, and archives of the old type do not have it",
                           newReadsOld: true)
                } else {
                    report(.removedRequired, fieldPath, "the old type requires \(field.name): \(field.type), and archives of the new type do not have it",
                           newReadsOld: false)
                }
            }
        }
    }

    /// Whether values of field `written` read as field `read`, and the nested types to compare.
    private mutating func check(written: ArchiveFieldSchema, read: ArchiveFieldSchema, path: String, newReadsOld: Bool) {
        var nested: [(String, String)] = []
        // A nil is written by leaving the key out: a reader that is not optional then takes its
        // default, or fails.
        var writtenType = written.type
        if case .optional(let wrapped) = written.type, !read.isOptional {
            guard read.hasDefault else {
                report(.typeChanged, path, newReadsOld
                       ? "\(written.type) became \(read.type): the new type cannot read an old archive's nil"
                       : "\(read.type) became \(written.type): the old type cannot read a new archive's nil", newReadsOld: newReadsOld)
                return
            }
            writtenType = wrapped
        }
        let (writer, reader) = newReadsOld ? (old, new) : (new, old)
        var missingCases: [String] = []
        guard Self.readable(written: writtenType, as: read.type, writer: writer, reader: reader, nested: &nested, missingCases: &missingCases) else {
            let kind: ArchiveBreakingChange.Kind = written.name != read.name && written.intKey != nil && written.intKey == read.intKey
                ? .integerKeyReused : .typeChanged
            let who = newReadsOld ? "the new type cannot read the old archives'" : "the old type cannot read the new archives'"
            let what = kind == .integerKeyReused
                ? "integer key \(read.intKey!) was \(newReadsOld ? written.name : read.name): \(newReadsOld ? written.type : read.type) and is now \(newReadsOld ? read.name : written.name): \(newReadsOld ? read.type : written.type)"
                : "\(newReadsOld ? written.type : read.type) became \(newReadsOld ? read.type : written.type)"
            report(kind, path, "\(what): \(who) values", newReadsOld: newReadsOld)
            return
        }
        reportCases(missingCases, path: path, newReadsOld: newReadsOld)
        for (writtenName, readName) in nested {
            if newReadsOld {
                compare(old: writtenName, new: readName, path: path, newReadsOld: true)
            } else {
                compare(old: readName, new: writtenName, path: path, newReadsOld: false)
            }
        }
    }

    /// Reports the enum cases one version writes that the other does not read: added ones when
    /// the old type reads, removed ones when the new type does.
    private mutating func reportCases(_ cases: [String], path: String, newReadsOld: Bool) {
        guard !cases.isEmpty else { return }
        let list = cases.map { "\"\($0)\"" }.joined(separator: ", ")
        if newReadsOld {
            report(.caseRemoved, path, "the enum no longer has the raw value\(cases.count == 1 ? "" : "s") \(list): the new type cannot read old archives that hold \(cases.count == 1 ? "it" : "one")", newReadsOld: true)
        } else {
            report(.caseAdded, path, "the enum has the new raw value\(cases.count == 1 ? "" : "s") \(list): the old type cannot read new archives that hold \(cases.count == 1 ? "it" : "one")", newReadsOld: false)
        }
    }

    /// The field of `type` whose entries `reader` finds: by its integer key, or by its name or
    /// an alias when the entry's key is a string.
    static func entry(readBy reader: ArchiveFieldSchema, in type: ArchiveTypeSchema) -> ArchiveFieldSchema? {
        if let integer = reader.intKey, let found = type.fields.first(where: { $0.intKey == integer }) { return found }
        let names = [reader.stringKey] + reader.aliases
        for name in names {
            if let found = type.fields.first(where: { $0.intKey == nil && $0.stringKey == name }) { return found }
        }
        return nil
    }

    static func describeKey(_ field: ArchiveFieldSchema) -> String {
        field.intKey.map { "\($0)" } ?? "\"\(field.stringKey)\""
    }

    /// The integer scalars, by name: signedness and bit width.
    static let integers: [String: (signed: Bool, bits: Int)] = [
        "Int": (true, 64), "Int8": (true, 8), "Int16": (true, 16), "Int32": (true, 32), "Int64": (true, 64), "Int128": (true, 128),
        "UInt": (false, 64), "UInt8": (false, 8), "UInt16": (false, 16), "UInt32": (false, 32), "UInt64": (false, 64), "UInt128": (false, 128),
    ]

    /// Whether every value of scalar `written` reads as scalar `read`, as the decoder converts:
    /// an integer into any integer type that holds all its values, and into floating point (and
    /// so a `Date`, which reads a number as seconds) when every value converts exactly; a `Float`
    /// into a `Double` or a `Date`, a `Double` into a `Date`.
    static func readableScalar(written: String, as read: String) -> Bool {
        if written == read { return true }
        if let w = integers[written] {
            if let r = integers[read] { return w.signed == r.signed ? r.bits >= w.bits : (r.signed && r.bits > w.bits) }
            // Magnitudes of up to 53 bits (24 for a Float) convert exactly.
            let magnitudeBits = w.signed ? w.bits - 1 : w.bits
            switch read {
            case "Double", "Date": return magnitudeBits <= 53
            case "Float": return magnitudeBits <= 24
            default: return false
            }
        }
        switch (written, read) {
        case ("Float", "Double"), ("Float", "Date"), ("Double", "Date"): return true
        default: return false
        }
    }

    /// Whether every value written as `written` reads as `read` (nested keyed types are noted
    /// in `nested`, to compare in turn; the raw values of an enum that the reading enum has no
    /// case for in `missingCases`, each a breaking change of its own).
    ///
    /// A keyed type reads as a dictionary whose values all its fields' values read as, and a
    /// dictionary as a keyed type none of whose fields it could lack, each reading its values.
    /// `writer` and `reader` are the schemas the two types are from; `depth` bounds the walk
    /// through types that contain themselves.
    static func readable(written: ArchiveValueType, as read: ArchiveValueType, writer: ArchiveSchema, reader: ArchiveSchema,
                         depth: Int = 0, nested: inout [(String, String)], missingCases: inout [String]) -> Bool {
        func inner(_ w: ArchiveValueType, _ r: ArchiveValueType) -> Bool {
            readable(written: w, as: r, writer: writer, reader: reader, depth: depth + 1, nested: &nested, missingCases: &missingCases)
        }
        guard depth < 16 else { return false }
        switch (written, read) {
        case (.scalar(let w), .scalar(let r)):
            return readableScalar(written: w, as: r)
        case (.scalar("Data"), .array(.scalar("UInt8"))), (.array(.scalar("UInt8")), .scalar("Data")):
            return true   // one bytes value (`Spec/FORMAT.md`)
        case (.optional(let w), .optional(let r)):
            return inner(w, r)
        case (_, .optional(let r)):
            return inner(written, r)
        case (.array(let w), .array(let r)):
            return inner(w, r)
        case (.dictionary(let wk, let wv), .dictionary(let rk, let rv)):
            return inner(wk, rk) && inner(wv, rv)
        case (.type(let w), .type(let r)):
            nested.append((w, r))
            return true
        case (.type(let w), .dictionary(_, let value)):
            // Each field's value (a nil one is left out) reads as the dictionary's values.
            return writer.types[w]?.fields.allSatisfy { field in
                if case .optional(let wrapped) = field.type { return inner(wrapped, value) }
                return inner(field.type, value)
            } ?? false
        case (.dictionary(_, let value), .type(let r)):
            // A dictionary may lack any key, and holds values of one type under the others.
            return reader.types[r]?.fields.allSatisfy { !$0.isRequired && inner(value, $0.type) } ?? false
        case (.enumeration(_, let w, let writtenCases), .enumeration(_, let r, let readCases)):
            // Raw values are written: the reader must read the raw type, and have each case.
            guard inner(w, r) else { return false }
            let known = Set(readCases)
            missingCases += writtenCases.filter { !known.contains($0) }
            return true
        case (.enumeration(_, let w, _), .scalar):
            return inner(w, read)   // an enum's raw values, read as what they are
        case (.enumeration(let w, _, _), .other(let r)), (.other(let w), .enumeration(let r, _, _)):
            return w == r           // one side's cases are not known: by name, as `other`
        case (.other(let w), .other(let r)):
            return w == r
        default:
            return false
        }
    }
}
