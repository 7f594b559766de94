#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The one pass that writes an archive whose bytes the encoder could not stream in order: late
/// entries appended, replaced values swapped in, dropped entries left out, repeated keys resolved,
/// keyed containers sorted for a deterministic archive, class instances' markers turned into
/// shared objects and references (`Spec/FORMAT.md` §9.5), string keys renumbered in document
/// order — reading the sinks and writing the archive once, in document order.
///
/// It walks the archive as it will be: values found by position (`ContainerRecord`,
/// `ValueSlot`), never by a count. The object graph needs to know, before it writes an
/// instance's first occurrence, whether the instance occurs again; so the same walk runs in up
/// to four modes (`Mode`): `indexCounting` over the root value (where each instance's value was
/// first written, and how often it occurs), `index` over the values left out (a first occurrence
/// may be among them), a counting dry run when there are such values (writing a left-out first
/// occurrence where the instance next occurs brings the instances inside it along), and
/// `write`. With nothing written out of order, the format's walk (`FormatWalk`) indexes sink 0
/// instead, and the write walk reads it as it is (`walkStreamed`).
struct LateWritePass: ~Copyable {
    /// A value in a sink, with the container it is an entry of and where that container's
    /// entries begin (0 at the top level of a sink).
    private struct Location {
        let sink: Int
        let offset: Int
        let parent: Int
        let base: Int

        var slot: ValueSlot { ValueSlot(sink: sink, parent: parent, offset: offset - base) }

        /// The location at `offset`, in the same container.
        func advanced(to offset: Int) -> Location { Location(sink: sink, offset: offset, parent: parent, base: base) }
    }

    /// An entry of a container: its key (0 in an unkeyed container), where its value starts
    /// and where it ends.
    private typealias Entry = (key: UInt64, value: Location, end: Int)

    /// Where a container was written, in `ContainerRecord`'s terms: its parent's serial and its
    /// distance from the parent's first entry.
    private struct Position: Hashable {
        let parent: Int
        let offset: Int
    }

    private enum Mode {
        /// Note first occurrences and count occurrences.
        case indexCounting
        /// Note first occurrences (in values the archive leaves out: they are not counted).
        case index
        /// Walk as `write` does, counting occurrences; write nothing.
        case dryRun
        case write
    }

    /// What is known of a numbered instance.
    private struct Instance {
        /// Where the value of its first occurrence starts (past its marker).
        var firstValue: Location?
        var occurrences = 0
        var isWritten = false
        /// The value index of its `13` (`.max`: it has none).
        var index: UInt64 = 0
    }

    /// The parent of values inside a container the encoder did not record.
    private static let unrecorded = Int.min

    private let state: EncodingState
    private let readers: [ByteReader]
    /// Whether out-of-order writes (or a deterministic order) are resolved; without, the main
    /// sink is read as it is, and nothing is looked up by position.
    private let resolvesLateWrites: Bool
    /// Whether class instances were numbered (`preservesObjectIdentity`).
    private let numbersInstances: Bool
    /// Per sink: the serial of the live container at each recorded position.
    private let containers: [[Position: Int]]
    private var mode: Mode = .write
    /// Whether the walk indexes: only then are the values it leaves out kept, to be indexed in
    /// turn (a first occurrence may be among them).
    private var isIndexing: Bool { mode == .index || mode == .indexCounting }
    private var output = ByteWriter()
    private var keyOrder: [Int] = []
    private var newKeyIndex: [Int]
    private let stringRank: [Int]
    private var leftOut: [Location] = []
    private var reached: [Bool]
    private var instances: [Instance]
    private var valueCount: UInt64 = 0
    private var wroteReferences = false

    private init(state: EncodingState) {
        self.state = state
        resolvesLateWrites = state.needsReordering
        numbersInstances = state.wroteObjectMarkers
        readers = state.sinks.map(\.reader)
        newKeyIndex = Array(repeating: -1, count: state.keyTable.strings.count)
        var rank = Array(repeating: 0, count: state.deterministic ? state.keyTable.strings.count : 0)
        if state.deterministic {
            let strings = state.keyTable.strings
            let order = strings.indices.sorted { strings[$0].utf8.lexicographicallyPrecedes(strings[$1].utf8) }
            for (position, index) in order.enumerated() { rank[index] = position }
        }
        stringRank = rank
        reached = Array(repeating: false, count: numbersInstances ? state.sinks.count : 0)
        if numbersInstances { reached[0] = true }
        instances = Array(repeating: Instance(), count: numbersInstances ? state.objects.count : 0)
        containers = resolvesLateWrites ? state.sinks.map { sink in
            var bySlot: [Position: Int] = [:]
            for serial in sink.records.indices where sink.records[serial].isLive {
                bySlot[Position(parent: sink.records[serial].parent, offset: sink.records[serial].offset)] = serial
            }
            return bySlot
        } : []
    }

    /// The archive: header and root value, flag bit 2 set if it holds references, and the
    /// key-table indices of its string keys in document order (the caller writes the table).
    static func rewrite(_ state: EncodingState) throws -> RewrittenArchive {
        var pass = LateWritePass(state: state)
        do {
            let root = Location(sink: 0, offset: ArchiveHeader.size, parent: ContainerRecord.topLevel, base: 0)
            if pass.numbersInstances {
                try pass.indexInstances(root: root)
            }
            pass.mode = .write
            pass.output.append(UnsafeRawBufferPointer(rebasing: state.main.writer.bytes[0..<ArchiveHeader.size]))
            try pass.walk(from: root)
        } catch {
            throw EncodingError.unreadableOwnBytes(error)
        }
        if pass.wroteReferences {
            pass.output.setByte(pass.output.bytes[5] | ArchiveHeader.Flag.references, at: 5)
        }
        return RewrittenArchive(bytes: pass.output, keyOrder: pass.keyOrder)
    }

    /// The index phases: each instance's first value and its occurrences in the archive as it
    /// will be written.
    private mutating func indexInstances(root: Location) throws(ArchiveFormatError) {
        var writesLeftOutValues = false
        if resolvesLateWrites {
            mode = .indexCounting
            try walk(from: root)
            // A left-out value (and what it left out in turn, and the sinks no walk reached) may
            // hold a first occurrence, found only where the root holds none.
            mode = .index
            var next = 0
            while next < leftOut.count {
                try walk(from: leftOut[next], asWritten: true)
                next += 1
            }
            let walkedUnreached = try walkUnreachedSinks()
            writesLeftOutValues = !leftOut.isEmpty || walkedUnreached
        } else {
            // The main sink as it is: the format's walk finds the markers and references.
            var index = OccurrenceIndex(instances: instances)
            instances = []
            _ = try FormatWalk(reader: readers[0], keyIdentities: [], limits: ArchiveDecoder.Limits())
                .walk(root.offset..<readers[0].count, &index)
            instances = index.instances
        }
        if let number = instances.firstIndex(where: { $0.occurrences > 0 && $0.firstValue == nil }) {
            throw ArchiveFormatError(.malformed, at: 0, "no first occurrence of instance \(number)")
        }
        if writesLeftOutValues {
            // Writing a left-out first occurrence brings the instances in it: count as written.
            instances = instances.map { Instance(firstValue: $0.firstValue) }
            mode = .dryRun
            try walk(from: root)
            instances = instances.map { Instance(firstValue: $0.firstValue, occurrences: $0.occurrences) }
        }
        // The write walk numbers values and notes references afresh.
        valueCount = 0
        wroteReferences = false
    }

    /// Notes each instance's first value and counts its markers and references in the main
    /// sink, checking their numbers.
    private struct OccurrenceIndex: FormatVisitor {
        static var checksContainers: Bool { false }
        static var seesContainers: Bool { false }
        var instances: [Instance]
        mutating func beginSharedObject(index number: Int, at offset: Int, valueStart: Int, limit: Int, depth: Int) throws(ArchiveFormatError) {
            guard number < instances.count else { throw ArchiveFormatError(.malformed, at: offset, "instance number \(number) was never given out") }
            if instances[number].firstValue == nil {
                instances[number].firstValue = Location(sink: 0, offset: valueStart, parent: LateWritePass.unrecorded, base: 0)
            }
            instances[number].occurrences += 1
        }
        mutating func visitReference(_ reference: ArchiveReference, at range: Range<Int>, depth: Int) throws(ArchiveFormatError) {
            guard reference.target < instances.count else { throw ArchiveFormatError(.malformed, at: range.lowerBound, "instance number \(reference.target) was never given out") }
            instances[reference.target].occurrences += 1
        }
    }

    // MARK: The walk

    /// A container whose entries are collected (late ones appended, repeated keys resolved,
    /// sorted if deterministic), and how many are walked.
    private struct CollectedContainer {
        let kind: ContainerLayout.Kind
        let payloadStart: Int
        let entries: [Entry]
        var next = 0
    }

    /// A container read where it is (nothing was written out of order): where its next entry
    /// starts, where its entries end, how many are walked.
    private struct StreamedContainer {
        let kind: ContainerLayout.Kind
        let payloadStart: Int
        let sink: Int
        var at: Int
        let end: Int
        var count = 0
    }

    /// Walks the value at `root` and everything in it, in the current mode; `asWritten`: the
    /// value there, even if another replaced it. Its own stack, no recursion.
    private mutating func walk(from root: Location, asWritten: Bool = false) throws(ArchiveFormatError) {
        if resolvesLateWrites {
            try walkCollected(from: root, asWritten: asWritten)
        } else {
            try walkStreamed(from: root)
        }
    }

    // Both walks keep the innermost container in a local and stack only the enclosing ones:
    // most entries are not containers, and the local costs no array access per entry.

    /// The walk with out-of-order writes or a deterministic order: each container's entries are
    /// collected first (`entries(ofContainerAt:)`), every value goes through `visit`.
    private mutating func walkCollected(from root: Location, asWritten: Bool) throws(ArchiveFormatError) {
        guard let first = try visit(root, asWritten: asWritten) else { return }
        var current = try collected(first)
        var enclosing: [CollectedContainer] = []
        while true {
            guard current.next < current.entries.count else {
                if mode == .write { ContainerLayout.close(current.kind, payloadStart: current.payloadStart, count: current.entries.count, in: &output) }
                guard let parent = enclosing.popLast() else { return }
                current = parent
                continue
            }
            let entry = current.entries[current.next]
            current.next += 1
            if current.kind == .keyed && mode == .write { output.appendVarint(renumbered(entry.key)) }
            if let inner = try visit(entry.value, end: entry.end) {
                enclosing.append(current)
                current = try collected(inner)
            }
        }
    }

    private mutating func collected(_ opened: (kind: ContainerLayout.Kind, payloadStart: Int, at: Location)) throws(ArchiveFormatError) -> CollectedContainer {
        CollectedContainer(kind: opened.kind, payloadStart: opened.payloadStart, entries: try entries(ofContainerAt: opened.at).1)
    }

    /// The walk when nothing was written out of order: every value is where the encoder wrote
    /// it, so only a class instance's marker or reference needs `visit` (its value may be
    /// elsewhere); any other entry is copied or opened here, without the call (measured: the
    /// object-graph encode's per-entry cost).
    private mutating func walkStreamed(from root: Location) throws(ArchiveFormatError) {
        guard let first = try visit(root) else { return }
        var current = try streamed(first)
        var enclosing: [StreamedContainer] = []
        while true {
            var p = current.at
            guard p < current.end else {
                if mode == .write { ContainerLayout.close(current.kind, payloadStart: current.payloadStart, count: current.count, in: &output) }
                guard let parent = enclosing.popLast() else { return }
                current = parent
                continue
            }
            let reader = readers[current.sink]
            if current.kind == .keyed {
                let key = try reader.varint(at: &p, limit: current.end)
                if mode == .write { output.appendVarint(renumbered(key)) }
            }
            current.count += 1
            let tag = try reader.byte(at: p, limit: current.end)
            if numbersInstances && (tag == EncoderMarker.firstOccurrence || tag == WireTag.reference) {
                var marked = p + 1
                _ = try reader.varint(at: &marked, limit: current.end)
                let inner = try visit(Location(sink: current.sink, offset: p, parent: Self.unrecorded, base: 0))
                if let inner, tag == EncoderMarker.firstOccurrence, inner.at.sink == current.sink, inner.at.offset == marked {
                    // A container marked here: the entry ends where the container does (its
                    // end read with its framing, not by skipping the value first).
                    let container = try streamed(inner)
                    guard container.end <= current.end else { throw ArchiveFormatError(.truncated, at: p, "a container past its parent's end") }
                    current.at = container.end
                    enclosing.append(current)
                    current = container
                    continue
                }
                current.at = try reader.valueEnd(at: p, limit: current.end)
                if let inner {
                    enclosing.append(current)
                    current = try streamed(inner)
                }
            } else if WireTag.isContainer(tag) {
                valueCount += 1
                let body = try reader.containerBody(at: p)
                guard body.entries.upperBound <= current.end else { throw ArchiveFormatError(.truncated, at: p, "a container past its parent's end") }
                let kind: ContainerLayout.Kind = body.isKeyed ? .keyed : .unkeyed
                let payloadStart = mode == .write ? ContainerLayout.open(kind, in: &output) : 0
                current.at = body.entries.upperBound
                enclosing.append(current)
                current = StreamedContainer(kind: kind, payloadStart: payloadStart, sink: current.sink,
                                            at: body.entries.lowerBound, end: body.entries.upperBound)
            } else {
                valueCount += 1
                let end = try reader.valueEnd(at: p, limit: current.end)
                current.at = end
                if mode == .write { output.append(reader.slice(p, end - p)) }
            }
        }
    }

    private func streamed(_ opened: (kind: ContainerLayout.Kind, payloadStart: Int, at: Location)) throws(ArchiveFormatError) -> StreamedContainer {
        let body = try readers[opened.at.sink].containerBody(at: opened.at.offset)
        return StreamedContainer(kind: opened.kind, payloadStart: opened.payloadStart, sink: opened.at.sink,
                                 at: body.entries.lowerBound, end: body.entries.upperBound)
    }

    /// One value: replacements followed, class instances resolved, then copied if it is not a
    /// container; a container's header is written and the container returned (its kind, where
    /// its payload starts in the output, where it is), for its entries. `end`: where the value
    /// at `start` ends, if the caller knows (read again only for a value found elsewhere).
    private mutating func visit(_ start: Location, end knownEnd: Int? = nil, asWritten: Bool = false) throws(ArchiveFormatError) -> (kind: ContainerLayout.Kind, payloadStart: Int, at: Location)? {
        var location = start
        var end = knownEnd
        var followsReplacements = !asWritten
        while true {
            if resolvesLateWrites {
                while followsReplacements, !state.lateWrites.replacements.isEmpty, let replacement = state.lateWrites.replacements[location.slot] {
                    if numbersInstances {
                        if isIndexing { leftOut.append(location) }
                        reached[replacement.index] = true
                    }
                    location = Location(sink: replacement.index, offset: 0, parent: ContainerRecord.topLevel, base: 0)
                    end = nil
                }
            }
            followsReplacements = true
            let reader = readers[location.sink]
            let tag = try reader.byte(at: location.offset, limit: reader.count)
            if numbersInstances && (tag == EncoderMarker.firstOccurrence || tag == WireTag.reference) {
                guard let next = try instance(at: location, tag: tag) else { return nil }
                // The marked value here ends where its marker's entry does; one written
                // elsewhere is read there.
                if !next.isMarkedHere { end = nil }
                location = next.value
                continue
            }
            valueCount += 1
            guard WireTag.isContainer(tag) else {
                if mode == .write {
                    let end = if let end { end } else { try reader.valueEnd(at: location.offset, limit: reader.count) }
                    output.append(reader.slice(location.offset, end - location.offset))
                }
                return nil
            }
            let kind: ContainerLayout.Kind = tag == WireTag.keyed || tag == WireTag.emptyKeyed ? .keyed : .unkeyed
            return (kind, mode == .write ? ContainerLayout.open(kind, in: &output) : 0, location)
        }
    }

    /// A marker (`7E` + number) or reference (`12` + number) at `location`: returns where the
    /// walk goes on (the instance's value, here past the marker or where it was first written,
    /// and which), or `nil` when the value is complete (a reference written, or indexed).
    private mutating func instance(at location: Location, tag: UInt8) throws(ArchiveFormatError) -> (value: Location, isMarkedHere: Bool)? {
        let reader = readers[location.sink]
        var marked = location.offset + 1
        let number = try self.number(at: &marked, in: reader)
        switch mode {
        case .index, .indexCounting:
            if mode == .indexCounting { instances[number].occurrences += 1 }
            guard tag == EncoderMarker.firstOccurrence else { return nil }
            if instances[number].firstValue == nil { instances[number].firstValue = location.advanced(to: marked) }
            return (location.advanced(to: marked), true)
        case .dryRun, .write:
            if mode == .dryRun { instances[number].occurrences += 1 }
            if instances[number].isWritten {
                // A later occurrence: a reference, and nothing it contains is written.
                if mode == .write {
                    output.append(WireTag.reference)
                    output.appendVarint(instances[number].index)
                }
                valueCount += 1
                wroteReferences = true
                return nil
            }
            guard let value = instances[number].firstValue else {
                throw ArchiveFormatError(.malformed, at: location.offset, "no first occurrence of instance \(number)")
            }
            // The first occurrence: marked if there are others, or if its value starts with a
            // marker or reference (which would otherwise be read as this instance's).
            let startsWithMarker = try startsWithMarker(value)
            instances[number].isWritten = true
            if mode == .dryRun || instances[number].occurrences > 1 || startsWithMarker {
                instances[number].index = valueCount
                if mode == .write { output.append(WireTag.sharedObject) }
                valueCount += 1
                wroteReferences = true
            } else {
                instances[number].index = .max
            }
            return (value, tag == EncoderMarker.firstOccurrence && value.sink == location.sink && value.offset == marked)
        }
    }

    /// The instance number at `p` (past the tag), checked against the numbers given out.
    private func number(at p: inout Int, in reader: ByteReader) throws(ArchiveFormatError) -> Int {
        let start = p
        let number = try reader.varint(at: &p, limit: reader.count)
        guard number < UInt64(instances.count) else {
            throw ArchiveFormatError(.malformed, at: start, "instance number \(number) was never given out")
        }
        return Int(number)
    }

    /// Whether the value at `location` will be written starting with `13` or `12`.
    private func startsWithMarker(_ location: Location) throws(ArchiveFormatError) -> Bool {
        var location = location
        while true {
            if resolvesLateWrites {
                while !state.lateWrites.replacements.isEmpty, let replacement = state.lateWrites.replacements[location.slot] {
                    location = Location(sink: replacement.index, offset: 0, parent: ContainerRecord.topLevel, base: 0)
                }
            }
            let reader = readers[location.sink]
            let tag = try reader.byte(at: location.offset, limit: reader.count)
            if tag == WireTag.reference { return true }
            guard tag == EncoderMarker.firstOccurrence else { return false }
            var marked = location.offset + 1
            let number = try self.number(at: &marked, in: reader)
            if instances[number].isWritten || instances[number].occurrences > 1 { return true }
            location = instances[number].firstValue ?? location.advanced(to: marked)
        }
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

    // MARK: Entries

    /// The entries of the container at `location`: late ones appended, dropped ones left out,
    /// each key once (the last value, in the position of the first), sorted if deterministic.
    private mutating func entries(ofContainerAt location: Location) throws(ArchiveFormatError) -> (ContainerLayout.Kind, [Entry]) {
        let body = try readers[location.sink].containerBody(at: location.offset)
        let serial = resolvesLateWrites ? containers[location.sink][Position(parent: location.parent, offset: location.offset - location.base)] : nil
        var entries: [Entry] = []
        try collectEntries(in: location.sink, body.entries, keyed: body.isKeyed, parent: serial ?? Self.unrecorded, into: &entries)
        let id = serial.map { ContainerID(sink: location.sink, serial: $0) }
        let late = !resolvesLateWrites || state.lateWrites.appendSinks.isEmpty ? nil : id.flatMap { state.lateWrites.appendSinks[$0] }
        if let late {
            if numbersInstances { reached[late.index] = true }
            try collectEntries(in: late.index, 0..<readers[late.index].count, keyed: body.isKeyed, parent: ContainerRecord.topLevel, into: &entries)
        }
        guard body.isKeyed else { return (.unkeyed, entries) }
        // A key may occur twice with late entries, in a container noted for it, or in one the
        // encoder did not record (not looked up: resolving keys that do not repeat is harmless).
        let repeated = state.lateWrites.duplicateKeyContainers
        let mayRepeatKeys = late != nil || (resolvesLateWrites && (id.map { !repeated.isEmpty && repeated.contains($0) } ?? true))
        guard mayRepeatKeys else { return (.keyed, state.deterministic ? sortedDeterministically(entries) : entries) }
        var order: [(identity: UInt64, key: UInt64)] = []
        var latest: [UInt64: Entry] = [:]
        for entry in entries {
            let identity = state.keyTable.identity(of: entry.key)
            if let earlier = latest.updateValue(entry, forKey: identity) {
                if numbersInstances && isIndexing { leftOut.append(earlier.value) }
            } else {
                order.append((identity, entry.key))
            }
        }
        let resolved = order.map { key -> Entry in
            let entry = latest[key.identity]!
            return (key.key, entry.value, entry.end)
        }
        return (.keyed, state.deterministic ? sortedDeterministically(resolved) : resolved)
    }

    /// The entries in `range` of `sink`, less the dropped ones (kept as left out).
    private mutating func collectEntries(
        in sink: Int, _ range: Range<Int>, keyed: Bool, parent: Int, into entries: inout [Entry]
    ) throws(ArchiveFormatError) {
        let dropped = resolvesLateWrites ? state.lateWrites.droppedEntries : []
        let keepsLeftOut = numbersInstances && isIndexing
        var leftOut: [Location] = []
        try SinkEntries(reader: readers[sink], sink: sink, range: range, keyed: keyed, parent: parent).forEach { entry in
            let value = Location(sink: sink, offset: entry.value, parent: parent, base: range.lowerBound)
            if dropped.isEmpty || !dropped.contains(entry.slot) {
                entries.append((entry.key, value, entry.end))
            } else if keepsLeftOut {
                leftOut.append(value)
            }
        }
        self.leftOut += leftOut
    }

    /// `entries` in the deterministic order of keys (`Spec/FORMAT.md` §8.4).
    private func sortedDeterministically(_ entries: [Entry]) -> [Entry] {
        let rank = stringRank
        func sortKey(_ key: UInt64) -> (Int, Int64) {
            switch KeyForm.decode(key) {
            case (let integer?, _): (0, integer)
            case (_, let index?): (1, Int64(rank[index]))
            default: (2, 0)
            }
        }
        // Sorted by index, then gathered: the sort moves 24 bytes an element, not an entry.
        var order = entries.indices.map { (sortKey(entries[$0].key), $0) }
        order.sort { $0.0 < $1.0 }
        return order.map { entries[$0.1] }
    }

    /// Indexes what the sinks no walk reached hold (they hung off values that were cut off): a
    /// first occurrence written into one is still what later references name.
    private mutating func walkUnreachedSinks() throws(ArchiveFormatError) -> Bool {
        var walked = false
        var lateEntryKinds: [Int: ContainerLayout.Kind] = [:]
        for side in state.lateWrites.appendSinks.values { lateEntryKinds[side.index] = side.stack.first?.kind }
        for index in reached.indices where !reached[index] && readers[index].count > 0 {
            reached[index] = true
            walked = true
            if let kind = lateEntryKinds[index] {
                var entries: [Entry] = []
                try collectEntries(in: index, 0..<readers[index].count, keyed: kind == .keyed, parent: ContainerRecord.topLevel, into: &entries)
                for entry in entries { try walk(from: entry.value) }
            } else {
                try walk(from: Location(sink: index, offset: 0, parent: ContainerRecord.topLevel, base: 0), asWritten: true)
            }
        }
        return walked
    }
}
