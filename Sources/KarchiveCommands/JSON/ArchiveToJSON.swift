import Foundation
import KeyedArchive

/// Builds the JSON form of an archive during a walk (`karchive to-json`):
///
/// - keyed containers become objects; integer keys become their decimal spelling;
/// - unkeyed containers and packed arrays become arrays;
/// - nil (at any optional level) becomes `null`;
/// - integers are written exactly, floating point in its shortest round-tripping spelling, and
///   the non-finite values, which JSON cannot spell, as the strings `"NaN"`, `"Infinity"` and
///   `"-Infinity"`;
/// - `Data` becomes a Base64 string, `Date` an ISO 8601 string in UTC (to the microsecond;
///   dates outside the years 1–9999 become their seconds since 2001-01-01 as a number),
///   `UUID` its uppercase string, `URL` its string.
struct ArchiveToJSON: ArchiveVisitor {
    let archive: InspectedArchive
    private var stack: [(isKeyed: Bool, keys: [String], values: [JSONValue])] = []
    private(set) var result: JSONValue = .null

    init(archive: InspectedArchive) { self.archive = archive }

    mutating func visitKey(_ key: ArchiveKey, at range: Range<Int>, depth: Int) {
        switch key {
        case .int(let n): stack[stack.count - 1].keys.append(String(n))
        case .string(_, let s): stack[stack.count - 1].keys.append(s)
        }
    }

    mutating func visitScalar(_ value: ArchiveScalar, at range: Range<Int>, depth: Int) {
        add(json(value))
    }

    mutating func beginContainer(_ container: ArchiveContainer, depth: Int) {
        stack.append((container.isKeyed, [], []))
    }

    mutating func endContainer(_ container: ArchiveContainer, depth: Int) {
        let done = stack.removeLast()
        add(done.isKeyed ? .object(zip(done.keys, done.values).map { JSONMember(key: $0, value: $1) }) : .array(done.values))
    }

    private mutating func add(_ value: JSONValue) {
        if stack.isEmpty { result = value } else { stack[stack.count - 1].values.append(value) }
    }

    private func json(_ value: ArchiveScalar) -> JSONValue {
        switch value {
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .integer(.nonNegative(let n)): return .number(.integer(.unsigned(n)))
        case .integer(.negative(let n)): return .number(.integer(.signed(n)))
        case .float(let x): return x.isFinite ? .number(.float(x)) : Self.nonFinite(Double(x))
        case .double(let x): return x.isFinite ? .number(.double(x)) : Self.nonFinite(x)
        case .string(let s), .url(let s): return .string(s)
        case .uuid(let u): return .string(u.uuidString)
        case .bytes(let range): return .string(Data(archive.plain[range]).base64EncodedString())
        case .date(let seconds):
            if let text = Formatting.iso8601(sinceReferenceDate: seconds) { return .string(text) }
            return seconds.isFinite ? .number(.double(seconds)) : Self.nonFinite(seconds)
        case .packed(let kind, _, let elements):
            return .array(archive.packedElements(kind, elements).map { element in
                switch element {
                case .integer(let n): .number(.integer(n < 0 ? .signed(Int128(n)) : .unsigned(UInt128(n))))
                case .unsigned(let n): .number(.integer(.unsigned(UInt128(n))))
                case .float(let x): x.isFinite ? .number(.float(x)) : Self.nonFinite(Double(x))
                case .double(let x): x.isFinite ? .number(.double(x)) : Self.nonFinite(x)
                }
            })
        }
    }

    /// The spellings of the values JSON has no number for, as `JSONEncoder`'s
    /// `.convertToString` strategy is commonly set up.
    static func nonFinite(_ x: Double) -> JSONValue {
        .string(x.isNaN ? "NaN" : x > 0 ? "Infinity" : "-Infinity")
    }
}
