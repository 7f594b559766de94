/// Where a value lies inside an archive: the keys and element indexes that lead to it from the
/// root value, for reading that value alone (`ArchiveDecoder.decode(_:at:from:)`).
///
/// ```swift
/// let path: ArchivePath = ["documents", 3, "title"]
/// let title = try ArchiveDecoder().decode(String.self, at: path, from: data)
/// ```
///
/// A string literal is a key, an integer literal an element index. A key is matched as
/// `decode(_:forKey:)` matches a `CodingKey` (`Spec/FORMAT.md` §8.3): a key with an `intValue`
/// matches the integer entry it names and the string entry of its name; a key without one
/// matches the string entry of its name, and the integer entry its name spells in canonical
/// decimal (`"7"` finds the entry of a `[Int: V]` dictionary's key 7).
///
/// A path may also be a coding path, as a `DecodingError` reports one (`init(codingPath:)`):
/// there, an element of an unkeyed container is a key with an `intValue` (Foundation's
/// `"Index 3"`). So a key with an `intValue` that meets an unkeyed container is taken as that
/// element's index.
public struct ArchivePath: Hashable, Sendable, ExpressibleByArrayLiteral, CustomStringConvertible {
    /// One step of a path.
    public enum Component: Hashable, Sendable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, CustomStringConvertible {
        /// A key of a keyed container, as a `CodingKey` gives it: its name, and its integer if
        /// it has one.
        case key(stringValue: String, intValue: Int?)
        /// The element at this index (from 0) of an unkeyed container, a packed array or a
        /// byte string.
        case index(Int)

        /// The key `name`, without an integer form.
        public static func key(_ name: String) -> Component { .key(stringValue: name, intValue: nil) }

        /// The key `key` stands for, as `ArchiveEncoder` writes it: its `stringValue`, and its
        /// `intValue` when the key is written as that integer (a type's `CodingKeys: Int`) —
        /// not when `init(intValue:)` gives another key back, as for a dictionary's key
        /// `"007"`, which is written as its name. An element's key in a coding path (`"Index 3"`,
        /// with `intValue` 3) keeps its `intValue`, its index.
        public static func key(_ key: some CodingKey) -> Component {
            let isElementKey = key.intValue.map { key.stringValue == "Index \($0)" } ?? false
            return .key(stringValue: key.stringValue, intValue: isElementKey ? key.intValue : KeyForm.integer(of: key))
        }

        /// The key `value`.
        public init(stringLiteral value: String) { self = .key(value) }

        /// The element index `value`.
        public init(integerLiteral value: Int) { self = .index(value) }

        /// The component as `ArchivePath(parsing:)` reads it: a key bare when it can be
        /// (`title`), else quoted (`["two words"]`); an index in brackets (`[3]`).
        public var description: String {
            switch self {
            case .index(let index): "[\(index)]"
            case .key(let name, _): ArchivePathSyntax.isBare(name) ? name : "[" + ArchivePathSyntax.quoted(name) + "]"
            }
        }
    }

    /// The steps from the root value, outermost first. Empty: the root value itself.
    public var components: [Component]

    /// The path of `components`.
    public init(_ components: [Component] = []) {
        self.components = components
    }

    /// The path of `elements`.
    public init(arrayLiteral elements: Component...) {
        self.components = elements
    }

    /// The path a coding path names: each key as a `.key` component (an element's key, such
    /// as `"Index 3"`, keeps its `intValue`, which makes it the index at an unkeyed container).
    public init(codingPath: [any CodingKey]) {
        self.components = codingPath.map { Component.key($0) }
    }

    /// Reads a path written as `ArchivePath.description` writes one (and as `karchive get`
    /// takes it): keys separated by `.` (`settings.theme`), element indexes in brackets
    /// (`documents[3].title`), and keys that are not bare — empty, or holding a `.`, `[`, `]`,
    /// `"`, `\`, a space or a control character — quoted in brackets as JSON strings
    /// (`["two words"]`, `["a.b"]`). `.` alone, or the empty text, is the root. A key read
    /// this way has no `intValue`: `7` is the key named "7", which also finds integer key 7.
    ///
    /// - Throws: `ArchivePathSyntaxError`, with the offset of the first character it could
    ///   not read.
    public init(parsing text: String) throws(ArchivePathSyntaxError) {
        self.components = try ArchivePathSyntax.parse(text, allowsWildcards: false)[0]
    }

    /// Reads a path that may hold `[*]`, "every element" (`karchive get documents[*].id`):
    /// the paths between the wildcards, in order, so `n` wildcards give `n + 1` paths (the
    /// first from the root, each next one from every element of the array before it).
    package static func segments(parsing text: String) throws(ArchivePathSyntaxError) -> [ArchivePath] {
        try ArchivePathSyntax.parse(text, allowsWildcards: true).map { ArchivePath($0) }
    }

    /// This path followed by `component`.
    public func appending(_ component: Component) -> ArchivePath {
        ArchivePath(components + [component])
    }

    /// This path followed by `path`.
    public func appending(_ path: ArchivePath) -> ArchivePath {
        ArchivePath(components + path.components)
    }

    /// The path as `init(parsing:)` reads it; `.` for the root.
    public var description: String {
        guard !components.isEmpty else { return "." }
        var text = ""
        for component in components {
            if case .key = component, !text.isEmpty, ArchivePathSyntax.isBare(component.description) { text += "." }
            text += component.description
        }
        return text
    }
}

/// Why `ArchivePath(parsing:)` could not read a path.
public struct ArchivePathSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The offset, in UTF-8 bytes, of the first character that could not be read.
    public let offset: Int
    /// What was wrong there.
    public let reason: String

    /// "`reason` at offset `offset`".
    public var description: String { "\(reason) at offset \(offset) of the path" }
}

/// The text form of a path (`ArchivePath.init(parsing:)`, `description`).
enum ArchivePathSyntax {
    /// Whether `name` can be written without quotes: not empty, and none of the characters
    /// that separate or quote components, nor spaces or control characters (which a shell or
    /// a reader would lose).
    static func isBare(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy(isBare)
    }

    /// Whether `byte` may stand in a bare key (`isBare(_:)`).
    static func isBare(_ byte: UInt8) -> Bool {
        byte > 0x20 && byte != 0x7F && byte != UInt8(ascii: ".") && byte != UInt8(ascii: "[")
            && byte != UInt8(ascii: "]") && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
    }

    /// `name` as a JSON string.
    static func quoted(_ name: String) -> String {
        var text = "\""
        for scalar in name.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    text.unicodeScalars.append(scalar)
                }
            }
        }
        return text + "\""
    }

    /// The components of `text`, in segments split at each `[*]` (one segment when
    /// `allowsWildcards` is false, where `[*]` is a syntax error).
    static func parse(_ text: String, allowsWildcards: Bool) throws(ArchivePathSyntaxError) -> [[ArchivePath.Component]] {
        let bytes = Array(text.utf8)
        if bytes.isEmpty || bytes == [UInt8(ascii: ".")] { return [[]] }
        var segments: [[ArchivePath.Component]] = []
        var components: [ArchivePath.Component] = []
        // Whether a component (or a wildcard) has been read: a bare key then needs a "." first.
        var afterComponent = false
        var p = 0
        func fail(_ reason: String, at offset: Int) -> ArchivePathSyntaxError { ArchivePathSyntaxError(offset: offset, reason: reason) }
        while p < bytes.count {
            if bytes[p] == UInt8(ascii: "[") {
                p += 1
                afterComponent = true
                if allowsWildcards, p < bytes.count, bytes[p] == UInt8(ascii: "*") {
                    segments.append(components)
                    components = []
                    p += 1
                } else if p < bytes.count, bytes[p] == UInt8(ascii: "\"") {
                    components.append(.key(try quotedKey(bytes, at: &p)))
                } else {
                    let start = p
                    while p < bytes.count, bytes[p] >= UInt8(ascii: "0"), bytes[p] <= UInt8(ascii: "9") { p += 1 }
                    guard p > start, let index = Int(String(decoding: bytes[start..<p], as: UTF8.self)) else {
                        throw fail("expected an element index or a quoted key after \"[\"", at: start)
                    }
                    components.append(.index(index))
                }
                guard p < bytes.count, bytes[p] == UInt8(ascii: "]") else { throw fail("expected \"]\"", at: p) }
                p += 1
            } else {
                // A bare key: at the start, or after a "."; after a component a "." or "[" follows.
                if afterComponent {
                    guard bytes[p] == UInt8(ascii: ".") else { throw fail("expected \".\" or \"[\" between components", at: p) }
                    p += 1
                } else if bytes[p] == UInt8(ascii: ".") {
                    // A leading "." is allowed (".settings.theme").
                    p += 1
                }
                let start = p
                while p < bytes.count, bytes[p] != UInt8(ascii: "."), bytes[p] != UInt8(ascii: "[") { p += 1 }
                let name = String(decoding: bytes[start..<p], as: UTF8.self)
                guard !name.isEmpty else { throw fail("expected a key", at: start) }
                // At the first character that cannot stand in a bare key.
                if let unreadable = bytes[start..<p].firstIndex(where: { !isBare($0) }) {
                    throw fail("a key with spaces, quotes, brackets or control characters must be quoted, as [\"…\"]", at: unreadable)
                }
                components.append(.key(name))
                afterComponent = true
            }
        }
        return segments + [components]
    }

    /// The JSON string at `p` (its opening quote), leaving `p` past its closing quote.
    private static func quotedKey(_ bytes: [UInt8], at p: inout Int) throws(ArchivePathSyntaxError) -> String {
        let open = p
        p += 1
        var scalars = String.UnicodeScalarView()
        var literalStart = p
        func flushLiteral() throws(ArchivePathSyntaxError) {
            // The bytes between escapes came from a `String`: valid UTF-8 on scalar boundaries.
            scalars.append(contentsOf: String(decoding: bytes[literalStart..<p], as: UTF8.self).unicodeScalars)
        }
        while true {
            guard p < bytes.count else { throw ArchivePathSyntaxError(offset: open, reason: "unterminated quoted key") }
            let byte = bytes[p]
            if byte == UInt8(ascii: "\"") {
                try flushLiteral()
                p += 1
                return String(scalars)
            }
            guard byte == UInt8(ascii: "\\") else { p += 1; continue }
            try flushLiteral()
            let escape = p
            guard p + 1 < bytes.count else { throw ArchivePathSyntaxError(offset: escape, reason: "unterminated escape") }
            switch bytes[p + 1] {
            case UInt8(ascii: "\""): scalars.append("\""); p += 2
            case UInt8(ascii: "\\"): scalars.append("\\"); p += 2
            case UInt8(ascii: "/"): scalars.append("/"); p += 2
            case UInt8(ascii: "n"): scalars.append("\n"); p += 2
            case UInt8(ascii: "r"): scalars.append("\r"); p += 2
            case UInt8(ascii: "t"): scalars.append("\t"); p += 2
            case UInt8(ascii: "b"): scalars.append("\u{8}"); p += 2
            case UInt8(ascii: "f"): scalars.append("\u{C}"); p += 2
            case UInt8(ascii: "u"):
                p += 2
                var value = try hex4(bytes, at: &p, escape: escape)
                if (0xD800..<0xDC00).contains(value) {
                    // A surrogate pair, as JSON spells a scalar above U+FFFF.
                    guard p + 1 < bytes.count, bytes[p] == UInt8(ascii: "\\"), bytes[p + 1] == UInt8(ascii: "u") else {
                        throw ArchivePathSyntaxError(offset: escape, reason: "unpaired surrogate escape")
                    }
                    p += 2
                    let low = try hex4(bytes, at: &p, escape: escape)
                    guard (0xDC00..<0xE000).contains(low) else { throw ArchivePathSyntaxError(offset: escape, reason: "unpaired surrogate escape") }
                    value = 0x10000 + (value - 0xD800) << 10 + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(value) else { throw ArchivePathSyntaxError(offset: escape, reason: "unpaired surrogate escape") }
                scalars.append(scalar)
            default:
                throw ArchivePathSyntaxError(offset: escape, reason: "unknown escape")
            }
            literalStart = p
        }
    }

    private static func hex4(_ bytes: [UInt8], at p: inout Int, escape: Int) throws(ArchivePathSyntaxError) -> UInt32 {
        guard p + 4 <= bytes.count, let value = UInt32(String(decoding: bytes[p..<p + 4], as: UTF8.self), radix: 16),
              bytes[p..<p + 4].allSatisfy({ $0 != UInt8(ascii: "+") && $0 != UInt8(ascii: "-") })
        else { throw ArchivePathSyntaxError(offset: escape, reason: "expected four hexadecimal digits after \\u") }
        p += 4
        return value
    }
}
