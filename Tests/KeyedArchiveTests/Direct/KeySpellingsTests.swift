import Foundation
@testable import KeyedArchive
import Testing

/// The decoder's key spellings (`KeySpellings`): a key table read through them is what
/// `ArchiveBody.keyTable(in:at:)` reads, entry for entry, error for error, whatever spellings
/// came before; and a spelling read before a key set names it is matched once the set exists.
/// Serialized: two tests set `LateKeyed.keys`, a static, and one reading while the other set it
/// failed now and then (its keys not found: `CancellationError`, the type's own refusal).
@Suite(.serialized) struct KeySpellingsTests {
    /// Names of every kind the identities and matches tell apart.
    static let names = ["id", "name", "sentAt", "K", "Kelvin", "\u{212A}", "caf\u{E9}", "cafe\u{301}", "7", "-3", "07", "",
                        "a;b", "x`", String(repeating: "long", count: 20), String(repeating: "lang", count: 20), "\u{1F600}"]

    /// A key table of `names`: its count, then each as a length and its bytes.
    static func table(_ names: [[UInt8]]) -> [UInt8] {
        var bytes = varint(names.count)
        for name in names { bytes += varint(name.count) + name }
        return bytes
    }

    static func varint(_ value: Int) -> [UInt8] {
        var value = UInt64(value), bytes: [UInt8] = []
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        return bytes + [UInt8(value)]
    }

    @Test func tablesReadAsTheWireLayerReadsThem() throws {
        var spellings = KeySpellings()
        var seed: UInt64 = 0x5EED
        func next(_ n: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(n))
        }
        for round in 0..<3_000 {
            var entries = (0..<next(6)).map { _ in Array(Self.names[next(Self.names.count)].utf8) }
            // Now and then a document's table, larger than the spellings kept.
            if round % 500 == 0 { entries += (0..<300).map { Array("key \($0 * next(3))".utf8) } }
            // Now and then a damaged entry: bytes that are not UTF-8.
            if next(10) == 0, !entries.isEmpty { entries[next(entries.count)] = [0xC3, 0x28] }
            var bytes = Self.table(entries)
            // Now and then a cut or a byte too many.
            switch next(12) {
            case 0 where bytes.count > 1: bytes.removeLast(1 + next(bytes.count - 1))
            case 1: bytes.append(0)
            default: break
            }
            let expected = bytes.withUnsafeBytes { raw in
                Result { () throws(ArchiveFormatError) in try ArchiveBody.keyTable(in: ByteReader(raw), at: 0..<raw.count) }
            }
            let read = bytes.withUnsafeBytes { raw in
                Result { () throws(ArchiveFormatError) in try spellings.keyTable(in: ByteReader(raw), at: 0..<raw.count) }
            }
            switch (expected, read) {
            case (.success(let expected), .success(let read)):
                #expect(read.keys == expected.keys && read.keys.map { Array($0.utf8) } == expected.keys.map { Array($0.utf8) }, "round \(round)")
                #expect(read.identities == expected.identities, "round \(round): \(expected.keys)")
                #expect(read.hasEquivalentSpellings == expected.hasEquivalentSpellings, "round \(round)")
                #expect(read.names.count == read.keys.count)
            case (.failure(let expected), .failure(let read)):
                #expect(read.kind == expected.kind && read.offset == expected.offset, "round \(round)")
            default:
                Issue.record("round \(round): \(expected) against \(read)")
            }
        }
    }

    /// Names whose own slot is `slot`, or its pair's (the slot with the lowest bit flipped).
    static func names(sharingPairOf slot: Int, count: Int) -> [String] {
        var found: [String] = []
        var index = 0
        while found.count < count {
            let name = "key\(index)"
            if Array(name.utf8).withUnsafeBytes({ KeySpellings.slot(of: $0.baseAddress!, length: $0.count) }) | 1 == slot | 1 { found.append(name) }
            index += 1
        }
        return found
    }

    /// Two names of one slot, in tables that alternate (two message types on one stream), are
    /// both kept: after the first two tables no spelling is worked out again. Three names of one
    /// pair take it in turn, and every table still reads as the wire layer reads it.
    @Test func namesSharingASlotAreKeptSideBySide() throws {
        let first = try #require(Self.names(sharingPairOf: 40, count: 1).first)
        let home = Array(first.utf8).withUnsafeBytes { KeySpellings.slot(of: $0.baseAddress!, length: $0.count) }
        let sharing = Self.names(sharingPairOf: home, count: 40).filter {
            Array($0.utf8).withUnsafeBytes { KeySpellings.slot(of: $0.baseAddress!, length: $0.count) } == home
        }
        try #require(sharing.count >= 3, "names of one slot: \(sharing)")
        var spellings = KeySpellings()
        func read(_ names: [String]) throws -> DecodedKeyTable {
            let bytes = Self.table(names.map { Array($0.utf8) })
            return try bytes.withUnsafeBytes { raw throws(ArchiveFormatError) in try spellings.keyTable(in: ByteReader(raw), at: 0..<raw.count) }
        }
        let (a, b, c) = (sharing[0], sharing[1], sharing[2])
        _ = try read([a])
        _ = try read([b])
        let warm = spellings.rememberedCount
        for _ in 0..<10 {
            #expect(try read([a]).keys == [a])
            #expect(try read([b]).keys == [b])
            #expect(try read([a, b]).keys == [a, b])
        }
        #expect(spellings.rememberedCount == warm, "two names of slot \(home) were worked out again")
        for _ in 0..<10 {
            #expect(try read([a, b, c]).keys == [a, b, c])
            #expect(try read([c, a]).keys == [c, a])
        }
    }

    @Test func aSpellingReadBeforeItsKeySetIsMatchedOnceTheSetExists() throws {
        // A name no key set has yet, read first by the Codable path (the spellings keep it as
        // naming no key), then by generated code whose key set is made afterwards.
        let name = "late\(UInt64.random(in: 0...UInt64.max))"
        let plain = try ArchiveEncoder().encode(["other": 2, name: 1])
        let decoder = ArchiveDecoder()
        _ = try decoder.decode([String: Int].self, from: plain)
        LateKeyed.keys = ArchiveKeySet([LateKeyed.Key(stringValue: name), LateKeyed.Key(stringValue: "other")])
        let read = try decoder.decode(LateKeyed.self, from: plain)
        #expect(read.first == 1 && read.second == 2)
    }

    @Test func theStringsOfARepeatedTableAreReadWhereThisArchiveHasIt() throws {
        // A message reads a table's numbers only; its strings are read when the general path
        // asks. The next archive has the same table bytes further on (longer values before
        // them): its strings must be read there, not where the last archive had them.
        struct Plain: Codable, Equatable { var first: Int; var second: Int }
        let short = try ArchiveEncoder().encode(Plain(first: 1, second: 2))
        let long = try ArchiveEncoder().encode(Plain(first: .max, second: .min))
        LateKeyed.keys = ArchiveKeySet([LateKeyed.Key(stringValue: "first"), LateKeyed.Key(stringValue: "second")])
        let decoder = ArchiveDecoder()
        for _ in 0..<3 {
            #expect(try decoder.decode(LateKeyed.self, from: short).first == 1)
            #expect(try decoder.decode(Plain.self, from: long) == Plain(first: .max, second: .min))
            #expect(try decoder.decode(LateKeyed.self, from: long).second == .min)
            #expect(try decoder.decode([String: Int].self, from: short) == ["first": 1, "second": 2])
        }
    }
}

/// Read as generated code reads, with a key set made at run time.
private struct LateKeyed: ArchiveDirectDecodable, Decodable {
    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
    nonisolated(unsafe) static var keys: ArchiveKeySet!
    var first: Int
    var second: Int

    static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> LateKeyed {
        let container = try decoder.keyedContainer(keys)
        // `contains` takes the general reader, whose container matches the table's entries.
        guard container.contains(0), container.contains(1) else { throw CancellationError() }
        return LateKeyed(first: try container.decode(at: 0), second: try container.decode(at: 1))
    }

    init(first: Int, second: Int) { (self.first, self.second) = (first, second) }
    init(from decoder: any Decoder) throws { preconditionFailure("read by generated code only") }
}
