#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Sample archives of each released version of a type, kept with a test suite, and the checks
/// that the current version still reads them all: a compatibility test that fails before users
/// do.
///
/// ```swift
/// @Test func settingsReadEveryReleasedVersion() throws {
///     let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("SettingsSamples")
///     // Once per release: try ArchiveCompatibility.saveSample(Settings.sample, version: "2.0", in: samples)
///     #expect(try ArchiveCompatibility.problems(reading: Settings.self, samplesIn: samples).isEmpty)
/// }
/// ```
///
/// A sample is an ordinary archive file, `<version>.karchive`; `karchive inspect` shows it.
public enum ArchiveCompatibility {
    /// What went wrong with one sample.
    public struct Problem: Sendable, Hashable, CustomStringConvertible {
        /// The sample's file name.
        public let sample: String
        /// What failed: decoding it, or writing it back.
        public let detail: String

        /// `sample: detail`.
        public var description: String { "\(sample): \(detail)" }
    }

    /// Saves `value` as the sample of `version` in `directory` (created if needed), replacing an
    /// earlier sample of that version.
    public static func saveSample<T: Encodable>(_ value: T, version: String, in directory: URL,
                                                encoder: ArchiveEncoder = ArchiveEncoder()) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try encoder.write(value, to: directory.appendingPathComponent(version + ".karchive"))
    }

    /// The samples in `directory`, in version order (`1.9` before `1.10`).
    public static func samples(in directory: URL) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".karchive") }
            .sorted { versionPrecedes($0.dropLast(".karchive".count), $1.dropLast(".karchive".count)) }
            .map { directory.appendingPathComponent($0) }
    }

    /// Whether version `a` comes before `b`: compared part by part between dots, numbers as
    /// numbers.
    static func versionPrecedes(_ a: Substring, _ b: Substring) -> Bool {
        let (x, y) = (a.split(separator: "."), b.split(separator: "."))
        for (p, q) in zip(x, y) where p != q {
            if let m = Int(p), let n = Int(q) { return m < n }
            return p < q
        }
        return x.count < y.count
    }

    /// Every problem the current `type` has with the samples in `directory`: a sample it cannot
    /// decode, and one it decodes but cannot write back and read again as the same value (for
    /// a type that keeps unknown fields, `ArchiveUnknownFields`, the archive written back must
    /// decode to the same value, unknown fields included). Empty when all is well; a directory
    /// without samples is a problem too, so that a wrong path cannot pass.
    public static func problems<T: Codable & Equatable>(reading type: T.Type, samplesIn directory: URL,
                                                       decoder: ArchiveDecoder = ArchiveDecoder(),
                                                       encoder: ArchiveEncoder = ArchiveEncoder()) throws -> [Problem] {
        try problems(reading: T.self, samplesIn: directory, decoder: decoder) { value in
            let again = try decoder.decode(T.self, from: encoder.encode(value))
            return again == value ? nil : "written back, reads as another value: \(value) became \(again)"
        }
    }

    /// The same checks, `problems(reading:samplesIn:decoder:encoder:)`, for a type that is not
    /// `Equatable`: what a sample reads as is written back, read again and written once more,
    /// and the two archives must be the same bytes (both written with `deterministic` on, so
    /// that dictionaries' order cannot differ).
    public static func problems<T: Codable>(reading type: T.Type, samplesIn directory: URL,
                                           decoder: ArchiveDecoder = ArchiveDecoder(),
                                           encoder: ArchiveEncoder = ArchiveEncoder()) throws -> [Problem] {
        var encoder = encoder
        encoder.deterministic = true
        return try problems(reading: T.self, samplesIn: directory, decoder: decoder) { value in
            let archive = try encoder.encode(value)
            let again = try encoder.encode(decoder.decode(T.self, from: archive))
            return again == archive ? nil : "written back, reads as another value: writing that again gives other bytes (\(archive.count) → \(again.count) bytes)"
        }
    }

    /// The samples' problems: each read as `T`, and checked by `writtenBack`, which answers what
    /// went wrong writing the value back, or `nil`.
    private static func problems<T: Decodable>(reading type: T.Type, samplesIn directory: URL, decoder: ArchiveDecoder,
                                               writtenBack: (T) throws -> String?) throws -> [Problem] {
        let samples = try samples(in: directory)
        guard !samples.isEmpty else {
            return [Problem(sample: directory.lastPathComponent, detail: "no samples (*.karchive) in \(directory.path)")]
        }
        var problems: [Problem] = []
        for sample in samples {
            let name = sample.lastPathComponent
            let value: T
            do { value = try decoder.read(T.self, from: sample) } catch {
                problems.append(Problem(sample: name, detail: "cannot be read as \(T.self): \(error)"))
                continue
            }
            do {
                if let detail = try writtenBack(value) { problems.append(Problem(sample: name, detail: detail)) }
            } catch {
                problems.append(Problem(sample: name, detail: "cannot be written back and read again: \(error)"))
            }
        }
        return problems
    }
}
