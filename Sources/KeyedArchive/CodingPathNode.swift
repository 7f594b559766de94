/// A coding path kept as a linked list, turned into `[CodingKey]` only when someone asks
/// (an error, or user code reading `codingPath`), so the hot path never builds arrays.
///
/// The path of a nested encoder or decoder is read from the object itself (`.encoder`,
/// `.decoder`): no node is allocated per value. Keys added by nested containers live in
/// `PathNode`s, which free long chains without recursion.
enum CodingPathNode {
    case root
    case node(PathNode)
    case encoder(EncoderImpl)
    case decoder(DecoderImpl)

    var path: [any CodingKey] {
        var keys: [any CodingKey] = []
        var node = self
        while true {
            switch node {
            case .root:
                return keys.reversed()
            case .node(let pathNode):
                pathNode.component.append(to: &keys)
                node = pathNode.parent
            case .encoder(let encoder):
                encoder.component.append(to: &keys)
                node = encoder.parentPath
            case .decoder(let decoder):
                decoder.component.append(to: &keys)
                node = decoder.parentPath
            }
        }
    }

    func appending(_ key: any CodingKey) -> CodingPathNode { .node(PathNode(.key(key), parent: self)) }
    func appending(index: Int) -> CodingPathNode { .node(PathNode(.index(index), parent: self)) }

    func appending(_ component: PathComponent) -> CodingPathNode {
        if case .none = component { return self }
        return .node(PathNode(component, parent: self))
    }
}

/// One key of a coding path and the path before it.
final class PathNode {
    let component: PathComponent
    private(set) var parent: CodingPathNode

    init(_ component: PathComponent, parent: CodingPathNode) {
        self.component = component
        self.parent = parent
    }

    deinit {
        // Unlink the chain in a loop: releasing it recursively overflows the stack for paths
        // nested 100,000 deep (legal with raised limits, and Codable lets loops build them).
        var next = parent
        parent = .root
        while case .node(var node) = next {
            next = .root
            guard isKnownUniquelyReferenced(&node) else { break }
            next = node.parent
            node.parent = .root
        }
    }
}

/// What a nested value adds to its parent's coding path.
enum PathComponent {
    /// A value wrapped in a single-value container shares its parent's path.
    case none
    case key(any CodingKey)
    /// Key `index` of a key set: what generated code's values add. A reference and an integer,
    /// where `.key` copies an existential on every value.
    case keyOf(ArchiveKeySet, Int)
    case index(Int)

    func append(to keys: inout [any CodingKey]) {
        switch self {
        case .none: break
        case .key(let key): keys.append(key)
        case .keyOf(let set, let index): keys.append(set.keys[index])
        case .index(let index): keys.append(IndexKey(index))
        }
    }
}

/// The key of an unkeyed element in a coding path: `Index n`, as Foundation spells it.
struct IndexKey: CodingKey {
    let intValue: Int?
    let stringValue: String
    init(_ index: Int) {
        intValue = index
        stringValue = "Index \(index)"
    }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.init(intValue) }
}

/// The default key of `superEncoder()` / `superDecoder()`: the string `"super"`, with no
/// integer form (as in Foundation), so it can never collide with a user's integer key 0.
struct SuperKey: CodingKey {
    var stringValue: String { "super" }
    var intValue: Int? { nil }
    init() {}
    init?(stringValue: String) { guard stringValue == "super" else { return nil } }
    init?(intValue: Int) { nil }
}
