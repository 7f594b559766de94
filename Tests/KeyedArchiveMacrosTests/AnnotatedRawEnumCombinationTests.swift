import Foundation
@testable import KeyedArchive
import KeyedArchiveMacros
import Testing

/// Annotated enums with raw values where the Codable machinery surrounds them: doubly optional,
/// written through super encoders (taken early and filled late), and at the depth limits. Each
/// case compares the generated code with the enum's `Codable` conformance on the same coder, and
/// checks the round trip (with `JSONEncoder`/`JSONDecoder` too where JSON can hold the value).
@Suite struct AnnotatedRawEnumCombinationTests {
    /// `E??` in every shape: a property, an array element, a dictionary value, the top level.
    struct DoublyOptional: Codable, Equatable {
        var mood: AnnotatedMood??
        var level: AnnotatedLevel??
        var list: [AnnotatedPriority??]
        var byName: [String: AnnotatedRatio??]
    }

    static let optionals: [AnnotatedMood??] = [.none, .some(.none), .some(.some(.calm)), .some(.some(.empty))]

    @Test func doublyOptionalEnumsBehaveAsTheirCodablePath() throws {
        for mood in Self.optionals {
            for level in [AnnotatedLevel??.none, .some(.none), .some(.some(.lowest)), .some(.some(.highest))] {
                let value = DoublyOptional(mood: mood, level: level, list: [.none, .some(.none), .some(.some(.high))],
                                           byName: ["a": .some(.none), "b": .some(.some(.half))])
                let (direct, codable) = try AnnotatedTypeTests.bytesBothWays(value) { $0.deterministic = true }
                #expect(direct == codable)
                // Every level of optionality comes back, as it does for `Int??` (Spec/vectors'
                // nested-nil), where JSON folds `.some(nil)` into `nil`.
                #expect(try ArchiveDecoder().decode(DoublyOptional.self, from: direct) == value)
                AnnotatedTypeTests.expectSameDecoding(DoublyOptional.self, from: direct)
            }
            let (direct, codable) = try AnnotatedTypeTests.bytesBothWays(mood)
            #expect(direct == codable)
            #expect(try ArchiveDecoder().decode(AnnotatedMood??.self, from: direct) == mood)
            AnnotatedTypeTests.expectSameDecoding(AnnotatedMood??.self, from: direct)
        }
    }

    /// Writes annotated enums into super encoders, one taken before the other entries and filled
    /// after them, and reads them back from the super decoders.
    struct HoldsEnumsInSuper: Codable, Equatable {
        var mood: AnnotatedMood
        var level: AnnotatedLevel
        var scale: AnnotatedScale
        var tag: String
        enum CodingKeys: String, CodingKey { case tag, level }

        init(mood: AnnotatedMood, level: AnnotatedLevel, scale: AnnotatedScale, tag: String) {
            (self.mood, self.level, self.scale, self.tag) = (mood, level, scale, tag)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            let early = container.superEncoder()
            try container.encode(tag, forKey: .tag)
            var levelSuper = container.superEncoder(forKey: .level).unkeyedContainer()
            try levelSuper.encode(level)
            try levelSuper.encode(scale)
            var late = early.singleValueContainer()
            try late.encode(mood)
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            mood = try container.superDecoder().singleValueContainer().decode(AnnotatedMood.self)
            tag = try container.decode(String.self, forKey: .tag)
            var levelSuper = try container.superDecoder(forKey: .level).unkeyedContainer()
            level = try levelSuper.decode(AnnotatedLevel.self)
            scale = try levelSuper.decode(AnnotatedScale.self)
        }
    }

    @Test func enumsWrittenThroughSuperEncodersTakenEarly() throws {
        for mood in AnnotatedMood.allCases {
            for level in AnnotatedLevel.allCases {
                let value = HoldsEnumsInSuper(mood: mood, level: level, scale: .allCases.last!, tag: "t")
                for list in [[value], [value, value, value]] {
                    let (direct, codable) = try AnnotatedTypeTests.bytesBothWays(list)
                    #expect(direct == codable)
                    #expect(try ArchiveDecoder().decode([HoldsEnumsInSuper].self, from: direct) == list)
                    #expect(try JSONDecoder().decode([HoldsEnumsInSuper].self, from: JSONEncoder().encode(list)) == list)
                    AnnotatedTypeTests.expectSameDecoding([HoldsEnumsInSuper].self, from: direct)
                }
            }
        }
    }

    /// An annotated enum `depth` arrays deep.
    static func nested(_ depth: Int) -> Any & Codable {
        func wrap<T: Codable>(_ value: T, _ remaining: Int) -> Any & Codable {
            remaining == 0 ? value : wrap([value], remaining - 1)
        }
        return wrap(AnnotatedLevel.highest, depth)
    }

    @Test func enumsAtTheDepthLimits() throws {
        var outcomes = (encoded: 0, refused: 0, decoded: 0, rejected: 0)
        for depth in 0...5 {
            let value = Self.nested(depth)
            for limit in 0...6 {
                func check<T: Codable>(_ value: T) throws {
                    // Encoding fails the same way on both paths.
                    var encoder = ArchiveEncoder(), codableEncoder = ArchiveEncoder()
                    encoder.maximumDepth = limit
                    codableEncoder.maximumDepth = limit
                    codableEncoder.usesGeneratedCode = false
                    let a = Result { try encoder.encode(value) }, b = Result { try codableEncoder.encode(value) }
                    switch (a, b) {
                    case (.success(let x), .success(let y)): #expect(x == y); outcomes.encoded += 1
                    case (.failure(let x), .failure(let y)):
                        #expect("\(x)" == "\(y)", "depth \(depth), limit \(limit)")
                        outcomes.refused += 1
                    default: Issue.record("the paths disagree at depth \(depth), limit \(limit): \(a) against \(b)")
                    }
                    // Decoding an archive of it under the limit: the same value or the same error.
                    let bytes = try ArchiveEncoder().encode(value)
                    var decoder = ArchiveDecoder(), codableDecoder = ArchiveDecoder()
                    decoder.limits.maximumDepth = limit
                    codableDecoder.limits.maximumDepth = limit
                    codableDecoder.usesGeneratedCode = false
                    let c = Result { try decoder.decode(T.self, from: bytes) }, d = Result { try codableDecoder.decode(T.self, from: bytes) }
                    switch (c, d) {
                    case (.success, .success): outcomes.decoded += 1
                    case (.failure(let x), .failure(let y)):
                        #expect("\(x)" == "\(y)", "depth \(depth), limit \(limit)")
                        outcomes.rejected += 1
                    default: Issue.record("the decoding paths disagree at depth \(depth), limit \(limit): \(c) against \(d)")
                    }
                }
                try check(value)
            }
        }
        // Both sides of each limit were reached.
        #expect(outcomes.encoded > 0 && outcomes.refused > 0 && outcomes.decoded > 0 && outcomes.rejected > 0, "\(outcomes)")
    }
}
