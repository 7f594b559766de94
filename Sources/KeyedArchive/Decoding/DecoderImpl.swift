/// The `Decoder` handed to `init(from:)`: one per value that is not decoded natively.
/// It is also its own single-value container, as in Foundation (no extra allocation).
final class DecoderImpl: Decoder {
    let state: DecodingState
    // Decoders are reused (see `DecodingState.recycle`), so these are variables. Unchecked
    // exclusivity: a decoder belongs to one `decode` call on one thread, and the dynamic
    // checks cost a `swift_beginAccess` (~80 instructions) each time one is reused.
    @exclusivity(unchecked) var location: ValueLocation
    /// The parent's path and what this value adds to it: the path is read through
    /// `.decoder(self)` without allocating a node per value.
    @exclusivity(unchecked) var parentPath: CodingPathNode
    @exclusivity(unchecked) var component: PathComponent
    /// Nesting depth of the value (the top-level value is at depth 1).
    @exclusivity(unchecked) var depth: Int
    /// Optional layers enclosing this value through single-value containers (see
    /// `EncoderImpl.optionalDepth`): `decodeNil()` accepts nils up to `optionalDepth - 1` levels.
    @exclusivity(unchecked) var optionalDepth: Int

    init(state: DecodingState, location: ValueLocation, parentPath: CodingPathNode, component: PathComponent, depth: Int, optionalDepth: Int) {
        self.state = state
        self.location = location
        self.parentPath = parentPath
        self.component = component
        self.depth = depth
        self.optionalDepth = optionalDepth
    }

    var pathNode: CodingPathNode { .decoder(self) }
    var codingPath: [any CodingKey] { pathNode.path }
    var userInfo: [CodingUserInfoKey: Any] { state.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(try state.keyedContainer(Key.self, at: location, path: pathNode, depth: depth))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try state.unkeyedContainer(at: location, path: pathNode, depth: depth)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }
}

extension DecoderImpl: SingleValueDecodingContainer {
    func decodeNil() -> Bool { state.isNil(at: location, maximumLevel: Swift.max(0, optionalDepth - 1)) }

    func decode(_ type: Bool.Type) throws -> Bool { try state.decodeBool(at: location, path: codingPath) }
    func decode(_ type: String.Type) throws -> String { try state.decodeString(at: location, path: codingPath) }
    func decode(_ type: Double.Type) throws -> Double { try state.decodeDouble(at: location, path: codingPath) }
    func decode(_ type: Float.Type) throws -> Float { try state.decodeFloat(at: location, path: codingPath) }
    func decode(_ type: Int.Type) throws -> Int { try state.decodeInteger(type, at: location, path: codingPath) }
    func decode(_ type: Int8.Type) throws -> Int8 { try state.decodeInteger(type, at: location, path: codingPath) }
    func decode(_ type: Int16.Type) throws -> Int16 { try state.decodeInteger(type, at: location, path: codingPath) }
    func decode(_ type: Int32.Type) throws -> Int32 { try state.decodeInteger(type, at: location, path: codingPath) }
    func decode(_ type: Int64.Type) throws -> Int64 { try state.decodeInteger(type, at: location, path: codingPath) }
    func decode(_ type: Int128.Type) throws -> Int128 { try state.decodeInteger(type, at: location, path: codingPath) }
    func decode(_ type: UInt.Type) throws -> UInt { try state.decodeInteger(type, at: location, path: codingPath) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try state.decodeInteger(type, at: location, path: codingPath) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try state.decodeInteger(type, at: location, path: codingPath) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try state.decodeInteger(type, at: location, path: codingPath) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try state.decodeInteger(type, at: location, path: codingPath) }
    func decode(_ type: UInt128.Type) throws -> UInt128 { try state.decodeInteger(type, at: location, path: codingPath) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        // A value wrapped in a single-value container continues this decoder's optional chain.
        try state.decodeValue(type, at: location, parentPath: pathNode, component: .none, depth: depth + 1, optionalDepth: optionalDepth + 1)
    }
}

extension DecodingState {
    /// Opens the keyed container at `location`, checking its entries once so that lookups,
    /// `allKeys` and skipping never meet a malformed entry later.
    func keyedContainer<Key: CodingKey>(_: Key.Type, at location: ValueLocation, path: CodingPathNode, depth: Int) throws -> ArchiveKeyedDecodingContainer<Key> {
        let entries = try keyedEntries(at: location, path: path, depth: depth, containerType: KeyedDecodingContainer<Key>.self)
        return ArchiveKeyedDecodingContainer(state: self, start: entries.start, end: entries.end,
                                             hasIntegerKeys: entries.hasIntegerKeys, hasStringKeys: entries.hasStringKeys,
                                             path: path, depth: depth)
    }

    /// The checked entries of the keyed container at `location`: the part of opening it that
    /// does not depend on the key type. `containerType` is what a `valueNotFound` names: a
    /// closure, because looking up `KeyedDecodingContainer<Key>`'s metadata on every container
    /// opened cost 2 % of decoding the sample commits.
    func keyedEntries(at location: ValueLocation, path: CodingPathNode, depth: Int,
                      containerType: @autoclosure () -> Any.Type) throws -> KeyedEntries {
        var ignoring = IgnoredEntries()
        return try keyedEntries(at: location, path: path, depth: depth, containerType: containerType(), visiting: &ignoring)
    }

    /// `keyedEntries(at:path:depth:containerType:)`, handing each entry to `visitor` as the
    /// container is checked.
    func keyedEntries<Visitor: KeyedEntryVisitor>(at location: ValueLocation, path: CodingPathNode, depth: Int,
                                                  containerType: @autoclosure () -> Any.Type,
                                                  visiting visitor: inout Visitor) throws -> KeyedEntries {
        if let element = location.packed {
            throw DecodingError.typeMismatch([String: Any].self, DecodingError.Context(
                codingPath: path.path, debugDescription: "Expected to decode Dictionary<String, Any> but found an element of a packed \(element.name) array instead."))
        }
        let tag = try tag(at: location, path: path.path)
        if tag == WireTag.emptyKeyed || tag == WireTag.keyed { try checkContainerDepth(depth, at: location, path: path) }
        if tag == WireTag.emptyKeyed {
            return KeyedEntries(start: location.offset + 1, end: location.offset + 1, hasIntegerKeys: false, hasStringKeys: false)
        }
        guard tag == WireTag.keyed else {
            if tag == WireTag.sharedObject, hasReferences {
                // A shared object read as a plain value (a struct over a class's fields).
                return try keyedEntries(at: markedValue(at: location, path: path), path: path, depth: depth,
                                        containerType: containerType(), visiting: &visitor)
            }
            if tag == WireTag.nil || tag == WireTag.nestedNil {
                throw DecodingError.valueNotFound(containerType(), DecodingError.Context(
                    codingPath: path.path, debugDescription: "Cannot get keyed decoding container -- found null value instead"))
            }
            throw DecodingErrors.typeMismatch([String: Any].self, found: tag, path: path.path)
        }
        do throws(ArchiveFormatError) {
            let framing = try reader.keyedFraming(at: location.offset, limit: location.limit, keyIdentities: keyIdentities,
                                                  maximumCount: limits.maximumCollectionCount, visiting: &visitor)
            return KeyedEntries(start: framing.entries.lowerBound, end: framing.entries.upperBound,
                                hasIntegerKeys: framing.hasIntegerKeys, hasStringKeys: framing.hasStringKeys)
        } catch {
            throw DecodingErrors.corrupted(error, path: path.path)
        }
    }

    /// Opens the unkeyed container, packed array or byte string at `location` as an unkeyed container.
    func unkeyedContainer(at location: ValueLocation, path: CodingPathNode, depth: Int) throws -> ArchiveUnkeyedDecodingContainer {
        if let element = location.packed {
            throw DecodingError.typeMismatch([Any].self, DecodingError.Context(
                codingPath: path.path, debugDescription: "Expected to decode Array<Any> but found an element of a packed \(element.name) array instead."))
        }
        let tag = try tag(at: location, path: path.path)
        if tag == WireTag.emptyUnkeyed || tag == WireTag.unkeyed { try checkContainerDepth(depth, at: location, path: path) }
        do {
            var p = location.offset + 1
            switch tag {
            case WireTag.emptyUnkeyed:
                return ArchiveUnkeyedDecodingContainer(state: self, elements: nil, count: 0, start: p, end: p, path: path, depth: depth)
            case WireTag.unkeyed:
                let framing = try reader.unkeyedFraming(at: location.offset, limit: location.limit, maximumCount: limits.maximumCollectionCount)
                return ArchiveUnkeyedDecodingContainer(state: self, elements: nil, count: framing.count, start: framing.countField.upperBound,
                                                       end: framing.end, path: path, depth: depth)
            case WireTag.packed:
                let (kind, count, start) = try reader.packedHeader(at: location.offset, limit: location.limit)
                try checkCollectionCount(count, at: location.offset + 2)
                return ArchiveUnkeyedDecodingContainer(state: self, elements: kind, count: count, start: start, end: start + count * kind.width, path: path, depth: depth)
            case WireTag.bytes:
                let count = try reader.length(at: &p, limit: location.limit)
                return ArchiveUnkeyedDecodingContainer(state: self, elements: .uint8, count: count, start: p, end: p + count, path: path, depth: depth)
            case WireTag.sharedObject where hasReferences:
                return try unkeyedContainer(at: markedValue(at: location, path: path), path: path, depth: depth)
            case WireTag.nil, WireTag.nestedNil:
                throw DecodingError.valueNotFound((any UnkeyedDecodingContainer).self, DecodingError.Context(
                    codingPath: path.path, debugDescription: "Cannot get unkeyed decoding container -- found null value instead"))
            default:
                throw DecodingErrors.typeMismatch([Any].self, found: tag, path: path.path)
            }
        } catch let error as ArchiveFormatError {
            throw DecodingErrors.corrupted(error, path: path.path)
        }
    }

    /// `limitExceeded` for a container at `depth` past `Limits.maximumDepth`: checked once its
    /// tag says it is a container and before its length or entries are (`Spec/FORMAT.md` §12.4),
    /// so a container too deep is reported as such whatever is wrong inside it.
    private func checkContainerDepth(_ depth: Int, at location: ValueLocation, path: CodingPathNode) throws {
        guard depth <= limits.maximumDepth else {
            throw DecodingErrors.depthExceeded(limits.maximumDepth, at: location.offset, path: path.path)
        }
    }

    /// `limitExceeded` for a container with more elements than `Limits.maximumCollectionCount`.
    func checkCollectionCount(_ count: Int, at offset: Int) throws(ArchiveFormatError) {
        try reader.checkCollectionCount(count, at: offset, maximum: limits.maximumCollectionCount)
    }
}
