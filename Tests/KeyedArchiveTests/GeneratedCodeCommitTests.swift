import ArchiveTestSupport
import Foundation
@testable import KeyedArchive
import KeyedArchiveSamples
import Testing

/// The commit and app-state twins with `@ArchiveCodable`'s code, which `karchive bench` times as
/// "Archive, generated": they must write exactly what the sample models write through `Codable`,
/// and each must read the other's archives, or the bench would compare different work.
@Suite struct GeneratedCodeCommitTests {
    @Test(arguments: [EncoderOption.plain, .deterministic, .zlibCRC32])
    func theTwinsWriteTheCommitsBytes(_ option: EncoderOption) throws {
        let encoder = option.encoder
        let commits = Commit.sample(count: 200)
        let twins = commits.map(GeneratedCodeCommit.init)
        #expect(try encoder.encode(twins) == encoder.encode(commits))
        let intKeyed = IntKeyedCommit.sample(count: 200)
        let intTwins = intKeyed.map(GeneratedCodeIntKeyedCommit.init)
        #expect(try encoder.encode(intTwins) == encoder.encode(intKeyed))
        // And the generated code is what wrote them: switched off, the same bytes again.
        var codable = encoder
        codable.usesGeneratedCode = false
        #expect(try codable.encode(twins) == encoder.encode(twins))
    }

    @Test(arguments: [EncoderOption.plain, .deterministic, .zlibCRC32])
    func theAppStateTwinWritesTheAppStatesBytes(_ option: EncoderOption) throws {
        let encoder = option.encoder
        let state = AppState.sample(documents: 60)
        let twin = GeneratedCodeAppState(state)
        #expect(try encoder.encode(twin) == encoder.encode(state))
        var codable = encoder
        codable.usesGeneratedCode = false
        #expect(try codable.encode(twin) == encoder.encode(twin))
        // Each reads the other's archive.
        #expect(try ArchiveDecoder().decode(GeneratedCodeAppState.self, from: encoder.encode(state)) == twin)
        #expect(try ArchiveDecoder().decode(AppState.self, from: encoder.encode(twin)) == state)
    }

    @Test func eachReadsTheOthersArchives() throws {
        let commits = Commit.sample(count: 50)
        let twins = try ArchiveDecoder().decode([GeneratedCodeCommit].self, from: ArchiveEncoder().encode(commits))
        #expect(twins == commits.map(GeneratedCodeCommit.init))
        #expect(try ArchiveDecoder().decode([Commit].self, from: ArchiveEncoder().encode(twins)) == commits)
        let intKeyed = IntKeyedCommit.sample(count: 50)
        let intTwins = try ArchiveDecoder().decode([GeneratedCodeIntKeyedCommit].self, from: ArchiveEncoder().encode(intKeyed))
        #expect(intTwins == intKeyed.map(GeneratedCodeIntKeyedCommit.init))
    }

    @Test func theBenchCoderChecksTheTwin() throws {
        let commits = Commit.sample(count: 10)
        let (coder, decodesTwin) = generatedCodeCoder(for: commits, twin: commits.map(GeneratedCodeCommit.init))
        let bytes = try coder.encode(commits)
        #expect(bytes == (try ArchiveEncoder().encode(commits)))
        #expect(try decodesTwin(bytes))
        #expect(try coder.decode(bytes) == commits)
        // Another model's archive is not the twin.
        #expect(try !decodesTwin(ArchiveEncoder().encode(Array(commits.dropFirst()).map(GeneratedCodeCommit.init))))
    }
}
