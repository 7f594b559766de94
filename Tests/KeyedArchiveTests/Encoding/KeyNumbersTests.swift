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
        // ASCII names that are not integers in canonical decimal, those with a character that
        // has a non-ASCII spelling (KELVIN SIGN, GREEK QUESTION MARK, GREEK VARIA) included: that
        // spelling is what does not stand for itself.
        for name in ["id", "sentAt", "user_id", "a b", "", "01", "-0", "x2", "K", "Kelvin", "apiKey", "a;b", "x`"] {
            #expect(KeyNumbers.standsForItself(name), "\(name)")
        }
        // Integers in canonical decimal, and non-ASCII names.
        for name in ["7", "0", "-1", "-12", "caf\u{E9}", "\u{212A}", "\u{212A}elvin", "a\u{37E}b"] {
            #expect(!KeyNumbers.standsForItself(name), "\(name)")
        }
    }

    @Test func anEntrySpelledAnotherWayIsReadUnderTheASCIIKey() throws {
        // An archive whose key is KELVIN SIGN, read by generated code whose key is "K" (which
        // stands for itself, so its entries are matched by number): `String` equality, as
        // `JSONDecoder` has it, says they are one key, and the entry spelled otherwise is found
        // by name.
        let bytes = try ArchiveEncoder().encode(KelvinSpelled(kelvin: 8, seven: "x"))
        #expect(try ArchiveDecoder().decode(KelvinGenerated.self, from: bytes) == KelvinGenerated(K: 8, seven: "x"))
        var plain = ArchiveDecoder()
        plain.usesGeneratedCode = false
        #expect(try plain.decode(KelvinGenerated.self, from: bytes) == KelvinGenerated(K: 8, seven: "x"))
        let json = try JSONDecoder().decode(KelvinGenerated.self, from: JSONEncoder().encode(KelvinSpelled(kelvin: 8, seven: "x")))
        #expect(json == KelvinGenerated(K: 8, seven: "x"))
    }

    @Test func theOnlyASCIICharactersWithAnotherSpellingAreTheThree() {
        // The ASCII characters whose names the key table tells apart from another spelling by a
        // look-up by name, the other spelling's (`standsForItself`): no other non-ASCII scalar is
        // canonically equivalent to an ASCII character, and `mixedValues` writes "K" both ways.
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
            // Both spellings through generated code: the sign's (looked up by name) first, then
            // "K" (by number), which must take the sign's identity.
            entry("Kelvin sign generated, then K", KelvinGeneratedPair(sign: KelvinSignGenerated(kelvin: 8), ascii: KelvinGenerated(K: 9, seven: "x"))),
            // Then one container written by name with both spellings: one key, as `String`
            // equality has it, so the second replaces the first only if "K" took the sign's identity.
            entry("Kelvin both ways, then in one container",
                  KelvinBoth(pair: KelvinGeneratedPair(sign: KelvinSignGenerated(kelvin: 1), ascii: KelvinGenerated(K: 2, seven: "y")),
                             both: BothSpellings(ascii: 3, sign: 3))),
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

/// `KelvinGenerated`'s keys with "K" spelled as U+212A KELVIN SIGN, written by name.
private struct KelvinSpelled: Codable {
    var kelvin: Int
    var seven: String
    enum CodingKeys: String, CodingKey { case kelvin = "\u{212A}", seven = "7" }
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

/// Generated code with integer keys around the two: nothing in the archive is written by name
/// but the sign.
private struct KelvinGeneratedPair: Codable, Equatable {
    var sign: KelvinSignGenerated
    var ascii: KelvinGenerated
    enum CodingKeys: Int, CodingKey { case sign = 1, ascii = 2 }
}

/// Written by generated code (what the test is about), read by `Codable`.
extension KelvinGeneratedPair: ArchiveDirectEncodable {
    static let _archiveKeys = ArchiveKeySet([CodingKeys.sign, CodingKeys.ascii])
    static func _archiveEncode<Writer: ArchiveWriter>(_ value: KelvinGeneratedPair, to encoder: inout Writer) throws {
        var container = encoder.keyedContainer(_archiveKeys)
        try container.encode(value.sign, at: 0)
        try container.encode(value.ascii, at: 1)
    }
    static func _archiveEncodeMessage(_ value: KelvinGeneratedPair, to encoder: inout ArchiveMessageEncoder) throws { try _archiveEncode(value, to: &encoder) }
}

/// Generated code (written out as `@ArchiveCodable` writes it) whose one key is U+212A KELVIN
/// SIGN: a name that does not stand for itself, canonically equivalent to "K".
private struct KelvinSignGenerated: Codable, Equatable {
    var kelvin: Int
    enum CodingKeys: String, CodingKey { case kelvin = "\u{212A}" }
}

/// Written by generated code, read by `Codable`.
extension KelvinSignGenerated: ArchiveDirectEncodable {
    static let _archiveKeys = ArchiveKeySet([CodingKeys.kelvin])
    static func _archiveEncode<Writer: ArchiveWriter>(_ value: KelvinSignGenerated, to encoder: inout Writer) throws {
        var container = encoder.keyedContainer(_archiveKeys)
        try container.encode(value.kelvin, at: 0)
    }
    static func _archiveEncodeMessage(_ value: KelvinSignGenerated, to encoder: inout ArchiveMessageEncoder) throws { try _archiveEncode(value, to: &encoder) }
}

/// Integer keys around a generated pair and a container with both spellings of "K".
private struct KelvinBoth: Codable, Equatable {
    var pair: KelvinGeneratedPair
    var both: BothSpellings
    enum CodingKeys: Int, CodingKey { case pair = 1, both = 2 }
}

/// "K" and U+212A KELVIN SIGN as two keys of one container, written by name.
private struct BothSpellings: Codable, Equatable {
    var ascii: Int
    var sign: Int
    enum CodingKeys: String, CodingKey { case ascii = "K", sign = "\u{212A}" }
}
