// libFuzzer's entry points for every target, built into one binary by run.sh: each build
// compiles the whole library with the fuzzer and address sanitizers (about 110 s on two cores),
// so one build instead of one per target saves CI minutes. run.sh links each target's name
// (.build-fuzz/decoder-fuzzer, …) to the binary, and the name it was run under picks the target,
// so a finding is reproduced as before: .build-fuzz/decoder-fuzzer Tests/Fuzz/crashers/FILE.

/// The targets by the name of the link run.sh makes for each.
private let targets: [String: (UnsafePointer<UInt8>, Int) -> CInt] = [
    "decoder-fuzzer": fuzzDecoder,
    "stream-fuzzer": fuzzStream,
    "inspector-fuzzer": fuzzInspector,
    "encoder-fuzzer": fuzzEncoder,
]

/// The target chosen by `LLVMFuzzerInitialize`, before the first input.
nonisolated(unsafe) private var target: ((UnsafePointer<UInt8>, Int) -> CInt)?

@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> CInt {
    let path = argv.pointee?.pointee.map { String(cString: $0) } ?? ""
    let name = String(path.split(separator: "/").last ?? "")
    guard let chosen = targets[name] else {
        fatalError("fuzz binary run as \"\(name)\": run it through one of the links \(targets.keys.sorted())")
    }
    target = chosen
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    target!(data, size)
}
