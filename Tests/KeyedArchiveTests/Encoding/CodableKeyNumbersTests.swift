import ArchiveTestSupport
import Foundation
@testable import KeyedArchive
import KeyedArchiveSamples
import Synchronization
import Testing

/// The `Codable` path's keys of small key types (a `CodingKey` enum), numbered for the process
/// as key sets' are (`KeyTable.index(of:numbered:)`): an archive's table holds each spelling
/// once whichever way its keys came (by number, by name, through generated code, as a
/// dictionary's keys), and a state that wrote other archives before writes the bytes a new
/// state writes.
@Suite struct CodableKeyNumbersTests {
    @Test func aCaseKeyAndADictionaryKeyOfOneSpellingShareTheirEntry() throws {
        // The dictionary's keys (a key type of many values) are added by name; the case keys of
        // `Profile` by number: in either order, one entry per spelling.
        // A long name made at run time has other bits than the case's literal: it is not found
        // among the keys just seen, but by name.
        let caseFirst = Holder(first: Profile(a: 1, b: "x", K: 2, long: 6), map: ["a": 3, "K": 4, "c": 5, Holder.longName(): 7])
        let dictionaryFirst = Holder(map: ["b": 1, "a": 2, Holder.longName(): 7], last: Profile(a: 3, b: "y", long: 8), items: [.a(4)])
        for value in [caseFirst, dictionaryFirst, caseFirst, dictionaryFirst] {
            let bytes = try ArchiveEncoder().encode(value)
            let keys = try InspectedArchive([UInt8](bytes)).keys
            #expect(Set(keys.map { Array($0.utf8) }).count == keys.count, "\(keys)")
            #expect(try ArchiveDecoder().decode(Holder.self, from: bytes) == value)
            #expect(bytes == Self.freshArchive(of: value))
        }
    }

    @Test func namesThatDoNotStandForThemselvesKeepTheirIdentities() throws {
        // "7" spells an integer and U+212A KELVIN SIGN is `String`-equal to "K": neither is
        // numbered. The sign, written by a case key and as a dictionary's key, after or before
        // a "K" written by number in another container of the archive: each spelling has an
        // entry of its own, and everything reads back.
        let values = [
            Holder(first: Profile(K: 1, seven: 7), map: ["\u{212A}": 2], signed: Signed(kelvin: 3)),
            Holder(map: ["\u{212A}": 2], last: Profile(K: 1), signed: Signed(kelvin: 3)),
            Holder(first: Profile(seven: 7), map: ["7": 1], signed: Signed(kelvin: 3)),
        ]
        for value in values + values {
            let bytes = try ArchiveEncoder().encode(value)
            #expect(try ArchiveDecoder().decode(Holder.self, from: bytes) == value)
            #expect(try JSONDecoder().decode(Holder.self, from: JSONEncoder().encode(value)) == value)
            #expect(bytes == Self.freshArchive(of: value))
            let keys = try InspectedArchive([UInt8](bytes)).keys
            #expect(Set(keys.map { Array($0.utf8) }).count == keys.count, "\(keys)")
        }
    }

    /// Random values whose keys share spellings across every way a key is written, each encoded
    /// after the others on this thread's reused state, against the archive a new state writes
    /// (on a thread of its own) and the value `JSONDecoder` reads back from `JSONEncoder`.
    @Test(arguments: [UInt64(1), 2, 3])
    func reusedStatesWriteWhatNewOnesWriteForRandomMixes(seed: UInt64) throws {
        var generator = SampleGenerator(seed: seed)
        let values = (0..<150).map { _ in Holder.random(&generator) }
        let fresh = Self.freshArchives(of: values)
        for (index, value) in values.enumerated() {
            let bytes = try ArchiveEncoder().encode(value)
            #expect(bytes == fresh[index], "value \(index): a reused state wrote other bytes")
            let keys = try InspectedArchive([UInt8](bytes)).keys
            #expect(Set(keys.map { Array($0.utf8) }).count == keys.count, "value \(index): \(keys)")
            #expect(try ArchiveDecoder().decode(Holder.self, from: bytes) == value, "value \(index)")
            let json = try JSONDecoder().decode(Holder.self, from: JSONEncoder().encode(value))
            #expect(json == value, "value \(index): the oracle disagrees with itself")
        }
    }

    /// The archive of `value` written by a state nothing used before.
    private static func freshArchive(of value: Holder) -> Data { freshArchives(of: [value])[0] }

    private static func freshArchives(of values: [Holder]) -> [Data] {
        let results = Mutex<[Data]>([])
        for value in values {
            runOnExitingThread {
                let bytes = (try? ArchiveEncoder().encode(value)) ?? Data()
                results.withLock { $0.append(bytes) }
            }
        }
        return results.withLock { $0 }
    }
}

/// Synthesized keys (an enum): numbered, but for "7", which spells an integer and is looked
/// up by name.
private struct Profile: Codable, Equatable, Sendable {
    var a: Int?
    var b: String?
    var K: Int?
    var seven: Int?
    var long: Int?
    enum CodingKeys: String, CodingKey { case a, b, K, seven = "7", long = "a_key_name_longer_than_fifteen_bytes" }

    init(a: Int? = nil, b: String? = nil, K: Int? = nil, seven: Int? = nil, long: Int? = nil) {
        (self.a, self.b, self.K, self.seven, self.long) = (a, b, K, seven, long)
    }
}

/// A case key spelled with U+212A KELVIN SIGN, canonically equivalent to "K": looked up by
/// name. In a container of its own: with "K" in one container, a reader could not tell the two
/// apart (`JSONDecoder` reads either under either key).
private struct Signed: Codable, Equatable, Sendable {
    var kelvin: Int
    enum CodingKeys: String, CodingKey { case kelvin = "\u{212A}" }
}

/// An enum with associated values: its case keys and their payloads' keys are numbered too.
private enum Item: Codable, Equatable, Sendable {
    case a(Int)
    case b(x: String)
    case K
}

/// Every way a key reaches the table in one value: numbered case keys (`Profile`, `Item`), a
/// dictionary's keys by name, generated code's key set (`beat`), with spellings in common.
private struct Holder: Codable, Equatable, Sendable {
    var first: Profile?
    var map: [String: Int] = [:]
    var last: Profile?
    var items: [Item] = []
    var beat: GeneratedCodeStringKeyedHeartbeat?
    var signed: Signed?

    static let names = ["a", "b", "K", "7", "\u{212A}", "sequence", "sentAt", "c", "x", "long"]

    /// `Profile.long`'s name, in a string made now (stored apart from the literal).
    static func longName() -> String { ["a_key_name_longer", "_than_fifteen_bytes"].joined() }

    static func random(_ generator: inout SampleGenerator) -> Holder {
        func profile() -> Profile? {
            guard generator.int(0..<4) > 0 else { return nil }
            return Profile(a: generator.int(0..<2) == 0 ? nil : generator.int(-5..<5),
                           b: generator.int(0..<2) == 0 ? nil : "s\(generator.int(0..<9))",
                           K: generator.int(0..<2) == 0 ? nil : generator.int(0..<9),
                           seven: generator.int(0..<3) == 0 ? 7 : nil,
                           long: generator.int(0..<2) == 0 ? nil : generator.int(0..<9))
        }
        // "K" and the sign are one `String` key: a dictionary holds one of them at most.
        var map: [String: Int] = [:]
        for _ in 0..<generator.int(0..<4) {
            let name = names[generator.int(0..<names.count)]
            map[name == "long" ? longName() : name] = generator.int(0..<100)
        }
        let items: [Item] = (0..<generator.int(0..<3)).map { _ in
            switch generator.int(0..<3) {
            case 0: .a(generator.int(0..<9))
            case 1: .b(x: "i\(generator.int(0..<9))")
            default: .K
            }
        }
        let beat = generator.int(0..<3) == 0
            ? GeneratedCodeStringKeyedHeartbeat(Heartbeat(sequence: UInt64(generator.int(0..<1_000)), sentAt: 1.5))
            : nil
        let signed = generator.int(0..<3) == 0 ? Signed(kelvin: generator.int(0..<9)) : nil
        return Holder(first: profile(), map: map, last: profile(), items: items, beat: beat, signed: signed)
    }
}
