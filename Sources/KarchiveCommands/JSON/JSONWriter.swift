/// Writes a `JSONValue` as JSON text: pretty (two-space indentation, one member or element per
/// line) or compact. Strings are written as UTF-8, escaping only what JSON requires.
struct JSONWriter {
    let pretty: Bool
    /// The writer stops once the text is longer than this many bytes (a value whose subtrees
    /// are shared, as references expanded, can stand for far more text than it takes memory).
    let maximumSize: Int
    private(set) var text = ""
    /// Whether the text passed `maximumSize`.
    private(set) var isOverBudget = false

    init(pretty: Bool, maximumSize: Int = .max) {
        self.pretty = pretty
        self.maximumSize = maximumSize
    }

    static func write(_ value: JSONValue, pretty: Bool) -> String {
        var writer = JSONWriter(pretty: pretty)
        writer.write(value, indent: 0)
        return writer.text + (pretty ? "\n" : "")
    }

    /// The text of `value`, or nil when it would be longer than `maximumSize` bytes.
    static func write(_ value: JSONValue, pretty: Bool, maximumSize: Int) -> String? {
        var writer = JSONWriter(pretty: pretty, maximumSize: maximumSize)
        writer.write(value, indent: 0)
        // Checked before each value, so also after the last one.
        guard !writer.isOverBudget, writer.text.utf8.count <= maximumSize else { return nil }
        return writer.text + (pretty ? "\n" : "")
    }

    private mutating func write(_ value: JSONValue, indent: Int) {
        guard !isOverBudget else { return }
        guard text.utf8.count <= maximumSize else {
            isOverBudget = true
            return
        }
        switch value {
        case .null: text += "null"
        case .bool(let b): text += b ? "true" : "false"
        case .number(let n): text += Self.spell(n)
        case .string(let s): writeString(s)
        case .array(let elements):
            guard !elements.isEmpty else { text += "[]"; return }
            text += "["
            for (i, element) in elements.enumerated() {
                if i > 0 { text += "," }
                newline(indent + 1)
                write(element, indent: indent + 1)
            }
            newline(indent)
            text += "]"
        case .object(let members):
            guard !members.isEmpty else { text += "{}"; return }
            text += "{"
            for (i, member) in members.enumerated() {
                if i > 0 { text += "," }
                newline(indent + 1)
                writeString(member.name)
                text += pretty ? ": " : ":"
                write(member.value, indent: indent + 1)
            }
            newline(indent)
            text += "}"
        }
    }

    private mutating func newline(_ indent: Int) {
        guard pretty else { return }
        text += "\n" + String(repeating: "  ", count: indent)
    }

    private mutating func writeString(_ s: String) {
        text += "\"" + Self.escaped(s) + "\""
    }

    /// `s` with what JSON requires escaped: quotes, backslashes and control characters.
    static func escaped(_ s: String) -> String {
        var text = ""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case "\u{08}": text += "\\b"
            case "\u{0C}": text += "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text
    }

    /// A finite number's JSON spelling (`Spec/JSON.md` §4): integers exactly; floating point as
    /// the shortest spelling of its value *as a `Double`* ("0.1", "1.0", "1e-07"), valid JSON.
    ///
    /// A `Float` is widened first: its own shortest spelling ("0.3" for the `Float` nearest to
    /// 0.3) names a different number for every JSON reader that reads doubles, while the
    /// widened value's spelling ("0.30000001192092896") reads back as exactly this `Float`.
    static func spell(_ number: JSONNumber) -> String {
        switch number {
        case .integer(.signed(let n)): n.description
        case .integer(.unsigned(let n)): n.description
        case .float(let x): Double(x).description
        case .double(let x): x.description
        }
    }
}
