import Foundation
@testable import KeyedArchive
import KeyedArchiveMacros
import Testing

/// `ArchiveCompatibility`: one sample archive per released version, and the current type
/// checked against all of them.
@Suite struct ArchiveCompatibilityTests {
    private static func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("samples-\(UUID().uuidString)")
    }

    @Test func theCurrentVersionReadsEveryReleasedOne() throws {
        let samples = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: samples) }
        try ArchiveCompatibility.saveSample(ProfileV1(name: "a", colour: "red", shade: 1), version: "1.0", in: samples)
        try ArchiveCompatibility.saveSample(ProfileV2(name: "b", color: "blue", brightness: 2, fontSize: 9, nickname: nil, note: "n", tags: ["t"]),
                                            version: "2.0", in: samples)
        #expect(try ArchiveCompatibility.problems(reading: ProfileV2.self, samplesIn: samples).isEmpty)
        // A version without the defaults cannot read 1.0 (or 2.0's nil-free fields... it reads
        // those): one problem, naming the sample.
        let problems = try ArchiveCompatibility.problems(reading: NoDefaults.self, samplesIn: samples)
        #expect(problems.map(\.sample) == ["1.0.karchive"])
        #expect(problems.first?.detail.contains("cannot be read as NoDefaults") == true)
    }

    @Test func unknownFieldsMustSurviveBeingWrittenBack() throws {
        let samples = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: samples) }
        try ArchiveCompatibility.saveSample(DocumentV3.sample, version: "3.0", in: samples)
        #expect(try ArchiveCompatibility.problems(reading: DocumentV1.self, samplesIn: samples).isEmpty)
    }

    @Test func noSamplesIsAProblem() throws {
        let samples = Self.temporaryDirectory()
        try FileManager.default.createDirectory(at: samples, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: samples) }
        #expect(try ArchiveCompatibility.problems(reading: ProfileV2.self, samplesIn: samples).count == 1)
    }

    @Test func samplesAreInVersionOrder() throws {
        let samples = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: samples) }
        for version in ["1.10", "1.9", "2.0", "1.9.1", "10.0"] {
            try ArchiveCompatibility.saveSample(ProfileV1(name: version, colour: "", shade: 0), version: version, in: samples)
        }
        #expect(try ArchiveCompatibility.samples(in: samples).map(\.lastPathComponent)
                == ["1.9.karchive", "1.9.1.karchive", "1.10.karchive", "2.0.karchive", "10.0.karchive"])
    }
}
