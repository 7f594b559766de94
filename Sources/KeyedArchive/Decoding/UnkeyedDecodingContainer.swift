/// Reads the elements of an unkeyed container, a packed array or a byte string in order.
///
/// `currentIndex` advances only when a decode succeeds, so a failed attempt can be retried
/// with another type (as the protocol documents and `JSONDecoder` does).
struct ArchiveUnkeyedDecodingContainer: UnkeyedDecodingContainer {
    let state: DecodingState
    /// `nil` for tagged values; the element kind for a packed array or byte string.
    let elements: PackedKind?
    private let elementCount: Int
    /// Offset of the next element.
    private var cursor: Int
    let end: Int
    let path: CodingPathNode
    let depth: Int
    private(set) var currentIndex = 0

    init(state: DecodingState, elements: PackedKind?, count: Int, start: Int, end: Int, path: CodingPathNode, depth: Int) {
        self.state = state
        self.elements = elements
        self.elementCount = count
        self.cursor = start
        self.end = end
        self.path = path
        self.depth = depth
    }

    var codingPath: [any CodingKey] { path.path }
    /// Always known: the count is part of the wire format.
    var count: Int? { elementCount }
    var isAtEnd: Bool { currentIndex >= elementCount }

    private var elementPath: CodingPathNode { path.appending(index: currentIndex) }

    /// The next element, or `valueNotFound` at the end.
    func next(_ type: Any.Type) throws -> ValueLocation {
        guard !isAtEnd else { throw DecodingErrors.atEnd(type, path: path.path, index: currentIndex) }
        return ValueLocation(offset: cursor, limit: end, packed: elements)
    }

    /// Moves past the element just decoded. After the last element, the container's bytes must
    /// be used up exactly: anything left over means the count and length disagree.
    mutating func advance() throws {
        if let elements {
            cursor += elements.width
        } else {
            do throws(ArchiveFormatError) { cursor = try state.reader.valueEnd(at: cursor, limit: end) } catch { throw DecodingErrors.corrupted(error, path: elementPath.path) }
        }
        currentIndex += 1
        if currentIndex == elementCount, cursor != end {
            throw DecodingErrors.corrupted(ArchiveFormatError(.malformed, at: cursor, "\(end - cursor) bytes after the last of \(elementCount) elements"), path: path.path)
        }
    }

    /// Moves past the next `count` elements, unread (a partial read's step to an element):
    /// one step for a packed array or byte string, whose elements have one width.
    mutating func skip(_ count: Int) throws {
        guard count > 0 else { return }
        precondition(currentIndex + count <= elementCount, "skipping past the end of an unkeyed container")
        if let elements {
            // Every element but the last skipped one at once; `advance` checks the end.
            cursor += (count - 1) * elements.width
            currentIndex += count - 1
            try advance()
            return
        }
        for _ in 0..<count { try advance() }
    }

    @inline(__always)
    private mutating func read<T>(_ type: T.Type, _ body: (DecodingState, ValueLocation, @autoclosure () -> [any CodingKey]) throws -> T) throws -> T {
        let location = try next(type)
        let value = try body(state, location, elementPath.path)
        try advance()
        return value
    }

    mutating func decodeNil() throws -> Bool {
        let location = try next(Optional<Any>.self)
        guard state.isNil(at: location, maximumLevel: 0) else { return false }
        try advance()
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try read(type) { try $0.decodeBool(at: $1, path: $2()) } }
    mutating func decode(_ type: String.Type) throws -> String { try read(type) { try $0.decodeString(at: $1, path: $2()) } }
    mutating func decode(_ type: Double.Type) throws -> Double { try read(type) { try $0.decodeDouble(at: $1, path: $2()) } }
    mutating func decode(_ type: Float.Type) throws -> Float { try read(type) { try $0.decodeFloat(at: $1, path: $2()) } }
    mutating func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    mutating func decode(_ type: Int128.Type) throws -> Int128 { try integer(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }
    mutating func decode(_ type: UInt128.Type) throws -> UInt128 { try integer(type) }

    private mutating func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        try read(type) { try $0.decodeInteger(type, at: $1, path: $2()) }
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let location = try next(type)
        let value = try state.decodeValue(type, at: location, parentPath: path, component: .index(currentIndex), depth: depth + 1, optionalDepth: 1)
        try advance()
        return value
    }

    /// At the end → `nil` without advancing; a nil element → `nil` unless `T` is itself optional.
    mutating func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? {
        guard !isAtEnd else { return nil }
        let location = try next(type)
        if !_isOptional(T.self), state.isNil(at: location, maximumLevel: .max) {
            try advance()
            return nil
        }
        return try decode(type)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let location = try next(KeyedDecodingContainer<NestedKey>.self)
        // The kind first: a scalar is a type mismatch whatever the depth.
        let container = try state.keyedContainer(NestedKey.self, at: location, path: elementPath, depth: depth + 1)
        try checkDepth(at: location)
        try advance()
        return KeyedDecodingContainer(container)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let location = try next((any UnkeyedDecodingContainer).self)
        let container = try state.unkeyedContainer(at: location, path: elementPath, depth: depth + 1)
        try checkDepth(at: location)
        try advance()
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        let location = try next((any Decoder).self)
        try checkDepth(at: location)
        let decoder = DecoderImpl(state: state, location: location, parentPath: path, component: .index(currentIndex), depth: depth + 1, optionalDepth: 0)
        try advance()
        return decoder
    }

    private func checkDepth(at location: ValueLocation) throws {
        guard depth + 1 <= state.limits.maximumDepth else {
            throw DecodingErrors.depthExceeded(state.limits.maximumDepth, at: location.offset, path: elementPath.path)
        }
    }
}
