import ArchiveTestSupport
import Foundation
import Testing
@testable import KeyedArchive

// Partial reads against a full decode: random values (the decoder differential's generator:
// string and integer keys, mixed, nested arrays, packed and native arrays), random archive
// options, random paths — most leading to a value, the rest one step off (a key that is absent,
// an index past the end, a step into a scalar or a nil). The oracle is the tree a full decode
// reads (`DiffDecodedTree`): a partial read must give the subtree at its path, or the error
// kind that path earns; `containsValue`, `keys`, `count` and the per-element reads the same.
//
// Campaigns: PARTIAL_READ_SEED=<n> PARTIAL_READ_COUNT=<n> swift test --filter PartialReadCampaignTests

@Suite struct PartialReadCampaignTests {
    /// What following `path` through `tree` finds: the subtree, or the kind of error a decode
    /// there throws.
    enum Expected: Equatable {
        case value(DiffTree)
        case error(String)
    }

    static func expected(_ tree: DiffTree, _ path: [ArchivePath.Component]) -> Expected {
        var node = tree
        for component in path {
            switch (node, component) {
            case (.keyed(let entries), .key(let name, let integer)):
                var found = integer.flatMap { entries[.i($0)] } ?? entries[.s(name)]
                // A name that spells an integer in canonical decimal also finds that integer.
                if found == nil, integer == nil, let n = Int(name), String(n) == name { found = entries[.i(n)] }
                guard let next = found else { return .error("keyNotFound") }
                node = next
            case (.unkeyed(let elements), .index(let index)), (.unkeyed(let elements), .key(_, let index?)):
                guard index >= 0, index < elements.count else { return .error("valueNotFound") }
                node = elements[index]
            case (.null, _):
                return .error("valueNotFound")
            default:
                return .error("typeMismatch")
            }
        }
        return .value(node)
    }

    static func kind(_ error: any Error) -> String {
        switch error as? DecodingError {
        case .keyNotFound?: "keyNotFound"
        case .valueNotFound?: "valueNotFound"
        case .typeMismatch?: "typeMismatch"
        case .dataCorrupted?: "dataCorrupted"
        default: "not a DecodingError: \(error)"
        }
    }

    /// Every path to a value in `tree`, in canonical form (integer keys with their `intValue`,
    /// elements by `.index`).
    static func paths(_ tree: DiffTree, prefix: [ArchivePath.Component] = [], into paths: inout [[ArchivePath.Component]]) {
        paths.append(prefix)
        switch tree {
        case .keyed(let entries):
            for (key, value) in entries {
                let component: ArchivePath.Component = switch key {
                case .s(let s): .key(s)
                case .i(let i): .key(stringValue: String(i), intValue: i)
                }
                Self.paths(value, prefix: prefix + [component], into: &paths)
            }
        case .unkeyed(let elements):
            for (index, value) in elements.enumerated() { Self.paths(value, prefix: prefix + [.index(index)], into: &paths) }
        default:
            break
        }
    }

    /// `path` spelled another way that must find the same value: integer keys by their decimal
    /// name alone, indexes as coding-path element keys.
    static func respelled(_ path: [ArchivePath.Component], _ random: inout DDRandom) -> [ArchivePath.Component] {
        path.map { component in
            switch component {
            case .key(let name, _?) where random.chance(50): .key(name)
            case .index(let index) where random.chance(30): .key(stringValue: "Index \(index)", intValue: index)
            default: component
            }
        }
    }

    /// `path` with its last step (or one more step) changed so that it leads nowhere, mostly.
    static func offPath(_ path: [ArchivePath.Component], _ random: inout DDRandom) -> [ArchivePath.Component] {
        let extra: ArchivePath.Component = switch random.below(5) {
        case 0: .index(random.below(8))
        case 1: .key(stringValue: "-7", intValue: -7)
        case 2: .key("7")
        case 3: .key("absent")
        default: .key(random.pick(DDGenerator.stringKeys))
        }
        if !path.isEmpty, random.chance(50) { return path.dropLast() + [extra] }
        return path + [extra]
    }

    struct Failure: CustomStringConvertible {
        let seed: UInt64
        let what: String
        var description: String { "partial read, seed \(seed): \(what)" }
    }

    /// Runs one random case; returns what disagreed, if anything.
    static func runCase(seed: UInt64) throws -> [Failure] {
        var generator = DDGenerator(seed: seed)
        let value = generator.value()
        var random = DDRandom(seed: seed ^ 0x9E37_79B9_7F4A_7C15)
        var encoder = ArchiveEncoder()
        if random.chance(20) { encoder.compression = .zlib }
        if random.chance(20) { encoder.checksum = .crc32 }
        let bytes = try encoder.encode(value)
        var decoder = ArchiveDecoder()
        if encoder.checksum == .crc32, random.chance(50) { decoder.verifiesChecksumInPartialReads = false }
        let tree = try decoder.decode(DiffDecodedTree.self, from: bytes).tree
        var all: [[ArchivePath.Component]] = []
        paths(tree, into: &all)
        var failures: [Failure] = []
        func fail(_ what: String) { failures.append(Failure(seed: seed, what: what)) }

        for _ in 0..<6 {
            let canonical = random.pick(all)
            let path: [ArchivePath.Component]
            switch random.below(10) {
            case 0..<5: path = canonical
            case 5..<7: path = respelled(canonical, &random)
            default: path = offPath(canonical, &random)
            }
            let archivePath = ArchivePath(path)
            let expected = expected(tree, path)
            let actual: Expected
            do { actual = .value(try decoder.decode(DiffDecodedTree.self, at: archivePath, from: bytes).tree) } catch { actual = .error(kind(error)) }
            if actual != expected { fail("decode at \(archivePath) of \(value.swiftSource): expected \(expected), got \(actual)") }

            let exists = if case .value = expected { true } else { false }
            let contains = Result { try decoder.containsValue(at: archivePath, in: bytes) }
            if (try? contains.get()) != exists { fail("containsValue(\(archivePath)) is \(contains), expected \(exists)") }

            // The value's coding path in the partial read is the path followed: the guided tree
            // finds its expected type by the decoder's coding path.
            if exists, path == canonical {
                var guided = decoder
                guided.userInfo[.diffGuide] = DiffGuide(root: tree, json: false)
                let read = Result { try guided.decode(DiffGuidedTree.self, at: archivePath, from: bytes).tree }
                if case .value(let subtree) = expected, (try? read.get()) != subtree { fail("guided decode at \(archivePath): \(read)") }
            }

            switch expected {
            case .value(.keyed(let entries)):
                let keys = Result { try decoder.keys(at: archivePath, in: bytes) }
                let found = (try? keys.get())?.map { component -> DiffKey in
                    guard case .key(let name, let integer) = component else { return .s("<index>") }
                    return integer.map(DiffKey.i) ?? .s(name)
                }
                if found.map(Set.init) != Set(entries.keys) || found?.count != entries.count { fail("keys(at: \(archivePath)): \(keys), expected \(entries.keys)") }
                if (try? decoder.count(at: archivePath, in: bytes)) != nil { fail("count(at: \(archivePath)) of a keyed container did not throw") }
            case .value(.unkeyed(let elements)):
                let count = Result { try decoder.count(at: archivePath, in: bytes) }
                if (try? count.get()) != elements.count { fail("count(at: \(archivePath)): \(count), expected \(elements.count)") }
                if (try? decoder.keys(at: archivePath, in: bytes)) != nil { fail("keys(at: \(archivePath)) of an unkeyed container did not throw") }
                // One value from each element, at a path relative to the elements.
                var inner: [[ArchivePath.Component]] = []
                if let first = elements.first { paths(first, into: &inner) }
                let elementPath = random.chance(30) || inner.isEmpty ? [random.chance(50) ? .index(0) : .key("a")] : random.pick(inner)
                let each = Result { try decoder.decode(DiffDecodedTree?.self, at: ArchivePath(elementPath), ofEachElementAt: archivePath, from: bytes) }
                let expectedEach = elements.map { element -> DiffTree? in
                    if case .value(let found) = Self.expected(element, elementPath), found != .null(level: 0) { return found }
                    return nil
                }
                let actualEach = (try? each.get())?.map { $0?.tree == .null(level: 0) ? nil : $0?.tree }
                if actualEach != expectedEach { fail("decode(at: \(ArchivePath(elementPath)), ofEachElementAt: \(archivePath)): \(each), expected \(expectedEach)") }
            default:
                break
            }
        }
        return failures
    }

    @Test func partialReadsAgreeWithAFullDecode() throws {
        let seed = UInt64(Campaign.overridden("PARTIAL_READ_SEED") ?? 48_000)
        let count = Campaign.count("PARTIAL_READ_COUNT", quick: 1_500, full: 12_000)
        var failures: [Failure] = []
        for i in 0..<count {
            failures += try Self.runCase(seed: seed &+ UInt64(i))
            if failures.count >= 10 { break }
        }
        for failure in failures { Issue.record("\(failure)") }
    }

    /// Damaged archives — every truncation, and random byte changes — read at every path of the
    /// intact archive: a value or a `DecodingError`, never a crash or another error.
    @Test func damagedArchivesThrowDecodingErrorsAtEveryPath() throws {
        let count = Campaign.count("PARTIAL_READ_DAMAGE_COUNT", quick: 60, full: 400)
        for i in 0..<count {
            let seed = 91_000 &+ UInt64(i)
            var generator = DDGenerator(seed: seed)
            var random = DDRandom(seed: seed)
            var encoder = ArchiveEncoder()
            if random.chance(25) { encoder.compression = .zlib }
            if random.chance(25) { encoder.checksum = .crc32 }
            let intact = [UInt8](try encoder.encode(generator.value()))
            var decoder = ArchiveDecoder()
            decoder.verifiesChecksumInPartialReads = random.chance(50)
            var all: [[ArchivePath.Component]] = []
            Self.paths(try decoder.decode(DiffDecodedTree.self, from: intact).tree, into: &all)
            var damaged: [[UInt8]] = (0..<intact.count).map { Array(intact[0..<$0]) }
            for _ in 0..<12 {
                var bytes = intact
                for _ in 0...random.below(3) { bytes[random.below(bytes.count)] = UInt8(truncatingIfNeeded: random.next()) }
                damaged.append(bytes)
            }
            for bytes in damaged {
                for path in all.prefix(12) {
                    let archivePath = ArchivePath(path)
                    expectValueOrDecodingError { _ = try decoder.decode(DiffDecodedTree.self, at: archivePath, from: bytes) }
                    expectValueOrDecodingError { _ = try decoder.containsValue(at: archivePath, in: bytes) }
                    expectValueOrDecodingError { _ = try decoder.keys(at: archivePath, in: bytes) }
                    expectValueOrDecodingError { _ = try decoder.count(at: archivePath, in: bytes) }
                    expectValueOrDecodingError { _ = try decoder.decode(Int?.self, at: ["a"], ofEachElementAt: archivePath, from: bytes) }
                }
            }
        }
    }

    private func expectValueOrDecodingError(_ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) {
        do { try body() } catch { #expect(error is DecodingError, "\(error)", sourceLocation: sourceLocation) }
    }
}
