import Foundation
@testable import KeyedArchive
import KeyedArchiveSamples
import Synchronization
import Testing

/// The coders keep their state between calls, one spare per thread (`ThreadSpare`). Nothing of
/// one call may show in the next: every archive a reused state writes is the one a new state
/// writes, and every value it reads is the one a new state reads, whatever came before it on the
/// thread — other models and options, calls that threw, calls inside `encode(to:)` and
/// `init(from:)`, containers kept past their call.
@Suite struct StateReuseTests {
    /// One way of encoding one value, by name.
    struct Case: Sendable {
        let name: String
        let encode: @Sendable () throws -> Data
        let decodes: @Sendable (Data) throws -> Bool
    }

    private final class Node: Codable, @unchecked Sendable {
        var name: String
        var next: Node?
        init(_ name: String, next: Node? = nil) { (self.name, self.next) = (name, next) }
    }

    private struct Graph: Codable, Sendable {
        var nodes: [Node]
        static func sample() -> Graph {
            let shared = Node("shared")
            return Graph(nodes: [Node("a", next: shared), shared, Node("b", next: shared)])
        }
        func sameShape(as other: Graph) -> Bool {
            other.nodes.map(\.name) == nodes.map(\.name) && other.nodes[0].next === other.nodes[1]
                && other.nodes[2].next === other.nodes[1]
        }
    }

    private static func encoder(_ configure: (inout ArchiveEncoder) -> Void = { _ in }) -> ArchiveEncoder {
        var encoder = ArchiveEncoder()
        configure(&encoder)
        return encoder
    }

    private static func equalCase<T: Codable & Equatable & Sendable>(_ name: String, _ value: T, _ encoder: ArchiveEncoder = ArchiveEncoder(),
                                                                     generated: Bool = true) -> Case {
        var encoder = encoder
        encoder.usesGeneratedCode = generated
        var decoder = ArchiveDecoder()
        decoder.usesGeneratedCode = generated
        let coder = decoder
        return Case(name: name, encode: { [encoder] in try encoder.encode(value) },
                    decodes: { try coder.decode(T.self, from: $0) == value })
    }

    /// Models with string keys and integer keys, with and without generated code, under every
    /// option that changes how an archive is finished.
    static let cases: [Case] = [
        equalCase("empty", EmptyMessage()),
        equalCase("one field", OneFieldMessage.sample()),
        equalCase("numeric", NumericStruct.sample()),
        equalCase("numeric, Codable", NumericStruct.sample(), generated: false),
        equalCase("primitives", PrimitivesSample.sample()),
        equalCase("media", MediaContent.sample()),
        equalCase("media list, zlib", MediaContentList.sample(), encoder { $0.compression = .zlib }),
        equalCase("commits", Commit.sample(count: 3)),
        equalCase("commits, Codable", Commit.sample(count: 3), generated: false),
        equalCase("int-keyed commits", IntKeyedCommit.sample(count: 3)),
        equalCase("commits, deterministic", Commit.sample(count: 2), encoder { $0.deterministic = true }),
        equalCase("commits, checksum", Commit.sample(count: 2), encoder { $0.checksum = .crc32 }),
        equalCase("app state", AppState.sample(documents: 3)),
        equalCase("dictionary", ["b": 2, "a": 1, "c": 3], encoder { $0.deterministic = true }),
        equalCase("string", "just a string"),
        Case(name: "graph, identity", encode: { try encoder { $0.preservesObjectIdentity = true }.encode(Graph.sample()) },
             decodes: { try ArchiveDecoder().decode(Graph.self, from: $0).sameShape(as: Graph.sample()) }),
    ]

    /// Each case's archive, written with a state nothing used before: each on a thread of its own.
    static func freshArchives() throws -> [Data] {
        let results = Mutex<[Int: Result<Data, any Error>]>([:])
        for (index, testCase) in cases.enumerated() {
            runOnExitingThread {
                let result = Result { try testCase.encode() }
                results.withLock { $0[index] = result }
            }
        }
        return try results.withLock { results in try cases.indices.map { try results[$0]!.get() } }
    }

    @Test func reusedStatesWriteAndReadWhatNewOnesDo() throws {
        let fresh = try Self.freshArchives()
        var generator = SampleGenerator(seed: 21)
        for _ in 0..<400 {
            let index = generator.int(0..<Self.cases.count)
            let testCase = Self.cases[index]
            let archive = try testCase.encode()
            #expect(archive == fresh[index], "\(testCase.name): a reused state wrote other bytes")
            #expect(try testCase.decodes(fresh[index]), "\(testCase.name): a reused state read another value")
            // Now and then a call that fails in the middle: what it left must not show.
            if generator.int(0..<5) == 0 {
                #expect(throws: (any Error).self) { try ArchiveEncoder().encode(FailsHalfway()) }
                #expect(throws: DecodingError.self) { try ArchiveDecoder().decode(NumericStruct.self, from: fresh[index].dropLast()) }
                #expect(throws: DecodingError.self) { try ArchiveDecoder().decode(Commit.self, from: fresh[Self.cases.count - 3]) }
            }
        }
    }

    /// Writes half a container, then throws.
    private struct FailsHalfway: Encodable {
        enum Keys: String, CodingKey { case a, b, c }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode("half", forKey: .a)
            var nested = container.nestedContainer(keyedBy: Keys.self, forKey: .b)
            try nested.encode(1, forKey: .c)
            throw EncodingError.invalidValue(0, .init(codingPath: [], debugDescription: "on purpose"))
        }
    }

    /// An archive of a commit list, written inside another value's `encode(to:)`, and read back
    /// inside its `init(from:)`: the inner call finds the thread's spare taken and uses a state
    /// of its own.
    private struct Envelope: Codable, Equatable {
        var commits: [Commit]
        var label: String
        enum Keys: String, CodingKey { case archive, label }
        init(commits: [Commit], label: String) { (self.commits, self.label) = (commits, label) }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(label, forKey: .label)
            try container.encode(ArchiveEncoder().encode(commits), forKey: .archive)
        }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            label = try container.decode(String.self, forKey: .label)
            commits = try ArchiveDecoder().decode([Commit].self, from: container.decode(Data.self, forKey: .archive))
        }
    }

    @Test func callsInsideCallsUseStatesOfTheirOwn() throws {
        let envelope = Envelope(commits: Commit.sample(count: 4), label: "outer")
        let results = Mutex<Data?>(nil)
        runOnExitingThread { results.withLock { $0 = try? ArchiveEncoder().encode(envelope) } }
        let fresh = try #require(results.withLock { $0 })
        for _ in 0..<3 {
            #expect(try ArchiveEncoder().encode(envelope) == fresh)
            #expect(try ArchiveDecoder().decode(Envelope.self, from: fresh) == envelope)
        }
    }

    /// Keeps its keyed container past `decode`.
    private final class Keeper: Decodable {
        enum Keys: String, CodingKey { case sha, author }
        let container: KeyedDecodingContainer<Keys>
        init(from decoder: any Decoder) throws { container = try decoder.container(keyedBy: Keys.self) }
    }

    @Test func aContainerKeptPastItsCallKeepsItsOwnState() throws {
        let commits = Commit.sample(count: 2)
        let first = try ArchiveEncoder().encode(commits[0])
        let keeper = try ArchiveDecoder().decode(Keeper.self, from: first)
        // Later calls on this thread must neither disturb the kept container nor be disturbed.
        let others = try ArchiveEncoder().encode(commits[1])
        #expect(try ArchiveDecoder().decode(Commit.self, from: others) == commits[1])
        #expect(try keeper.container.decode(String.self, forKey: .sha) == commits[0].sha)
        #expect(try ArchiveDecoder().decode(Commit.self, from: first) == commits[0])
        #expect(try keeper.container.decode(Commit.Author.self, forKey: .author) == commits[0].author)
    }

    @Test func encodeIntoAppendsTheArchive() throws {
        let values: [(String, @Sendable (ArchiveEncoder, inout [UInt8]) throws -> Int, @Sendable (ArchiveEncoder, inout Data) throws -> Int,
                      @Sendable (ArchiveEncoder) throws -> Data)] = [
            ("numeric", { try $0.encode(NumericStruct.sample(), into: &$1) }, { try $0.encode(NumericStruct.sample(), into: &$1) },
             { try $0.encode(NumericStruct.sample()) }),
            ("commits", { try $0.encode(Commit.sample(count: 30), into: &$1) }, { try $0.encode(Commit.sample(count: 30), into: &$1) },
             { try $0.encode(Commit.sample(count: 30)) }),
            ("graph", { try $0.encode(Graph.sample(), into: &$1) }, { try $0.encode(Graph.sample(), into: &$1) },
             { try $0.encode(Graph.sample()) }),
        ]
        let encoders = [
            Self.encoder(), Self.encoder { $0.compression = .zlib }, Self.encoder { $0.checksum = .crc32 },
            Self.encoder { $0.deterministic = true }, Self.encoder { $0.preservesObjectIdentity = true },
        ]
        for (name, intoBytes, intoData, plain) in values {
            for encoder in encoders {
                let expected = try plain(encoder)
                var bytes: [UInt8] = [0xAA, 0xBB]
                let byteCount = try intoBytes(encoder, &bytes)
                #expect(byteCount == expected.count && bytes == [0xAA, 0xBB] + Array(expected), "\(name): [UInt8]")
                var data = Data([0xCC])
                let dataCount = try intoData(encoder, &data)
                #expect(dataCount == expected.count && data == Data([0xCC]) + expected, "\(name): Data")
                // Appending again keeps what is there.
                _ = try intoBytes(encoder, &bytes)
                #expect(bytes == [0xAA, 0xBB] + Array(expected) + Array(expected), "\(name): [UInt8], twice")
            }
        }
        // A value that throws leaves the buffer as it was.
        var bytes: [UInt8] = [1, 2, 3]
        #expect(throws: (any Error).self) { try ArchiveEncoder().encode(FailsHalfway(), into: &bytes) }
        #expect(bytes == [1, 2, 3])
        var data = Data([4, 5])
        #expect(throws: (any Error).self) { try ArchiveEncoder().encode(FailsHalfway(), into: &data) }
        #expect(data == Data([4, 5]))
    }

    @Test func withArchiveHandsOverTheArchive() throws {
        for testCase in [Self.encoder(), Self.encoder { $0.compression = .zlib }, Self.encoder { $0.checksum = .crc32 }] {
            let commits = Commit.sample(count: 5)
            let expected = try testCase.encode(commits)
            let seen = try testCase.withArchive(of: commits) { Data($0) }
            #expect(seen == expected)
            // What `body` throws comes out as it is.
            struct Stop: Error {}
            #expect(throws: Stop.self) { try testCase.withArchive(of: commits) { _ in throw Stop() } }
            // The call after a throwing `body` is unaffected.
            #expect(try testCase.withArchive(of: commits) { Data($0) } == expected)
        }
    }

    #if compiler(>=6.2)
    @Test func decodeFromASpan() throws {
        let media = MediaContent.sample()
        let bytes = Array(try ArchiveEncoder().encode(media))
        // Outside `#expect`: a span may not escape into the closure the macro makes.
        let decoded = try ArchiveDecoder().decode(MediaContent.self, from: bytes.span.bytes)
        #expect(decoded == media)
        let truncated = Array(bytes.dropLast())
        var error: (any Error)?
        do { _ = try ArchiveDecoder().decode(MediaContent.self, from: truncated.span.bytes) } catch let thrown { error = thrown }
        #expect(error is DecodingError)
    }
    #endif

    @Test func manyThreadsReuseTheirOwnStates() async throws {
        let fresh = try Self.freshArchives()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var generator = SampleGenerator(seed: UInt64(task))
                    for _ in 0..<150 {
                        let index = generator.int(0..<Self.cases.count)
                        let archive = try Self.cases[index].encode()
                        #expect(archive == fresh[index])
                        #expect(try Self.cases[index].decodes(archive))
                    }
                }
            }
            try await group.waitForAll()
        }
    }
}
