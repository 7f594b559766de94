import Foundation
import KeyedArchive
import KeyedArchiveSamples
import Synchronization

/// The coding paths that `PathProbe`s saw in `encode(to:)` and `init(from:)`, in order: handed
/// to them in `userInfo`, so that tests running at once each record their own.
final class PathRecorder: Sendable {
    static let key = CodingUserInfoKey(rawValue: "PathRecorder")!
    private let recorded = Mutex<[[String]]>([])

    /// The paths recorded since the last call, which forgets them.
    func take() -> [[String]] { recorded.withLock { paths in defer { paths = [] }; return paths } }

    /// Records `path` if `userInfo` holds a recorder.
    static func record(_ path: [any CodingKey], in userInfo: [CodingUserInfoKey: Any]) {
        guard let recorder = userInfo[key] as? PathRecorder else { return }
        recorder.recorded.withLock { $0.append(path.map(\.stringValue)) }
    }
}

/// A value without generated code that records the coding path of each `encode(to:)` and
/// `init(from:)` call.
struct PathProbe: Codable, Equatable {
    var label: Int
    enum CodingKeys: String, CodingKey { case label }

    init(label: Int) { self.label = label }

    init(from decoder: any Decoder) throws {
        PathRecorder.record(decoder.codingPath, in: decoder.userInfo)
        label = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .label)
    }

    func encode(to encoder: any Encoder) throws {
        PathRecorder.record(encoder.codingPath, in: encoder.userInfo)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(label, forKey: .label)
    }
}

/// A class with generated code around a probe: in an array, each element is written in place
/// by the general path (a class instance), and read as a message, the probe in place.
final class ProbeNode: Codable, Equatable, ArchiveDirectEncodable, ArchiveDirectDecodable {
    let probe: PathProbe
    init(probe: PathProbe) { self.probe = probe }
    enum CodingKeys: String, CodingKey { case probe }

    static func == (lhs: ProbeNode, rhs: ProbeNode) -> Bool { lhs.probe == rhs.probe }

    static let archiveKeys = ArchiveKeySet([CodingKeys.probe])
    static func _archiveEncode<Writer: ArchiveWriter>(_ value: ProbeNode, to encoder: inout Writer) throws {
        var container = encoder.keyedContainer(archiveKeys)
        try container.encode(value.probe, at: 0)
    }
    static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> ProbeNode {
        ProbeNode(probe: try decoder.keyedContainer(archiveKeys).decode(at: 0))
    }
}

/// Generated code around probes, written out: every kind of place a message holds a value
/// without generated code — a field, an optional, an array of them, inside a nested message, in
/// an array of messages, in an enum's case container, in an array of class instances — with
/// strings of up to 200 bytes around them (lengths whose prefixes grow after a probe's bytes
/// were written). The synthesized `Codable` conformances are the oracle.
struct ProbeHolder: Codable, Equatable, ArchiveDirectEncodable, ArchiveDirectDecodable {
    struct Inner: Codable, Equatable, ArchiveDirectEncodable, ArchiveDirectDecodable {
        var text: String
        var probe: PathProbe?
        var choice: Choice

        static let archiveKeys = ArchiveKeySet([CodingKeys.text, .probe, .choice])
        static func _archiveEncode<Writer: ArchiveWriter>(_ value: Inner, to encoder: inout Writer) throws {
            var container = encoder.keyedContainer(archiveKeys)
            try container.encode(value.text, at: 0)
            try container.encode(value.probe, at: 1)
            try container.encode(value.choice, at: 2)
        }
        static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> Inner {
            let container = try decoder.keyedContainer(archiveKeys)
            return Inner(text: try container.decode(at: 0), probe: try container.decode(at: 1), choice: try container.decode(at: 2))
        }
    }

    /// Synthesized: one key, the case, holding the case's values under `_0`.
    enum Choice: Codable, Equatable, ArchiveDirectEncodable, ArchiveDirectDecodable {
        case none, probed(PathProbe)

        static let archiveKeys = ArchiveKeySet([CodingKeys.none, .probed])
        static let caseKeys = [ArchiveKeySet([NoneCodingKeys]()), ArchiveKeySet([ProbedCodingKeys._0])]
        static func _archiveEncode<Writer: ArchiveWriter>(_ value: Choice, to encoder: inout Writer) throws {
            var container = encoder.keyedContainer(archiveKeys)
            switch value {
            case .none: _ = container.nestedContainer(caseKeys[0], at: 0)
            case .probed(let probe):
                var values = container.nestedContainer(caseKeys[1], at: 1)
                try values.encode(probe, at: 0)
            }
        }
        static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> Choice {
            let container = try decoder.keyedContainer(archiveKeys)
            switch try container.onlyKey(of: Choice.self) {
            case 0:
                _ = try container.nestedContainer(caseKeys[0], at: 0)
                return .none
            default:
                let values = try container.nestedContainer(caseKeys[1], at: 1)
                return .probed(try values.decode(at: 0))
            }
        }
    }

    var id: Int
    var first: PathProbe
    var text: String
    var probes: [PathProbe]
    var inner: Inner
    var inners: [Inner]
    var nodes: [ProbeNode]
    enum CodingKeys: Int, CodingKey { case id = 1, first, text, probes, inner, inners, nodes }

    static let archiveKeys = ArchiveKeySet([CodingKeys.id, .first, .text, .probes, .inner, .inners, .nodes])
    static func _archiveEncode<Writer: ArchiveWriter>(_ value: ProbeHolder, to encoder: inout Writer) throws {
        var container = encoder.keyedContainer(archiveKeys)
        try container.encode(value.id, at: 0)
        try container.encode(value.first, at: 1)
        try container.encode(value.text, at: 2)
        try container.encode(value.probes, at: 3)
        try container.encode(value.inner, at: 4)
        try container.encode(value.inners, at: 5)
        try container.encode(value.nodes, at: 6)
    }
    static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> ProbeHolder {
        let container = try decoder.keyedContainer(archiveKeys)
        return ProbeHolder(id: try container.decode(at: 0), first: try container.decode(at: 1), text: try container.decode(at: 2),
                           probes: try container.decode(at: 3), inner: try container.decode(at: 4), inners: try container.decode(at: 5),
                           nodes: try container.decode(at: 6))
    }

    /// How many probes the value holds: how many `encode(to:)` or `init(from:)` calls one
    /// encoding or decoding makes.
    var probeCount: Int {
        func count(_ inner: Inner) -> Int { (inner.probe == nil ? 0 : 1) + (inner.choice == .none ? 0 : 1) }
        return 1 + probes.count + count(inner) + inners.map(count).reduce(0, +) + nodes.count
    }

    static func random(_ g: inout SampleGenerator) -> ProbeHolder {
        func probe(_ g: inout SampleGenerator) -> PathProbe { PathProbe(label: g.int(0..<1_000)) }
        func text(_ g: inout SampleGenerator) -> String { String(repeating: "x", count: g.int(0..<200)) }
        func inner(_ g: inout SampleGenerator) -> Inner {
            Inner(text: text(&g), probe: g.int(0..<2) == 0 ? nil : probe(&g), choice: g.int(0..<2) == 0 ? .none : .probed(probe(&g)))
        }
        return ProbeHolder(id: g.int(0..<100), first: probe(&g), text: text(&g), probes: (0..<g.int(0..<4)).map { _ in probe(&g) },
                           inner: inner(&g), inners: (0..<g.int(0..<4)).map { _ in inner(&g) },
                           nodes: (0..<g.int(0..<3)).map { _ in ProbeNode(probe: probe(&g)) })
    }
}
