import Foundation
import Testing
import KeyedArchive

// Archive / unarchive / round-trip helpers shared by the test files.

/// Encodes `value` with the given compression and `userInfo`.
func archive<T: Encodable>(_ value: T, compression: ArchiveCompression = .none,
                           userInfo: [CodingUserInfoKey: any Sendable] = [:]) throws -> Data {
    var encoder = ArchiveEncoder()
    encoder.compression = compression
    encoder.userInfo = userInfo
    return try encoder.encode(value)
}

/// Decodes a `type` from `data` with the given `userInfo`.
func unarchive<T: Decodable>(_ type: T.Type, from data: Data,
                             userInfo: [CodingUserInfoKey: any Sendable] = [:]) throws -> T {
    var decoder = ArchiveDecoder()
    decoder.userInfo = userInfo
    return try decoder.decode(type, from: data)
}

/// Encodes `value` with `compression` and decodes it back as `T` (`TestSupport.roundTrip` with an unlabeled compression).
func roundTrip<T: Codable>(_ value: T, _ compression: ArchiveCompression = .none) throws -> T {
    try TestSupport.roundTrip(value, compression: compression)
}

/// Every compression setting the round-trip helpers try: none, default zlib, zlib levels 1 and 9.
let everyCompression: [ArchiveCompression] = [.none, .zlib, .zlib(level: 1), .zlib(level: 9)]

/// Round-trips `value` uncompressed and with zlib and expects equality both times.
func expectRoundTrip<T: Codable & Equatable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) throws {
    for compression in [ArchiveCompression.none, .zlib] {
        let back = try TestSupport.roundTrip(value, compression: compression)
        #expect(back == value, "compression \(compression): got \(String(describing: back))", sourceLocation: sourceLocation)
    }
}

/// Round-trips at top level, as a keyed property (`Box`) and as array elements, plain and zlib.
func expectRoundTripInEveryPosition<T: Codable & Equatable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) throws {
    for compression in [ArchiveCompression.none, .zlib] {
        let back = try TestSupport.roundTrip(value, compression: compression)
        #expect(back == value, "top level, \(compression)", sourceLocation: sourceLocation)
        let boxed = try TestSupport.roundTrip(Box(value: value), compression: compression)
        #expect(boxed.value == value, "keyed, \(compression)", sourceLocation: sourceLocation)
        let array = try TestSupport.roundTrip([value, value], compression: compression)
        #expect(array == [value, value], "unkeyed, \(compression)", sourceLocation: sourceLocation)
    }
}

/// Round-trips with every setting in `everyCompression`, decoding from `Data` and from `[UInt8]`.
func expectRoundTripWithEveryCompression<T: Codable & Equatable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) throws {
    for compression in everyCompression {
        let data = try archive(value, compression: compression)
        #expect(try unarchive(T.self, from: data) == value, "\(compression)", sourceLocation: sourceLocation)
        #expect(try ArchiveDecoder().decode(T.self, from: [UInt8](data)) == value, "\(compression) [UInt8]", sourceLocation: sourceLocation)
    }
}
