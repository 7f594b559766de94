import Foundation
@testable import KeyedArchive
import KeyedArchiveSamples
import Synchronization
import Testing

/// Types with generated code (`ArchiveDirectEncodable`, conformed by hand in
/// `Support/DirectModels.swift`) give exactly the bytes of their `encode(to:)`, and the same
/// errors, wherever they occur: each check encodes one value twice, with the generated code
/// and with it switched off, and compares.
@Suite struct DirectEncodingTests {
    /// The two encoders compared: identical but for the path a conforming type takes.
    static func encoders(_ configure: (inout ArchiveEncoder) -> Void = { _ in }) -> (direct: ArchiveEncoder, codable: ArchiveEncoder) {
        var direct = ArchiveEncoder()
        configure(&direct)
        var codable = direct
        codable.usesGeneratedCode = false
        return (direct, codable)
    }

    /// Encodes `value` both ways and expects the same bytes (or the same error).
    static func expectSameBytes<T: Encodable>(
        _ value: T, _ configure: (inout ArchiveEncoder) -> Void = { _ in }, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let (direct, codable) = encoders(configure)
        let expected = Result { try codable.encode(value) }
        let actual = Result { try direct.encode(value) }
        switch (expected, actual) {
        case (.success(let expected), .success(let actual)):
            let (a, e) = (Array(actual), Array(expected))
            let firstDifference = a.indices.first { $0 >= e.count || a[$0] != e[$0] } ?? e.count
            #expect(actual == expected, "bytes differ from offset \(firstDifference)", sourceLocation: sourceLocation)
        case (.failure(let expected as EncodingError), .failure(let actual as EncodingError)):
            #expect(describe(actual) == describe(expected), sourceLocation: sourceLocation)
        default:
            Issue.record("the paths disagree: generated code \(actual), encode(to:) \(expected)", sourceLocation: sourceLocation)
        }
    }

    /// An error's case, coding path and description.
    static func describe(_ error: EncodingError) -> String {
        guard case .invalidValue(_, let context) = error else { return "\(error)" }
        return "invalidValue at \(context.codingPath.map(\.stringValue)): \(context.debugDescription)"
    }

    @Test func theGeneratedCodeIsTakenAndDoesNotCallEncodeTo() throws {
        // `Counting` counts `encode(to:)` calls: the direct path must not make any.
        Counting.calls.withLock { $0 = 0 }
        let direct = try ArchiveEncoder().encode([Counting(value: 1), Counting(value: 2)])
        #expect(Counting.calls.withLock { $0 } == 0)
        let (_, codable) = Self.encoders()
        let viaCodable = try codable.encode([Counting(value: 1), Counting(value: 2)])
        #expect(Counting.calls.withLock { $0 } == 2)
        #expect(direct == viaCodable)
    }

    @Test func sampleCommitsGiveTheSameBytes() throws {
        try Self.expectSameBytes(Commit.sample(count: 200))
        try Self.expectSameBytes(IntKeyedCommit.sample(count: 200))
        try Self.expectSameBytes(Commit.sample(count: 1)[0])
    }

    @Test(arguments: ["plain", "deterministic", "zlib+crc32", "identity"])
    func everyOptionGivesTheSameBytes(_ option: String) throws {
        let configure: (inout ArchiveEncoder) -> Void = { encoder in
            switch option {
            case "deterministic": encoder.deterministic = true
            case "zlib+crc32": encoder.compression = .zlib(level: 6); encoder.checksum = .crc32
            case "identity": encoder.preservesObjectIdentity = true
            default: break
            }
        }
        var generator = SampleGenerator(seed: 7)
        for _ in 0..<300 {
            try Self.expectSameBytes(DirectEverything.random(&generator), configure)
        }
        try Self.expectSameBytes(Commit.sample(count: 50), configure)
    }

    @Test func generatedTypesInsideOrdinaryCodableTypes() throws {
        var generator = SampleGenerator(seed: 11)
        let commits = Commit.sample(count: 5)
        let holder = Holder(
            commits: commits, byName: ["a": commits[0], "b": commits[1]], byNumber: [3: commits[2], -1: commits[3]],
            maybe: commits[4], maybeNot: nil, nested: .some(nil), everything: [DirectEverything.random(&generator)])
        try Self.expectSameBytes(holder)
        try Self.expectSameBytes(holder, { $0.deterministic = true })
        // At the top level, in optionals and in arrays of optionals.
        try Self.expectSameBytes(Optional(commits[0]))
        try Self.expectSameBytes(Optional<Optional<Commit>>.some(nil))
        try Self.expectSameBytes([commits[0], nil, commits[1]] as [Commit?])
    }

    @Test func randomValuesGiveTheSameBytes() throws {
        var generator = SampleGenerator(seed: 3)
        for _ in 0..<1_000 {
            try Self.expectSameBytes(DirectEverything.random(&generator))
        }
    }

    @Test func aParentThatContinuesTheValueAfterwardsSeesTheSameBytes() throws {
        // An ordinary type that writes a generated-code value under a key, then asks for a
        // keyed container under the same key (continuing it) and for a super encoder.
        try Self.expectSameBytes(Continuing(leaf: .init(id: 1, tag: "t", weight: 2), late: 5))
        try Self.expectSameBytes(Continuing(leaf: .init(id: 1, tag: nil, weight: 2), late: 5), { $0.deterministic = true })
    }

    @Test func errorsHaveTheSamePathAndDescription() throws {
        // A member without generated code that throws, inside one with it.
        try Self.expectSameBytes(Failing(before: 1, inner: Thrower(), after: "x"))
        try Self.expectSameBytes([Failing(before: 1, inner: Thrower(), after: "x")])
        // A failure inside an optional and after good entries, wrapped in a holder that catches it.
        try Self.expectSameBytes(Recovering(wrapped: Failing(before: 2, inner: Thrower(), after: "y")))
    }

    @Test func theDepthLimitIsTheSame() throws {
        // Generated-code values nested past the limit: the same error at the same path.
        var chain = Chain(next: nil, depth: 0)
        for depth in 1...40 { chain = Chain(next: chain, depth: depth) }
        for limit in [1, 2, 5, 20, 39, 40, 41, 42, 100] {
            try Self.expectSameBytes(chain, { $0.maximumDepth = limit })
            try Self.expectSameBytes([chain], { $0.maximumDepth = limit })
        }
    }
}

/// Counts its `encode(to:)` calls, so a test can see which path was taken.
private struct Counting: Codable, ArchiveDirectEncodable {
    static let calls = Mutex(0)
    var value: Int

    enum CodingKeys: String, CodingKey { case value }
    func encode(to encoder: any Encoder) throws {
        Self.calls.withLock { $0 += 1 }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(value, forKey: .value)
    }

    static let archiveKeys = ArchiveKeySet([CodingKeys.value])
    static func _archiveEncode<Writer: ArchiveWriter>(_ value: Counting, to encoder: inout Writer) throws {
        var container = encoder.keyedContainer(archiveKeys)
        try container.encode(value.value, at: 0)
    }
}

/// An ordinary `Codable` type holding generated-code values in every kind of place.
private struct Holder: Codable {
    var commits: [Commit]
    var byName: [String: Commit]
    var byNumber: [Int: Commit]
    var maybe: Commit?
    var maybeNot: Commit?
    var nested: Commit??
    var everything: [DirectEverything]
}

/// Writes a generated-code value under `leaf`, then continues that container and takes a super
/// encoder: the out-of-order machinery must see the directly written container as its own.
private struct Continuing: Encodable {
    var leaf: DirectEverything.Leaf
    var late: Int
    enum CodingKeys: String, CodingKey { case leaf, late }
    enum LateKeys: String, CodingKey { case extra }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(leaf, forKey: .leaf)
        var continued = container.nestedContainer(keyedBy: LateKeys.self, forKey: .leaf)
        try continued.encode(late, forKey: .extra)
        try leaf.encode(to: container.superEncoder())
        try container.encode(late, forKey: .late)
    }
}

/// Throws from `encode(to:)`.
private struct Thrower: Encodable {
    func encode(to encoder: any Encoder) throws {
        throw EncodingError.invalidValue(0, .init(codingPath: encoder.codingPath, debugDescription: "refused"))
    }
}

/// Generated code around a member that throws.
private struct Failing: Encodable, ArchiveDirectEncodable {
    var before: Int
    var inner: Thrower
    var after: String
    enum CodingKeys: String, CodingKey { case before, inner, after }

    static let archiveKeys = ArchiveKeySet([CodingKeys.before, .inner, .after])
    static func _archiveEncode<Writer: ArchiveWriter>(_ value: Failing, to encoder: inout Writer) throws {
        var container = encoder.keyedContainer(archiveKeys)
        try container.encode(value.before, at: 0)
        try container.encode(value.inner, at: 1)
        try container.encode(value.after, at: 2)
    }
}

/// Catches a failing member's error and goes on: the failed value must leave no trace.
private struct Recovering: Encodable {
    var wrapped: Failing
    enum CodingKeys: String, CodingKey { case wrapped, after }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        do { try container.encode(wrapped, forKey: .wrapped) } catch {}
        try container.encode("after", forKey: .after)
    }
}

/// Generated-code values nested `depth` deep.
private final class ChainBox: Sendable {
    let chain: Chain
    init(_ chain: Chain) { self.chain = chain }
}

private struct Chain: Encodable, ArchiveDirectEncodable {
    var next: ChainBox?
    var depth: Int
    init(next: Chain?, depth: Int) {
        self.next = next.map(ChainBox.init)
        self.depth = depth
    }
    enum CodingKeys: String, CodingKey { case next, depth }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(next?.chain, forKey: .next)
        try container.encode(depth, forKey: .depth)
    }

    static let archiveKeys = ArchiveKeySet([CodingKeys.next, .depth])
    static func _archiveEncode<Writer: ArchiveWriter>(_ value: Chain, to encoder: inout Writer) throws {
        var container = encoder.keyedContainer(archiveKeys)
        try container.encode(value.next?.chain, at: 0)
        try container.encode(value.depth, at: 1)
    }
}
