import Foundation
import KarchiveCommands
import KeyedArchive
import Testing

/// What one in-process run of `karchive` produced.
struct KarchiveRun {
    let status: Int32
    let output: [UInt8]
    let errors: String

    var text: String { String(decoding: output, as: UTF8.self) }
    var lines: [String] { text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }
}

/// Runs `karchive` with `arguments` in-process, with `input` as its standard input.
func karchive(_ arguments: String..., input: [UInt8] = []) -> KarchiveRun {
    karchive(arguments, input: input)
}

func karchive(_ arguments: [String], input: [UInt8] = []) -> KarchiveRun {
    let io = CommandIO.capturing(standardInput: input)
    let status = Karchive.run(parsedCommandLine(arguments), io: io)
    return KarchiveRun(status: status, output: io.output, errors: io.errors)
}

/// Each command line the tests run, parsed once: the tests run a few dozen command lines over
/// tens of thousands of inputs, and a debug build of ArgumentParser spends most of a short run
/// checking its command tree (half a minute of `swift test`, before this cache).
///
/// Behind an `NSLock` rather than a `Mutex`: ThreadSanitizer sees a pthread mutex's ordering,
/// and did not see `Synchronization.Mutex`'s (precompiled, futex-based) — it reported the
/// cache's two locked accesses from two test threads as a race (CI at 15b8b74).
private final class ParsedCommandLines: @unchecked Sendable {
    private let lock = NSLock()
    private var parsed: [[String]: ParsedCommandLine] = [:]

    func parsedCommandLine(_ arguments: [String]) -> ParsedCommandLine {
        if let known = lock.withLock({ parsed[arguments] }) { return known }
        let new = Karchive.parse(arguments)
        lock.withLock { parsed[arguments] = new }
        return new
    }
}

private let parsedCommandLines = ParsedCommandLines()

private func parsedCommandLine(_ arguments: [String]) -> ParsedCommandLine {
    parsedCommandLines.parsedCommandLine(arguments)
}

/// The archive bytes of `value`.
func archiveBytes<T: Encodable>(_ value: T, compression: ArchiveCompression = .none, checksum: ArchiveChecksum = .none) throws -> [UInt8] {
    var encoder = ArchiveEncoder()
    encoder.compression = compression
    encoder.checksum = checksum
    return [UInt8](try encoder.encode(value))
}

/// The spelling of a vector's error kind (`# error: notAnArchive`) in `ArchiveFormatError`'s
/// descriptions, which `karchive` prints.
let formatErrorKinds: [String: ArchiveFormatError.Kind] = [
    "truncated": .truncated, "malformed": .malformed, "notAnArchive": .notAnArchive,
    "unsupportedVersion": .unsupportedVersion, "unsupportedFlags": .unsupportedFlags,
    "invalidUTF8": .invalidUTF8, "limitExceeded": .limitExceeded, "compression": .compression,
    "checksumMismatch": .checksumMismatch,
]

/// A temporary directory for one test, removed when `body` returns.
func withTemporaryDirectory<R>(_ body: (URL) throws -> R) throws -> R {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("karchive-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    return try body(directory)
}
