import Foundation
import KeyedArchiveSamples
import Testing
import KeyedArchive
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `ArchiveEncoder.write(_:to:checksum:)` and `ArchiveDecoder.read(_:from:)`: round trips, the
/// default checksum, clean failures, and a crash test that SIGKILLs a writer hundreds of times.
@Suite struct FileTests {
    // MARK: Round trips

    @Test(arguments: [ArchiveCompression.none, .zlib])
    func writeThenReadRoundTrips(_ compression: ArchiveCompression) throws {
        let directory = try makeDirectory()
        defer { removeDirectory(directory) }
        let file = directory.appendingPathComponent("settings.karchive")
        var encoder = ArchiveEncoder()
        encoder.compression = compression

        try encoder.write(sampleSettings, to: file)
        #expect(try ArchiveDecoder().read(Settings.self, from: file) == sampleSettings)
        // The file is exactly what `encode` makes with a CRC-32.
        var checksummed = encoder
        checksummed.checksum = .crc32
        let bytes = try Data(contentsOf: file)
        #expect(bytes == (try checksummed.encode(sampleSettings)))
        #expect(bytes[5] & 0x02 != 0, "CRC-32 flag set by default")
        #expect(try contents(of: directory) == ["settings.karchive"], "no temporary left")

        // Overwriting replaces the contents, here without a checksum.
        var changed = sampleSettings
        changed.name = "changed"
        changed.values = Array(0..<2000)
        try encoder.write(changed, to: file, checksum: .none)
        let plain = try Data(contentsOf: file)
        #expect(plain[5] & 0x02 == 0, "no CRC-32 flag with checksum: .none")
        #expect(plain == (try encoder.encode(changed)))
        #expect(try ArchiveDecoder().read(Settings.self, from: file) == changed)
        #expect(try contents(of: directory) == ["settings.karchive"], "no temporary left")
    }

    @Test func encoderOwnChecksumSettingIsReplacedByTheArgument() throws {
        let directory = try makeDirectory()
        defer { removeDirectory(directory) }
        let file = directory.appendingPathComponent("a")
        var encoder = ArchiveEncoder()
        encoder.checksum = .crc32
        try encoder.write([1, 2, 3], to: file, checksum: .none)
        #expect(try Data(contentsOf: file)[5] & 0x02 == 0)
        try ArchiveEncoder().write([1, 2, 3], to: file)
        #expect(try Data(contentsOf: file)[5] & 0x02 != 0)
        #expect(try ArchiveDecoder().read([Int].self, from: file) == [1, 2, 3])
    }

    @Test func overwritingKeepsTheFilePermissions() throws {
        let directory = try makeDirectory()
        defer { removeDirectory(directory) }
        let file = directory.appendingPathComponent("private.karchive")
        try ArchiveEncoder().write("first", to: file)
        #expect(chmod(file.path, 0o600) == 0)
        try ArchiveEncoder().write("second", to: file)
        var info = stat()
        #expect(stat(file.path, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
        #expect(try ArchiveDecoder().read(String.self, from: file) == "second")
    }

    // MARK: Failures

    @Test func writingIntoAMissingDirectoryThrowsAndLeavesNothing() throws {
        let directory = try makeDirectory()
        defer { removeDirectory(directory) }
        let missing = directory.appendingPathComponent("missing")
        let file = missing.appendingPathComponent("a.karchive")
        do {
            try ArchiveEncoder().write(sampleSettings, to: file)
            Issue.record("writing into a missing directory succeeded")
        } catch let error as CocoaError {
            #expect(error.code == .fileNoSuchFile)
            #expect((error.underlying as? POSIXError)?.code == .ENOENT)
            #expect(error.filePath?.hasPrefix(missing.path) == true)
        }
        #expect(!FileManager.default.fileExists(atPath: missing.path))
        #expect(try contents(of: directory) == [])
    }

    @Test func aFailingEncodeLeavesTheOldFileUntouched() throws {
        let directory = try makeDirectory()
        defer { removeDirectory(directory) }
        let file = directory.appendingPathComponent("keep.karchive")
        try ArchiveEncoder().write(sampleSettings, to: file)
        let before = try Data(contentsOf: file)

        #expect(throws: EncodeFailure.self) {
            try ArchiveEncoder().write(Probe { encoder in
                var container = encoder.container(keyedBy: DynamicKey.self)
                try container.encode(1, forKey: DynamicKey("partial"))
                throw EncodeFailure()
            }, to: file)
        }
        #expect(try Data(contentsOf: file) == before, "old file byte for byte")
        #expect(try contents(of: directory) == ["keep.karchive"], "no temporary left")
        #expect(try ArchiveDecoder().read(Settings.self, from: file) == sampleSettings)
    }

    @Test func aFailingRenameRemovesTheTemporary() throws {
        // The target is a non-empty directory: everything succeeds up to the rename.
        let directory = try makeDirectory()
        defer { removeDirectory(directory) }
        let target = directory.appendingPathComponent("occupied")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: false)
        try Data([1]).write(to: target.appendingPathComponent("inside"))
        #expect(throws: CocoaError.self) { try ArchiveEncoder().write(sampleSettings, to: target) }
        #expect(try contents(of: directory) == ["occupied"], "no temporary left")
        #expect(try contents(of: target) == ["inside"])
    }

    @Test func notAFileURLThrows() throws {
        let url = try #require(URL(string: "https://example.com/a.karchive"))
        let writeError = #expect(throws: CocoaError.self) { try ArchiveEncoder().write(1, to: url) }
        #expect(writeError?.code == .fileWriteUnsupportedScheme)
        let readError = #expect(throws: CocoaError.self) { try ArchiveDecoder().read(Int.self, from: url) }
        #expect(readError?.code == .fileReadUnsupportedScheme)
    }

    @Test func readingAMissingFileThrows() throws {
        let directory = try makeDirectory()
        defer { removeDirectory(directory) }
        let file = directory.appendingPathComponent("absent.karchive")
        do {
            _ = try ArchiveDecoder().read(Settings.self, from: file)
            Issue.record("reading a missing file succeeded")
        } catch let error as CocoaError {
            #expect(error.code == .fileReadNoSuchFile)
            #expect((error.underlying as? POSIXError)?.code == .ENOENT)
            #expect(error.filePath == file.path)
        }
    }

    @Test func readingADirectoryThrows() throws {
        let directory = try makeDirectory()
        defer { removeDirectory(directory) }
        #expect(throws: CocoaError.self) { try ArchiveDecoder().read(Settings.self, from: directory) }
    }

    @Test func readingACorruptedFileThrowsDecodingError() throws {
        let directory = try makeDirectory()
        defer { removeDirectory(directory) }
        let file = directory.appendingPathComponent("damaged.karchive")
        try ArchiveEncoder().write(sampleSettings, to: file)
        var bytes = try Data(contentsOf: file)
        bytes[bytes.count / 2] ^= 0x10
        try bytes.write(to: file)
        do {
            _ = try ArchiveDecoder().read(Settings.self, from: file)
            Issue.record("a corrupted file decoded")
        } catch let DecodingError.dataCorrupted(context) {
            #expect((context.underlyingError as? ArchiveFormatError)?.kind == .checksumMismatch)
        }

        // Cut short: still an error, never a partial value.
        try ArchiveEncoder().write(sampleSettings, to: file)
        let whole = try Data(contentsOf: file)
        try whole.prefix(whole.count - 3).write(to: file)
        #expect(throws: DecodingError.self) { try ArchiveDecoder().read(Settings.self, from: file) }
        try Data().write(to: file)
        #expect(throws: DecodingError.self) { try ArchiveDecoder().read(Settings.self, from: file) }
    }

    // MARK: Crash test

    /// A child process rewrites one file in a loop, alternating values A and B, and is killed
    /// with SIGKILL at random moments; after every kill the file must decode to A or B.
    @Test(.timeLimit(.minutes(3)))
    func fileSurvivesSIGKILLAtRandomMoments() throws {
        let writer = try #require(crashWriterExecutable(), "ArchiveCrashWriter not built next to the tests")
        let directory = try makeDirectory()
        defer { removeDirectory(directory) }
        let file = directory.appendingPathComponent("state.karchive")
        try ArchiveEncoder().write(crashSampleA, to: file)

        let kills = 250, minimumKills = 200
        // About 6 s in a normal debug run; sanitizer builds spawn the child several times more
        // slowly, so the time bound leaves room for them to reach the minimum too.
        let deadline = ContinuousClock.now + .seconds(120)
        let started = ContinuousClock.now
        var random = SampleGenerator(seed: 0x4B41_5243_4849_5645)  // kill delays
        var done = 0, sawA = 0, sawB = 0, midWrite = 0
        while done < kills && ContinuousClock.now < deadline {
            let process = Process()
            process.executableURL = writer
            process.arguments = [file.path]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            // "ready" comes after the child's first complete write: from then on it is writing.
            let ready = output.fileHandleForReading.readData(ofLength: 6)
            try? output.fileHandleForReading.close()
            guard ready == Data("ready\n".utf8) else {
                process.waitUntilExit()
                Issue.record("writer failed to start: status \(process.terminationStatus), output \(ready)")
                return
            }
            usleep(UInt32.random(in: 1_000...15_000, using: &random))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL,
                    "the writer died of something else: \(process.terminationReason) \(process.terminationStatus)")
            done += 1

            // The target always decodes to one complete value, never an error or a mix.
            do {
                let value = try ArchiveDecoder().read(CrashSample.self, from: file)
                if value == crashSampleA { sawA += 1 } else if value == crashSampleB { sawB += 1 } else {
                    Issue.record("kill \(done): decoded a value that was never written (generation \(value.generation))")
                }
            } catch {
                Issue.record("kill \(done): the file does not decode: \(error)")
                return
            }
            // A temporary left behind means the kill landed mid-write; clear it for the next round.
            let leftovers = try contents(of: directory).filter { $0 != file.lastPathComponent }
            #expect(leftovers.allSatisfy { $0.hasPrefix(".state.karchive.karchive-tmp-") }, "\(leftovers)")
            if !leftovers.isEmpty { midWrite += 1 }
            for name in leftovers { try FileManager.default.removeItem(at: directory.appendingPathComponent(name)) }
        }
        let elapsed = ContinuousClock.now - started
        print("FileTests crash test: \(done) kills in \(elapsed), \(midWrite) mid-write (temporary left), decoded A \(sawA)×, B \(sawB)×")
        #expect(done >= minimumKills, "only \(done) kills before the deadline")
        #expect(sawA > 0 && sawB > 0, "both values must have been seen on disk")
        #expect(midWrite > 0, "no kill landed during a write")
    }
}

// MARK: - Helpers

private struct Settings: Codable, Equatable {
    var name: String
    var values: [Int]
    var ratio: Double
    var tags: [String: String]
}

private let sampleSettings = Settings(name: "KeyedArchive ✓", values: Array(0..<100), ratio: 0.25,
                                      tags: ["theme": "dark", "lang": "de"])

private struct EncodeFailure: Error {}

/// Must match `CrashSample` and `sample(_:)` in Sources/ArchiveCrashWriter/main.swift.
private struct CrashSample: Codable, Equatable {
    var generation: Int
    var text: String
    var numbers: [Int]
    var flags: [Bool]
}

private let crashSampleA = CrashSample(generation: 1, text: String(repeating: "A", count: 4096),
                                       numbers: Array(0..<512), flags: [true, false])
private let crashSampleB = CrashSample(generation: 2, text: String(repeating: "B", count: 12_288),
                                       numbers: (0..<1024).map { $0 * 3 - 7 }, flags: [false, true, true])

/// A fresh empty directory under the temporary directory.
private func makeDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("KeyedArchiveFileTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

private func removeDirectory(_ url: URL) {
    try? FileManager.default.removeItem(at: url)
}

/// The names in `directory`, hidden ones included, sorted.
private func contents(of directory: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
}

/// The `ArchiveCrashWriter` executable: next to the test bundle (`swift test` on Linux runs
/// `.build/<config>/KeyedArchivePackageTests.xctest` beside the package's executables), or
/// under `.build` in the package root.
private func crashWriterExecutable() -> URL? {
    let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    var candidates = [beside.appendingPathComponent("ArchiveCrashWriter"),
                      // Darwin: inside KeyedArchivePackageTests.xctest/Contents/MacOS.
                      beside.deletingLastPathComponent().deletingLastPathComponent()
                          .deletingLastPathComponent().appendingPathComponent("ArchiveCrashWriter")]
    var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while folder.path != "/" && !folder.path.isEmpty {
        for configuration in ["debug", "release"] {
            candidates.append(folder.appendingPathComponent(".build/\(configuration)/ArchiveCrashWriter"))
        }
        folder = folder.deletingLastPathComponent()
    }
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
}
