import ArchiveTestSupport
import Foundation
@testable import KeyedArchive
import KeyedArchiveSamples
import Synchronization
import Testing

// The key tables the coders keep from one archive for the next (issue 47): the encoder's
// `KeyTable` follows the last archive's table while the keys come in its order, the decoder's
// `RememberedKeyTable` reuses what it read from a table with the same bytes. Neither may change
// a byte or a value: every archive of a random sequence of values (string keys, integer keys,
// both, optional keys absent, canonically equivalent spellings, keys that spell integers, on
// both paths and under every option) is compared with the archive a new state writes, and read
// back by a warm decoder and by a new one.

/// Encodes and decodes on a state of its own: `ArchiveEncoder`/`ArchiveDecoder` called inside
/// another call's `encode(to:)`/`init(from:)` find the thread's spare state taken, and build a
/// new one, with no table from an earlier archive. Each check has its own `ColdCall`, so the
/// campaign's cases (one per option) run side by side.
private final class ColdCall: @unchecked Sendable {
    var archive: Result<Data, any Error>?
    var input = Data()
    var value: Result<Any, any Error>?

    /// How `ColdRead` finds its call: the outer decoder's `userInfo`.
    static let key = CodingUserInfoKey(rawValue: "KeyTableMemoryTests.ColdCall")!
}

/// Writes `value` with `options` on a new state when encoded itself.
private struct Cold<Value: Encodable>: Encodable {
    let value: Value
    let options: ArchiveEncoder
    let call: ColdCall

    func encode(to encoder: any Encoder) throws {
        call.archive = Result { try options.encode(value) }
        var single = encoder.singleValueContainer()
        try single.encode(0)
    }

    /// `value`'s archive as a new state writes it with `options`.
    static func archive(_ value: Value, options: ArchiveEncoder) throws -> Data {
        let call = ColdCall()
        _ = try ArchiveEncoder().encode(Cold(value: value, options: options, call: call))
        return try call.archive!.get()
    }
}

/// Reads a `Value` from its call's input on a new state when decoded itself.
private struct ColdRead<Value: Decodable>: Decodable {
    init(from decoder: any Decoder) throws {
        let call = decoder.userInfo[ColdCall.key] as! ColdCall
        call.value = Result { try ArchiveDecoder().decode(Value.self, from: call.input) }
        _ = try decoder.singleValueContainer().decode(Int.self)
    }

    static func value(from data: Data) throws -> Value {
        let call = ColdCall()
        call.input = data
        var outer = ArchiveDecoder()
        outer.userInfo[ColdCall.key] = call
        _ = try outer.decode(ColdRead.self, from: ArchiveEncoder().encode(0))
        return try call.value!.get() as! Value
    }
}

/// Types whose keys overlap, differ in order, or are absent in some values.
private struct Person: Codable, Equatable {
    var name: String
    var email: String?
    var age: Int?
}

private struct Team: Codable, Equatable {
    var name: String
    var members: [Person]
    var lead: Person?
}

/// The same names as `Person` in another order, and one more.
private struct Reordered: Codable, Equatable {
    var age: Int?
    var email: String?
    var name: String
    var nickname: String?
}

/// A key spelled with a precomposed "é", and a key that spells an integer.
private struct Composed: Codable, Equatable {
    var cafe: Int?
    var twelve: Int?
    enum CodingKeys: String, CodingKey { case cafe = "caf\u{E9}", twelve = "12" }
}

/// The same key, canonically equivalent, spelled with "e" and a combining accent: another key
/// for the format (another entry of the key table), which a table must not take for the first.
private struct Decomposed: Codable, Equatable {
    var cafe: Int
    enum CodingKeys: String, CodingKey { case cafe = "cafe\u{301}" }
}

/// Integer keys and string keys in one container.
private struct Mixed: Codable, Equatable {
    var id: Int
    var label: String?
    var count: Int?
    enum CodingKeys: CodingKey {
        case id, label, count
        var intValue: Int? { self == .id ? 1 : nil }
        init?(intValue: Int) { if intValue == 1 { self = .id } else { return nil } }
    }
}

/// One of the values a sequence is made of.
private enum Sample: CustomStringConvertible {
    case person(Person), team(Team), reordered(Reordered), composed(Composed), decomposed(Decomposed), mixed(Mixed)
    case dictionary([String: Int]), numeric(StringKeyedNumericStruct), generated(GeneratedCodeStringKeyedMediaContent)
    case generatedList(GeneratedCodeStringKeyedNumericStructList), integers(GeneratedCodeNumericStruct)
    case media(StringKeyedMediaContent)
    /// Generated code whose messages vary in shape (issue 62): key sets' keys by number.
    case profile(GeneratedCodeStringKeyedProfileUpdate), events(GeneratedCodeStringKeyedEventBatch)

    static func random(_ random: inout SeededRandom) -> Sample {
        func person() -> Person {
            Person(name: ["ada", "bob", ""][random.below(3)], email: random.below(2) == 0 ? nil : "x@y",
                   age: random.below(3) == 0 ? nil : random.below(100))
        }
        func numeric() -> NumericStruct { NumericStruct((0..<12).map { _ in Int32(random.below(2_000)) - 1_000 }) }
        switch random.below(14) {
        case 0: return .person(person())
        case 1: return .team(Team(name: "t", members: (0..<random.below(4)).map { _ in person() }, lead: random.below(2) == 0 ? nil : person()))
        case 2: return .reordered(Reordered(age: random.below(2) == 0 ? nil : 3, email: random.below(2) == 0 ? nil : "e", name: "n",
                                            nickname: random.below(2) == 0 ? nil : "k"))
        case 3: return .composed(Composed(cafe: random.below(2) == 0 ? nil : 1, twelve: random.below(2) == 0 ? nil : 12))
        case 11: return .decomposed(Decomposed(cafe: 2))
        case 4: return .mixed(Mixed(id: random.below(10), label: random.below(2) == 0 ? nil : "l", count: random.below(2) == 0 ? nil : 5))
        case 5: return .dictionary(Dictionary((0..<random.below(4)).map { ("k\($0 * random.below(3))", $0) }, uniquingKeysWith: { a, _ in a }))
        case 6: return .numeric(StringKeyedNumericStruct(numeric()))
        case 7:
            var content = MediaContent.sample()
            if random.below(2) == 0 { content.media.title = nil }
            if random.below(2) == 0 { content.images.removeLast(random.below(content.images.count + 1)) }
            return .generated(GeneratedCodeStringKeyedMediaContent(content))
        case 8: return .generatedList(GeneratedCodeStringKeyedNumericStructList(NumericStructList(structList: (0..<random.below(3)).map { _ in numeric() })))
        case 9: return .integers(GeneratedCodeNumericStruct(numeric()))
        case 12: return .profile(GeneratedCodeStringKeyedProfileUpdate(ProfileUpdate.stream()[random.below(16)]))
        case 13: return .events(GeneratedCodeStringKeyedEventBatch(EventBatch.stream()[random.below(8)]))
        default:
            var content = MediaContent.sample()
            if random.below(2) == 0 { content.media.copyright = "c" }
            return .media(StringKeyedMediaContent(content))
        }
    }

    var description: String {
        switch self {
        case .person(let v): "\(v)"
        case .team(let v): "\(v)"
        case .reordered(let v): "\(v)"
        case .composed(let v): "\(v)"
        case .decomposed(let v): "\(v)"
        case .mixed(let v): "\(v)"
        case .dictionary(let v): "\(v)"
        case .numeric(let v): "\(v)"
        case .generated(let v): "\(v)"
        case .generatedList(let v): "\(v)"
        case .integers(let v): "\(v)"
        case .media(let v): "\(v)"
        case .profile(let v): "\(v)"
        case .events(let v): "\(v)"
        }
    }

    /// Checks the value's warm archive against the cold one, and reads it back both ways.
    func check(_ options: ArchiveEncoder) throws -> String? {
        switch self {
        case .person(let v): try Self.check(v, options)
        case .team(let v): try Self.check(v, options)
        case .reordered(let v): try Self.check(v, options)
        case .composed(let v): try Self.check(v, options)
        case .decomposed(let v): try Self.check(v, options)
        case .mixed(let v): try Self.check(v, options)
        case .dictionary(let v): try Self.check(v, options)
        case .numeric(let v): try Self.check(v, options)
        case .generated(let v): try Self.check(v, options)
        case .generatedList(let v): try Self.check(v, options)
        case .integers(let v): try Self.check(v, options)
        case .media(let v): try Self.check(v, options)
        case .profile(let v): try Self.check(v, options)
        case .events(let v): try Self.check(v, options)
        }
    }

    static func check<Value: Codable & Equatable>(_ value: Value, _ options: ArchiveEncoder) throws -> String? {
        let warm = try options.encode(value)
        let cold = try Cold.archive(value, options: options)
        if warm != cold { return "warm archive differs from the cold one" }
        guard try ArchiveDecoder().decode(Value.self, from: warm) == value else { return "warm decoder read another value" }
        guard try ColdRead<Value>.value(from: warm) == value else { return "cold decoder read another value" }
        return nil
    }
}

/// SplitMix64, as the other campaigns: a failure names its seed.
private struct SeededRandom {
    var state: UInt64
    mutating func below(_ n: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(n))
    }
}

@Suite struct KeyTableMemoryTests {
    @Test(arguments: EncoderOption.allCases)
    func randomSequencesWriteAndReadWhatNewStatesDo(_ option: EncoderOption) throws {
        let count = Campaign.count("KEY_TABLE_MEMORY_COUNT", quick: 1_500, full: 10_000)
        var random = SeededRandom(state: 0x4B45_5954 &+ UInt64(option.rawValue.utf8.count))
        // Runs of one kind (a stream of messages of one type) and switches between kinds.
        var sample = Sample.random(&random)
        for index in 0..<count {
            if random.below(3) == 0 { sample = Sample.random(&random) }
            let problem = try sample.check(option.encoder)
            #expect(problem == nil, "\(option), value \(index): \(problem ?? ""): \(sample)")
            if problem != nil { return }
        }
    }

    /// A table that follows the last one for some keys and then differs: the rest is looked up.
    @Test func aTableThatStopsFollowingTheLastOneWritesWhatANewStateDoes() throws {
        let full = Reordered(age: 1, email: "e", name: "n", nickname: "k")
        #expect(try Sample.check(full, ArchiveEncoder()) == nil)
        // The same first key, then the second is absent: the table stops following at "email".
        #expect(try Sample.check(Reordered(age: 1, email: nil, name: "n", nickname: "k"), ArchiveEncoder()) == nil)
        // A table that is a start of the last one, and one longer than it.
        #expect(try Sample.check(Reordered(age: 1, email: "e", name: "n", nickname: nil), ArchiveEncoder()) == nil)
        #expect(try Sample.check(full, ArchiveEncoder()) == nil)
        #expect(try Sample.check(Team(name: "t", members: [Person(name: "a", email: "b", age: 1)], lead: nil), ArchiveEncoder()) == nil)
    }

    /// The decoder keeps what it read from a table only while the next has the same bytes: a
    /// table of the same length with other keys, or a damaged one, is read anew.
    @Test func theDecoderReadsATableOfTheSameSizeWithOtherBytesAnew() throws {
        struct AB: Codable, Equatable { var ab: Int; var cd: Int }
        struct CD: Codable, Equatable { var cd: Int; var ab: Int }
        let decoder = ArchiveDecoder()
        let ab = try ArchiveEncoder().encode(AB(ab: 1, cd: 2))
        let cd = try ArchiveEncoder().encode(CD(cd: 3, ab: 4))
        #expect(ab.count == cd.count)
        for _ in 0..<3 {
            #expect(try decoder.decode(AB.self, from: ab) == AB(ab: 1, cd: 2))
            #expect(try decoder.decode(AB.self, from: cd) == AB(ab: 4, cd: 3))
            #expect(try decoder.decode(CD.self, from: ab) == CD(cd: 2, ab: 1))
        }
        // The last table byte (in "cd") made invalid UTF-8: the same size, not the same table.
        var damaged = ab
        damaged[damaged.count - 1] = 0xFF
        #expect(throws: DecodingError.self) { try decoder.decode(AB.self, from: damaged) }
        #expect(try decoder.decode(AB.self, from: ab) == AB(ab: 1, cd: 2))
        // "cd" changed to "ce": the same size, and the type's key "cd" is missing.
        var renamed = ab
        #expect(Array(renamed.suffix(7)) == [2, 2, 0x61, 0x62, 2, 0x63, 0x64])
        renamed[renamed.count - 1] = 0x65
        #expect(throws: DecodingError.self) { try decoder.decode(AB.self, from: renamed) }
        #expect(try decoder.decode(AB.self, from: ab) == AB(ab: 1, cd: 2))
    }

    /// A reused state keeps the last key table (and skips reading an empty one after another):
    /// archives with string keys, with integer keys only, and damaged tables, in any order on one
    /// thread, each read as it is read first.
    @Test func archivesWithAndWithoutKeyTablesReadInAnyOrder() throws {
        struct AB: Codable, Equatable { var ab: Int; var cd: Int }
        struct CD: Codable, Equatable { var cd: Int; var ab: Int }
        struct Numbered: Codable, Equatable {
            var ab: Int, cd: Int
            enum CodingKeys: Int, CodingKey { case ab = 1, cd = 2 }
        }
        let ab = try ArchiveEncoder().encode(AB(ab: 1, cd: 2))
        let cd = try ArchiveEncoder().encode(CD(cd: 3, ab: 4))
        let numbered = try ArchiveEncoder().encode(Numbered(ab: 5, cd: 6))
        #expect(numbered.last == 0)
        // The empty table's count made 1 (an entry that is not there), and a byte after it.
        var missingEntry = numbered
        missingEntry[missingEntry.count - 1] = 1
        var trailing = numbered
        trailing.append(0)
        var badUTF8 = ab
        badUTF8[badUTF8.count - 1] = 0xFF
        // String keys with an empty table: their indexes name nothing (a stale table must not
        // answer them).
        #expect(Array(ab.suffix(7)) == [2, 2, 0x61, 0x62, 2, 0x63, 0x64])
        let noTable = ab.dropLast(7) + [0]
        let decoder = ArchiveDecoder()
        // Each archive's result read by a state that met nothing before it: another thread's.
        @Sendable func read(_ bytes: Data) -> String {
            "\((try? decoder.decode(AB.self, from: bytes)).map { "\($0)" } ?? "error") / "
                + "\((try? decoder.decode(Numbered.self, from: bytes)).map { "\($0)" } ?? "error")"
        }
        func firstRead(_ bytes: Data) -> String { onNewThread { read(bytes) } }
        let archives = [ab, cd, numbered, missingEntry, trailing, badUTF8, Data(noTable)]
        let expected = archives.map(firstRead)
        #expect(expected[0] != expected[2])
        var generator = SampleGenerator(seed: 41)
        for _ in 0..<400 {
            let index = Int.random(in: 0..<archives.count, using: &generator)
            let bytes = archives[index]
            #expect(read(bytes) == expected[index], "archive \(index)")
        }
    }

    /// A message abandoned halfway (a value inside needs `encode(to:)`) leaves the table in any
    /// state: the general path, and the next archive, still write what a new state does.
    @Test func anAbandonedMessageLeavesNothingBehindInTheTable() throws {
        struct Wrapper: Codable, Equatable { var person: Person; var team: Team }
        let value = Wrapper(person: Person(name: "p", email: nil, age: 3), team: Team(name: "t", members: [], lead: nil))
        for _ in 0..<3 {
            #expect(try Sample.check(GeneratedCodeStringKeyedMediaContent(.sample()), ArchiveEncoder()) == nil)
            #expect(try Sample.check(value, ArchiveEncoder()) == nil)
        }
    }
}

/// `body`'s result, worked out on a thread of its own, whose decoding state is new.
private func onNewThread<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T {
    let result = Mutex<T?>(nil)
    let done = DispatchSemaphore(value: 0)
    Thread {
        result.withLock { $0 = body() }
        done.signal()
    }.start()
    done.wait()
    return result.withLock { $0! }
}
