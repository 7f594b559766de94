import ArchiveTestSupport
import Foundation
@testable import KeyedArchive
import KeyedArchiveSamples
import Testing

/// The string keys of key sets, numbered for the process (`KeyNumbers`) and found by number in
/// an archive's key table (`KeyTable.wire(ofNumbered:at:)`): one entry per spelling, whichever
/// path (generated code or `Codable`) writes a key first, and the table's identity rules for
/// names that have other spellings or spell integers.
@Suite struct KeyNumbersTests {
    @Test func aSpellingHasOneNumberAndAnotherSpellingAnother() {
        #expect(KeyNumbers.number(of: "sequence") == KeyNumbers.number(of: "sequence"))
        #expect(KeyNumbers.number(of: "caf\u{E9}") != KeyNumbers.number(of: "cafe\u{301}"))
        #expect(KeyNumbers.number(of: "K") != KeyNumbers.number(of: "\u{212A}"))
        // Key sets of two types share the numbers of their common names.
        enum HeartbeatKeys: String, CodingKey { case sequence, sentAt }
        enum LineKeys: String, CodingKey { case id, sequence }
        let heartbeat = ArchiveKeySet([HeartbeatKeys.sequence, .sentAt]), line = ArchiveKeySet([LineKeys.id, .sequence])
        #expect(heartbeat.keyNumbers[0] == line.keyNumbers[1])
        #expect(heartbeat.keyNumbers[0] == KeyNumbers.number(of: "sequence"))
        #expect(Set(heartbeat.keyNumbers + line.keyNumbers).count == 3)
        // An integer key's name has its number too (an entry may spell it).
        enum IntegerKeys: Int, CodingKey { case one = 1, two }
        #expect(ArchiveKeySet([IntegerKeys.one, .two]).keyNumbers == [KeyNumbers.number(of: "one"), KeyNumbers.number(of: "two")])
        #expect(KeyNumbers.existingNumber(of: "one").number == KeyNumbers.number(of: "one"))
        #expect(KeyNumbers.existingNumber(of: "a name no key set has \(UInt64.random(in: 0...UInt64.max))").number == nil)
    }

    @Test func keySetsOfOneNameShareItsNumberPastAnyNumberOfSets() {
        enum Key: String, CodingKey { case a, b, c }
        let sets = (0..<300).map { _ in ArchiveKeySet([Key.a, .b, .c]) }
        #expect(Set(sets.map(\.keyNumbers)).count == 1)
        #expect(Set(sets[0].keyNumbers).count == 3)
    }

    @Test func whichNamesStandForThemselves() {
        for name in ["id", "sentAt", "user_id", "a b", "", "01", "-0", "x2"] {
            #expect(KeyNumbers.standsForItself(name), "\(name)")
        }
        // Integers in canonical decimal, names with a canonically equivalent spelling (KELVIN SIGN,
        // GREEK QUESTION MARK, GREEK VARIA decompose to these ASCII characters), and non-ASCII names.
        for name in ["7", "0", "-1", "-12", "K", "Kelvin", "a;b", "x`", "caf\u{E9}", "\u{212A}"] {
            #expect(!KeyNumbers.standsForItself(name), "\(name)")
        }
    }

    @Test func theOnlyASCIICharactersWithAnotherSpellingAreTheThree() {
        // What `standsForItself` rests on: no other non-ASCII scalar is canonically equivalent
        // to an ASCII character.
        var equivalents: [String] = []
        for value in 0x80...0x2FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let string = String(Character(scalar))
            for ascii in 0x20..<0x7F where string == String(UnicodeScalar(UInt8(ascii))) {
                equivalents.append(String(UnicodeScalar(UInt8(ascii))))
            }
        }
        #expect(equivalents.sorted() == [";", "K", "`"].sorted())
    }

    /// Values that write the same key names through generated code and through `Codable`, in
    /// one archive: their bytes must be those of the `Codable` path alone.
    static func mixedValues() -> [(String, (ArchiveEncoder) throws -> Data, (ArchiveDecoder, Data) throws -> Bool)] {
        func entry<T: Codable & Equatable>(_ name: String, _ value: T) -> (String, (ArchiveEncoder) throws -> Data, (ArchiveDecoder, Data) throws -> Bool) {
            (name, { try $0.encode(value) }, { try $0.decode(T.self, from: $1) == value })
        }
        let heartbeat = AlternatingStream.sample().heartbeats[0]
        return [
            entry("generated first", HeartbeatPair(generated: GeneratedCodeStringKeyedHeartbeat(heartbeat), plain: StringKeyedHeartbeat(heartbeat))),
            entry("plain first", PlainFirstPair(plain: StringKeyedHeartbeat(heartbeat), generated: GeneratedCodeStringKeyedHeartbeat(heartbeat))),
            entry("Kelvin by name first", KelvinPair(byName: KelvinByName(kelvin: 1), generated: KelvinGenerated(K: 2, seven: "s"))),
            entry("Kelvin generated first", KelvinPairReversed(generated: KelvinGenerated(K: 3, seven: "t"), byName: KelvinByName(kelvin: 4))),
            entry("Kelvin alone", KelvinGenerated(K: 5, seven: "u")),
            entry("Kelvin twice", [KelvinGenerated(K: 6, seven: "v"), KelvinGenerated(K: 7, seven: "w")]),
        ]
    }

    @Test(arguments: [EncoderOption.plain, .deterministic])
    func keysWrittenByNumberAndByNameShareTheirEntries(_ option: EncoderOption) throws {
        var codable = option.encoder
        codable.usesGeneratedCode = false
        var plainDecoder = ArchiveDecoder()
        plainDecoder.usesGeneratedCode = false
        let reused = option.encoder
        // Twice over on one encoder, so that each archive follows another's table.
        for (name, encode, decodes) in Self.mixedValues() + Self.mixedValues() {
            let expected = try encode(codable)
            let bytes = try encode(reused)
            #expect(bytes == expected, "\(name)")
            #expect(try encode(option.encoder) == expected, "\(name)")
            #expect(try decodes(ArchiveDecoder(), bytes), "\(name)")
            #expect(try decodes(plainDecoder, bytes), "\(name)")
        }
    }

    @Test func aTableHoldsEachSpellingOnce() throws {
        let heartbeat = AlternatingStream.sample().heartbeats[0]
        let bytes = try ArchiveEncoder().encode(HeartbeatPair(generated: GeneratedCodeStringKeyedHeartbeat(heartbeat),
                                                             plain: StringKeyedHeartbeat(heartbeat)))
        #expect(try InspectedArchive([UInt8](bytes)).keys == ["generated", "sequence", "sentAt", "plain"])
    }
}

private struct HeartbeatPair: Codable, Equatable {
    var generated: GeneratedCodeStringKeyedHeartbeat
    var plain: StringKeyedHeartbeat
}

private struct PlainFirstPair: Codable, Equatable {
    var plain: StringKeyedHeartbeat
    var generated: GeneratedCodeStringKeyedHeartbeat
}

/// A key spelled with U+212A KELVIN SIGN, written by name (`Codable` only).
private struct KelvinByName: Codable, Equatable {
    var kelvin: Int
    enum CodingKeys: String, CodingKey { case kelvin = "\u{212A}" }
}

/// Generated code (written out as `@ArchiveCodable` writes it) whose names do not stand for
/// themselves: "K", canonically equivalent to KelvinByName's key, and "7", an integer in
/// canonical decimal.
private struct KelvinGenerated: Codable, Equatable {
    var K: Int
    var seven: String
    enum CodingKeys: String, CodingKey { case K, seven = "7" }
}

extension KelvinGenerated: ArchiveDirectEncodable, ArchiveDirectDecodable {
    static let _archiveKeys = ArchiveKeySet([CodingKeys.K, CodingKeys.seven])
    static func _archiveEncode<Writer: ArchiveWriter>(_ value: KelvinGenerated, to encoder: inout Writer) throws {
        var container = encoder.keyedContainer(_archiveKeys)
        try container.encode(value.K, at: 0)
        try container.encode(value.seven, at: 1)
    }
    static func _archiveEncodeMessage(_ value: KelvinGenerated, to encoder: inout ArchiveMessageEncoder) throws { try _archiveEncode(value, to: &encoder) }
    static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> KelvinGenerated {
        try KelvinGenerated(_archiveFrom: decoder.keyedContainer(_archiveKeys))
    }
    static func _archiveDecodeMessage(from decoder: inout ArchiveMessageDecoder) throws -> KelvinGenerated { try _archiveDecode(from: &decoder) }
    private init<Container: ArchiveKeyedReader>(_archiveFrom container: Container) throws {
        self.K = try container.decode(at: 0)
        self.seven = try container.decode(at: 1)
    }
}

private struct KelvinPair: Codable, Equatable {
    var byName: KelvinByName
    var generated: KelvinGenerated
}

private struct KelvinPairReversed: Codable, Equatable {
    var generated: KelvinGenerated
    var byName: KelvinByName
}
