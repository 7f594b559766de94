import ArchiveTestSupport
import Foundation
@testable import KeyedArchive
import Testing

// A differential campaign (issue 45): random versions of one record type — each a subset of
// eight fields, some renamed with an alias — read each other's archives and move their unknown
// fields to one another; what ends up in the archive is checked against a model of the rules,
// entry by entry. Nothing is lost, nothing is written twice, no stale spelling survives.

/// SplitMix64 from a seed: a failure names its seed, which reproduces it.
private struct SeededSource {
    var state: UInt64
    init(seed: UInt64) { state = seed }

    /// 0..<n.
    mutating func below(_ n: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(n))
    }
}

/// One version of the record: which of the universe's fields it has, and the old name (alias)
/// each may be read under. Fields `a`…`d` have string keys, `e`…`h` integer keys 1…4, which a
/// writing version may write under their names instead (a type whose keys have no integers).
private struct RecordVersion: CustomStringConvertible {
    static let universe = ["a", "b", "c", "d", "e", "f", "g", "h"]
    let fields: [String]
    /// Field → the old name its alias reads (a name of the universe the version has no field for).
    let aliases: [String: String]
    /// Whether `e`…`h` are written under their names.
    let integersAsNames: Bool
    let keys: ArchiveKeySet
    let aliasKeys: ArchiveKeySet?

    init(fields: [String], aliases: [String: String], integersAsNames: Bool = false) {
        self.fields = fields
        self.aliases = aliases
        self.integersAsNames = integersAsNames
        let names = fields.compactMap { aliases[$0] }
        aliasKeys = names.isEmpty ? nil : ArchiveKeySet(names.map { ArchiveAliasKey($0) })
        // Each field's alias by its position among the alias keys, as the macro lists them.
        let aliasesOfKeys = fields.map { field in aliases[field].flatMap { names.firstIndex(of: $0) }.map { [$0] } ?? [] }
        keys = ArchiveKeySet(fields.map { RecordKey(name: $0, integer: !integersAsNames) }, aliases: aliasKeys,
                             aliasesOfKeys: aliasKeys == nil ? [] : aliasesOfKeys)
    }

    /// Every name whose entries the version reads or owns: its fields' keys and their aliases.
    var owned: Set<String> { Set(fields).union(aliases.values) }

    /// A field's key as `ArchiveUnknownFields.keys` spells it when this version wrote it: an
    /// integer key in decimal.
    func spelled(_ name: String) -> String {
        RecordKey(name: name, integer: !integersAsNames).intValue.map { "\($0)" } ?? name
    }

    static func random(_ source: inout SeededSource, integersAsNames: Bool = false) -> RecordVersion {
        let fields = universe.filter { _ in source.below(100) < 50 }
        var aliases: [String: String] = [:]
        var free = universe.filter { !fields.contains($0) }
        for field in fields where !free.isEmpty && source.below(100) < 30 {
            // Only string keys are renamed with aliases (an integer key stays on rename).
            let name = free.remove(at: source.below(free.count))
            if RecordKey(name: name).intValue == nil { aliases[field] = name }
        }
        return RecordVersion(fields: fields, aliases: aliases, integersAsNames: integersAsNames)
    }

    var description: String { "\(fields) aliases \(aliases)\(integersAsNames ? " integers as names" : "")" }
}

/// A field's key: `a`…`d` by name, `e`…`h` as the integers 1…4.
private struct RecordKey: CodingKey {
    let stringValue: String
    let intValue: Int?
    init(name: String, integer: Bool = true) {
        stringValue = name
        intValue = integer ? RecordVersion.universe.firstIndex(of: name).flatMap { $0 >= 4 ? $0 - 3 : nil } : nil
    }
    init?(stringValue: String) { self.init(name: stringValue) }
    init?(intValue: Int) {
        guard (1...4).contains(intValue) else { return nil }
        self.init(name: RecordVersion.universe[intValue + 3])
    }
}

/// A value of some version, read and written as generated code does (`@ArchiveCodable`'s
/// expansion for optional `Int` properties, an alias each at most, and unknown fields).
private struct VersionedRecord: ArchiveDirectEncodable, ArchiveDirectDecodable {
    /// The version decoding reads as: this suite's one test sets it before each decode.
    nonisolated(unsafe) static var reading: RecordVersion!

    let version: RecordVersion
    var values: [String: Int]
    var unknownFields = ArchiveUnknownFields()

    static func _archiveEncode<Writer: ArchiveWriter>(_ value: VersionedRecord, to encoder: inout Writer) throws {
        var container = encoder.keyedContainer(value.version.keys)
        try container.encode(value.unknownFields, after: -1)
        for (index, field) in value.version.fields.enumerated() {
            try container.encode(value.values[field], at: index)
            try container.encode(value.unknownFields, after: index)
        }
    }

    static func _archiveDecode<Reader: ArchiveReader>(from decoder: inout Reader) throws -> VersionedRecord {
        let version = reading!
        let container = try decoder.keyedContainer(version.keys)
        let aliases = version.aliasKeys.map { container.withKeys($0) }
        var record = VersionedRecord(version: version, values: [:])
        for (index, field) in version.fields.enumerated() {
            if container.contains(index) {
                record.values[field] = try container.decode(Int?.self, at: index)
            } else if let old = version.aliases[field], let aliases, let position = version.aliasKeys!.keys.firstIndex(where: { $0.stringValue == old }),
                      aliases.contains(position) {
                record.values[field] = try aliases.decode(Int?.self, at: position)
            }
        }
        record.unknownFields = try container.unknownFields()
        return record
    }

    func encode(to encoder: any Encoder) throws { preconditionFailure("written by generated code only") }
    init(from decoder: any Decoder) throws { preconditionFailure("read by generated code only") }
    init(version: RecordVersion, values: [String: Int]) { (self.version, self.values) = (version, values) }
}

/// Every entry of an archive's root keyed container: name → value (`Int`).
private func entries(_ archive: Data) throws -> (names: [String], values: [String: Int]) {
    struct All: Decodable {
        var names: [String] = []
        var values: [String: Int] = [:]
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: RecordKey.self)
            for key in container.allKeys {
                names.append(key.stringValue)
                values[key.stringValue] = try container.decode(Int.self, forKey: key)
            }
        }
    }
    let all = try ArchiveDecoder().decode(All.self, from: archive)
    return (all.names, all.values)
}

@Suite struct UnknownFieldsCampaignTests {
    @Test func fieldsMovedBetweenRandomVersionsAreNeitherLostNorRepeated() throws {
        // About 30 ms a case in a debug build (six encoders each write and read it back): the
        // full size is what CI's budget allows beside the other campaigns.
        let count = Campaign.count("UNKNOWN_FIELDS_COUNT", quick: 2_000, full: 6_000)
        for seed in 0..<UInt64(count) {
            var source = SeededSource(seed: seed &+ 0x0F1E_1D5)
            let writer = RecordVersion.random(&source, integersAsNames: source.below(4) == 0)
            let (reader, receiver) = (RecordVersion.random(&source), RecordVersion.random(&source))
            // An archive of the writer's version, every field set.
            let written = Dictionary(uniqueKeysWithValues: writer.fields.map { ($0, source.below(1000)) })
            let original = try ArchiveEncoder().encode(VersionedRecord(version: writer, values: written))
            let context = "seed \(seed): writer \(writer), reader \(reader), receiver \(receiver)"

            // Read by another version: its fields from their keys, else their aliases; every
            // other entry unknown, an alias's never.
            VersionedRecord.reading = reader
            let read = try ArchiveDecoder().decode(VersionedRecord.self, from: original)
            var expectedRead: [String: Int] = [:]
            for field in reader.fields {
                expectedRead[field] = written[field] ?? reader.aliases[field].flatMap { written[$0] }
            }
            #expect(read.values == expectedRead, "\(context)")
            let unknownNames = Set(written.keys).subtracting(reader.owned)
            #expect(Set(read.unknownFields.keys) == Set(unknownNames.map(writer.spelled)), "\(context)")

            // Written back: its values under its current keys, the unknown entries as they were.
            let saved = try entries(ArchiveEncoder().encode(read))
            #expect(saved.names.count == Set(saved.names).count, "\(context): a key written twice")
            var expectedSaved = expectedRead
            for name in unknownNames { expectedSaved[name] = written[name] }
            #expect(saved.values == expectedSaved, "\(context): written back")
            // In place: each unknown entry after the known entry it followed, an entry read under
            // an alias standing for its field (issue 61).
            var unknownAfter: [Int: [String]] = [:]
            var anchor = -1
            for name in try entries(original).names {
                if let index = reader.fields.firstIndex(of: name) {
                    anchor = index
                } else if let index = reader.fields.firstIndex(where: { reader.aliases[$0] == name && written[$0] == nil }) {
                    anchor = index
                } else if !reader.owned.contains(name) {
                    unknownAfter[anchor, default: []].append(name)
                }
            }
            let expectedOrder = unknownAfter[-1, default: []] + reader.fields.indices.flatMap { index in
                (expectedRead[reader.fields[index]] == nil ? [] : [reader.fields[index]]) + unknownAfter[index, default: []]
            }
            #expect(saved.names == expectedOrder, "\(context): written back in place")

            // Moved to a value of a third version with values of its own (some nil): every entry
            // it does not own is written, those it owns are its own values, once (a nil, none).
            let receiverValues = receiver.fields.filter { _ in source.below(4) != 0 }.map { ($0, 5000 + source.below(1000)) }
            var moved = VersionedRecord(version: receiver, values: Dictionary(uniqueKeysWithValues: receiverValues))
            moved.unknownFields = read.unknownFields
            // Message mode writes the unknown entries in place, with the general path's bytes.
            var general = ArchiveEncoder()
            general.writesMessages = false
            let message = ArchiveEncoder().messageArchive(of: moved)
            #expect(message != nil, "\(context): message mode taken")
            let generalArchive = try general.encode(moved)
            #expect(message == nil || message == generalArchive, "\(context): message mode's bytes")
            for (name, encoder) in UnknownFieldsTests.encoders {
                let archive = try encoder.encode(moved)
                let result = try entries(archive)
                #expect(result.names.count == Set(result.names).count, "\(context), \(name): a key written twice")
                var expected = moved.values
                for name in unknownNames where !receiver.owned.contains(name) { expected[name] = written[name] }
                #expect(result.values == expected, "\(context), \(name): moved")
                // And the receiver reads its archive back, keeping the same unknown fields.
                VersionedRecord.reading = receiver
                let again = try ArchiveDecoder().decode(VersionedRecord.self, from: archive)
                #expect(again.values == moved.values, "\(context), \(name)")
                #expect(Set(again.unknownFields.keys) == Set(unknownNames.subtracting(receiver.owned).map(writer.spelled)), "\(context), \(name)")
            }
        }
    }
}
