import ArchiveTestSupport
import Foundation
import KeyedArchive
import KeyedArchiveSamples
import Testing

/// Any key, for reading a keyed container's entries in the order they were written.
private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) { self.stringValue = String(intValue); self.intValue = intValue }
}

/// The keys of a keyed container as written: `allKeys` lists entries in archive order
/// (`Spec/FORMAT.md` §8.3), integer entries with their `intValue`.
private struct WrittenKeys: Decodable {
    var keys: [String]
    init(from decoder: any Decoder) throws {
        keys = try decoder.container(keyedBy: AnyKey.self).allKeys.map { $0.intValue.map { "#\($0)" } ?? $0.stringValue }
    }
}

/// A struct whose fields are declared out of key order.
private struct Fields: Codable, Equatable {
    var zeta = 1
    var alpha = 2
    var Beta = 3
    var _under = 4
}

/// A keyed container with integer and string keys, written strings first.
private struct MixedKeys: Encodable {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        try container.encode("s", forKey: AnyKey(stringValue: "x"))
        try container.encode("i", forKey: AnyKey(intValue: 10))
        try container.encode("s", forKey: AnyKey(stringValue: "-"))
        try container.encode("i", forKey: AnyKey(intValue: -2))
    }
}

private func deterministicEncoder(compression: ArchiveCompression = .none, checksum: ArchiveChecksum = .none) -> ArchiveEncoder {
    var encoder = ArchiveEncoder()
    encoder.deterministic = true
    encoder.compression = compression
    encoder.checksum = checksum
    return encoder
}

/// `ArchiveEncoder.deterministic`: one value, one archive.
@Suite struct DeterministicArchiveTests {
    /// The archive a child process writes of `HashOrderSample.make()`, with its own hash seed.
    private func childArchive(_ arguments: [String]) throws -> [UInt8] {
        let executable = try #require(peerExecutable(), "ArchiveStreamPeer was not built")
        let process = Process()
        process.executableURL = executable
        process.arguments = ["--archive-of-sample"] + arguments
        // Each child must draw its own hash seed.
        process.environment = ProcessInfo.processInfo.environment.filter { $0.key != "SWIFT_DETERMINISTIC_HASHING" }
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let bytes = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
        return [UInt8](bytes)
    }

    @Test func theSameValueGivesTheSameBytesInEveryProcess() throws {
        let sample = HashOrderSample.make()
        for (options, compression, checksum) in [([String](), ArchiveCompression.none, ArchiveChecksum.none),
                                                 (["zlib"], .zlib, .none), (["crc32"], .none, .crc32), (["zlib", "crc32"], .zlib, .crc32)] {
            let archives = try (0..<3).map { _ in try childArchive(["deterministic"] + options) }
            #expect(archives[0] == archives[1] && archives[1] == archives[2], "\(options)")
            // This process, with yet another seed, agrees; and the archive is the value.
            let here = [UInt8](try deterministicEncoder(compression: compression, checksum: checksum).encode(sample))
            #expect(here == archives[0], "\(options)")
            #expect(try ArchiveDecoder().decode(HashOrderSample.self, from: Data(archives[0])) == sample)
        }
        // Without the option the children disagree: the test does see the hash seed at work.
        let unordered = try (0..<3).map { _ in try childArchive(["default"]) }
        #expect(!(unordered[0] == unordered[1] && unordered[1] == unordered[2]))
        #expect(try unordered.allSatisfy { try ArchiveDecoder().decode(HashOrderSample.self, from: Data($0)) == sample })
    }

    @Test func keysAreIntegersAscendingThenStringsByTheirUTF8Bytes() throws {
        let encoder = deterministicEncoder()
        let strings = ["b": 1, "a": 1, "B": 1, "\u{E9}": 1, "": 1, "aa": 1, "a\u{0}": 1, "\u{1F600}": 1, "~": 1]
        #expect(try ArchiveDecoder().decode(WrittenKeys.self, from: encoder.encode(strings)).keys
                == ["", "B", "a", "a\u{0}", "aa", "b", "~", "\u{E9}", "\u{1F600}"])
        // Integers beyond ±2^62 are written as strings (§8.1): after every integer key.
        let integers = [100: 0, -5: 0, 0: 0, 3: 0, Int.max: 0, Int.min: 0, -(1 << 62): 0]
        #expect(try ArchiveDecoder().decode(WrittenKeys.self, from: encoder.encode(integers)).keys
                == ["#-4611686018427387904", "#-5", "#0", "#3", "#100", "-9223372036854775808", "9223372036854775807"])
        #expect(try ArchiveDecoder().decode(WrittenKeys.self, from: encoder.encode(Fields())).keys == ["Beta", "_under", "alpha", "zeta"])
        #expect(try ArchiveDecoder().decode(WrittenKeys.self, from: encoder.encode(MixedKeys())).keys == ["#-2", "#10", "-", "x"])
        // Without the option, a struct keeps its declaration order.
        #expect(try ArchiveDecoder().decode(WrittenKeys.self, from: ArchiveEncoder().encode(Fields())).keys == ["zeta", "alpha", "Beta", "_under"])
        #expect(try ArchiveDecoder().decode(Fields.self, from: encoder.encode(Fields())) == Fields())
    }

    @Test func equalValuesBuiltDifferentlyGiveEqualBytes() throws {
        let encoder = deterministicEncoder()
        var grown: [String: Int] = [:]
        for i in 0..<500 { grown["k\(i)"] = i }
        var shrunk = grown
        for i in 500..<2_000 { shrunk["k\(i)"] = i }
        for i in 500..<2_000 { shrunk["k\(i)"] = nil }
        var reserved = [String: Int](minimumCapacity: 5_000)
        for i in (0..<500).reversed() { reserved["k\(i)"] = i }
        #expect(grown == shrunk && grown == reserved)
        let archives = try [grown, shrunk, reserved].map { try encoder.encode($0) }
        #expect(archives[0] == archives[1] && archives[1] == archives[2])
        // The same for a model with nested dictionaries, classes and super encoders.
        #expect(try encoder.encode(AppState.sample(documents: 50)) == encoder.encode(AppState.sample(documents: 50)))
    }

    @Test func everySampleModelDecodesAsWithoutTheOption() throws {
        let encoder = deterministicEncoder()
        let decoder = ArchiveDecoder()
        let commits = Commit.sample(count: 50), intCommits = IntKeyedCommit.sample(count: 50)
        let state = AppState.sample(documents: 50), series = NumericSeries.sample(values: 100, samples: 50)
        #expect(try decoder.decode([Commit].self, from: encoder.encode(commits)) == commits)
        #expect(try decoder.decode([IntKeyedCommit].self, from: encoder.encode(intCommits)) == intCommits)
        #expect(try decoder.decode(AppState.self, from: encoder.encode(state)) == state)
        #expect(try decoder.decode(IntKeyedAppState.self, from: encoder.encode(IntKeyedAppState(state))) == IntKeyedAppState(state))
        #expect(try decoder.decode(NumericSeries.self, from: encoder.encode(series)) == series)
        let drawing = Drawing.sample(count: 20)
        let decoded = try decoder.decode(Drawing.self, from: encoder.encode(drawing))
        #expect(decoded.isSame(as: drawing))
        // Deterministic bytes are a function of the value: encoding what was decoded gives them again.
        #expect(try encoder.encode(decoder.decode(AppState.self, from: encoder.encode(state))) == encoder.encode(state))
    }
}
