import Foundation
@testable import KeyedArchive
import KeyedArchiveSamples
import Synchronization
import Testing

/// Message reading (`Direct/MessageReading.swift`) reads a value with generated code by that code
/// alone, one entry after another, and hands anything else to the general path. Each check reads
/// an archive three ways — message reading alone, the general path, and `init(from:)` — with
/// `DirectDecodingTests.expectSameDecoding`, and says which archives message reading must take.
@Suite struct MessageReadingTests {
    /// Reads `bytes` every way, expects one result, and expects message reading to take the
    /// archive or leave it as `asMessage` says.
    static func expectAgreement<T: Codable>(
        _ type: T.Type, from bytes: Data, asMessage: Bool, limits: ArchiveDecoder.Limits = .init(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        DirectDecodingTests.expectSameDecoding(T.self, from: bytes, limits: limits, sourceLocation: sourceLocation)
        var decoder = ArchiveDecoder()
        decoder.limits = limits
        #expect((decoder.messageValue(T.self, from: bytes) != nil) == asMessage, "message reading taken", sourceLocation: sourceLocation)
    }

    static func archive<T: Encodable>(_ value: T, _ configure: (inout ArchiveEncoder) -> Void = { _ in }) throws -> Data {
        var encoder = ArchiveEncoder()
        configure(&encoder)
        return try encoder.encode(value)
    }

    @Test func theMessageModelsAreReadAsMessages() throws {
        var generator = SampleGenerator(seed: 17)
        for _ in 0..<8 {
            let numeric = NumericStruct.sample(&generator)
            let media = MediaContent.sample(&generator)
            Self.expectAgreement(GeneratedCodeNumericStruct.self, from: try Self.archive(GeneratedCodeNumericStruct(numeric)), asMessage: true)
            Self.expectAgreement(GeneratedCodeMediaContent.self, from: try Self.archive(GeneratedCodeMediaContent(media)), asMessage: true)
            // Written through `encode(to:)`: the same bytes, read the same way.
            Self.expectAgreement(GeneratedCodeMediaContent.self, from: try Self.archive(media), asMessage: true)
            let sample = PrimitivesSample.sample(&generator)
            Self.expectAgreement(GeneratedCodePrimitivesSample.self, from: try Self.archive(GeneratedCodePrimitivesSample(sample)), asMessage: true)
        }
        Self.expectAgreement(GeneratedCodeEmptyMessage.self, from: try Self.archive(GeneratedCodeEmptyMessage(.sample())), asMessage: true)
        Self.expectAgreement(GeneratedCodeOneFieldMessage.self, from: try Self.archive(GeneratedCodeOneFieldMessage(.sample())), asMessage: true)
        Self.expectAgreement(GeneratedCodeMediaContentList.self, from: try Self.archive(GeneratedCodeMediaContentList(.sample())), asMessage: true)
        Self.expectAgreement(GeneratedCodeNumericStructList.self, from: try Self.archive(GeneratedCodeNumericStructList(.sample())), asMessage: true)
        // String keys (the key table) and an array at the root.
        Self.expectAgreement([Commit].self, from: try Self.archive(Commit.sample(count: 50)), asMessage: true)
        Self.expectAgreement([GeneratedCodeIntKeyedCommit].self, from: try Self.archive(IntKeyedCommit.sample(count: 50)), asMessage: true)
        // `IntKeyedCommit.Author` is read through `init(from:)` (`Support/DirectModels.swift`), in place.
        Self.expectAgreement([IntKeyedCommit].self, from: try Self.archive(IntKeyedCommit.sample(count: 50)), asMessage: true)
        // Instances of a class with generated code, which are plain values without identity.
        let nodes = [DirectArrayTests.Node(name: "a"), DirectArrayTests.Node(name: "b")]
        Self.expectAgreement([DirectArrayTests.Node].self, from: try Self.archive(nodes), asMessage: true)
        Self.expectAgreement([Commit].self, from: try Self.archive([Commit]()), asMessage: true)
        // The app state's documents hold an enum with associated values (a case's container);
        // the app state itself holds a dictionary, read in place through `Dictionary.init(from:)`.
        let state = AppState.sample(documents: 40)
        Self.expectAgreement([GeneratedCodeAppState.Document].self, from: try Self.archive(state.documents), asMessage: true)
        Self.expectAgreement(GeneratedCodeAppState.self, from: try Self.archive(GeneratedCodeAppState(state)), asMessage: true)
        // Compressed and checksummed archives are messages once opened.
        let compressed = try Self.archive(Commit.sample(count: 20)) { $0.compression = .zlib(level: 6); $0.checksum = .crc32 }
        Self.expectAgreement([Commit].self, from: compressed, asMessage: true)
    }

    @Test func damagedMessagesFailAsTheGeneralPathFails() throws {
        // Cut at every length, and bytes changed at random: the same value or the same error.
        var generator = SampleGenerator(seed: 23)
        let archives = [try Self.archive(GeneratedCodeNumericStruct(.sample())), try Self.archive(GeneratedCodeMediaContent(.sample())),
                        try Self.archive(Commit.sample(count: 3)), try Self.archive(AppState.sample(documents: 3).documents)]
        for bytes in archives {
            for length in 0..<bytes.count {
                DirectDecodingTests.expectSameDecoding(GeneratedCodeNumericStruct.self, from: bytes.prefix(length))
                DirectDecodingTests.expectSameDecoding(GeneratedCodeMediaContent.self, from: bytes.prefix(length))
                DirectDecodingTests.expectSameDecoding([Commit].self, from: bytes.prefix(length))
                DirectDecodingTests.expectSameDecoding([GeneratedCodeAppState.Document].self, from: bytes.prefix(length))
            }
            for _ in 0..<300 {
                var mutated = Array(bytes)
                for _ in 0..<Int.random(in: 1...3, using: &generator) {
                    let index = Int.random(in: 6..<mutated.count, using: &generator)
                    mutated[index] = UInt8.random(in: 0...255, using: &generator)
                }
                DirectDecodingTests.expectSameDecoding(GeneratedCodeNumericStruct.self, from: Data(mutated))
                DirectDecodingTests.expectSameDecoding(GeneratedCodeMediaContent.self, from: Data(mutated))
                DirectDecodingTests.expectSameDecoding([Commit].self, from: Data(mutated))
                DirectDecodingTests.expectSameDecoding([GeneratedCodeAppState.Document].self, from: Data(mutated))
            }
        }
    }

    @Test func entriesInAnotherOrderOrForNoKeyAreMessages() throws {
        let numeric = NumericStruct.sample()
        // The same keys in another order: the generated reader switches on each entry's key.
        Self.expectAgreement(GeneratedCodeNumericStruct.self, from: try Self.archive(ReversedNumeric(numeric)), asMessage: true)
        // An entry for a key the type does not have, after its own, and before them: passed over.
        Self.expectAgreement(GeneratedCodeOneFieldMessage.self, from: try Self.archive([1: 5, 99: 6]), asMessage: true)
        Self.expectAgreement(GeneratedCodeOneFieldMessage.self, from: try Self.archive([-5: 6, 1: 5]), asMessage: true)
        Self.expectAgreement(GeneratedCodeOneFieldMessage.self, from: try Self.archive([1: 5]), asMessage: true)
        // Read in every order, one after another: nothing is remembered from one archive to the
        // next, so each is a message.
        let decoder = ArchiveDecoder()
        for bytes in [try Self.archive(ReversedNumeric(numeric)), try Self.archive(GeneratedCodeNumericStruct(numeric))] {
            #expect(decoder.messageValue(GeneratedCodeNumericStruct.self, from: bytes) != nil)
            #expect(try decoder.decode(GeneratedCodeNumericStruct.self, from: bytes) == GeneratedCodeNumericStruct(numeric))
        }
    }

    @Test func anOlderVersionReadsANewerArchiveAsAMessage() throws {
        // The gate's `evo-*` rows (`GeneratedCodeEvolvingMessages.swift`).
        let newer = GeneratedCodeEvolvingNewer.sample()
        let archive = try Self.archive(newer)
        Self.expectAgreement(GeneratedCodeEvolvingNewer.self, from: try Self.archive(EvolvingReversed(newer)), asMessage: true)
        Self.expectAgreement(GeneratedCodeEvolvingOlderPlain.self, from: archive, asMessage: true)
        Self.expectAgreement(GeneratedCodeEvolvingOlder.self, from: archive, asMessage: true)
        #expect(try ArchiveDecoder().decode(GeneratedCodeEvolvingOlderPlain.self, from: archive) == GeneratedCodeEvolvingOlderPlain(newer))
        // The entry it does not know is kept, and written back where it stood.
        let older = try #require(ArchiveDecoder().messageValue(GeneratedCodeEvolvingOlder.self, from: archive))
        #expect(older.id == newer.id && older.name == newer.name && older.score == newer.score)
        #expect(try Self.archive(older) == archive)
    }

    @Test func entriesPassedOverThatRepeatAKeyAreRefused() throws {
        // Two entries for no key of the type, the second made to repeat the first's key (its key
        // varint, an index into the key table, replaced): the general path refuses the container,
        // and so must a message, which checks it when it passed over two entries.
        let entries: [(String, any Encodable)] = [("id", 1), ("aa", 2), ("name", "n"), ("bb", 3), ("score", 0.5)]
        let bytes = Array(try Self.archive(OneCase.Entries(entries: entries)))
        let fixint = Int(WireTag.fixintBase)
        // Key-table indexes in order of first use: id 0, aa 1, name 2, bb 3 (string keys: 2i+1).
        let second = try #require((0..<bytes.count - 1).first { bytes[$0] == 7 && Int(bytes[$0 + 1]) == fixint + 3 })
        var repeated = bytes
        repeated[second] = 3
        Self.expectAgreement(GeneratedCodeEvolvingOlderPlain.self, from: Data(bytes), asMessage: true)
        Self.expectAgreement(GeneratedCodeEvolvingOlderPlain.self, from: Data(repeated), asMessage: false)
        #expect(throws: DecodingError.self) { try ArchiveDecoder().decode(GeneratedCodeEvolvingOlderPlain.self, from: Data(repeated)) }
    }

    @Test func anEnumCasesValuesInAnyOrderAreAMessage() throws {
        typealias Sharing = GeneratedCodeAppState.Sharing
        // The case's container is read as a struct's: its values in another order, and an entry
        // for no value (which `init(from:)` does not read), before, between and after them.
        Self.expectAgreement(Sharing.self, from: try Self.archive(["privateDocument": ["extra": 1]]), asMessage: true)
        for entries: [(String, any Encodable)] in [
            [("members", 3), ("name", "a")], [("extra", true), ("members", 3), ("name", "a")],
            [("members", 3), ("extra", true), ("name", "a")], [("members", 3), ("name", "a"), ("last", 7)],
        ] {
            let bytes = try Self.archive(OneCase(name: "team", entries: entries))
            Self.expectAgreement(Sharing.self, from: bytes, asMessage: true)
            #expect(try ArchiveDecoder().decode(Sharing.self, from: bytes) == .team(name: "a", members: 3))
        }
        // A value missing, or of another type: the general path's error.
        Self.expectAgreement(Sharing.self, from: try Self.archive(OneCase(name: "team", entries: [("members", 3)])), asMessage: false)
        Self.expectAgreement(Sharing.self, from: try Self.archive(OneCase(name: "team", entries: [("name", "a"), ("members", "3")])),
                             asMessage: false)
    }

    @Test func archivesOfAnotherShapeLeaveTheMessage() throws {
        // A key the type requires is absent, or holds the wrong type: the general path's error.
        Self.expectAgreement(GeneratedCodeOneFieldMessage.self, from: try Self.archive([2: 5]), asMessage: false)
        Self.expectAgreement(GeneratedCodeOneFieldMessage.self, from: try Self.archive([1: "five"]), asMessage: false)
        Self.expectAgreement(GeneratedCodeOneFieldMessage.self, from: try Self.archive([Int: Int]()), asMessage: false)
        // An enum's container must hold one case that the enum has.
        typealias Sharing = GeneratedCodeAppState.Sharing
        Self.expectAgreement(Sharing.self, from: try Self.archive(["privateDocument": [String: Int]()]), asMessage: true)
        Self.expectAgreement(Sharing.self, from: try Self.archive(["privateDocument": [String: Int](), "link": [:]]), asMessage: false)
        Self.expectAgreement(Sharing.self, from: try Self.archive(["other": [String: Int]()]), asMessage: false)
        Self.expectAgreement(Sharing.self, from: try Self.archive([String: [String: Int]]()), asMessage: false)
        // Not a keyed container at all.
        Self.expectAgreement(GeneratedCodeOneFieldMessage.self, from: try Self.archive([1, 2]), asMessage: false)
        Self.expectAgreement(GeneratedCodeOneFieldMessage.self, from: try Self.archive(Int?.none), asMessage: false)
        // Shared objects: the general path's.
        let node = DirectArrayTests.Node(name: "shared")
        let shared = try Self.archive([node, DirectArrayTests.Node(name: "other"), node]) { $0.preservesObjectIdentity = true }
        Self.expectAgreement([DirectArrayTests.Node].self, from: shared, asMessage: false)
    }

    @Test func optionalsAbsentOrNilAreMessages() throws {
        var generator = SampleGenerator(seed: 29)
        var sample = PrimitivesSample.sample(&generator)
        (sample.intValueBoxed, sample.longValueBoxed, sample.floatValueBoxed, sample.doubleValueBoxed) = (nil, nil, nil, nil)
        (sample.shortValueBoxed, sample.booleanValueBoxed) = (nil, nil)
        Self.expectAgreement(GeneratedCodePrimitivesSample.self, from: try Self.archive(GeneratedCodePrimitivesSample(sample)), asMessage: true)
        Self.expectAgreement(GeneratedCodePrimitivesSample.self, from: try Self.archive(sample), asMessage: true)
    }

    @Test func valuesThatNeedInitFromAreReadInPlaceOnce() throws {
        let bytes = try Self.archive(HoldsCounted(first: 4, counted: Counted(value: 9)))
        Self.expectAgreement(HoldsCounted.self, from: bytes, asMessage: true)
        Counted.decodes.withLock { $0 = 0 }
        #expect(try ArchiveDecoder().decode(HoldsCounted.self, from: bytes) == HoldsCounted(first: 4, counted: Counted(value: 9)))
        // Read in place by the message: the member's `init(from:)` ran once.
        #expect(Counted.decodes.withLock { $0 } == 1)
        // `DirectEverything` has members without generated code too.
        var generator = SampleGenerator(seed: 5)
        Self.expectAgreement(DirectEverything.self, from: try Self.archive(DirectEverything.random(&generator)), asMessage: true)
    }

    @Test func initFromInPlaceSeesTheGeneralPathsCodingPath() throws {
        // The places `MessageWritingTests` probes (`Support/PathProbes.swift`).
        let recorder = PathRecorder()
        var generator = SampleGenerator(seed: 7)
        var message = ArchiveDecoder()
        message.userInfo[PathRecorder.key] = recorder
        var general = message
        general.readsMessages = false
        let json = JSONDecoder()
        json.userInfo[PathRecorder.key] = recorder
        for round in 0..<60 {
            let value = ProbeHolder.random(&generator)
            let archive = try ArchiveEncoder().encode(value)
            #expect(message.messageValue(ProbeHolder.self, from: archive) == value, "round \(round): message reading taken")
            let messagePaths = recorder.take()
            #expect(messagePaths.count == value.probeCount, "round \(round): each init(from:) once")
            #expect(try general.decode(ProbeHolder.self, from: archive) == value, "round \(round)")
            #expect(messagePaths == recorder.take(), "round \(round)")
            #expect(try json.decode(ProbeHolder.self, from: JSONEncoder().encode(value)) == value)
            #expect(messagePaths == recorder.take(), "round \(round)")
        }
    }

    @Test func whatOnlyTheGeneralPathReadsLeavesTheMessage() throws {
        // A value read in place that throws: the general path's error, with its coding path.
        let bytes = try Self.archive(HoldsCounted(first: 4, counted: Counted(value: -1)))
        Self.expectAgreement(HoldsCounted.self, from: bytes, asMessage: false)
        // Past the depth limit inside a value read in place.
        let nested = try Self.archive(HoldsDictionaries(first: 1, lists: [["a": 1]]))
        for (depth, asMessage) in [(2, false), (3, true)] {
            var limits = ArchiveDecoder.Limits()
            limits.maximumDepth = depth
            Self.expectAgreement(HoldsDictionaries.self, from: nested, asMessage: asMessage, limits: limits)
        }
    }

    @Test func aTypeOnlyEverDamagedIsTriedAgain() throws {
        // A message that fails for the general path too says nothing about the type.
        let bytes = try Self.archive(OnlyDamaged(value: 3))
        for length in 0..<bytes.count { #expect(throws: DecodingError.self) { try ArchiveDecoder().decode(OnlyDamaged.self, from: bytes.prefix(length)) } }
        #expect(try ArchiveDecoder().decode(OnlyDamaged.self, from: bytes) == OnlyDamaged(value: 3))
        #expect(ArchiveDecoder().messageValue(OnlyDamaged.self, from: bytes) == OnlyDamaged(value: 3))
    }

    @Test func limitsInAMessage() throws {
        let numeric = try Self.archive(GeneratedCodeNumericStruct(.sample()))
        let media = try Self.archive(GeneratedCodeMediaContent(.sample()))
        for depth in 0...5 {
            var limits = ArchiveDecoder.Limits()
            limits.maximumDepth = depth
            // The struct is at depth 1; media's images and persons at 2, each image at 3.
            Self.expectAgreement(GeneratedCodeNumericStruct.self, from: numeric, asMessage: depth >= 1, limits: limits)
            DirectDecodingTests.expectSameDecoding(GeneratedCodeMediaContent.self, from: media, limits: limits)
        }
        for count in [0, 1, 11, 12, 13] {
            var limits = ArchiveDecoder.Limits()
            limits.maximumCollectionCount = count
            Self.expectAgreement(GeneratedCodeNumericStruct.self, from: numeric, asMessage: count >= 12, limits: limits)
            DirectDecodingTests.expectSameDecoding(GeneratedCodeMediaContent.self, from: media, limits: limits)
        }
    }
}

/// `NumericStruct`'s keys, written last to first.
/// An enum's archive with one case, `name`, whose container holds `entries` in this order.
private struct OneCase: Encodable {
    struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
    struct Entries: Encodable {
        let entries: [(String, any Encodable)]
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            for (key, value) in entries { try container.encode(value, forKey: Key(stringValue: key)) }
        }
    }
    let name: String
    let entries: [(String, any Encodable)]
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(Entries(entries: entries), forKey: Key(stringValue: name))
    }
}

private struct ReversedNumeric: Encodable {
    let numeric: NumericStruct
    init(_ numeric: NumericStruct) { self.numeric = numeric }
    enum Keys: Int, CodingKey { case f1 = 1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11, f12 }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        let values = [numeric.f1, numeric.f2, numeric.f3, numeric.f4, numeric.f5, numeric.f6,
                      numeric.f7, numeric.f8, numeric.f9, numeric.f10, numeric.f11, numeric.f12]
        let keys: [Keys] = [.f1, .f2, .f3, .f4, .f5, .f6, .f7, .f8, .f9, .f10, .f11, .f12]
        for (key, value) in zip(keys, values).reversed() { try container.encode(value, forKey: key) }
    }
}

/// Counts the calls of its `init(from:)`.
private struct Counted: Codable, Equatable {
    static let decodes = Mutex(0)
    var value: Int
    init(value: Int) { self.value = value }
    /// Refuses a negative value, with an error at its coding path.
    init(from decoder: any Decoder) throws {
        value = try decoder.singleValueContainer().decode(Int.self)
        Self.decodes.withLock { $0 += 1 }
        if value < 0 {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "negative"))
        }
    }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}

/// Generated code with a member that only `init(from:)` reads.
private struct HoldsCounted: Codable, Equatable, ArchiveDirectDecodable {
    var first: Int
    var counted: Counted

    static let archiveKeys = ArchiveKeySet([CodingKeys.first, .counted])
    static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> HoldsCounted {
        let container = try decoder.keyedContainer(archiveKeys)
        return HoldsCounted(first: try container.decode(Int.self, at: 0), counted: try container.decode(Counted.self, at: 1))
    }
}

/// Generated code that only the damaged-archive test reads.
private struct OnlyDamaged: Codable, Equatable, ArchiveDirectDecodable {
    var value: Int

    static let archiveKeys = ArchiveKeySet([CodingKeys.value])
    static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> OnlyDamaged {
        let container = try decoder.keyedContainer(archiveKeys)
        return OnlyDamaged(value: try container.decode(Int.self, at: 0))
    }
}

/// Generated code around dictionaries in an array: containers at depths 3 and 4.
private struct HoldsDictionaries: Codable, Equatable, ArchiveDirectDecodable {
    var first: Int
    var lists: [[String: Int]]

    static let archiveKeys = ArchiveKeySet([CodingKeys.first, .lists])
    static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> HoldsDictionaries {
        let container = try decoder.keyedContainer(archiveKeys)
        return HoldsDictionaries(first: try container.decode(at: 0), lists: try container.decode(at: 1))
    }
}
