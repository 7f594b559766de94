// libFuzzer entry for ArchiveStreamReader. Built by run.sh like DecoderFuzzer.swift.
//
// Every input is a byte stream: it is written to a scratch file and read back frame by frame,
// each frame decoded as a fuzz model type, until a clean end or an error. Errors are the
// expected outcome for most inputs; a crash, a sanitizer report, a hang or unbounded memory
// is a finding.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One scratch file for the whole run, rewritten for every input.
private let scratch: Int32 = {
    let path = "/tmp/keyedarchive-stream-fuzz-\(getpid())"
    let fd = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    precondition(fd >= 0, "cannot create \(path)")
    unlink(path)   // the descriptor keeps it alive; nothing is left behind
    return fd
}()

/// This target's `LLVMFuzzerTestOneInput` (FuzzEntry.swift calls it).
public func fuzzStream(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    precondition(ftruncate(scratch, 0) == 0 && pwrite(scratch, data, size, 0) == size && lseek(scratch, 0, SEEK_SET) == 0)
    var reader = ArchiveStreamReader(fileDescriptor: scratch)
    // Frames alternate between two model types; 1,000 frames at most (each needs ≥ 5 bytes).
    for index in 0..<1_000 {
        do {
            let more: Bool
            if index % 2 == 0 {
                more = try reader.next(FuzzModel.self) != nil
            } else {
                more = try reader.next(FuzzTree.self) != nil
            }
            if !more { break }
        } catch is DecodingError {
            continue   // a bad payload: the frame was consumed, the next one can still be read
        } catch {
            break      // a framing or I/O error ends the stream
        }
    }
    return 0
}
