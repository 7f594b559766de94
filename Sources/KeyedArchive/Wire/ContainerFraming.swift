/// The long form of a keyed container, checked as a reader must before reading any entry.
struct KeyedFraming {
    /// From the first entry's key varint to the end of the container.
    let entries: Range<Int>
    /// How many entries it holds.
    let count: Int
    /// Whether any entry has an integer key.
    let hasIntegerKeys: Bool
    /// Whether any entry has a string key.
    let hasStringKeys: Bool
}

/// What `ByteReader.keyedFraming(at:limit:keyIdentities:maximumCount:visiting:)` hands each
/// entry of a keyed container: its key varint and where its value starts.
protocol KeyedEntryVisitor {
    mutating func visit(wire: UInt64, valueOffset: Int)
}

/// A visitor that does nothing: the plain check of a container.
struct IgnoredEntries: KeyedEntryVisitor {
    // Not an empty struct: an empty value has no address of its own, and in a debug build under
    // ThreadSanitizer, passing one `inout` into the generic `keyedFraming` made the access check
    // read a bogus address and crash (CI at a2f3043). One byte costs nothing once specialized.
    private var unused: UInt8 = 0

    @inline(__always)
    func visit(wire: UInt64, valueOffset: Int) {}
}

/// The long form of an unkeyed container, checked as a reader must before reading any element.
struct UnkeyedFraming {
    /// The element count varint; the elements follow it.
    let countField: Range<Int>
    /// The end of the container.
    let end: Int
    /// How many elements it holds.
    let count: Int
}

// The checks every reader makes when it opens a container (`Spec/FORMAT.md` §8.3, §9.1, §9.2,
// §12.1), in one place: `ArchiveDecoder` and the inspection walk reject the same bytes at the
// same offsets because they run this same code.
extension ByteReader {
    /// Checks the keyed container (`0C`) at `offset`, entry by entry in order (§12.4, with
    /// `EntriesCursor` and `KeyedEntryChecks`): that it has at most `maximumCount` entries
    /// (counted before the entry is read), each key varint (string keys must refer to an entry
    /// of the key table, whose identities `keyIdentities` gives), that no entry repeats the key
    /// of an earlier one (`KeyIdentity`), and that every value ends inside the container
    /// (values are skipped, not read).
    func keyedFraming(at offset: Int, limit: Int, keyIdentities: [UInt64], maximumCount: Int) throws(ArchiveFormatError) -> KeyedFraming {
        var ignoring = IgnoredEntries()
        return try keyedFraming(at: offset, limit: limit, keyIdentities: keyIdentities, maximumCount: maximumCount, visiting: &ignoring)
    }

    /// `keyedFraming(at:limit:keyIdentities:maximumCount:)`, handing each entry that passed
    /// its checks to `visitor`, in order: one pass both checks the container and indexes it.
    /// Not forced inline: each visitor's copy is a function of its own, into which `valueEnd`
    /// is inlined (inlined into its callers instead, it left `valueEnd` a call per entry).
    func keyedFraming<Visitor: KeyedEntryVisitor>(
        at offset: Int, limit: Int, keyIdentities: [UInt64], maximumCount: Int, visiting visitor: inout Visitor
    ) throws(ArchiveFormatError) -> KeyedFraming {
        var p = offset + 1
        let end = try length(at: &p, limit: limit) + p
        var cursor = EntriesCursor(from: p, to: end, isKeyed: true)
        var checks = KeyedEntryChecks(container: offset, maximumCount: maximumCount)
        while let entry = try cursor.next(in: self, checking: &checks, keyIdentities: keyIdentities) {
            visitor.visit(wire: entry.key, valueOffset: entry.value)
        }
        return KeyedFraming(entries: p..<end, count: checks.count, hasIntegerKeys: checks.hasIntegerKeys, hasStringKeys: checks.hasStringKeys)
    }

    /// Checks the unkeyed container (`0D`) at `offset`: its length, and that its count fits
    /// the payload (every element takes at least one byte) and `maximumCount`.
    func unkeyedFraming(at offset: Int, limit: Int, maximumCount: Int) throws(ArchiveFormatError) -> UnkeyedFraming {
        var p = offset + 1
        let end = try length(at: &p, limit: limit) + p
        let countStart = p
        let count = try varint(at: &p, limit: end)
        guard count <= UInt64(end - p) else {
            throw ArchiveFormatError(.malformed, at: countStart, "unkeyed container claims \(count) elements in \(end - p) bytes")
        }
        try checkCollectionCount(Int(count), at: countStart, maximum: maximumCount)
        return UnkeyedFraming(countField: countStart..<p, end: end, count: Int(count))
    }

    /// `limitExceeded` for a container or packed array of more than `maximum` elements.
    func checkCollectionCount(_ count: Int, at offset: Int, maximum: Int) throws(ArchiveFormatError) {
        guard count <= maximum else {
            throw ArchiveFormatError(.limitExceeded, at: offset, "collection of \(count) elements exceeds the limit of \(maximum)")
        }
    }
}
