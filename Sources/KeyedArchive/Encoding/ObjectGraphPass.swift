/// Turns the encoder's record of class instances into shared objects and references
/// (`ArchiveEncoder.preservesObjectIdentity`, `Spec/FORMAT.md` §9.5). Runs when an instance
/// occurred twice or a late write needs the fix-up pass; otherwise the markers only come off
/// (`EncodingState+UnsharedInstances.swift`).
///
/// While encoding, the encoder numbers instances in the order it meets them: the first time it
/// writes `7E` + number + the instance's value, and every later time only `12` + number. Those
/// orders are the order of `encode` calls, not of the archive: a deterministic archive sorts
/// keys, a super encoder may be filled late. So the archive's own form is decided here, on the
/// finished bytes, in document order: the first occurrence of an instance met more than once
/// becomes `13` + its value (wherever the encoder wrote that value), every later one `12` + the
/// value index of that `13`, and an instance met once loses its marker. String keys are
/// renumbered in document order, since a value written earlier than the encoder wrote it brings
/// its keys with it.
///
/// A first occurrence the fix-up pass left out of the root value (its key written again, its
/// container replaced) is still there, among the left-out values after the root value: read
/// from there, and written in full at the instance's first reference.
///
/// Value indexes count every value written, in document order, which this pass writes in: so
/// nothing is counted twice or by two pieces of code.
struct ObjectGraphPass: ~Copyable {

    private let reader: ByteReader
    /// What is known of each numbered instance, by number (the encoder numbers them from 0).
    private var instances: [Instance]
    private var output = ByteWriter()
    private var valueCount: UInt64 = 0
    private var keyOrder: [Int] = []
    private var newKeyIndex: [Int]
    /// Whether a `13` or `12` was written: the archive then needs header flag bit 2.
    private var wroteReferences = false

    private struct Instance {
        /// Where the value of its first occurrence (past its marker) starts; -1 until found.
        var firstValue = -1
        /// How many occurrences the archive will hold.
        var occurrences = 0
        /// Whether its first occurrence is written, and with it `index`.
        var isWritten = false
        /// The value index of its `13` (`.max` if it has none: it occurs once).
        var index: UInt64 = 0
    }

    private init(reader: ByteReader, keyCount: Int, instances: [Instance]) {
        self.reader = reader
        self.newKeyIndex = Array(repeating: -1, count: keyCount)
        self.instances = instances
    }

    /// The instance number at `p` (past the tag), checked against the numbers given out.
    private func number(at p: inout Int, limit: Int) throws -> Int {
        let start = p
        let number = try reader.varint(at: &p, limit: limit)
        guard number < UInt64(instances.count) else {
            throw ArchiveFormatError(.malformed, at: start, "instance number \(number) was never given out")
        }
        return Int(number)
    }

    /// Rewrites the plain archive in `reader` (header and root value, in the encoder's form,
    /// then from offset `leftOutValues` on the values the fix-up pass left out) as header and
    /// root value in the archive's form, with flag bit 2 set if it holds references. Returns it
    /// with the key-table indices of its string keys in document order.
    ///
    /// Occurrences are counted on the root value; with left-out values, where the rewrite writes
    /// them (it may write a left-out first occurrence, and the instances in it), by a dry run.
    ///
    /// - Parameter objectCount: how many instances the encoder numbered (from 0).
    static func rewrite(_ reader: ByteReader, leftOutValues: Int, keyCount: Int, objectCount: Int) throws -> RewrittenArchive {
        var pass = ObjectGraphPass(reader: reader, keyCount: keyCount, instances: Array(repeating: Instance(), count: objectCount))
        do {
            let rootEnd = try pass.indexOccurrences(inValueAt: ArchiveHeader.size, counting: true)
            if rootEnd != leftOutValues {
                throw ArchiveFormatError(.malformed, at: rootEnd, "the root value ends before the left-out values")
            }
            // A left-out value's first occurrences count only where the root has none.
            var p = leftOutValues
            while p < reader.count { p = try pass.indexOccurrences(inValueAt: p, counting: false) }
            if let number = pass.instances.firstIndex(where: { $0.occurrences > 0 && $0.firstValue < 0 }) {
                throw ArchiveFormatError(.malformed, at: 0, "no first occurrence of instance \(number)")
            }
            if leftOutValues < reader.count {
                var dryRun = ObjectGraphPass(reader: reader, keyCount: keyCount, instances: pass.instances.map { Instance(firstValue: $0.firstValue) })
                try dryRun.emitArchive(counting: true)
                pass.instances = dryRun.instances.map { Instance(firstValue: $0.firstValue, occurrences: $0.occurrences) }
            }
            try pass.emitArchive(counting: false)
        } catch {
            throw EncodingError.unreadableOwnBytes(error)
        }
        if pass.wroteReferences {
            pass.output.setByte(pass.output.bytes[5] | ArchiveHeader.Flag.references, at: 5)
        }
        let end = pass.output.count
        return RewrittenArchive(bytes: pass.output, keyOrder: pass.keyOrder, leftOutValues: end)
    }

    /// Finds where each numbered object's value was first written and, with `counting`, counts
    /// its occurrences, by the format's walk over the value at `start` (`FormatWalk`, in the
    /// encoder's numbered form). Returns where that value ends.
    private mutating func indexOccurrences(inValueAt start: Int, counting: Bool) throws -> Int {
        var index = OccurrenceIndex(instances: instances, counting: counting)
        instances = []
        defer { instances = index.instances }
        return try FormatWalk(reader: reader, keyIdentities: [], limits: ArchiveDecoder.Limits()).walk(start..<reader.count, &index)
    }

    /// Notes each instance's first value and counts its markers and references, checking
    /// their numbers against those given out.
    private struct OccurrenceIndex: FormatVisitor {
        static var checksContainers: Bool { false }
        static var seesContainers: Bool { false }
        var instances: [Instance]
        let counting: Bool
        mutating func beginSharedObject(index number: Int, at offset: Int, valueStart: Int, limit: Int, depth: Int) throws(ArchiveFormatError) {
            guard number < instances.count else { throw ArchiveFormatError(.malformed, at: offset, "instance number \(number) was never given out") }
            if instances[number].firstValue < 0 { instances[number].firstValue = valueStart }
            if counting { instances[number].occurrences += 1 }
        }
        mutating func visitReference(_ reference: ArchiveReference, at range: Range<Int>, depth: Int) throws(ArchiveFormatError) {
            guard reference.target < instances.count else { throw ArchiveFormatError(.malformed, at: range.lowerBound, "instance number \(reference.target) was never given out") }
            if counting { instances[reference.target].occurrences += 1 }
        }
    }

    /// What the rewrite is inside of: a container being written (read up to `end`, `count`
    /// entries so far), or a value being written from where the encoder put it, after which
    /// reading resumes at `resumeAt`.
    private enum Frame {
        case container(kind: ContainerLayout.Kind, payloadStart: Int, end: Int, count: Int)
        case detour(resumeAt: Int)
    }

    /// Writes the header and the root value. With `counting`, counts the occurrences it writes
    /// (first ones and references) instead of relying on `occurrences`, and marks every first
    /// occurrence (the output is thrown away).
    private mutating func emitArchive(counting: Bool) throws {
        output.append(reader.slice(0, ArchiveHeader.size))
        var frames: [Frame] = []
        var p = ArchiveHeader.size
        var atValue = true
        while true {
            if !atValue {
                // The next entry of the innermost container, or its end.
                guard case .container(let kind, let payloadStart, let end, let count)? = frames.last else {
                    // Unreachable: only containers hold entries. Reported as an internal error.
                    throw ArchiveFormatError(.malformed, at: p, "an entry outside any container")
                }
                if p == end {
                    frames.removeLast()
                    ContainerLayout.close(kind, payloadStart: payloadStart, count: count, in: &output)
                    if Self.leaveDetours(&frames, at: &p) { return }
                    continue
                }
                frames[frames.count - 1] = .container(kind: kind, payloadStart: payloadStart, end: end, count: count + 1)
                if kind == .keyed { output.appendVarint(renumbered(try reader.varint(at: &p, limit: end))) }
            }
            atValue = false
            var limit = reader.count
            if case .container(_, _, let end, _)? = frames.last { limit = end }
            let tag = try reader.byte(at: p, limit: limit)
            switch tag {
            case EncoderMarker.firstOccurrence, WireTag.reference:
                var marked = p + 1
                let number = try number(at: &marked, limit: limit)
                let end = try reader.valueEnd(at: p, limit: limit)
                if counting { instances[number].occurrences += 1 }
                if instances[number].isWritten {
                    // A later occurrence: a reference, and nothing it contains is written.
                    output.append(WireTag.reference)
                    output.appendVarint(instances[number].index)
                    valueCount += 1
                    wroteReferences = true
                    p = end
                    break
                }
                // The first occurrence: marked if there are others, or if its value starts with
                // a marker or reference (which would otherwise be read as this instance's), then
                // its value.
                let value = instances[number].firstValue
                guard value >= 0 else {
                    throw ArchiveFormatError(.malformed, at: p, "no first occurrence of instance \(number)")
                }
                let startsWithMarker = try startsWithMarker(value)
                instances[number].isWritten = true
                if counting || instances[number].occurrences > 1 || startsWithMarker {
                    instances[number].index = valueCount
                    output.append(WireTag.sharedObject)
                    valueCount += 1
                    wroteReferences = true
                } else {
                    instances[number].index = .max   // met once: never referenced
                }
                if tag == WireTag.reference || value != marked {
                    // The value was written elsewhere: write it here, then come back.
                    frames.append(.detour(resumeAt: end))
                }
                p = value
                atValue = true
                continue
            case WireTag.keyed, WireTag.unkeyed:
                let body = try reader.containerBody(at: p)
                let kind: ContainerLayout.Kind = body.isKeyed ? .keyed : .unkeyed
                valueCount += 1
                frames.append(.container(kind: kind, payloadStart: ContainerLayout.open(kind, in: &output), end: body.entries.upperBound, count: 0))
                p = body.entries.lowerBound
                continue
            default:
                let end = try reader.valueEnd(at: p, limit: limit)
                output.append(reader.slice(p, end - p))
                valueCount += 1
                p = end
            }
            if Self.leaveDetours(&frames, at: &p) { return }
        }
    }

    /// Whether the value at `offset` will be written starting with `13` or `12`: a reference,
    /// or an instance that is shared, already written, or unshared but itself starting so.
    private func startsWithMarker(_ offset: Int) throws -> Bool {
        var p = offset
        while true {
            let tag = try reader.byte(at: p, limit: reader.count)
            if tag == WireTag.reference { return true }
            guard tag == EncoderMarker.firstOccurrence else { return false }
            var marked = p + 1
            let number = try number(at: &marked, limit: reader.count)
            if instances[number].isWritten || instances[number].occurrences > 1 { return true }
            p = instances[number].firstValue >= 0 ? instances[number].firstValue : marked
        }
    }

    /// After a value is complete: returns from the detours it ended, to where reading resumes.
    /// True when that completes the root value.
    private static func leaveDetours(_ frames: inout [Frame], at p: inout Int) -> Bool {
        while case .detour(let resumeAt)? = frames.last {
            frames.removeLast()
            p = resumeAt
        }
        return frames.isEmpty
    }

    /// `key` with its key-table index replaced by its index in the new table.
    private mutating func renumbered(_ key: UInt64) -> UInt64 {
        guard key & 1 == 1 else { return key }
        let old = Int(key >> 1)
        if newKeyIndex[old] >= 0 { return KeyForm.wire(stringIndex: newKeyIndex[old]) }
        newKeyIndex[old] = keyOrder.count
        keyOrder.append(old)
        return KeyForm.wire(stringIndex: keyOrder.count - 1)
    }
}
