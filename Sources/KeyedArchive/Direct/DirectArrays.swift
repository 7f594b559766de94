/// An array of values with generated code is written and read through generated code too:
/// `Array`'s own `encode(to:)` and `init(from:)` would go through an `Encoder`, an existential
/// container and an unspecialized call per element.
///
/// The bytes, checks and errors are those of the `Codable` path: the array is the unkeyed
/// container `encode(to:)` writes, its elements at the same paths and depths.
extension Array: ArchiveDirectEncodable where Element: ArchiveDirectEncodable {
    /// Writes `value` as `encode(to:)` would: an unkeyed container of its elements.
    public static func _archiveEncode<Writer: ArchiveWriter>(_ value: [Element], to encoder: inout Writer) throws {
        try encoder.encodeElements(value)
    }
}

extension Array: ArchiveDirectDecodable where Element: ArchiveDirectDecodable {
    /// Reads an array as `init(from:)` would: an unkeyed container, element after element.
    public static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> [Element] {
        try decoder.decodeElements(Element.self)
    }
}

extension ArchiveDirectEncoder {
    /// Writes `elements` as `Array.encode(to:)` does: an unkeyed container opened where the value
    /// belongs, and each element as `UnkeyedEncodingContainer.encode(_:)` writes it.
    public mutating func encodeElements<Element: ArchiveDirectEncodable>(_ elements: [Element]) throws {
        claimValue()
        let (state, container) = (state, withSink { $0.open(.unkeyed, depth: depth) })
        let path = parentPath.appending(component)
        let elementDepth = depth + 1
        // A class instance needs the identity and cycle checks, a type whose generated code
        // leaves it to `encode(to:)` its conformance, and an element past the depth limit its
        // error: all the general path's business, as in `ArchiveDirectKeyedContainer`. (Asked
        // once per array; asking `directEncodableType` instead cost the media list 0.5 %.)
        let direct = !(Element.self is AnyObject.Type) && Element._archiveCanEncode && elementDepth <= state.maximumDepth
        // Indices rather than `enumerated()`: this code runs unspecialized (its callers reach it
        // through a conformance found at run time), where each `(offset, element)` pair cost a
        // runtime metadata lookup.
        for index in 0..<elements.count {
            let element = elements[index]
            try state.withSink(forWritingTo: container) { sink in
                // The general path needs the mark from before the element is counted, to roll
                // back an element that throws. Generated code needs none: an element that throws
                // leaves the whole array's bytes to be cut off by whoever wrote the array (as a
                // throwing element does to `encode(to:)`).
                let mark = direct ? nil : sink.mark()
                sink.countElement()
                if let mark {
                    try state.encodeValueRollingBack(element, in: sink, mark: mark, parentPath: path, component: .index(index),
                                                     depth: elementDepth, optionalDepth: 1)
                } else {
                    try state.encodeDirect(element, in: sink, parentPath: path, component: .index(index), depth: elementDepth)
                }
            }
        }
    }
}

extension ArchiveDirectDecoder {
    /// Reads an array as `Array.init(from:)` does, through the same unkeyed container (and so
    /// the same checks and errors), without a `Decoder` or an existential container.
    public func decodeElements<Element: ArchiveDirectDecodable>(_ type: Element.Type) throws -> [Element] {
        try state.decodeDirectElements(Element.self, at: location, path: parentPath.appending(component), depth: depth)
    }
}

extension DecodingState {
    /// The array at `location` (whose path is `path`, at depth `depth`) as `Array.init(from:)`
    /// reads it: what both readers' `decodeElements` do.
    func decodeDirectElements<Element: ArchiveDirectDecodable>(
        _: Element.Type, at location: ValueLocation, path: CodingPathNode, depth: Int
    ) throws -> [Element] {
        var container = try unkeyedContainer(at: location, path: path, depth: depth)
        var elements: [Element] = []
        // The count was checked against the bytes that hold the elements and the limits.
        elements.reserveCapacity(container.count ?? 0)
        // A class needs `init(from:)` (as `directDecodableType` says), a type with a native
        // form (a retroactive conformance of `Date`, say) its native reading, and a type whose
        // generated code does not read what `init(from:)` reads that initializer: all take the
        // general path.
        if Element.self is AnyObject.Type || NativeKind(Element.self) != nil || !Element._archiveCanDecode {
            while !container.isAtEnd {
                // In a message, the element's step (`MessageCursors.note`): a class with generated
                // code is read as a message too, and a value inside it may be read in place.
                if readsMessage { messageCursors.note(MessageStep(element: container.currentIndex), depth: depth + 1) }
                elements.append(try container.decode(Element.self))
            }
        } else {
            while !container.isAtEnd { elements.append(try container.decodeDirectElement(Element.self)) }
        }
        return elements
    }
}

extension ArchiveUnkeyedDecodingContainer {
    /// The next element, read through its generated code: what `decode(_:)` does for a value type
    /// with generated code and no native form, without asking again which kind of type it is.
    mutating func decodeDirectElement<T: ArchiveDirectDecodable>(_ type: T.Type) throws -> T {
        let location = try next(type)
        // In a message, the element's step, for the values inside it (`MessageCursors.note`).
        if state.readsMessage { state.messageCursors.note(MessageStep(element: currentIndex), depth: depth + 1) }
        let value = try state.decodeDirectValue(type, at: location, parentPath: path, component: .index(currentIndex), depth: depth + 1)
        try advance()
        return value
    }
}

extension DecodingState {
    /// What `decodeValue` does for a value type with generated code and no native form: a
    /// shared-object record is read as one, and past the depth limit is the same error.
    @inline(__always)
    func decodeDirectValue<T: ArchiveDirectDecodable>(
        _ type: T.Type, at location: ValueLocation, parentPath: CodingPathNode, component: PathComponent, depth: Int
    ) throws -> T {
        if let tag = sharedObjectTag(at: location) {
            return try decodeSharedValue(type, tag: tag, at: location, parentPath: parentPath, component: component,
                                         depth: depth, optionalDepth: 1)
        }
        try checkDepth(depth, at: location, parentPath: parentPath, component: component)
        return try readDirect(type, at: location, parentPath: parentPath, component: component, depth: depth)
    }
}
