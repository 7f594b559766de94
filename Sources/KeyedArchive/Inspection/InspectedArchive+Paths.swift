// Following paths through an inspected archive (`karchive get`): the partial reads' own walk
// (`PathWalk.swift`) over the archive `InspectedArchive` has opened, so a tool finds a value
// exactly where `ArchiveDecoder.decode(_:at:from:)` finds it — the same key matching, framing
// checks, limits and errors — and then reads that value's bytes itself.

/// A value a path led to in an `InspectedArchive`: where its bytes are in `plain`.
package struct ArchiveValueAtPath {
    let target: PathTarget

    /// Where the value starts in `plain`: its tag, or an element of a packed array's first byte.
    package var offset: Int { target.location.offset }
    /// Where the container around the value ends (the root value's end, for the root): no part
    /// of the value lies past it.
    package var limit: Int { target.location.limit }
    /// For an element of a packed array, which has no tag of its own: the array's kind.
    package var packedKind: PackedKind? { target.location.packed }
    /// How many containers hold the value (0 for the root), as `ArchiveWalker.walk` counts
    /// the depth limit.
    package var outerDepth: Int { target.depth - 1 }
}

/// Why a path could not be followed: the decoder's `DecodingError`, in a tool's words.
package struct ArchivePathError: Error, CustomStringConvertible {
    /// The decoder's error.
    package let error: DecodingError
    /// Whether offsets in a format error count in the inflated archive (`InspectionError`).
    let inInflatedBody: Bool

    /// "kind at offset N: reason" for a damaged archive (as every `karchive` command reports
    /// one); otherwise the error's kind, the path of the value it is about, and what is wrong:
    /// "keyNotFound at settings.theme: no such key in the keyed container at settings".
    package var description: String {
        switch error {
        case .dataCorrupted(let context):
            if let format = context.underlyingError as? ArchiveFormatError {
                return InspectionError(format, inInflatedBody: inInflatedBody).description
            }
            return "dataCorrupted at \(Self.path(context.codingPath)): \(context.debugDescription)"
        case .keyNotFound(let key, let context):
            // The decoder's description names the path's own `CodingKey` type, which means
            // nothing on a command line.
            return "keyNotFound at \(Self.path(context.codingPath + [key])): no such key in the keyed container at \(Self.path(context.codingPath))"
        case .valueNotFound(_, let context):
            return "valueNotFound at \(Self.path(context.codingPath)): \(context.debugDescription)"
        case .typeMismatch(_, let context):
            return "typeMismatch at \(Self.path(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }

    /// A coding path in the text form of `ArchivePath`, an unkeyed element as its index.
    static func path(_ codingPath: [any CodingKey]) -> ArchivePath {
        ArchivePath(codingPath.map { key in
            if key is IndexKey, let index = key.intValue { return .index(index) }
            return .key(key)
        })
    }
}

/// Follows paths through one `InspectedArchive` (`InspectedArchive.withPathReader`).
package struct ArchivePathReader {
    let state: DecodingState
    let inInflatedBody: Bool

    /// The root value.
    package var root: ArchiveValueAtPath { ArchiveValueAtPath(target: state.rootTarget) }

    /// The value `path` leads to from `start`, as `ArchiveDecoder.decode(_:at:from:)` finds it.
    package func value(at path: ArchivePath, from start: ArchiveValueAtPath) throws(ArchivePathError) -> ArchiveValueAtPath {
        try reading { try ArchiveValueAtPath(target: state.follow(PathSteps(path), from: start.target, required: true)!) }
    }

    /// The elements of the unkeyed container (packed array, byte string) `value` is, in order.
    package func elements(of value: ArchiveValueAtPath) throws(ArchivePathError) -> [ArchiveValueAtPath] {
        try reading {
            var walk = try state.elementWalk(of: value.target)
            var elements: [ArchiveValueAtPath] = []
            elements.reserveCapacity(walk.count)
            while let element = try walk.next() { elements.append(ArchiveValueAtPath(target: element)) }
            return elements
        }
    }

    /// The keys of the keyed container `value` is, in entry order (`ArchiveDecoder.keys(at:in:)`).
    package func keys(of value: ArchiveValueAtPath) throws(ArchivePathError) -> [ArchivePath.Component] {
        try reading { try state.keyedContainer(at: value.target).allKeys.map { ArchivePath.Component.key($0) } }
    }

    private func reading<R>(_ body: () throws -> R) throws(ArchivePathError) -> R {
        do {
            return try body()
        } catch let error as DecodingError {
            throw ArchivePathError(error: error, inInflatedBody: inInflatedBody)
        } catch {
            preconditionFailure("a path's walk throws only DecodingError, not \(error)")
        }
    }
}

extension InspectedArchive {
    /// Runs `body` with a reader that follows paths through this archive. Offsets of the values
    /// it finds are offsets in `plain`.
    package func withPathReader<R>(_ body: (ArchivePathReader) throws -> R) throws -> R {
        try plain.withUnsafeBytes { bytes in
            let references: ReferenceForm = hasReferences ? .archive : .none
            var state = DecodingState.make(bytes: bytes, owned: nil, userInfo: [:], limits: limits, references: references,
                                           usesGeneratedCode: false, readsMessages: false)
            defer { DecodingState.recycle(&state) }
            do throws(ArchiveFormatError) {
                try state.load()
            } catch {
                throw InspectionError(error, inInflatedBody: isCompressed)
            }
            return try body(ArchivePathReader(state: state, inInflatedBody: isCompressed))
        }
    }

    /// Checks the value at `value` and reports it to `visitor`, as `walk` reports the whole
    /// archive; throws at the first problem. An archive with references is walked whole
    /// (`walk`): a reference inside the value may name a shared object outside it.
    package func walk<V: ArchiveVisitor>(_ value: ArchiveValueAtPath, _ visitor: inout V) throws(InspectionError) {
        precondition(!hasReferences && value.packedKind == nil, "walk the whole archive; a packed element has no tag to walk")
        try walk(value.offset..<value.limit, outerDepth: value.outerDepth, &visitor)
    }
}
