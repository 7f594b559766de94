/// The archive-wide table of string keys: each distinct key is written once, at the end.
///
/// Keys are told apart by their exact UTF-8 bytes, not by `String` equality (which is Unicode
/// canonical equivalence): an archive gives back each key as it was spelled (`Spec/FORMAT.md`
/// §8.2). Whether two entries of one container are the same key is a different question, which
/// `identity(of:)` answers by canonical equivalence, as `JSONEncoder` does: stricter than
/// readers (§8.3 compares bytes), so an archive never holds two spellings of one string in a
/// container, which a lookup would refuse.
struct KeyTable {
    /// By canonical equivalence (`String` hashing): the indices of the byte-distinct spellings
    /// of that string, first one first.
    private var indices: [String: [Int]] = [:]
    private(set) var strings: [String] = []
    /// For each index, the key varint its entries stand for (`KeyIdentity`): its own, the first
    /// canonically equivalent spelling's, or the integer its string spells in canonical decimal.
    private var identities: [UInt64] = []
    /// Whether any index stands for another key varint than its own; if not (nearly always),
    /// `identity(of:)` costs one branch.
    private var hasOtherIdentities = false
    /// The last two keys seen in each of 64 sets, so that repeated keys skip hashing (SipHash
    /// cost about a tenth of encoding time). The set comes from the string's representation
    /// (`StringBits`): synthesized keys are literals, so a repeat has identical bits and
    /// compares equal at once. Two per set, most recent first: with one, two keys of a model
    /// that shared a slot (half the models with ten keys) pushed each other out on every value.
    ///
    /// Made on the first string key (a message with integer keys never needs it), and kept
    /// across archives by a reused state: an entry counts only if it carries the current
    /// archive's `generation`, so starting an archive does not touch the 128 slots.
    private var recent: [RecentKey] = []
    /// Which archive the table is for, counted by `reset()`.
    private var generation = 0

    private struct RecentKey {
        var name: String
        var index: Int
        var generation: Int
        static let empty = RecentKey(name: "", index: 0, generation: -1)
    }

    /// The index of `key`, added if new. Inlined into every keyed write, so only the shortcut
    /// is here: a miss (and the first string key of all) goes to `indexAfterMiss`, which integer
    /// keys, inlined beside this, then do not pay for in code size.
    @inline(__always)
    mutating func index(of key: String) -> Int {
        let set = Int(truncatingIfNeeded: (StringBits.hash(key) &* 0x9E37_79B9_7F4A_7C15) >> 58) << 1
        if set < recent.count {
            if recent[set].generation == generation, Self.sameBytes(recent[set].name, key) { return recent[set].index }
            if recent[set + 1].generation == generation, Self.sameBytes(recent[set + 1].name, key) { return recent[set + 1].index }
        }
        return indexAfterMiss(of: key, set: set)
    }

    /// `lookUp(key)`, remembered as the most recent key of its set.
    @inline(never)
    private mutating func indexAfterMiss(of key: String, set: Int) -> Int {
        if recent.isEmpty { recent = Array(repeating: .empty, count: 128) }
        let index = lookUp(key)
        recent[set + 1] = recent[set]
        recent[set] = RecentKey(name: key, index: index, generation: generation)
        return index
    }

    /// Empties the table for a new archive (`EncodingState+Reuse.swift`).
    mutating func reset() {
        generation &+= 1
        guard !strings.isEmpty else { return }
        indices.removeAll(keepingCapacity: true)
        strings.removeAll(keepingCapacity: true)
        identities.removeAll(keepingCapacity: true)
        hasOtherIdentities = false
    }

    /// How many strings the table holds.
    var count: Int { strings.count }

    /// The key varint that entries with key varint `wire` stand for (`KeyIdentity`).
    @inline(__always)
    func identity(of wire: UInt64) -> UInt64 {
        guard hasOtherIdentities, wire & 1 == 1 else { return wire }
        return identities[Int(wire >> 1)]
    }

    /// Whether two strings have the same UTF-8 bytes. The same literal (the usual repeat) has
    /// the same representation; otherwise `==` rules most pairs out, and only canonically
    /// equivalent strings have their bytes compared.
    @inline(__always)
    private static func sameBytes(_ a: String, _ b: String) -> Bool {
        StringBits.same(a, b) || sameBytesStoredApart(a, b)
    }

    /// `sameBytes` for strings whose representations differ: kept out of line, as it is rare.
    @inline(never)
    private static func sameBytesStoredApart(_ a: String, _ b: String) -> Bool {
        a == b && KeyIdentity.sameBytes(a, b)
    }

    private mutating func lookUp(_ key: String) -> Int {
        let spellings = indices[key] ?? []
        if let index = spellings.first(where: { KeyIdentity.sameBytes(strings[$0], key) }) { return index }
        let index = strings.count
        indices[key, default: []].append(index)
        strings.append(key)
        let identity = KeyForm.canonicalDecimalIfNeeded(key).map(KeyForm.wire(integer:))
            ?? KeyForm.wire(stringIndex: spellings.first ?? index)
        identities.append(identity)
        hasOtherIdentities = hasOtherIdentities || identity != KeyForm.wire(stringIndex: index)
        return index
    }

    /// Appends the table: a count, then each key as a length and its UTF-8 bytes. Keys are
    /// added the first time they are written, which is document order when every value was
    /// written in place (`Spec/FORMAT.md` §8.2).
    func write(into writer: inout ByteWriter) {
        // A message with integer keys has no strings: one byte, without touching the arrays.
        if strings.isEmpty { return writer.append(0) }
        write(strings.indices, into: &writer)
    }

    /// Appends a table of the strings at `order` (their new indices are their positions there).
    func write(_ order: some Collection<Int>, into writer: inout ByteWriter) {
        writer.appendVarint(UInt64(order.count))
        for index in order {
            var string = strings[index]
            string.withUTF8 { utf8 in
                writer.appendVarint(UInt64(utf8.count))
                writer.append(UnsafeRawBufferPointer(utf8))
            }
        }
    }
}

/// A `String` value's representation, read as bytes: the key table's shortcut for a key it has
/// just seen. Copies of one value (a repeated key: a synthesized `CodingKeys` literal) have the
/// same bits, so equal bits mean equal strings, found without hashing or reading characters.
/// Unequal bits mean nothing (equal strings may be stored differently): callers then compare
/// the strings themselves.
///
/// Read as raw bytes, which every type allows, a word at a time: nothing assumes the standard
/// library's private layout or its size (16 bytes on 64-bit targets, 12 on watchOS arm64_32
/// and wasm32), where a bit-cast to a fixed-size tuple would trap. Through
/// `_withUnprotectedUnsafeBytes(of:)`, the standard library's `withUnsafeBytes(of:)` without a
/// stack protector: with the protector, every function this is inlined into (each keyed
/// write, integer keys included) checked a stack canary, +0.8 % instructions on the commits.
enum StringBits {
    /// A hash of `string`'s bits (not of its characters): the same for copies of one value.
    /// The words XORed together, and the last one's high bits again lower down: on 64-bit
    /// targets a small string's length and a large one's storage address are there, and the
    /// key table's sets come from the top bits of this hash times a constant.
    @inline(__always)
    static func hash(_ string: String) -> UInt64 {
        _withUnprotectedUnsafeBytes(of: string) { bytes in
            var hash: UInt64 = 0
            var last: UInt64 = 0
            var offset = 0
            while offset + 8 <= bytes.count {
                last = bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                hash ^= last
                offset += 8
            }
            if offset < bytes.count {
                // A representation whose size is not a multiple of 8 (12 bytes on 32-bit targets).
                last = 0
                while offset < bytes.count {
                    last = last &<< 8 | UInt64(bytes[offset])
                    offset += 1
                }
                hash ^= last
            }
            return hash ^ (last >> 29)
        }
    }

    /// Whether `a` and `b` have the same bits, and so are the same string.
    @inline(__always)
    static func same(_ a: String, _ b: String) -> Bool {
        _withUnprotectedUnsafeBytes(of: a) { a in
            _withUnprotectedUnsafeBytes(of: b) { b in
                var offset = 0
                while offset + 8 <= a.count {
                    guard a.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                        == b.loadUnaligned(fromByteOffset: offset, as: UInt64.self) else { return false }
                    offset += 8
                }
                while offset < a.count {
                    guard a[offset] == b[offset] else { return false }
                    offset += 1
                }
                return true
            }
        }
    }
}
