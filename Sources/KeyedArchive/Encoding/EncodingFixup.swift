#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The slow path that makes out-of-order writes correct.
///
/// Runs only when user code wrote into a container after its parent moved on, filled a super
/// encoder late, wrote a key twice, or threw from a value that others had followed. It walks
/// the streamed bytes (every sink is a valid sequence of values) and writes a new archive with
/// late entries appended, replaced values swapped in, dropped entries left out and repeated keys
/// resolved (the last value wins, in the position of the first).
///
/// It knows which container is which by position only: for each value it meets it computes the
/// enclosing container and the distance from that container's first entry, the very terms in
/// which the encoder recorded containers and slots (`ContainerRecord`, `ValueSlot`). Nothing is
/// counted, so nothing can be counted differently.
struct EncodingFixup {
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

    private let state: EncodingState
    private let readers: [ByteReader]
    /// Per sink: the serial of the live container at each recorded position.
    private let containers: [[Position: Int]]
    private var output = ByteWriter()

    private init(state: EncodingState) {
        self.state = state
        self.readers = state.sinks.map { ByteReader($0.writer.bytes) }
        self.containers = state.sinks.map { sink in
            var bySlot: [Position: Int] = [:]
            for (serial, record) in sink.records.enumerated() where record.isLive {
                bySlot[Position(parent: record.parent, offset: record.offset)] = serial
            }
            return bySlot
        }
    }

    /// Returns the rewritten archive: header and root value (the key table is added by the
    /// caller). Throws `EncodingError.invalidValue` if the encoder's own bytes cannot be read
    /// back, which would be a bug in this package: reported, never a crash.
    static func rewrite(_ state: EncodingState) throws -> ByteWriter {
        var pass = EncodingFixup(state: state)
        do {
            pass.output.append(UnsafeRawBufferPointer(rebasing: state.main.writer.bytes[0..<ArchiveHeader.size]))
            try pass.emitValue(at: Location(sink: 0, offset: ArchiveHeader.size, parent: ContainerRecord.topLevel, base: 0))
            return pass.output
        } catch {
            pass.output.deallocate()
            throw EncodingError.invalidValue(Optional<Int>.none as Any, EncodingError.Context(
                codingPath: [],
                debugDescription: "KeyedArchive internal error: the encoder could not read back its own bytes (\(error)). Please report this with the type being encoded.",
                underlyingError: error))
        }
    }

    private mutating func emitValue(at location: Location) throws(ArchiveFormatError) {
        var location = location
        while let replacement = state.replacements[location.slot] {
            location = Location(sink: replacement.index, offset: 0, parent: ContainerRecord.topLevel, base: 0)
        }
        let reader = readers[location.sink]
        let tag = try reader.byte(at: location.offset, limit: reader.count)
        if WireTag.isContainer(tag) {
            try emitContainer(at: location)
        } else {
            let end = try reader.valueEnd(at: location.offset, limit: reader.count)
            output.append(reader.slice(location.offset, end - location.offset))
        }
    }

    /// Writes one container with its late entries appended, dropped entries left out and, for
    /// a keyed container, repeated keys resolved: the last value wins, in the position of the first.
    private mutating func emitContainer(at location: Location) throws(ArchiveFormatError) {
        let body = try readers[location.sink].containerBody(at: location.offset)
        let serial = containers[location.sink][Position(parent: location.parent, offset: location.offset - location.base)]
        var entries: [(key: UInt64, value: Location)] = []
        try collectEntries(in: location.sink, body.entries, keyed: body.isKeyed, parent: serial ?? Self.unrecorded, into: &entries)
        if let serial, let late = state.appendSinks[ContainerID(sink: location.sink, serial: serial)] {
            try collectEntries(in: late.index, 0..<readers[late.index].count, keyed: body.isKeyed,
                               parent: ContainerRecord.topLevel, into: &entries)
        }

        let kind: ContainerLayout.Kind = body.isKeyed ? .keyed : .unkeyed
        let payloadStart = ContainerLayout.open(kind, in: &output)
        if body.isKeyed {
            var order: [UInt64] = []
            var latest: [UInt64: Location] = [:]
            for entry in entries where latest.updateValue(entry.value, forKey: entry.key) == nil {
                order.append(entry.key)
            }
            for key in order {
                output.appendVarint(key)
                try emitValue(at: latest[key]!)
            }
            ContainerLayout.close(.keyed, payloadStart: payloadStart, count: order.count, in: &output)
        } else {
            for entry in entries { try emitValue(at: entry.value) }
            ContainerLayout.close(.unkeyed, payloadStart: payloadStart, count: entries.count, in: &output)
        }
    }

    /// The entries in `range` of `sink` (which begin at `range.lowerBound`, inside container
    /// `parent`), less the dropped ones.
    private func collectEntries(
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
            if !state.droppedEntries.contains(entry) { entries.append((key, value)) }
        }
    }
}
