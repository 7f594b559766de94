#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// Reading part of an archive: one value at a path, whether a path leads to a value, the keys or
// the element count of a container, and one value from each element of an array — each without
// decoding the rest (`PathWalk.swift`).
//
// Each call opens the archive as `decode(_:from:)` does — the header, the checksum (unless
// `verifiesChecksumInPartialReads` is false), a compressed body inflated once within
// `Limits.maximumInflatedSize`, the key table — and then reads only the containers on the path.
// The limits apply as in a full decode, and the values read have the coding paths they have
// there: errors name the path that was followed.
extension ArchiveDecoder {
    /// Decodes the value at `path` as `type`, reading only the containers on the way to it.
    ///
    /// ```swift
    /// let theme = try decoder.decode(Theme.self, at: ["settings", "theme"], from: data)
    /// ```
    ///
    /// The value is read exactly as a full decode reads it there (a type with `@ArchiveCodable`
    /// through its generated code), with the same coding path. A reference to a shared object on
    /// the path (`preservesObjectIdentity`) is followed to that object. For an optional `type`, a
    /// path that leads to no value (a key that is absent, an index past the end, a scalar or nil
    /// where a container would be) gives `nil`, as `containsValue(at:in:)` would say `false`.
    ///
    /// - Throws: `keyNotFound` for a key the container on the path does not hold,
    ///   `valueNotFound` for an index past the end or a nil on the way, `typeMismatch` for a
    ///   value that is not the container a step needs; otherwise as `decode(_:from:)`.
    public func decode<T: Decodable>(_ type: T.Type, at path: ArchivePath, from data: Data) throws -> T {
        try data.withUnsafeBytes { try decode(type, at: path, fromBytes: $0) }
    }

    /// `decode(_:at:from:)` for an archive in a byte array.
    public func decode<T: Decodable>(_ type: T.Type, at path: ArchivePath, from bytes: [UInt8]) throws -> T {
        try bytes.withUnsafeBytes { try decode(type, at: path, fromBytes: $0) }
    }

    /// Whether `path` leads to a value (a nil included): every key is in the container on the
    /// way and every index inside it.
    ///
    /// - Throws: `DecodingError.dataCorrupted` if the archive is damaged on the way, or a limit
    ///   is exceeded there.
    public func containsValue(at path: ArchivePath, in data: Data) throws -> Bool {
        try data.withUnsafeBytes { try containsValue(at: path, inBytes: $0) }
    }

    /// `containsValue(at:in:)` for an archive in a byte array.
    public func containsValue(at path: ArchivePath, in bytes: [UInt8]) throws -> Bool {
        try bytes.withUnsafeBytes { try containsValue(at: path, inBytes: $0) }
    }

    /// The keys of the keyed container at `path`, in the order they were written: string keys
    /// as `.key(stringValue:intValue: nil)`, integer keys with their `intValue` (and their
    /// decimal spelling as `stringValue`). Each one appended to `path` leads to its value.
    ///
    /// - Throws: as `decode(_:at:from:)`; `typeMismatch` if the value at `path` is not a keyed
    ///   container.
    public func keys(at path: ArchivePath, in data: Data) throws -> [ArchivePath.Component] {
        try data.withUnsafeBytes { try keys(at: path, inBytes: $0) }
    }

    /// `keys(at:in:)` for an archive in a byte array.
    public func keys(at path: ArchivePath, in bytes: [UInt8]) throws -> [ArchivePath.Component] {
        try bytes.withUnsafeBytes { try keys(at: path, inBytes: $0) }
    }

    /// How many elements the unkeyed container (packed array, byte string: any value an array or
    /// `Data` decodes from) at `path` holds. Constant work: the count is part of the container's
    /// framing.
    ///
    /// - Throws: as `decode(_:at:from:)`; `typeMismatch` if the value at `path` is not an
    ///   unkeyed container.
    public func count(at path: ArchivePath, in data: Data) throws -> Int {
        try data.withUnsafeBytes { try count(at: path, inBytes: $0) }
    }

    /// `count(at:in:)` for an archive in a byte array.
    public func count(at path: ArchivePath, in bytes: [UInt8]) throws -> Int {
        try bytes.withUnsafeBytes { try count(at: path, inBytes: $0) }
    }

    /// Decodes the value at `elementPath` inside each element of the unkeyed container at
    /// `arrayPath`, in order, as `type`: every document's `id`, without the documents.
    ///
    /// ```swift
    /// let ids = try decoder.decode(UUID.self, at: ["id"], ofEachElementAt: ["documents"], from: data)
    /// ```
    ///
    /// One walk over the array: each element is skipped to once, and only the containers on
    /// `elementPath` inside it are read. For an optional `type`, an element in which
    /// `elementPath` leads to no value gives `nil`, as in `decode(_:at:from:)`.
    ///
    /// - Throws: as `decode(_:at:from:)`, for the first element that fails.
    public func decode<T: Decodable>(_ type: T.Type, at elementPath: ArchivePath, ofEachElementAt arrayPath: ArchivePath,
                                     from data: Data) throws -> [T] {
        try data.withUnsafeBytes { try decode(type, at: elementPath, ofEachElementAt: arrayPath, fromBytes: $0) }
    }

    /// `decode(_:at:ofEachElementAt:from:)` for an archive in a byte array.
    public func decode<T: Decodable>(_ type: T.Type, at elementPath: ArchivePath, ofEachElementAt arrayPath: ArchivePath,
                                     from bytes: [UInt8]) throws -> [T] {
        try bytes.withUnsafeBytes { try decode(type, at: elementPath, ofEachElementAt: arrayPath, fromBytes: $0) }
    }

    // MARK: The reads

    private func decode<T: Decodable>(_ type: T.Type, at path: ArchivePath, fromBytes bytes: UnsafeRawBufferPointer) throws -> T {
        try withOpenedArchive(bytes) { state throws in
            guard let target = try state.follow(PathSteps(path), from: state.rootTarget, required: !_isOptional(T.self)) else {
                return try Self.absentValue(T.self)
            }
            return try state.decode(type, at: target)
        }
    }

    private func containsValue(at path: ArchivePath, inBytes bytes: UnsafeRawBufferPointer) throws -> Bool {
        try withOpenedArchive(bytes) { state throws in
            try state.follow(PathSteps(path), from: state.rootTarget, required: false) != nil
        }
    }

    private func keys(at path: ArchivePath, inBytes bytes: UnsafeRawBufferPointer) throws -> [ArchivePath.Component] {
        try withOpenedArchive(bytes) { state throws in
            let target = try state.follow(PathSteps(path), from: state.rootTarget, required: true)!
            return try state.keyedContainer(at: target).allKeys.map { ArchivePath.Component.key($0) }
        }
    }

    private func count(at path: ArchivePath, inBytes bytes: UnsafeRawBufferPointer) throws -> Int {
        try withOpenedArchive(bytes) { state throws in
            let target = try state.follow(PathSteps(path), from: state.rootTarget, required: true)!
            return try state.unkeyedContainer(at: target).count!
        }
    }

    private func decode<T: Decodable>(_ type: T.Type, at elementPath: ArchivePath, ofEachElementAt arrayPath: ArchivePath,
                                      fromBytes bytes: UnsafeRawBufferPointer) throws -> [T] {
        try withOpenedArchive(bytes) { state throws in
            let array = try state.follow(PathSteps(arrayPath), from: state.rootTarget, required: true)!
            var elements = try state.elementWalk(of: array)
            let required = !_isOptional(T.self)
            let steps = PathSteps(elementPath)
            var values: [T] = []
            values.reserveCapacity(elements.count)
            while let element = try elements.next() {
                if let target = try state.follow(steps, from: element, required: required) {
                    values.append(try state.decode(type, at: target))
                } else {
                    values.append(try Self.absentValue(T.self))
                }
            }
            return values
        }
    }

    /// The `nil` of an optional `T`, for a path that leads to no value.
    private static func absentValue<T>(_: T.Type) throws -> T {
        guard let type = T.self as? any AbsentValue.Type else { preconditionFailure("only an optional type reads a missing value") }
        return type.absent as! T
    }

    /// Opens `bytes` as `decode(_:from:)` does (with the checksum verified or not as this decoder
    /// says), reads it with `body`, and hands the state back to the thread.
    private func withOpenedArchive<R>(_ bytes: UnsafeRawBufferPointer, _ body: (DecodingState) throws -> R) throws -> R {
        var state: DecodingState
        do throws(ArchiveFormatError) {
            state = try openState(bytes, verifiesChecksum: verifiesChecksumInPartialReads)
        } catch {
            throw DecodingErrors.corrupted(error, path: [])
        }
        defer { DecodingState.recycle(&state) }
        do throws(ArchiveFormatError) {
            try state.load()
        } catch {
            throw DecodingErrors.corrupted(error, path: [])
        }
        return try body(state)
    }
}

/// An optional type's `nil`, named without knowing its wrapped type.
private protocol AbsentValue {
    static var absent: Self { get }
}

extension Optional: AbsentValue {
    static var absent: Wrapped? { nil }
}
