import KeyedArchive

/// `karchive inspect --hex`: every byte of the archive with its offset and meaning, the meaning
/// indented by nesting, in the style of the annotated examples of `Spec/FORMAT.md`:
///
///          6  0C 09                     keyed container, payload 9 bytes, 3 entries
///          8  01                          key "x" (table index 0)
///          9  81                            Int64 1
///
/// Concatenating the byte column gives back the archive (for a compressed archive: the input,
/// then the inflated body), except where long values are elided with a "…" line.
struct HexDumper: ArchiveVisitor {
    /// Bytes per line.
    static let width = 8
    /// Lines of one value shown before the rest is elided.
    static let maxLinesPerValue = 32

    let archive: InspectedArchive
    let text: ValueText
    var filter: ItemFilter
    private(set) var lines: [String] = []
    /// Indentation of the next value's meaning (a keyed entry's value is one deeper than its key).
    private var indents: [Int] = [0]
    private var pendingValueIndent: Int?
    private var paths = CodingPathTracker()
    /// The indentation of the marked value of the shared object just begun (nil inside: the
    /// shared object is not shown); its marked value is the same item, not a new one.
    private var markedValueIndent: Int??

    /// Width of the offset column: six digits, more for archives of a megabyte or more.
    let offsetWidth: Int

    init(archive: InspectedArchive, maxItems: Int, maxDepth: Int) {
        self.archive = archive
        self.offsetWidth = max(6, String(max(archive.input.count, archive.plain.count)).count)
        self.text = ValueText(archive: archive, previewCount: min(maxItems, 4))
        self.filter = ItemFilter(maxItems: maxItems, maxDepth: maxDepth)
    }

    // MARK: Framing outside the root value

    /// The header, the compressed stream and the checksum of the input.
    mutating func dumpHeader() {
        let input = archive.input
        line(0, input[0..<4], "magic \"KARC\"")
        line(4, input[4..<5], "version 1")
        line(5, input[5..<6], "flags 0x\(Formatting.hexByte(archive.flags)): \(Formatting.flags(archive))")
        if let layout = archive.compressedLayout {
            let bodySize = archive.plain.count - InspectedArchive.headerSize
            line(layout.inflatedSize.lowerBound, input[layout.inflatedSize], "inflated body: \(Formatting.plural(bodySize, "byte", "bytes"))")
            run(layout.stream.lowerBound, input[layout.stream], "zlib stream: \(Formatting.plural(layout.stream.count, "byte", "bytes"))", indent: 0)
            dumpChecksum()
            lines.append(String(repeating: " ", count: offsetWidth + 2) + "inflated body (offsets count in the header + inflated body):")
        }
    }

    /// The key table after the root value, then the checksum of an uncompressed archive.
    mutating func dumpKeyTable() {
        let table = archive.keyTable
        let entries = archive.keyTableEntries
        let countEnd = entries.first?.range.lowerBound ?? table.upperBound
        line(table.lowerBound, archive.plain[table.lowerBound..<countEnd], "key table: \(Formatting.plural(entries.count, "entry", "entries"))")
        for (index, entry) in entries.enumerated() {
            run(entry.range.lowerBound, archive.plain[entry.range], "[\(index)] \(Formatting.quoted(entry.key))", indent: 1)
        }
        if archive.compressedLayout == nil { dumpChecksum() }
    }

    private mutating func dumpChecksum() {
        guard archive.hasChecksum else { return }
        let start = archive.input.count - 4
        let trailer = archive.input[start...]
        let value = trailer.reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        line(start, trailer, "CRC-32 0x\(Formatting.hex(trailer.reversed()).replacingOccurrences(of: " ", with: "")) (\(value)) of every byte before it")
    }

    // MARK: Values

    mutating func visitKey(_ key: ArchiveKey, at range: Range<Int>, depth: Int) {
        paths.key(key)
        guard !filter.isHidden else { return }
        let indent = indents.last! + 1
        let meaning: String
        switch key {
        case .int(let n): meaning = "key \(n) (integer key)"
        case .string(let index, let s): meaning = "key \(Formatting.quoted(s)) (table index \(index))"
        }
        // The key's line is written when its value turns out to be shown (see `start`).
        pendingKey = (range, meaning, indent)
        pendingValueIndent = indent + 1
    }
    private var pendingKey: (range: Range<Int>, meaning: String, indent: Int)?

    mutating func visitScalar(_ value: ArchiveScalar, at range: Range<Int>, depth: Int) {
        _ = paths.valueStarts()
        guard let indent = start(at: range.lowerBound) else { return }
        guard case .packed(let kind, let count, let elements) = value else {
            run(range.lowerBound, archive.plain[range], text.describe(value), indent: indent)
            return
        }
        line(range.lowerBound, archive.plain[range.lowerBound..<elements.lowerBound], "packed [\(kind.name)] × \(count)", indent: indent)
        for index in 0..<count {
            let offset = elements.lowerBound + index * kind.width
            if index == filter.maxItems {
                elided(offset, "… \(Formatting.count(count - index)) more elements (\(Formatting.plural(elements.upperBound - offset, "byte", "bytes")))",
                       indent: indent + 1)
                break
            }
            line(offset, archive.plain[offset..<offset + kind.width],
                 "[\(index)] \(Formatting.number(archive.packedElement(kind, at: offset)))", indent: indent + 1)
        }
    }

    mutating func beginSharedObject(index: Int, at offset: Int, depth: Int) {
        paths.sharedObjectBegins(index: index)
        let indent = start(at: offset)
        if let indent { line(offset, archive.plain[offset..<offset + 1], "shared object #\(index), marking the value that follows", indent: indent) }
        markedValueIndent = .some(indent)
    }

    mutating func visitReference(_ reference: ArchiveReference, at range: Range<Int>, depth: Int) {
        _ = paths.valueStarts()
        guard let indent = start(at: range.lowerBound) else { return }
        run(range.lowerBound, archive.plain[range],
             "reference to shared object #\(reference.target): same object as \(paths.path(ofSharedObject: reference.target))", indent: indent)
    }

    mutating func beginContainer(_ container: ArchiveContainer, depth: Int) {
        paths.containerBegins(container, at: paths.valueStarts())
        let frame = ArchiveContainerFrame(isKeyed: container.isKeyed, count: container.count, end: container.range.upperBound)
        guard let indent = start(at: container.range.lowerBound) else {
            filter.push(frame, shown: false)
            indents.append(0)
            return
        }
        let headerEnd = container.countField?.upperBound ?? container.lengthField?.upperBound ?? container.range.lowerBound + 1
        let kind = container.isKeyed ? "keyed container" : "unkeyed container"
        var meaning: String
        if container.lengthField == nil {
            meaning = "empty \(kind)"
        } else {
            let payload = container.range.upperBound - container.lengthField!.upperBound
            meaning = "\(kind), payload \(Formatting.plural(payload, "byte", "bytes")), "
                + (container.isKeyed ? Formatting.plural(container.count, "entry", "entries") : Formatting.plural(container.count, "element", "elements"))
        }
        let collapsed = container.count > 0 && filter.collapses(depth: depth)
        if collapsed { meaning += " (not shown below --depth)" }
        line(container.range.lowerBound, archive.plain[container.range.lowerBound..<headerEnd], meaning, indent: indent)
        filter.push(frame, shown: !collapsed)
        indents.append(indent)
    }

    mutating func endContainer(_ container: ArchiveContainer, depth: Int) {
        paths.containerEnds()
        filter.pop()
        indents.removeLast()
    }

    /// The indentation of the next value's meaning, or nil if it is not shown; writes its key.
    private mutating func start(at offset: Int) -> Int? {
        if let marked = markedValueIndent {
            markedValueIndent = nil
            return marked
        }
        let key = pendingKey
        pendingKey = nil
        let indent = pendingValueIndent ?? (indents.last! + (indents.count > 1 ? 1 : 0))
        pendingValueIndent = nil
        switch filter.item(startingAt: key?.range.lowerBound ?? offset) {
        case .hide:
            return nil
        case .elideRest(let items, let bytes):
            elided(key?.range.lowerBound ?? offset, "… \(filter.more(items)) (\(Formatting.plural(bytes, "byte", "bytes")))", indent: indents.last! + 1)
            return nil
        case .show:
            // Over lines as a value's bytes are: a key varint takes up to 10 bytes.
            if let key { run(key.range.lowerBound, archive.plain[key.range], key.meaning, indent: key.indent) }
            return indent
        }
    }

    // MARK: Lines

    /// One line: offset, the bytes (at most `width`), the meaning.
    private mutating func line(_ offset: Int, _ bytes: ArraySlice<UInt8>, _ meaning: String, indent: Int = 0) {
        row(offset, Formatting.hex(bytes), meaning, indent: indent)
    }

    /// A line standing for bytes that are not shown: "…" in the byte column.
    private mutating func elided(_ offset: Int, _ meaning: String, indent: Int) {
        row(offset, "…", meaning, indent: indent)
    }

    private mutating func row(_ offset: Int, _ byteColumn: String, _ meaning: String, indent: Int) {
        let text = Self.pad("\(offset)", offsetWidth) + "  " + Self.pad(byteColumn, Self.width * 3 - 1, left: false)
            + "  " + String(repeating: "  ", count: indent) + meaning
        lines.append(text.trimmingTrailingSpaces)
    }

    /// A value's bytes over as many lines as they need, the meaning on the first; after
    /// `maxLinesPerValue` lines the rest is elided.
    private mutating func run(_ offset: Int, _ bytes: ArraySlice<UInt8>, _ meaning: String, indent: Int) {
        var start = bytes.startIndex
        var first = true
        var shownLines = 0
        while start < bytes.endIndex {
            if shownLines == Self.maxLinesPerValue {
                elided(offset + start - bytes.startIndex, "… \(Formatting.plural(bytes.endIndex - start, "more byte", "more bytes"))", indent: indent + 1)
                return
            }
            let end = min(start + Self.width, bytes.endIndex)
            line(offset + start - bytes.startIndex, bytes[start..<end], first ? meaning : "", indent: indent)
            first = false
            shownLines += 1
            start = end
        }
    }

    static func pad(_ text: String, _ width: Int, left: Bool = true) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return left ? padding + text : text + padding
    }
}
