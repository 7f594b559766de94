/// Steps through one container's entries: the one place that reads an entry's bounds, from a
/// keyed entry's key varint (or an unkeyed element's first byte) to the end of its value.
///
/// A cursor is two offsets and a flag, and takes the reader on every step rather than holding
/// it: readers that keep a cursor per open container (`MessageCursors`) store it as it is.
///
/// Two ways to step:
/// - `next(in:)` reads an entry of a container that was checked when it was opened (§9.1): the
///   decoder's lookups, the late-write pass's copies, generated code's reads. A read that fails
///   there fails as the opening would have.
/// - `next(in:checking:)` is the opening's check itself (`ByteReader.keyedFraming`): the entry
///   count against the limit before the entry is read, then the key against the key table and
///   the keys before it, then the value's end (§12.4's order, so every reader rejects the same
///   bytes at the same offset).
///
/// A reader that takes an entry only if its key is the one it wants reads the key first
/// (`key(in:)`) and moves only when it takes the entry (`take(_:in:)`).
///
/// The walks that enter values rather than step over them (`FormatWalk`, the late-write pass's
/// `walkStreamed`) keep their own position across nested containers; their containers are
/// checked, and so read, here.
struct EntriesCursor {
    /// One entry's bounds.
    struct Entry {
        /// Where the entry starts: its key varint, or in an unkeyed container its value.
        let start: Int
        /// Its key varint as written (`KeyForm.decode` splits it); 0 in an unkeyed container.
        let key: UInt64
        /// Where its value starts.
        let value: Int
        /// Where its value ends: the next entry's start.
        let end: Int
    }

    /// The key of the entry at the cursor, read but not taken.
    struct Key {
        let start: Int
        let key: UInt64
        let value: Int
    }

    /// Where the next entry starts.
    private(set) var position: Int
    /// The end of the container's entries: every value must end by it.
    let end: Int
    /// Whether each entry starts with a key varint.
    let isKeyed: Bool

    /// A cursor at the first of the entries from `start` (the first key varint, or the first
    /// element after an unkeyed container's count) to `end` (the container's end).
    // Offsets, not a `Range`: forming one checks its bounds, once per lookup or message entry
    // on the decoder's hottest paths, where the offsets come from a checked container.
    @inline(__always)
    init(from start: Int, to end: Int, isKeyed: Bool) {
        position = start
        self.end = end
        self.isKeyed = isKeyed
    }

    /// Whether every entry has been taken.
    var isAtEnd: Bool { position >= end }

    /// The next entry, taken; `nil` after the last.
    @inline(__always)
    mutating func next(in reader: ByteReader) throws(ArchiveFormatError) -> Entry? {
        guard let key = try key(in: reader) else { return nil }
        return try take(key, in: reader)
    }

    /// The key of the next entry, without taking it; `nil` after the last.
    @inline(__always)
    func key(in reader: ByteReader) throws(ArchiveFormatError) -> Key? {
        guard position < end else { return nil }
        var p = position
        let key = isKeyed ? try reader.varint(at: &p, limit: end) : 0
        return Key(start: position, key: key, value: p)
    }

    /// Takes the entry whose key `key(in:)` just read: skips its value.
    @inline(__always)
    mutating func take(_ key: Key, in reader: ByteReader) throws(ArchiveFormatError) -> Entry {
        let valueEnd = try reader.valueEnd(at: key.value, limit: end)
        position = valueEnd
        return Entry(start: key.start, key: key.key, value: key.value, end: valueEnd)
    }

    /// The next entry of a keyed container being opened, taken after `checks` passed it, in
    /// §12.4's order; `nil` after the last. `keyIdentities`: the key table's identities
    /// (`KeyIdentity`), by index, which a string key must refer to.
    @inline(__always)
    mutating func next(in reader: ByteReader, checking checks: inout KeyedEntryChecks, keyIdentities: [UInt64]) throws(ArchiveFormatError) -> Entry? {
        guard position < end else { return nil }
        try checks.countEntry()
        guard let key = try key(in: reader) else { return nil }
        try checks.check(key.key, at: key.start, keyIdentities: keyIdentities)
        return try take(key, in: reader)
    }
}

/// The checks a keyed container's entries pass when it is opened (`Spec/FORMAT.md` §8.3, §9.1,
/// §12.1), entry by entry, with what they found: how many entries, and which key forms.
struct KeyedEntryChecks {
    // The key table's identities are passed to each check rather than held: held, they were
    // retained and released, and the checks destroyed by a call, once per container opened
    // (1.4 % more instructions in all to decode the class-hierarchy model, callgrind).

    /// The container's offset, where a count over the limit is reported.
    let container: Int
    let maximumCount: Int
    /// Entries counted so far.
    private(set) var count = 0
    /// Whether any entry has an integer key.
    private(set) var hasIntegerKeys = false
    /// Whether any entry has a string key.
    private(set) var hasStringKeys = false
    // Keys must be unique: otherwise which value a lookup finds would depend on the order the
    // reading code asks in. Identities below 64 are tracked in a bit set.
    private var seenSmallKeys: UInt64 = 0
    private var seenLargeKeys: Set<UInt64>?

    @inline(__always)
    init(container: Int, maximumCount: Int) {
        self.container = container
        self.maximumCount = maximumCount
    }

    /// Counts an entry before it is read.
    @inline(__always)
    mutating func countEntry() throws(ArchiveFormatError) {
        count += 1
        guard count <= maximumCount else {
            throw ArchiveFormatError(.limitExceeded, at: container, "keyed container has more than the limit of \(maximumCount) entries")
        }
    }

    /// Checks the key varint `wire` of the entry at `offset`: a string key's entry exists in the
    /// key table whose identities are `keyIdentities`, and no earlier entry has the same key.
    @inline(__always)
    mutating func check(_ wire: UInt64, at offset: Int, keyIdentities: [UInt64]) throws(ArchiveFormatError) {
        let identity: UInt64
        if wire & 1 == 1 {
            guard wire >> 1 < UInt64(keyIdentities.count) else {
                throw ArchiveFormatError(.malformed, at: offset, "key refers to entry \(wire >> 1) of a key table with \(keyIdentities.count) entries")
            }
            identity = keyIdentities[Int(wire >> 1)]
            hasStringKeys = true
        } else {
            identity = wire
            hasIntegerKeys = true
        }
        let repeated: Bool
        if identity < 64 {
            repeated = seenSmallKeys & (1 << identity) != 0
            seenSmallKeys |= 1 << identity
        } else {
            if seenLargeKeys == nil { seenLargeKeys = [] }
            repeated = !seenLargeKeys!.insert(identity).inserted
        }
        if repeated {
            throw ArchiveFormatError(.malformed, at: offset, "keyed container repeats a key")
        }
    }
}
