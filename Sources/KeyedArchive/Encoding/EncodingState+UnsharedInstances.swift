/// `preservesObjectIdentity` when no class instance occurred twice: the common case of a tree
/// of objects, which must cost little more than encoding without the option.
///
/// The encoder marks every first occurrence (`7E` + number, `EncoderMarker`) because it cannot
/// know whether the instance will occur again. If none did (no reference was written) and
/// nothing was written out of order, the archive is the main sink's bytes without the markers:
/// no value moves, no key is renumbered, no container but the markers' ancestors changes. So
/// instead of the late-write pass reading every value, this finds the markers from the sink's
/// log (`EncodingSink.firstOccurrences`) and copies the bytes between them, shortening the
/// length prefixes of the containers around them.
///
/// Each marker's place is read from its slot (enclosing container and distance from its first
/// entry), the terms in which the encoder records containers, which stay true as containers
/// close and move what follows (`ContainerRecord`). The containers on the way are found from
/// their records, down from the top level, each header read once.
extension EncodingState {
    /// The main sink's archive (header and root value) without its first-occurrence markers,
    /// in a new buffer. Call only when the archive needs no other rewrite: `needsReordering` false
    /// and no reference written.
    func mainSinkWithoutMarkers() throws -> ByteWriter {
        do throws(ArchiveFormatError) {
            var markers = MarkerRemoval(main)
            return try markers.apply()
        } catch {
            throw EncodingError.unreadableOwnBytes(error)
        }
    }
}

/// The edits that take the markers out of one sink: each marker's bytes, and the length prefix
/// of each container that holds one.
private struct MarkerRemoval {
    private let sink: EncodingSink
    private let reader: ByteReader
    /// By container serial: where its header is, once needed (-1 before).
    private var headers: [Int]
    /// By container serial: where its entries begin, once its header is read (-1 before).
    private var entriesStarts: [Int]
    /// By container serial: how many bytes come out of its entries (markers and the shorter
    /// length prefixes of containers inside it).
    private var removedInside: [Int]

    init(_ sink: EncodingSink) {
        self.sink = sink
        reader = sink.reader
        headers = Array(repeating: -1, count: sink.records.count)
        entriesStarts = headers
        removedInside = Array(repeating: 0, count: sink.records.count)
    }

    mutating func apply() throws(ArchiveFormatError) -> ByteWriter {
        // Where each marker is, and what it takes out of its container.
        var markers: [Range<Int>] = []
        markers.reserveCapacity(sink.firstOccurrences.count)
        for entry in sink.firstOccurrences {
            let parent = entry.slot.parent
            let start = (parent == ContainerRecord.topLevel ? 0 : try entriesStart(of: parent)) + entry.slot.offset
            guard try reader.byte(at: start, limit: reader.count) == EncoderMarker.firstOccurrence else {
                throw ArchiveFormatError(.malformed, at: start, "no marker where instance \(entry.number)'s first occurrence was written")
            }
            var end = start + 1
            let number = try reader.varint(at: &end, limit: reader.count)
            guard number == UInt64(entry.number), markers.last.map({ $0.upperBound <= start }) ?? true else {
                throw ArchiveFormatError(.malformed, at: start, "the marker of instance \(entry.number) is not where the log has it")
            }
            markers.append(start..<end)
            if parent != ContainerRecord.topLevel { removedInside[parent] += end - start }
        }
        // The new length of each container on the way to a marker, innermost first: a container
        // is opened after the one around it, so its serial is higher.
        var lengths: [(at: Range<Int>, length: UInt64)] = []
        for serial in sink.records.indices.reversed() where headers[serial] >= 0 {
            var end = headers[serial] + 1
            let length = try reader.varint(at: &end, limit: reader.count)
            let newLength = length - UInt64(removedInside[serial])
            lengths.append((headers[serial] + 1..<end, newLength))
            let parent = sink.records[serial].parent
            if parent != ContainerRecord.topLevel {
                removedInside[parent] += removedInside[serial] + (end - headers[serial] - 1) - varintSize(newLength)
            }
        }
        // The copy: everything but the markers, with the new length prefixes, in byte order
        // (which is the order of serials: nothing was written out of order).
        lengths.reverse()
        for index in lengths.indices.dropFirst() where lengths[index - 1].at.upperBound > lengths[index].at.lowerBound {
            throw ArchiveFormatError(.malformed, at: lengths[index].at.lowerBound, "containers holding markers are out of order")
        }
        var output = ByteWriter(capacity: reader.count)
        var copied = 0
        var nextLength = 0
        for marker in markers {
            while nextLength < lengths.count, lengths[nextLength].at.lowerBound < marker.lowerBound {
                let (at, length) = lengths[nextLength]
                output.append(reader.slice(copied, at.lowerBound - copied))
                output.appendVarint(length)
                copied = at.upperBound
                nextLength += 1
            }
            output.append(reader.slice(copied, marker.lowerBound - copied))
            copied = marker.upperBound
        }
        guard nextLength == lengths.count else {
            throw ArchiveFormatError(.malformed, at: lengths[nextLength].at.lowerBound, "a container that holds a marker comes after the last marker")
        }
        output.append(reader.slice(copied, reader.count - copied))
        return output
    }

    /// Where the entries of container `serial` begin: up its chain of enclosing containers to
    /// one already read or the top level, then down again, reading each header once. A loop, not
    /// recursion: containers may be nested 100,000 deep under a raised depth limit.
    private mutating func entriesStart(of serial: Int) throws(ArchiveFormatError) -> Int {
        var chain: [Int] = []
        var current = serial
        while entriesStarts[current] < 0 {
            chain.append(current)
            current = sink.records[current].parent
            if current == ContainerRecord.topLevel { break }
        }
        while let next = chain.popLast() {
            let parent = sink.records[next].parent
            let header = (parent == ContainerRecord.topLevel ? 0 : entriesStarts[parent]) + sink.records[next].offset
            headers[next] = header
            entriesStarts[next] = try reader.containerBody(at: header).entries.lowerBound
        }
        return entriesStarts[serial]
    }
}

extension EncodingError {
    /// The error the encoder's passes throw if they cannot read back bytes the encoder wrote:
    /// a bug in this package, reported rather than a crash.
    static func unreadableOwnBytes(_ error: any Error) -> EncodingError {
        .invalidValue(Optional<Int>.none as Any, EncodingError.Context(
            codingPath: [],
            debugDescription: "KeyedArchive internal error: the encoder could not read back its own bytes (\(error)). Please report this with the type being encoded.",
            underlyingError: error))
    }
}
