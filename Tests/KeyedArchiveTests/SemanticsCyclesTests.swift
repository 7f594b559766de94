import Foundation
import KeyedArchive
import Testing

/// A tree node that can be made to contain itself.
private final class Node: Codable {
    var name: String
    var children: [Node]
    var partner: Node?

    init(_ name: String, _ children: [Node] = [], partner: Node? = nil) {
        self.name = name
        self.children = children
        self.partner = partner
    }
}

/// A struct around a class, so that a cycle can pass through a value type and an optional.
private struct Holder: Codable {
    var node: Node?
}

/// A subclass encoding its superclass through `superEncoder()`: the same instance, not a cycle.
private class Base: Codable {
    var id = 1
}

private final class Derived: Base {
    var next: Derived?
    private enum CodingKeys: String, CodingKey { case next }
    override init() { super.init() }
    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        next = try container.decodeIfPresent(Derived.self, forKey: .next)
        try super.init(from: container.superDecoder())
    }
    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(next, forKey: .next)
        try super.encode(to: container.superEncoder())
    }
}

/// Cycles of class instances throw where they close; shared instances are encoded as values.
@Suite struct SemanticsCyclesTests {
    private func cycleError(_ body: () throws -> Data) -> (path: [String], description: String)? {
        do {
            _ = try body()
        } catch EncodingError.invalidValue(_, let context) {
            return (context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }, context.debugDescription)
        } catch {
            Issue.record("unexpected error \(error)")
        }
        return nil
    }

    @Test func aNodeAmongItsOwnChildrenThrowsWhereTheCycleCloses() throws {
        let root = Node("root")
        let child = Node("child")
        root.children = [Node("first"), child]
        child.children = [root]
        let error = try #require(cycleError { try ArchiveEncoder().encode(root) })
        #expect(error.path == ["children", "[1]", "children", "[0]"])
        #expect(error.description.contains("Node instance is already being encoded at the top level"))
        // Deeper: the instance's own path is named.
        let outer = Node("outer", [root])
        let nested = try #require(cycleError { try ArchiveEncoder().encode(outer) })
        #expect(nested.path == ["children", "[0]", "children", "[1]", "children", "[0]"])
        #expect(nested.description.contains("already being encoded at children[0]"))
    }

    @Test func aCycleThroughAStructAnOptionalAndADictionaryIsFound() throws {
        let a = Node("a"), b = Node("b")
        a.partner = b
        b.partner = a
        let error = try #require(cycleError { try ArchiveEncoder().encode(["pair": Holder(node: a)]) })
        #expect(error.path == ["pair", "node", "partner", "partner"])
        // A node that is its own partner.
        let selfish = Node("self")
        selfish.partner = selfish
        #expect(try #require(cycleError { try ArchiveEncoder().encode([selfish]) }).path == ["[0]", "partner"])
        // With every option, and in a stream: the same error, nothing written.
        var encoder = ArchiveEncoder()
        encoder.compression = .zlib
        encoder.checksum = .crc32
        encoder.deterministic = true
        #expect(try #require(cycleError { try encoder.encode([selfish]) }).path == ["[0]", "partner"])
    }

    @Test func aSharedInstanceIsNotACycle() throws {
        let shared = Node("shared")
        let root = Node("root", [shared, shared, Node("other", [shared])], partner: shared)
        let decoded = try ArchiveDecoder().decode(Node.self, from: ArchiveEncoder().encode(root))
        // Encoded as a value each time (Codable has no identity), so it decodes as copies.
        #expect(decoded.children.map(\.name) == ["shared", "shared", "other"])
        #expect(decoded.partner?.name == "shared" && decoded.children[2].children[0].name == "shared")
        // Deep but acyclic: a chain of distinct instances nests to the depth limit as before.
        var chain = Node("end")
        for i in 0..<100 { chain = Node("n\(i)", [chain]) }
        _ = try ArchiveEncoder().encode(chain)
    }

    @Test func aSuperEncoderOfTheSameInstanceIsNotACycle() throws {
        let first = Derived(), second = Derived()
        first.next = second
        let decoded = try ArchiveDecoder().decode(Derived.self, from: ArchiveEncoder().encode(first))
        #expect(decoded.id == 1 && decoded.next?.id == 1)
        // But an instance that is its own `next` is one.
        second.next = second
        #expect(try #require(cycleError { try ArchiveEncoder().encode(first) }).path == ["next", "next"])
    }

    @Test func theEncoderIsUsableAfterACycle() throws {
        let selfish = Node("self")
        selfish.partner = selfish
        let encoder = ArchiveEncoder()
        #expect(throws: EncodingError.self) { try encoder.encode(selfish) }
        selfish.partner = nil
        let decoded = try ArchiveDecoder().decode(Node.self, from: encoder.encode(selfish))
        #expect(decoded.name == "self" && decoded.partner == nil)
    }
}
