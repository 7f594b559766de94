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
/// Decoding keeps only what the archive's own rules accept: an unknown entry is checked as
/// `karchive validate` checks a value (UTF-8 of every string, the tags the archive's header
/// allows, the decoder's limits, keys that repeat), and a damaged one is a `DecodingError` at its
/// coding path, as it would be for a property of the type. So whatever decodes can be encoded
/// again (by an encoder whose depth limit is no lower than the decoder's), and what is encoded
/// validates.
///
/// A key is kept once, in one spelling: an entry under a name a property had
/// (`@ArchiveAlias`) is read into that property, or dropped if the property's current key is
/// also there, and never kept here, so that a type with the alias never writes a stale value
/// under the old name. (A version from before the rename knows neither the alias nor the new
/// name: it keeps the new name as an unknown field and writes its own value under the old one.
/// The compatibility check reports such a rename, ``ArchiveBreakingChange/Kind/renamed``.)
///
/// The value may be assigned to a value of another type or version. Encoding writes every entry,
/// except one whose key the encoded type has a property for, or an alias of one: the property's
/// value is written (a `nil` property, no entry), never two entries for one key. Entries whose place among the known entries
/// the type does not have are written after its last property. Use ``contains(_:)``,
/// ``decode(_:forKey:)`` and ``removeValue(forKey:)`` to look at entries and to take them out,
/// when data is migrated.
///
/// In an archive that preserves object identity (``ArchiveEncoder/preservesObjectIdentity``), a
/// reference in an unknown value to a shared object is kept as a copy of the object's value:
/// the field's values are written back, not their identity (which needs the type that knows the
/// field). The copies, counted in bytes, must fit in the decoder's
/// ``ArchiveDecoder/Limits/maximumInflatedSize`` and their nesting in its
/// ``ArchiveDecoder/Limits/maximumDepth``, or decoding throws: an archive that shares one value
/// many times cannot make a small file into a huge one.
public struct ArchiveUnknownFields: Hashable, Sendable {
    /// The kept entries, in archive order.
    private(set) var entries: [UnknownEntry]

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

    /// Whether an entry has the key `key`, spelled as ``keys`` spells it. As the archive tells
    /// keys apart, an integer key and a name that spells it in decimal (`"3"`) are one key, and
    /// so are canonically equivalent names.
    public func contains(_ key: String) -> Bool {
        index(of: key) != nil
    }

    /// The value of the entry with key `key` (as ``contains(_:)`` finds it), decoded as `type`
    /// by ``ArchiveDecoder``: for a migration that moves an old field's value into a property.
    ///
    /// - Throws: `DecodingError.keyNotFound` if there is no such entry; the decoder's errors if
    ///   the value is not a `T`, their coding paths starting at `key`.
    public func decode<T: Decodable>(_ type: T.Type, forKey key: String) throws -> T {
        guard let index = index(of: key) else {
            throw DecodingError.keyNotFound(UnknownKey.string(key), DecodingError.Context(
                codingPath: [], debugDescription: "No unknown field has the key \"\(key)\""))
        }
        let entry = entries[index]
        // The entry as the one entry of a keyed container, read back through its key: errors
        // then name the path from the key down.
        let archive = try ArchiveEncoder().encode(UnknownValue.keyed([entry.key], [entry.value]))
        return try ArchiveDecoder().decode(UnknownEntryReader<T>.self, from: archive).value
    }

    /// Removes the entry with key `key` (as ``contains(_:)`` finds it), so that encoding no
    /// longer writes it; returns whether there was one.
    @discardableResult
    public mutating func removeValue(forKey key: String) -> Bool {
        guard let index = index(of: key) else { return false }
        entries.remove(at: index)
        return true
    }

    /// The entries a type with the keys `keys` writes after its key `anchor` (−1: before the
    /// first key), in archive order: those that stood after that key where they were read, and,
    /// after the last key, those that stood after a key this type does not have (so every entry
    /// is written). An entry whose key is one of `keys`, or an alias of one, is never written:
    /// the property's value is, and two entries for one key make an archive no decoder reads.
    /// What both keyed writers of generated code write.
    func entries(after anchor: Int, of keys: ArchiveKeySet) -> LazyFilterSequence<[UnknownEntry]> {
        let isLast = anchor == keys.count - 1
        // Lazy: generated code asks after every key, and most keys have no entry after them.
        return entries.lazy.filter { ($0.anchor == anchor || isLast && $0.anchor > anchor) && !keys.owns($0.key) }
    }

    /// Whether no two entries have one key (`ArchiveKeySet.identity(of:)`): true of the fields
    /// of a container read from an archive, whose keys are distinct.
    var keysAreDistinct: Bool {
        guard entries.count > 1 else { return true }
        var seen = Set<ArchiveKeySet.Identity>()
        return entries.allSatisfy { seen.insert(ArchiveKeySet.identity(of: $0.key)).inserted }
    }

    /// Where the entry with key `key` is, by the key's identity (`ArchiveKeySet.identity(of:)`).
    private func index(of key: String) -> Int? {
        let identity = ArchiveKeySet.identity(of: UnknownKey.string(key))
        return entries.firstIndex { ArchiveKeySet.identity(of: $0.key) == identity }
    }
}

/// Reads the one entry of a keyed container as a `T`: `ArchiveUnknownFields.decode(_:forKey:)`.
private struct UnknownEntryReader<T: Decodable>: Decodable {
    let value: T

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: UnknownKey.self)
        guard let key = container.allKeys.first else {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: [], debugDescription: "The unknown field is missing"))
        }
        value = try container.decode(T.self, forKey: key)
    }
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
    /// An integer key that `Int` cannot hold (beyond ±2^31 where `Int` is 32 bits): no
    /// `intValue`, its decimal spelling as `stringValue`, and written back as the integer key
    /// it was (`KeyForm.wire(integer64:)`), so that a reader whose `CodingKeys: Int` has it
    /// finds it again. Made only by `init(integer:)`.
    case wideInteger(Int64)

    var stringValue: String {
        switch self {
        case .integer(let value): "\(value)"
        case .string(let value): value
        case .wideInteger(let value): "\(value)"
        }
    }

    var intValue: Int? {
        if case .integer(let value) = self { return value }
        return nil
    }

    init(stringValue: String) { self = .string(stringValue) }
    init(intValue: Int) { self = .integer(intValue) }

    /// The key of an integer entry: `.wideInteger` where `Int` cannot hold it.
    init(integer: Int64) {
        self = Int(exactly: integer).map(UnknownKey.integer) ?? .wideInteger(integer)
    }

    /// The key varint of the key if it is an integer key (of either width); `nil` for a
    /// string key, whose varint is a key-table index.
    var integerWire: UInt64? {
        switch self {
        case .integer: KeyForm.integer(of: self).map(KeyForm.wire(integer:))
        case .wideInteger(let value): KeyForm.wire(integer64: value)
        case .string: nil
        }
    }
}

/// An unknown entry's value: its containers as trees (their keys are the archive's key-table
/// entries, renumbered when written into another archive), everything else as its bytes.
indirect enum UnknownValue: Hashable, Sendable {
    case keyed([UnknownKey], [UnknownValue])
    case unkeyed([UnknownValue])
    /// A scalar, a packed array, bytes, a nil: its bytes as they are, tag first.
    case bytes([UInt8])
    /// A reference to the shared object with this value index, while a value is read: replaced
    /// by a copy of the object's value (`UnknownValueReader`) before the value is kept.
    case reference(UInt64)
}

extension UnknownValue: Encodable {
    /// Writes the value as it was read: containers through their containers, so that keys go
    /// into the archive's key table; bytes as they are, through the archive encoder's own slot.
    func encode(to encoder: any Encoder) throws {
        guard let archiveEncoder = encoder as? EncoderImpl else {
            throw EncodingError.invalidValue(self, EncodingError.Context(
                codingPath: encoder.codingPath, debugDescription: "Unknown fields are written by ArchiveEncoder only"))
        }
        switch self {
        case .keyed(let keys, let values):
            var container = archiveEncoder.unknownKeyedContainer()
            for (key, value) in zip(keys, values) { try container.encode(value, forUnknownKey: key) }
        case .unkeyed(let values):
            var container = encoder.unkeyedContainer()
            for value in values { try container.encode(value) }
        case .bytes(let bytes):
            let sink = archiveEncoder.claimSingleValueSlot()
            bytes.withUnsafeBytes { sink.writer.append($0) }
        case .reference:
            preconditionFailure("a kept unknown value holds copies, never references")
        }
    }
}

/// Builds an `UnknownValue` from the validator's walk of its bytes (`ArchiveWalker`), so that a
/// kept value passes every check `karchive validate` makes: containers are stacked as the walk
/// opens them, keys come resolved through the archive's key table, scalars checked.
struct UnknownValueBuilder: ArchiveVisitor {
    let base: UnsafeRawPointer
    /// The containers open, innermost last, with the key of their next entry.
    private var open: [(isKeyed: Bool, count: Int, keys: [UnknownKey], values: [UnknownValue])] = []
    private var pendingKey: [UnknownKey?] = []
    private(set) var result: UnknownValue?
    /// The value indexes of the shared objects the value's references name, in order.
    private(set) var referenceTargets: [UInt64] = []

    init(base: UnsafeRawPointer) {
        self.base = base
    }

    /// The coding path from the value to the one being read: in each open container, the key
    /// of its next entry once read, or the index of its next element. Where a walk that
    /// throws stopped: a container stopped at a key, before its value, or after its last
    /// element (bytes left over) ends the path.
    var pathToCurrentValue: [any CodingKey] {
        var path: [any CodingKey] = []
        for (container, key) in zip(open, pendingKey) {
            if !container.isKeyed, container.values.count < container.count {
                path.append(IndexKey(container.values.count))
            } else if container.isKeyed, let key {
                path.append(key)
            } else {
                break
            }
        }
        return path
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
        open.append((container.isKeyed, container.count, [], []))
        pendingKey.append(nil)
    }

    mutating func endContainer(_ container: ArchiveContainer, depth: Int) {
        let done = open.removeLast()
        pendingKey.removeLast()
        add(done.isKeyed ? .keyed(done.keys, done.values) : .unkeyed(done.values))
    }

    mutating func visitKey(_ key: ArchiveKey, at range: Range<Int>, depth: Int) {
        pendingKey[pendingKey.count - 1] = switch key {
        case .int(let integer): UnknownKey(integer: integer)
        case .string(_, let name): .string(name)
        }
    }

    mutating func visitScalar(_ value: ArchiveScalar, at range: Range<Int>, depth: Int) {
        add(.bytes(Array(UnsafeRawBufferPointer(start: base + range.lowerBound, count: range.count))))
    }

    // A shared object's marker is not kept: its marked value, which the walk visits next, is.

    mutating func visitReference(_ reference: ArchiveReference, at range: Range<Int>, depth: Int) {
        referenceTargets.append(UInt64(reference.target))
        add(.reference(UInt64(reference.target)))
    }
}
