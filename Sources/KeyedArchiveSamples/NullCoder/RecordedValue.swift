import Foundation

// The Codable ceiling (see `nullCoder(for:)`): a value as the Codable calls made it, kept in
// memory so that `ReplayDecoder` can hand it back without reading any bytes.

/// One value as `RecordingEncoder` saw it.
indirect enum RecordedValue: Sendable {
    case null
    case bool(Bool)
    case string(String)
    case double(Double)
    case float(Float)
    case signed(Int64)
    case unsigned(UInt64)
    /// Values the null coder never takes apart, as `ArchiveEncoder` writes them natively, and
    /// without the cost they would have in any coder (`URL` parsing, `Date` conversion): see
    /// `NullCoding.isOpaque`. The common ones have their own case, so that handing them back
    /// needs no dynamic cast (which would cost more than the value's own decoding).
    case url(URL)
    case date(Date)
    case uuid(UUID)
    case data(Data)
    case strings([String])
    case doubles([Double])
    case opaque(OpaqueValue)
    /// A keyed container's entries in the order they were written, by key string.
    case keyed([(key: String, value: RecordedValue)])
    case unkeyed([RecordedValue])
}

/// A value of one of `NullCoding.isOpaque`'s types, which are all `Sendable`; the compiler
/// cannot see that through the generic `encode<T>` that records it.
struct OpaqueValue: @unchecked Sendable {
    let value: Any
}

/// The types the null coder passes through whole instead of through their `Codable`
/// conformance: those `ArchiveEncoder` writes natively (so their element-by-element cost is not
/// part of any ceiling it is compared with), and `URL`/`Date`, whose parsing and conversion every
/// real coder pays.
enum NullCoding {
    private static let opaqueTypes: [ObjectIdentifier] = [
        URL.self, Date.self, Data.self, UUID.self,
        [String].self, [Double].self, [Float].self, [UInt8].self,
        [Int].self, [Int64].self, [Int32].self, [Int16].self, [Int8].self,
        [UInt].self, [UInt64].self, [UInt32].self, [UInt16].self,
    ].map { ObjectIdentifier($0) }

    static func isOpaque<T>(_: T.Type) -> Bool { opaqueTypes.contains(ObjectIdentifier(T.self)) }

    /// `value`, of an opaque type, as a recorded value.
    static func opaque<T>(_ value: T) -> RecordedValue {
        if T.self == URL.self { return .url(unsafeBitCast(value, to: URL.self)) }
        if T.self == Date.self { return .date(unsafeBitCast(value, to: Date.self)) }
        if T.self == UUID.self { return .uuid(unsafeBitCast(value, to: UUID.self)) }
        if T.self == Data.self { return .data(unsafeBitCast(value, to: Data.self)) }
        if T.self == [String].self { return .strings(unsafeBitCast(value, to: [String].self)) }
        if T.self == [Double].self { return .doubles(unsafeBitCast(value, to: [Double].self)) }
        return .opaque(OpaqueValue(value: value))
    }
}
