import KeyedArchive

/// `karchive inspect`: the archive as an indented tree, like `plutil -p`.
///
///     Keyed (2 entries) {
///       "name" => String "Ada"
///       1 => Unkeyed (2 elements) [
///         [0] => Int64 1
///         [1] => Double 2.5
///       ]
///     }
struct TreePrinter: ArchiveVisitor {
    let text: ValueText
    var filter: ItemFilter
    private(set) var lines: [String] = []
    private var pendingKey: String?
    private var closings: [String?] = []

    init(archive: InspectedArchive, maxItems: Int, maxDepth: Int) {
        text = ValueText(archive: archive, previewCount: min(maxItems, 8))
        filter = ItemFilter(maxItems: maxItems, maxDepth: maxDepth)
    }

    mutating func visitKey(_ key: ArchiveKey, at range: Range<Int>, depth: Int) {
        pendingKey = ValueText.label(key)
    }

    mutating func visitScalar(_ value: ArchiveScalar, at range: Range<Int>, depth: Int) {
        guard let prefix = start(at: range.lowerBound, depth: depth) else { return }
        lines.append(prefix + text.describe(value))
    }

    mutating func beginContainer(_ container: ArchiveContainer, depth: Int) {
        let frame = ArchiveContainerFrame(isKeyed: container.isKeyed, count: container.count, end: container.range.upperBound)
        guard let prefix = start(at: container.range.lowerBound, depth: depth) else {
            filter.push(frame, shown: false)
            closings.append(nil)
            return
        }
        let head = container.isKeyed
            ? "Keyed (\(Formatting.plural(container.count, "entry", "entries")))"
            : "Unkeyed (\(Formatting.plural(container.count, "element", "elements")))"
        let (open, close) = container.isKeyed ? ("{", "}") : ("[", "]")
        if container.count == 0 {
            lines.append("\(prefix)\(head) \(open)\(close)")
            filter.push(frame, shown: false)
            closings.append(nil)
        } else if filter.collapses(depth: depth) {
            lines.append("\(prefix)\(head) \(open)…\(close)")
            filter.push(frame, shown: false)
            closings.append(nil)
        } else {
            lines.append("\(prefix)\(head) \(open)")
            filter.push(frame, shown: true)
            closings.append(indent(depth) + close)
        }
    }

    mutating func endContainer(_ container: ArchiveContainer, depth: Int) {
        filter.pop()
        if let closing = closings.removeLast() { lines.append(closing) }
    }

    /// The indentation and label of the next value, or nil if it is not shown.
    private mutating func start(at offset: Int, depth: Int) -> String? {
        let key = pendingKey
        pendingKey = nil
        switch filter.item(startingAt: offset) {
        case .hide:
            return nil
        case .elideRest(let items, _):
            lines.append(indent(depth) + "… " + filter.more(items))
            return nil
        case .show(let index):
            if depth == 1 { return "" }
            return indent(depth) + (key ?? "[\(index)]") + " => "
        }
    }

    private func indent(_ depth: Int) -> String { String(repeating: "  ", count: depth - 1) }
}
