/// Where the parts of a plain archive's body lie: the root value, then the key table
/// (`Spec/FORMAT.md` §3 and §8.2).
struct ArchiveBody {
    /// The root value, from its tag to its end.
    let root: Range<Int>
    /// The key table, from its count varint to the end of the archive.
    let keyTable: Range<Int>
    /// The key table's strings, by index.
    let keys: [String]
    /// For each key-table index, the key it stands for (`KeyIdentity`): what a container's
    /// repeated-key check compares.
    let keyIdentities: [UInt64]
    /// Whether two of the key table's strings are canonically equivalent with different bytes:
    /// two keys for the format, which one `String` lookup would match both of (§8.3).
    let hasEquivalentSpellings: Bool

    /// Finds the root value (without looking inside it) and reads the whole key table, which must
    /// end the input.
    init(_ reader: ByteReader) throws(ArchiveFormatError) {
        let parts = try Self.parts(of: reader)
        let table = try Self.keyTable(in: reader, at: parts.keyTable)
        self.root = parts.root
        self.keyTable = parts.keyTable
        (self.keys, self.keyIdentities, self.hasEquivalentSpellings) = (table.keys, table.identities, table.hasEquivalentSpellings)
    }

    /// Where the root value and the key table are: the root from its tag to its end (found
    /// without looking inside it), the key table from there to the end of the input.
    static func parts(of reader: ByteReader) throws(ArchiveFormatError) -> (root: Range<Int>, keyTable: Range<Int>) {
        let end = reader.count
        let rootStart = ArchiveHeader.size
        guard rootStart < end else { throw ArchiveFormatError(.truncated, at: end, "archive has a header but no value") }
        let rootEnd = try reader.valueEnd(at: rootStart, limit: end)
        return (rootStart..<rootEnd, rootEnd..<end)
    }

    /// The key table at `range` (which must end with it): its strings and their identities.
    static func keyTable(in reader: ByteReader, at range: Range<Int>) throws(ArchiveFormatError)
        -> (keys: [String], identities: [UInt64], hasEquivalentSpellings: Bool) {
        var entries = try KeyTableEntries(reader, range)
        var keys: [String] = []
        // Not for an empty table (an archive with integer keys only): reserving nothing still
        // makes a new buffer.
        if entries.count > 0 { keys.reserveCapacity(entries.count) }
        for _ in 0..<entries.count {
            let entry = try entries.next()
            guard let string = reader.utf8String(entry.offset, entry.length) else {
                throw ArchiveFormatError(.invalidUTF8, at: entry.start, "key table entry is not valid UTF-8")
            }
            keys.append(string)
        }
        try entries.finish()
        let (identities, hasEquivalentSpellings) = keys.isEmpty ? ([], false) : KeyIdentity.identities(of: keys)
        return (keys, identities, hasEquivalentSpellings)
    }
}

/// The entries of a key table (`Spec/FORMAT.md` §8.2), one at a time: the count checked against
/// the bytes that remain, each entry's length against the table's end, and nothing after the
/// last. What an entry's bytes mean is the caller's (`ArchiveBody.keyTable(in:at:)`, the
/// decoder's `KeySpellings`).
struct KeyTableEntries {
    private let reader: ByteReader
    private let end: Int
    private var offset: Int
    /// How many entries the table says it has (no more than its bytes could hold).
    let count: Int

    /// The table at `range` of `reader`, which must end with it.
    @inline(__always)
    init(_ reader: ByteReader, _ range: Range<Int>) throws(ArchiveFormatError) {
        (self.reader, end, offset) = (reader, range.upperBound, range.lowerBound)
        let countStart = offset
        let count = try reader.varint(at: &offset, limit: end)
        guard count <= UInt64(end - offset) else {
            throw ArchiveFormatError(.truncated, at: countStart, "key table of \(count) keys exceeds the \(end - offset) bytes that remain")
        }
        self.count = Int(count)
    }

    /// The next entry: where it starts (its length, for errors), and where its bytes start and
    /// how many there are.
    @inline(__always)
    mutating func next() throws(ArchiveFormatError) -> (start: Int, offset: Int, length: Int) {
        let start = offset
        let length = try reader.length(at: &offset, limit: end)
        let bytes = offset
        offset = bytes &+ length
        return (start, bytes, length)
    }

    /// Checks that nothing follows the last entry read.
    @inline(__always)
    func finish() throws(ArchiveFormatError) {
        guard offset == end else {
            throw ArchiveFormatError(.malformed, at: offset, "\(end - offset) unexpected bytes after the key table")
        }
    }
}
