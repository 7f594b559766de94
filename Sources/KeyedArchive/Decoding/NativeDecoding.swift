#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The types with a native decoding. Classifying `T` into this concrete enum keeps `T?` out of
/// the hot path: in unspecialized code every `Optional<T>` costs a runtime metadata lookup.
enum NativeKind {
    case string, int, double, bool, float
    case int64, int32, int16, int8, uint, uint64, uint32, uint16, uint8, int128, uint128
    case date, uuid, url, data, bytes, packedArray, strings, bools

    init?<T>(_: T.Type) {
        guard MemoryLayout<T>.size <= KnownTypes.largestNativeSize else { return nil }
        if T.self == String.self { self = .string }
        else if T.self == Int.self { self = .int }
        else if T.self == Double.self { self = .double }
        else if T.self == Bool.self { self = .bool }
        else if T.self == Date.self { self = .date }
        else if T.self == UUID.self { self = .uuid }
        else if T.self == URL.self { self = .url }
        else if T.self == Data.self { self = .data }
        else if T.self == Float.self { self = .float }
        else if T.self == Int64.self { self = .int64 }
        else if T.self == Int32.self { self = .int32 }
        else if T.self == Int16.self { self = .int16 }
        else if T.self == Int8.self { self = .int8 }
        else if T.self == UInt.self { self = .uint }
        else if T.self == UInt64.self { self = .uint64 }
        else if T.self == UInt32.self { self = .uint32 }
        else if T.self == UInt16.self { self = .uint16 }
        else if T.self == UInt8.self { self = .uint8 }
        else if T.self == Int128.self { self = .int128 }
        else if T.self == UInt128.self { self = .uint128 }
        else {
            let type = ObjectIdentifier(T.self)
            let known = KnownTypes.shared
            if type == known.uint8Array { self = .bytes; return }
            if type == known.stringArray { self = .strings; return }
            if type == known.boolArray { self = .bools; return }
            switch type {
            case known.doubleArray, known.floatArray, known.intArray, known.int64Array,
                 known.int32Array, known.int16Array, known.int8Array, known.uintArray,
                 known.uint64Array, known.uint32Array, known.uint16Array:
                self = .packedArray
            default:
                return nil
            }
        }
    }
}

extension DecodingState {
    /// Decodes a value of any type: natively when the type and the bytes allow, otherwise
    /// through a nested `DecoderImpl` and the type's own `init(from:)`.
    func decodeValue<T: Decodable>(
        _ type: T.Type, at location: ValueLocation, parentPath: CodingPathNode, component: consuming PathComponent,
        depth: Int, optionalDepth: Int
    ) throws -> T {
        if let tag = sharedObjectTag(at: location) {
            return try decodeSharedValue(type, tag: tag, at: location, parentPath: parentPath, component: component,
                                         depth: depth, optionalDepth: optionalDepth)
        }
        guard let kind = NativeKind(T.self) else {
            return try decodeThroughDecoder(type, at: location, parentPath: parentPath, component: component,
                                            depth: depth, optionalDepth: optionalDepth)
        }
        return try decodeNative(kind, type, at: location, parentPath: parentPath, component: component,
                                depth: depth, optionalDepth: optionalDepth)
    }

    /// `type.init(from:)` with a nested decoder (`type`, not `T`: decoding
    /// `Employee.self as Person.Type` must produce an Employee).
    func decodeThroughDecoder<T: Decodable>(
        _ type: T.Type, at location: ValueLocation, parentPath: CodingPathNode, component: consuming PathComponent,
        depth: Int, optionalDepth: Int
    ) throws -> T {
        try checkDepth(depth, at: location, parentPath: parentPath, component: component)
        // `type` is `T` but for a subclass asked for as its superclass, which reads through its
        // own `init(from:)` (generated code is only for final classes).
        if usesGeneratedCode, let direct = directDecodableType(T.self), type == T.self {
            return try decodeDirect(direct, as: T.self, at: location, parentPath: parentPath, component: component, depth: depth)
        }
        // In a message, in place, with the path the message knows (`Direct/MessageReading.swift`).
        if readsMessage { return try decodeInMessage(type, at: location, depth: depth, component: component, optionalDepth: optionalDepth) }
        return try decodeThroughInit(type, at: location, parentPath: parentPath, component: component, depth: depth, optionalDepth: optionalDepth)
    }

    /// `type.init(from:)` with a nested decoder at `location`, the depth checked.
    func decodeThroughInit<T: Decodable>(
        _ type: T.Type, at location: ValueLocation, parentPath: CodingPathNode, component: consuming PathComponent,
        depth: Int, optionalDepth: Int
    ) throws -> T {
        var decoder = makeDecoder(location: location, parentPath: parentPath, component: component, depth: depth,
                                  optionalDepth: _isOptional(T.self) ? optionalDepth : 0)
        let value = try type.init(from: decoder)
        recycle(&decoder)
        return value
    }

    /// The tag at `location` when it is a shared object or a reference to one, which every type
    /// reads through `decodeSharedValue`; `nil` otherwise.
    @inline(__always)
    func sharedObjectTag(at location: ValueLocation) -> UInt8? {
        guard hasReferences, location.packed == nil, location.offset < location.limit else { return nil }
        let tag = reader.base.load(fromByteOffset: location.offset, as: UInt8.self)
        return tag == WireTag.sharedObject || tag == WireTag.reference ? tag : nil
    }

    /// The depth limit, checked wherever a value is read through code (its `init(from:)` or its
    /// generated code) rather than natively.
    @inline(__always)
    func checkDepth(_ depth: Int, at location: ValueLocation, parentPath: CodingPathNode, component: borrowing PathComponent) throws {
        guard depth <= limits.maximumDepth else {
            throw DecodingErrors.depthExceeded(limits.maximumDepth, at: location.offset, path: parentPath.appending(copy component).path)
        }
    }

    /// A nested decoder, reused from a value that finished if one is spare.
    private func makeDecoder(location: ValueLocation, parentPath: CodingPathNode, component: consuming PathComponent, depth: Int, optionalDepth: Int) -> DecoderImpl {
        guard let decoder = spareDecoders.popLast() else {
            return DecoderImpl(state: self, location: location, parentPath: parentPath, component: component, depth: depth, optionalDepth: optionalDepth)
        }
        decoder.location = location
        decoder.parentPath = parentPath
        decoder.component = component
        decoder.depth = depth
        decoder.optionalDepth = optionalDepth
        return decoder
    }

    /// Keeps `decoder` for reuse if nothing else refers to it (no container or decoder of the
    /// value escaped `init(from:)`).
    private func recycle(_ decoder: inout DecoderImpl) {
        guard reusesDecoders, isKnownUniquelyReferenced(&decoder) else { return }
        decoder.parentPath = .root
        decoder.component = .none
        spareDecoders.append(decoder)
    }

    /// A value of a natively decoded type. Where the bytes hold another representation (a
    /// `Date` written as a plain number, a `[Double]` written element by element…), falls back
    /// to `T(from:)`, which reads what `T` itself would have encoded.
    private func decodeNative<T: Decodable>(
        _ kind: NativeKind, _ type: T.Type, at location: ValueLocation, parentPath: CodingPathNode,
        component: PathComponent, depth: Int, optionalDepth: Int
    ) throws -> T {
        func errorPath() -> [any CodingKey] { parentPath.appending(component).path }
        switch kind {
        case .string: return unsafeBitCast(try decodeString(at: location, path: errorPath()), to: T.self)
        case .int: return unsafeBitCast(try decodeInteger(Int.self, at: location, path: errorPath()), to: T.self)
        case .double: return unsafeBitCast(try decodeDouble(at: location, path: errorPath()), to: T.self)
        case .bool: return unsafeBitCast(try decodeBool(at: location, path: errorPath()), to: T.self)
        case .float: return unsafeBitCast(try decodeFloat(at: location, path: errorPath()), to: T.self)
        case .int64: return unsafeBitCast(try decodeInteger(Int64.self, at: location, path: errorPath()), to: T.self)
        case .int32: return unsafeBitCast(try decodeInteger(Int32.self, at: location, path: errorPath()), to: T.self)
        case .int16: return unsafeBitCast(try decodeInteger(Int16.self, at: location, path: errorPath()), to: T.self)
        case .int8: return unsafeBitCast(try decodeInteger(Int8.self, at: location, path: errorPath()), to: T.self)
        case .uint: return unsafeBitCast(try decodeInteger(UInt.self, at: location, path: errorPath()), to: T.self)
        case .uint64: return unsafeBitCast(try decodeInteger(UInt64.self, at: location, path: errorPath()), to: T.self)
        case .uint32: return unsafeBitCast(try decodeInteger(UInt32.self, at: location, path: errorPath()), to: T.self)
        case .uint16: return unsafeBitCast(try decodeInteger(UInt16.self, at: location, path: errorPath()), to: T.self)
        case .uint8: return unsafeBitCast(try decodeInteger(UInt8.self, at: location, path: errorPath()), to: T.self)
        case .int128: return unsafeBitCast(try decodeInteger(Int128.self, at: location, path: errorPath()), to: T.self)
        case .uint128: return unsafeBitCast(try decodeInteger(UInt128.self, at: location, path: errorPath()), to: T.self)
        default: break
        }

        let tag = location.packed == nil && location.offset < location.limit
            ? reader.base.load(fromByteOffset: location.offset, as: UInt8.self) : WireTag.packed
        switch (kind, tag) {
        case (.date, WireTag.date):
            let seconds = Double(bitPattern: try fixed(UInt64.self, at: location, path: errorPath()))
            return unsafeBitCast(Date(timeIntervalSinceReferenceDate: seconds), to: T.self)
        case (.uuid, WireTag.uuid):
            guard location.limit - location.offset >= 17 else {
                throw DecodingErrors.corrupted(ArchiveFormatError(.truncated, at: location.offset + 1, "expected 16 bytes"), path: errorPath())
            }
            let uuid = reader.base.loadUnaligned(fromByteOffset: location.offset + 1, as: uuid_t.self)
            return unsafeBitCast(UUID(uuid: uuid), to: T.self)
        case (.url, WireTag.url), (.url, WireTag.string):
            let string = try utf8String(at: location, path: errorPath())
            guard let url = URL(string: string) else {
                throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: errorPath(), debugDescription: "Invalid URL string."))
            }
            return unsafeBitCast(url, to: T.self)
        case (.data, WireTag.bytes):
            return unsafeBitCast(Data(try bytesPayload(at: location, path: errorPath())), to: T.self)
        case (.bytes, WireTag.bytes):
            return unsafeBitCast([UInt8](try bytesPayload(at: location, path: errorPath())), to: T.self)
        case (.strings, WireTag.emptyUnkeyed) where depth <= limits.maximumDepth:
            return unsafeBitCast([String](), to: T.self)
        case (.strings, WireTag.unkeyed) where depth <= limits.maximumDepth:
            if let strings = decodeStrings(at: location) { return unsafeBitCast(strings, to: T.self) }
        case (.bools, WireTag.emptyUnkeyed) where depth <= limits.maximumDepth:
            return unsafeBitCast([Bool](), to: T.self)
        case (.bools, WireTag.unkeyed) where depth <= limits.maximumDepth:
            if let bools = decodeBools(at: location) { return unsafeBitCast(bools, to: T.self) }
        case (.packedArray, WireTag.packed) where location.packed == nil:
            return try decodePackedArray(type, at: location, parentPath: parentPath, component: component,
                                         depth: depth, optionalDepth: optionalDepth)
        default:
            break
        }
        return try decodeThroughDecoder(type, at: location, parentPath: parentPath, component: component,
                                        depth: depth, optionalDepth: optionalDepth)
    }

    /// An unkeyed container of strings as `[String]`, without a decoder per element; `nil` when
    /// anything is unusual (a non-string element, bad bytes, the depth limit), so that the
    /// generic path reports it with its exact coding path.
    private func decodeStrings(at location: ValueLocation) -> [String]? {
        guard case let (elements, end, count)? = unkeyedOpening(at: location), count <= end - elements else { return nil }
        var p = elements
        var strings: [String] = []
        strings.reserveCapacity(count)
        for _ in 0..<count {
            guard p < end, reader.base.load(fromByteOffset: p, as: UInt8.self) == WireTag.string else { return nil }
            p += 1
            guard let size = try? reader.length(at: &p, limit: end), let string = reader.utf8String(p, size) else { return nil }
            strings.append(string)
            p += size
        }
        return p == end ? strings : nil
    }

    /// The opening of the long-form unkeyed container at `location` for a fast path: where its
    /// elements start, where its payload ends, and its count; `nil` when anything is unusual
    /// (bad bytes, the collection limit), which the generic path then reports.
    @inline(__always)
    private func unkeyedOpening(at location: ValueLocation) -> (elements: Int, end: Int, count: Int)? {
        var p = location.offset + 1
        guard let length = try? reader.length(at: &p, limit: location.limit) else { return nil }
        let end = p + length
        guard let count = try? reader.varint(at: &p, limit: end), count <= UInt64(limits.maximumCollectionCount) else { return nil }
        return (p, end, Int(count))
    }

    /// An unkeyed container of booleans as `[Bool]`, without a decoder per element; `nil` when
    /// anything is unusual (an element that is not `01` or `02`, bad bytes), so that the generic
    /// path reports it with its exact coding path.
    private func decodeBools(at location: ValueLocation) -> [Bool]? {
        // Every element is one byte: a count that is not the rest of the payload is unusual.
        guard case let (elements, end, count)? = unkeyedOpening(at: location), count == end - elements else { return nil }
        var p = elements
        var bools: [Bool] = []
        bools.reserveCapacity(count)
        while p < end {
            let tag = reader.base.load(fromByteOffset: p, as: UInt8.self)
            guard tag == WireTag.true || tag == WireTag.false else { return nil }
            bools.append(tag == WireTag.true)
            p += 1
        }
        return bools
    }

    /// A packed array as `T`: one bounds check, then one copy (same kind) or one widening loop
    /// (a narrower integer kind, as writers choose the narrowest that fits); otherwise element
    /// by element through `T(from:)` (an element that does not fit is then reported with its
    /// exact path).
    ///
    /// Never inlined, and written without `T?` or helpers generic over the element type: each
    /// of those made every call fetch `Optional` or `Array` metadata at run time (about 500
    /// instructions each, for every value `decodeNative` reads).
    @inline(never)
    private func decodePackedArray<T: Decodable>(
        _ type: T.Type, at location: ValueLocation, parentPath: CodingPathNode, component: consuming PathComponent,
        depth: Int, optionalDepth: Int
    ) throws -> T {
        let kind: PackedKind
        let elements: Int
        let start: Int
        do throws(ArchiveFormatError) {
            (kind, elements, start) = try reader.packedHeader(at: location.offset, limit: location.limit)
            try checkCollectionCount(elements, at: location.offset + 2)
        } catch {
            throw DecodingErrors.corrupted(error, path: parentPath.appending(component).path)
        }
        let bytes = reader.slice(start, elements * kind.width)
        let known = KnownTypes.shared
        switch ObjectIdentifier(T.self) {
        case known.doubleArray where kind == .float64:
            return unsafeBitCast(Self.copyPacked(bytes, as: Double.self), to: T.self)
        case known.doubleArray where kind == .float32:
            return unsafeBitCast(Self.copyPacked(bytes, as: Float.self).map(Double.init), to: T.self)
        case known.floatArray where kind == .float32:
            return unsafeBitCast(Self.copyPacked(bytes, as: Float.self), to: T.self)
        case known.intArray: if let array = Self.widenPacked(bytes, kind, to: Int.self) { return unsafeBitCast(array, to: T.self) }
        case known.int64Array: if let array = Self.widenPacked(bytes, kind, to: Int64.self) { return unsafeBitCast(array, to: T.self) }
        case known.int32Array: if let array = Self.widenPacked(bytes, kind, to: Int32.self) { return unsafeBitCast(array, to: T.self) }
        case known.int16Array: if let array = Self.widenPacked(bytes, kind, to: Int16.self) { return unsafeBitCast(array, to: T.self) }
        case known.int8Array: if let array = Self.widenPacked(bytes, kind, to: Int8.self) { return unsafeBitCast(array, to: T.self) }
        case known.uintArray: if let array = Self.widenPacked(bytes, kind, to: UInt.self) { return unsafeBitCast(array, to: T.self) }
        case known.uint64Array: if let array = Self.widenPacked(bytes, kind, to: UInt64.self) { return unsafeBitCast(array, to: T.self) }
        case known.uint32Array: if let array = Self.widenPacked(bytes, kind, to: UInt32.self) { return unsafeBitCast(array, to: T.self) }
        case known.uint16Array: if let array = Self.widenPacked(bytes, kind, to: UInt16.self) { return unsafeBitCast(array, to: T.self) }
        default: break
        }
        return try decodeThroughDecoder(type, at: location, parentPath: parentPath, component: component,
                                        depth: depth, optionalDepth: optionalDepth)
    }

    /// The integer elements as `D`, when every value of the packed kind fits in `D`; `nil`
    /// otherwise (the element-by-element path then checks each value and reports the first
    /// that does not fit).
    private static func widenPacked<D: FixedWidthInteger>(_ bytes: UnsafeRawBufferPointer, _ kind: PackedKind, to: D.Type) -> [D]? {
        switch kind {
        case .int8: widen(bytes, Int8.self, to: D.self)
        case .int16: widen(bytes, Int16.self, to: D.self)
        case .int32: widen(bytes, Int32.self, to: D.self)
        case .int64: widen(bytes, Int64.self, to: D.self)
        case .uint16: widen(bytes, UInt16.self, to: D.self)
        case .uint32: widen(bytes, UInt32.self, to: D.self)
        case .uint64: widen(bytes, UInt64.self, to: D.self)
        case .uint8, .float32, .float64: nil
        }
    }

    private static func widen<S: FixedWidthInteger & PackedElement, D: FixedWidthInteger>(_ bytes: UnsafeRawBufferPointer, _: S.Type, to: D.Type) -> [D]? {
        let fits = S.isSigned == D.isSigned ? D.bitWidth >= S.bitWidth : (D.isSigned && D.bitWidth > S.bitWidth)
        guard fits else { return nil }
        let width = MemoryLayout<S>.size
        let count = bytes.count / width
        // Not `unsafeUninitializedCapacity: 0`: it stores into the shared empty-array singleton,
        // a data race (benign, but ThreadSanitizer reports it) when threads decode empty arrays.
        guard count > 0 else { return [] }
        return [D](unsafeUninitializedCapacity: count) { buffer, initialized in
            #if _endian(little)
            if S.bitWidth == D.bitWidth, count > 0 {
                // Same size and signedness: the bytes are the values.
                UnsafeMutableRawPointer(buffer.baseAddress!).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
                initialized = count
                return
            }
            #endif
            for index in 0..<count {
                buffer[index] = D(truncatingIfNeeded: S(littleEndianBytesAt: bytes.baseAddress! + index * width))
            }
            initialized = count
        }
    }

    private static func copyPacked<E: PackedElement>(_ bytes: UnsafeRawBufferPointer, as _: E.Type) -> [E] {
        let count = bytes.count / MemoryLayout<E>.size
        guard count > 0 else { return [] }   // see `widen`: the empty singleton must not be written
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
