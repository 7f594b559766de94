// A child process for the crash-safety test of `ArchiveEncoder.write(_:to:)`: it rewrites one
// file in a loop, alternating two values, until it is killed.
//
// Usage: ArchiveCrashWriter FILE
//
// Prints "ready" on standard output (once the first write has completed) and then keeps
// writing. The two values must match `crashSampleA` / `crashSampleB` in
// Tests/KeyedArchiveTests/FileTests.swift.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import KeyedArchive

struct CrashSample: Codable {
    var generation: Int
    var text: String
    var numbers: [Int]
    var flags: [Bool]
}

/// Value A: about 4 KB of text; value B: about 12 KB, so a file mixing the two has the wrong
/// length or checksum.
func sample(_ which: Int) -> CrashSample {
    which == 0
        ? CrashSample(generation: 1, text: String(repeating: "A", count: 4096),
                      numbers: Array(0..<512), flags: [true, false])
        : CrashSample(generation: 2, text: String(repeating: "B", count: 12_288),
                      numbers: (0..<1024).map { $0 * 3 - 7 }, flags: [false, true, true])
}

/// Writes `text` straight to a file descriptor (no stdio buffering: the parent reads "ready"
/// from a pipe, and the process dies by SIGKILL without flushing anything).
func say(_ text: String, to fd: Int32) {
    var text = text
    text.withUTF8 { bytes in _ = write(fd, bytes.baseAddress, bytes.count) }
}

let arguments = CommandLine.arguments
guard arguments.count == 2 else {
    say("usage: ArchiveCrashWriter FILE\n", to: 2)
    exit(2)
}
let url = URL(fileURLWithPath: arguments[1])
let values = [sample(0), sample(1)]
let encoder = ArchiveEncoder()
var index = 0
do {
    try encoder.write(values[1], to: url)
    say("ready\n", to: 1)
    while true {
        try encoder.write(values[index], to: url)
        index ^= 1
    }
} catch {
    say("ArchiveCrashWriter: \(error)\n", to: 2)
    exit(1)
}
