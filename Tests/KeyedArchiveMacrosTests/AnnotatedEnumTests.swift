import ArchiveTestSupport
import Foundation
@testable import KeyedArchive
import KeyedArchiveMacros
import KeyedArchiveSamples
import Testing

/// An annotated enum with associated values of every kind: none, labeled, unlabeled, mixed,
/// optional and doubly optional, annotated structs and enums, itself (recursively, and in
/// arrays), and a case whose name is a keyword.
@ArchiveCodable
indirect enum Payload: Codable, Equatable {
    case empty
    case labeled(count: Int, name: String)
    case unlabeled(Int, String?)
    case mixed(x: Double, _ y: Int??, z: [Int]?)
    case author(AnnotatedCommit.Author?, mood: AnnotatedMood)
    case wrapped(Payload?)
    case list([Payload])
    case `default`(flag: Bool)

    /// A random payload at most `depth` levels deep.
    static func random(_ generator: inout SampleGenerator, depth: Int = 3) -> Payload {
        func pick<T>(_ choices: [T]) -> T { choices[Int.random(in: 0..<choices.count, using: &generator)] }
        let upper = depth > 0 ? 7 : 4
        switch Int.random(in: 0...upper, using: &generator) {
        case 0: return .empty
        case 1: return .labeled(count: pick([0, -1, Int.max, Int.min, 300]), name: pick(["", "a", "é", "long name"]))
        case 2: return .unlabeled(pick([0, 7, -128]), pick([nil, "", "s"]))
        case 3: return .mixed(x: pick([0, -0.0, 1.5, -.leastNonzeroMagnitude, .greatestFiniteMagnitude]), pick([.none, .some(.none), .some(.some(4))]),
                              z: pick([nil, [], [1, 2, 3]]))
        case 4: return .default(flag: pick([true, false]))
        case 5: return .author(pick([nil, AnnotatedCommit.Author(name: "n", email: "e", date: Date(timeIntervalSince1970: 5))]),
                               mood: pick(AnnotatedMood.allCases))
        case 6: return .wrapped(pick([true, false]) ? nil : random(&generator, depth: depth - 1))
        default: return .list((0..<Int.random(in: 0...3, using: &generator)).map { _ in random(&generator, depth: depth - 1) })
        }
    }

    /// The payload as JSON's coders give it back: a doubly optional associated value holding
    /// `.some(nil)` comes back `nil` there (the archive keeps it, as Spec/vectors' nested-nil says).
    var foldingNestedNil: Payload {
        switch self {
        case .mixed(let x, .some(.none), let z): .mixed(x: x, nil, z: z)
        case .wrapped(let payload): .wrapped(payload?.foldingNestedNil)
        case .list(let payloads): .list(payloads.map(\.foldingNestedNil))
        default: self
        }
    }
}

/// An associated value whose `encode(to:)` throws when asked to.
struct Failing: Codable, Equatable {
    var fails: Bool
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if fails { throw EncodingError.invalidValue(fails, .init(codingPath: encoder.codingPath, debugDescription: "fails")) }
        try container.encode(fails)
    }
}

/// Cases whose associated values may throw while the case's container is open.
@ArchiveCodable enum Carrier: Codable, Equatable { case one(Failing, tail: Int), two(head: Int, Failing?) }

/// Annotated enums with associated values against their own `Codable` conformance (the
/// synthesized one, with a keyed container per case), alone and in combination.
@Suite struct AnnotatedEnumTests {
    /// Random payloads, alone and where the Codable machinery surrounds them, under every
    /// option: the same bytes as the enum's own conformance, read back by both paths as the
    /// value written, and what JSON's coders give back but for the nested nil JSON cannot hold.
    @Test(arguments: EncoderOption.allCases)
    func generatedCodeWritesWhatTheConformanceWrites(_ option: EncoderOption) throws {
        var generator = SampleGenerator(seed: 29)
        var cases = Set<String>()
        for _ in 0..<300 {
            let payload = Payload.random(&generator)
            cases.insert(String(describing: payload).prefix { $0 != "(" }.description)
            let values: [Payload] = [payload, .list([payload, payload])]
            let (direct, codable) = try AnnotatedTypeTests.bytesBothWays(values, option.configure)
            #expect(direct == codable, "\(payload)")
            let optional: [String: Payload?] = ["a": payload, "b": nil]
            let (directOptional, codableOptional) = try AnnotatedTypeTests.bytesBothWays(optional, option.configure)
            #expect(directOptional == codableOptional, "\(payload)")

            let viaJSON = try JSONDecoder().decode([Payload].self, from: JSONEncoder().encode(values))
            #expect(viaJSON == values.map(\.foldingNestedNil), "\(payload)")
            #expect(try ArchiveDecoder().decode([Payload].self, from: direct) == values, "\(payload)")
            var viaCodable = ArchiveDecoder()
            viaCodable.usesGeneratedCode = false
            #expect(try viaCodable.decode([Payload].self, from: direct) == values, "\(payload)")
            AnnotatedTypeTests.expectSameDecoding([Payload].self, from: direct)
        }
        // Every case was met.
        #expect(cases.count == 8, "\(cases)")
    }

    /// Cases are written as messages (`MessageWriting.swift`), nested containers and all, with
    /// the bytes of the general path and of the conformance; a doubly optional value, which
    /// needs `Optional`'s `encode(to:)`, is written in place by the general path.
    @Test func payloadsAreMessagesWithMembersThatNeedEncodeToInPlace() throws {
        let author = AnnotatedCommit.Author(name: "n", email: "e", date: Date(timeIntervalSince1970: 5))
        let messages: [Payload] = [
            .empty, .labeled(count: Int.min, name: "é"), .unlabeled(300, nil), .default(flag: true),
            .author(author, mood: AnnotatedMood.allCases[0]), .wrapped(.wrapped(.empty)),
            .list([.empty, .list([]), .labeled(count: 1, name: String(repeating: "x", count: 200))]),
            .mixed(x: -0.0, nil, z: [1, 2]),
            .mixed(x: 1, .some(.none), z: nil), .list([.empty, .mixed(x: 1, .some(.some(4)), z: nil)]),
        ]
        for payload in messages {
            var general = ArchiveEncoder()
            general.writesMessages = false
            var codable = ArchiveEncoder()
            codable.usesGeneratedCode = false
            let expected = try codable.encode(payload)
            let message = ArchiveEncoder().messageArchive(of: payload)
            #expect(message == expected, "\(payload)")
            #expect(try ArchiveEncoder().encode(payload) == expected, "\(payload)")
            #expect(try general.encode(payload) == expected, "\(payload)")
        }
    }

    /// Keyed containers of every shape decoded as the enum: no key, two keys, an unknown key
    /// beside a known one, integer keys, a case holding a scalar, an associated value missing
    /// or of the wrong type. The same value or the same error, path and description as the
    /// enum's `init(from:)`.
    @Test func everyKeyedContainerIsReadAsTheConformanceReadsIt() throws {
        var generator = SampleGenerator(seed: 31)
        let caseNames = ["empty", "labeled", "unlabeled", "mixed", "author", "wrapped", "list", "default", "junk", "Empty"]
        let valueKeys = ["count", "name", "_0", "_1", "x", "z", "flag", "mood", "other"]
        func pick<T>(_ choices: [T]) -> T { choices[Int.random(in: 0..<choices.count, using: &generator)] }
        var outcomes = (decoded: 0, failed: 0)
        for round in 0..<2_000 {
            let archive: Data
            switch round % 4 {
            case 0, 1:
                var outer: [String: [String: Int?]] = [:]
                for _ in 0..<Int.random(in: 0...3, using: &generator) {
                    var inner: [String: Int?] = [:]
                    for _ in 0..<Int.random(in: 0...3, using: &generator) { inner[pick(valueKeys)] = pick([nil, 0, 1, 5, -1]) }
                    outer[pick(caseNames)] = inner
                }
                archive = try ArchiveEncoder().encode(outer)
            case 2:
                // A case holding something other than a keyed container.
                var outer: [String: String] = [:]
                outer[pick(caseNames)] = pick(["", "x"])
                if Bool.random(using: &generator) { outer[pick(caseNames)] = "y" }
                archive = try ArchiveEncoder().encode(outer)
            default:
                // Integer entries, and a mix of integer and string entries.
                var outer: [Int: [String: Int]] = [:]
                for _ in 0..<Int.random(in: 0...2, using: &generator) { outer[pick([0, 1, 7])] = [pick(valueKeys): 1] }
                let mixed: [String: [String: Int]] = ["0": [:], "labeled": ["count": 1, "name": 2]]
                archive = try Bool.random(using: &generator) ? ArchiveEncoder().encode(outer) : ArchiveEncoder().encode(mixed)
            }
            AnnotatedTypeTests.expectSameDecoding(Payload.self, from: archive)
            AnnotatedTypeTests.expectSameDecoding([Payload].self, from: try ArchiveEncoder().encode([archive]))
            if (try? ArchiveDecoder().decode(Payload.self, from: archive)) != nil { outcomes.decoded += 1 } else { outcomes.failed += 1 }
        }
        #expect(outcomes.decoded > 100 && outcomes.failed > 100, "\(outcomes)")
    }

    /// The error for a container with no case or two, word for word the synthesized one (as
    /// `JSONDecoder` reports it), at the container's path.
    @Test func noCaseOrTwoCasesIsTheSynthesizedError() throws {
        struct Holder: Codable { var payload: Payload }
        let shapes: [(json: String, archive: [String: [String: [String: Bool]]])] = [
            (#"{"payload":{}}"#, ["payload": [:]]),
            (#"{"payload":{"empty":{},"default":{"flag":true}}}"#, ["payload": ["empty": [:], "default": ["flag": true]]]),
        ]
        for (json, shape) in shapes {
            let archive = try ArchiveEncoder().encode(shape)
            let ours = try #require(throws: DecodingError.self) { try ArchiveDecoder().decode(Holder.self, from: archive) }
            let theirs = try #require(throws: DecodingError.self) { try JSONDecoder().decode(Holder.self, from: Data(json.utf8)) }
            guard case .typeMismatch(let type, let context) = ours, case .typeMismatch(let jsonType, let jsonContext) = theirs else {
                Issue.record("\(ours), \(theirs)")
                continue
            }
            #expect(type == Payload.self && jsonType == Payload.self)
            #expect(context.debugDescription == jsonContext.debugDescription)
            #expect(context.debugDescription == "Invalid number of keys found, expected one.")
            #expect(context.codingPath.map(\.stringValue) == ["payload"])
            #expect(jsonContext.codingPath.map(\.stringValue) == ["payload"])
            AnnotatedTypeTests.expectSameDecoding(Holder.self, from: archive)
        }
    }

    @Test func truncatedAndCorruptedArchivesFailTheSameWay() throws {
        var generator = SampleGenerator(seed: 37)
        for _ in 0..<8 {
            let bytes = try ArchiveEncoder().encode((0..<4).map { _ in Payload.random(&generator) })
            for length in 0..<bytes.count { AnnotatedTypeTests.expectSameDecoding([Payload].self, from: bytes.prefix(length)) }
            for _ in 0..<300 {
                var mutated = Array(bytes)
                for _ in 0..<Int.random(in: 1...3, using: &generator) {
                    mutated[Int.random(in: 6..<mutated.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
                }
                AnnotatedTypeTests.expectSameDecoding([Payload].self, from: Data(mutated))
            }
        }
    }

    /// Payloads written into super encoders, one taken before the other entries and filled after
    /// them, and read back from the super decoders; in arrays of one and three.
    struct HoldsPayloadsInSuper: Codable, Equatable {
        var early: Payload
        var keyed: Payload
        var tag: String
        enum CodingKeys: String, CodingKey { case tag, keyed }

        init(early: Payload, keyed: Payload, tag: String) { (self.early, self.keyed, self.tag) = (early, keyed, tag) }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            let early = container.superEncoder()
            try container.encode(tag, forKey: .tag)
            try keyed.encode(to: container.superEncoder(forKey: .keyed))
            var late = early.singleValueContainer()
            try late.encode(self.early)
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            early = try container.superDecoder().singleValueContainer().decode(Payload.self)
            tag = try container.decode(String.self, forKey: .tag)
            keyed = try Payload(from: container.superDecoder(forKey: .keyed))
        }
    }

    @Test func payloadsThroughSuperEncodersTakenEarly() throws {
        var generator = SampleGenerator(seed: 41)
        for _ in 0..<60 {
            let value = HoldsPayloadsInSuper(early: .random(&generator), keyed: .random(&generator), tag: "t")
            for list in [[value], [value, value, value]] {
                let (direct, codable) = try AnnotatedTypeTests.bytesBothWays(list)
                #expect(direct == codable)
                let viaJSON = try JSONDecoder().decode([HoldsPayloadsInSuper].self, from: JSONEncoder().encode(list))
                #expect(viaJSON == list.map { .init(early: $0.early.foldingNestedNil, keyed: $0.keyed.foldingNestedNil, tag: $0.tag) })
                #expect(try ArchiveDecoder().decode([HoldsPayloadsInSuper].self, from: direct) == list)
                AnnotatedTypeTests.expectSameDecoding([HoldsPayloadsInSuper].self, from: direct)
            }
        }
    }

    /// Payloads nested 0–5 levels deep (each level is two containers: the case's and its
    /// values') under depth limits 0–12: the same bytes or the same error, both directions.
    @Test func payloadsAtTheDepthLimits() throws {
        var outcomes = AnnotatedTypeTests.DepthOutcomes()
        for depth in 0...5 {
            var value = Payload.labeled(count: 1, name: "deep")
            for level in 0..<depth { value = level % 2 == 0 ? .wrapped(value) : .list([.empty, value]) }
            for limit in 0...12 {
                try AnnotatedTypeTests.expectSameAtDepthLimit(value, limit: limit, outcomes: &outcomes) { $0 == value }
            }
        }
        #expect(outcomes.reachedBothSides, "\(outcomes)")
    }

    /// A payload that throws while its case's container is open (an associated value whose
    /// `encode(to:)` fails), caught by its holder, which goes on: the same bytes as the
    /// conformance leaves, and the same error.
    @Test func aThrowingAssociatedValueLeavesWhatTheConformanceLeaves() throws {
        struct Catching: Codable {
            var carriers: [Carrier]
            func encode(to encoder: any Encoder) throws {
                var container = encoder.unkeyedContainer()
                for carrier in carriers {
                    do { try container.encode(carrier) } catch { try container.encode("caught \(error)") }
                }
            }
        }
        let carriers: [Carrier] = [.one(.init(fails: true), tail: 1), .two(head: 2, .init(fails: true)), .two(head: 3, nil),
                                   .one(.init(fails: false), tail: 4)]
        let (direct, codable) = try AnnotatedTypeTests.bytesBothWays(Catching(carriers: carriers))
        #expect(direct == codable)
        let error = try #require(throws: EncodingError.self) { try ArchiveEncoder().encode(carriers) }
        var codableEncoder = ArchiveEncoder()
        codableEncoder.usesGeneratedCode = false
        let codableError = try #require(throws: EncodingError.self) { try codableEncoder.encode(carriers) }
        #expect("\(error)" == "\(codableError)")
    }
}

/// Names the generated code must spell with care: a case that starts with a non-ASCII letter
/// (the compiler upper-cases only ASCII for its key type, `élanCodingKeys`), and labels that
/// read as something else after a `.` (`Type`, `self`, `init`).
@ArchiveCodable
enum Spelling: Codable, Equatable {
    case élan(Type: Int, self: String)
    case plain(init: Bool)
}

extension AnnotatedEnumTests {
    @Test func namesThatNeedCareAreWrittenAsTheConformanceWritesThem() throws {
        let values: [Spelling] = [.élan(Type: 1, self: "s"), .plain(init: true)]
        #expect(AnnotatedTypeTests.hasGeneratedCode(Spelling.self))
        let (direct, codable) = try AnnotatedTypeTests.bytesBothWays(values)
        #expect(direct == codable)
        #expect(try ArchiveDecoder().decode([Spelling].self, from: direct) == values)
        #expect(try JSONDecoder().decode([Spelling].self, from: JSONEncoder().encode(values)) == values)
        AnnotatedTypeTests.expectSameDecoding([Spelling].self, from: direct)
    }
}
