import ArchiveTestSupport
import Foundation
import KeyedArchiveSamples
import Testing
@testable import KeyedArchive

/// Random object graphs through `preservesObjectIdentity`, checked against two oracles: the
/// decoded graph holds the same values as the original (their JSON, which writes shared
/// instances by value, is equal), and the same `===` relationships (a bijection between
/// original and decoded instances). The graphs combine what a bug would need together: shared
/// instances in arrays, dictionaries, optionals and single-value wrappers, subclass instances
/// whose super encoder is taken first and filled last, deterministic order and compression, and
/// first occurrences that the archive leaves out (overwritten, or cut off with a value that threw).
@Suite struct ObjectGraphPropertyTests {
    class Node: Codable {
        var label: Int
        var children: [Node] = []
        var named: [String: Node] = [:]
        var maybe: Node?
        var boxed: NodeBox?
        var subs: [SubNode] = []
        var aliases: [NodeAlias] = []
        init(label: Int) { self.label = label }
    }

    /// A class whose value is another instance, through a single-value container: its marker
    /// must stay even when it is not shared, or its reference-valued content would read as it.
    final class NodeAlias: Codable {
        let node: Node
        init(_ node: Node) { self.node = node }
        init(from decoder: any Decoder) throws { node = try decoder.singleValueContainer().decode(Node.self) }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(node)
        }
    }

    /// Writes its superclass's part last, through a super encoder taken first (out of order).
    final class SubNode: Node {
        var extra: String
        var peers: [Node] = []
        init(label: Int, extra: String) {
            self.extra = extra
            super.init(label: label)
        }
        enum Keys: String, CodingKey { case extra, peers }
        required init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            extra = try container.decode(String.self, forKey: .extra)
            peers = try container.decode([Node].self, forKey: .peers)
            try super.init(from: container.superDecoder())
        }
        override func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            let superEncoder = container.superEncoder()
            try container.encode(extra, forKey: .extra)
            try container.encode(peers, forKey: .peers)
            try super.encode(to: superEncoder)
        }
    }

    /// A struct that holds a node through a single-value container, as property wrappers do.
    struct NodeBox: Codable {
        let node: Node
        init(_ node: Node) { self.node = node }
        init(from decoder: any Decoder) throws { node = try decoder.singleValueContainer().decode(Node.self) }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(node)
        }
    }

    /// Writes other nodes under its key before its own (the last value wins) and values that
    /// throw after writing nodes (they leave no trace), so that instances' first occurrences
    /// are dropped or cut off: the archive holds `node` only. So does JSON, which is told
    /// (`userInfo[.writesDecoys] == false`) not to try.
    final class Decoyed: Codable {
        let node: Node
        var decoys: [Node] = []
        var failing: [Node] = []
        init(_ node: Node) { self.node = node }
        enum Keys: String, CodingKey { case node }
        init(from decoder: any Decoder) throws { node = try decoder.container(keyedBy: Keys.self).decode(Node.self, forKey: .node) }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            if encoder.userInfo[.writesDecoys] as? Bool != false {
                for decoy in decoys { try container.encode(decoy, forKey: .node) }
                for node in failing { _ = try? container.encode(FailingAfter(node: node), forKey: .node) }
            }
            try container.encode(node, forKey: .node)
        }
    }

    /// Writes a node, then throws.
    struct FailingAfter: Encodable {
        let node: Node
        func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            try container.encode(node)
            throw EncodingError.invalidValue(node.label, .init(codingPath: encoder.codingPath, debugDescription: "decoy"))
        }
    }

    struct Graph: Codable {
        var roots: [Node]
        var subs: [SubNode]
        var index: [Int: Node]
        var decoyed: [Decoyed] = []
    }

    /// A random acyclic graph: node i refers only to earlier nodes, and references are left
    /// out where they would make the graph written by value (JSON) larger than `budget` nodes.
    static func randomGraph(seed: UInt64) -> Graph {
        var random = SampleGenerator(seed: seed)
        let count = Int.random(in: 1...14, using: &random)
        var nodes: [Node] = []
        var subs: [SubNode] = []
        var aliases: [NodeAlias] = []
        var expanded: [ObjectIdentifier: Int] = [:]
        let budget = 120
        for label in 0..<count {
            let isSub = !nodes.isEmpty && Int.random(in: 0..<4, using: &random) == 0
            let node: Node = isSub ? SubNode(label: label, extra: "s\(label)") : Node(label: label)
            var size = 1
            func pick<T: Node>(_ pool: [T]) -> T? {
                guard let candidate = pool.randomElement(using: &random) else { return nil }
                let cost = expanded[ObjectIdentifier(candidate)] ?? 1
                guard size + cost <= budget else { return nil }
                size += cost
                return candidate
            }
            for _ in 0..<Int.random(in: 0...3, using: &random) { if let child = pick(nodes) { node.children.append(child) } }
            for key in ["a", "b", "0", "z"] where Bool.random(using: &random) { if let child = pick(nodes) { node.named[key] = child } }
            if Bool.random(using: &random) { node.maybe = pick(nodes) }
            if Int.random(in: 0..<3, using: &random) == 0, let child = pick(nodes) { node.boxed = NodeBox(child) }
            if Int.random(in: 0..<3, using: &random) == 0, let sub = pick(subs) { node.subs.append(sub) }
            if Int.random(in: 0..<3, using: &random) == 0 {
                if !aliases.isEmpty, Bool.random(using: &random), let alias = aliases.randomElement(using: &random),
                   size + (expanded[ObjectIdentifier(alias.node)] ?? 1) <= budget {
                    size += expanded[ObjectIdentifier(alias.node)] ?? 1
                    node.aliases.append(alias)
                } else if let target = pick(nodes) {
                    let alias = NodeAlias(target)
                    aliases.append(alias)
                    node.aliases.append(alias)
                }
            }
            if let sub = node as? SubNode {
                for _ in 0..<Int.random(in: 0...2, using: &random) { if let peer = pick(nodes) { sub.peers.append(peer) } }
                subs.append(sub)
            } else {
                nodes.append(node)
            }
            expanded[ObjectIdentifier(node)] = size
        }
        var roots: [Node] = []
        for _ in 0..<Int.random(in: 1...4, using: &random) { if let node = nodes.randomElement(using: &random) { roots.append(node) } }
        var index: [Int: Node] = [:]
        for node in nodes where Int.random(in: 0..<3, using: &random) == 0 { index[node.label] = node }
        var graph = Graph(roots: roots, subs: Array(subs.shuffled(using: &random).prefix(3)), index: index)
        for _ in 0..<Int.random(in: 0...2, using: &random) {
            guard let node = nodes.randomElement(using: &random), (expanded[ObjectIdentifier(node)] ?? 1) <= budget else { continue }
            let decoyed = Decoyed(node)
            for _ in 0..<Int.random(in: 0...2, using: &random) { decoyed.decoys.append(nodes.randomElement(using: &random)!) }
            for _ in 0..<Int.random(in: 0...2, using: &random) { decoyed.failing.append(nodes.randomElement(using: &random)!) }
            graph.decoyed.append(decoyed)
        }
        return graph
    }

    /// Pairs the instances of two graphs of the same shape, position by position; returns a
    /// description of the first position where identity differs.
    struct IdentityPairing {
        var forward: [ObjectIdentifier: ObjectIdentifier] = [:]
        var backward: [ObjectIdentifier: ObjectIdentifier] = [:]
        var problem: String?

        mutating func pair(_ a: Node?, _ b: Node?, at path: String) {
            guard problem == nil else { return }
            guard let a, let b else {
                if (a == nil) != (b == nil) { problem = "\(path): one side is nil" }
                return
            }
            let (ia, ib) = (ObjectIdentifier(a), ObjectIdentifier(b))
            if let known = forward[ia] {
                if known != ib { problem = "\(path): the original instance was decoded as two instances" }
                return
            }
            if backward[ib] != nil { problem = "\(path): two original instances were decoded as one"; return }
            forward[ia] = ib
            backward[ib] = ia
            guard type(of: a) == type(of: b) else { problem = "\(path): \(type(of: a)) decoded as \(type(of: b))"; return }
            guard a.children.count == b.children.count, a.named.keys.sorted() == b.named.keys.sorted(), a.subs.count == b.subs.count else {
                problem = "\(path): different shape"
                return
            }
            for (i, (x, y)) in zip(a.children, b.children).enumerated() { pair(x, y, at: "\(path).children[\(i)]") }
            for key in a.named.keys.sorted() { pair(a.named[key], b.named[key], at: "\(path).named.\(key)") }
            pair(a.maybe, b.maybe, at: "\(path).maybe")
            pair(a.boxed?.node, b.boxed?.node, at: "\(path).boxed")
            for (i, (x, y)) in zip(a.subs, b.subs).enumerated() { pair(x, y, at: "\(path).subs[\(i)]") }
            guard a.aliases.count == b.aliases.count else { problem = "\(path): different aliases"; return }
            for (i, (x, y)) in zip(a.aliases, b.aliases).enumerated() {
                pairAlias(x, y, at: "\(path).aliases[\(i)]")
                pair(x.node, y.node, at: "\(path).aliases[\(i)].node")
            }
            if let sa = a as? SubNode, let sb = b as? SubNode {
                guard sa.peers.count == sb.peers.count else { problem = "\(path): different peers"; return }
                for (i, (x, y)) in zip(sa.peers, sb.peers).enumerated() { pair(x, y, at: "\(path).peers[\(i)]") }
            }
        }

        var aliasForward: [ObjectIdentifier: ObjectIdentifier] = [:]
        var aliasBackward: [ObjectIdentifier: ObjectIdentifier] = [:]

        mutating func pairAlias(_ a: NodeAlias, _ b: NodeAlias, at path: String) {
            let (ia, ib) = (ObjectIdentifier(a), ObjectIdentifier(b))
            if let known = aliasForward[ia] {
                if known != ib { problem = problem ?? "\(path): the original alias was decoded as two instances" }
                return
            }
            if aliasBackward[ib] != nil { problem = problem ?? "\(path): two original aliases were decoded as one"; return }
            aliasForward[ia] = ib
            aliasBackward[ib] = ia
        }

        mutating func pair(_ a: Graph, _ b: Graph) {
            guard a.roots.count == b.roots.count, a.subs.count == b.subs.count, a.index.keys.sorted() == b.index.keys.sorted(),
                  a.decoyed.count == b.decoyed.count else {
                problem = "graph: different shape"
                return
            }
            for (i, (x, y)) in zip(a.roots, b.roots).enumerated() { pair(x, y, at: "roots[\(i)]") }
            for (i, (x, y)) in zip(a.subs, b.subs).enumerated() { pair(x, y, at: "subs[\(i)]") }
            for key in a.index.keys.sorted() { pair(a.index[key], b.index[key], at: "index[\(key)]") }
            for (i, (x, y)) in zip(a.decoyed, b.decoyed).enumerated() { pair(x.node, y.node, at: "decoyed[\(i)].node") }
        }
    }

    /// nil if the graph of `seed` round-trips with its values and identities; otherwise why not.
    static func check(seed: UInt64) -> String? {
        let graph = randomGraph(seed: seed)
        var encoder = ArchiveEncoder()
        encoder.preservesObjectIdentity = true
        encoder.deterministic = seed % 3 == 0
        encoder.compression = seed % 4 == 1 ? .zlib : .none
        encoder.checksum = seed % 5 == 2 ? .crc32 : .none
        let json = JSONEncoder()
        json.outputFormatting = .sortedKeys
        json.userInfo[.writesDecoys] = false
        do {
            let data = try encoder.encode(graph)
            let decoded = try ArchiveDecoder().decode(Graph.self, from: data)
            guard try json.encode(decoded) == json.encode(graph) else { return "seed \(seed): decoded values differ from the original" }
            var pairing = IdentityPairing()
            pairing.pair(graph, decoded)
            if let problem = pairing.problem { return "seed \(seed): \(problem)" }
            var plain = encoder
            plain.preservesObjectIdentity = false
            let byValue = try plain.encode(graph)
            if encoder.compression == .none, data.count > byValue.count { return "seed \(seed): larger than by value (\(data.count) > \(byValue.count))" }
            if encoder.deterministic, try encoder.encode(graph) != data { return "seed \(seed): deterministic archive differs between two encodes" }
            let inspected = try InspectedArchive([UInt8](data))
            var counter = ValueCounter()
            try inspected.walk(&counter)   // a validating reader accepts what the encoder wrote
        } catch {
            return "seed \(seed): \(error)"
        }
        return nil
    }

    struct ValueCounter: ArchiveVisitor {}

    @Test func randomGraphsKeepValuesAndIdentity() {
        let count = Campaign.count("OBJECT_GRAPH_COUNT", quick: 150, full: 600)
        let first = ProcessInfo.processInfo.environment["OBJECT_GRAPH_SEED"].flatMap(UInt64.init) ?? 1
        var failures: [String] = []
        for seed in first..<first + UInt64(count) {
            if let failure = Self.check(seed: seed) { failures.append(failure) }
            if failures.count >= 5 { break }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }
}

extension CodingUserInfoKey {
    /// Whether `ObjectGraphPropertyTests.Decoyed` writes its decoys (unless `false`).
    static let writesDecoys = CodingUserInfoKey(rawValue: "writesDecoys")!
}
