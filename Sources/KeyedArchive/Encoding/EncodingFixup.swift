#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The slow path that makes out-of-order writes correct, and archives deterministic.
///
/// Runs only when user code wrote into a container after its parent moved on, filled a super
/// encoder late, wrote a key twice, or threw from a value that others had followed, and for
/// every archive of an encoder with `deterministic` set (whose keyed containers it writes in key
/// order, `Spec/FORMAT.md` §8.4). It walks
/// the streamed bytes (every sink is a valid sequence of values) and writes a new archive with
/// late entries appended, replaced values swapped in, dropped entries left out and repeated keys
/// resolved (the last value wins, in the position of the first).
///
/// It knows which container is which by position only: for each value it meets it computes the
/// enclosing container and the distance from that container's first entry, the very terms in
/// which the encoder recorded containers and slots (`ContainerRecord`, `ValueSlot`). Nothing is
/// counted, so nothing can be counted differently.
struct EncodingFixup: ~Copyable {
    /// A value in a sink, with the container it is an entry of and where that container's
    /// entries begin (0 at the top level of a sink).
    private struct Location {
        let sink: Int
        let offset: Int
        let parent: Int
        let base: Int

        var slot: ValueSlot { ValueSlot(sink: sink, parent: parent, offset: offset - base) }
    }

    private struct Position: Hashable {
        let parent: Int
        let offset: Int
    }

    /// The parent of values inside a container the encoder did not record: matches no record or
    /// slot, so such values are copied as they are.
    private static let unrecorded = Int.min

    /// The encoder's state: its sinks, key table and options, and `lateWrites`, what this pass
    /// resolves (read in place: a copy would retain its four tables on every archive).
    private let state: EncodingState
    private let readers: [ByteReader]
    /// Per sink: the serial of the live container at each recorded position.
    private let containers: [[Position: Int]]
    private var output = ByteWriter()
    /// The key-table indices of the string keys written so far, in the order first written:
    /// the new table, so that it lists the keys the archive refers to in document order.
    private var keyOrder: [Int] = []
    /// Old key-table index → new one (-1: not written yet).
    private var newKeyIndex: [Int]
    /// For a deterministic archive: each key-table string's rank in the order of their UTF-8
    /// bytes, so that sorting entries compares integers (`Spec/FORMAT.md` §8.4).
    private let stringRank: [Int]
    /// The values left out (entries dropped, values replaced, a repeated key's earlier values),
    /// kept for the object-graph pass when they may hold class instances' first occurrences:
    /// written after the root value (see `rewrite`).
    private var leftOut: [Location] = []
    private let keepsLeftOutValues: Bool
    /// By sink: whether the walk has written its values (sink 0, and each sink it reached
    /// through a replacement or a container's late entries). Kept only with `keepsLeftOutValues`:
    /// without class instances, what an unreached sink holds is never needed.
    private var reached: [Bool]

    private init(state: EncodingState) {
        self.state = state
        self.newKeyIndex = Array(repeating: -1, count: state.keyTable.strings.count)
        var rank = Array(repeating: 0, count: state.deterministic ? state.keyTable.strings.count : 0)
        if state.deterministic {
            let strings = state.keyTable.strings
            let order = strings.indices.sorted { strings[$0].utf8.lexicographicallyPrecedes(strings[$1].utf8) }
            for (position, index) in order.enumerated() { rank[index] = position }
        }
        self.stringRank = rank
        self.keepsLeftOutValues = state.wroteObjectMarkers
        self.reached = Array(repeating: false, count: keepsLeftOutValues ? state.sinks.count : 0)
        if keepsLeftOutValues { self.reached[0] = true }
        self.readers = state.sinks.map(\.reader)
        self.containers = state.sinks.map { sink in
            var bySlot: [Position: Int] = [:]
            for serial in sink.records.indices where sink.records[serial].isLive {
                let record = sink.records[serial]
                bySlot[Position(parent: record.parent, offset: record.offset)] = serial
            }
            return bySlot
        }
    }

    /// Returns the rewritten archive: header and root value, with string keys renumbered in
    /// document order, and the key-table indices of the new table in order (the caller writes
    /// it). Throws `EncodingError.invalidValue` if the encoder's own bytes cannot be read back,
    /// which would be a bug in this package: reported, never a crash.
    ///
    /// With class instances numbered (`preservesObjectIdentity`), the values left out follow
    /// the root value, from offset `leftOutValues` on, rewritten like it: one of them may hold
    /// the first occurrence of an instance that the archive refers to elsewhere, which the
    /// object-graph pass then writes in full at the first reference. It writes nothing else of
    /// them. (Without, `leftOutValues` is the end of the archive.)
    static func rewrite(_ state: EncodingState) throws -> RewrittenArchive {
        var pass = EncodingFixup(state: state)
        do {
            pass.output.append(UnsafeRawBufferPointer(rebasing: state.main.writer.bytes[0..<ArchiveHeader.size]))
            try pass.emitValue(at: Location(sink: 0, offset: ArchiveHeader.size, parent: ContainerRecord.topLevel, base: 0))
            let leftOutValues = pass.output.count
            // Writing a left-out value may leave out more values inside it: until none is new.
            var next = 0
            while next < pass.leftOut.count {
                try pass.emitValue(at: pass.leftOut[next], asWritten: true)
                next += 1
            }
            if pass.keepsLeftOutValues { try pass.emitUnreachedSinks() }
            return RewrittenArchive(bytes: pass.output, keyOrder: pass.keyOrder, leftOutValues: leftOutValues)
        } catch {
            throw EncodingError.unreadableOwnBytes(error)
        }
    }

    /// A container being written: its entries (late ones appended, repeated keys resolved) and
    /// how many are written so far.
    private struct OpenContainer {
        let kind: ContainerLayout.Kind
        let payloadStart: Int
        let entries: [(key: UInt64, value: Location)]
        var next = 0
    }

    /// Writes the value at `root` and everything in it; `asWritten`: the value there, even if
    /// another replaced it. A loop with its own stack, not recursion: containers may be nested
    /// 100,000 deep under a raised depth limit.
    private mutating func emitValue(at root: Location, asWritten: Bool = false) throws(ArchiveFormatError) {
        guard let container = try emitScalarOrOpen(root, asWritten: asWritten) else { return }
        try emitEntries(of: container)
    }

    /// Writes the entries of `root` (its header is written) and closes it.
    private mutating func emitEntries(of root: OpenContainer) throws(ArchiveFormatError) {
        var open = [root]
        while let top = open.indices.last {
            guard open[top].next < open[top].entries.count else {
                let done = open.removeLast()
                ContainerLayout.close(done.kind, payloadStart: done.payloadStart, count: done.entries.count, in: &output)
                continue
            }
            let entry = open[top].entries[open[top].next]
            open[top].next += 1
            if open[top].kind == .keyed { output.appendVarint(renumbered(entry.key)) }
            if let container = try emitScalarOrOpen(entry.value) { open.append(container) }
        }
    }

    /// `key` with its key-table index replaced by its index in the new table (integer keys as
    /// they are).
    private mutating func renumbered(_ key: UInt64) -> UInt64 {
        guard key & 1 == 1 else { return key }
        let old = Int(key >> 1)
        if newKeyIndex[old] >= 0 { return KeyForm.wire(stringIndex: newKeyIndex[old]) }
        newKeyIndex[old] = keyOrder.count
        keyOrder.append(old)
        return KeyForm.wire(stringIndex: keyOrder.count - 1)
    }

    /// Copies the value at `location` (or what replaced it) if it is not a container; otherwise
    /// writes the container's header and returns it, for its entries to be written next.
    private mutating func emitScalarOrOpen(_ location: Location, asWritten: Bool = false) throws(ArchiveFormatError) -> OpenContainer? {
        var location = location
        var followsReplacements = !asWritten
        // The lookups below are skipped when their tables are empty: a deterministic archive
        // runs this pass for every value, usually with no out-of-order write at all.
        var reader: ByteReader
        var tag: UInt8
        while true {
            while followsReplacements, !state.lateWrites.replacements.isEmpty, let replacement = state.lateWrites.replacements[location.slot] {
                if keepsLeftOutValues {
                    leftOut.append(location)
                    reached[replacement.index] = true
                }
                location = Location(sink: replacement.index, offset: 0, parent: ContainerRecord.topLevel, base: 0)
            }
            followsReplacements = true
            reader = readers[location.sink]
            tag = try reader.byte(at: location.offset, limit: reader.count)
            guard tag == EncoderMarker.firstOccurrence else { break }
            // A class instance's marker (`preservesObjectIdentity`) is copied for the object-graph
            // pass; the value it marks is an entry's value like any other, in the same container.
            var marked = location.offset + 1
            _ = try reader.varint(at: &marked, limit: reader.count)
            output.append(reader.slice(location.offset, marked - location.offset))
            location = Location(sink: location.sink, offset: marked, parent: location.parent, base: location.base)
        }
        guard WireTag.isContainer(tag) else {
            let end = try reader.valueEnd(at: location.offset, limit: reader.count)
            output.append(reader.slice(location.offset, end - location.offset))
            return nil
        }
        let (kind, entries) = try entries(ofContainerAt: location)
        return OpenContainer(kind: kind, payloadStart: ContainerLayout.open(kind, in: &output), entries: entries)
    }

    /// The entries of the container at `location`, its late entries appended and dropped ones
    /// left out; for a keyed container, each key once: the last value, in the position of the first.
    private mutating func entries(ofContainerAt location: Location) throws(ArchiveFormatError) -> (ContainerLayout.Kind, [(key: UInt64, value: Location)]) {
        let body = try readers[location.sink].containerBody(at: location.offset)
        let serial = containers[location.sink][Position(parent: location.parent, offset: location.offset - location.base)]
        var entries: [(key: UInt64, value: Location)] = []
        try collectEntries(in: location.sink, body.entries, keyed: body.isKeyed, parent: serial ?? Self.unrecorded, into: &entries)
        let id = serial.map { ContainerID(sink: location.sink, serial: $0) }
        let late = state.lateWrites.appendSinks.isEmpty ? nil : id.flatMap { state.lateWrites.appendSinks[$0] }
        if let late {
            if keepsLeftOutValues { reached[late.index] = true }
            try collectEntries(in: late.index, 0..<readers[late.index].count, keyed: body.isKeyed,
                               parent: ContainerRecord.topLevel, into: &entries)
        }
        guard body.isKeyed else { return (.unkeyed, entries) }
        // A container that got no late entries and no key twice (recorded as it was written)
        // has one entry per key already.
        if late == nil, let id, state.lateWrites.duplicateKeyContainers.isEmpty || !state.lateWrites.duplicateKeyContainers.contains(id) {
            return (.keyed, state.deterministic ? sortedDeterministically(entries) : entries)
        }
        // Entries are the same key when their identities are equal (two spellings of one
        // string, or an integer and its decimal string): the first one's key varint stays.
        var order: [(identity: UInt64, key: UInt64)] = []
        var latest: [UInt64: Location] = [:]
        for entry in entries {
            let identity = state.keyTable.identity(of: entry.key)
            if let earlier = latest.updateValue(entry.value, forKey: identity) {
                if keepsLeftOutValues { leftOut.append(earlier) }
            } else {
                order.append((identity, entry.key))
            }
        }
        let resolved = order.map { (key: $0.key, value: latest[$0.identity]!) }
        return (.keyed, state.deterministic ? sortedDeterministically(resolved) : resolved)
    }

    /// Writes, after the left-out values, what the sinks the walk never reached hold: they hung
    /// off values that were cut off (a value that threw), and a first occurrence written into
    /// one (a subclass's super encoder filled late, say) is still what later references name.
    /// A side sink of late entries is written as a container of them; any other holds one value.
    private mutating func emitUnreachedSinks() throws(ArchiveFormatError) {
        var lateEntryKinds: [Int: ContainerLayout.Kind] = [:]
        for side in state.lateWrites.appendSinks.values { lateEntryKinds[side.index] = side.stack.first?.kind }
        for index in reached.indices where !reached[index] && readers[index].count > 0 {
            reached[index] = true
            if let kind = lateEntryKinds[index] {
                var entries: [(key: UInt64, value: Location)] = []
                try collectEntries(in: index, 0..<readers[index].count, keyed: kind == .keyed, parent: ContainerRecord.topLevel, into: &entries)
                try emitEntries(of: OpenContainer(kind: kind, payloadStart: ContainerLayout.open(kind, in: &output), entries: entries))
            } else {
                try emitValue(at: Location(sink: index, offset: 0, parent: ContainerRecord.topLevel, base: 0), asWritten: true)
            }
        }
    }

    /// `entries` in the deterministic order of keys (`Spec/FORMAT.md` §8.4): integer keys
    /// ascending, then string keys by their UTF-8 bytes. Keys of one container have distinct
    /// identities here, so no two compare equal.
    private func sortedDeterministically(_ entries: [(key: UInt64, value: Location)]) -> [(key: UInt64, value: Location)] {
        let rank = stringRank
        // One sort key per entry: integers first (flag 0), by value; then strings by rank.
        func sortKey(_ key: UInt64) -> (Int, Int) {
            switch KeyForm.decode(key) {
            case (let integer?, _): (0, integer)
            case (_, let index?): (1, rank[index])
            default: (2, 0)
            }
        }
        return entries.map { (sortKey($0.key), $0) }.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// The entries in `range` of `sink` (which begin at `range.lowerBound`, inside container
    /// `parent`), less the dropped ones.
    private mutating func collectEntries(
        in sink: Int, _ range: Range<Int>, keyed: Bool, parent: Int, into entries: inout [(key: UInt64, value: Location)]
    ) throws(ArchiveFormatError) {
        let reader = readers[sink]
        let base = range.lowerBound
        var p = base
        while p < range.upperBound {
            let entry = ValueSlot(sink: sink, parent: parent, offset: p - base)
            let key = keyed ? try reader.varint(at: &p, limit: range.upperBound) : 0
            let value = Location(sink: sink, offset: p, parent: parent, base: base)
            p = try reader.valueEnd(at: p, limit: range.upperBound)
            if state.lateWrites.droppedEntries.isEmpty || !state.lateWrites.droppedEntries.contains(entry) {
                entries.append((key, value))
            } else if keepsLeftOutValues {
                leftOut.append(value)
            }
        }
    }
}
