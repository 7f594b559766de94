#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// Single values: what the generated code of an enum with a raw value (`enum Mood: String`)
// writes and reads. Its `Codable` conformance is the standard library's for
// `RawRepresentable`, which puts the raw value in a single-value container: in an archive, the
// raw value itself, in the value's place. These write and read exactly that, with the errors
// of `singleValueContainer().decode(_:)` at the value's coding path.

extension ArchiveDirectEncoder {
    /// Writes `value` as the whole value.
    public mutating func encodeSingleValue(_ value: String) throws { claimValue(); NativeEncoding.writeString(value, into: &sink.writer) }
    /// Writes `value` as the whole value.
    public mutating func encodeSingleValue(_ value: Double) throws { claimValue(); NativeEncoding.writeDouble(value, into: &sink.writer) }
    /// Writes `value` as the whole value.
    public mutating func encodeSingleValue(_ value: Float) throws { claimValue(); NativeEncoding.writeFloat(value, into: &sink.writer) }
    /// Writes `value` as the whole value.
    public mutating func encodeSingleValue(_ value: Int) throws { claimValue(); NativeEncoding.writeInteger(value, into: &sink.writer) }
    /// Writes `value` as the whole value.
    public mutating func encodeSingleValue(_ value: Int8) throws { claimValue(); NativeEncoding.writeInteger(value, into: &sink.writer) }
    /// Writes `value` as the whole value.
    public mutating func encodeSingleValue(_ value: Int16) throws { claimValue(); NativeEncoding.writeInteger(value, into: &sink.writer) }
    /// Writes `value` as the whole value.
    public mutating func encodeSingleValue(_ value: Int32) throws { claimValue(); NativeEncoding.writeInteger(value, into: &sink.writer) }
    /// Writes `value` as the whole value.
    public mutating func encodeSingleValue(_ value: Int64) throws { claimValue(); NativeEncoding.writeInteger(value, into: &sink.writer) }
    /// Writes `value` as the whole value.
    public mutating func encodeSingleValue(_ value: UInt) throws { claimValue(); NativeEncoding.writeInteger(value, into: &sink.writer) }
    /// Writes `value` as the whole value.
    public mutating func encodeSingleValue(_ value: UInt8) throws { claimValue(); NativeEncoding.writeInteger(value, into: &sink.writer) }
    /// Writes `value` as the whole value.
    public mutating func encodeSingleValue(_ value: UInt16) throws { claimValue(); NativeEncoding.writeInteger(value, into: &sink.writer) }
    /// Writes `value` as the whole value.
    public mutating func encodeSingleValue(_ value: UInt32) throws { claimValue(); NativeEncoding.writeInteger(value, into: &sink.writer) }
    /// Writes `value` as the whole value.
    public mutating func encodeSingleValue(_ value: UInt64) throws { claimValue(); NativeEncoding.writeInteger(value, into: &sink.writer) }
}

extension ArchiveDirectDecoder {
    /// The value's coding path, built only for an error.
    private var path: [any CodingKey] { parentPath.appending(component).path }

    /// The whole value, read as a `String`.
    public func decodeSingleValue(_ type: String.Type) throws -> String { try state.decodeString(at: location, path: path) }
    /// The whole value, read as a `Double`.
    public func decodeSingleValue(_ type: Double.Type) throws -> Double { try state.decodeDouble(at: location, path: path) }
    /// The whole value, read as a `Float`.
    public func decodeSingleValue(_ type: Float.Type) throws -> Float { try state.decodeFloat(at: location, path: path) }
    /// The whole value, read as a `Int`.
    public func decodeSingleValue(_ type: Int.Type) throws -> Int { try state.decodeInteger(Int.self, at: location, path: path) }
    /// The whole value, read as a `Int8`.
    public func decodeSingleValue(_ type: Int8.Type) throws -> Int8 { try state.decodeInteger(Int8.self, at: location, path: path) }
    /// The whole value, read as a `Int16`.
    public func decodeSingleValue(_ type: Int16.Type) throws -> Int16 { try state.decodeInteger(Int16.self, at: location, path: path) }
    /// The whole value, read as a `Int32`.
    public func decodeSingleValue(_ type: Int32.Type) throws -> Int32 { try state.decodeInteger(Int32.self, at: location, path: path) }
    /// The whole value, read as a `Int64`.
    public func decodeSingleValue(_ type: Int64.Type) throws -> Int64 { try state.decodeInteger(Int64.self, at: location, path: path) }
    /// The whole value, read as a `UInt`.
    public func decodeSingleValue(_ type: UInt.Type) throws -> UInt { try state.decodeInteger(UInt.self, at: location, path: path) }
    /// The whole value, read as a `UInt8`.
    public func decodeSingleValue(_ type: UInt8.Type) throws -> UInt8 { try state.decodeInteger(UInt8.self, at: location, path: path) }
    /// The whole value, read as a `UInt16`.
    public func decodeSingleValue(_ type: UInt16.Type) throws -> UInt16 { try state.decodeInteger(UInt16.self, at: location, path: path) }
    /// The whole value, read as a `UInt32`.
    public func decodeSingleValue(_ type: UInt32.Type) throws -> UInt32 { try state.decodeInteger(UInt32.self, at: location, path: path) }
    /// The whole value, read as a `UInt64`.
    public func decodeSingleValue(_ type: UInt64.Type) throws -> UInt64 { try state.decodeInteger(UInt64.self, at: location, path: path) }

    /// The error the standard library's `RawRepresentable` decoding throws when `rawValue` names
    /// no case of `type`: the same kind, path and description.
    public func invalidRawValue<Raw>(_ type: Any.Type, _ rawValue: Raw) -> DecodingError {
        DecodingErrors.invalidRawValue(type, rawValue, path: path)
    }
}
