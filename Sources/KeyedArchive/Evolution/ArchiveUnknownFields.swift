/// The entries of an archive's keyed container that a type does not know, kept so that writing
/// the value back loses nothing: version 1 of an app re-saving version 2's archive keeps
/// version 2's fields.
///
/// Declare one stored property of this type, with an initial value, in an `@ArchiveCodable`
/// struct or final class (the `KeyedArchiveMacros` product):
///
/// ```swift
/// @ArchiveCodable
/// struct Settings: Codable {
///     var theme: String
///     var unknownFields = ArchiveUnknownFields()
/// }
/// ```
///
/// ``ArchiveDecoder`` fills it with every entry of the value's keyed container whose key the
/// type has no property for (by integer or name, as decoding matches keys), each with its key in
/// the form it was written (integer or string), its value and its place among the known
/// entries; ``ArchiveEncoder`` writes them back there. So an archive decoded by an older type and
/// encoded again, with no known field changed, comes out byte for byte as it went in (also
/// compressed, with a checksum, or deterministic, where unknown entries are sorted with the
/// others). The property is not an entry of the archive itself, and other coders neither fill
/// nor write it (`JSONDecoder` leaves it empty).
///
/// An unknown entry whose value holds a shared object or a reference
/// (``ArchiveEncoder/preservesObjectIdentity``) cannot be written back, because the objects it
/// names lie outside it: decoding keeps the value usable, and encoding it again throws
/// `EncodingError.invalidValue` naming the key, rather than writing an archive that lost it.
public struct ArchiveUnknownFields: Hashable, Sendable {
    /// The kept entries, in archive order.
    let entries: [UnknownEntry]

    /// No unknown fields: what a value made in code starts with.
    public init() {
        entries = []
    }

    init(entries: [UnknownEntry]) {
        self.entries = entries
    }

    /// Whether there are none.
    public var isEmpty: Bool { entries.isEmpty }

    /// How many entries are kept.
    public var count: Int { entries.count }

    /// The keys of the kept entries, in archive order: an integer key as its integer, spelled
    /// in decimal, a string key as itself.
    public var keys: [String] { entries.map(\.key.stringValue) }
}

/// One entry a type did not know.
struct UnknownEntry: Hashable, Sendable {
    let key: UnknownKey
    /// The position, in the type's key set, of the last known entry before it in the archive;
    /// −1 if it came first. Written back right after that key's entry.
    let anchor: Int
    let value: UnknownValue
}

/// An unknown entry's key, in the form it was written.
enum UnknownKey: CodingKey, Hashable, Sendable {
    case integer(Int)
    case string(String)

    var stringValue: String {
        switch self {
        case .integer(let value): "\(value)"
        case .string(let value): value
        }
    }

    var intValue: Int? {
        if case .integer(let value) = self { return value }
        return nil
    }

    init(stringValue: String) { self = .string(stringValue) }
    init(intValue: Int) { self = .integer(intValue) }
}

/// An unknown entry's value: its containers as trees (their keys are the archive's key-table
/// entries, renumbered when written into another archive), everything else as its bytes.
indirect enum UnknownValue: Hashable, Sendable {
    case keyed([UnknownKey], [UnknownValue])
    case unkeyed([UnknownValue])
    /// A scalar, a packed array, bytes, a nil: its bytes as they are, tag first.
    case bytes([UInt8])
    /// A value holding a shared object or a reference, which cannot be written elsewhere.
    case holdsReferences
}

extension UnknownValue: Encodable {
    /// Writes the value as it was read: containers through their containers, so that keys go
    /// into the archive's key table; bytes as they are, through the archive encoder's own slot.
    func encode(to encoder: any Encoder) throws {
        switch self {
        case .keyed(let keys, let values):
            var container = encoder.container(keyedBy: UnknownKey.self)
            for (key, value) in zip(keys, values) { try container.encode(value, forKey: key) }
        case .unkeyed(let values):
            var container = encoder.unkeyedContainer()
            for value in values { try container.encode(value) }
        case .bytes(let bytes):
            guard let archiveEncoder = encoder as? EncoderImpl else {
                throw EncodingError.invalidValue(bytes, EncodingError.Context(
                    codingPath: encoder.codingPath, debugDescription: "Unknown fields are written by ArchiveEncoder only"))
            }
            let sink = archiveEncoder.claimSingleValueSlot()
            bytes.withUnsafeBytes { sink.writer.append($0) }
        case .holdsReferences:
            throw EncodingError.invalidValue(self, EncodingError.Context(
                codingPath: encoder.codingPath,
                debugDescription: "This unknown field holds a shared object or a reference (preservesObjectIdentity), which cannot be written back outside the archive it was read from"))
        }
    }
}

/// Builds an `UnknownValue` from a walk of its bytes (`FormatWalk`): containers are stacked as
/// the walk opens them, keys resolved through the archive's key table.
struct UnknownValueBuilder: FormatVisitor {
    static var checksContainers: Bool { true }

    let keyStrings: [String]
    let base: UnsafeRawPointer
    /// The containers open, innermost last, with the key of their next entry.
    private var open: [(isKeyed: Bool, keys: [UnknownKey], values: [UnknownValue])] = []
    private var pendingKey: [UnknownKey?] = []
    private(set) var result: UnknownValue?
    private(set) var holdsReferences = false

    init(keyStrings: [String], base: UnsafeRawPointer) {
        self.keyStrings = keyStrings
        self.base = base
    }

    private mutating func add(_ value: UnknownValue) {
        guard !open.isEmpty else { result = value; return }
        if open[open.count - 1].isKeyed, let key = pendingKey[pendingKey.count - 1] {
            open[open.count - 1].keys.append(key)
            pendingKey[pendingKey.count - 1] = nil
        }
        open[open.count - 1].values.append(value)
    }

    mutating func beginContainer(_ container: ArchiveContainer, depth: Int) {
        open.append((container.isKeyed, [], []))
        pendingKey.append(nil)
    }

    mutating func endContainer(_ container: ArchiveContainer, depth: Int) {
        let done = open.removeLast()
        pendingKey.removeLast()
        add(done.isKeyed ? .keyed(done.keys, done.values) : .unkeyed(done.values))
    }

    mutating func visitKey(_ wire: UInt64, at range: Range<Int>, depth: Int) {
        let (integer, stringIndex) = KeyForm.decode(wire)
        let key: UnknownKey = if let integer { .integer(integer) } else { .string(keyStrings[stringIndex!]) }
        pendingKey[pendingKey.count - 1] = key
    }

    mutating func visitScalar(tag: UInt8, at range: Range<Int>, limit: Int, depth: Int) throws(ArchiveFormatError) {
        add(.bytes(Array(UnsafeRawBufferPointer(start: base + range.lowerBound, count: range.count))))
    }

    mutating func beginSharedObject(index: Int, at offset: Int, valueStart: Int, limit: Int, depth: Int) throws(ArchiveFormatError) {
        holdsReferences = true
    }

    mutating func visitReference(_ reference: ArchiveReference, at range: Range<Int>, depth: Int) throws(ArchiveFormatError) {
        holdsReferences = true
    }
}
