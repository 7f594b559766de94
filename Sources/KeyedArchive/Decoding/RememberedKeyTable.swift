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
struct RememberedKeyTable {
    /// The table's bytes, from its count on; empty when none is kept. Storage kept across
    /// tables, so that keeping one costs a copy of its bytes and no allocation.
    private var bytes: [UInt8] = []

    /// Tables up to this size are kept: a reused state holds little memory.
    static let maximumSize = 4_096

    /// Whether the table at `range` of `reader` has exactly the bytes of the kept one. The kept
    /// one is never empty, so a table of integer keys only (one byte, `00`) is not compared.
    @inline(__always)
    func matches(_ reader: ByteReader, _ range: Range<Int>) -> Bool {
        guard range.count == bytes.count, !bytes.isEmpty else { return false }
        return bytes.withUnsafeBytes { kept in memcmp(kept.baseAddress!, reader.base + range.lowerBound, range.count) == 0 }
    }

    /// Keeps the bytes of the table at `range` of `reader`, just read, if it is small enough and
    /// holds any key (`hasKeys`); otherwise keeps nothing.
    mutating func keep(_ reader: ByteReader, _ range: Range<Int>, hasKeys: Bool) {
        bytes.removeAll(keepingCapacity: range.count <= Self.maximumSize)
        guard hasKeys, range.count <= Self.maximumSize else { return }
        bytes.append(contentsOf: UnsafeRawBufferPointer(start: reader.base + range.lowerBound, count: range.count))
    }

    /// Keeps nothing: the state's table is being read again.
    mutating func forget() { bytes.removeAll(keepingCapacity: true) }
}
