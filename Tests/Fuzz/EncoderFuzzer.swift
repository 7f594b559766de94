// libFuzzer entry for ArchiveEncoder: the fuzz bytes are read as an *encoding program* (the
// encoder differential suite's programs, Tests/KeyedArchiveTests/Differential), which is
// encoded with and without zlib, decoded back and compared with the program's logical value
// (the suite's reference model) and with JSONEncoder where JSON can represent it. Built by
// run.sh with `swiftc -sanitize=fuzzer,address` from the library sources, the Differential
// sources (not their @Test files) and the targets' files, in one module (FuzzEntry.swift).
//
// Every byte string is a legal program, so every input must pass: a crash, a trap, a thrown
// "internal error", or any disagreement is a finding (libFuzzer writes the input to
// Tests/Fuzz/crashers/encoder-*, which FuzzReplayTests replays through the same check).

/// This target's `LLVMFuzzerTestOneInput` (FuzzEntry.swift calls it).
public func fuzzEncoder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let program = DiffWrapped(fuzzBytes: Array(UnsafeBufferPointer(start: data, count: size)))
    if let mismatch = DiffChecker.check(program, json: true) {
        // A trap is how libFuzzer learns of a finding; the message says what disagreed.
        fatalError("encoder fuzzer: \(mismatch)")
    }
    return 0
}
