import Foundation
import KeyedArchive

/// Builds the JSON form of an archive during a walk (`karchive to-json`), as `Spec/JSON.md`
/// specifies, so that `from-json` gives back an archive that decodes to the same values:
///
/// - keyed containers become objects in entry order, an integer key its decimal name; the only
///   key of a one-member container gets one more `$` when it would read as a wrapper name;
/// - unkeyed containers and packed arrays become arrays, nil becomes `null`;
/// - integers are written exactly, finite floating point in the shortest spelling of its value
///   as a `Double` (`JSONWriter.spell`);
/// - what JSON has no value for becomes a one-member wrapper object: `{"$nil": level}`,
///   `{"$float": "NaN"}`, `{"$double": "-Infinity"}`, `{"$data": "<Base64>"}`,
///   `{"$date": "2023-03-08T20:26:40.25Z"}`, `{"$uuid": "…"}`, `{"$url": "…"}`;
/// - a shared object is its marked value, and a reference the JSON of its target's marked value
///   (JSON has no identity): the same `JSONValue`, so the tree in memory stays the size of the
///   archive, while `expansion` bounds what writing it out would cost.
struct ArchiveToJSON: ArchiveVisitor {
    let archive: InspectedArchive
    private var stack: [(isKeyed: Bool, start: Int, names: [String], values: [JSONValue])] = []
    private(set) var result: JSONValue = .null
    /// The bound on expanding references; nil for an archive without them (flag bit 2 clear).
    private var expansion: ReferenceExpansion?
    /// The JSON of each shared object's marked value, by value index.
    private var sharedObjects: [Int: JSONValue] = [:]
    /// The value completed last: at the end of a shared object, its marked value.
    private var lastValue: JSONValue = .null
    /// Where the values to capture start (`karchive get` in an archive with references, which
    /// is walked whole: a reference inside a value may name a shared object outside it).
    private let captureOffsets: Set<Int>
    /// The JSON of each value to capture, by the offset it starts at: a reference as its
    /// target's JSON, a shared object as its marked value's.
    private(set) var captured: [Int: JSONValue] = [:]
    /// The shared objects to capture that the walk is inside, by value index, with their offsets.
    private var capturingSharedObjects: [Int: Int] = [:]

    /// `maximumSize` and `maximumDepth` bound the expansion of references (see
    /// `ReferenceExpansion`).
    /// `capturing` are the offsets in `archive.plain` where the values to keep in `captured` start.
    init(archive: InspectedArchive, maximumSize: Int = .max, maximumDepth: Int = .max, capturing captureOffsets: Set<Int> = []) {
        self.archive = archive
        self.captureOffsets = captureOffsets
        if archive.hasReferences { expansion = ReferenceExpansion(maximumSize: maximumSize, maximumDepth: maximumDepth) }
    }

    /// Why expanding the references stopped, if it did: the JSON must not be written then.
    var expansionFailure: String? { expansion?.failure }

    mutating func visitKey(_ key: ArchiveKey, at range: Range<Int>, depth: Int) {
        switch key {
        case .int(let n): stack[stack.count - 1].names.append(String(n))
        case .string(_, let s): stack[stack.count - 1].names.append(s)
        }
    }

    mutating func visitScalar(_ value: ArchiveScalar, at range: Range<Int>, depth: Int) {
        if case .packed(_, let count, _) = value {
            expansion?.addScalar(values: 1 + count, depth: depth)
        } else {
            expansion?.addScalar(values: 1, depth: depth)
        }
        add(json(value), startingAt: range.lowerBound)
    }

    mutating func beginContainer(_ container: ArchiveContainer, depth: Int) {
        expansion?.addContainer(depth: depth)
        stack.append((container.isKeyed, container.range.lowerBound, [], []))
    }

    mutating func beginSharedObject(index: Int, at offset: Int, depth: Int) {
        expansion?.sharedObjectBegins(index: index, depth: depth)
        if isCaptured(offset) { capturingSharedObjects[index] = offset }
    }

    mutating func endSharedObject(index: Int, depth: Int) {
        sharedObjects[index] = lastValue
        if let offset = capturingSharedObjects.removeValue(forKey: index) { captured[offset] = lastValue }
        expansion?.sharedObjectEnds()
    }

    mutating func visitReference(_ reference: ArchiveReference, at range: Range<Int>, depth: Int) {
        expansion?.addReference(to: reference.target, depth: depth)
        // The walk has checked that the target is a shared object that has ended.
        add(sharedObjects[reference.target] ?? .null, startingAt: range.lowerBound)
    }

    mutating func endContainer(_ container: ArchiveContainer, depth: Int) {
        let done = stack.removeLast()
        guard done.isKeyed else { return add(.array(done.values), startingAt: done.start) }
        // Integer keys' decimal names never start with "$", so only string keys are escaped.
        let names = done.names.count == 1 ? [JSONMapping.escapedName(done.names[0])] : done.names
        add(.object(zip(names, done.values).map { JSONMember(name: $0, value: $1) }), startingAt: done.start)
    }

    private mutating func add(_ value: JSONValue, startingAt offset: Int) {
        if isCaptured(offset) { captured[offset] = value }
        lastValue = value
        if stack.isEmpty { result = value } else { stack[stack.count - 1].values.append(value) }
    }

    /// Whether the value starting at `offset` is one to capture. `to-json` captures none, and
    /// asks for every value: an empty set is answered without hashing.
    private func isCaptured(_ offset: Int) -> Bool {
        !captureOffsets.isEmpty && captureOffsets.contains(offset)
    }

    private func json(_ value: ArchiveScalar) -> JSONValue {
        switch value {
        case .null(let level):
            return level == 0 ? .null : Self.wrapper(.nil, .number(.integer(.unsigned(UInt128(level)))))
        case .bool(let b): return .bool(b)
        case .integer(.nonNegative(let n)): return .number(.integer(.unsigned(n)))
        case .integer(.negative(let n)): return .number(.integer(.signed(n)))
        case .float(let x): return Self.float(x)
        case .double(let x): return Self.double(x)
        case .string(let s): return .string(s)
        case .url(let s): return Self.wrapper(.url, .string(s))
        case .uuid(let u): return Self.wrapper(.uuid, .string(u.uuidString))
        case .bytes(let range): return Self.wrapper(.data, .string(JSONMapping.base64(archive.plain[range])))
        case .date(let seconds): return Self.wrapper(.date, Self.date(seconds))
        case .packed(let kind, _, let elements):
            return .array(archive.packedElements(kind, elements).map(Self.json))
        }
    }

    /// An element of a packed array (or a byte string's byte), as a number.
    static func json(_ element: PackedNumber) -> JSONValue {
        switch element {
        case .integer(let n): .number(.integer(n < 0 ? .signed(Int128(n)) : .unsigned(UInt128(n))))
        case .unsigned(let n): .number(.integer(.unsigned(UInt128(n))))
        case .float(let x): float(x)
        case .double(let x): double(x)
        }
    }

    private static func wrapper(_ wrapper: JSONMapping.Wrapper, _ value: JSONValue) -> JSONValue {
        .object([JSONMember(name: wrapper.memberName, value: value)])
    }

    private static func float(_ x: Float) -> JSONValue {
        x.isFinite ? .number(.float(x)) : wrapper(.float, .string(JSONMapping.nonFiniteName(Double(x))))
    }

    private static func double(_ x: Double) -> JSONValue {
        x.isFinite ? .number(.double(x)) : wrapper(.double, .string(JSONMapping.nonFiniteName(x)))
    }

    /// A `$date`'s value: ISO 8601 when it has one, else the seconds since 2001 as a number, or
    /// the name of a non-finite value.
    static func date(_ seconds: Double) -> JSONValue {
        if let text = JSONDate.iso8601(sinceReferenceDate: seconds) { return .string(text) }
        return seconds.isFinite ? .number(.double(seconds)) : .string(JSONMapping.nonFiniteName(seconds))
    }
}
