/// Turns the encoder's record of class instances into shared objects and references
/// (`ArchiveEncoder.preservesObjectIdentity`, `Spec/FORMAT.md` §9.5).
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
/// Value indexes count every value written, in document order, which this pass writes in: so
/// nothing is counted twice or by two pieces of code.
struct ObjectGraphPass {
    /// Thrown when a later occurrence's number has no value written anywhere: the encoder
    /// dropped the first occurrence (its key written again, its container replaced). The
    /// caller encodes again, writing every occurrence in full.
    struct MissingFirstOccurrence: Error {}

    private let reader: ByteReader
    /// Per object number: where the value of its first occurrence (past its marker) starts.
    private var firstValue: [Int: Int] = [:]
    /// Per object number: how many occurrences the archive will hold.
    private var occurrences: [Int: Int] = [:]
    /// Per object number: the value index of its `13`, once written.
    private var written: [Int: UInt64] = [:]
    private var output = ByteWriter()
    private var valueCount: UInt64 = 0
    private var keyOrder: [Int] = []
    private var newKeyIndex: [Int]
    /// Whether a `13` or `12` was written: the archive then needs header flag bit 2.
    private var wroteReferences = false

    private init(reader: ByteReader, keyCount: Int) {
        self.reader = reader
        self.newKeyIndex = Array(repeating: -1, count: keyCount)
    }

    /// Rewrites the plain archive in `reader` (header and root value, in the encoder's form) as
    /// header and root value in the archive's form, with flag bit 2 set if it holds references.
    /// Returns it with the key-table indices of its string keys in document order.
    ///
    /// - Parameter everyOccurrenceInFull: the encoder wrote each occurrence as a full value
    ///   (after `MissingFirstOccurrence`): later ones are dropped here, with whatever they
    ///   contain, so occurrences are counted by a dry run of the rewrite.
    static func rewrite(_ reader: ByteReader, keyCount: Int, everyOccurrenceInFull: Bool) throws -> (archive: ByteWriter, keyOrder: [Int]) {
        var pass = ObjectGraphPass(reader: reader, keyCount: keyCount)
        do {
            try pass.indexOccurrences()
            if everyOccurrenceInFull {
                var dryRun = ObjectGraphPass(reader: reader, keyCount: keyCount)
                dryRun.firstValue = pass.firstValue
                defer { dryRun.output.deallocate() }
                try dryRun.emitArchive(counting: true)
                pass.occurrences = dryRun.occurrences
            }
            try pass.emitArchive(counting: false)
        } catch let error as MissingFirstOccurrence {
            pass.output.deallocate()
            throw error
        } catch {
            pass.output.deallocate()
            throw EncodingError.invalidValue(Optional<Int>.none as Any, EncodingError.Context(
                codingPath: [],
                debugDescription: "KeyedArchive internal error: the encoder could not read back its own bytes (\(error)). Please report this with the type being encoded.",
                underlyingError: error))
        }
        if pass.wroteReferences {
            pass.output.setByte(pass.output.bytes[5] | ArchiveHeader.Flag.references, at: 5)
        }
        return (pass.output, pass.keyOrder)
    }

    /// Finds where each numbered object's value was written and counts its occurrences, by a
    /// walk over every value (its own stack: no recursion).
    private mutating func indexOccurrences() throws {
        var containers: [(end: Int, isKeyed: Bool)] = []
        var p = ArchiveHeader.size
        var atValue = true
        while true {
            if !atValue {
                guard let top = containers.last else { break }
                if p == top.end {
                    containers.removeLast()
                    if containers.isEmpty { break }
                    continue
                }
                if top.isKeyed { _ = try reader.varint(at: &p, limit: top.end) }
            }
            atValue = false
            let limit = containers.last?.end ?? reader.count
            switch try reader.byte(at: p, limit: limit) {
            case WireTag.encoderSharedObject:
                var marked = p + 1
                let number = Int(try reader.varint(at: &marked, limit: limit))
                if firstValue[number] == nil { firstValue[number] = marked }
                occurrences[number, default: 0] += 1
                p = marked
                atValue = true
            case WireTag.reference:
                p += 1
                occurrences[Int(try reader.varint(at: &p, limit: limit)), default: 0] += 1
            case WireTag.keyed, WireTag.unkeyed:
                let body = try reader.containerBody(at: p)
                containers.append((body.entries.upperBound, body.isKeyed))
                p = body.entries.lowerBound
            default:
                p = try reader.valueEnd(at: p, limit: limit)
            }
            if containers.isEmpty && !atValue { break }
        }
        for number in occurrences.keys where firstValue[number] == nil { throw MissingFirstOccurrence() }
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
            case WireTag.encoderSharedObject, WireTag.reference:
                var marked = p + 1
                let number = Int(try reader.varint(at: &marked, limit: limit))
                let end = try reader.valueEnd(at: p, limit: limit)
                if counting { occurrences[number, default: 0] += 1 }
                if let index = written[number] {
                    // A later occurrence: a reference, and nothing it contains is written.
                    output.append(WireTag.reference)
                    output.appendVarint(index)
                    valueCount += 1
                    wroteReferences = true
                    p = end
                    break
                }
                // The first occurrence: marked if there are others, or if its value starts with
                // a marker or reference (which would otherwise be read as this instance's), then
                // its value.
                guard let value = firstValue[number] else { throw MissingFirstOccurrence() }
                let startsWithMarker = try startsWithMarker(value)
                if counting || occurrences[number, default: 0] > 1 || startsWithMarker {
                    written[number] = valueCount
                    output.append(WireTag.sharedObject)
                    valueCount += 1
                    wroteReferences = true
                } else {
                    written[number] = .max   // met once: never referenced
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
            guard tag == WireTag.encoderSharedObject else { return false }
            var marked = p + 1
            let number = Int(try reader.varint(at: &marked, limit: reader.count))
            if written[number] != nil || occurrences[number, default: 0] > 1 { return true }
            p = firstValue[number] ?? marked
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
