/// A value a path led to: where it is, and what a decode there needs to give it the coding path
/// and depth it has in a full decode.
struct PathTarget {
    var location: ValueLocation
    /// The coding path of the container the value is in (`.root` for the root value).
    var parentPath: CodingPathNode
    /// The step from that container to the value (`.none` for the root value).
    var component: PathComponent
    /// The value's depth: 1 for the root, one more per container on the path.
    var depth: Int

    /// The value's own coding path.
    var path: CodingPathNode { parentPath.appending(component) }
}

/// A key of a path, as the decoder's keyed containers match keys (`location(of:)`).
struct PathKey: CodingKey {
    let stringValue: String
    let intValue: Int?
    init(stringValue: String, intValue: Int?) {
        self.stringValue = stringValue
        self.intValue = intValue
    }
    init(stringValue: String) { self.init(stringValue: stringValue, intValue: nil) }
    init(intValue: Int) { self.init(stringValue: String(intValue), intValue: intValue) }
}

/// A path's steps, ready to follow: each key made once into the `CodingKey` a keyed container
/// matches and the coding-path component its value gets — not again at every element that
/// `decode(_:at:ofEachElementAt:from:)` follows the path from, where boxing the key as
/// `any CodingKey` for every element cost more than finding it.
struct PathSteps {
    enum Step {
        case key(PathKey, PathComponent)
        case index(Int)
    }

    let steps: [Step]

    init(_ path: ArchivePath) {
        steps = path.components.map { component in
            switch component {
            case .key(let name, let integer):
                let key = PathKey(stringValue: name, intValue: integer)
                return .key(key, .key(key))
            case .index(let index):
                return .index(index)
            }
        }
    }
}

// Following a path: each step opens the container it goes through exactly as a full decode
// opens it — the same `keyedContainer` / `unkeyedContainer`, so the same checks of its framing
// (§12.4), limits and key matching (§8.3, a second match is `malformed`), and the same errors
// with the same coding paths — and leaves every other value unread: a container's payload
// length makes skipping a value constant work (§5.1). What a path reads thus costs what the
// entries on it cost, not what the archive holds.
extension DecodingState {
    /// The root value, as a path of no steps finds it.
    var rootTarget: PathTarget {
        PathTarget(location: rootLocation, parentPath: .root, component: .none, depth: 1)
    }

    /// Follows `components` from `start`. With `required`, a step that finds nothing throws
    /// (`keyNotFound`, `valueNotFound`, `typeMismatch`), as decoding there would; without, it
    /// returns `nil`. A damaged archive throws either way.
    func follow(_ path: PathSteps, from start: PathTarget, required: Bool) throws -> PathTarget? {
        var target = start
        for step in path.steps {
            guard let next = try self.step(step, from: target, required: required) else { return nil }
            target = next
        }
        return target
    }

    /// One step of a path from the value at `target`.
    private func step(_ step: PathSteps.Step, from target: PathTarget, required: Bool) throws -> PathTarget? {
        let path = target.path
        let location = try throughReference(target.location, path: path)
        // Read once: which container (if any) the value is decides the step, and without
        // `required` a value that is not the container the step needs ends the walk quietly.
        let kind = try containerKind(location, path: path)
        switch step {
        case .key(let key, _) where key.intValue != nil && kind == .unkeyed:
            // A coding path's element key: the index it carries.
            return try element(key.intValue!, from: target, at: location, required: required)
        case .key(let key, let component):
            if !required && kind != .keyed { return nil }
            let container = try keyedContainer(PathKey.self, at: location, path: path, depth: target.depth)
            guard let value = try container.location(ofPathKey: key) else {
                if required { throw DecodingErrors.keyNotFound(key, path: path.path) }
                return nil
            }
            return PathTarget(location: value, parentPath: path, component: component, depth: target.depth + 1)
        case .index(let index):
            if !required && kind != .unkeyed { return nil }
            return try element(index, from: target, at: location, required: required)
        }
    }

    /// The element `index` of the unkeyed container (packed array, byte string) at `location`,
    /// the value at `target`: O(`index`) skips, one step for a packed array's fixed width.
    private func element(_ index: Int, from target: PathTarget, at location: ValueLocation, required: Bool) throws -> PathTarget? {
        let path = target.path
        var container = try unkeyedContainer(at: location, path: path, depth: target.depth)
        guard index >= 0, index < container.count! else {
            if required {
                throw DecodingError.valueNotFound(Any.self, DecodingError.Context(
                    codingPath: path.appending(index: index).path,
                    debugDescription: "Index \(index) is out of range: the unkeyed container has \(container.count!) elements."))
            }
            return nil
        }
        try container.skip(index)
        let value = try container.next(Any.self)
        return PathTarget(location: value, parentPath: path, component: .index(index), depth: target.depth + 1)
    }

    /// The elements of the unkeyed container (packed array, byte string) at `array`, one by one
    /// (`ElementWalk`).
    func elementWalk(of array: PathTarget) throws -> ElementWalk {
        ElementWalk(container: try unkeyedContainer(at: array), parentPath: array.path, depth: array.depth + 1)
    }

    /// The keyed container (`allKeys`) at `target`.
    func keyedContainer(at target: PathTarget) throws -> ArchiveKeyedDecodingContainer<PathKey> {
        let path = target.path
        return try keyedContainer(PathKey.self, at: throughReference(target.location, path: path), path: path, depth: target.depth)
    }

    /// The unkeyed container (packed array, byte string) at `target`.
    func unkeyedContainer(at target: PathTarget) throws -> ArchiveUnkeyedDecodingContainer {
        let path = target.path
        return try unkeyedContainer(at: throughReference(target.location, path: path), path: path, depth: target.depth)
    }

    /// The value at `target` as `type`, read as a full decode reads it there (through a type's
    /// generated code, if it has some); the root value as `decode` reads it.
    func decode<T: Decodable>(_ type: T.Type, at target: PathTarget) throws -> T {
        if case .root = target.parentPath, case .none = target.component { return try decodeRoot(type, at: target.location) }
        return try decodeValue(type, at: target.location, parentPath: target.parentPath, component: target.component,
                               depth: target.depth, optionalDepth: 1)
    }

    /// Where a path goes on from the value at `location`: a reference (`12`) leads to the
    /// shared object it names, as a class read there reads that object's fields. A shared object
    /// (`13`) the containers see through themselves.
    private func throughReference(_ location: ValueLocation, path: CodingPathNode) throws -> ValueLocation {
        guard hasReferences, location.packed == nil, try tag(at: location, path: path.path) == WireTag.reference else { return location }
        return try referenceTarget(at: location, path: path)
    }

    /// Which kind of container the value at `location` is, past the markers of a shared object:
    /// an unkeyed one also for a packed array or a byte string (which unkeyed containers read);
    /// `nil` for any other value.
    private func containerKind(_ location: ValueLocation, path: CodingPathNode) throws -> ContainerKind? {
        if location.packed != nil { return nil }
        var tag = try tag(at: location, path: path.path)
        if tag == WireTag.sharedObject, hasReferences { tag = try self.tag(at: markedValue(at: location, path: path), path: path.path) }
        switch tag {
        case WireTag.keyed, WireTag.emptyKeyed: return .keyed
        case WireTag.unkeyed, WireTag.emptyUnkeyed, WireTag.packed, WireTag.bytes: return .unkeyed
        default: return nil
        }
    }

    private enum ContainerKind { case keyed, unkeyed }
}

/// The elements of an unkeyed container as path targets, in order, each with its index on its
/// coding path: one walk over the container, each element skipped to once. An element is
/// skipped past only when the next one is asked for, so what is read inside it comes first, as
/// in a full decode.
struct ElementWalk {
    private var container: ArchiveUnkeyedDecodingContainer
    /// The container's coding path, made once for every element.
    private let parentPath: CodingPathNode
    private let depth: Int
    private var hasPending = false

    init(container: ArchiveUnkeyedDecodingContainer, parentPath: CodingPathNode, depth: Int) {
        self.container = container
        self.parentPath = parentPath
        self.depth = depth
    }

    /// How many elements the container holds.
    var count: Int { container.count! }

    /// The next element, or nil after the last.
    mutating func next() throws -> PathTarget? {
        if hasPending { try container.advance() }
        guard !container.isAtEnd else { return nil }
        hasPending = true
        let index = container.currentIndex
        return PathTarget(location: try container.next(Any.self), parentPath: parentPath, component: .index(index), depth: depth)
    }
}
