import Foundation
import Testing
@testable import KeyedArchive

// `ArchiveSchema.breakingChanges(from:to:)` against what actually happens: random pairs of
// schemas (fields added, removed, renamed with and without aliases, retyped, keys renumbered or
// changed in form, integer keys reused), archives of each written by the real encoder and read
// as the other by the real decoder, as generated code reads them (defaults, aliases, optionals).

/// Builds schemas from a seed.
private struct SchemaGenerator {
    var source: DiffSource
    init(seed: UInt64) { source = DiffSource(seed: seed) }

    static let scalars = ["Int8", "Int16", "Int", "UInt8", "UInt32", "Int64", "Double", "Float", "String", "Bool", "Date", "Data"]
    static let names = ["a", "b", "c", "d", "e", "f", "g"]
    /// The raw values an enum's cases may have: three at most, so that the three extreme
    /// variants that leave no optional nil write each (`DynamicValue.random`).
    static let caseNames = ["red", "green", "blue"]

    mutating func pick<T>(_ choices: [T]) -> T { choices[source.below(choices.count)] }
    mutating func chance(_ percent: Int) -> Bool { source.below(100) < percent }

    mutating func valueType(nestedAllowed: Bool) -> ArchiveValueType {
        switch source.below(nestedAllowed ? 11 : 9) {
        case 0: return .array(.scalar(pick(Self.scalars)))
        case 1: return .dictionary(key: .scalar("String"), value: .scalar(pick(Self.scalars)))
        case 2: return enumeration()
        case 9, 10: return .type("Sub")
        default: return .scalar(pick(Self.scalars))
        }
    }

    /// An enum with raw `String` values: one to three of `caseNames`, in order.
    mutating func enumeration() -> ArchiveValueType {
        var cases = Self.caseNames.filter { _ in chance(60) }
        if cases.isEmpty { cases = [pick(Self.caseNames)] }
        return .enumeration("Mode", rawValue: .scalar("String"), cases: cases)
    }

    /// `type` with a case added to or removed from its enum, wherever it is in it.
    mutating func changingCases(_ type: ArchiveValueType) -> ArchiveValueType {
        switch type {
        case .optional(let wrapped): return .optional(changingCases(wrapped))
        case .enumeration(let name, let rawValue, var cases):
            let missing = Self.caseNames.filter { !cases.contains($0) }
            if !missing.isEmpty && (cases.count == 1 || chance(50)) {
                cases.insert(pick(missing), at: source.below(cases.count + 1))
            } else {
                cases.remove(at: source.below(cases.count))
            }
            return .enumeration(name, rawValue: rawValue, cases: cases)
        default: return type
        }
    }

    mutating func field(name: String, usedInts: inout Set<Int>, nestedAllowed: Bool) -> ArchiveFieldSchema {
        var type = valueType(nestedAllowed: nestedAllowed)
        if chance(30) { type = .optional(type) }
        var intKey: Int?
        if chance(40) {
            // `Sub`'s integers are apart from `Root`'s: `FieldKey(intValue:)` finds names by integer.
            var candidate = source.below(6) + 1 + (nestedAllowed ? 0 : 100)
            while usedInts.contains(candidate) { candidate += 1 }
            usedInts.insert(candidate)
            intKey = candidate
        }
        return ArchiveFieldSchema(name: name, intKey: intKey, type: type, hasDefault: chance(25))
    }

    mutating func type(nestedAllowed: Bool) -> ArchiveTypeSchema {
        var usedInts: Set<Int> = []
        let names = Self.names.filter { _ in chance(50) }
        return ArchiveTypeSchema(fields: names.map { field(name: $0, usedInts: &usedInts, nestedAllowed: nestedAllowed) })
    }

    /// A schema whose root is `Root`, or one time in five an array of `Root`s.
    mutating func schema() -> ArchiveSchema {
        ArchiveSchema(root: "Root", types: ["Root": type(nestedAllowed: true), "Sub": type(nestedAllowed: false)],
                      rootType: chance(20) ? .array(.type("Root")) : nil)
    }

    /// `old` changed a few times.
    mutating func evolve(_ old: ArchiveSchema) -> ArchiveSchema {
        var new = old
        // Now and then the root changes form: `Root` to `[Root]`, or back.
        if chance(5) { new.rootType = new.rootType == nil ? .array(.type("Root")) : nil }
        for _ in 0..<(source.below(3) + 1) {
            let typeName = chance(75) ? "Root" : "Sub"
            var type = new.types[typeName]!
            var usedInts = Set(type.fields.compactMap(\.intKey))
            let base = typeName == "Root" ? 0 : 100
            let index = type.fields.isEmpty ? nil : source.below(type.fields.count)
            switch source.below(10) {
            case 0:   // add
                let free = Self.names.filter { name in !type.fields.contains { $0.name == name } }
                if !free.isEmpty {
                    type.fields.insert(field(name: pick(free), usedInts: &usedInts, nestedAllowed: typeName == "Root"),
                                       at: source.below(type.fields.count + 1))
                }
            case 1:   // remove
                if let index { type.fields.remove(at: index) }
            case 2, 3:   // rename, with an alias half the time
                if let index {
                    let free = Self.names.filter { name in !type.fields.contains { $0.name == name } }
                    if !free.isEmpty {
                        let old = type.fields[index]
                        type.fields[index].name = pick(free)
                        type.fields[index].stringKey = type.fields[index].name
                        if chance(50) { type.fields[index].aliases = [old.stringKey] }
                    }
                }
            case 4:   // retype
                if let index { type.fields[index].type = valueType(nestedAllowed: typeName == "Root") }
            case 5:   // optional or not, default or not
                if let index {
                    if case .optional(let wrapped) = type.fields[index].type { type.fields[index].type = wrapped } else {
                        type.fields[index].type = .optional(type.fields[index].type)
                    }
                    if chance(50) { type.fields[index].hasDefault.toggle() }
                }
            case 6:   // renumber or change the key's form
                if let index {
                    if type.fields[index].intKey == nil || chance(50) {
                        type.fields[index].intKey = type.fields[index].intKey == nil ? (usedInts.max() ?? base) + 1 : nil
                    } else {
                        type.fields[index].intKey = (usedInts.max() ?? base) + 1
                    }
                }
            case 7:   // reuse an integer key for a new field
                if let index, let integer = type.fields[index].intKey {
                    let free = Self.names.filter { name in !type.fields.contains { $0.name == name } }
                    if !free.isEmpty {
                        var replacement = field(name: pick(free), usedInts: &usedInts, nestedAllowed: typeName == "Root")
                        replacement.intKey = integer
                        type.fields[index] = replacement
                    }
                }
            case 8:   // an enum's case added or removed (else: its field made an enum)
                if let index {
                    let changed = changingCases(type.fields[index].type)
                    type.fields[index].type = changed != type.fields[index].type ? changed : enumeration()
                }
            default:   // reorder
                if type.fields.count > 1 { type.fields.swapAt(0, type.fields.count - 1) }
            }
            new.types[typeName] = type
        }
        return new
    }
}

/// A value of a schema's type, encoded and decoded as generated code would.
private indirect enum DynamicValue: Encodable {
    case int8(Int8), int16(Int16), int(Int), uint8(UInt8), uint32(UInt32), int64(Int64)
    case double(Double), float(Float), string(String), bool(Bool), date(Date), data(Data), mode(String)
    case array([DynamicValue]), dictionary([String: DynamicValue]), record(ArchiveTypeSchema, [String: DynamicValue])

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .array(let values):
            var c = encoder.unkeyedContainer()
            for value in values { try c.encode(value) }
        case .dictionary(let values):
            var c = encoder.container(keyedBy: FieldKey.self)
            for (key, value) in values.sorted(by: { $0.key < $1.key }) { try c.encode(value, forKey: FieldKey(int: nil, string: key)) }
        case .record(let type, let values):
            var c = encoder.container(keyedBy: FieldKey.self)
            for field in type.fields {
                // An optional's nil is no entry, as `encodeIfPresent` writes it.
                if let value = values[field.name] { try c.encode(value, forKey: FieldKey(field)) }
            }
        default:
            var c = encoder.singleValueContainer()
            switch self {
            case .int8(let v): try c.encode(v)
            case .int16(let v): try c.encode(v)
            case .int(let v): try c.encode(v)
            case .uint8(let v): try c.encode(v)
            case .uint32(let v): try c.encode(v)
            case .int64(let v): try c.encode(v)
            case .double(let v): try c.encode(v)
            case .float(let v): try c.encode(v)
            case .string(let v): try c.encode(v)
            case .bool(let v): try c.encode(v)
            case .date(let v): try c.encode(v)
            case .data(let v): try c.encode(v)
            case .mode(let v): try c.encode(v)
            default: break
            }
        }
    }

    /// A value of `type`; `extreme`: integers at their bounds, doubles no float can hold,
    /// collections never empty, optionals never nil, except those in records `nilsFrom` or more
    /// deep (0: the root's fields), which are always nil.
    /// Extreme signed integers are their minimum in variant 0 (`extremeLow`), their maximum
    /// otherwise. An enum is its case `variant` (wrapping), so that the extreme variants write
    /// each of its cases.
    static func random(_ type: ArchiveValueType, schema: ArchiveSchema, extreme: Bool, extremeLow: Bool = false, variant: Int = 0, nilsFrom: Int?,
                       depth: Int = 0, _ g: inout SchemaGenerator) -> DynamicValue? {
        let nils = nilsFrom.map { depth >= $0 } ?? false
        switch type {
        case .optional(let wrapped):
            if nils || (!extreme && g.chance(30)) { return nil }
            return random(wrapped, schema: schema, extreme: extreme, extremeLow: extremeLow, variant: variant, nilsFrom: nilsFrom, depth: depth, &g)
        case .array(let element):
            let count = extreme ? 2 : g.source.below(3)
            return .array((0..<count).compactMap { _ in random(element, schema: schema, extreme: extreme, extremeLow: extremeLow, variant: variant, nilsFrom: nilsFrom, depth: depth, &g) })
        case .dictionary(_, let value):
            // Extreme: every name a field may have is a key, as a keyed type reading it would ask.
            let keys = extreme ? SchemaGenerator.names : (0..<g.source.below(3)).map { "k\($0)" }
            return .dictionary(Dictionary(uniqueKeysWithValues: keys.compactMap { key in
                random(value, schema: schema, extreme: extreme, extremeLow: extremeLow, variant: variant, nilsFrom: nilsFrom, depth: depth, &g).map { (key, $0) }
            }))
        case .type(let name):
            let record = schema.types[name]!
            var values: [String: DynamicValue] = [:]
            for field in record.fields {
                values[field.name] = random(field.type, schema: schema, extreme: extreme, extremeLow: extremeLow, variant: variant, nilsFrom: nilsFrom, depth: depth + 1, &g)
            }
            return .record(record, values)
        case .scalar(let name):
            let low = extremeLow
            switch name {
            case "Int8": return .int8(extreme ? (low ? .min : .max) : Int8(g.source.below(50)))
            case "Int16": return .int16(extreme ? (low ? .min : .max) : Int16(g.source.below(50)))
            case "Int": return .int(extreme ? (low ? .min : .max) : g.source.below(50))
            case "UInt8": return .uint8(extreme ? .max : UInt8(g.source.below(50)))
            case "UInt32": return .uint32(extreme ? .max : UInt32(g.source.below(50)))
            case "Int64": return .int64(extreme ? (low ? .min : .max) : Int64(g.source.below(50)))
            case "Double": return .double(extreme ? 0.1 : Double(g.source.below(8)) / 4)
            case "Float": return .float(Float(g.source.below(8)) / 4)
            case "String": return .string("s\(g.source.below(9))")
            case "Bool": return .bool(g.chance(50))
            case "Date": return .date(Date(timeIntervalSince1970: Double(g.source.below(1000))))
            default: return .data(Data([UInt8(g.source.below(256))]))
            }
        case .enumeration(_, _, let cases):
            return .mode(extreme ? cases[variant % cases.count] : g.pick(cases))
        case .other:
            return nil
        }
    }
}

/// A field's key: its integer if it has one, and its name.
private struct FieldKey: CodingKey {
    let stringValue: String
    let intValue: Int?
    init(int: Int?, string: String) { (intValue, stringValue) = (int, string) }
    init(_ field: ArchiveFieldSchema) { self.init(int: field.intKey, string: field.stringKey) }
    init?(stringValue: String) { self.init(int: nil, string: stringValue) }
    /// The key with that integer in the schema being written or read (`KeyNames`), as an enum
    /// `CodingKeys: Int` gives back the case with its name: the encoder writes a key in integer
    /// form only if it does.
    init?(intValue: Int) { self.init(int: intValue, string: KeyNames.byInteger[intValue] ?? "\(intValue)") }
}

/// The names of the integer keys of the schema being written or read. Only this suite's one
/// test uses it, one step at a time.
private enum KeyNames {
    nonisolated(unsafe) static var byInteger: [Int: String] = [:]

    static func use(_ schema: ArchiveSchema) {
        byInteger = [:]
        for type in schema.types.values {
            for field in type.fields { if let integer = field.intKey { byInteger[integer] = field.stringKey } }
        }
    }
}

/// The fields a `DynamicReader` found missing and left `nil` or at their default, each as
/// `path|name`: the path of its record, by the keys read down to it (`#1` for an integer key,
/// `[0]` for an array's element; a dictionary's keys left out), and the field's name.
private final class ReadLog: @unchecked Sendable {
    /// What each field read, `path|name` to `path|key` (`#1` for an integer key), or to `""`
    /// if it found nothing.
    var read: [String: String] = [:]
}

/// Reads a value of the type `userInfo[.readSchema]` names, as generated code reads it: each
/// field by its key, then its aliases; a missing one `nil` if optional, its default if it has
/// one, `keyNotFound` otherwise.
private struct DynamicReader: Decodable {
    init(from decoder: any Decoder) throws {
        let schema = decoder.userInfo[.readSchema] as! ArchiveSchema
        let log = decoder.userInfo[.readLog] as! ReadLog
        try Self.read(schema.rootValueType, schema: schema, path: schema.root, log: log, from: decoder)
    }

    static func read(_ type: ArchiveValueType, schema: ArchiveSchema, path: String, log: ReadLog, from decoder: any Decoder) throws {
        switch type {
        case .optional(let wrapped):
            if try decoder.singleValueContainer().decodeNil() { return }
            try read(wrapped, schema: schema, path: path, log: log, from: decoder)
        case .array(let element):
            var c = try decoder.unkeyedContainer()
            while !c.isAtEnd { try read(element, schema: schema, path: path + "[\(c.currentIndex)]", log: log, from: c.superDecoder()) }
        case .dictionary(_, let value):
            let c = try decoder.container(keyedBy: FieldKey.self)
            for key in c.allKeys { try read(value, schema: schema, path: path, log: log, from: c.superDecoder(forKey: key)) }
        case .type(let name):
            let c = try decoder.container(keyedBy: FieldKey.self)
            for field in schema.types[name]!.fields {
                let key = ([FieldKey(field)] + field.aliases.map { FieldKey(int: nil, string: $0) }).first(where: c.contains)
                guard let key else {
                    if field.isRequired { throw DecodingError.keyNotFound(FieldKey(field), .init(codingPath: c.codingPath, debugDescription: "missing")) }
                    log.read[path + "|" + field.name] = ""
                    continue
                }
                // Down by the entry's key: the integer, unless the key found it by name (an
                // entry written with a string key); a name (an alias is the writer's name).
                var component = key.stringValue
                if let integer = key.intValue, !c.contains(FieldKey(int: nil, string: key.stringValue)) { component = "#\(integer)" }
                log.read[path + "|" + field.name] = path + "|" + component
                if case .optional = field.type, try c.decodeNil(forKey: key) { continue }
                try read(field.type, schema: schema, path: path + "." + component, log: log, from: c.superDecoder(forKey: key))
            }
        case .scalar(let name):
            let c = try decoder.singleValueContainer()
            switch name {
            case "Int8": _ = try c.decode(Int8.self)
            case "Int16": _ = try c.decode(Int16.self)
            case "Int": _ = try c.decode(Int.self)
            case "UInt8": _ = try c.decode(UInt8.self)
            case "UInt32": _ = try c.decode(UInt32.self)
            case "Int64": _ = try c.decode(Int64.self)
            case "Double": _ = try c.decode(Double.self)
            case "Float": _ = try c.decode(Float.self)
            case "String": _ = try c.decode(String.self)
            case "Bool": _ = try c.decode(Bool.self)
            case "Date": _ = try c.decode(Date.self)
            default: _ = try c.decode(Data.self)
            }
        case .enumeration(_, _, let cases):
            // As `init(rawValue:)` reads it: a raw value that names no case is an error.
            let c = try decoder.singleValueContainer()
            let raw = try c.decode(String.self)
            guard cases.contains(raw) else {
                throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath, debugDescription: "no case \(raw)"))
            }
        case .other:
            break
        }
    }
}

extension CodingUserInfoKey {
    fileprivate static let readSchema = CodingUserInfoKey(rawValue: "readSchema")!
    fileprivate static let readLog = CodingUserInfoKey(rawValue: "readLog")!
}

extension DynamicValue {
    /// The fields this value writes (an entry, not a nil left out), as `ReadLog` names them
    /// (`path|name`), each with its entry (`path|key`).
    func writtenPaths(_ path: String, into paths: inout [String: String]) {
        switch self {
        case .array(let values): for (index, value) in values.enumerated() { value.writtenPaths(path + "[\(index)]", into: &paths) }
        case .dictionary(let values): for value in values.values { value.writtenPaths(path, into: &paths) }
        case .record(let type, let values):
            for field in type.fields {
                guard let value = values[field.name] else { continue }
                let component = field.intKey.map { "#\($0)" } ?? field.stringKey
                paths[path + "|" + field.name] = path + "|" + component
                // A reader's field under a name this one had (an alias) is owed its value too:
                // the field was renamed, and a reader that does not find it loses it.
                for alias in field.aliases where !type.fields.contains(where: { $0.name == alias }) {
                    paths[path + "|" + alias] = path + "|" + component
                }
                value.writtenPaths(path + "." + component, into: &paths)
            }
        default: break
        }
    }
}

@Suite struct CompatibilityCheckTests {
    /// Whether archives of `written`'s type all read as `read`'s, nothing lost: several values,
    /// among them extreme ones and ones with every optional nil. Lost: a field of the same name
    /// in a record both reach by the same keys, written, that the reader's field of that name
    /// did not read (it read another entry, or none and took `nil` or its default).
    private static func reads(_ written: ArchiveSchema, as read: ArchiveSchema, _ g: inout SchemaGenerator) -> String? {
        var decoder = ArchiveDecoder()
        decoder.userInfo[.readSchema] = read
        // Extreme values three times (minimums, then maximums), every optional nil, only nested
        // ones nil, then ordinary values.
        for variant in 0..<7 {
            let nilsFrom: Int? = variant == 3 ? 0 : variant == 4 ? 2 : nil
            guard let value = DynamicValue.random(written.rootValueType, schema: written, extreme: variant < 5, extremeLow: variant == 0,
                                                  variant: variant, nilsFrom: nilsFrom, depth: 0, &g) else { continue }
            let log = ReadLog()
            decoder.userInfo[.readLog] = log
            do {
                KeyNames.use(written)
                let archive = try ArchiveEncoder().encode(value)
                KeyNames.use(read)
                _ = try decoder.decode(DynamicReader.self, from: archive)
            } catch {
                return "\(error)"
            }
            var paths: [String: String] = [:]
            value.writtenPaths(written.root, into: &paths)
            // A field the writer wrote under a name the reader also has, where the reader's
            // field of that name read another entry or none.
            if let lost = paths.first(where: { name, entry in log.read[name].map { $0 != entry } ?? false }) {
                return "\(lost.key) was written as \(lost.value) and read as \(log.read[lost.key]!)"
            }
        }
        return nil
    }

    @Test func theVerdictAgreesWithTheCoders() throws {
        let count = ProcessInfo.processInfo.environment["CAMPAIGNS"] == "full" ? 20_000 : 3_000
        var breaking = 0
        for seed in 0..<UInt64(count) {
            var g = SchemaGenerator(seed: seed &+ 0x5C4E_0A00)
            let old = g.schema()
            let new = g.evolve(old)
            let changes = ArchiveSchema.breakingChanges(from: old, to: new)
            let newReadsOld = Self.reads(old, as: new, &g)
            let oldReadsNew = Self.reads(new, as: old, &g)
            let actuallyBreaks = newReadsOld != nil || oldReadsNew != nil
            if !changes.isEmpty { breaking += 1 }
            #expect(changes.isEmpty != actuallyBreaks, """
                seed \(seed): check says \(changes.isEmpty ? "compatible" : "\(changes)"); \
                new reads old: \(newReadsOld ?? "yes"); old reads new: \(oldReadsNew ?? "yes")
                old: \(old)
                new: \(new)
                """)
            if changes.isEmpty == actuallyBreaks { return }
        }
        // Both verdicts are common: the pairs test the check both ways.
        #expect(breaking > count / 5 && breaking < count * 4 / 5, "\(breaking) of \(count) pairs break")
    }
}

/// One named pair of versions per kind of breaking change, and changes that break nothing.
@Suite struct BreakingChangeKindTests {
    private static func schema(_ fields: [ArchiveFieldSchema], sub: [ArchiveFieldSchema] = []) -> ArchiveSchema {
        ArchiveSchema(root: "Settings", types: ["Settings": ArchiveTypeSchema(fields: fields), "Window": ArchiveTypeSchema(fields: sub)])
    }

    private static func kinds(_ old: ArchiveSchema, _ new: ArchiveSchema) -> [ArchiveBreakingChange.Kind] {
        ArchiveSchema.breakingChanges(from: old, to: new).map(\.kind)
    }

    let theme = ArchiveFieldSchema(name: "theme", type: .scalar("String"))

    @Test func addedWithoutDefault() {
        let old = Self.schema([theme])
        let new = Self.schema([theme, ArchiveFieldSchema(name: "fontSize", type: .scalar("Int"))])
        let changes = ArchiveSchema.breakingChanges(from: old, to: new)
        #expect(changes.map(\.kind) == [.addedWithoutDefault])
        #expect(changes.first?.path == "Settings.fontSize")
        // With a default, or optional: nothing breaks.
        #expect(Self.kinds(old, Self.schema([theme, ArchiveFieldSchema(name: "fontSize", type: .scalar("Int"), hasDefault: true)])).isEmpty)
        #expect(Self.kinds(old, Self.schema([theme, ArchiveFieldSchema(name: "fontSize", type: .optional(.scalar("Int")))])).isEmpty)
    }

    @Test func removedRequired() {
        let old = Self.schema([theme, ArchiveFieldSchema(name: "colour", type: .scalar("String"))])
        #expect(Self.kinds(old, Self.schema([theme])) == [.removedRequired])
        // Renamed with an alias: the new type reads the old key, but the old type cannot find
        // the new one.
        let renamed = Self.schema([theme, ArchiveFieldSchema(name: "color", type: .scalar("String"), aliases: ["colour"])])
        #expect(Self.kinds(old, renamed) == [.renamed])
        // Whether or not the old type requires it: an optional one reads nil from new archives.
        let optional = Self.schema([theme, ArchiveFieldSchema(name: "colour", type: .optional(.scalar("String")))])
        #expect(Self.kinds(optional, Self.schema([theme, ArchiveFieldSchema(name: "color", type: .optional(.scalar("String")), aliases: ["colour"])])) == [.renamed])
        // An optional one that goes away breaks nothing.
        #expect(Self.kinds(Self.schema([theme, ArchiveFieldSchema(name: "note", type: .optional(.scalar("String")))]), Self.schema([theme])).isEmpty)
    }

    @Test func typeChanged() {
        let old = Self.schema([ArchiveFieldSchema(name: "size", type: .scalar("Int"))])
        #expect(Self.kinds(old, Self.schema([ArchiveFieldSchema(name: "size", type: .scalar("String"))])) == [.typeChanged, .typeChanged])
        // Int8 to Int widens: the new type reads every old value, the old type not every new one.
        let narrow = Self.schema([ArchiveFieldSchema(name: "size", type: .scalar("Int8"))])
        let changes = ArchiveSchema.breakingChanges(from: narrow, to: old)
        #expect(changes.map(\.kind) == [.typeChanged])
        #expect(changes.first?.detail.contains("the old type cannot read") == true)
        // Nested, with the path through the field.
        let window = Self.schema([ArchiveFieldSchema(name: "window", type: .type("Window"))], sub: [ArchiveFieldSchema(name: "width", type: .scalar("Double"))])
        let floatWindow = Self.schema([ArchiveFieldSchema(name: "window", type: .type("Window"))], sub: [ArchiveFieldSchema(name: "width", type: .scalar("Float"))])
        #expect(ArchiveSchema.breakingChanges(from: window, to: floatWindow).map(\.path) == ["Settings.window.width"])
    }

    @Test func integerKeyReused() {
        let old = Self.schema([ArchiveFieldSchema(name: "colour", intKey: 3, type: .scalar("String"))])
        let new = Self.schema([ArchiveFieldSchema(name: "size", intKey: 3, type: .scalar("Int"))])
        #expect(Set(Self.kinds(old, new)) == [.integerKeyReused])
        // The same integer key, a new name and a type its values read as: a rename.
        #expect(Self.kinds(old, Self.schema([ArchiveFieldSchema(name: "color", intKey: 3, type: .scalar("String"))])).isEmpty)
    }

    @Test func keyFormChangedAndRenumbered() {
        let old = Self.schema([ArchiveFieldSchema(name: "size", intKey: 3, type: .optional(.scalar("Int")))])
        #expect(Self.kinds(old, Self.schema([ArchiveFieldSchema(name: "size", type: .optional(.scalar("Int")))])) == [.keyFormChanged])
        #expect(Self.kinds(old, Self.schema([ArchiveFieldSchema(name: "size", intKey: 4, type: .optional(.scalar("Int")))])) == [.keyRenumbered])
    }

    @Test func ambiguousKey() {
        // The old type's key 3 finds `b`, its name `a` the new `a`, which moved to a string key.
        let old = Self.schema([ArchiveFieldSchema(name: "a", intKey: 3, type: .optional(.scalar("Int")))])
        let new = Self.schema([ArchiveFieldSchema(name: "a", type: .optional(.scalar("Int"))),
                               ArchiveFieldSchema(name: "b", intKey: 3, type: .optional(.scalar("Int")))])
        #expect(Self.kinds(old, new).contains(.ambiguousKey))
    }

    @Test func enumCasesAddedAndRemoved() {
        let mode = { (cases: [String]) in Self.schema([ArchiveFieldSchema(name: "mode", type: .enumeration("Mode", rawValue: .scalar("String"), cases: cases))]) }
        let old = mode(["light", "dark"])
        // A case added: the old type cannot read a new archive that holds it.
        let added = ArchiveSchema.breakingChanges(from: old, to: mode(["light", "dark", "sepia"]))
        #expect(added.map(\.kind) == [.caseAdded])
        #expect(added.map(\.direction) == [.oldReadingNew])
        #expect(added.first?.path == "Settings.mode" && added.first?.detail.contains("\"sepia\"") == true)
        // A case removed: the new type cannot read an old archive that holds it.
        let removed = ArchiveSchema.breakingChanges(from: old, to: mode(["light"]))
        #expect(removed.map(\.kind) == [.caseRemoved])
        #expect(removed.map(\.direction) == [.newReadingOld])
        // Reordered cases, and the enum read as its raw values, break nothing; a raw type changed does.
        #expect(Self.kinds(old, mode(["dark", "light"])).isEmpty)
        #expect(Self.kinds(old, Self.schema([ArchiveFieldSchema(name: "mode", type: .scalar("String"))])) == [.typeChanged])
        let intMode = Self.schema([ArchiveFieldSchema(name: "mode", type: .enumeration("Mode", rawValue: .scalar("Int"), cases: ["0", "1"]))])
        #expect(Self.kinds(old, intMode) == [.typeChanged, .typeChanged])
        // Nested in an optional and an array.
        let list = { (cases: [String]) in Self.schema([ArchiveFieldSchema(name: "modes", type: .optional(.array(.enumeration("Mode", rawValue: .scalar("String"), cases: cases))))]) }
        #expect(Self.kinds(list(["a"]), list(["a", "b"])) == [.caseAdded])
    }

    @Test func eachChangeSaysWhichDirectionBreaks() {
        let old = Self.schema([theme, ArchiveFieldSchema(name: "colour", type: .scalar("String"))])
        // Renamed with an alias: the new type reads old archives; the old type cannot read new ones.
        let renamed = Self.schema([theme, ArchiveFieldSchema(name: "color", type: .scalar("String"), aliases: ["colour"])])
        let changes = ArchiveSchema.breakingChanges(from: old, to: renamed)
        #expect(changes.map(\.kind) == [.renamed])
        #expect(changes.map(\.direction) == [.oldReadingNew])
        #expect(changes.first?.detail.contains("colour is now color") == true)
        #expect(ArchiveSchema.breakingChanges(from: old, to: Self.schema([theme, ArchiveFieldSchema(name: "size", type: .scalar("Int"))])).map(\.direction)
                == [.newReadingOld, .oldReadingNew])
        let numbered = Self.schema([ArchiveFieldSchema(name: "size", intKey: 3, type: .optional(.scalar("Int")))])
        #expect(ArchiveSchema.breakingChanges(from: numbered, to: Self.schema([ArchiveFieldSchema(name: "size", intKey: 4, type: .optional(.scalar("Int")))])).map(\.direction)
                == [.both])
        // Widening: only the old type breaks.
        let narrow = Self.schema([ArchiveFieldSchema(name: "size", type: .scalar("Int8"))])
        #expect(ArchiveSchema.breakingChanges(from: narrow, to: Self.schema([ArchiveFieldSchema(name: "size", type: .scalar("Int"))])).map(\.direction) == [.oldReadingNew])
    }

    @Test func recursiveTypesEnd() {
        let node = ArchiveSchema(root: "Node", types: ["Node": ArchiveTypeSchema(fields: [
            ArchiveFieldSchema(name: "children", type: .array(.type("Node"))),
            ArchiveFieldSchema(name: "value", type: .scalar("Int")),
        ])])
        var changed = node
        changed.types["Node"]!.fields[1].type = .scalar("String")
        #expect(ArchiveSchema.breakingChanges(from: node, to: node).isEmpty)
        // Reported each way (each version cannot read the other's values), at the one field.
        #expect(Set(ArchiveSchema.breakingChanges(from: node, to: changed).map(\.path)) == ["Node.value"])
    }

    @Test func aRootThatIsAnArray() {
        // Archives of `[Settings]`: the elements' types are compared, from the root's name.
        let old = ArchiveSchema(root: "Settings", types: ["Settings": ArchiveTypeSchema(fields: [theme])], rootType: .array(.type("Settings")))
        var new = old
        new.types["Settings"]!.fields.append(ArchiveFieldSchema(name: "fontSize", type: .scalar("Int")))
        let changes = ArchiveSchema.breakingChanges(from: old, to: new)
        #expect(changes.map(\.kind) == [.addedWithoutDefault])
        #expect(changes.first?.path == "Settings.fontSize")
        // An array root and a keyed one do not read each other.
        var keyed = old
        keyed.rootType = nil
        let rootChanges = ArchiveSchema.breakingChanges(from: old, to: keyed)
        #expect(rootChanges.map(\.kind) == [.typeChanged, .typeChanged])
        #expect(rootChanges.allSatisfy { $0.path == "Settings" && $0.detail.contains("the root, [Settings], became Settings") })
        // An optional root reads a non-optional one's archives, not the other way.
        var optional = keyed
        optional.rootType = .optional(.type("Settings"))
        #expect(ArchiveSchema.breakingChanges(from: keyed, to: optional).map(\.detail) == [
            "the root, Settings, became Settings?: the old type cannot read the new archives"])
    }

    @Test func aSchemaIsJSON() throws {
        let schema = Self.schema([theme, ArchiveFieldSchema(name: "size", intKey: 2, type: .optional(.array(.type("Window"))), hasDefault: true, aliases: ["fontSize"])],
                                 sub: [ArchiveFieldSchema(name: "width", type: .dictionary(key: .scalar("String"), value: .other("Foo"))),
                                       ArchiveFieldSchema(name: "mode", type: .enumeration("Mode", rawValue: .scalar("Int"), cases: ["0", "-1"]))])
        let json = try JSONEncoder().encode(schema)
        #expect(try JSONDecoder().decode(ArchiveSchema.self, from: json) == schema)
        #expect(try ArchiveDecoder().decode(ArchiveSchema.self, from: ArchiveEncoder().encode(schema)) == schema)
        // Every generated schema, through JSON and back.
        for seed in 0..<UInt64(500) {
            var g = SchemaGenerator(seed: seed)
            let random = g.evolve(g.schema())
            #expect(try JSONDecoder().decode(ArchiveSchema.self, from: JSONEncoder().encode(random)) == random, "seed \(seed)")
        }
    }

    @Test func aSchemaFileCanBeWrittenByHand() throws {
        // What is the default may be left out: a string key is the name, no default, no aliases.
        let file = #"""
            {"root": "Settings", "rootType": {"array": {"type": "Settings"}}, "types": {
              "Settings": {"fields": [
                {"name": "theme", "type": {"scalar": "String"}},
                {"name": "size", "intKey": 2, "type": {"optional": {"array": {"type": "Window"}}}, "hasDefault": true, "aliases": ["fontSize"]}
              ]},
              "Window": {"keepsUnknownFields": true, "fields": [
                {"name": "width", "stringKey": "w", "type": {"dictionary": {"key": {"scalar": "String"}, "value": {"other": "Foo"}}}}
              ]}
            }}
            """#
        let schema = try JSONDecoder().decode(ArchiveSchema.self, from: Data(file.utf8))
        #expect(schema == ArchiveSchema(root: "Settings", types: [
            "Settings": ArchiveTypeSchema(fields: [
                theme,
                ArchiveFieldSchema(name: "size", intKey: 2, type: .optional(.array(.type("Window"))), hasDefault: true, aliases: ["fontSize"]),
            ]),
            "Window": ArchiveTypeSchema(fields: [
                ArchiveFieldSchema(name: "width", stringKey: "w", type: .dictionary(key: .scalar("String"), value: .other("Foo"))),
            ], keepsUnknownFields: true),
        ], rootType: .array(.type("Settings"))))
        // And written the same way: nothing that is the default.
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let written = String(decoding: try encoder.encode(schema.types["Settings"]!.fields[0]), as: UTF8.self)
        #expect(written == #"{"name":"theme","type":{"scalar":"String"}}"#)
        // A value type is one key, its kind.
        for bad in [#"{}"#, #"{"scalar": "Int", "array": {"scalar": "Int"}}"#, #"{"tuple": "Int"}"#] {
            #expect(throws: DecodingError.self) { try JSONDecoder().decode(ArchiveValueType.self, from: Data(bad.utf8)) }
        }
    }
}
