#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The last archive's key table as the decoder read it, kept by a reused state for the next
/// archive. A stream of messages of one type carries the same table every time: reading its
/// strings, working out their identities and matching them to a type's keys
/// (`DirectNameMatches`) is then done once, and each later archive costs one comparison of its
/// table's bytes with these (issue 47: string keys cost several times what integer keys did on
/// small messages, mostly here).
struct RememberedKeyTable {
    /// The table's bytes, from its count on.
    private var bytes: [UInt8] = []
    /// What those bytes read as (`KeySpellings.keyTable(in:at:)`).
    private(set) var table = DecodedKeyTable()

    /// Tables up to this size are kept: a reused state holds little memory.
    static let maximumSize = 4_096

    /// Whether the table at `range` of `reader` has exactly the bytes of the kept one. The kept
    /// one is never empty, so a table of integer keys only (one byte, `00`) is not compared.
    @inline(__always)
    func matches(_ reader: ByteReader, _ range: Range<Int>) -> Bool {
        guard range.count == bytes.count, !bytes.isEmpty else { return false }
        return bytes.withUnsafeBytes { kept in memcmp(kept.baseAddress!, reader.base + range.lowerBound, range.count) == 0 }
    }

    /// Keeps the table at `range` of `reader`, read as `table`, if it is small enough and holds
    /// any key; otherwise keeps nothing. Returns whether it kept it.
    @discardableResult
    mutating func keep(_ reader: ByteReader, _ range: Range<Int>, _ table: DecodedKeyTable) -> Bool {
        guard !table.keys.isEmpty, range.count <= Self.maximumSize else {
            if !bytes.isEmpty { self = RememberedKeyTable() }
            return false
        }
        bytes = Array(UnsafeRawBufferPointer(start: reader.base + range.lowerBound, count: range.count))
        self.table = table
        return true
    }
}
