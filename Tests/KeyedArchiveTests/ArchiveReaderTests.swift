import Foundation
import Testing
@testable import KeyedArchive
import KeyedArchiveSamples

/// `EveryOptional` written by `encode(to:)` with some of its `nil` properties as explicit nil
/// entries (`encodeNil(forKey:)`), the others left out, as another program's encoder may.
private struct WithExplicitNils: Encodable {
    var value: EveryOptional
    /// The keys (positions) whose `nil` is written as a nil entry.
    var nils: Set<Int>

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: EveryOptional.CodingKeys.self)
        func put<T: Encodable>(_ property: T?, _ key: EveryOptional.CodingKeys, _ index: Int) throws {
            if let property {
                try container.encode(property, forKey: key)
            } else if nils.contains(index) {
                try container.encodeNil(forKey: key)
            }
        }
        try put(value.date, .date, 0)
        try put(value.url, .url, 1)
        try put(value.uuid, .uuid, 2)
        try put(value.data, .data, 3)
        try put(value.flag, .flag, 4)
        try put(value.text, .text, 5)
        try put(value.double, .double, 6)
        try put(value.float, .float, 7)
        try put(value.int, .int, 8)
        try put(value.int8, .int8, 9)
        try put(value.int16, .int16, 10)
        try put(value.int32, .int32, 11)
        try put(value.int64, .int64, 12)
        try put(value.uint, .uint, 13)
        try put(value.uint8, .uint8, 14)
        try put(value.uint16, .uint16, 15)
        try put(value.uint32, .uint32, 16)
        try put(value.uint64, .uint64, 17)
        try put(value.list, .list, 18)
        try put(value.leaf, .leaf, 19)
    }
}

/// The reader protocol (`Direct/ArchiveReader.swift`): generated code is generic over it and
/// calls `decode(at:)`, whose `Optional` overloads must win for an optional property through
/// either reader (an absent key or a nil is `nil`, not `keyNotFound` or a type mismatch), as
/// the synthesized `init(from:)` reads it; the message reader reads it without giving it up.
@Suite struct ArchiveReaderTests {
    @Test func absentAndNilOptionalsReadAsNilThroughEitherReader() throws {
        var generator = SampleGenerator(seed: 48)
        var codable = ArchiveDecoder()
        codable.usesGeneratedCode = false
        var general = ArchiveDecoder()
        general.readsMessages = false
        var encoder = ArchiveEncoder()
        encoder.usesGeneratedCode = false
        for round in 0..<200 {
            // All absent, all explicit nils, all set, then at random.
            let value = round < 2 ? EveryOptional() : EveryOptional.random(&generator)
            let nils: Set<Int> = round == 0 ? [] : round == 1 ? Set(0..<20) : Set((0..<20).filter { _ in Bool.random(using: &generator) })
            let bytes = try encoder.encode(WithExplicitNils(value: value, nils: nils))
            let expected = try codable.decode(EveryOptional.self, from: bytes)
            #expect(expected == value, "the synthesized init(from:) is the oracle; it must read the value back")
            #expect(try general.decode(EveryOptional.self, from: bytes) == expected)
            let message = ArchiveDecoder().messageValue(EveryOptional.self, from: bytes)
            #expect(message == expected, "the message reader gave up, or read another value")
            #expect(try ArchiveDecoder().decode(EveryOptional.self, from: bytes) == expected)
        }
    }

    /// A non-optional property whose key is absent is `keyNotFound` at the same path through
    /// the general reader as through `init(from:)`; the message reader gives it up to the
    /// general path, so the caller sees the same error.
    @Test func anAbsentRequiredKeyIsKeyNotFoundThroughEitherReader() throws {
        let bytes = try ArchiveEncoder().encode(["other": 1])
        var codable = ArchiveDecoder()
        codable.usesGeneratedCode = false
        var general = ArchiveDecoder()
        general.readsMessages = false
        #expect(ArchiveDecoder().messageValue(EveryOptional.Leaf.self, from: bytes) == nil)
        for decoder in [codable, general, ArchiveDecoder()] {
            #expect { try decoder.decode(EveryOptional.Leaf.self, from: bytes) } throws: { error in
                guard case DecodingError.keyNotFound(let key, let context) = error else { return false }
                return key.stringValue == "tag" && context.codingPath.isEmpty
            }
        }
    }
}
