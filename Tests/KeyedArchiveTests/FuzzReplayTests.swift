import Foundation
import Testing
import KeyedArchive

// Replays the fuzzer's inputs: every seed in Tests/Fuzz/corpus and every crashing input ever
// found in Tests/Fuzz/crashers (see Tests/Fuzz/run.sh). Each is decoded as each fuzz target
// type, from Data and from [UInt8]; it must decode or throw a DecodingError, nothing else
// (and, above all, not crash, which would take the test process down).

// The fuzz target types are in Support/FuzzModels.swift, shared with the fuzzers.

// MARK: - Helpers

/// The files in `Tests/Fuzz/<folder>`, sorted, without README files; [] if the folder is missing.
private func fuzzInputs(in folder: String) -> [URL] {
    let directory = TestSupport.repositoryRoot.appendingPathComponent("Tests/Fuzz/\(folder)")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { !$0.hasPrefix("README") && !$0.hasPrefix(".") }.sorted()
        .map { directory.appendingPathComponent($0) }
}

/// What decoding `bytes` as `type` did: nil if it decoded or threw a DecodingError, otherwise
/// a description of the unexpected error.
private func unexpectedOutcome<T: Decodable>(_ type: T.Type, _ bytes: [UInt8]) -> String? {
    let decoder = ArchiveDecoder()
    for fromData in [false, true] {
        do {
            _ = fromData ? try decoder.decode(type, from: Data(bytes)) : try decoder.decode(type, from: bytes)
        } catch is DecodingError {
        } catch {
            return "\(T.self) from \(fromData ? "Data" : "[UInt8]") threw \(Swift.type(of: error)): \(error)"
        }
    }
    return nil
}

/// Decodes `bytes` as every fuzz target type; the unexpected outcomes.
private func replay(_ bytes: [UInt8]) -> [String] {
    [
        unexpectedOutcome(FuzzModel.self, bytes),
        unexpectedOutcome(FuzzNested.self, bytes),
        unexpectedOutcome(FuzzBlobs.self, bytes),
        unexpectedOutcome(FuzzTree.self, bytes),
        unexpectedOutcome(FuzzDirect.self, bytes),
        FuzzDirect.disagreement(bytes),
        FuzzUnknown.roundTripFailure(bytes),
    ].compactMap { $0 }
}

/// Reads `bytes` as a stream of frames (as Tests/Fuzz/StreamFuzzer.swift does): the frames
/// read and the unexpected outcome, if any. Every stream must end cleanly, with an
/// `ArchiveStreamError`, or frame by frame with `DecodingError`s.
private func replayStream(_ bytes: [UInt8]) throws -> (frames: Int, problem: String?) {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-replay-\(UUID().uuidString)").path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    var reader = try ArchiveStreamReader(readingFileAtPath: path)
    defer { try? reader.close() }
    var frames = 0
    for index in 0..<1_000 {
        do {
            let more = index % 2 == 0 ? try reader.next(FuzzModel.self) != nil : try reader.next(FuzzTree.self) != nil
            if !more { return (frames, nil) }
            frames += 1
        } catch is DecodingError {
            frames += 1
        } catch is ArchiveStreamError {
            return (frames, nil)
        } catch {
            return (frames, "threw \(type(of: error)): \(error)")
        }
    }
    return (frames, nil)
}

// MARK: - Tests

@Suite struct FuzzReplayTests {
    @Test func seedCorpusReplays() throws {
        let files = fuzzInputs(in: "corpus")
        #expect(files.count >= 20, "seed corpus Tests/Fuzz/corpus is missing or nearly empty")
        for file in files {
            let bytes = try [UInt8](Data(contentsOf: file))
            let problems = replay(bytes)
            #expect(problems.isEmpty, "\(file.lastPathComponent): \(problems)")
        }
    }

    @Test func everyCrasherReplays() throws {
        // Passes with no crashers; each one ever found stays here as a regression input.
        for file in fuzzInputs(in: "crashers") {
            let bytes = try [UInt8](Data(contentsOf: file))
            let problems = replay(bytes)
            #expect(problems.isEmpty, "\(file.lastPathComponent) (\(TestSupport.hex(Data(bytes)))): \(problems)")
        }
    }

    @Test func everyInputReplaysThroughTheStreamReader() throws {
        var framedSeeds = 0
        for file in fuzzInputs(in: "corpus") + fuzzInputs(in: "crashers") {
            let (frames, problem) = try replayStream([UInt8](Data(contentsOf: file)))
            #expect(problem == nil, "\(file.lastPathComponent): \(problem ?? "")")
            if file.lastPathComponent.hasPrefix("stream-") && frames >= 2 { framedSeeds += 1 }
        }
        // The framed seeds read as streams of several frames, so the fuzzer starts from valid streams.
        #expect(framedSeeds >= 3)
    }

    /// Every input through every `karchive` command that reads archives (the walk that
    /// Tests/Fuzz/InspectorFuzzer.swift fuzzes): exit 0, or exit 1 with one line of error.
    @Test func everyInputReplaysThroughKarchive() throws {
        var valid = 0
        for file in fuzzInputs(in: "corpus") + fuzzInputs(in: "crashers") {
            let bytes = try [UInt8](Data(contentsOf: file))
            for command in [["validate"], ["inspect"], ["inspect", "--hex"], ["stats"], ["to-json"]] {
                let run = karchive(command, input: bytes)
                #expect(run.status == 0 || (run.status == 1 && run.errors.hasPrefix("error: ") && run.errors.split(separator: "\n").count == 1),
                        "\(file.lastPathComponent) \(command): \(run.status) \(run.errors)")
                if command == ["validate"] && run.status == 0 { valid += 1 }
            }
        }
        // The encoded seeds and the valid golden vectors among the seeds are valid archives.
        #expect(valid >= 20)
    }

    /// The encoder fuzzer's inputs (Tests/Fuzz/EncoderFuzzer.swift): every seed of its corpus
    /// and every finding it ever saved (crashers/encoder-*) is read as an encoding program and
    /// must pass the fuzzer's own check — encoded with and without zlib, decoded back, equal to
    /// the reference model and to JSONEncoder.
    @Test func encoderCorpusAndFindingsReplay() throws {
        let seeds = fuzzInputs(in: "corpus-encoder")
        #expect(seeds.count >= 50, "encoder seed corpus Tests/Fuzz/corpus-encoder is missing or nearly empty")
        let findings = fuzzInputs(in: "crashers").filter { $0.lastPathComponent.hasPrefix("encoder-") }
        for file in seeds + findings {
            let program = DiffWrapped(fuzzBytes: try [UInt8](Data(contentsOf: file)))
            let mismatch = DiffChecker.check(program, json: true)
            #expect(mismatch == nil, "\(file.lastPathComponent): \(mismatch ?? "")")
        }
    }

    /// The encoded seeds were written from the fuzz target types (Tests/Fuzz/SeedGenerator.swift):
    /// they decode as those types here, which also checks that this file's copy of the types
    /// matches Tests/Fuzz/FuzzModels.swift.
    @Test func encodedSeedsDecode() throws {
        let files = fuzzInputs(in: "corpus").filter { $0.lastPathComponent.hasPrefix("encoded-") }
        #expect(files.count >= 4)
        for file in files {
            let bytes = try [UInt8](Data(contentsOf: file))
            let name = file.lastPathComponent
            let decoder = ArchiveDecoder()
            #expect(throws: Never.self, "\(name)") {
                if name.hasPrefix("encoded-model-") { _ = try decoder.decode(FuzzModel.self, from: bytes) }
                else if name.hasPrefix("encoded-nested-") { _ = try decoder.decode(FuzzNested.self, from: bytes) }
                else if name.hasPrefix("encoded-blobs-") { _ = try decoder.decode(FuzzBlobs.self, from: bytes) }
                else if name.hasPrefix("encoded-tree-") { _ = try decoder.decode(FuzzTree.self, from: bytes) }
                else if name.hasPrefix("encoded-direct-") {
                    #expect(try decoder.decode(FuzzDirect.self, from: bytes) == FuzzSamples.direct, "\(name)")
                }
                else if name.hasPrefix("encoded-graph-") {
                    let graph = try decoder.decode(FuzzGraph.self, from: bytes)
                    #expect(graph[0].children[0] === graph[2] && graph[0].alias === graph[3].alias, "\(name)")
                }
                else { Issue.record("unknown encoded seed \(name)") }
            }
        }
    }
}
