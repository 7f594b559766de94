/// A type whose values `ArchiveDecoder` reads through code generated for it, without
/// `init(from:)`: no `Decoder`, no container boxes, keys worked out once per type.
///
/// The generated code reads exactly what the type's synthesized `init(from:)` reads, with the
/// same checks and errors. `ArchiveDecoder` takes this path wherever it meets a conforming
/// type: at the top level, in arrays, dictionaries and optionals, and inside other `Codable`
/// types. A conforming (final) class is read after the shared-instance checks, and only when
/// it is the type asked for (a subclass asked for as its superclass uses `init(from:)`).
///
/// The `@ArchiveCodable` macro (in `KeyedArchiveMacros`) writes the conformance. Its members are
/// for that generated code: written by hand, they must do exactly what the type's
/// `init(from:)` does, or the two paths disagree.
public protocol ArchiveDirectDecodable: Decodable {
    /// Reads a value from `decoder`, as `init(from:)` would from an archive decoder. The
    /// library hands over the reader of the path it reads the value on (`ArchiveReader`).
    static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> Self

    /// `_archiveDecode` with the message reader: what the library calls to read a message.
    ///
    /// Generated code implements it in the type's own module as a call of `_archiveDecode`, so
    /// that the compiler there specializes `_archiveDecode` for the message reader (as
    /// `_archiveEncodeMessage` does for writing). The default does the same unspecialized.
    static func _archiveDecodeMessage(from decoder: inout ArchiveMessageDecoder) throws -> Self

    /// Whether `_archiveDecode` reads what `init(from:)` reads, in the same order (so that a
    /// damaged archive fails the same way); `false` sends `ArchiveDecoder` down the `init(from:)`
    /// path for this type. `true` unless the generated code finds, once per type, that it lists
    /// the keys in another order than the compiled `CodingKeys` declares them.
    static var _archiveCanDecode: Bool { get }
}

extension ArchiveDirectDecodable {
    /// Reads a value through the generic `_archiveDecode`.
    public static func _archiveDecodeMessage(from decoder: inout ArchiveMessageDecoder) throws -> Self {
        try _archiveDecode(from: &decoder)
    }

    /// Generated code written for the type's own `CodingKeys` reads what `init(from:)` reads.
    public static var _archiveCanDecode: Bool { true }
}

/// The general path's reader (`ArchiveReader`): the value's containers are read by lookups, in
/// any order, with the checks and errors of `init(from:)` at the same coding paths. Values
/// inside `Codable` ones, and every value once a message was given up, are read through it.
///
/// For generated code, as `ArchiveReader` is: values reach it only through `_archiveDecode`.
public struct ArchiveDirectDecoder: ArchiveReader {
    let state: DecodingState
    let location: ValueLocation
    /// The path of the value: its parent's path and what the value adds to it.
    let parentPath: CodingPathNode
    let component: PathComponent
    /// Nesting depth of the value (already checked against the limit).
    let depth: Int

    /// The value's keyed container, checked as `container(keyedBy:)` checks it.
    public func keyedContainer(_ keys: ArchiveKeySet) throws -> ArchiveDirectKeyedDecodingContainer {
        let path = parentPath.appending(component)
        let (entries, slots) = try state.openDirectContainer(keys, at: location, path: path, depth: depth)
        return ArchiveDirectKeyedDecodingContainer(state: state, entries: entries, keys: keys, path: path, depth: depth, slots: slots)
    }
}

extension DecodingState {
    /// The value at `location`, read through the generated code of `direct`, which is `T`
    /// (as `directDecodableType(T.self)` found). No `T?` here: on an unspecialized path its
    /// metadata lookup, for every value read through a decoder, cost 7 % of decoding commits.
    @inline(__always)
    func decodeDirect<T: Decodable>(
        _ direct: any ArchiveDirectDecodable.Type, as type: T.Type, at location: ValueLocation,
        parentPath: CodingPathNode, component: PathComponent, depth: Int
    ) throws -> T {
        func read<D: ArchiveDirectDecodable>(_ type: D.Type) throws -> T {
            // `D` is `T`: the lookup only gave it a name.
            unsafeBitCast(try readDirect(D.self, at: location, parentPath: parentPath, component: component, depth: depth),
                          to: T.self)
        }
        return try read(direct)
    }

    /// The value at `location` through `T`'s generated code, the depth already checked.
    @inline(__always)
    func readDirect<T: ArchiveDirectDecodable>(
        _ type: T.Type, at location: ValueLocation, parentPath: CodingPathNode, component: PathComponent, depth: Int
    ) throws -> T {
        // The one place the reader is chosen: a message's reader while a message is read
        // (`MessageReading.swift`), the general path's otherwise.
        guard readsMessage else {
            var decoder = ArchiveDirectDecoder(state: self, location: location, parentPath: parentPath, component: component, depth: depth)
            // The slots its containers take are free again once the value is read (`DirectKeySlots`).
            let slots = directSlots.top
            defer { directSlots.top = slots }
            return try T._archiveDecode(from: &decoder)
        }
        return try readMessageValue(T.self, at: location, depth: depth)
    }

    /// `T._archiveDecode(from:)` in a message, through the message reader: then each entry of
    /// the value's containers must have been read (none is left for a key the code did not ask
    /// for, or for none of its keys). Out of line, so that the general path stays as short as it was.
    @inline(never)
    private func readMessageValue<T: ArchiveDirectDecodable>(_ type: T.Type, at location: ValueLocation, depth: Int) throws -> T {
        var decoder = ArchiveMessageDecoder(state: self, location: location, depth: depth)
        let cursors = messageCursors.count
        let value = try T._archiveDecodeMessage(from: &decoder)
        guard messageCursors.closeAll(from: cursors) else { throw abandonMessageRead() }
        return value
    }

    /// A keyed container's value of `type`, which has generated code, at `location`: through
    /// that code, unless `type` is not read through it (a class, a native form, generated code
    /// switched off), when `decodeValue` decides. What both keyed readers' `readDirect` do.
    @inline(__always)
    func decodeDirectField<T: ArchiveDirectDecodable>(
        _ type: T.Type, at location: ValueLocation, parentPath: CodingPathNode, component: PathComponent, depth: Int
    ) throws -> T {
        guard readsDirectly(T.self) else {
            return try decodeValue(T.self, at: location, parentPath: parentPath, component: component, depth: depth, optionalDepth: 1)
        }
        return try decodeDirectValue(T.self, at: location, parentPath: parentPath, component: component, depth: depth)
    }

    /// Whether a value of `type`, which has generated code, is read straight through it: the
    /// generated code is on, and `type` is neither a class (whose instances need the shared-object
    /// checks first) nor a type with a native form (read natively). What `decodeValue` would
    /// decide, kept per type.
    @inline(__always)
    func readsDirectly<T: ArchiveDirectDecodable>(_ type: T.Type) -> Bool {
        usesGeneratedCode && isDirectValueType(type)
    }

    /// Whether `type` is neither a class nor a type with a native form, and its generated code
    /// (if it has any) reads what `init(from:)` reads, kept per type: a type with generated code
    /// that `readsDirectly`.
    @inline(__always)
    func isDirectValueType<T>(_ type: T.Type) -> Bool {
        directValueTypes.verdict(for: type) {
            !(type is AnyObject.Type) && NativeKind(type) == nil && (type as? any ArchiveDirectDecodable.Type)?._archiveCanDecode != false
        } == true
    }

    /// `type` as a type with generated code, or `nil` if it has none. A class is asked here only
    /// once its identity is settled (`decodeSharedValue` reads shared instances first).
    @inline(__always)
    func directDecodableType<T>(_ type: T.Type) -> (any ArchiveDirectDecodable.Type)? {
        directDecodableTypes.verdict(for: type) { (type as? any ArchiveDirectDecodable.Type).flatMap { $0._archiveCanDecode ? $0 : nil } }
    }
}
