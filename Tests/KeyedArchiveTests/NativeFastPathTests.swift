import Foundation
import Testing
@testable import KeyedArchive

/// The exact-type fast paths must be invisible: the same bytes as the generic Codable path,
/// the same errors, the same limits.
@Suite struct NativeFastPathTests {
    /// `ContiguousArray<String>` has no fast path: it goes through `unkeyedContainer()`.
    @Test(arguments: [[], [""], ["a", "b"], ["é", String(repeating: "x", count: 300)], (0..<200).map { "tag\($0)" }])
    func stringArraysMatchTheGenericEncodingByteForByte(_ strings: [String]) throws {
        let fast = try ArchiveEncoder().encode(strings)
        let generic = try ArchiveEncoder().encode(ContiguousArray(strings))
        #expect(fast == generic)
        #expect(try ArchiveDecoder().decode([String].self, from: generic) == strings)
        #expect(try ArchiveDecoder().decode(ContiguousArray<String>.self, from: fast) == ContiguousArray(strings))
    }

    @Test func stringArrayWithANonStringElementIsATypeMismatchAtItsIndex() throws {
        struct Mixed: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.unkeyedContainer()
                try container.encode("a")
                try container.encode(7)
            }
        }
        let data = try ArchiveEncoder().encode(Mixed())
        #expect {
            _ = try ArchiveDecoder().decode([String].self, from: data)
        } throws: { error in
            guard case DecodingError.typeMismatch(let type, let context) = error else { return false }
            return type == String.self && context.codingPath.map(\.intValue) == [1]
        }
    }

    @Test func stringArrayWithInvalidUTF8IsCorrupted() throws {
        // ["a", <0xFF>]: header, unkeyed (length 7, count 2), "a", a string of one invalid byte, empty key table.
        let bytes: [UInt8] = [0x4B, 0x41, 0x52, 0x43, 0x01, 0x00, 0x0D, 0x07, 0x02, 0x07, 0x01, 0x61, 0x07, 0x01, 0xFF, 0x00]
        #expect {
            _ = try ArchiveDecoder().decode([String].self, from: bytes)
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error,
                  let format = context.underlyingError as? ArchiveFormatError else { return false }
            return format.kind == .invalidUTF8 && context.codingPath.map(\.intValue) == [1]
        }
    }

    @Test func stringArraysCountAgainstTheDepthLimitOnBothSides() throws {
        var encoder = ArchiveEncoder()
        encoder.maximumDepth = 1
        // At depth 2 (inside a struct) a [String] container is one level too deep.
        struct Holder: Codable, Equatable { var tags: [String] }
        #expect(throws: EncodingError.self) { try encoder.encode(Holder(tags: ["a"])) }
        var decoder = ArchiveDecoder()
        decoder.limits.maximumDepth = 1
        let data = try ArchiveEncoder().encode(Holder(tags: ["a"]))
        #expect(throws: DecodingError.self) { try decoder.decode(Holder.self, from: data) }
        decoder.limits.maximumDepth = 2
        #expect(try decoder.decode(Holder.self, from: data) == Holder(tags: ["a"]))
    }
}
