import Foundation
@testable import KeyedArchive
import KeyedArchiveMacros
import KeyedArchiveSamples
import Testing

/// The reader `@ArchiveCodable` writes loops over a container's entries and switches on each
/// one's key (`ArchiveKeyedReader.nextKey()`): entries out of order, under an alias, for no key
/// of the type, or absent read as messages, with no fallback to the general path and nothing
/// remembered, and give what `init(from:)` gives. Each archive is read four ways: by the message
/// reader alone, by the general path alone, as `decode` reads it, and through `init(from:)`.
@Suite struct SwitchingReaderTests {
    @ArchiveCodable
    struct Renamed: Codable, Equatable {
        var id: Int
        @ArchiveAlias("colour") var color: String
        @ArchiveAlias("tone", "shade") var level: Int
        var note: String?
        /// Written, never read back: a key the switch passes over.
        let version = 2
    }

    @ArchiveCodable(defaultsForMissingKeys: true)
    struct RenamedWithDefaults: Codable, Equatable {
        var id: Int
        @ArchiveAlias("colour") var color = "blue"
        var size = 14
        var note: String?
    }

    @ArchiveCodable
    struct Older: Codable, Equatable {
        var id: Int
        var name: String?
        var unknownFields = ArchiveUnknownFields()
    }

    @ArchiveCodable
    struct Numbered: Codable, Equatable {
        var a: Int
        var b: String?
        var c: Double
        enum CodingKeys: Int, CodingKey { case a = 1, b = 2, c = 3 }
    }

    /// An entry's value as an archive of hand-picked entries writes it.
    enum Value: Encodable {
        case int(Int), string(String), null
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .int(let value): try container.encode(value)
            case .string(let value): try container.encode(value)
            case .null: try container.encodeNil()
            }
        }
    }

    /// A key by name or by integer.
    struct AnyKey: CodingKey {
        let stringValue: String
        let intValue: Int?
        init(stringValue: String) { (self.stringValue, intValue) = (stringValue, nil) }
        init(intValue: Int) { (stringValue, self.intValue) = ("\(intValue)", intValue) }
    }

    /// A keyed container of these entries, in this order.
    struct Entries: Encodable {
        let entries: [(key: AnyKey, value: Value)]
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: AnyKey.self)
            for (key, value) in entries { try container.encode(value, forKey: key) }
        }
    }

    /// How an archive was read each way: message reading alone (`nil` if it gave up), the
    /// general path alone, `decode`, and `init(from:)`.
    struct Readings<T> {
        let message: T?
        let general, decode, codable: Result<T, any Error>
    }

    static func read<T: Codable>(_ type: T.Type, from bytes: Data) -> Readings<T> {
        var general = ArchiveDecoder()
        general.readsMessages = false
        var codable = ArchiveDecoder()
        codable.usesGeneratedCode = false
        return Readings(message: ArchiveDecoder().messageValue(T.self, from: bytes),
                        general: Result { try general.decode(T.self, from: bytes) },
                        decode: Result { try ArchiveDecoder().decode(T.self, from: bytes) },
                        codable: Result { try codable.decode(T.self, from: bytes) })
    }

    /// A value as the deterministic general path writes it (unknown fields included), or an
    /// error as it prints.
    static func describe<T: Encodable>(_ result: Result<T, any Error>) -> String {
        var encoder = ArchiveEncoder()
        encoder.usesGeneratedCode = false
        encoder.deterministic = true
        switch result {
        case .success(let value): return (try? encoder.encode(value)).map { "value \(Array($0))" } ?? "unencodable"
        case .failure(let error): return "error \(error)"
        }
    }

    /// Reads `entries` each way, expects one answer, and that message reading took every archive
    /// `init(from:)` reads; returns whether it did.
    @discardableResult
    static func expectOneReading<T: Codable>(_ type: T.Type, _ entries: [(key: AnyKey, value: Value)],
                                             sourceLocation: SourceLocation = #_sourceLocation) throws -> Bool {
        let bytes = try ArchiveEncoder().encode(Entries(entries: entries))
        let readings = read(T.self, from: bytes)
        let expected = describe(readings.codable)
        let keys = entries.map(\.key.stringValue)
        #expect(describe(readings.general) == expected, "general path, \(keys)", sourceLocation: sourceLocation)
        #expect(describe(readings.decode) == expected, "decode, \(keys)", sourceLocation: sourceLocation)
        if case .success = readings.codable {
            #expect(readings.message != nil, "message reading gave up on \(keys)", sourceLocation: sourceLocation)
        }
        if let message = readings.message {
            #expect(describe(Result<T, any Error>.success(message)) == expected, "message, \(keys)", sourceLocation: sourceLocation)
        }
        return readings.message != nil
    }

    static func name(_ text: String) -> AnyKey { AnyKey(stringValue: text) }

    @Test func entriesInAnyOrderAreReadAsAMessage() throws {
        let entries: [(key: AnyKey, value: Value)] = [
            (Self.name("id"), .int(1)), (Self.name("color"), .string("red")), (Self.name("level"), .int(3)),
            (Self.name("note"), .string("n")), (Self.name("version"), .int(2)),
        ]
        // Every order of the five entries.
        func permutations<E>(_ items: [E]) -> [[E]] {
            items.count <= 1 ? [items] : items.indices.flatMap { index in
                var rest = items
                let first = rest.remove(at: index)
                return permutations(rest).map { [first] + $0 }
            }
        }
        for order in permutations(entries) { try Self.expectOneReading(Renamed.self, order) }
        let numbered: [(key: AnyKey, value: Value)] = [(AnyKey(intValue: 3), .int(7)), (AnyKey(intValue: 1), .int(5)), (AnyKey(intValue: 2), .null)]
        for order in permutations(numbered) { try Self.expectOneReading(Numbered.self, order) }
    }

    @Test func aliasesAreCasesOfTheSwitch() throws {
        let id = (key: Self.name("id"), value: Value.int(1))
        // Under its alias alone, before and after the other entries.
        #expect(try Self.expectOneReading(Renamed.self, [id, (Self.name("colour"), .string("red")), (Self.name("shade"), .int(4))]))
        #expect(try Self.expectOneReading(Renamed.self, [(Self.name("shade"), .int(4)), (Self.name("colour"), .string("red")), id]))
        // The key's own entry wins over an alias, and the first alias over the second, in
        // either order: what the general path's lookups find.
        for entries in [[(Self.name("level"), Value.int(1)), (Self.name("tone"), .int(2)), (Self.name("shade"), .int(3))],
                        [(Self.name("shade"), .int(3)), (Self.name("tone"), .int(2)), (Self.name("level"), .int(1))],
                        [(Self.name("shade"), .int(3)), (Self.name("tone"), .int(2))],
                        [(Self.name("tone"), .int(2)), (Self.name("shade"), .int(3))]] {
            let bytes = try ArchiveEncoder().encode(Entries(entries: [id, (Self.name("color"), .string("c"))] + entries.map { (key: $0.0, value: $0.1) }))
            let readings = Self.read(Renamed.self, from: bytes)
            let expected = entries.contains { $0.0.stringValue == "level" } ? 1 : 2
            #expect(readings.message?.level == expected)
            #expect(try readings.codable.get().level == expected)
        }
        // An alias that loses is never read: its value of the wrong type is no error.
        #expect(try Self.expectOneReading(Renamed.self, [id, (Self.name("colour"), .int(5)), (Self.name("color"), .string("c")), (Self.name("level"), .int(1))]))
        // Defaults stay when neither the key nor its alias is there.
        #expect(try Self.expectOneReading(RenamedWithDefaults.self, [(Self.name("id"), .int(1))]))
        #expect(try Self.expectOneReading(RenamedWithDefaults.self, [(Self.name("colour"), .string("red")), (Self.name("id"), .int(1))]))
    }

    @Test func unknownEntriesArePassedOverOrKept() throws {
        let known: [(key: AnyKey, value: Value)] = [(Self.name("id"), .int(1)), (Self.name("name"), .string("a"))]
        let unknown: [(key: AnyKey, value: Value)] = [(Self.name("extra"), .int(9)), (AnyKey(intValue: 99), .string("x"))]
        for position in 0...known.count {
            var entries = known
            entries.insert(contentsOf: unknown, at: position)
            // Kept by a type with `unknownFields`, in place; passed over by one without.
            #expect(try Self.expectOneReading(Older.self, entries))
            #expect(try Self.expectOneReading(Renamed.self, entries + [(Self.name("color"), .string("c")), (Self.name("level"), .int(1))]))
        }
        let numbered: [(key: AnyKey, value: Value)] = [(AnyKey(intValue: 1), .int(5)), (AnyKey(intValue: 7), .int(6)), (AnyKey(intValue: 3), .int(1))]
        #expect(try Self.expectOneReading(Numbered.self, numbered))
    }

    @Test func whatFailsFailsAsInitFromFails() throws {
        // A required key absent, a value of the wrong type, a nil for a required value: the
        // general path's errors, whatever the order.
        try Self.expectOneReading(Renamed.self, [(Self.name("color"), .string("c")), (Self.name("level"), .int(1))])
        try Self.expectOneReading(Renamed.self, [(Self.name("level"), .string("high")), (Self.name("id"), .int(1)), (Self.name("color"), .string("c"))])
        try Self.expectOneReading(Renamed.self, [(Self.name("color"), .null), (Self.name("id"), .int(1)), (Self.name("level"), .int(1))])
        // Several faults: `init(from:)` reports the first property's.
        try Self.expectOneReading(Renamed.self, [(Self.name("level"), .string("high")), (Self.name("color"), .int(3))])
    }

    /// Random containers of the types' names, their aliases, names of no key and integers, in
    /// random order, mostly with values of the right type: every path gives one answer, and
    /// message reading takes every archive `init(from:)` reads.
    @Test func randomContainersReadAlikeEveryWay() throws {
        var generator = SampleGenerator(seed: 62)
        let names = ["id", "color", "colour", "level", "tone", "shade", "note", "version", "name", "size", "extra", "b"]
        let integers = ["id", "level", "tone", "shade", "version", "size", "extra"]
        var messages = 0
        for _ in 0..<1_500 {
            var entries: [(key: AnyKey, value: Value)] = []
            for name in names.shuffled(using: &generator) where Int.random(in: 0..<3, using: &generator) > 0 {
                let right: Value = integers.contains(name) ? .int(Int.random(in: -3...300, using: &generator)) : .string(name.uppercased())
                let value: Value = switch Int.random(in: 0..<20, using: &generator) {
                case 0: .null
                case 1: integers.contains(name) ? .string("x") : .int(1)
                default: right
                }
                entries.append((Self.name(name), value))
            }
            if Int.random(in: 0..<4, using: &generator) == 0 {
                entries.insert((AnyKey(intValue: Int.random(in: 1...4, using: &generator)), .int(2)), at: Int.random(in: 0...entries.count, using: &generator))
            }
            if try Self.expectOneReading(Renamed.self, entries) { messages += 1 }
            try Self.expectOneReading(RenamedWithDefaults.self, entries)
            try Self.expectOneReading(Older.self, entries)
            try Self.expectOneReading(Numbered.self, entries)
        }
        // The campaign reaches both sides: archives read, and archives refused.
        #expect(messages > 100 && messages < 1_500)
    }
}
