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
///
/// A shared object shows its value index before its marked value ("shared object #3:
/// Keyed …"), a reference the path of the shared object it names ("same object as root."a"").
struct TreePrinter: ArchiveVisitor {
    let text: ValueText
    var filter: ItemFilter
    private(set) var lines: [String] = []
    private var pendingKey: String?
    private var closings: [String?] = []
    private var paths = CodingPathTracker()
    /// The line's beginning for the marked value of the shared object just begun (nil inside:
    /// the shared object is not shown); its marked value is the same item, not a new one.
    private var markedValuePrefix: String??

    init(archive: InspectedArchive, maxItems: Int, maxDepth: Int) {
        text = ValueText(archive: archive, previewCount: min(maxItems, 8))
        filter = ItemFilter(maxItems: maxItems, maxDepth: maxDepth)
    }

    mutating func visitKey(_ key: ArchiveKey, at range: Range<Int>, depth: Int) {
        pendingKey = ValueText.label(key)
        paths.key(key)
    }

    mutating func visitScalar(_ value: ArchiveScalar, at range: Range<Int>, depth: Int) {
        _ = paths.valueStarts()
        guard let prefix = start(at: range.lowerBound, depth: depth) else { return }
        lines.append(prefix + text.describe(value))
    }

    mutating func beginSharedObject(index: Int, at offset: Int, depth: Int) {
        paths.sharedObjectBegins(index: index)
        let prefix = start(at: offset, depth: depth)
        markedValuePrefix = .some(prefix.map { $0 + "shared object #\(index): " })
    }

    mutating func visitReference(_ reference: ArchiveReference, at range: Range<Int>, depth: Int) {
        _ = paths.valueStarts()
        guard let prefix = start(at: range.lowerBound, depth: depth) else { return }
        lines.append(prefix + "same object as \(paths.path(ofSharedObject: reference.target)) (shared object #\(reference.target))")
    }

    mutating func beginContainer(_ container: ArchiveContainer, depth: Int) {
        paths.containerBegins(container, at: paths.valueStarts())
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
        paths.containerEnds()
        filter.pop()
        if let closing = closings.removeLast() { lines.append(closing) }
    }

    /// The indentation and label of the next value, or nil if it is not shown.
    private mutating func start(at offset: Int, depth: Int) -> String? {
        if let marked = markedValuePrefix {
            markedValuePrefix = nil
            return marked
        }
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
