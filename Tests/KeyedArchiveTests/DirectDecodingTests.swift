import Foundation
@testable import KeyedArchive
import KeyedArchiveSamples
import Synchronization
import Testing

/// Types with generated decoding code (`ArchiveDirectDecodable`, conformed by hand in
/// `Support/DirectModels.swift`) read exactly what their `init(from:)` reads, and fail the same
/// way on hostile input: each check decodes one archive with the generated code and with it
/// switched off, and compares the values (by their archives) or the errors. With the generated
/// code, three ways: as `decode` does, by the general path alone, and by message reading alone
/// (`Direct/MessageReading.swift`) when it takes the archive.
@Suite struct DirectDecodingTests {
    /// Decodes `bytes` as `T` each way and expects the same value or the same error.
    static func expectSameDecoding<T: Codable>(
        _ type: T.Type, from bytes: Data, limits: ArchiveDecoder.Limits = .init(), sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var direct = ArchiveDecoder()
        direct.limits = limits
        var general = direct
        general.readsMessages = false
        var codable = direct
        codable.usesGeneratedCode = false
        let expected = Result { try codable.decode(T.self, from: bytes) }
        expectSame(Result { try general.decode(T.self, from: bytes) }, expected, sourceLocation: sourceLocation)
        if let message = direct.messageValue(T.self, from: bytes) {
            expectSame(.success(message), expected, sourceLocation: sourceLocation)
        }
        expectSame(Result { try direct.decode(T.self, from: bytes) }, expected, sourceLocation: sourceLocation)
    }

    /// Expects `actual` to be `expected`: the same value or the same error, path and description.
    static func expectSame<T: Codable>(
        _ actual: Result<T, any Error>, _ expected: Result<T, any Error>, sourceLocation: SourceLocation
    ) {
        switch (expected, actual) {
        case (.success(let expected), .success(let actual)):
            // Compared by their archives: `==` would tell NaNs apart and needs `Equatable`.
            // Deterministic: two equal dictionaries may iterate in different orders.
            var encoder = ArchiveEncoder()
            encoder.usesGeneratedCode = false
            encoder.deterministic = true
            let (actualBytes, expectedBytes) = (try? encoder.encode(actual), try? encoder.encode(expected))
            #expect(actualBytes != nil && actualBytes == expectedBytes, "decoded \(T.self) values differ", sourceLocation: sourceLocation)
        case (.failure(let expected as DecodingError), .failure(let actual as DecodingError)):
            #expect(describe(actual) == describe(expected), sourceLocation: sourceLocation)
        default:
            Issue.record("the paths disagree: generated code \(actual), init(from:) \(expected)", sourceLocation: sourceLocation)
        }
    }

    /// An error's case, coding path and description.
    static func describe(_ error: DecodingError) -> String {
        // The hand-written conformances spell the private synthesized `CodingKeys` as `DirectKeys`.
        func path(_ context: DecodingError.Context) -> String {
            "\(context.codingPath.map(\.stringValue)): " + context.debugDescription.replacingOccurrences(of: "DirectKeys(", with: "CodingKeys(")
        }
        switch error {
        case .typeMismatch(let type, let context): return "typeMismatch \(type) at \(path(context))"
        case .valueNotFound(let type, let context): return "valueNotFound \(type) at \(path(context))"
        case .keyNotFound(let key, let context): return "keyNotFound \(key.stringValue) at \(path(context))"
        case .dataCorrupted(let context): return "dataCorrupted at \(path(context))"
        @unknown default: return "\(error)"
        }
    }

    /// Archives of the models, written through `encode(to:)`.
    static func archives() throws -> [(name: String, bytes: Data)] {
        var encoder = ArchiveEncoder()
        encoder.usesGeneratedCode = false
        var generator = SampleGenerator(seed: 5)
        var result = [("commits", try encoder.encode(Commit.sample(count: 20))),
                      ("int-keyed commits", try encoder.encode(IntKeyedCommit.sample(count: 20)))]
        for index in 0..<20 {
            result.append(("everything \(index)", try encoder.encode(DirectEverything.random(&generator))))
        }
        return result
    }

    @Test func theGeneratedCodeIsTaken() throws {
        let bytes = try ArchiveEncoder().encode([Recording(value: 1), Recording(value: 2)])
        Recording.viaGeneratedCode.withLock { $0 = 0 }
        #expect(try ArchiveDecoder().decode([Recording].self, from: bytes).map(\.value) == [1, 2])
        #expect(Recording.viaGeneratedCode.withLock { $0 } == 2)
        var codable = ArchiveDecoder()
        codable.usesGeneratedCode = false
        #expect(try codable.decode([Recording].self, from: bytes).map(\.value) == [1, 2])
        #expect(Recording.viaGeneratedCode.withLock { $0 } == 2)
    }

    @Test func validArchivesDecodeTheSame() throws {
        for (_, bytes) in try Self.archives() {
            Self.expectSameDecoding([Commit].self, from: bytes)
            Self.expectSameDecoding([IntKeyedCommit].self, from: bytes)
            Self.expectSameDecoding(DirectEverything.self, from: bytes)
        }
        // Written by the generated code, read both ways.
        let commits = try ArchiveEncoder().encode(Commit.sample(count: 100))
        Self.expectSameDecoding([Commit].self, from: commits)
        #expect(try ArchiveDecoder().decode([Commit].self, from: commits) == Commit.sample(count: 100))
    }

    @Test func corruptedArchivesFailTheSame() throws {
        // Every archive cut at every length, and bytes changed at random, read as every model:
        // the same value or the same error, path and description.
        var generator = SampleGenerator(seed: 9)
        for (_, bytes) in try Self.archives() {
            for length in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 60)) {
                Self.expectSameDecoding(DirectEverything.self, from: bytes.prefix(length))
                Self.expectSameDecoding([Commit].self, from: bytes.prefix(length))
            }
            for _ in 0..<150 {
                var mutated = Array(bytes)
                for _ in 0..<Int.random(in: 1...3, using: &generator) {
                    let index = Int.random(in: 6..<mutated.count, using: &generator)
                    mutated[index] = UInt8.random(in: 0...255, using: &generator)
                }
                let data = Data(mutated)
                Self.expectSameDecoding(DirectEverything.self, from: data)
                Self.expectSameDecoding([Commit].self, from: data)
                Self.expectSameDecoding([IntKeyedCommit].self, from: data)
                Self.expectSameDecoding(DirectEverything.Leaf.self, from: data)
            }
        }
    }

    @Test func keysAreMatchedAsByInitFromDecoder() throws {
        // A leaf written with string keys ("id", "tag", "weight") where its own keys are the
        // integers 3, -1 and 70: the names do not match, so `id` is not found either way.
        Self.expectSameDecoding(DirectEverything.Leaf.self, from: try ArchiveEncoder().encode(["id": 1, "weight": 2]))
        // Integer entries read by keys without integers: "3" is a string key spelling 3.
        Self.expectSameDecoding(DirectEverything.Leaf.self, from: try ArchiveEncoder().encode([3: 1, 70: 2]))
        // Both the integer 3 and the name "id" present: two entries match `id`, malformed.
        Self.expectSameDecoding(DirectEverything.Leaf.self, from: try ArchiveEncoder().encode(BothSpellings()))
        // Absent optionals, explicit nils, nils where a value is required, wrong types.
        Self.expectSameDecoding(DirectEverything.Leaf.self, from: try ArchiveEncoder().encode(LooseLeaf(id: 1, tag: nil, weight: 2)))
        Self.expectSameDecoding(DirectEverything.Leaf.self, from: try ArchiveEncoder().encode(LooseLeaf(id: nil, tag: "x", weight: 2)))
        Self.expectSameDecoding(DirectEverything.Leaf.self, from: try ArchiveEncoder().encode(LooseLeaf(id: 1, tag: "x", weight: nil)))
        Self.expectSameDecoding(DirectEverything.Leaf.self, from: try ArchiveEncoder().encode(WrongLeaf()))
        Self.expectSameDecoding(DirectEverything.Leaf.self, from: try ArchiveEncoder().encode([1, 2, 3]))
        Self.expectSameDecoding(DirectEverything.Leaf.self, from: try ArchiveEncoder().encode(Int?.none))
        Self.expectSameDecoding(DirectEverything.Leaf.self, from: try ArchiveEncoder().encode("leaf"))
        Self.expectSameDecoding([DirectEverything.Leaf?].self, from: try ArchiveEncoder().encode([LooseLeaf(id: 1, tag: nil, weight: 2), nil]))
    }

    @Test func limitsAreTheSame() throws {
        let bytes = try ArchiveEncoder().encode(Commit.sample(count: 30))
        for depth in 1...4 {
            var limits = ArchiveDecoder.Limits()
            limits.maximumDepth = depth
            Self.expectSameDecoding([Commit].self, from: bytes, limits: limits)
        }
        for count in [0, 1, 2, 3, 7, 29, 30] {
            var limits = ArchiveDecoder.Limits()
            limits.maximumCollectionCount = count
            Self.expectSameDecoding([Commit].self, from: bytes, limits: limits)
        }
    }
}

/// Counts the values read through its generated code.
private struct Recording: Codable, ArchiveDirectEncodable, ArchiveDirectDecodable {
    static let viaGeneratedCode = Mutex(0)
    var value: Int

    static let archiveKeys = ArchiveKeySet([CodingKeys.value])
    static func _archiveEncode<Writer: ArchiveWriter>(_ value: Recording, to encoder: inout Writer) throws {
        var container = encoder.keyedContainer(archiveKeys)
        try container.encode(value.value, at: 0)
    }
    static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> Recording {
        viaGeneratedCode.withLock { $0 += 1 }
        let container = try decoder.keyedContainer(archiveKeys)
        return Recording(value: try container.decode(Int.self, at: 0))
    }
}

/// A leaf's `id` written twice: as the integer 3 and as the string "id".
private struct BothSpellings: Encodable {
    enum IntegerKeys: Int, CodingKey { case id = 3, weight = 70 }
    enum NameKeys: String, CodingKey { case id }
    func encode(to encoder: any Encoder) throws {
        var integers = encoder.container(keyedBy: IntegerKeys.self)
        try integers.encode(1, forKey: .id)
        try integers.encode(2.0, forKey: .weight)
        var names = encoder.container(keyedBy: NameKeys.self)
        try names.encode(5, forKey: .id)
    }
}

/// A leaf's shape with every property optional, to write archives missing any of them.
private struct LooseLeaf: Encodable {
    enum CodingKeys: Int, CodingKey { case id = 3, tag = -1, weight = 70 }
    var id: Int?
    var tag: String?
    var weight: Double?
}

/// A leaf's keys with values of the wrong types.
private struct WrongLeaf: Encodable {
    enum CodingKeys: Int, CodingKey { case id = 3, tag = -1, weight = 70 }
    var id = "one"
    var tag = 5
    var weight = true
}
