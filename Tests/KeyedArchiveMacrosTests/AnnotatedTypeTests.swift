import ArchiveTestSupport
import Foundation
@testable import KeyedArchive
import KeyedArchiveMacros
import KeyedArchiveSamples
import Testing

/// Types annotated with `@ArchiveCodable` against their own `Codable` conformance: the same
/// bytes, each path reading the other's archives, and the same errors on hostile input. The
/// comparison switches the generated code off on an otherwise identical coder.
@Suite struct AnnotatedTypeTests {
    static func bytesBothWays<T: Encodable>(_ value: T, _ configure: (inout ArchiveEncoder) -> Void = { _ in }) throws -> (direct: Data, codable: Data) {
        var direct = ArchiveEncoder()
        configure(&direct)
        var codable = direct
        codable.usesGeneratedCode = false
        return (try direct.encode(value), try codable.encode(value))
    }

    /// Decodes `bytes` both ways: the same value (compared by its deterministic archive) or
    /// the same error, path and description.
    static func expectSameDecoding<T: Codable>(_ type: T.Type, from bytes: Data, sourceLocation: SourceLocation = #_sourceLocation) {
        let direct = ArchiveDecoder()
        var codable = direct
        codable.usesGeneratedCode = false
        var encoder = ArchiveEncoder()
        encoder.usesGeneratedCode = false
        encoder.deterministic = true
        switch (Result { try direct.decode(T.self, from: bytes) }, Result { try codable.decode(T.self, from: bytes) }) {
        case (.success(let actual), .success(let expected)):
            let (a, e) = (try? encoder.encode(actual), try? encoder.encode(expected))
            #expect(a != nil && a == e, "decoded values differ", sourceLocation: sourceLocation)
        case (.failure(let actual), .failure(let expected)):
            #expect("\(actual)" == "\(expected)", sourceLocation: sourceLocation)
        case (let actual, let expected):
            Issue.record("the paths disagree: generated code \(actual), init(from:) \(expected)", sourceLocation: sourceLocation)
        }
    }

    /// How often each side of a depth limit was reached: a test of the limits asserts both.
    struct DepthOutcomes: CustomStringConvertible {
        var encoded = 0, refused = 0, decoded = 0, rejected = 0
        var reachedBothSides: Bool { encoded > 0 && refused > 0 && decoded > 0 && rejected > 0 }
        var description: String { "encoded \(encoded), refused \(refused), decoded \(decoded), rejected \(rejected)" }
    }

    /// `value` encoded under depth limit `limit` by both paths (the same bytes or the same
    /// error), and its archive decoded under it by both (values that `matches` accepts, or the
    /// same error).
    static func expectSameAtDepthLimit<T: Codable>(
        _ value: T, limit: Int, outcomes: inout DepthOutcomes, matches: (T) -> Bool, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        var encoder = ArchiveEncoder()
        encoder.maximumDepth = limit
        var codableEncoder = encoder
        codableEncoder.usesGeneratedCode = false
        switch (Result { try encoder.encode(value) }, Result { try codableEncoder.encode(value) }) {
        case (.success(let x), .success(let y)): #expect(x == y, sourceLocation: sourceLocation); outcomes.encoded += 1
        case (.failure(let x), .failure(let y)): #expect("\(x)" == "\(y)", "limit \(limit)", sourceLocation: sourceLocation); outcomes.refused += 1
        case (let x, let y): Issue.record("the paths disagree at limit \(limit): \(x) against \(y)", sourceLocation: sourceLocation)
        }
        let bytes = try ArchiveEncoder().encode(value)
        var decoder = ArchiveDecoder()
        decoder.limits.maximumDepth = limit
        var codableDecoder = decoder
        codableDecoder.usesGeneratedCode = false
        switch (Result { try decoder.decode(T.self, from: bytes) }, Result { try codableDecoder.decode(T.self, from: bytes) }) {
        case (.success(let x), .success(let y)): #expect(matches(x) && matches(y), sourceLocation: sourceLocation); outcomes.decoded += 1
        case (.failure(let x), .failure(let y)): #expect("\(x)" == "\(y)", "limit \(limit)", sourceLocation: sourceLocation); outcomes.rejected += 1
        case (let x, let y): Issue.record("the decoding paths disagree at limit \(limit): \(x) against \(y)", sourceLocation: sourceLocation)
        }
    }

    /// Whether `type` has generated code, asked at run time as the coders ask.
    static func hasGeneratedCode<T>(_ type: T.Type) -> Bool {
        type is any ArchiveDirectEncodable.Type && type is any ArchiveDirectDecodable.Type
    }

    /// Whether `type` writes (reads) through generated code, asked at run time: a check the
    /// compiler could settle would pass whatever the macro generated.
    static func writesGeneratedCode(_ type: Any.Type) -> Bool { type is any ArchiveDirectEncodable.Type }
    static func readsGeneratedCode(_ type: Any.Type) -> Bool { type is any ArchiveDirectDecodable.Type }

    @Test func theMacroConformsTheTypes() {
        #expect(Self.hasGeneratedCode(AnnotatedCommit.self))
        #expect(Self.hasGeneratedCode(AnnotatedCommit.Author.self))
        #expect(Self.hasGeneratedCode(IntKeyedEntry.self))
        #expect(Self.hasGeneratedCode(AnnotatedEverything.self))
        #expect(!Self.hasGeneratedCode(PlainHolder.self))
        #expect(Self.hasGeneratedCode(AnnotatedMood.self) && Self.hasGeneratedCode(AnnotatedLevel.self)
            && Self.hasGeneratedCode(AnnotatedPriority.self) && Self.hasGeneratedCode(AnnotatedRatio.self)
            && Self.hasGeneratedCode(AnnotatedScale.self))
        #expect(Self.hasGeneratedCode(AnnotatedShape.self) && Self.hasGeneratedCode(Payload.self))
        #expect(Self.hasGeneratedCode(AnnotatedNode.self))
    }

    @Test func anEnumWithARawValueIsWrittenAsItsRawValue() throws {
        for mood in AnnotatedMood.allCases {
            let (direct, codable) = try Self.bytesBothWays(mood)
            let rawValueArchive = try ArchiveEncoder().encode(mood.rawValue)
            #expect(direct == codable)
            #expect(direct == rawValueArchive)
            #expect(try ArchiveDecoder().decode(AnnotatedMood.self, from: direct) == mood)
        }
        for level in AnnotatedLevel.allCases {
            // In an array, each element is written on its own, as the Codable path writes it (an
            // [Int] is packed instead).
            let (direct, codable) = try Self.bytesBothWays([level, level])
            #expect(direct == codable)
            #expect(try ArchiveDecoder().decode([AnnotatedLevel].self, from: direct) == [level, level])
            let rawValueArchive = try ArchiveEncoder().encode(level.rawValue)
            #expect(try ArchiveEncoder().encode(level) == rawValueArchive)
        }
        for ratio in AnnotatedRatio.allCases {
            let (direct, codable) = try Self.bytesBothWays(["r": ratio])
            #expect(direct == codable)
            #expect(try ArchiveDecoder().decode([String: AnnotatedRatio].self, from: direct) == ["r": ratio])
        }
        let (direct, codable) = try Self.bytesBothWays(AnnotatedPriority?.some(.high))
        #expect(direct == codable)
    }

    /// A raw value that names no case, a value of the wrong type, a nil, an integer out of the
    /// raw type's range: the same error, path and description from both paths.
    @Test func aBadRawValueFailsTheSameWay() throws {
        struct Texts: Codable { var mood: String?; var level: String?; var priorities: [Int?] }
        struct Enums: Codable { var mood: AnnotatedMood?; var level: AnnotatedLevel?; var priorities: [AnnotatedPriority] }
        let bad: [Any] = [
            Texts(mood: "sad", level: nil, priorities: [0]), Texts(mood: nil, level: "high", priorities: []),
            Texts(mood: nil, level: nil, priorities: [255, 256]), Texts(mood: nil, level: nil, priorities: [0, nil]),
            Texts(mood: nil, level: nil, priorities: [-1]), Texts(mood: "Calm", level: nil, priorities: []),
        ]
        for case let value as Texts in bad {
            let bytes = try ArchiveEncoder().encode(value)
            Self.expectSameDecoding(Enums.self, from: bytes)
            #expect(throws: DecodingError.self) { try ArchiveDecoder().decode(Enums.self, from: bytes) }
        }
        for top in [try ArchiveEncoder().encode("sad"), try ArchiveEncoder().encode(3.5), try ArchiveEncoder().encode(Int?.none),
                    try ArchiveEncoder().encode(["calm", "x"])] {
            Self.expectSameDecoding(AnnotatedMood.self, from: top)
            Self.expectSameDecoding(AnnotatedLevel.self, from: top)
            Self.expectSameDecoding(AnnotatedRatio.self, from: top)
            Self.expectSameDecoding(AnnotatedScale.self, from: top)
            Self.expectSameDecoding([AnnotatedMood].self, from: top)
        }
        // The description is the standard library's, word for word.
        let error = try #require(throws: DecodingError.self) {
            try ArchiveDecoder().decode([AnnotatedMood].self, from: ArchiveEncoder().encode(["calm", "sad"]))
        }
        guard case .dataCorrupted(let context) = error else { Issue.record("\(error)"); return }
        #expect(context.debugDescription == "Cannot initialize AnnotatedMood from invalid String value sad")
        #expect(context.codingPath.map(\.intValue) == [1])
        let json = try #require(throws: DecodingError.self) {
            try JSONDecoder().decode([AnnotatedMood].self, from: Data(#"["calm","sad"]"#.utf8))
        }
        guard case .dataCorrupted(let jsonContext) = json else { Issue.record("\(json)"); return }
        #expect(jsonContext.debugDescription == context.debugDescription)
    }

    @Test(arguments: EncoderOption.allCases)
    func theBytesAreTheCodableConformances(_ option: EncoderOption) throws {
        let configure = option.configure
        let commits = AnnotatedCommit.sample(count: 100)
        let (direct, codable) = try Self.bytesBothWays(commits, configure)
        #expect(direct == codable)
        var generator = SampleGenerator(seed: 17)
        for _ in 0..<200 {
            let value = AnnotatedEverything.random(&generator)
            let (direct, codable) = try Self.bytesBothWays(value, configure)
            #expect(direct == codable)
            let holder = PlainHolder(commits: Array(commits.prefix(3)), byNumber: [2: commits[4], -9: commits[5]],
                                     maybe: commits[6], nested: .some(nil), everything: value)
            let (directHolder, codableHolder) = try Self.bytesBothWays(holder, configure)
            #expect(directHolder == codableHolder)
        }
    }

    @Test func eachPathReadsTheOthersArchives() throws {
        let commits = AnnotatedCommit.sample(count: 50)
        let (direct, codable) = try Self.bytesBothWays(commits)
        #expect(try ArchiveDecoder().decode([AnnotatedCommit].self, from: codable) == commits)
        var viaCodable = ArchiveDecoder()
        viaCodable.usesGeneratedCode = false
        #expect(try viaCodable.decode([AnnotatedCommit].self, from: direct) == commits)
        // A property with no key keeps its default; the entries come back whatever their order.
        let entry = IntKeyedEntry(id: 3, title: nil, tags: ["x"], cached: 99)
        let decoded = try ArchiveDecoder().decode(IntKeyedEntry.self, from: ArchiveEncoder().encode(entry))
        #expect(decoded == IntKeyedEntry(id: 3, title: nil, tags: ["x"], cached: 7))
    }

    @Test func hostileArchivesFailTheSameWay() throws {
        var generator = SampleGenerator(seed: 17)
        var archives = [try ArchiveEncoder().encode(AnnotatedCommit.sample(count: 5))]
        for _ in 0..<10 { archives.append(try ArchiveEncoder().encode(AnnotatedEverything.random(&generator))) }
        for bytes in archives {
            for length in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 40)) {
                Self.expectSameDecoding(AnnotatedEverything.self, from: bytes.prefix(length))
                Self.expectSameDecoding([AnnotatedCommit].self, from: bytes.prefix(length))
            }
            for _ in 0..<200 {
                var mutated = Array(bytes)
                let index = Int.random(in: 6..<mutated.count, using: &generator)
                mutated[index] = UInt8.random(in: 0...255, using: &generator)
                Self.expectSameDecoding(AnnotatedEverything.self, from: Data(mutated))
                Self.expectSameDecoding([AnnotatedCommit].self, from: Data(mutated))
                Self.expectSameDecoding(IntKeyedEntry.self, from: Data(mutated))
            }
        }
    }
}
