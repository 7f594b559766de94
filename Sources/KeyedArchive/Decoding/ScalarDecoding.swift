/// Where a value is: a tagged value at `offset`, or an untagged element of a packed array.
struct ValueLocation {
    let offset: Int
    /// The end of the enclosing container: no part of the value may lie past it.
    let limit: Int
    /// Set for an element of a packed array, which has no tag of its own.
    let packed: PackedKind?

    init(offset: Int, limit: Int, packed: PackedKind? = nil) {
        self.offset = offset
        self.limit = limit
        self.packed = packed
    }
}

/// An integer as read from the wire: sign and magnitude, before range checks.
struct WireInteger {
    let negative: Bool
    /// For a negative value, `-1 - value`.
    let magnitude: UInt128

    func converted<T: FixedWidthInteger>(to _: T.Type) -> T? {
        if negative {
            guard T.isSigned, magnitude <= UInt128(T.max) else { return nil }
            return ~T(magnitude)
        }
        return T(exactly: magnitude)
    }

    var description: String { negative ? "-\(magnitude + 1)" : "\(magnitude)" }
}

/// Reading scalars from a `ValueLocation`, with Foundation's errors.
///
/// Integers convert between widths only when the value fits (300 into `Int8` is an error);
/// integers convert to floating point only when exact; floating point never converts to an
/// integer; `Bool` and numbers never convert into each other.
extension DecodingState {
    @inline(__always)
    func tag(at location: ValueLocation, path: @autoclosure () -> [any CodingKey]) throws -> UInt8 {
        do throws(ArchiveFormatError) { return try reader.byte(at: location.offset, limit: location.limit) } catch { throw DecodingErrors.corrupted(error, path: path()) }
    }

    /// Whether the value is a nil whose optional level is at most `maximumLevel`.
    func isNil(at location: ValueLocation, maximumLevel: Int) -> Bool {
        guard location.packed == nil, location.offset < location.limit else { return false }
        let tag = reader.base.load(fromByteOffset: location.offset, as: UInt8.self)
        if tag == WireTag.nil { return true }
        guard tag == WireTag.nestedNil, maximumLevel > 0 else { return false }
        var p = location.offset + 1
        guard let level = try? reader.varint(at: &p, limit: location.limit) else { return false }
        return level <= UInt64(maximumLevel)
    }

    func wireInteger<T>(_ type: T.Type, at location: ValueLocation, path: @autoclosure () -> [any CodingKey]) throws -> WireInteger {
        if let kind = location.packed { return try packedInteger(type, kind, at: location.offset, path: path()) }
        let tag = try tag(at: location, path: path())
        if tag >= WireTag.fixintBase { return WireInteger(negative: false, magnitude: UInt128(tag &- WireTag.fixintBase)) }
        guard tag == WireTag.unsignedInt || tag == WireTag.negativeInt else {
            if tag == WireTag.sharedObject, hasReferences { return try wireInteger(type, at: markedValue(at: location, errorPath: path()), path: path()) }
            throw mismatch(type, tag: tag, path: path())
        }
        var p = location.offset + 1
        do throws(ArchiveFormatError) {
            let magnitude = try reader.varint128(at: &p, limit: location.limit)
            if tag == WireTag.negativeInt, magnitude > UInt128(Int128.max) {
                throw ArchiveFormatError(.malformed, at: location.offset, "negative integer below Int128.min")
            }
            return WireInteger(negative: tag == WireTag.negativeInt, magnitude: magnitude)
        } catch {
            throw DecodingErrors.corrupted(error, path: path())
        }
    }

    private func packedInteger<T>(_ type: T.Type, _ kind: PackedKind, at offset: Int, path: [any CodingKey]) throws -> WireInteger {
        func signed(_ value: Int64) -> WireInteger {
            value < 0 ? WireInteger(negative: true, magnitude: UInt128(~value)) : WireInteger(negative: false, magnitude: UInt128(value))
        }
        let r = reader
        switch kind {
        case .uint8: return WireInteger(negative: false, magnitude: UInt128(r.base.load(fromByteOffset: offset, as: UInt8.self)))
        case .int8: return signed(Int64(r.base.load(fromByteOffset: offset, as: Int8.self)))
        case .int16: return signed(Int64(Int16(littleEndian: r.base.loadUnaligned(fromByteOffset: offset, as: Int16.self))))
        case .int32: return signed(Int64(Int32(littleEndian: r.base.loadUnaligned(fromByteOffset: offset, as: Int32.self))))
        case .int64: return signed(Int64(littleEndian: r.base.loadUnaligned(fromByteOffset: offset, as: Int64.self)))
        case .uint16: return WireInteger(negative: false, magnitude: UInt128(UInt16(littleEndian: r.base.loadUnaligned(fromByteOffset: offset, as: UInt16.self))))
        case .uint32: return WireInteger(negative: false, magnitude: UInt128(UInt32(littleEndian: r.base.loadUnaligned(fromByteOffset: offset, as: UInt32.self))))
        case .uint64: return WireInteger(negative: false, magnitude: UInt128(UInt64(littleEndian: r.base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))))
        case .float32, .float64:
            throw DecodingError.typeMismatch(type, DecodingError.Context(
                codingPath: path, debugDescription: "Expected to decode \(type) but found \(kind.name) instead."))
        }
    }

    func decodeInteger<T: FixedWidthInteger>(_ type: T.Type, at location: ValueLocation, path: @autoclosure () -> [any CodingKey]) throws -> T {
        if let value = quickInteger(type, at: location) { return value }
        return try generalInteger(type, at: location, path: path())
    }

    // The quick reads: the common well-formed cases of a scalar, with no coding path to pass
    // (a caller that builds its path in a closure captures, and so retains, what the path is
    // made of, on every value). `nil` means "not this case", never an error: the caller then
    // reads the value the general way, which finds the same value or throws.

    /// A fixint, or an integer of up to 63 bits (9 varint bytes), that fits in `T`.
    @inline(__always)
    func quickInteger<T: FixedWidthInteger>(_: T.Type, at location: ValueLocation) -> T? {
        guard location.packed == nil, location.offset < location.limit else { return nil }
        let tag = reader.base.load(fromByteOffset: location.offset, as: UInt8.self)
        if tag >= WireTag.fixintBase { return T(exactly: tag &- WireTag.fixintBase) }
        guard tag == WireTag.unsignedInt || tag == WireTag.negativeInt,
              let magnitude = reader.shortVarint(at: location.offset + 1, limit: location.limit) else { return nil }
        if tag == WireTag.unsignedInt { return T(exactly: magnitude) }
        // −1 − magnitude fits exactly when the magnitude does.
        guard T.isSigned, let positive = T(exactly: magnitude) else { return nil }
        return ~positive
    }

    /// `true` or `false`.
    @inline(__always)
    func quickBool(at location: ValueLocation) -> Bool? {
        guard location.packed == nil, location.offset < location.limit else { return nil }
        let tag = reader.base.load(fromByteOffset: location.offset, as: UInt8.self)
        return tag == WireTag.true ? true : tag == WireTag.false ? false : nil
    }

    /// A float64 (for `Double`) or float32 (for `Float`), whole.
    @inline(__always)
    func quickFloatingPoint<T: BinaryFloatingPoint>(_: T.Type, at location: ValueLocation) -> T? {
        guard location.packed == nil else { return nil }
        let width = MemoryLayout<T>.size
        let tag = T.self == Double.self ? WireTag.float64 : WireTag.float32
        guard location.limit - location.offset > width,
              reader.base.load(fromByteOffset: location.offset, as: UInt8.self) == tag else { return nil }
        if T.self == Double.self {
            return T(Double(bitPattern: UInt64(littleEndian: reader.base.loadUnaligned(fromByteOffset: location.offset + 1, as: UInt64.self))))
        }
        return T(Float(bitPattern: UInt32(littleEndian: reader.base.loadUnaligned(fromByteOffset: location.offset + 1, as: UInt32.self))))
    }

    /// A string whose length fits and whose bytes are valid UTF-8.
    @inline(__always)
    func quickString(at location: ValueLocation) -> String? {
        guard location.packed == nil, location.offset < location.limit,
              reader.base.load(fromByteOffset: location.offset, as: UInt8.self) == WireTag.string else { return nil }
        var p = location.offset + 1
        guard let length = try? reader.length(at: &p, limit: location.limit) else { return nil }
        return reader.utf8String(p, length)
    }

    /// `decodeInteger` for what `quickInteger` leaves: long integers, packed elements, other
    /// tags and every error.
    private func generalInteger<T: FixedWidthInteger>(_ type: T.Type, at location: ValueLocation, path: @autoclosure () -> [any CodingKey]) throws -> T {
        let wire = try wireInteger(type, at: location, path: path())
        guard let value = wire.converted(to: T.self) else {
            throw DecodingErrors.notRepresentable(wire.description, as: T.self, path: path())
        }
        return value
    }

    func decodeDouble(at location: ValueLocation, path: @autoclosure () -> [any CodingKey]) throws -> Double {
        if let kind = location.packed {
            switch kind {
            case .float64: return Double(bitPattern: UInt64(littleEndian: reader.base.loadUnaligned(fromByteOffset: location.offset, as: UInt64.self)))
            case .float32: return Double(Float(bitPattern: UInt32(littleEndian: reader.base.loadUnaligned(fromByteOffset: location.offset, as: UInt32.self))))
            default: return try exactFloatingPoint(Double.self, at: location, path: path())
            }
        }
        let tag = try tag(at: location, path: path())
        switch tag {
        case WireTag.float64:
            return Double(bitPattern: try fixed(UInt64.self, at: location, path: path()))
        case WireTag.float32:
            return Double(Float(bitPattern: try fixed(UInt32.self, at: location, path: path())))
        case WireTag.sharedObject where hasReferences:
            return try decodeDouble(at: markedValue(at: location, errorPath: path()), path: path())
        default:
            return try exactFloatingPoint(Double.self, at: location, path: path())
        }
    }

    func decodeFloat(at location: ValueLocation, path: @autoclosure () -> [any CodingKey]) throws -> Float {
        let double: Double
        if let kind = location.packed {
            switch kind {
            case .float32: return Float(bitPattern: UInt32(littleEndian: reader.base.loadUnaligned(fromByteOffset: location.offset, as: UInt32.self)))
            case .float64: double = try decodeDouble(at: location, path: path())
            default: return try exactFloatingPoint(Float.self, at: location, path: path())
            }
        } else {
            let tag = try tag(at: location, path: path())
            switch tag {
            case WireTag.float32: return Float(bitPattern: try fixed(UInt32.self, at: location, path: path()))
            case WireTag.float64: double = Double(bitPattern: try fixed(UInt64.self, at: location, path: path()))
            case WireTag.sharedObject where hasReferences: return try decodeFloat(at: markedValue(at: location, errorPath: path()), path: path())
            default: return try exactFloatingPoint(Float.self, at: location, path: path())
            }
        }
        // A Double becomes a Float only without loss (NaN stays NaN; its payload may not).
        if double.isNaN { return .nan }
        guard let float = Float(exactly: double) else {
            throw DecodingErrors.notRepresentable("\(double)", as: Float.self, path: path())
        }
        return float
    }

    /// An integer read as floating point: allowed when the conversion is exact.
    private func exactFloatingPoint<T: BinaryFloatingPoint>(_ type: T.Type, at location: ValueLocation, path: @autoclosure () -> [any CodingKey]) throws -> T {
        let wire = try wireInteger(type, at: location, path: path())
        // magnitude <= Int128.max for negative values (checked when read), so this cannot overflow.
        let value = wire.negative ? T(exactly: -1 - Int128(wire.magnitude)) : T(exactly: wire.magnitude)
        guard let value else {
            throw DecodingErrors.notRepresentable(wire.description, as: T.self, path: path())
        }
        return value
    }

    func fixed<T: FixedWidthInteger>(_: T.Type, at location: ValueLocation, path: @autoclosure () -> [any CodingKey]) throws -> T {
        do throws(ArchiveFormatError) { return try reader.littleEndian(T.self, at: location.offset + 1, limit: location.limit) } catch { throw DecodingErrors.corrupted(error, path: path()) }
    }

    func decodeBool(at location: ValueLocation, path: @autoclosure () -> [any CodingKey]) throws -> Bool {
        let tag = location.packed == nil ? try tag(at: location, path: path()) : WireTag.packed
        if tag == WireTag.true { return true }
        if tag == WireTag.false { return false }
        if tag == WireTag.sharedObject, hasReferences { return try decodeBool(at: markedValue(at: location, errorPath: path()), path: path()) }
        throw mismatch(Bool.self, tag: tag, path: path())
    }

    func decodeString(at location: ValueLocation, path: @autoclosure () -> [any CodingKey]) throws -> String {
        let tag = location.packed == nil ? try tag(at: location, path: path()) : WireTag.packed
        guard tag == WireTag.string else {
            if tag == WireTag.sharedObject, hasReferences { return try decodeString(at: markedValue(at: location, errorPath: path()), path: path()) }
            throw mismatch(String.self, tag: tag, path: path())
        }
        return try utf8String(at: location, path: path())
    }

    /// The UTF-8 payload of a string or URL value.
    func utf8String(at location: ValueLocation, path: @autoclosure () -> [any CodingKey]) throws -> String {
        do throws(ArchiveFormatError) {
            var p = location.offset + 1
            let length = try reader.length(at: &p, limit: location.limit)
            guard let string = reader.utf8String(p, length) else {
                throw ArchiveFormatError(.invalidUTF8, at: location.offset, "string is not valid UTF-8")
            }
            return string
        } catch {
            throw DecodingErrors.corrupted(error, path: path())
        }
    }

    /// The payload of a bytes value.
    func bytesPayload(at location: ValueLocation, path: @autoclosure () -> [any CodingKey]) throws -> UnsafeRawBufferPointer {
        do throws(ArchiveFormatError) {
            var p = location.offset + 1
            let length = try reader.length(at: &p, limit: location.limit)
            return reader.slice(p, length)
        } catch {
            throw DecodingErrors.corrupted(error, path: path())
        }
    }

    /// A type mismatch, or `valueNotFound` when the value is nil.
    func mismatch(_ type: Any.Type, tag: UInt8, path: [any CodingKey]) -> DecodingError {
        if tag == WireTag.nil || tag == WireTag.nestedNil { return DecodingErrors.valueNotFound(type, path: path) }
        if tag == WireTag.packed { return .typeMismatch(type, DecodingError.Context(codingPath: path, debugDescription: "Expected to decode \(type) but found an element of a packed array instead.")) }
        return DecodingErrors.typeMismatch(type, found: tag, path: path)
    }
}
