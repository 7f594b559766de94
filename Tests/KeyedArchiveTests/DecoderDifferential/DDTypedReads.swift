// One concrete call per type and container kind, so that each container's concrete overloads
// (not only the generic `decode<T>`) are exercised by the decoder differential programs.
import Foundation

/// The types a decoding program reads.
enum DDType: String, CaseIterable, Sendable {
    case bool, int, int8, uint8, int16, uint16, int32, uint32, int64, uint64, uint, int128, uint128, double, float, string, intArray, stringArray, doubleArray, boolArray, stringIntDict, optionalInt, optionalString
}

extension KeyedDecodingContainer {
    /// Reads `type` for `key` (through `decodeIfPresent` if asked) and renders the result.
    func ddRead(_ type: DDType, forKey key: Key, ifPresent: Bool) throws -> String {
        switch type {
        case .bool: return ifPresent ? show(try decodeIfPresent((Bool).self, forKey: key)) : show(try decode((Bool).self, forKey: key))
        case .int: return ifPresent ? show(try decodeIfPresent((Int).self, forKey: key)) : show(try decode((Int).self, forKey: key))
        case .int8: return ifPresent ? show(try decodeIfPresent((Int8).self, forKey: key)) : show(try decode((Int8).self, forKey: key))
        case .uint8: return ifPresent ? show(try decodeIfPresent((UInt8).self, forKey: key)) : show(try decode((UInt8).self, forKey: key))
        case .int16: return ifPresent ? show(try decodeIfPresent((Int16).self, forKey: key)) : show(try decode((Int16).self, forKey: key))
        case .uint16: return ifPresent ? show(try decodeIfPresent((UInt16).self, forKey: key)) : show(try decode((UInt16).self, forKey: key))
        case .int32: return ifPresent ? show(try decodeIfPresent((Int32).self, forKey: key)) : show(try decode((Int32).self, forKey: key))
        case .uint32: return ifPresent ? show(try decodeIfPresent((UInt32).self, forKey: key)) : show(try decode((UInt32).self, forKey: key))
        case .int64: return ifPresent ? show(try decodeIfPresent((Int64).self, forKey: key)) : show(try decode((Int64).self, forKey: key))
        case .uint64: return ifPresent ? show(try decodeIfPresent((UInt64).self, forKey: key)) : show(try decode((UInt64).self, forKey: key))
        case .uint: return ifPresent ? show(try decodeIfPresent((UInt).self, forKey: key)) : show(try decode((UInt).self, forKey: key))
        case .int128: return ifPresent ? show(try decodeIfPresent((Int128).self, forKey: key)) : show(try decode((Int128).self, forKey: key))
        case .uint128: return ifPresent ? show(try decodeIfPresent((UInt128).self, forKey: key)) : show(try decode((UInt128).self, forKey: key))
        case .double: return ifPresent ? show(try decodeIfPresent((Double).self, forKey: key)) : show(try decode((Double).self, forKey: key))
        case .float: return ifPresent ? show(try decodeIfPresent((Float).self, forKey: key)) : show(try decode((Float).self, forKey: key))
        case .string: return ifPresent ? show(try decodeIfPresent((String).self, forKey: key)) : show(try decode((String).self, forKey: key))
        case .intArray: return ifPresent ? show(try decodeIfPresent(([Int]).self, forKey: key)) : show(try decode(([Int]).self, forKey: key))
        case .stringArray: return ifPresent ? show(try decodeIfPresent(([String]).self, forKey: key)) : show(try decode(([String]).self, forKey: key))
        case .doubleArray: return ifPresent ? show(try decodeIfPresent(([Double]).self, forKey: key)) : show(try decode(([Double]).self, forKey: key))
        case .boolArray: return ifPresent ? show(try decodeIfPresent(([Bool]).self, forKey: key)) : show(try decode(([Bool]).self, forKey: key))
        case .stringIntDict: return ifPresent ? show(try decodeIfPresent(([String: Int]).self, forKey: key)) : show(try decode(([String: Int]).self, forKey: key))
        case .optionalInt: return ifPresent ? show(try decodeIfPresent((Int?).self, forKey: key)) : show(try decode((Int?).self, forKey: key))
        case .optionalString: return ifPresent ? show(try decodeIfPresent((String?).self, forKey: key)) : show(try decode((String?).self, forKey: key))
        }
    }
}

extension UnkeyedDecodingContainer {
    /// Reads the next element as `type` (through `decodeIfPresent` if asked) and renders it.
    mutating func ddRead(_ type: DDType, ifPresent: Bool) throws -> String {
        switch type {
        case .bool: return ifPresent ? show(try decodeIfPresent((Bool).self)) : show(try decode((Bool).self))
        case .int: return ifPresent ? show(try decodeIfPresent((Int).self)) : show(try decode((Int).self))
        case .int8: return ifPresent ? show(try decodeIfPresent((Int8).self)) : show(try decode((Int8).self))
        case .uint8: return ifPresent ? show(try decodeIfPresent((UInt8).self)) : show(try decode((UInt8).self))
        case .int16: return ifPresent ? show(try decodeIfPresent((Int16).self)) : show(try decode((Int16).self))
        case .uint16: return ifPresent ? show(try decodeIfPresent((UInt16).self)) : show(try decode((UInt16).self))
        case .int32: return ifPresent ? show(try decodeIfPresent((Int32).self)) : show(try decode((Int32).self))
        case .uint32: return ifPresent ? show(try decodeIfPresent((UInt32).self)) : show(try decode((UInt32).self))
        case .int64: return ifPresent ? show(try decodeIfPresent((Int64).self)) : show(try decode((Int64).self))
        case .uint64: return ifPresent ? show(try decodeIfPresent((UInt64).self)) : show(try decode((UInt64).self))
        case .uint: return ifPresent ? show(try decodeIfPresent((UInt).self)) : show(try decode((UInt).self))
        case .int128: return ifPresent ? show(try decodeIfPresent((Int128).self)) : show(try decode((Int128).self))
        case .uint128: return ifPresent ? show(try decodeIfPresent((UInt128).self)) : show(try decode((UInt128).self))
        case .double: return ifPresent ? show(try decodeIfPresent((Double).self)) : show(try decode((Double).self))
        case .float: return ifPresent ? show(try decodeIfPresent((Float).self)) : show(try decode((Float).self))
        case .string: return ifPresent ? show(try decodeIfPresent((String).self)) : show(try decode((String).self))
        case .intArray: return ifPresent ? show(try decodeIfPresent(([Int]).self)) : show(try decode(([Int]).self))
        case .stringArray: return ifPresent ? show(try decodeIfPresent(([String]).self)) : show(try decode(([String]).self))
        case .doubleArray: return ifPresent ? show(try decodeIfPresent(([Double]).self)) : show(try decode(([Double]).self))
        case .boolArray: return ifPresent ? show(try decodeIfPresent(([Bool]).self)) : show(try decode(([Bool]).self))
        case .stringIntDict: return ifPresent ? show(try decodeIfPresent(([String: Int]).self)) : show(try decode(([String: Int]).self))
        case .optionalInt: return ifPresent ? show(try decodeIfPresent((Int?).self)) : show(try decode((Int?).self))
        case .optionalString: return ifPresent ? show(try decodeIfPresent((String?).self)) : show(try decode((String?).self))
        }
    }
}

extension SingleValueDecodingContainer {
    /// Reads the value as `type` and renders it.
    func ddRead(_ type: DDType) throws -> String {
        switch type {
        case .bool: return show(try decode((Bool).self))
        case .int: return show(try decode((Int).self))
        case .int8: return show(try decode((Int8).self))
        case .uint8: return show(try decode((UInt8).self))
        case .int16: return show(try decode((Int16).self))
        case .uint16: return show(try decode((UInt16).self))
        case .int32: return show(try decode((Int32).self))
        case .uint32: return show(try decode((UInt32).self))
        case .int64: return show(try decode((Int64).self))
        case .uint64: return show(try decode((UInt64).self))
        case .uint: return show(try decode((UInt).self))
        case .int128: return show(try decode((Int128).self))
        case .uint128: return show(try decode((UInt128).self))
        case .double: return show(try decode((Double).self))
        case .float: return show(try decode((Float).self))
        case .string: return show(try decode((String).self))
        case .intArray: return show(try decode(([Int]).self))
        case .stringArray: return show(try decode(([String]).self))
        case .doubleArray: return show(try decode(([Double]).self))
        case .boolArray: return show(try decode(([Bool]).self))
        case .stringIntDict: return show(try decode(([String: Int]).self))
        case .optionalInt: return show(try decode((Int?).self))
        case .optionalString: return show(try decode((String?).self))
        }
    }
}

/// A decoded value as a trace line: its type and value (dictionaries sorted by key).
func show<T>(_ value: T) -> String {
    if let dictionary = value as? [String: Int] { return "\(T.self) \(dictionary.sorted { $0.key < $1.key })" }
    if let optional = value as? [String: Int]?, let dictionary = optional { return "\(T.self) some(\(dictionary.sorted { $0.key < $1.key }))" }
    return "\(T.self) \(value)"
}
