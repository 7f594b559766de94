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

    @Test func aTypeThatLosesDataWrittenBackIsAProblem() throws {
        let samples = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: samples) }
        try ArchiveCompatibility.saveSample(ProfileV1(name: "a", colour: "red", shade: 1), version: "1.0", in: samples)
        // Reads `colour` but writes it under another key: read back, it is the default.
        let problems = try ArchiveCompatibility.problems(reading: ForgetfulProfile.self, samplesIn: samples)
        #expect(problems.map(\.sample) == ["1.0.karchive"])
        #expect(problems.first?.detail.contains("reads as another value") == true)
        let plainProblems = try ArchiveCompatibility.problems(reading: ForgetfulPlainProfile.self, samplesIn: samples)
        #expect(plainProblems.map(\.sample) == ["1.0.karchive"])
        #expect(plainProblems.first?.detail.contains("other bytes") == true)
    }

    @Test func aTypeThatIsNotEquatableIsCheckedByItsBytes() throws {
        let samples = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: samples) }
        try ArchiveCompatibility.saveSample(ProfileV1(name: "a", colour: "red", shade: 1), version: "1.0", in: samples)
        try ArchiveCompatibility.saveSample(["k": PlainProfile(name: "z", colour: "c", shade: 3, extra: [1: "x", 2: "y", 3: "z"])],
                                            version: "1.1", in: samples)
        // 1.1 is a dictionary, not a profile: a problem; 1.0 reads (the missing `extra` empty).
        let problems = try ArchiveCompatibility.problems(reading: PlainProfile.self, samplesIn: samples)
        #expect(problems.map(\.sample) == ["1.1.karchive"])
        #expect(problems.first?.detail.contains("cannot be read as PlainProfile") == true)
        try FileManager.default.removeItem(at: samples.appendingPathComponent("1.1.karchive"))
        // Dictionaries in the value: written deterministically, so their order cannot differ.
        try ArchiveCompatibility.saveSample(PlainProfile(name: "z", colour: "c", shade: 3, extra: Dictionary(uniqueKeysWithValues: (0..<50).map { ($0, "\($0)") })),
                                            version: "1.2", in: samples)
        #expect(try ArchiveCompatibility.problems(reading: PlainProfile.self, samplesIn: samples).isEmpty)
    }
}

/// Version 1's fields, not `Equatable`; `extra` came later and defaults to empty.
private struct PlainProfile: Codable {
    var name: String
    var colour: String
    var shade: Int
    var extra: [Int: String] = [:]

    init(name: String, colour: String, shade: Int, extra: [Int: String]) {
        (self.name, self.colour, self.shade, self.extra) = (name, colour, shade, extra)
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        (name, colour, shade) = try (container.decode(String.self, forKey: .name), container.decode(String.self, forKey: .colour),
                                     container.decode(Int.self, forKey: .shade))
        extra = try container.decodeIfPresent([Int: String].self, forKey: .extra) ?? [:]
    }
}

/// Reads version 1 but writes `colour` under another key, so that read back it is lost.
private struct ForgetfulProfile: Codable, Equatable {
    var name: String
    var colour: String
    var shade: Int

    private enum CodingKeys: String, CodingKey { case name, colour, shade, color }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        colour = try container.decodeIfPresent(String.self, forKey: .colour) ?? "none"
        shade = try container.decode(Int.self, forKey: .shade)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(colour, forKey: .color)
        try container.encode(shade, forKey: .shade)
    }
}

/// `ForgetfulProfile`, not `Equatable`.
private struct ForgetfulPlainProfile: Codable {
    var profile: ForgetfulProfile
    init(from decoder: any Decoder) throws { profile = try ForgetfulProfile(from: decoder) }
    func encode(to encoder: any Encoder) throws { try profile.encode(to: encoder) }
}
