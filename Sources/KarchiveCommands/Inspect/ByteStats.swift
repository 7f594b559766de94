import KeyedArchive

/// `karchive stats`: where the bytes of an archive go, and how many values of each kind it holds.
struct ByteStats: ArchiveVisitor {
    /// The categories bytes are counted in, in the order they are listed.
    enum Category: String, CaseIterable {
        case header = "header"
        case framing = "container tags and lengths"
        case keys = "keys of entries"
        case keyTable = "key table"
        case strings = "strings"
        case numbers = "numbers"
        case packed = "packed arrays"
        case data = "raw data (bytes)"
        case foundation = "dates, UUIDs, URLs"
        case nilAndBool = "nil and Bool"
        /// Listed only for archives with header flag bit 2.
        case references = "shared-object marks, references"
    }

    private(set) var bytes: [Category: Int] = [:]
    private(set) var counts: [String: Int] = [:]
    private(set) var entries = 0
    private(set) var elements = 0
    private(set) var packedElements = 0
    private(set) var deepest = 0
    private(set) var sharedObjects = 0
    private(set) var references = 0

    mutating func visitKey(_ key: ArchiveKey, at range: Range<Int>, depth: Int) {
        bytes[.keys, default: 0] += range.count
        switch key {
        case .int: counts["integer keys", default: 0] += 1
        case .string: counts["string keys", default: 0] += 1
        }
    }

    mutating func visitScalar(_ value: ArchiveScalar, at range: Range<Int>, depth: Int) {
        deepest = max(deepest, depth)
        let (category, name): (Category, String) = switch value {
        case .null: (.nilAndBool, "nils")
        case .bool: (.nilAndBool, "Bools")
        case .integer: (.numbers, "integers")
        case .float, .double: (.numbers, "floating-point numbers")
        case .string: (.strings, "strings")
        case .bytes: (.data, "byte strings (Data)")
        case .date: (.foundation, "dates")
        case .uuid: (.foundation, "UUIDs")
        case .url: (.foundation, "URLs")
        case .packed: (.packed, "packed arrays")
        }
        if case .packed(_, let count, _) = value { packedElements += count }
        bytes[category, default: 0] += range.count
        counts[name, default: 0] += 1
    }

    mutating func beginSharedObject(index: Int, at offset: Int, depth: Int) {
        sharedObjects += 1
        bytes[.references, default: 0] += 1
    }

    mutating func visitReference(_ reference: ArchiveReference, at range: Range<Int>, depth: Int) {
        deepest = max(deepest, depth)
        references += 1
        bytes[.references, default: 0] += range.count
    }

    mutating func beginContainer(_ container: ArchiveContainer, depth: Int) {
        deepest = max(deepest, depth)
        let headerEnd = container.countField?.upperBound ?? container.lengthField?.upperBound ?? container.range.lowerBound + 1
        bytes[.framing, default: 0] += headerEnd - container.range.lowerBound
        if container.isKeyed {
            counts["keyed containers", default: 0] += 1
            entries += container.count
        } else {
            counts["unkeyed containers", default: 0] += 1
            elements += container.count
        }
    }

    /// The report, after the walk.
    func report(_ archive: InspectedArchive) -> [String] {
        var byCategory = bytes
        byCategory[.header] = InspectedArchive.headerSize
        byCategory[.keyTable] = archive.keyTable.count
        let total = archive.plain.count
        var lines = Formatting.summary(archive) + [""]
        lines.append(row("where the bytes go", "bytes", "share"))
        for category in Category.allCases where category != .references || archive.hasReferences {
            let n = byCategory[category] ?? 0
            lines.append(row("  " + category.rawValue, Formatting.count(n), Formatting.percent(n, of: total)))
        }
        lines.append(row("  total" + (archive.isCompressed ? " (header + inflated body)" : ""), Formatting.count(total), "100.0%"))
        lines.append("")
        lines.append(row("as stored", "bytes", "share"))
        let header = InspectedArchive.headerSize
        lines.append(row("  header", Formatting.count(header), Formatting.percent(header, of: archive.input.count)))
        if let layout = archive.compressedLayout {
            lines.append(row("  inflated-size varint", Formatting.count(layout.inflatedSize.count), Formatting.percent(layout.inflatedSize.count, of: archive.input.count)))
            lines.append(row("  zlib stream", Formatting.count(layout.stream.count), Formatting.percent(layout.stream.count, of: archive.input.count)))
        } else {
            let body = total - header
            lines.append(row("  body", Formatting.count(body), Formatting.percent(body, of: archive.input.count)))
        }
        if archive.hasChecksum {
            lines.append(row("  CRC-32 trailer", "4", Formatting.percent(4, of: archive.input.count)))
        }
        lines.append(row("  total", Formatting.count(archive.input.count), "100.0%"))
        if let layout = archive.compressedLayout {
            let body = total - header
            lines.append("  compression: the body's \(Formatting.plural(body, "byte", "bytes")) stored in \(Formatting.count(layout.stream.count)) (\(Formatting.ratio(Double(layout.stream.count) / Double(max(body, 1)))))")
        }
        lines.append("")
        lines.append(row("values", "count", ""))
        let order = ["keyed containers", "unkeyed containers", "integer keys", "string keys", "nils", "Bools", "integers",
                     "floating-point numbers", "strings", "byte strings (Data)", "dates", "UUIDs", "URLs", "packed arrays"]
        for name in order {
            var detail = ""
            switch name {
            case "keyed containers": detail = Formatting.plural(entries, "entry", "entries")
            case "unkeyed containers": detail = Formatting.plural(elements, "element", "elements")
            case "packed arrays": detail = Formatting.plural(packedElements, "element", "elements")
            case "string keys": detail = "\(Formatting.plural(archive.keys.count, "distinct key", "distinct keys")) in the table"
            default: break
            }
            lines.append(row("  " + name, Formatting.count(counts[name] ?? 0), detail))
        }
        if archive.hasReferences {
            lines.append(row("  shared objects", Formatting.count(sharedObjects), "values that references may name"))
            lines.append(row("  references", Formatting.count(references), "each the same object as an earlier shared object"))
        }
        lines.append(row("  deepest nesting", "\(deepest)", "levels (the root is level 1)"))
        return lines.map(\.trimmingTrailingSpaces)
    }

    private func row(_ label: String, _ number: String, _ detail: String) -> String {
        HexDumper.pad(label, 34, left: false) + HexDumper.pad(number, 12) + "  " + detail
    }
}
