import Foundation
import Testing
import KeyedArchive

// Sharing one encoder / decoder between tasks, containers that escape `decode`, and decoding
// in place from [UInt8], Data and Data slices.

fileprivate struct Item: Codable, Equatable, Sendable {
    var index: Int
    var name: String
    var values: [Double]
    var children: [Item]
    var date: Date
    var tag: UUID?
}

fileprivate func makeItem(_ i: Int) -> Item {
    Item(index: i, name: "item \(i) ✓", values: (0..<(i % 17)).map { Double($0) + Double(i) / 7 },
         children: (0..<(i % 4)).map { Item(index: -$0, name: "child \($0)", values: [], children: [], date: .distantPast, tag: nil) },
         date: Date(timeIntervalSinceReferenceDate: Double(i) * 1000.5), tag: i % 2 == 0 ? UUID() : nil)
}

fileprivate func requireSendable<T: Sendable>(_: T.Type) {}

fileprivate let userInfoKey = CodingUserInfoKey(rawValue: "robustness.scale")!

/// Reads `userInfo` in nested positions.
fileprivate struct Scaled: Codable, Equatable {
    var value: Int
    init(value: Int) { self.value = value }
    func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(value * (encoder.userInfo[userInfoKey] as? Int ?? 1))
    }
    init(from decoder: any Decoder) throws {
        value = try decoder.singleValueContainer().decode(Int.self) / (decoder.userInfo[userInfoKey] as? Int ?? 1)
    }
}

@Suite struct RobustnessConcurrencyTests {
    @Test func publicTypesAreSendable() {
        requireSendable(ArchiveEncoder.self)
        requireSendable(ArchiveDecoder.self)
        requireSendable(ArchiveDecoder.Limits.self)
        requireSendable(ArchiveCompression.self)
        requireSendable(ArchiveFormatError.self)
        requireSendable(ArchiveFormatError.Kind.self)
        let error: any Error & Sendable = ArchiveFormatError(.malformed, at: 3, "x")
        #expect((error as? ArchiveFormatError)?.offset == 3)
    }

    @Test(arguments: [ArchiveCompression.none, .zlib, .zlib(level: 1)])
    func oneEncoderAndDecoderSharedByAHundredTasks(_ compression: ArchiveCompression) async throws {
        var configured = ArchiveEncoder()
        configured.compression = compression
        configured.userInfo[userInfoKey] = 3
        let encoder = configured
        var configuredDecoder = ArchiveDecoder()
        configuredDecoder.userInfo[userInfoKey] = 3
        let decoder = configuredDecoder

        let results = try await withThrowingTaskGroup(of: (Int, Bool).self) { group in
            for i in 0..<100 {
                group.addTask {
                    var ok = true
                    for round in 0..<5 {
                        let item = makeItem(i * 5 + round)
                        let data = try encoder.encode(item)
                        let back = try decoder.decode(Item.self, from: data)
                        ok = ok && back == item
                        let bytes = [UInt8](try encoder.encode([Scaled(value: i), Scaled(value: -round)]))
                        let scaled = try decoder.decode([Scaled].self, from: bytes)
                        ok = ok && scaled == [Scaled(value: i), Scaled(value: -round)]
                        let numbers = (0..<(i * 10)).map { $0 * i }
                        let ints = try decoder.decode([Int].self, from: encoder.encode(numbers))
                        ok = ok && ints == numbers
                    }
                    return (i, ok)
                }
            }
            var collected: [Int: Bool] = [:]
            for try await (i, ok) in group { collected[i] = ok }
            return collected
        }
        #expect(results.count == 100)
        #expect(results.values.allSatisfy { $0 }, "failed tasks: \(results.filter { !$0.value }.keys.sorted())")
    }

    @Test func sharedDecoderWithBadInputInSomeTasks() async throws {
        let decoder = ArchiveDecoder()
        let expected = makeItem(12)
        let good = try ArchiveEncoder().encode(expected)
        let outcomes = await withTaskGroup(of: Bool.self) { group in
            for i in 0..<100 {
                group.addTask {
                    var bytes = [UInt8](good)
                    if i % 2 == 1 { bytes.removeLast(i % bytes.count + 1) }
                    do {
                        let item = try decoder.decode(Item.self, from: bytes)
                        return i % 2 == 0 && item == expected
                    } catch is DecodingError {
                        return i % 2 == 1
                    } catch {
                        return false
                    }
                }
            }
            var all: [Bool] = []
            for await outcome in group { all.append(outcome) }
            return all
        }
        #expect(outcomes.count == 100)
        #expect(outcomes.allSatisfy { $0 })
    }
}

// MARK: - Escaping containers

fileprivate enum EscKey: String, CodingKey { case name, number, list, nested, blob }

fileprivate struct EscapeSource: Encodable {
    var name = String(repeating: "escaped string ", count: 20)
    var number = 123_456_789
    var list = ["a", "bb", "ccc"]
    var nested = ["inner": [1.5, 2.5]]
    var blob = Data(repeating: 0xAB, count: 300)
}

/// Keeps its keyed container and reads from it later.
fileprivate final class KeepsKeyed: Decodable {
    let container: KeyedDecodingContainer<EscKey>
    init(from decoder: any Decoder) throws { container = try decoder.container(keyedBy: EscKey.self) }
}

/// Keeps an unkeyed container (over the `list`) and a decoder.
fileprivate final class KeepsUnkeyed: Decodable {
    var list: any UnkeyedDecodingContainer
    let decoder: any Decoder
    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: EscKey.self)
        list = try c.nestedUnkeyedContainer(forKey: .list)
        self.decoder = try c.superDecoder(forKey: .nested)
    }
}

/// Overwrites freed memory, so that reads through a dangling pointer would see junk.
fileprivate func churnTheHeap(size: Int) {
    for fill: UInt8 in [0xEE, 0x00, 0xFF] {
        var buffers: [[UInt8]] = []
        for _ in 0..<64 { buffers.append([UInt8](repeating: fill, count: size)) }
        var datas: [Data] = []
        for _ in 0..<64 { datas.append(Data(repeating: fill, count: size)) }
        #expect(buffers.count + datas.count == 128)
    }
}

fileprivate func checkEscapedKeyed(_ kept: KeepsKeyed, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let c = kept.container
    let expected = EscapeSource()
    #expect(try c.decode(String.self, forKey: .name) == expected.name, sourceLocation: sourceLocation)
    #expect(try c.decode(Int.self, forKey: .number) == expected.number, sourceLocation: sourceLocation)
    #expect(try c.decode([String].self, forKey: .list) == expected.list, sourceLocation: sourceLocation)
    #expect(try c.decode([String: [Double]].self, forKey: .nested) == expected.nested, sourceLocation: sourceLocation)
    #expect(try c.decode(Data.self, forKey: .blob) == expected.blob, sourceLocation: sourceLocation)
    #expect(Set(c.allKeys.map(\.stringValue)) == ["name", "number", "list", "nested", "blob"], sourceLocation: sourceLocation)
}

@Suite struct RobustnessEscapingTests {
    @Test(arguments: [ArchiveCompression.none, .zlib])
    func keyedContainerOutlivesDataInput(_ compression: ArchiveCompression) throws {
        var encoder = ArchiveEncoder()
        encoder.compression = compression
        var kept: KeepsKeyed?
        var size = 0
        do {
            let data = try encoder.encode(EscapeSource())
            size = data.count
            kept = try ArchiveDecoder().decode(KeepsKeyed.self, from: Data(data))  // a private copy, released below
        }
        churnTheHeap(size: size)
        try checkEscapedKeyed(try #require(kept))
    }

    @Test func keyedContainerOutlivesByteArrayInput() throws {
        var kept: KeepsKeyed?
        var bytes: [UInt8]? = [UInt8](try ArchiveEncoder().encode(EscapeSource()))
        let size = bytes!.count
        kept = try ArchiveDecoder().decode(KeepsKeyed.self, from: bytes!)
        // Scribble over the input before dropping it: the container must not see it.
        for i in bytes!.indices { bytes![i] = 0xEE }
        bytes = nil
        churnTheHeap(size: size)
        try checkEscapedKeyed(try #require(kept))
    }

    @Test func unkeyedContainerAndDecoderOutliveTheInput() throws {
        var bytes: [UInt8]? = [UInt8](try ArchiveEncoder().encode(EscapeSource()))
        let kept = try ArchiveDecoder().decode(KeepsUnkeyed.self, from: bytes!)
        for i in bytes!.indices { bytes![i] = 0x00 }
        bytes = nil
        churnTheHeap(size: 512)
        #expect(kept.list.count == 3)
        #expect(try kept.list.decode(String.self) == "a")
        #expect(try kept.list.decode(String.self) == "bb")
        #expect(try kept.list.decode(String.self) == "ccc")
        #expect(kept.list.isAtEnd)
        #expect(try [String: [Double]](from: kept.decoder) == ["inner": [1.5, 2.5]])
    }

    @Test func containerEscapingADecodeThatThrows() throws {
        // A type may stash its container somewhere and then throw. The decoder cannot know,
        // but the stashed container must still not read freed memory.
        final class Stash: @unchecked Sendable { var container: KeyedDecodingContainer<EscKey>? }
        struct StashesThenThrows: Decodable {
            init(from decoder: any Decoder) throws {
                let stash = decoder.userInfo[CodingUserInfoKey(rawValue: "stash")!] as! Stash
                stash.container = try decoder.container(keyedBy: EscKey.self)
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "on purpose"))
            }
        }
        let stash = Stash()
        var decoder = ArchiveDecoder()
        decoder.userInfo[CodingUserInfoKey(rawValue: "stash")!] = stash
        var bytes: [UInt8]? = [UInt8](try ArchiveEncoder().encode(EscapeSource()))
        let size = bytes!.count
        #expect(throws: DecodingError.self) { try decoder.decode(StashesThenThrows.self, from: bytes!) }
        for i in bytes!.indices { bytes![i] = 0xEE }
        bytes = nil
        churnTheHeap(size: size)
        let c = try #require(stash.container)
        #expect(try c.decode(Int.self, forKey: .number) == 123_456_789)
        #expect(try c.decode(String.self, forKey: .name) == EscapeSource().name)
        // The stash sits in the decoder's userInfo and holds a container that holds that
        // userInfo: a cycle of this test's making. Break it, so leak checkers stay quiet.
        stash.container = nil
    }
}

// MARK: - Reading in place

fileprivate struct InPlace: Codable, Equatable {
    var doubles: [Double]
    var ints: [Int]
    var int16s: [Int16]
    var name: String
    var blob: Data
    var date: Date
    var id: UUID
    var nested: [String: [Float]]
}

@Suite struct RobustnessInPlaceTests {
    // Computed, not a stored global: the same value every time, and nothing for a leak
    // checker to find at exit.
    fileprivate static var value: InPlace {
        InPlace(
            doubles: (0..<101).map { Double($0) / 3 }, ints: (0..<33).map { $0 * -7919 }, int16s: [1, -1, .max, .min],
            name: "in place ✓", blob: Data((0..<77).map { UInt8($0) }), date: Date(timeIntervalSinceReferenceDate: 1.25),
            id: UUID(uuidString: "00112233-4455-6677-8899-AABBCCDDEEFF")!, nested: ["f": [0.5, -0.0]])
    }

    @Test(arguments: [ArchiveCompression.none, .zlib])
    func arrayDataAndSlicesDecodeTheSame(_ compression: ArchiveCompression) throws {
        var encoder = ArchiveEncoder()
        encoder.compression = compression
        let archive = try encoder.encode(Self.value)
        let decoder = ArchiveDecoder()
        let fromData = try decoder.decode(InPlace.self, from: archive)
        let fromBytes = try decoder.decode(InPlace.self, from: [UInt8](archive))
        #expect(fromData == Self.value)
        #expect(fromBytes == Self.value)
        // Slices at every small offset, so packed arrays sit at every alignment.
        for lead in 0..<9 {
            let big = Data(repeating: 0xEE, count: lead) + archive + Data(repeating: 0xDD, count: 13)
            let slice = big[lead..<(lead + archive.count)]
            #expect(slice.startIndex == lead)
            #expect(try decoder.decode(InPlace.self, from: slice) == Self.value, "slice at \(lead)")
            let arraySlice = [UInt8](big)[lead..<(lead + archive.count)]
            #expect(try decoder.decode(InPlace.self, from: Array(arraySlice)) == Self.value)
            #expect(try decoder.decode(InPlace.self, from: Data(arraySlice)) == Self.value)
            // The slice does not include the trailing junk: with it, the archive is rejected.
            #expect(throws: DecodingError.self) { try decoder.decode(InPlace.self, from: big[lead...]) }
        }
    }

    @Test func bigDataSliceAtOffsetFive() throws {
        let archive = try ArchiveEncoder().encode(Self.value)
        var bigData = Data([1, 2, 3, 4, 5])
        bigData.append(archive)
        let n = bigData.count
        #expect(try ArchiveDecoder().decode(InPlace.self, from: bigData[5..<n]) == Self.value)
        // A slice of a slice.
        let outer = bigData[2..<n]
        #expect(try ArchiveDecoder().decode(InPlace.self, from: outer[5..<n]) == Self.value)
        // A slice that ends early is truncated.
        do {
            _ = try ArchiveDecoder().decode(InPlace.self, from: bigData[5..<(n - 1)])
            Issue.record("a slice one byte short decoded")
        } catch DecodingError.dataCorrupted(let context) {
            #expect((context.underlyingError as? ArchiveFormatError)?.kind == .truncated)
        }
    }

    @Test func emptyAndTinyInputs() {
        #expect(throws: DecodingError.self) { try ArchiveDecoder().decode(Int.self, from: Data()) }
        #expect(throws: DecodingError.self) { try ArchiveDecoder().decode(Int.self, from: [UInt8]()) }
        #expect(throws: DecodingError.self) { try ArchiveDecoder().decode(Int.self, from: Data([1, 2, 3])[3...]) }
        #expect(throws: DecodingError.self) { try ArchiveDecoder().decode(Int.self, from: Data([0x4B])) }
    }
}
