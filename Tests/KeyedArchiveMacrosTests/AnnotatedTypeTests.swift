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

    /// Whether `type` has generated code, asked at run time as the coders ask.
    static func hasGeneratedCode<T>(_ type: T.Type) -> Bool {
        type is any ArchiveDirectEncodable.Type && type is any ArchiveDirectDecodable.Type
    }

    @Test func theMacroConformsTheTypes() {
        #expect(Self.hasGeneratedCode(AnnotatedCommit.self))
        #expect(Self.hasGeneratedCode(AnnotatedCommit.Author.self))
        #expect(Self.hasGeneratedCode(IntKeyedEntry.self))
        #expect(Self.hasGeneratedCode(AnnotatedEverything.self))
        #expect(!Self.hasGeneratedCode(PlainHolder.self))
    }

    @Test(arguments: ["plain", "deterministic", "zlib+crc32", "identity"])
    func theBytesAreTheCodableConformances(_ option: String) throws {
        let configure: (inout ArchiveEncoder) -> Void = { encoder in
            switch option {
            case "deterministic": encoder.deterministic = true
            case "zlib+crc32": encoder.compression = .zlib(level: 6); encoder.checksum = .crc32
            case "identity": encoder.preservesObjectIdentity = true
            default: break
            }
        }
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
