import ArchiveTestSupport
import Foundation
@testable import KeyedArchive
import KeyedArchiveMacros
import KeyedArchiveSamples
import Testing

/// An annotated final class: its own `CodingKeys` (leaving out a weak reference to its parent,
/// which would be a cycle), a `let` with a value (written, never read back), optionals, an
/// annotated struct and enum, and references to instances of itself.
@ArchiveCodable
final class Folder: Codable {
    let name: String
    let format = 2
    var size: Int?
    var mood: AnnotatedMood
    var shape: AnnotatedShape?
    var children: [Folder]
    var link: Folder?
    weak var parent: Folder?

    enum CodingKeys: String, CodingKey { case name, format, size, mood, shape, children, link }

    init(name: String, size: Int?, mood: AnnotatedMood, shape: AnnotatedShape?, children: [Folder] = [], link: Folder? = nil) {
        (self.name, self.size, self.mood, self.shape, self.children, self.link) = (name, size, mood, shape, children, link)
    }

    /// A random tree at most `depth` levels deep; `shared`, when given, appears as the link of
    /// some folders (the same instance each time).
    static func random(_ generator: inout SampleGenerator, depth: Int = 3, shared: Folder? = nil) -> Folder {
        func pick<T>(_ choices: [T]) -> T { choices[Int.random(in: 0..<choices.count, using: &generator)] }
        let folder = Folder(name: pick(["", "a", "Documents", "é"]), size: pick([nil, 0, -1, Int.max]), mood: pick(AnnotatedMood.allCases),
                            shape: pick([nil, .dot, .circle(radius: 2.5), .polygon(sides: 3, label: nil), .polygon(sides: 6, label: "hex")]))
        if depth > 0 {
            folder.children = (0..<Int.random(in: 0...2, using: &generator)).map { _ in random(&generator, depth: depth - 1, shared: shared) }
            for child in folder.children where Bool.random(using: &generator) { child.parent = folder }
        }
        if let shared, Bool.random(using: &generator) { folder.link = shared }
        return folder
    }

    /// The tree as a deterministic archive of its `Codable` path: how two trees are compared.
    var fingerprint: Data {
        var encoder = ArchiveEncoder()
        encoder.usesGeneratedCode = false
        encoder.deterministic = true
        return (try? encoder.encode(self)) ?? Data()
    }
}

/// Annotated final classes against their own `Codable` conformance: the same bytes under every
/// option (object identity included), each path reading the other's archives, instances shared
/// and cycles refused the same way, and the same errors on hostile input.
@Suite struct AnnotatedClassTests {
    @Test(arguments: EncoderOption.allCases)
    func generatedCodeWritesWhatTheConformanceWrites(_ option: EncoderOption) throws {
        var generator = SampleGenerator(seed: 43)
        for _ in 0..<150 {
            let shared = Folder(name: "shared", size: 1, mood: .calm, shape: nil)
            let tree = Folder.random(&generator, shared: shared)
            let values = [tree, shared, tree]
            let (direct, codable) = try AnnotatedTypeTests.bytesBothWays(values, option.configure)
            #expect(direct == codable)
            let (directOptional, codableOptional) = try AnnotatedTypeTests.bytesBothWays(["a": tree, "b": nil] as [String: Folder?], option.configure)
            #expect(directOptional == codableOptional)

            // Read back by both paths as JSON's coders read it back (instances are rebuilt per
            // occurrence there; the fingerprint does not see sharing).
            let viaJSON = try JSONDecoder().decode([Folder].self, from: JSONEncoder().encode(values))
            let decoded = try ArchiveDecoder().decode([Folder].self, from: direct)
            var viaCodable = ArchiveDecoder()
            viaCodable.usesGeneratedCode = false
            let decodedViaCodable = try viaCodable.decode([Folder].self, from: direct)
            #expect(decoded.map(\.fingerprint) == viaJSON.map(\.fingerprint))
            #expect(decodedViaCodable.map(\.fingerprint) == viaJSON.map(\.fingerprint))
            // With identity kept, both paths share what was shared.
            if option == .identity {
                #expect(decoded[0] === decoded[2] && decodedViaCodable[0] === decodedViaCodable[2])
                #expect(decoded[0] !== decoded[1])
            }
            AnnotatedTypeTests.expectSameDecoding([Folder].self, from: direct)
        }
    }

    /// Shared instances with identity kept: the same bytes, and every occurrence decoded as one
    /// instance by both paths; without identity, each occurrence its own instance.
    @Test func sharedInstancesAreNumberedTheSameWay() throws {
        let shared = Folder(name: "shared", size: nil, mood: .cross, shape: .dot)
        let a = Folder(name: "a", size: 1, mood: .calm, shape: nil, children: [shared], link: shared)
        let b = Folder(name: "b", size: 2, mood: .empty, shape: nil, link: shared)
        let (direct, codable) = try AnnotatedTypeTests.bytesBothWays([a, b, shared]) { $0.preservesObjectIdentity = true }
        #expect(direct == codable)
        for usesGeneratedCode in [true, false] {
            var decoder = ArchiveDecoder()
            decoder.usesGeneratedCode = usesGeneratedCode
            let folders = try decoder.decode([Folder].self, from: direct)
            #expect(folders[0].children[0] === folders[2] && folders[0].link === folders[2] && folders[1].link === folders[2])
            let plain = try decoder.decode([Folder].self, from: ArchiveEncoder().encode([a, b, shared]))
            #expect(plain[0].link !== plain[2] && plain[0].link?.fingerprint == plain[2].fingerprint)
        }
    }

    /// A folder that contains itself: the same error, at the same path, naming the same place,
    /// from both paths; with identity kept too.
    @Test func aCycleIsRefusedTheSameWay() throws {
        let root = Folder(name: "root", size: nil, mood: .calm, shape: nil)
        let child = Folder(name: "child", size: nil, mood: .calm, shape: nil, link: root)
        root.children = [Folder(name: "x", size: nil, mood: .calm, shape: nil), child]
        defer { root.children = [] }
        for identity in [false, true] {
            var encoder = ArchiveEncoder()
            encoder.preservesObjectIdentity = identity
            var codableEncoder = encoder
            codableEncoder.usesGeneratedCode = false
            let error = try #require(throws: EncodingError.self) { try encoder.encode(["top": root]) }
            let codableError = try #require(throws: EncodingError.self) { try codableEncoder.encode(["top": root]) }
            #expect("\(error)" == "\(codableError)")
            #expect("\(error)".contains("Cannot encode a cycle"))
        }
    }

    @Test func truncatedAndCorruptedArchivesFailTheSameWay() throws {
        var generator = SampleGenerator(seed: 47)
        for identity in [false, true] {
            for _ in 0..<5 {
                let shared = Folder(name: "s", size: 3, mood: .calm, shape: .circle(radius: 1))
                var encoder = ArchiveEncoder()
                encoder.preservesObjectIdentity = identity
                let bytes = try encoder.encode([Folder.random(&generator, shared: shared), shared])
                for length in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 60)) {
                    AnnotatedTypeTests.expectSameDecoding([Folder].self, from: bytes.prefix(length))
                }
                for _ in 0..<300 {
                    var mutated = Array(bytes)
                    for _ in 0..<Int.random(in: 1...3, using: &generator) {
                        mutated[Int.random(in: 6..<mutated.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
                    }
                    AnnotatedTypeTests.expectSameDecoding([Folder].self, from: Data(mutated))
                }
            }
        }
    }

    /// Folders written into super encoders, one taken before the other entries and filled after
    /// them, with identity kept and not.
    struct HoldsFoldersInSuper: Codable {
        var early: Folder
        var keyed: Folder
        enum CodingKeys: String, CodingKey { case tag, keyed }

        init(early: Folder, keyed: Folder) { (self.early, self.keyed) = (early, keyed) }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            let early = container.superEncoder()
            try container.encode("t", forKey: .tag)
            try keyed.encode(to: container.superEncoder(forKey: .keyed))
            var late = early.singleValueContainer()
            try late.encode(self.early)
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            early = try container.superDecoder().singleValueContainer().decode(Folder.self)
            keyed = try Folder(from: container.superDecoder(forKey: .keyed))
        }
    }

    @Test(arguments: [false, true])
    func foldersThroughSuperEncodersTakenEarly(_ identity: Bool) throws {
        var generator = SampleGenerator(seed: 53)
        for _ in 0..<40 {
            let shared = Folder(name: "s", size: nil, mood: .calm, shape: nil)
            let value = HoldsFoldersInSuper(early: .random(&generator, shared: shared), keyed: .random(&generator, shared: shared))
            for list in [[value], [value, value, value]] {
                let (direct, codable) = try AnnotatedTypeTests.bytesBothWays(list) { $0.preservesObjectIdentity = identity }
                #expect(direct == codable)
                let viaJSON = try JSONDecoder().decode([HoldsFoldersInSuper].self, from: JSONEncoder().encode(list))
                let decoded = try ArchiveDecoder().decode([HoldsFoldersInSuper].self, from: direct)
                #expect(decoded.map { [$0.early.fingerprint, $0.keyed.fingerprint] } == viaJSON.map { [$0.early.fingerprint, $0.keyed.fingerprint] })
                AnnotatedTypeTests.expectSameDecoding([HoldsFoldersInSuper].self, from: direct)
            }
        }
    }

    /// Folders 0–4 levels deep under depth limits 0–10: the same bytes or the same error, both
    /// directions.
    @Test func foldersAtTheDepthLimits() throws {
        var outcomes = AnnotatedTypeTests.DepthOutcomes()
        for depth in 0...4 {
            var folder = Folder(name: "leaf", size: 1, mood: .calm, shape: .polygon(sides: 4, label: "sq"))
            for level in 0..<depth {
                folder = level % 2 == 0 ? Folder(name: "n", size: nil, mood: .calm, shape: nil, children: [folder])
                    : Folder(name: "l", size: nil, mood: .calm, shape: nil, link: folder)
            }
            for limit in 0...10 {
                try AnnotatedTypeTests.expectSameAtDepthLimit(folder, limit: limit, outcomes: &outcomes) { $0.fingerprint == folder.fingerprint }
            }
        }
        #expect(outcomes.reachedBothSides, "\(outcomes)")
    }

    /// The generated code is what runs: a class whose generated code is switched off writes the
    /// same bytes, and the conformance is there.
    @Test func theClassHasGeneratedCode() {
        #expect(AnnotatedTypeTests.hasGeneratedCode(Folder.self))
        #expect(AnnotatedTypeTests.hasGeneratedCode(AnnotatedNode.self))
    }
}

/// A final class with the conformance the macro writes, written out, that counts its calls: the
/// coders must reach the generated code of a class once its identity is settled, not fall back
/// to `encode(to:)` or `init(from:)`.
final class CountedLeaf: Codable {
    var value: Int
    init(value: Int) { self.value = value }

    /// Calls of the generated code, per direction.
    static let calls = CallCounter()

    private init<Container: ArchiveKeyedReader>(_archiveFrom container: Container) throws {
        self.value = try container.decode(at: 0)
    }
}

extension CountedLeaf: ArchiveDirectEncodable, ArchiveDirectDecodable {
    static let _archiveKeys = ArchiveKeySet([CodingKeys.value])
    static func _archiveEncode<Writer: ArchiveWriter>(_ value: CountedLeaf, to encoder: inout Writer) throws {
        calls.count(encode: true)
        var container = encoder.keyedContainer(_archiveKeys)
        try container.encode(value.value, at: 0)
    }
    static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> CountedLeaf {
        calls.count(encode: false)
        return try CountedLeaf(_archiveFrom: decoder.keyedContainer(_archiveKeys))
    }
}

/// Counts calls from any thread.
final class CallCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var counts = (encode: 0, decode: 0)

    func count(encode: Bool) {
        lock.withLock { if encode { counts.encode += 1 } else { counts.decode += 1 } }
    }

    var current: (encode: Int, decode: Int) { lock.withLock { counts } }
}

extension AnnotatedClassTests {
    // Serialized: both cases count on the one counter.
    @Test(.serialized, arguments: [false, true])
    func instancesGoThroughTheGeneratedCode(_ identity: Bool) throws {
        let shared = CountedLeaf(value: 7)
        let leaves = [CountedLeaf(value: 1), shared, shared]
        let before = CountedLeaf.calls.current
        var encoder = ArchiveEncoder()
        encoder.preservesObjectIdentity = identity
        let bytes = try encoder.encode(["leaves": leaves])
        let decoded = try ArchiveDecoder().decode([String: [CountedLeaf]].self, from: bytes)
        let after = CountedLeaf.calls.current
        // With identity kept, the shared instance is written and read once.
        let expected = identity ? 2 : 3
        #expect(after.encode - before.encode == expected)
        #expect(after.decode - before.decode == expected)
        #expect(decoded["leaves"]?.map(\.value) == [1, 7, 7])
        var codableEncoder = encoder
        codableEncoder.usesGeneratedCode = false
        #expect(try codableEncoder.encode(["leaves": leaves]) == bytes)
    }
}

/// A final class whose properties all have values, and no initializer of its own: it keeps its
/// implicit `init()` with the macro's initializer added to its body.
@ArchiveCodable
final class Preferences: Codable {
    var volume = 5
    var theme = "dark"
    var note: String?
    var left, right: Int?
    @usableFromInline var level: Int?
}

extension AnnotatedClassTests {
    @Test func aClassWithAllDefaultsKeepsItsImplicitInitializer() throws {
        let preferences = Preferences()
        #expect(preferences.volume == 5 && preferences.note == nil && preferences.left == nil && preferences.level == nil)
        preferences.right = 3
        preferences.level = 1
        #expect(AnnotatedTypeTests.hasGeneratedCode(Preferences.self))
        let (direct, codable) = try AnnotatedTypeTests.bytesBothWays([preferences, Preferences()])
        #expect(direct == codable)
        let decoded = try ArchiveDecoder().decode([Preferences].self, from: direct)
        #expect(decoded.map(\.right) == [3, nil] && decoded.map(\.level) == [1, nil] && decoded.map(\.theme) == ["dark", "dark"])
        AnnotatedTypeTests.expectSameDecoding([Preferences].self, from: direct)
    }
}
