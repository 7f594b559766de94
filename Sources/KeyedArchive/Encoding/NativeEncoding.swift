#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Writers for the values the format represents natively: scalars, strings, `Date`, `UUID`,
/// `URL`, `Data`, and packed arrays of fixed-width numbers.
///
/// The generic entry point picks a writer by comparing `T.self` with concrete types, never by a
/// protocol cast: the comparisons are pointer compares and fold away when specialized.
enum NativeEncoding {
    /// Writes `value` if its type has a native encoding; returns `false` otherwise.
    /// `withinDepth` says whether a container may be opened here: `[String]` and `[Bool]` are
    /// written as the unkeyed containers they are, so past the depth limit they go the generic
    /// way (and throw).
    @inline(__always)
    static func write<T: Encodable>(_ value: T, into writer: inout ByteWriter, withinDepth: Bool) -> Bool {
        guard MemoryLayout<T>.size <= KnownTypes.largestNativeSize else { return false }
        if T.self == String.self { writeString(unsafeBitCast(value, to: String.self), into: &writer); return true }
        if T.self == Int.self { writeInteger(unsafeBitCast(value, to: Int.self), into: &writer); return true }
        if T.self == Double.self { writeDouble(unsafeBitCast(value, to: Double.self), into: &writer); return true }
        if T.self == Bool.self { writer.append(unsafeBitCast(value, to: Bool.self) ? WireTag.true : WireTag.false); return true }
        if T.self == Date.self { writeDate(unsafeBitCast(value, to: Date.self), into: &writer); return true }
        if T.self == UUID.self { writeUUID(unsafeBitCast(value, to: UUID.self), into: &writer); return true }
        if T.self == URL.self { writeURL(unsafeBitCast(value, to: URL.self), into: &writer); return true }
        if T.self == Data.self { writeBytes(unsafeBitCast(value, to: Data.self), into: &writer); return true }
        if T.self == Float.self { writeFloat(unsafeBitCast(value, to: Float.self), into: &writer); return true }
        if T.self == Int64.self { writeInteger(unsafeBitCast(value, to: Int64.self), into: &writer); return true }
        if T.self == Int32.self { writeInteger(unsafeBitCast(value, to: Int32.self), into: &writer); return true }
        if T.self == Int16.self { writeInteger(unsafeBitCast(value, to: Int16.self), into: &writer); return true }
        if T.self == Int8.self { writeInteger(unsafeBitCast(value, to: Int8.self), into: &writer); return true }
        if T.self == UInt.self { writeInteger(unsafeBitCast(value, to: UInt.self), into: &writer); return true }
        if T.self == UInt64.self { writeInteger(unsafeBitCast(value, to: UInt64.self), into: &writer); return true }
        if T.self == UInt32.self { writeInteger(unsafeBitCast(value, to: UInt32.self), into: &writer); return true }
        if T.self == UInt16.self { writeInteger(unsafeBitCast(value, to: UInt16.self), into: &writer); return true }
        if T.self == UInt8.self { writeInteger(unsafeBitCast(value, to: UInt8.self), into: &writer); return true }
        if T.self == Int128.self { writeInteger(unsafeBitCast(value, to: Int128.self), into: &writer); return true }
        if T.self == UInt128.self { writeInteger(unsafeBitCast(value, to: UInt128.self), into: &writer); return true }
        let type = ObjectIdentifier(T.self)
        let known = KnownTypes.shared
        if type == known.stringArray, withinDepth { writeStrings(unsafeBitCast(value, to: [String].self), into: &writer); return true }
        if type == known.boolArray, withinDepth { writeBools(unsafeBitCast(value, to: [Bool].self), into: &writer); return true }
        if type == known.uint8Array { writeBytes(unsafeBitCast(value, to: [UInt8].self), into: &writer); return true }
        if type == known.doubleArray { writePacked(unsafeBitCast(value, to: [Double].self), .float64, into: &writer); return true }
        if type == known.floatArray { writePacked(unsafeBitCast(value, to: [Float].self), .float32, into: &writer); return true }
        if type == known.intArray { writeSigned(unsafeBitCast(value, to: [Int].self), into: &writer); return true }
        if type == known.int64Array { writeSigned(unsafeBitCast(value, to: [Int64].self), into: &writer); return true }
        if type == known.int32Array { writeSigned(unsafeBitCast(value, to: [Int32].self), into: &writer); return true }
        if type == known.int16Array { writeSigned(unsafeBitCast(value, to: [Int16].self), into: &writer); return true }
        if type == known.int8Array { writePacked(unsafeBitCast(value, to: [Int8].self), .int8, into: &writer); return true }
        if type == known.uintArray { writeUnsigned(unsafeBitCast(value, to: [UInt].self), into: &writer); return true }
        if type == known.uint64Array { writeUnsigned(unsafeBitCast(value, to: [UInt64].self), into: &writer); return true }
        if type == known.uint32Array { writeUnsigned(unsafeBitCast(value, to: [UInt32].self), into: &writer); return true }
        if type == known.uint16Array { writeUnsigned(unsafeBitCast(value, to: [UInt16].self), into: &writer); return true }
        return false
    }

    @inline(__always)
    static func writeInteger<T: FixedWidthInteger>(_ value: T, into writer: inout ByteWriter) {
        if value >= 0 {
            if value < 0x80 {
                writer.append(WireTag.fixintBase | UInt8(truncatingIfNeeded: value))
                return
            }
            writer.append(WireTag.unsignedInt)
            if T.bitWidth <= 64 {
                writer.appendVarint(UInt64(truncatingIfNeeded: value))
            } else {
                writer.appendVarint(UInt128(truncatingIfNeeded: value))
            }
        } else {
            // -1 - value, computed without overflow as the bitwise complement.
            writer.append(WireTag.negativeInt)
            if T.bitWidth <= 64 {
                writer.appendVarint(UInt64(truncatingIfNeeded: ~Int64(value)))
            } else {
                writer.appendVarint(UInt128(truncatingIfNeeded: ~Int128(value)))
            }
        }
    }

    @inline(__always)
    static func writeDouble(_ value: Double, into writer: inout ByteWriter) {
        writer.reserve(9)
        writer.append(WireTag.float64)
        writer.appendLittleEndian(value.bitPattern)
    }

    @inline(__always)
    static func writeFloat(_ value: Float, into writer: inout ByteWriter) {
        writer.reserve(5)
        writer.append(WireTag.float32)
        writer.appendLittleEndian(value.bitPattern)
    }

    @inline(__always)
    static func writeString(_ value: String, into writer: inout ByteWriter) {
        writeUTF8(value, tag: WireTag.string, into: &writer)
    }

    static func writeUTF8(_ value: String, tag: UInt8, into writer: inout ByteWriter) {
        func write(_ utf8: UnsafeBufferPointer<UInt8>) {
            writer.reserve(11 + utf8.count)
            writer.append(tag)
            writer.appendVarint(UInt64(utf8.count))
            writer.append(UnsafeRawBufferPointer(utf8))
        }
        // Native strings (all but bridged ones) lend their UTF-8 in place; the mutating
        // `withUTF8` needs a copy of the string, a retain and a release per string written.
        if value.utf8.withContiguousStorageIfAvailable(write) != nil { return }
        var string = value
        string.withUTF8(write)
    }

    /// `[String]` as the unkeyed container `Array.encode(to:)` would produce, byte for byte,
    /// without its per-element dynamic calls. Sizes are known up front, so nothing is patched.
    static func writeStrings(_ values: [String], into writer: inout ByteWriter) {
        if values.isEmpty { return writer.append(WireTag.emptyUnkeyed) }
        var payload = varintSize(UInt64(values.count))
        for value in values {
            let length = value.utf8.count
            payload += 1 + varintSize(UInt64(length)) + length
        }
        writer.reserve(11 + payload)
        writer.append(WireTag.unkeyed)
        writer.appendVarint(UInt64(payload))
        writer.appendVarint(UInt64(values.count))
        for value in values { writeString(value, into: &writer) }
    }

    /// `[Bool]` as the unkeyed container `Array.encode(to:)` would produce, byte for byte: one
    /// tag byte per element, so the payload's size is known before the first is written.
    static func writeBools(_ values: [Bool], into writer: inout ByteWriter) {
        if values.isEmpty { return writer.append(WireTag.emptyUnkeyed) }
        let payload = varintSize(UInt64(values.count)) + values.count
        writer.reserve(11 + payload)
        writer.append(WireTag.unkeyed)
        writer.appendVarint(UInt64(payload))
        writer.appendVarint(UInt64(values.count))
        for value in values { writer.append(value ? WireTag.true : WireTag.false) }
    }

    static func writeDate(_ value: Date, into writer: inout ByteWriter) {
        writer.reserve(9)
        writer.append(WireTag.date)
        writer.appendLittleEndian(value.timeIntervalSinceReferenceDate.bitPattern)
    }

    static func writeUUID(_ value: UUID, into writer: inout ByteWriter) {
        writer.reserve(17)
        writer.append(WireTag.uuid)
        withUnsafeBytes(of: value.uuid) { writer.append($0) }
    }

    static func writeURL(_ value: URL, into writer: inout ByteWriter) {
        writeUTF8(value.absoluteString, tag: WireTag.url, into: &writer)
    }

    static func writeBytes(_ value: some ContiguousBytesView, into writer: inout ByteWriter) {
        value.withBytes { bytes in
            writer.reserve(11 + bytes.count)
            writer.append(WireTag.bytes)
            writer.appendVarint(UInt64(bytes.count))
            writer.append(bytes)
        }
    }

    /// A signed integer array in the narrowest packed kind that holds every element, so that
    /// small numbers take 1, 2 or 4 bytes whatever the Swift type (readers widen them back).
    static func writeSigned<T: FixedWidthInteger & SignedInteger & FixedWidthLittleEndian>(_ values: [T], into writer: inout ByteWriter) {
        var low: T = 0
        var high: T = 0
        for value in values {
            low = Swift.min(low, value)
            high = Swift.max(high, value)
        }
        if low >= Int8.min && high <= Int8.max { return writeNarrowed(values, as: Int8.self, .int8, into: &writer) }
        if low >= Int16.min && high <= Int16.max { return writeNarrowed(values, as: Int16.self, .int16, into: &writer) }
        if low >= Int32.min && high <= Int32.max { return writeNarrowed(values, as: Int32.self, .int32, into: &writer) }
        writeNarrowed(values, as: Int64.self, .int64, into: &writer)
    }

    /// An unsigned integer array in the narrowest unsigned packed kind (at least 16 bits: one
    /// byte per element is what `[UInt8]`'s bytes value is for).
    static func writeUnsigned<T: FixedWidthInteger & UnsignedInteger & FixedWidthLittleEndian>(_ values: [T], into writer: inout ByteWriter) {
        var high: T = 0
        for value in values { high = Swift.max(high, value) }
        if high <= UInt16.max { return writeNarrowed(values, as: UInt16.self, .uint16, into: &writer) }
        if high <= UInt32.max { return writeNarrowed(values, as: UInt32.self, .uint32, into: &writer) }
        writeNarrowed(values, as: UInt64.self, .uint64, into: &writer)
    }

    /// Writes `values` as packed elements of type `N`, which holds every one of them.
    private static func writeNarrowed<T: FixedWidthInteger & FixedWidthLittleEndian, N: FixedWidthInteger>(
        _ values: [T], as _: N.Type, _ kind: PackedKind, into writer: inout ByteWriter
    ) {
        if N.bitWidth == T.bitWidth { return writePacked(values, kind, into: &writer) }
        let size = values.count * MemoryLayout<N>.size
        writer.reserve(12 + size)
        writer.append(WireTag.packed)
        writer.append(kind.rawValue)
        writer.appendVarint(UInt64(values.count))
        let start = writer.base + writer.count
        for (index, value) in values.enumerated() {
            (start + index * MemoryLayout<N>.size).storeBytes(of: N(truncatingIfNeeded: value).littleEndian, as: N.self)
        }
        writer.commitReserved(size)
    }

    /// One tag, kind and count, then the elements' little-endian bytes in one copy.
    static func writePacked<T: FixedWidthLittleEndian>(_ values: [T], _ kind: PackedKind, into writer: inout ByteWriter) {
        writer.reserve(12 + values.count * MemoryLayout<T>.size)
        writer.append(WireTag.packed)
        writer.append(kind.rawValue)
        writer.appendVarint(UInt64(values.count))
        #if _endian(little)
        if MemoryLayout<T>.size == kind.width {
            values.withUnsafeBytes { writer.append($0) }
            return
        }
        #endif
        for value in values { value.appendLittleEndian(into: &writer) }
    }
}

/// Byte views of `Data` and `[UInt8]` under one name.
protocol ContiguousBytesView {
    func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R
}

extension Data: ContiguousBytesView {
    func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R { try withUnsafeBytes(body) }
}

extension Array: ContiguousBytesView where Element == UInt8 {
    func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R { try withUnsafeBytes(body) }
}

/// Numbers that a packed array stores as their little-endian bytes.
protocol FixedWidthLittleEndian {
    func appendLittleEndian(into writer: inout ByteWriter)
}

extension FixedWidthLittleEndian where Self: FixedWidthInteger {
    func appendLittleEndian(into writer: inout ByteWriter) { writer.appendLittleEndian(self) }
}

extension Int8: FixedWidthLittleEndian {}
extension Int16: FixedWidthLittleEndian {}
extension Int32: FixedWidthLittleEndian {}
extension Int64: FixedWidthLittleEndian {}
// Int and UInt written in a 64-bit kind: on 64-bit platforms their bytes are copied as is.
extension Int: FixedWidthLittleEndian {
    func appendLittleEndian(into writer: inout ByteWriter) { writer.appendLittleEndian(Int64(self)) }
}
extension UInt: FixedWidthLittleEndian {
    func appendLittleEndian(into writer: inout ByteWriter) { writer.appendLittleEndian(UInt64(self)) }
}
extension UInt16: FixedWidthLittleEndian {}
extension UInt32: FixedWidthLittleEndian {}
extension UInt64: FixedWidthLittleEndian {}
extension Float: FixedWidthLittleEndian {
    func appendLittleEndian(into writer: inout ByteWriter) { writer.appendLittleEndian(bitPattern) }
}
extension Double: FixedWidthLittleEndian {
    func appendLittleEndian(into writer: inout ByteWriter) { writer.appendLittleEndian(bitPattern) }
}
