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

    // MARK: [Bool]

    /// `ContiguousArray<Bool>` has no fast path. 127 and 128 elements: the payload's length
    /// varint grows to two bytes between them.
    @Test(arguments: [[], [false], [true, false, true], Array(repeating: true, count: 126), Array(repeating: false, count: 127),
                      (0..<300).map { $0 % 3 == 0 }] as [[Bool]])
    func boolArraysMatchTheGenericEncodingByteForByte(_ bools: [Bool]) throws {
        let fast = try ArchiveEncoder().encode(bools)
        let generic = try ArchiveEncoder().encode(ContiguousArray(bools))
        #expect(fast == generic)
        #expect(try ArchiveDecoder().decode([Bool].self, from: generic) == bools)
        #expect(try ArchiveDecoder().decode(ContiguousArray<Bool>.self, from: fast) == ContiguousArray(bools))
        // Inside a struct, through both coders' keyed paths.
        struct Holder: Codable, Equatable { var flags: [Bool]; var after: Int }
        let holder = Holder(flags: bools, after: 7)
        #expect(try ArchiveDecoder().decode(Holder.self, from: ArchiveEncoder().encode(holder)) == holder)
    }

    @Test func boolArrayWithANonBoolElementIsATypeMismatchAtItsIndex() throws {
        struct Mixed: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.unkeyedContainer()
                try container.encode(true)
                try container.encode(false)
                try container.encode(1)
            }
        }
        let data = try ArchiveEncoder().encode(Mixed())
        #expect {
            _ = try ArchiveDecoder().decode([Bool].self, from: data)
        } throws: { error in
            guard case DecodingError.typeMismatch(let type, let context) = error else { return false }
            return type == Bool.self && context.codingPath.map(\.intValue) == [2]
        }
    }

    @Test func boolArrayWhoseCountDisagreesWithItsLengthIsCorrupted() throws {
        // [true, false] claiming three elements in a payload of three bytes (count + two), and
        // claiming one element with two bytes after it: the generic reader reports both.
        let tooMany: [UInt8] = [0x4B, 0x41, 0x52, 0x43, 0x01, 0x00, 0x0D, 0x03, 0x03, 0x02, 0x01, 0x00]
        let tooFew: [UInt8] = [0x4B, 0x41, 0x52, 0x43, 0x01, 0x00, 0x0D, 0x03, 0x01, 0x02, 0x01, 0x00]
        #expect(throws: DecodingError.self) { try ArchiveDecoder().decode([Bool].self, from: tooMany) }
        #expect(throws: DecodingError.self) { try ArchiveDecoder().decode([Bool].self, from: tooFew) }
        // Well formed, the same bytes read.
        let good: [UInt8] = [0x4B, 0x41, 0x52, 0x43, 0x01, 0x00, 0x0D, 0x03, 0x02, 0x02, 0x01, 0x00]
        #expect(try ArchiveDecoder().decode([Bool].self, from: good) == [true, false])
        // Every truncation of it fails, none crashes.
        for cut in 0..<good.count {
            #expect(throws: DecodingError.self) { try ArchiveDecoder().decode([Bool].self, from: Array(good[..<cut])) }
        }
    }

    @Test func boolArraysCountAgainstTheDepthLimitAndTheCollectionLimit() throws {
        struct Holder: Codable, Equatable { var flags: [Bool] }
        var encoder = ArchiveEncoder()
        encoder.maximumDepth = 1
        #expect(throws: EncodingError.self) { try encoder.encode(Holder(flags: [true])) }
        var decoder = ArchiveDecoder()
        decoder.limits.maximumDepth = 1
        let data = try ArchiveEncoder().encode(Holder(flags: [true]))
        #expect(throws: DecodingError.self) { try decoder.decode(Holder.self, from: data) }
        decoder.limits.maximumDepth = 2
        #expect(try decoder.decode(Holder.self, from: data) == Holder(flags: [true]))
        decoder.limits.maximumCollectionCount = 2
        #expect(throws: DecodingError.self) { try decoder.decode([Bool].self, from: ArchiveEncoder().encode([true, true, false])) }
        #expect(try decoder.decode([Bool].self, from: ArchiveEncoder().encode([true, false])) == [true, false])
    }

    /// The packed element kind byte of an archive whose root is a packed array.
    private func packedKind(_ data: Data) -> UInt8? {
        data.count > 7 && data[data.startIndex + 6] == 0x0E ? data[data.startIndex + 7] : nil
    }

    @Test(arguments: [
        ([Int8.min, Int8.max].map(Int.init), UInt8(0x01)),
        ([Int(Int8.max) + 1], 0x03), ([Int(Int16.min)], 0x03),
        ([Int(Int16.max) + 1], 0x05), ([Int(Int32.min)], 0x05),
        ([Int(Int32.max) + 1], 0x07), ([Int.min, Int.max], 0x07),
    ] as [([Int], UInt8)])
    func signedArraysUseTheNarrowestKind(_ values: [Int], _ kind: UInt8) throws {
        let data = try ArchiveEncoder().encode(values)
        #expect(packedKind(data) == kind)
        #expect(try ArchiveDecoder().decode([Int].self, from: data) == values)
        #expect(try ArchiveDecoder().decode([Int64].self, from: data) == values.map(Int64.init))
        // Every narrower type that holds the values reads them too; one that does not fails.
        let fitsInt32 = values.allSatisfy { Int32(exactly: $0) != nil }
        if fitsInt32 {
            #expect(try ArchiveDecoder().decode([Int32].self, from: data) == values.map { Int32($0) })
        } else {
            #expect(throws: DecodingError.self) { try ArchiveDecoder().decode([Int32].self, from: data) }
        }
    }

    @Test(arguments: [
        ([0, UInt(UInt16.max)], UInt8(0x02)),
        ([UInt(UInt16.max) + 1], 0x04),
        ([UInt(UInt32.max) + 1, UInt.max], 0x06),
    ] as [([UInt], UInt8)])
    func unsignedArraysUseTheNarrowestUnsignedKind(_ values: [UInt], _ kind: UInt8) throws {
        let data = try ArchiveEncoder().encode(values)
        #expect(packedKind(data) == kind)
        #expect(try ArchiveDecoder().decode([UInt].self, from: data) == values)
        #expect(try ArchiveDecoder().decode([UInt64].self, from: data) == values.map(UInt64.init))
        // Signed 64-bit holds every uint16/uint32 element; it cannot hold UInt.max.
        if values.allSatisfy({ Int64(exactly: $0) != nil }) {
            #expect(try ArchiveDecoder().decode([Int64].self, from: data) == values.map { Int64($0) })
        } else {
            #expect(throws: DecodingError.self) { try ArchiveDecoder().decode([Int64].self, from: data) }
        }
    }

    @Test func narrowerSwiftIntegerArraysRoundTripAndNarrow() throws {
        let int32s: [Int32] = [-5, 7, 300]
        let int16s: [Int16] = [Int16.min, 0]
        let uint32s: [UInt32] = [1, 2]
        #expect(packedKind(try ArchiveEncoder().encode(int32s)) == 0x03)
        #expect(packedKind(try ArchiveEncoder().encode(int16s)) == 0x03)
        #expect(packedKind(try ArchiveEncoder().encode(uint32s)) == 0x02)
        #expect(try TestSupport.roundTrip(int32s) == int32s)
        #expect(try TestSupport.roundTrip(int16s) == int16s)
        #expect(try TestSupport.roundTrip(uint32s) == uint32s)
        // A negative int8 element cannot become an unsigned value: the element path reports it.
        #expect(throws: DecodingError.self) { try ArchiveDecoder().decode([UInt].self, from: ArchiveEncoder().encode([-1])) }
    }

    // MARK: Empty containers

    private struct Empty: Codable, Equatable {}
    private struct Holder: Codable, Equatable {
        var empty = Empty()
        var strings: [String] = []
        var structs: [Empty] = []
        var dictionary: [String: Int] = [:]
    }

    @Test func emptyContainersAreWrittenInTheirOneByteForm() throws {
        let data = try ArchiveEncoder().encode(Holder())
        let bytes = [UInt8](data)
        // Four empty values: 10 (struct), 11 ([String]), 11 ([Empty]), 10 ([String: Int]).
        #expect(bytes.filter { $0 == 0x10 }.count == 2)
        #expect(bytes.filter { $0 == 0x11 }.count == 2)
        #expect(!bytes.contains(0x0D), "no long-form unkeyed container")
        #expect(try ArchiveDecoder().decode(Holder.self, from: data) == Holder())
    }

    @Test func readersAcceptTheLongFormOfEmptyContainers() throws {
        // {} as 0C 00 and [] as 0D 01 00: not what writers write, still valid to read.
        let keyed: [UInt8] = [0x4B, 0x41, 0x52, 0x43, 0x01, 0x00, 0x0C, 0x00, 0x00]
        let unkeyed: [UInt8] = [0x4B, 0x41, 0x52, 0x43, 0x01, 0x00, 0x0D, 0x01, 0x00, 0x00]
        #expect(try ArchiveDecoder().decode(Empty.self, from: keyed) == Empty())
        #expect(try ArchiveDecoder().decode([String: Int].self, from: keyed) == [:])
        #expect(try ArchiveDecoder().decode([Int].self, from: unkeyed) == [])
        #expect(try ArchiveDecoder().decode([String].self, from: unkeyed) == [])
    }

    @Test func lateWritesFillAContainerThatClosedEmpty() throws {
        struct Late: Encodable {
            enum Keys: String, CodingKey { case nested, after }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Keys.self)
                var nested = container.nestedUnkeyedContainer(forKey: .nested)
                try container.encode(1, forKey: .after)   // closes `nested` while it is empty
                try nested.encode("late")
            }
        }
        struct Read: Decodable, Equatable { var nested: [String]; var after: Int }
        let data = try ArchiveEncoder().encode(Late())
        #expect(try ArchiveDecoder().decode(Read.self, from: data) == Read(nested: ["late"], after: 1))
    }
}
