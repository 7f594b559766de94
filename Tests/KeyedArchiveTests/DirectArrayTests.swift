import Foundation
@testable import KeyedArchive
import KeyedArchiveSamples
import Testing

/// Arrays of values with generated code are written and read through generated code
/// (`DirectArrays.swift`): the same bytes, values and errors as `Array`'s own `encode(to:)` and
/// `init(from:)`, in the combinations where the two could part: a holder that catches a failing
/// element and goes on, arrays of arrays, the depth limit at the elements, class elements (which
/// take the general path, with identity kept), and archives that are not the array expected.
@Suite struct DirectArrayTests {
    @Test func arraysAreWrittenAsArraysOwnConformanceWritesThem() throws {
        let commits = Commit.sample(count: 6)
        try DirectEncodingTests.expectSameBytes([GeneratedCodeCommit]())
        try DirectEncodingTests.expectSameBytes(commits.map(GeneratedCodeCommit.init))
        try DirectEncodingTests.expectSameBytes([commits.map(GeneratedCodeCommit.init), [], Array(commits.prefix(1)).map(GeneratedCodeCommit.init)])
        try DirectEncodingTests.expectSameBytes(["a": commits.map(GeneratedCodeCommit.init)])
        try DirectEncodingTests.expectSameBytes(Optional(commits.map(GeneratedCodeCommit.init)))
        try DirectEncodingTests.expectSameBytes(commits.map(GeneratedCodeCommit.init), { $0.deterministic = true })
        // The array is written through generated code: no `encode(to:)` of `Array` runs, which
        // would ask each element's conformance again (the encoder counts nothing here, so compare
        // with an archive of the same array inside a Codable holder).
        struct Holder: Encodable { var commits: [GeneratedCodeCommit] }
        try DirectEncodingTests.expectSameBytes(Holder(commits: commits.map(GeneratedCodeCommit.init)))
    }

    /// Writes an array whose second element throws, catches the error, and goes on.
    struct CatchesAFailingElement: Encodable {
        var elements: [FailingElement]
        enum CodingKeys: String, CodingKey { case elements, after }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            do { try container.encode(elements, forKey: .elements) } catch {}
            try container.encode("after", forKey: .after)
        }
    }

    /// Generated code that throws when `fails` is set, after writing an entry.
    struct FailingElement: Encodable, ArchiveDirectEncodable {
        var value: Int
        var fails: Bool
        enum CodingKeys: String, CodingKey { case value }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(value, forKey: .value)
            if fails { throw EncodingError.invalidValue(value, .init(codingPath: container.codingPath, debugDescription: "refused")) }
        }
        static let archiveKeys = ArchiveKeySet([CodingKeys.value])
        static func _archiveEncode<Writer: ArchiveWriter>(_ value: FailingElement, to encoder: inout Writer) throws {
            var container = encoder.keyedContainer(archiveKeys)
            try container.encode(value.value, at: 0)
            // A message gives up on an error, and the general path writes the value again: its
            // container has the path.
            let path = (container as? ArchiveDirectKeyedContainer)?.path.path ?? []
            if value.fails { throw EncodingError.invalidValue(value.value, .init(codingPath: path, debugDescription: "refused")) }
        }
    }

    @Test func anElementThatThrowsLeavesWhatEncodeToLeaves() throws {
        for failing in 0..<3 {
            let elements = (0..<3).map { FailingElement(value: $0, fails: $0 == failing) }
            try DirectEncodingTests.expectSameBytes(CatchesAFailingElement(elements: elements))
            try DirectEncodingTests.expectSameBytes(elements)
            try DirectEncodingTests.expectSameBytes([elements])
        }
    }

    @Test func theDepthLimitFallsAtTheSameElement() throws {
        let commits = Commit.sample(count: 2).map(GeneratedCodeCommit.init)
        for limit in 1...5 {
            try DirectEncodingTests.expectSameBytes(commits, { $0.maximumDepth = limit })
            try DirectEncodingTests.expectSameBytes([[commits]], { $0.maximumDepth = limit })
            let bytes = try ArchiveEncoder().encode([[commits]])
            var limits = ArchiveDecoder.Limits()
            limits.maximumDepth = limit
            DirectDecodingTests.expectSameDecoding([[[GeneratedCodeCommit]]].self, from: bytes, limits: limits)
        }
    }

    /// A final class with hand-written generated code: its instances still go through the
    /// general path, where identity and cycles are handled, inside an array with generated code.
    final class Node: Codable, ArchiveDirectEncodable, ArchiveDirectDecodable {
        let name: String
        init(name: String) { self.name = name }
        enum CodingKeys: String, CodingKey { case name }
        static let archiveKeys = ArchiveKeySet([CodingKeys.name])
        static func _archiveEncode<Writer: ArchiveWriter>(_ value: Node, to encoder: inout Writer) throws {
            var container = encoder.keyedContainer(archiveKeys)
            try container.encode(value.name, at: 0)
        }
        static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> Node {
            Node(name: try decoder.keyedContainer(archiveKeys).decode(String.self, at: 0))
        }
    }

    @Test func classElementsKeepTheirIdentity() throws {
        let shared = Node(name: "shared")
        let nodes = [shared, Node(name: "other"), shared]
        try DirectEncodingTests.expectSameBytes(nodes)
        try DirectEncodingTests.expectSameBytes(nodes, { $0.preservesObjectIdentity = true })
        var encoder = ArchiveEncoder()
        encoder.preservesObjectIdentity = true
        let decoded = try ArchiveDecoder().decode([Node].self, from: encoder.encode(nodes))
        #expect(decoded.map(\.name) == ["shared", "other", "shared"])
        #expect(decoded[0] === decoded[2] && decoded[0] !== decoded[1])
    }

    @Test func archivesThatAreNotTheArrayFailAsInitFromFails() throws {
        let inputs: [Data] = [
            try ArchiveEncoder().encode(3), try ArchiveEncoder().encode(Int?.none), try ArchiveEncoder().encode("x"),
            try ArchiveEncoder().encode([1, 2, 3]), try ArchiveEncoder().encode(["a", "b"]), try ArchiveEncoder().encode([[String: Int]]()),
            try ArchiveEncoder().encode([["sha": 1]]), try ArchiveEncoder().encode(Data([1, 2])),
            try ArchiveEncoder().encode(Commit.sample(count: 3)),
        ]
        for bytes in inputs {
            DirectDecodingTests.expectSameDecoding([GeneratedCodeCommit].self, from: bytes)
            DirectDecodingTests.expectSameDecoding([[GeneratedCodeCommit]].self, from: bytes)
            DirectDecodingTests.expectSameDecoding([GeneratedCodeCommit]?.self, from: bytes)
            for length in 0..<bytes.count { DirectDecodingTests.expectSameDecoding([GeneratedCodeCommit].self, from: bytes.prefix(length)) }
        }
    }

    /// Hand-written generated code that makes a new key set on every call (the documentation
    /// says to keep one in a `static let`): a set freed during the archive must not lend its
    /// address, and so its kept key varints, to the next one.
    struct FreshKeySets: Encodable, ArchiveDirectEncodable {
        var wide: Bool
        enum CodingKeys: String, CodingKey { case a, b, c, d }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            if wide { try container.encode(1, forKey: .c); try container.encode(2, forKey: .d) }
            try container.encode(3, forKey: .a)
        }
        static func _archiveEncode<Writer: ArchiveWriter>(_ value: FreshKeySets, to encoder: inout Writer) throws {
            let keys = value.wide ? ArchiveKeySet([CodingKeys.c, .d, .a]) : ArchiveKeySet([CodingKeys.a])
            var container = encoder.keyedContainer(keys)
            if value.wide { try container.encode(1, at: 0); try container.encode(2, at: 1); try container.encode(3, at: 2) }
            else { try container.encode(3, at: 0) }
        }
    }

    @Test func keySetsMadePerCallAreNotConfused() throws {
        try DirectEncodingTests.expectSameBytes((0..<300).map { FreshKeySets(wide: $0 % 3 == 0) })
    }
}
