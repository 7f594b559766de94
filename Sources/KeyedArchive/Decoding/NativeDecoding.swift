#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension DecodingState {
    /// Decodes a value of any type: natively when the type and the bytes allow, otherwise
    /// through a nested `DecoderImpl` and the type's own `init(from:)`.
    func decodeValue<T: Decodable>(
        _ type: T.Type, at location: ValueLocation, path: @autoclosure () -> CodingPathNode,
        depth: Int, optionalDepth: Int
    ) throws -> T {
        if let value = try decodeNative(type, at: location, path: path().path) { return value }
        guard depth <= limits.maximumDepth else {
            throw DecodingErrors.depthExceeded(limits.maximumDepth, at: location.offset, path: path().path)
        }
        let decoder = DecoderImpl(state: self, location: location, path: path(), depth: depth,
                                  optionalDepth: _isOptional(T.self) ? optionalDepth : 0)
        // `type`, not `T`: decoding `Employee.self as Person.Type` must produce an Employee.
        return try type.init(from: decoder)
    }

    /// The value, if `T` has a native representation and the bytes hold it; `nil` to fall
    /// back to `T(from:)` (which also reads what `T` itself would have encoded, so archives
    /// written without the native form still decode).
    private func decodeNative<T: Decodable>(_ type: T.Type, at location: ValueLocation, path: @autoclosure () -> [any CodingKey]) throws -> T? {
        if T.self == String.self { return unsafeBitCast(try decodeString(at: location, path: path()), to: T.self) }
        if T.self == Int.self { return unsafeBitCast(try decodeInteger(Int.self, at: location, path: path()), to: T.self) }
        if T.self == Double.self { return unsafeBitCast(try decodeDouble(at: location, path: path()), to: T.self) }
        if T.self == Bool.self { return unsafeBitCast(try decodeBool(at: location, path: path()), to: T.self) }
        if T.self == Float.self { return unsafeBitCast(try decodeFloat(at: location, path: path()), to: T.self) }
        if T.self == Int64.self { return unsafeBitCast(try decodeInteger(Int64.self, at: location, path: path()), to: T.self) }
        if T.self == Int32.self { return unsafeBitCast(try decodeInteger(Int32.self, at: location, path: path()), to: T.self) }
        if T.self == Int16.self { return unsafeBitCast(try decodeInteger(Int16.self, at: location, path: path()), to: T.self) }
        if T.self == Int8.self { return unsafeBitCast(try decodeInteger(Int8.self, at: location, path: path()), to: T.self) }
        if T.self == UInt.self { return unsafeBitCast(try decodeInteger(UInt.self, at: location, path: path()), to: T.self) }
        if T.self == UInt64.self { return unsafeBitCast(try decodeInteger(UInt64.self, at: location, path: path()), to: T.self) }
        if T.self == UInt32.self { return unsafeBitCast(try decodeInteger(UInt32.self, at: location, path: path()), to: T.self) }
        if T.self == UInt16.self { return unsafeBitCast(try decodeInteger(UInt16.self, at: location, path: path()), to: T.self) }
        if T.self == UInt8.self { return unsafeBitCast(try decodeInteger(UInt8.self, at: location, path: path()), to: T.self) }
        if T.self == Int128.self { return unsafeBitCast(try decodeInteger(Int128.self, at: location, path: path()), to: T.self) }
        if T.self == UInt128.self { return unsafeBitCast(try decodeInteger(UInt128.self, at: location, path: path()), to: T.self) }

        guard location.packed == nil, location.offset < location.limit else { return nil }
        let tag = reader.base.load(fromByteOffset: location.offset, as: UInt8.self)
        switch tag {
        case WireTag.date where T.self == Date.self:
            let seconds = Double(bitPattern: try fixed(UInt64.self, at: location, path: path()))
            return unsafeBitCast(Date(timeIntervalSinceReferenceDate: seconds), to: T.self)
        case WireTag.uuid where T.self == UUID.self:
            guard location.limit - location.offset >= 17 else {
                throw DecodingErrors.corrupted(ArchiveFormatError(.truncated, at: location.offset + 1, "expected 16 bytes"), path: path())
            }
            let uuid = reader.base.loadUnaligned(fromByteOffset: location.offset + 1, as: uuid_t.self)
            return unsafeBitCast(UUID(uuid: uuid), to: T.self)
        case WireTag.url where T.self == URL.self, WireTag.string where T.self == URL.self:
            let string = try utf8String(at: location, path: path())
            guard let url = URL(string: string) else {
                throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: path(), debugDescription: "Invalid URL string."))
            }
            return unsafeBitCast(url, to: T.self)
        case WireTag.bytes where T.self == Data.self:
            return unsafeBitCast(Data(try bytesPayload(at: location, path: path())), to: T.self)
        case WireTag.bytes where T.self == [UInt8].self:
            return unsafeBitCast([UInt8](try bytesPayload(at: location, path: path())), to: T.self)
        case WireTag.packed:
            return try decodePackedArray(T.self, at: location, path: path())
        default:
            return nil
        }
    }

    /// A packed array into an array of the same element kind: one bounds check and one copy.
    private func decodePackedArray<T>(_ type: T.Type, at location: ValueLocation, path: @autoclosure () -> [any CodingKey]) throws -> T? {
        let kind: PackedKind
        let elements: Int
        let start: Int
        do throws(ArchiveFormatError) { (kind, elements, start) = try reader.packedHeader(at: location.offset, limit: location.limit) } catch { throw DecodingErrors.corrupted(error, path: path()) }
        let bytes = reader.slice(start, elements * kind.width)
        switch kind {
        case .float64 where T.self == [Double].self: return unsafeBitCast(Self.copyPacked(bytes, as: Double.self), to: T.self)
        case .float32 where T.self == [Float].self: return unsafeBitCast(Self.copyPacked(bytes, as: Float.self), to: T.self)
        case .int64 where T.self == [Int].self: return unsafeBitCast(Self.copyPacked(bytes, as: Int64.self).map { Int($0) }, to: T.self)
        case .int64 where T.self == [Int64].self: return unsafeBitCast(Self.copyPacked(bytes, as: Int64.self), to: T.self)
        case .int32 where T.self == [Int32].self: return unsafeBitCast(Self.copyPacked(bytes, as: Int32.self), to: T.self)
        case .int16 where T.self == [Int16].self: return unsafeBitCast(Self.copyPacked(bytes, as: Int16.self), to: T.self)
        case .int8 where T.self == [Int8].self: return unsafeBitCast(Self.copyPacked(bytes, as: Int8.self), to: T.self)
        case .uint64 where T.self == [UInt].self: return unsafeBitCast(Self.copyPacked(bytes, as: UInt64.self).map { UInt($0) }, to: T.self)
        case .uint64 where T.self == [UInt64].self: return unsafeBitCast(Self.copyPacked(bytes, as: UInt64.self), to: T.self)
        case .uint32 where T.self == [UInt32].self: return unsafeBitCast(Self.copyPacked(bytes, as: UInt32.self), to: T.self)
        case .uint16 where T.self == [UInt16].self: return unsafeBitCast(Self.copyPacked(bytes, as: UInt16.self), to: T.self)
        default: return nil
        }
    }

    private static func copyPacked<E: PackedElement>(_ bytes: UnsafeRawBufferPointer, as _: E.Type) -> [E] {
        let count = bytes.count / MemoryLayout<E>.size
        return [E](unsafeUninitializedCapacity: count) { buffer, initialized in
            #if _endian(little)
            if count > 0 { UnsafeMutableRawPointer(buffer.baseAddress!).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count) }
            #else
            for i in 0..<count { buffer[i] = E(littleEndianBytesAt: bytes.baseAddress! + i * MemoryLayout<E>.size) }
            #endif
            initialized = count
        }
    }
}

/// Elements that a packed array copies from their little-endian bytes.
protocol PackedElement {
    init(littleEndianBytesAt pointer: UnsafeRawPointer)
}

extension PackedElement where Self: FixedWidthInteger {
    init(littleEndianBytesAt pointer: UnsafeRawPointer) { self.init(littleEndian: pointer.loadUnaligned(as: Self.self)) }
}

extension Int8: PackedElement {}
extension Int16: PackedElement {}
extension Int32: PackedElement {}
extension Int64: PackedElement {}
extension UInt16: PackedElement {}
extension UInt32: PackedElement {}
extension UInt64: PackedElement {}
extension Float: PackedElement {
    init(littleEndianBytesAt pointer: UnsafeRawPointer) { self.init(bitPattern: UInt32(littleEndianBytesAt: pointer)) }
}
extension Double: PackedElement {
    init(littleEndianBytesAt pointer: UnsafeRawPointer) { self.init(bitPattern: UInt64(littleEndianBytesAt: pointer)) }
}
