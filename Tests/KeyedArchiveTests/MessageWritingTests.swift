import Foundation
@testable import KeyedArchive
import KeyedArchiveSamples
import Testing

/// Message mode (`Direct/MessageWriting.swift`) writes a value with generated code by that code
/// alone, and hands anything it cannot write to the general path. Each check here encodes a
/// value three ways — message mode, the general path with generated code, and `encode(to:)` —
/// and expects the same bytes or the same error, and says which values message mode must take.
@Suite struct MessageWritingTests {
    /// The three encoders compared, with the same options.
    static func encoders(_ configure: (inout ArchiveEncoder) -> Void) -> [(name: String, encoder: ArchiveEncoder)] {
        var message = ArchiveEncoder()
        configure(&message)
        var general = message
        general.writesMessages = false
        var codable = message
        codable.usesGeneratedCode = false
        return [("message mode", message), ("general path", general), ("encode(to:)", codable)]
    }

    /// Encodes `value` three ways, expects one result, and expects message mode to take the value
    /// or leave it as `asMessage` says.
    static func expectAgreement<T: Encodable>(
        _ value: T, asMessage: Bool, _ configure: (inout ArchiveEncoder) -> Void = { _ in },
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let encoders = encoders(configure)
        let results = encoders.map { name, encoder in (name, describe(Result { try encoder.encode(value) })) }
        for (name, result) in results.dropLast() {
            #expect(result == results.last!.1, "\(name) differs from encode(to:)", sourceLocation: sourceLocation)
        }
        // Message mode, tried even if an earlier value of the type was left to the general path
        // (`encode` then goes there at once).
        let message = encoders[0].encoder.messageArchive(of: value)
        #expect((message != nil) == asMessage, "message mode taken", sourceLocation: sourceLocation)
        if let message { #expect(describe(.success(message)) == results.last!.1, sourceLocation: sourceLocation) }
        // The other ways of taking the archive give the same bytes.
        if case .success(let expected) = Result(catching: { try encoders[0].encoder.encode(value) }) {
            var buffer: [UInt8] = [1, 2, 3]
            #expect((try? encoders[0].encoder.encode(value, into: &buffer)) == expected.count, sourceLocation: sourceLocation)
            #expect(buffer == [1, 2, 3] + Array(expected), sourceLocation: sourceLocation)
            #expect((try? encoders[0].encoder.withArchive(of: value) { Data($0) }) == expected, sourceLocation: sourceLocation)
        }
    }

    /// Bytes in hex, or an error's case, path and description.
    static func describe(_ result: Result<Data, any Error>) -> String {
        switch result {
        case .success(let data): return data.map { String(format: "%02X", $0) }.joined(separator: " ")
        case .failure(EncodingError.invalidValue(_, let context)):
            return "invalidValue at \(context.codingPath.map(\.stringValue)): \(context.debugDescription)"
        case .failure(let error): return "\(error)"
        }
    }

    @Test func sampleModelsAreMessages() {
        Self.expectAgreement(Commit.sample(count: 1)[0], asMessage: true)
        Self.expectAgreement(Commit.sample(count: 200), asMessage: true)
        Self.expectAgreement(IntKeyedCommit.sample(count: 200), asMessage: true)
        Self.expectAgreement([Commit](), asMessage: true)
    }

    @Test(arguments: ["plain", "zlib+crc32", "crc32", "deterministic", "identity", "depth 2"])
    func everyOptionGivesTheSameBytes(_ option: String) {
        // Deterministic order and object identity rewrite the archive: the general path's.
        let message = !["deterministic", "identity"].contains(option)
        let configure: (inout ArchiveEncoder) -> Void = { encoder in
            switch option {
            case "zlib+crc32": encoder.compression = .zlib(level: 6); encoder.checksum = .crc32
            case "crc32": encoder.checksum = .crc32
            case "deterministic": encoder.deterministic = true
            case "identity": encoder.preservesObjectIdentity = true
            case "depth 2": encoder.maximumDepth = 2
            default: break
            }
        }
        var generator = SampleGenerator(seed: 11)
        for _ in 0..<150 {
            let value = MessageShapes.random(&generator)
            // The elements of `parts` are containers at depth 3, past a limit of 2.
            let fits = option != "depth 2" || value.parts.isEmpty
            Self.expectAgreement(value, asMessage: message && fits, configure)
        }
    }

    @Test func scalarsAtTheirEdgesAndLongContainers() {
        var generator = SampleGenerator(seed: 3)
        var value = MessageShapes.random(&generator)
        for (small, wide, signed) in [(Int8.min, UInt64.max, Int.min), (Int8.max, 0, Int.max), (0, 127, -1), (-1, 128, 0)] {
            (value.small, value.wide, value.signed) = (small, wide, signed)
            for real in [Double.nan, -0.0, .infinity, -.infinity, .greatestFiniteMagnitude, .leastNonzeroMagnitude] {
                value.real = real
                value.single = Float(real)
                Self.expectAgreement(value, asMessage: true)
            }
        }
        // Payloads of 127, 128 and thousands of bytes: the lengths grow from one byte to more.
        for count in [0, 1, 20, 21, 22, 127, 128, 129, 5_000] {
            value.text = String(repeating: "é", count: count)
            value.parts = (0..<count % 300).map { MessageShapes.Part(id: Int64($0), label: "", weights: []) }
            value.numbers = (0..<Int32(count)).map { $0 &* 40_000 }
            Self.expectAgreement(value, asMessage: true)
        }
    }

    @Test func valuesWithoutGeneratedCodeAreWrittenInPlace() {
        let part = MessageShapes.Part(id: 1, label: "p", weights: [1])
        // A member that needs `encode(to:)`: an ordinary enum, a dictionary, a class.
        Self.expectAgreement(Mixed(part: part, other: .dictionary(["a": 1])), asMessage: true)
        Self.expectAgreement(Mixed(part: part, other: .plain(.up)), asMessage: true)
        Self.expectAgreement(Mixed(part: part, other: .instance(PlainInstance(value: 3))), asMessage: true)
        // Nested inside an array of messages, after others were written; an empty dictionary.
        Self.expectAgreement([Mixed(part: part, other: .none), Mixed(part: part, other: .dictionary([:]))], asMessage: true)
        Self.expectAgreement([Mixed(part: part, other: .none)], asMessage: true)
        // A super encoder taken and never written through: `{}` under its key, as the general
        // path writes it when the parent moves on.
        Self.expectAgreement(Mixed(part: part, other: .unusedSuperEncoder), asMessage: true)
        Self.expectAgreement([Mixed(part: part, other: .unusedSuperEncoder), Mixed(part: part, other: .none)], asMessage: true)
    }

    @Test func encodeToRunsOnceInPlaceWithTheGeneralPathsCodingPath() throws {
        let recorder = PathRecorder()
        var generator = SampleGenerator(seed: 5)
        var message = ArchiveEncoder()
        message.userInfo[PathRecorder.key] = recorder
        var codable = message
        codable.usesGeneratedCode = false
        let json = JSONEncoder()
        json.userInfo[PathRecorder.key] = recorder
        for round in 0..<60 {
            let value = ProbeHolder.random(&generator)
            let archive = try #require(message.messageArchive(of: value), "round \(round): message mode taken")
            let messagePaths = recorder.take()
            #expect(messagePaths.count == value.probeCount, "round \(round): each encode(to:) once")
            #expect(try codable.encode(value) == archive, "round \(round)")
            #expect(messagePaths == recorder.take(), "round \(round)")
            // JSONEncoder agrees but for the key of a container opened by
            // `nestedContainer(keyedBy:forKey:)`, which the Foundation on Linux leaves out of the
            // paths of the values in it (its JSONDecoder keeps it: `MessageReadingTests`).
            _ = try json.encode(value)
            #expect(messagePaths.map { $0.filter { $0 != "probed" } } == recorder.take(), "round \(round)")
        }
    }

    @Test func whatOnlyTheGeneralPathFinishesLeavesTheMessage() {
        let part = MessageShapes.Part(id: 1, label: "p", weights: [1])
        // A value written in place that writes out of order, or throws: the general path's
        // late-write pass, or its error with its coding path.
        Self.expectAgreement(Mixed(part: part, other: .lateWriter(PlainLateWriter(value: 4))), asMessage: false)
        Self.expectAgreement([Mixed(part: part, other: .none), Mixed(part: part, other: .throwing)], asMessage: false)
        // A value written in place keeps its unkeyed container; a later one writes its count,
        // after a string long enough to grow the length prefix of the container around both.
        let kept = KeptContainer()
        let keeps = KeepsAndCounts(inner: .init(text: String(repeating: "x", count: 200), filler: .init(kept: kept)), counter: .init(kept: kept))
        Self.expectAgreement(keeps, asMessage: false)
        // One value written in place keeps its container; a later one writes into it.
        let stash = ContainerStash()
        Self.expectAgreement(TwoStashers(first: Stasher(stash: stash, writes: false), second: Stasher(stash: stash, writes: true)),
                             asMessage: false)
        // Past the depth limit inside a value written in place (the dictionaries, at depth 3):
        // the general path's error. Within it, in place.
        Self.expectAgreement(Mixed(part: part, other: .nested([["a": 1]])), asMessage: false, { $0.maximumDepth = 2 })
        Self.expectAgreement(Mixed(part: part, other: .nested([["a": 1]])), asMessage: true, { $0.maximumDepth = 3 })
    }

    @Test func keysThatCouldRepeatLeaveTheMessage() {
        Self.expectAgreement(Repeating(first: 1, second: 2), asMessage: false)
    }

    @Test func generatedCodeThatMisbehavesLeavesTheMessage() {
        // Writes nothing: an error at the top, `{}` inside another value.
        Self.expectAgreement(Silent(), asMessage: false)
        Self.expectAgreement([Silent(), Silent()], asMessage: false)
        // Throws: the error of the general path, with its coding path.
        Self.expectAgreement([Throwing(after: 2), Throwing(after: 1)], asMessage: false)
        // Writes into a container after its parent moved on: a late write, the general path's.
        Self.expectAgreement(LateWriter(value: 7), asMessage: false)
        Self.expectAgreement([LateWriter(value: 7)], asMessage: false)
    }

    @Test func aTypeLeftOnceStillEncodesTheSame() throws {
        let value = Mixed(part: .init(id: 2, label: "q", weights: []), other: .lateWriter(PlainLateWriter(value: 1)))
        let codable = Self.encoders { _ in }[2].encoder
        let expected = try codable.encode(value)
        for _ in 0..<3 { #expect(try ArchiveEncoder().encode(value) == expected) }
        // Remembered for the process, so that a state built later (after one that wrote a large
        // archive was not kept) does not try again.
        #expect(EncodingState.typesAbandonedAsMessages.contains(Mixed.self))
    }

    @Test func theDepthLimitInAMessage() {
        // The root is at depth 1; `part`, `names` and `parts` at 2; each part in `parts` at 3 (a
        // packed array is a scalar, and adds no level).
        var generator = SampleGenerator(seed: 3)
        var value = MessageShapes.random(&generator)
        value.parts = [.init(id: 1, label: "", weights: [1, 2])]
        for limit in [1, 2, 3, 4] {
            Self.expectAgreement(value, asMessage: limit >= 3, { $0.maximumDepth = limit })
        }
        // A single value has a depth too (1 at the top, 2 in an array): past the limit, the
        // general path's error.
        for limit in [0, 1, 2] {
            Self.expectAgreement(MessageShapes.Kind.large, asMessage: limit >= 1, { $0.maximumDepth = limit })
            Self.expectAgreement([MessageShapes.Kind.large], asMessage: limit >= 2, { $0.maximumDepth = limit })
        }
    }
}

/// Every shape message mode writes: scalars, strings, bytes, dates, UUIDs, URLs, packed and
/// string arrays, a raw-value enum, and values with generated code alone, optional and in
/// arrays; string keys here, integer keys in `Part`.
struct MessageShapes: Codable, Equatable, ArchiveDirectEncodable {
    struct Part: Codable, Equatable, ArchiveDirectEncodable {
        var id: Int64
        var label: String
        var weights: [Double]
        enum CodingKeys: Int, CodingKey { case id = 1, label = 2, weights = 300 }

        static let archiveKeys = ArchiveKeySet([CodingKeys.id, .label, .weights])
        static func _archiveEncode<Writer: ArchiveWriter>(_ value: Part, to encoder: inout Writer) throws {
            var container = encoder.keyedContainer(archiveKeys)
            try container.encode(value.id, at: 0)
            try container.encode(value.label, at: 1)
            try container.encode(value.weights, at: 2)
        }
    }

    enum Kind: String, Codable, ArchiveDirectEncodable {
        case small, large
        static func _archiveEncode<Writer: ArchiveWriter>(_ value: Kind, to encoder: inout Writer) throws {
            try encoder.encodeSingleValue(value.rawValue)
        }
    }

    var flag: Bool
    var small: Int8
    var wide: UInt64
    var signed: Int
    var real: Double
    var single: Float
    var text: String
    var blob: Data
    var when: Date
    var id: UUID
    var link: URL
    var numbers: [Int32]
    var names: [String]
    var kind: Kind
    var part: Part
    var maybe: Part?
    var parts: [Part]
    var missing: String?

    enum CodingKeys: String, CodingKey {
        case flag, small, wide, signed, real, single, text, blob, when, id, link, numbers, names, kind, part, maybe, parts, missing
    }

    static let archiveKeys = ArchiveKeySet([
        CodingKeys.flag, .small, .wide, .signed, .real, .single, .text, .blob, .when, .id, .link, .numbers, .names, .kind,
        .part, .maybe, .parts, .missing,
    ])
    static func _archiveEncode<Writer: ArchiveWriter>(_ value: MessageShapes, to encoder: inout Writer) throws {
        var container = encoder.keyedContainer(archiveKeys)
        try container.encode(value.flag, at: 0)
        try container.encode(value.small, at: 1)
        try container.encode(value.wide, at: 2)
        try container.encode(value.signed, at: 3)
        try container.encode(value.real, at: 4)
        try container.encode(value.single, at: 5)
        try container.encode(value.text, at: 6)
        try container.encode(value.blob, at: 7)
        try container.encode(value.when, at: 8)
        try container.encode(value.id, at: 9)
        try container.encode(value.link, at: 10)
        try container.encode(value.numbers, at: 11)
        try container.encode(value.names, at: 12)
        try container.encode(value.kind, at: 13)
        try container.encode(value.part, at: 14)
        try container.encode(value.maybe, at: 15)
        try container.encode(value.parts, at: 16)
        try container.encode(value.missing, at: 17)
    }

    static func random(_ g: inout SampleGenerator) -> MessageShapes {
        func text(_ g: inout SampleGenerator) -> String {
            String((0..<g.int(0..<40)).map { _ in ["a", "é", "🙂", "\u{0}", "z"][g.int(0..<5)] as Character })
        }
        func part(_ g: inout SampleGenerator) -> Part {
            Part(id: Int64(bitPattern: g.next()) >> g.int(0..<64), label: text(&g), weights: (0..<g.int(0..<4)).map { _ in g.double() })
        }
        return MessageShapes(
            flag: g.int(0..<2) == 0, small: Int8(truncatingIfNeeded: g.next()), wide: g.next() >> g.int(0..<64),
            signed: Int(bitPattern: UInt(truncatingIfNeeded: g.next())) >> g.int(0..<64), real: g.double() * 1e6 - 5e5,
            single: Float(g.double()), text: text(&g), blob: Data((0..<g.int(0..<300)).map { UInt8(truncatingIfNeeded: $0) }),
            when: Date(timeIntervalSince1970: g.double() * 1e9), id: g.uuid(), link: URL(string: "https://example.com/\(g.int(0..<999))")!,
            numbers: (0..<g.int(0..<50)).map { _ in Int32(truncatingIfNeeded: g.next()) >> Int32(g.int(0..<32)) },
            names: (0..<g.int(0..<5)).map { _ in text(&g) }, kind: g.int(0..<2) == 0 ? .small : .large, part: part(&g),
            maybe: g.int(0..<2) == 0 ? nil : part(&g), parts: (0..<g.int(0..<6)).map { _ in part(&g) },
            missing: g.int(0..<3) == 0 ? text(&g) : nil)
    }
}

/// A class without generated code.
private final class PlainInstance: Codable {
    let value: Int
    init(value: Int) { self.value = value }
}

/// A member of a type with generated code that needs `encode(to:)` (or nothing).
private enum Other {
    enum Direction: String, Codable { case up }
    case none, dictionary([String: Int]), nested([[String: Int]]), plain(Direction), instance(PlainInstance), lateWriter(PlainLateWriter), throwing
    case unusedSuperEncoder
}

/// `LateWriter` without generated code: writes into a nested container after its parent wrote
/// another entry.
private struct PlainLateWriter: Encodable {
    var value: Int
    func encode(to encoder: any Encoder) throws {
        try LateWriter(value: value).encode(to: encoder)
    }
}

/// Takes a super encoder in a nested container and writes nothing through it.
private struct UnusedSuperEncoder: Encodable {
    enum CodingKeys: String, CodingKey { case nested, base }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        var nested = container.nestedContainer(keyedBy: CodingKeys.self, forKey: .nested)
        _ = nested.superEncoder(forKey: .base)
    }
}

/// Throws after writing an entry, without generated code.
private struct PlainThrowing: Encodable {
    func encode(to encoder: any Encoder) throws {
        try Throwing(after: 1).encode(to: encoder)
    }
}

/// Generated code around a member that message mode cannot write.
private struct Mixed: Encodable, ArchiveDirectEncodable {
    var part: MessageShapes.Part
    var other: Other
    enum CodingKeys: String, CodingKey { case part, other }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(part, forKey: .part)
        switch other {
        case .none: break
        case .dictionary(let value): try container.encode(value, forKey: .other)
        case .nested(let value): try container.encode(value, forKey: .other)
        case .plain(let value): try container.encode(value, forKey: .other)
        case .instance(let value): try container.encode(value, forKey: .other)
        case .lateWriter(let value): try container.encode(value, forKey: .other)
        case .throwing: try container.encode(PlainThrowing(), forKey: .other)
        case .unusedSuperEncoder: try container.encode(UnusedSuperEncoder(), forKey: .other)
        }
    }

    static let archiveKeys = ArchiveKeySet([CodingKeys.part, .other])
    static func _archiveEncode<Writer: ArchiveWriter>(_ value: Mixed, to encoder: inout Writer) throws {
        var container = encoder.keyedContainer(archiveKeys)
        try container.encode(value.part, at: 0)
        switch value.other {
        case .none: break
        case .dictionary(let value): try container.encode(value, at: 1)
        case .nested(let value): try container.encode(value, at: 1)
        case .plain(let value): try container.encode(value, at: 1)
        case .instance(let value): try container.encode(value, at: 1)
        case .lateWriter(let value): try container.encode(value, at: 1)
        case .throwing: try container.encode(PlainThrowing(), at: 1)
        case .unusedSuperEncoder: try container.encode(UnusedSuperEncoder(), at: 1)
        }
    }
}

/// Two keys that are one key in an archive: the integer 1, and the name "1" without an
/// integer value. The second write wins, as in `JSONEncoder`.
private struct Repeating: Encodable, ArchiveDirectEncodable {
    var first: Int
    var second: Int
    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int?
        init(stringValue: String) { (self.stringValue, intValue) = (stringValue, nil) }
        init(intValue: Int) { (stringValue, self.intValue) = ("\(intValue)", intValue) }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(first, forKey: Key(intValue: 1))
        try container.encode(second, forKey: Key(stringValue: "1"))
    }

    static let archiveKeys = ArchiveKeySet([Key(intValue: 1), Key(stringValue: "1")])
    static func _archiveEncode<Writer: ArchiveWriter>(_ value: Repeating, to encoder: inout Writer) throws {
        var container = encoder.keyedContainer(archiveKeys)
        try container.encode(value.first, at: 0)
        try container.encode(value.second, at: 1)
    }
}

/// Writes nothing at all.
private struct Silent: Encodable, ArchiveDirectEncodable {
    func encode(to encoder: any Encoder) throws {}
    static func _archiveEncode<Writer: ArchiveWriter>(_ value: Silent, to encoder: inout Writer) throws {}
}

/// Writes an entry, then throws.
private struct Throwing: Encodable, ArchiveDirectEncodable {
    var after: Int
    enum CodingKeys: String, CodingKey { case before }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(after, forKey: .before)
        throw EncodingError.invalidValue(after, .init(codingPath: [], debugDescription: "refused"))
    }

    static let archiveKeys = ArchiveKeySet([CodingKeys.before])
    static func _archiveEncode<Writer: ArchiveWriter>(_ value: Throwing, to encoder: inout Writer) throws {
        var container = encoder.keyedContainer(archiveKeys)
        try container.encode(value.after, at: 0)
        throw EncodingError.invalidValue(value.after, .init(codingPath: [], debugDescription: "refused"))
    }
}

/// Writes into a nested container after its parent wrote another entry.
private struct LateWriter: Encodable, ArchiveDirectEncodable {
    var value: Int
    enum CodingKeys: String, CodingKey { case nested, after }
    enum NestedKeys: String, CodingKey { case late }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        var nested = container.nestedContainer(keyedBy: NestedKeys.self, forKey: .nested)
        try container.encode(value, forKey: .after)
        try nested.encode(value + 1, forKey: .late)
    }

    static let archiveKeys = ArchiveKeySet([CodingKeys.nested, .after])
    static let nestedKeys = ArchiveKeySet([NestedKeys.late])
    static func _archiveEncode<Writer: ArchiveWriter>(_ value: LateWriter, to encoder: inout Writer) throws {
        var container = encoder.keyedContainer(archiveKeys)
        var nested = container.nestedContainer(nestedKeys, at: 0)
        try container.encode(value.value, at: 1)
        try nested.encode(value.value + 1, at: 0)
    }
}

/// Where a value without generated code leaves its unkeyed container for a later one to count.
private final class KeptContainer: @unchecked Sendable {
    var container: (any UnkeyedEncodingContainer)?
}

/// Generated code around a value that keeps its unkeyed container and one that writes its count:
/// the first inside a message container whose length prefix grows when it closes (moving the
/// kept container's bytes), the second after it.
private struct KeepsAndCounts: Encodable, ArchiveDirectEncodable {
    struct Filler: Encodable {
        let kept: KeptContainer
        func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            for _ in 0..<3 { try container.encode(1) }
            kept.container = container
        }
    }
    struct Counter: Encodable {
        let kept: KeptContainer
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(kept.container?.count ?? -1)
        }
    }
    struct Inner: Encodable, ArchiveDirectEncodable {
        var text: String
        var filler: Filler
        enum CodingKeys: String, CodingKey { case text, filler }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(text, forKey: .text)
            try container.encode(filler, forKey: .filler)
        }

        static let archiveKeys = ArchiveKeySet([CodingKeys.text, .filler])
        static func _archiveEncode<Writer: ArchiveWriter>(_ value: Inner, to encoder: inout Writer) throws {
            var container = encoder.keyedContainer(archiveKeys)
            try container.encode(value.text, at: 0)
            try container.encode(value.filler, at: 1)
        }
    }
    var inner: Inner
    var counter: Counter
    enum CodingKeys: String, CodingKey { case inner, counter }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(inner, forKey: .inner)
        try container.encode(counter, forKey: .counter)
    }

    static let archiveKeys = ArchiveKeySet([CodingKeys.inner, .counter])
    static func _archiveEncode<Writer: ArchiveWriter>(_ value: KeepsAndCounts, to encoder: inout Writer) throws {
        var container = encoder.keyedContainer(archiveKeys)
        try container.encode(value.inner, at: 0)
        try container.encode(value.counter, at: 1)
    }
}

/// Where a value written in place leaves its keyed container for a later one to write into.
private final class ContainerStash: @unchecked Sendable {
    var container: KeyedEncodingContainer<Stasher.CodingKeys>?
}

/// Keeps its container in the stash, or writes into the one stashed there.
private struct Stasher: Encodable {
    let stash: ContainerStash
    let writes: Bool
    enum CodingKeys: String, CodingKey { case kept, added }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        if writes, var kept = stash.container {
            try kept.encode(2, forKey: .added)
        } else {
            try container.encode(1, forKey: .kept)
            stash.container = container
        }
    }
}

/// Two stashers under generated code: the second writes into the first's container.
private struct TwoStashers: Encodable, ArchiveDirectEncodable {
    var first: Stasher
    var second: Stasher
    enum CodingKeys: String, CodingKey { case first, second }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(first, forKey: .first)
        try container.encode(second, forKey: .second)
    }

    static let archiveKeys = ArchiveKeySet([CodingKeys.first, .second])
    static func _archiveEncode<Writer: ArchiveWriter>(_ value: TwoStashers, to encoder: inout Writer) throws {
        var container = encoder.keyedContainer(archiveKeys)
        try container.encode(value.first, at: 0)
        try container.encode(value.second, at: 1)
    }
}
