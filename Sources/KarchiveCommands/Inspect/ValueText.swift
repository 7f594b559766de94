import Foundation
import KeyedArchive

/// How `inspect` and `inspect --hex` describe a scalar: its type, then its value.
struct ValueText {
    let archive: InspectedArchive
    /// At most this many elements of a packed array are listed.
    let previewCount: Int

    func describe(_ value: ArchiveScalar) -> String {
        switch value {
        case .null(let level): return level == 0 ? "nil" : "nil (nested, level \(level))"
        case .bool(let b): return "Bool \(b)"
        case .integer(let n): return "\(n.typeName) \(n)"
        case .float(let x): return "Float \(x)"
        case .double(let x): return "Double \(x)"
        case .string(let s): return "String \(Formatting.quoted(s))"
        case .url(let s): return "URL \(Formatting.quoted(s))"
        case .uuid(let u): return "UUID \(u.uuidString)"
        case .date(let seconds):
            if let text = Formatting.iso8601(sinceReferenceDate: seconds) { return "Date \(text)" }
            return "Date \(seconds) s after 2001-01-01T00:00:00Z"
        case .bytes(let range):
            let preview = archive.plain[range.prefix(16)]
            let more = range.count > 16 ? " …" : ""
            return "Data \(Formatting.plural(range.count, "byte", "bytes"))" + (range.isEmpty ? "" : " <\(Formatting.hex(preview))\(more)>")
        case .packed(let kind, let count, let elements):
            var text = "[\(kind.name)] × \(count)"
            guard count > 0 else { return text }
            let shown = min(count, previewCount)
            let numbers = (0..<shown).map { Formatting.number(archive.packedElement(kind, at: elements.lowerBound + $0 * kind.width)) }
            text += shown < count ? " (first \(numbers.joined(separator: ", ")), …)" : " (\(numbers.joined(separator: ", ")))"
            return text
        }
    }

    /// A key as shown: string keys quoted, integer keys bare.
    static func label(_ key: ArchiveKey) -> String {
        switch key {
        case .int(let n): String(n)
        case .string(_, let s): Formatting.quoted(s)
        }
    }
}
