/// Shared objects and references (`Spec/FORMAT.md` §9.5), in archives with header flag bit 2.
///
/// A class decoded at a shared object (`13`) is decoded from the value it marks and kept, by the
/// offset of its `13`. A class decoded at a reference (`12` + value index) is the instance kept
/// for its target, decoded there first if the type never read it. References are resolved only
/// into class instances: a struct, scalar or container read at a reference is a
/// `typeMismatch`, so no reference can make the decoder copy a value, and a reference costs a
/// pointer however often it occurs. (The one copy: an unknown field, `ArchiveUnknownFields`,
/// keeps the value a reference names, once per archive and bounded by the limits:
/// `UnknownValueReader`.)
extension DecodingState {
    /// `decodeValue` at a `13` or `12`.
    func decodeSharedValue<T: Decodable>(
        _ type: T.Type, tag: UInt8, at location: ValueLocation, parentPath: CodingPathNode, component: PathComponent,
        depth: Int, optionalDepth: Int
    ) throws -> T {
        func path() -> CodingPathNode { parentPath.appending(component) }
        guard T.self is AnyObject.Type else {
            // Not a class: a native type reads the marked value; any other type gets the
            // location as it is, so that a wrapper (an `Optional`, a property wrapper) can
            // decode the class inside it here, and its containers see through a `13`.
            if tag == WireTag.sharedObject, NativeKind(T.self) != nil {
                return try decodeValue(type, at: markedValue(at: location, path: path()), parentPath: parentPath,
                                       component: component, depth: depth, optionalDepth: optionalDepth)
            }
            if tag == WireTag.reference, NativeKind(T.self) != nil {
                throw DecodingErrors.typeMismatch(T.self, found: tag, path: path().path)
            }
            return try decodeThroughDecoder(type, at: location, parentPath: parentPath, component: component,
                                            depth: depth, optionalDepth: optionalDepth)
        }
        let target = tag == WireTag.sharedObject ? location : try referenceTarget(at: location, path: path())
        if let object = objects.byOffset[target.offset] {
            guard let instance = object as? T else {
                throw DecodingError.typeMismatch(T.self, DecodingError.Context(
                    codingPath: path().path,
                    debugDescription: "Expected to decode \(T.self) but found a shared \(Swift.type(of: object)) instance instead."))
            }
            return instance
        }
        // The first time this shared object is decoded: from the value it marks.
        let marked = ValueLocation(offset: target.offset + 1, limit: target.limit)
        let instance = try decodeThroughDecoder(type, at: marked, parentPath: parentPath, component: component,
                                                depth: depth, optionalDepth: 0)
        objects.byOffset[target.offset] = unsafeBitCast(instance, to: AnyObject.self)
        return instance
    }

    /// The value a `13` at `location` marks (past every marker of a chain): what a type that
    /// is not a class reads there.
    func markedValue(at location: ValueLocation, path: CodingPathNode) throws -> ValueLocation {
        try markedValue(at: location, errorPath: path.path)
    }

    func markedValue(at location: ValueLocation, errorPath: @autoclosure () -> [any CodingKey]) throws -> ValueLocation {
        do throws(ArchiveFormatError) {
            return ValueLocation(offset: try reader.sharedObjectValue(at: location.offset, limit: location.limit), limit: location.limit)
        } catch {
            throw DecodingErrors.corrupted(error, path: errorPath())
        }
    }

    /// Checks every reference of the archive (§12.4), as following one does: for a value kept
    /// whole (`ArchiveUnknownFields`) whose references lead outside it.
    func checkReferences(path: CodingPathNode) throws {
        do throws(ArchiveFormatError) {
            if objects.index == nil { objects.index = try ReferenceIndex(reader, root: rootRange) }
        } catch {
            throw DecodingErrors.corrupted(error, path: path.path)
        }
    }

    /// The shared object with value index `index`, once `checkReferences` has indexed them.
    func sharedObject(_ index: UInt64) -> ReferenceIndex.SharedObject? {
        objects.index?.sharedObjects[index]
    }

    /// The shared object that the reference at `location` names, once the archive's references
    /// are known to be valid.
    func referenceTarget(at location: ValueLocation, path: CodingPathNode) throws -> ValueLocation {
        do throws(ArchiveFormatError) {
            var p = location.offset + 1
            let index = try reader.varint(at: &p, limit: location.limit)
            if objects.index == nil { objects.index = try ReferenceIndex(reader, root: rootRange) }
            // The index has checked every reference of the archive: this one names a shared
            // object that ends before it.
            guard let target = objects.index?.sharedObjects[index] else {
                throw ArchiveFormatError(.malformed, at: location.offset, "reference to value \(index), which is not a shared object")
            }
            return ValueLocation(offset: target.offset, limit: target.limit)
        } catch {
            throw DecodingErrors.corrupted(error, path: path.path)
        }
    }
}

/// What the decoder knows of an archive's shared objects.
struct DecodedObjects {
    /// The instances decoded from shared objects, by the offset of their `13`.
    var byOffset: [Int: AnyObject] = [:]
    /// Built when the first reference is met.
    var index: ReferenceIndex?
}

/// The shared objects of an archive by value index, after checking every reference in it
/// (`Spec/FORMAT.md` §9.5): the format's one walk (`FormatWalk`) over the whole root value, in
/// document order, as a visitor that sees no containers: it looks at structure only — tags,
/// lengths, keys' varints — and keeps one entry per shared object, never per value or reference.
struct ReferenceIndex {
    struct SharedObject {
        /// The offset of the `13`.
        let offset: Int
        /// The end of the container it is in.
        let limit: Int
    }

    private(set) var sharedObjects: [UInt64: SharedObject] = [:]

    init(_ reader: ByteReader, root: Range<Int>) throws(ArchiveFormatError) {
        var collector = Collector()
        _ = try FormatWalk(reader: reader, keyIdentities: [], limits: ArchiveDecoder.Limits()).walk(root, &collector)
        sharedObjects = collector.sharedObjects
    }

    /// Keeps each shared object's `13` and the limit it was read with; the walk checks the
    /// references.
    private struct Collector: FormatVisitor {
        static var checksContainers: Bool { false }
        static var seesContainers: Bool { false }
        var sharedObjects: [UInt64: SharedObject] = [:]
        mutating func beginSharedObject(index: Int, at offset: Int, valueStart: Int, limit: Int, depth: Int) throws(ArchiveFormatError) {
            sharedObjects[UInt64(index)] = SharedObject(offset: offset, limit: limit)
        }
    }
}
