import KeyedArchive

/// Infers an `ArchiveSchema` from archives (`karchive schema`, `karchive compat`): what their
/// values show of the type that wrote them.
///
/// Each keyed container is a type, named by where it stands (`Root`, `Root.window`,
/// `Root.items[]`), its fields the keys its instances hold: a field in every instance, never
/// nil, is required; one that some instances lack, or hold nil, is optional. Scalars are named
/// by their tags (an integer by the narrowest of `Int64`, `UInt64`, `Int128`, `UInt128` that holds
/// every value seen); a packed array is an array of its element kind. An archive cannot say
/// which fields have defaults or aliases: a schema declared by the type says that.
struct SchemaInference {
    /// A key in its form: an integer, or a name (whatever its place in an archive's key table).
    enum Key: Equatable {
        case integer(Int64)
        case name(String)
    }

    /// A value as a walk found it.
    indirect enum Seen {
        case keyed([(key: Key, value: Seen)])
        case unkeyed([Seen])
        case scalar(String)
        case null
    }

    /// What the instances seen at one place hold, merged.
    private indirect enum Shape {
        case keyed(fields: [(key: Key, shape: Shape, count: Int)], instances: Int)
        case array(Shape?)
        case scalar(String)
        case null
        case optional(Shape)
        case mixed
    }

    private var root: Shape?

    /// Adds one archive's root value.
    mutating func add(_ value: Seen) {
        root = Self.merge(root, Self.shape(of: value))
    }

    /// The schema of everything added, rooted at `Root`: a keyed root is the type `Root`; any
    /// other root is given by its type (`[Root[]]` for an array of keyed values).
    func schema() -> ArchiveSchema {
        var types: [String: ArchiveTypeSchema] = [:]
        let rootType = root.map { Self.valueType($0, name: "Root", types: &types) } ?? .other("empty")
        if case .type("Root") = rootType { return ArchiveSchema(root: "Root", types: types) }
        return ArchiveSchema(root: "Root", types: types, rootType: rootType)
    }

    private static func shape(of value: Seen) -> Shape {
        switch value {
        case .keyed(let entries):
            var fields: [(key: Key, shape: Shape, count: Int)] = []
            for entry in entries {
                if let index = fields.firstIndex(where: { $0.key == entry.key }) {
                    fields[index].shape = merge(fields[index].shape, shape(of: entry.value))
                } else {
                    fields.append((entry.key, shape(of: entry.value), 1))
                }
            }
            return .keyed(fields: fields, instances: 1)
        case .unkeyed(let elements):
            return .array(elements.reduce(nil) { merge($0, shape(of: $1)) })
        case .scalar(let name):
            return .scalar(name)
        case .null:
            return .null
        }
    }

    /// One shape for what two places hold.
    private static func merge(_ a: Shape?, _ b: Shape) -> Shape {
        guard let a else { return b }
        switch (a, b) {
        case (.null, .null): return .null
        case (.null, let other), (let other, .null): return .optional(unwrapped(other))
        case (.optional(let x), let y), (let y, .optional(let x)): return .optional(unwrapped(merge(x, unwrapped(y))))
        case (.scalar(let x), .scalar(let y)): return .scalar(x == y ? x : widerScalar(x, y))
        case (.array(let x), .array(let y)): return .array(y.map { merge(x, $0) } ?? x)
        case (.keyed(let x, let m), .keyed(let y, let n)):
            var fields = x
            for field in y {
                if let index = fields.firstIndex(where: { $0.key == field.key }) {
                    fields[index].shape = merge(fields[index].shape, field.shape)
                    fields[index].count += field.count
                } else {
                    fields.append(field)
                }
            }
            return .keyed(fields: fields, instances: m + n)
        default: return .mixed
        }
    }

    private static func unwrapped(_ shape: Shape) -> Shape {
        if case .optional(let inner) = shape { return inner }
        return shape
    }

    /// The name for integers seen as both `a` and `b`; `mixed` for other scalars.
    private static func widerScalar(_ a: String, _ b: String) -> String {
        let integers = ["Int64", "UInt64", "Int128", "UInt128"]
        guard let i = integers.firstIndex(of: a), let j = integers.firstIndex(of: b) else { return "mixed" }
        // Int64 and UInt64 together need Int128; otherwise the later of the two.
        if Set([a, b]) == ["Int64", "UInt64"] { return "Int128" }
        return integers[max(i, j)]
    }

    private static func valueType(_ shape: Shape, name: String, types: inout [String: ArchiveTypeSchema]) -> ArchiveValueType {
        switch shape {
        case .keyed(let fields, let instances):
            types[name] = ArchiveTypeSchema(fields: fields.map { field in
                let (intKey, stringKey): (Int?, String) = switch field.key {
                case .integer(let n): (Int(exactly: n), String(n))
                case .name(let s): (nil, s)
                }
                var type = valueType(field.shape, name: name + "." + stringKey, types: &types)
                if field.count < instances, !isOptional(type) { type = .optional(type) }
                return ArchiveFieldSchema(name: stringKey, intKey: intKey, stringKey: stringKey, type: type)
            })
            return .type(name)
        case .array(let element):
            return .array(element.map { valueType($0, name: name + "[]", types: &types) } ?? .other("unknown"))
        case .scalar(let scalar):
            return scalar == "mixed" ? .other("mixed") : .scalar(scalar)
        case .optional(let inner):
            return .optional(valueType(inner, name: name, types: &types))
        case .null:
            return .optional(.other("unknown"))
        case .mixed:
            return .other("mixed")
        }
    }

    private static func isOptional(_ type: ArchiveValueType) -> Bool {
        if case .optional = type { return true }
        return false
    }
}

/// Collects an archive's values as `SchemaInference.Seen` during a walk.
struct SeenValueBuilder: ArchiveVisitor {
    private var stack: [(isKeyed: Bool, keys: [SchemaInference.Key], values: [SchemaInference.Seen])] = []
    private(set) var result: SchemaInference.Seen = .null
    /// Each shared object's value, by value index, for the references to it.
    private var shared: [Int: SchemaInference.Seen] = [:]
    private var openShared: [Int] = []
    private var last: SchemaInference.Seen = .null

    mutating func visitKey(_ key: ArchiveKey, at range: Range<Int>, depth: Int) {
        switch key {
        case .int(let n): stack[stack.count - 1].keys.append(.integer(n))
        case .string(_, let name): stack[stack.count - 1].keys.append(.name(name))
        }
    }

    mutating func visitScalar(_ value: ArchiveScalar, at range: Range<Int>, depth: Int) {
        add(Self.seen(value))
    }

    mutating func beginContainer(_ container: ArchiveContainer, depth: Int) {
        stack.append((container.isKeyed, [], []))
    }

    mutating func endContainer(_ container: ArchiveContainer, depth: Int) {
        let done = stack.removeLast()
        add(done.isKeyed ? .keyed(Array(zip(done.keys, done.values)).map { (key: $0.0, value: $0.1) }) : .unkeyed(done.values))
    }

    mutating func beginSharedObject(index: Int, at offset: Int, depth: Int) { openShared.append(index) }

    mutating func endSharedObject(index: Int, depth: Int) {
        openShared.removeLast()
        shared[index] = last
    }

    mutating func visitReference(_ reference: ArchiveReference, at range: Range<Int>, depth: Int) {
        add(shared[reference.target] ?? .null)
    }

    private mutating func add(_ value: SchemaInference.Seen) {
        last = value
        if stack.isEmpty { result = value } else { stack[stack.count - 1].values.append(value) }
    }

    private static func seen(_ value: ArchiveScalar) -> SchemaInference.Seen {
        switch value {
        case .null: .null
        case .bool: .scalar("Bool")
        case .integer(let n): .scalar(n.typeName)
        case .float: .scalar("Float")
        case .double: .scalar("Double")
        case .string: .scalar("String")
        case .bytes: .scalar("Data")
        case .date: .scalar("Date")
        case .uuid: .scalar("UUID")
        case .url: .scalar("URL")
        // A packed array's width is the narrowest that holds its values (an `[Int]` of small
        // numbers is packed in bytes), not its type's: integers are named as scalar ones are.
        case .packed(.float32, _, _): .unkeyed([.scalar("Float")])
        case .packed(.float64, _, _): .unkeyed([.scalar("Double")])
        case .packed(.uint8, _, _), .packed(.uint16, _, _), .packed(.uint32, _, _), .packed(.uint64, _, _): .unkeyed([.scalar("UInt64")])
        case .packed: .unkeyed([.scalar("Int64")])
        }
    }
}
