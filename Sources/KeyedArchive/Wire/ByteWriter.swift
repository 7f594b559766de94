#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A growable byte buffer that the encoder appends to: the bytes of a `GrowableBuffer`, which
/// owns their memory, with the archive's ways of writing them (varints, little-endian integers,
/// lengths patched in later).
///
/// The storage is `malloc`ed so that the finished archive can be handed to `Data` without a copy
/// (`Data(bytesNoCopy:deallocator: .free)`). The writer is noncopyable and owns its storage: it
/// is freed when the writer's lifetime ends, on every path (a pass that throws included), unless
/// `takeData()` consumed the writer and gave the storage to a `Data`. A second owner or a
/// forgotten free does not compile.
struct ByteWriter: ~Copyable {
    private var storage: GrowableBuffer<UInt8>

    /// The first byte.
    var base: UnsafeMutableRawPointer {
        @inline(__always) get { UnsafeMutableRawPointer(storage.base) }
    }
    var count: Int {
        @inline(__always) get { storage.count }
    }
    var capacity: Int {
        @inline(__always) get { storage.capacity }
    }

    init(capacity: Int = 256) {
        storage = GrowableBuffer(capacity: Swift.max(capacity, 16))
    }

    /// Makes room for `extra` more bytes.
    @inline(__always)
    mutating func reserve(_ extra: Int) { storage.reserve(extra) }

    @inline(__always)
    mutating func append(_ byte: UInt8) { storage.append(byte) }

    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        let length = bytes.count
        guard length > 0 else { return }
        reserve(length)
        if length <= 32 {
            Self.copy(upTo32: length, from: bytes.baseAddress!, to: base + count)
        } else {
            (base + count).copyMemory(from: bytes.baseAddress!, byteCount: length)
        }
        storage.commit(length)
    }

    /// Copies `length` bytes, 1 to 32, as two loads and two stores of the widest integer that
    /// fits (twice for 16 bytes or more), overlapping when `length` is not a multiple of its size:
    /// a key's table bytes, a short key table and most strings are this short, and `memmove` cost
    /// such a copy about 14 instructions and a call through the PLT (callgrind). The source is
    /// never the writer's own memory, which `reserve` may have moved.
    @inline(__always)
    private static func copy(upTo32 length: Int, from source: UnsafeRawPointer, to target: UnsafeMutableRawPointer) {
        /// The `Word`s at `offset` and `offset` before the end.
        func copy<Word: FixedWidthInteger>(_: Word.Type, at offset: Int = 0) {
            let tail = length - MemoryLayout<Word>.size - offset
            let (first, last) = (source.loadUnaligned(fromByteOffset: offset, as: Word.self),
                                 source.loadUnaligned(fromByteOffset: tail, as: Word.self))
            target.storeBytes(of: first, toByteOffset: offset, as: Word.self)
            target.storeBytes(of: last, toByteOffset: tail, as: Word.self)
        }
        switch length {
        case 16...:
            // The first 16 bytes and the last 16, which cover every byte between.
            copy(UInt64.self)
            copy(UInt64.self, at: 8)
        case 8...: copy(UInt64.self)
        case 4...: copy(UInt32.self)
        case 2...: copy(UInt16.self)
        default: target.storeBytes(of: source.load(as: UInt8.self), as: UInt8.self)
        }
    }

    mutating func append(contentsOf bytes: some Sequence<UInt8>) {
        for byte in bytes { append(byte) }
    }

    /// Appends a fixed-width integer in little-endian byte order.
    @inline(__always)
    mutating func appendLittleEndian<T: FixedWidthInteger>(_ value: T) {
        let size = MemoryLayout<T>.size
        reserve(size)
        (base + count).storeBytes(of: value.littleEndian, as: T.self)
        storage.commit(size)
    }

    /// Appends an unsigned LEB128 varint.
    @inline(__always)
    mutating func appendVarint(_ value: UInt64) {
        reserve(10)
        let start = base + count
        var v = value
        var written = 0
        while v >= 0x80 {
            start.storeBytes(of: UInt8(truncatingIfNeeded: v) | 0x80, toByteOffset: written, as: UInt8.self)
            written &+= 1
            v >>= 7
        }
        start.storeBytes(of: UInt8(truncatingIfNeeded: v), toByteOffset: written, as: UInt8.self)
        storage.commit(written &+ 1)
    }

    /// Appends an unsigned LEB128 varint of up to 128 bits (at most 19 bytes).
    mutating func appendVarint(_ value: UInt128) {
        if value <= UInt128(UInt64.max) { return appendVarint(UInt64(value)) }
        var v = value
        while v >= 0x80 {
            append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        append(UInt8(truncatingIfNeeded: v))
    }

    /// Stores the low `count` bytes of `value`, little-endian, at the end: the caller reserved
    /// 8 bytes, so the store may write past the bytes it counts.
    @inline(__always)
    mutating func storeReserved(_ value: UInt64, count bytes: Int) {
        precondition(count + 8 <= capacity && bytes <= 8)
        (base + count).storeBytes(of: value.littleEndian, as: UInt64.self)
        storage.commit(bytes)
    }

    /// Counts `size` bytes that were written directly into reserved space past `count`.
    mutating func commitReserved(_ size: Int) {
        precondition(size >= 0 && count + size <= capacity)
        storage.commit(size)
    }

    /// Overwrites one byte that was already written.
    @inline(__always)
    mutating func setByte(_ byte: UInt8, at offset: Int) {
        precondition(offset >= 0 && offset < count)
        base.storeBytes(of: byte, toByteOffset: offset, as: UInt8.self)
    }

    /// Writes a varint over bytes that were already reserved at `offset`; returns its size.
    @discardableResult
    mutating func setVarint(_ value: UInt64, at offset: Int) -> Int {
        var v = value
        var position = offset
        while v >= 0x80 {
            setByte(UInt8(truncatingIfNeeded: v) | 0x80, at: position)
            position += 1
            v >>= 7
        }
        setByte(UInt8(truncatingIfNeeded: v), at: position)
        return position - offset + 1
    }

    /// Opens a gap of `size` bytes at `offset`, moving everything after it to the right.
    mutating func insertGap(at offset: Int, size: Int) {
        precondition(offset >= 0 && offset <= count && size >= 0)
        guard size > 0 else { return }
        reserve(size)
        (base + offset + size).copyMemory(from: base + offset, byteCount: count - offset)
        storage.commit(size)
    }

    /// Drops everything from `offset` on (used to roll back a value whose encoding threw).
    mutating func truncate(to offset: Int) { storage.truncate(to: offset) }

    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    /// Hands the bytes to a `Data` without copying: the `Data` frees them.
    consuming func takeData() -> Data {
        let (memory, count) = storage.takeMemory()
        return Data(bytesNoCopy: memory, count: count, deallocator: .free)
    }
}

/// The number of bytes the LEB128 encoding of `value` takes.
@inline(__always)
func varintSize(_ value: UInt64) -> Int {
    // 1 + floor(log2(value) / 7), with 0 taking one byte.
    let bits = 64 - (value | 1).leadingZeroBitCount
    return (bits + 6) / 7
}
