#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What the decoder has worked out about the short key spellings it has read, by their bytes:
/// a key table of spellings met before costs one comparison of bytes per entry, whatever the
/// order and mix of tables, instead of a new `String`, a check of its UTF-8 and a look-up by
/// name per entry per archive (issue 62: string keys read at 0.4–0.6× integer keys on messages
/// whose shape varies).
///
/// Each spelling keeps its `String`, whether it stands for itself (`KeyNumbers.standsForItself`:
/// its identity is then its own varint, with no look-up), and the number of the key name it
/// spells, if a key set has one (`KeyNumbers`): generated code matches it to a key by that
/// number (`DirectNameMatches`). A direct-mapped table of `slotCount` spellings of at most
/// `longest` bytes, by a hash of their bytes: two spellings sharing a slot take it in turn
/// (slower, never wrong), a longer one is read as it would be without the table. What it holds
/// depends on the spellings alone, never on which archive came before.
struct KeySpellings {
    /// A spelling and what is known of it.
    struct Spelling {
        var string: String
        /// The number of the key name it spells, if a key set named it when it was read, and how
        /// many numbers were given then (a key set made later may name it).
        var number: Int?
        var numbersGiven: Int
        var standsForItself: Bool
    }

    private var slots: [(bytes: [UInt8], spelling: Spelling)?] = []
    /// For each key name's number, the table (`round`, counted from 1) it was last met in:
    /// whether a table spells a name twice is found without hashing.
    private var tableRounds: [Int] = []
    private var round = 0
    static let slotCount = 256
    static let longest = 64

    /// The spelling of the `length` bytes at `offset` of `reader` (bounds already checked), or
    /// `nil` if they are not valid UTF-8.
    @inline(__always)
    mutating func spelling(at offset: Int, length: Int, in reader: ByteReader) -> Spelling? {
        guard length <= Self.longest else {
            // Not kept, so not looked up among the key names either (a lock and a hash per
            // entry per archive): a look-up by name decides, as for a name with other spellings.
            return reader.utf8String(offset, length).map { Spelling(string: $0, number: nil, numbersGiven: 0, standsForItself: false) }
        }
        let slot = Self.slot(of: reader.base + offset, length: length)
        if slot < slots.count, let known = slots[slot], known.bytes.count == length,
           length == 0 || known.bytes.withUnsafeBytes({ memcmp($0.baseAddress!, reader.base + offset, length) == 0 }) {
            return known.spelling
        }
        return remember(at: offset, length: length, in: reader, slot: slot)
    }

    /// Works out the spelling at `offset` and keeps it in `slot`.
    @inline(never)
    private mutating func remember(at offset: Int, length: Int, in reader: ByteReader, slot: Int) -> Spelling? {
        guard let spelling = Self.spelling(at: offset, length: length, in: reader) else { return nil }
        if slots.isEmpty { slots = Array(repeating: nil, count: Self.slotCount) }
        slots[slot] = (Array(reader.slice(offset, length)), spelling)
        return spelling
    }

    /// The spelling at `offset`, worked out from its bytes.
    private static func spelling(at offset: Int, length: Int, in reader: ByteReader) -> Spelling? {
        guard let string = reader.utf8String(offset, length) else { return nil }
        let (number, given) = KeyNumbers.existingNumber(of: string)
        return Spelling(string: string, number: number, numbersGiven: given, standsForItself: KeyNumbers.standsForItself(string))
    }

    /// The slot of `length` bytes at `start`: their length and first and last eight bytes,
    /// mixed (Fibonacci hashing), so that names differing at either end part.
    @inline(__always)
    private static func slot(of start: UnsafeRawPointer, length: Int) -> Int {
        var hash = UInt64(truncatingIfNeeded: length)
        if length >= 8 {
            hash ^= start.loadUnaligned(as: UInt64.self)
            hash ^= start.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self) &* 0xFF51_AFD7_ED55_8CCD
        } else {
            for index in 0..<length { hash = hash &<< 8 | UInt64(start.load(fromByteOffset: index, as: UInt8.self)) }
            hash &+= 0x9E37
        }
        return Int(truncatingIfNeeded: (hash &* 0x9E37_79B9_7F4A_7C15) >> 56)
    }
}

/// How generated code matches a key-table entry to the keys of a key set (`DirectNameMatches`).
enum TableEntryMatch {
    /// The entry stands for itself and spells the key name with this number: the key set's key
    /// with that number, if any.
    case number(Int)
    /// The entry stands for itself and spelled no name of the key sets made before `numbersGiven`
    /// numbers were given: no key of such a set whose names stand for themselves.
    case noKeyName(numbersGiven: Int)
    /// Anything else: a look-up by name decides.
    case byName
}

/// A key table as the decoder holds it: `ArchiveBody.keyTable(in:at:)`'s results, and how
/// generated code matches each entry.
struct DecodedKeyTable {
    var keys: [String] = []
    var identities: [UInt64] = []
    var hasEquivalentSpellings = false
    var matches: [TableEntryMatch] = []
}

extension KeySpellings {
    /// The key table at `range` of `reader`: the checks, errors and results of
    /// `ArchiveBody.keyTable(in:at:)` (`KeySpellingsTests` compares the two), each entry's
    /// spelling from this table. When every entry stands for itself and spells a distinct key
    /// name, each entry's identity is its own varint, with no look-up.
    mutating func keyTable(in reader: ByteReader, at range: Range<Int>) throws(ArchiveFormatError) -> DecodedKeyTable {
        var entries = try KeyTableEntries(reader, range)
        var table = DecodedKeyTable()
        // A table larger than the spellings kept is a document's (dictionary keys, mostly): it
        // would only push the names of types out. Read as the wire layer reads it, each entry
        // matched by name.
        guard entries.count <= Self.slotCount else {
            (table.keys, table.identities, table.hasEquivalentSpellings) = try ArchiveBody.keyTable(in: reader, at: range)
            table.matches = Array(repeating: .byName, count: table.keys.count)
            return table
        }
        if entries.count > 0 {
            table.keys.reserveCapacity(entries.count)
            table.matches.reserveCapacity(entries.count)
        }
        round &+= 1
        var distinctNames = true
        for _ in 0..<entries.count {
            let entry = try entries.next()
            guard let spelling = spelling(at: entry.offset, length: entry.length, in: reader) else {
                throw ArchiveFormatError(.invalidUTF8, at: entry.start, "key table entry is not valid UTF-8")
            }
            table.keys.append(spelling.string)
            switch (spelling.standsForItself, spelling.number) {
            case (true, let number?):
                table.matches.append(.number(number))
                if distinctNames { distinctNames = isFirstInTable(number) }
            case (true, nil):
                table.matches.append(.noKeyName(numbersGiven: spelling.numbersGiven))
                distinctNames = false
            default:
                table.matches.append(.byName)
                distinctNames = false
            }
        }
        try entries.finish()
        if table.keys.isEmpty {
            return table
        } else if distinctNames {
            table.identities = table.keys.indices.map { KeyForm.wire(stringIndex: $0) }
        } else {
            (table.identities, table.hasEquivalentSpellings) = KeyIdentity.identities(of: table.keys)
        }
        return table
    }

    /// Whether key name `number` is met for the first time in the table being read (`round`).
    private mutating func isFirstInTable(_ number: Int) -> Bool {
        if number >= tableRounds.count { tableRounds.append(contentsOf: repeatElement(0, count: number + 1 - tableRounds.count)) }
        guard tableRounds[number] != round else { return false }
        tableRounds[number] = round
        return true
    }
}
