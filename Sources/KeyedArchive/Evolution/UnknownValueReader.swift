/// A format error in an unknown value, with the coding path from the value to where it was
/// found: the decoder reports it there, as it would for a property that knows the field.
struct UnknownValueError: Error {
    let error: ArchiveFormatError
    let path: [any CodingKey]
}

/// Reads unknown values (`ArchiveUnknownFields`) out of an archive's bytes: each walked and
/// checked as the validator checks a value, and, in an archive with references (header flag
/// bit 2), each reference replaced by a copy of the shared object's value, so that the value can
/// be written into any archive. The values are kept, not their identity.
///
/// A copy is not a new tree: each shared object is copied once per decode
/// (`DecodingState.unknownValueCopies`), and every reference to it, in any unknown field, is
/// that one `UnknownValue`, so memory grows with the archive. Writing the fields back writes
/// every copy, so the bytes the copies take in all the archive's unknown fields together must
/// fit in `maximumInflatedSize`, and their nesting, at the depth of each reference, in
/// `maximumDepth`: a small archive that shares one value many times over cannot become a huge
/// one.
struct UnknownValueReader {
    let state: DecodingState

    /// The shared objects copied in one decode, by value index (each with its references
    /// replaced, and the bytes and levels of nesting it takes written out), and the bytes the
    /// copies in the unknown fields read so far take.
    struct Copies {
        fileprivate var byTarget: [UInt64: Copy] = [:]
        fileprivate var bytesInFields = 0

        /// Whether nothing was copied.
        var isEmpty: Bool { byTarget.isEmpty }
    }

    fileprivate struct Copy {
        let value: UnknownValue
        let size: Int
        let height: Int
    }

    /// The value at `start` (ending by `limit`), `outerDepth` containers deep.
    /// - Throws: `UnknownValueError` for a value that is not well formed, with the coding path
    ///   inside the value where the walk stopped; the format error of a value whose copies break
    ///   a limit; a reference's own errors only once `checkReferences` has checked every
    ///   reference of the archive.
    func value(at start: Int, limit: Int, outerDepth: Int, checkReferences: () throws -> Void) throws -> UnknownValue {
        var builder = UnknownValueBuilder(base: state.reader.base)
        let (value, targets): (UnknownValue, [UInt64])
        do {
            (value, targets) = try walk(start..<limit, outerDepth: outerDepth, into: &builder)
        } catch {
            throw UnknownValueError(error: error, path: builder.pathToCurrentValue)
        }
        guard !targets.isEmpty else { return value }
        try checkReferences()
        try copyAll(targets)
        let (copied, size, height) = try substitute(value, at: start)
        let total = Self.sum(state.unknownValueCopies.bytesInFields, size)
        if total > state.limits.maximumInflatedSize {
            throw ArchiveFormatError(.limitExceeded, at: start,
                                     "the copies of shared objects in the archive's unknown fields take more than maximumInflatedSize (\(state.limits.maximumInflatedSize) bytes)")
        }
        state.unknownValueCopies.bytesInFields = total
        if outerDepth + height > state.limits.maximumDepth {
            throw ArchiveFormatError(.limitExceeded, at: start,
                                     "the copies of the shared objects this value refers to nest deeper than the limit of \(state.limits.maximumDepth)")
        }
        return copied
    }

    /// The value at `range` as the validator walks it, with the targets of its references.
    /// In an archive with references, these are not checked by the walk: they may name shared
    /// objects outside the value, and every one is checked with the archive's (`ReferenceIndex`).
    private func walk(_ range: Range<Int>, outerDepth: Int) throws(ArchiveFormatError) -> (UnknownValue, [UInt64]) {
        var builder = UnknownValueBuilder(base: state.reader.base)
        return try walk(range, outerDepth: outerDepth, into: &builder)
    }

    /// `walk(_:outerDepth:)` with a builder of the caller's, which, when the walk throws, tells
    /// where in the value it stopped.
    private func walk(_ range: Range<Int>, outerDepth: Int, into builder: inout UnknownValueBuilder) throws(ArchiveFormatError) -> (UnknownValue, [UInt64]) {
        var walker = ArchiveWalker<UnknownValueBuilder>(reader: state.reader, keys: state.keyStrings,
                                                        keyIdentities: state.keyIdentities, limits: state.limits)
        walker.checksReferences = false
        _ = try walker.walk(range, outerDepth: outerDepth, &builder)
        return (builder.result!, builder.referenceTargets)
    }

    /// Copies every shared object `targets` reach, through their own references, each after
    /// the objects it refers to. Without recursion (a hostile archive can chain thousands): a
    /// depth-first walk with its own stack. An object may refer to one nested in itself, so
    /// value indexes do not give the order; the references' checks (§12.4) rule out loops.
    private func copyAll(_ targets: [UInt64]) throws(ArchiveFormatError) {
        var read: [UInt64: UnknownValue] = [:]
        var order: [UInt64] = []
        var done: Set<UInt64> = []
        // Each object twice: to read it and stack what it refers to, then, those copied, to copy it.
        var stack = targets.map { (target: $0, referencesCopied: false) }
        while let (target, referencesCopied) = stack.popLast() {
            if referencesCopied {
                order.append(target)
                done.insert(target)
                continue
            }
            guard state.unknownValueCopies.byTarget[target] == nil, read[target] == nil else { continue }
            guard let object = state.sharedObject(target) else {
                throw ArchiveFormatError(.malformed, at: nil, "reference to value \(target), which is not a shared object")
            }
            // Walked from its marker, which is not kept: the marked value is.
            let (value, inner) = try walk(object.offset..<object.limit, outerDepth: 0)
            read[target] = value
            stack.append((target, true))
            stack += inner.filter { state.unknownValueCopies.byTarget[$0] == nil && !done.contains($0) }.map { ($0, false) }
        }
        for target in order {
            let (value, size, height) = try substitute(read[target]!, at: state.sharedObject(target)!.offset)
            state.unknownValueCopies.byTarget[target] = Copy(value: value, size: size, height: height)
        }
    }

    /// `value` (read at `offset`) with each reference replaced by its copy, with the bytes the
    /// result takes when written (saturating) and its levels of containers. Recursion is
    /// bounded by the walk's depth limit: copies are not entered again.
    private func substitute(_ value: UnknownValue, at offset: Int) throws(ArchiveFormatError) -> (UnknownValue, size: Int, height: Int) {
        switch value {
        case .bytes(let bytes):
            return (value, bytes.count, 0)
        case .reference(let target):
            // Every object a copy refers to is copied before it, unless references loop, which
            // the archive's checks refuse: this only keeps a broken promise from trapping.
            guard let copy = state.unknownValueCopies.byTarget[target] else {
                throw ArchiveFormatError(.malformed, at: offset, "reference loop through value \(target)")
            }
            return (copy.value, copy.size, copy.height)
        case .keyed(let keys, let values):
            let (copied, size, height) = try substituteAll(values, at: offset)
            return (.keyed(keys, copied), Self.sum(size, 1 + keys.count), height + 1)
        case .unkeyed(let values):
            let (copied, size, height) = try substituteAll(values, at: offset)
            return (.unkeyed(copied), Self.sum(size, 1), height + 1)
        }
    }

    /// A container's values, each substituted, with the bytes they take together and the levels
    /// of the deepest.
    private func substituteAll(_ values: [UnknownValue], at offset: Int) throws(ArchiveFormatError) -> ([UnknownValue], size: Int, height: Int) {
        var (copied, size, height) = ([UnknownValue](), 0, 0)
        copied.reserveCapacity(values.count)
        for value in values {
            let (inner, innerSize, innerHeight) = try substitute(value, at: offset)
            copied.append(inner)
            size = Self.sum(size, innerSize)
            height = max(height, innerHeight)
        }
        return (copied, size, height)
    }

    /// `a + b`, or `Int.max` where that overflows: a size past every limit.
    private static func sum(_ a: Int, _ b: Int) -> Int {
        let (total, overflow) = a.addingReportingOverflow(b)
        return overflow ? .max : total
    }
}
