#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes of the key table the decoder read last, which its state's `DecodedKeyTable`
/// holds the reading of: a stream of messages of one type carries the same table every time,
/// and one comparison of bytes then stands for reading it again. What a table reads as depends
/// on its bytes alone, so this changes how long a table takes, never what it reads as.
struct RememberedKeyTable: ~Copyable {
    /// The table's bytes, from its count on; empty when none is kept. A `ByteWriter`, whose
    /// storage stays and whose emptying is setting its count: an array's `removeAll` and
    /// `append` cost about 200 instructions per new table.
    private var bytes = ByteWriter(capacity: 64)

    /// Tables up to this size are kept: a reused state holds little memory.
    static let maximumSize = 4_096

    /// Whether the table at `range` of `reader` has exactly the bytes of the kept one. The kept
    /// one is never empty, so a table of integer keys only (one byte, `00`) is not compared.
    @inline(__always)
    func matches(_ reader: ByteReader, _ range: Range<Int>) -> Bool {
        guard range.count == bytes.count, bytes.count > 0 else { return false }
        return memcmp(bytes.base, reader.base + range.lowerBound, range.count) == 0
    }

    /// Keeps the bytes of the table at `range` of `reader`, just read, if it is small enough and
    /// holds any key (`hasKeys`); otherwise keeps nothing.
    mutating func keep(_ reader: ByteReader, _ range: Range<Int>, hasKeys: Bool) {
        bytes.truncate(to: 0)
        guard hasKeys, range.count <= Self.maximumSize else { return }
        bytes.append(UnsafeRawBufferPointer(start: reader.base + range.lowerBound, count: range.count))
    }

    /// Keeps nothing: the state's table is being read again.
    mutating func forget() { bytes.truncate(to: 0) }
}
