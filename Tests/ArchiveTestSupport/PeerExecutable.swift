import Foundation

/// The `ArchiveStreamPeer` executable, for tests that exchange archives with another process:
/// next to the test runner, else in `.build/debug` above this file.
public func peerExecutable() -> URL? {
    let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("ArchiveStreamPeer")
    if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
    var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while directory.path != "/" {
        let candidate = directory.appendingPathComponent(".build/debug/ArchiveStreamPeer")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        directory = directory.deletingLastPathComponent()
    }
    return nil
}
