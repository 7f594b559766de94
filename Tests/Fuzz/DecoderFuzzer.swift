// libFuzzer entry for ArchiveDecoder. Built by run.sh with `swiftc -sanitize=fuzzer,address`
// together with the library sources, Tests/KeyedArchiveTests/Support/FuzzModels.swift and the
// other targets, in one module and one binary (FuzzEntry.swift picks the target).
//
// Every input is decoded as each fuzz target type with default limits. Thrown errors are the
// expected outcome for most inputs and are ignored; a crash, a sanitizer report, a timeout or
// running out of memory is a finding (libFuzzer writes the input to Tests/Fuzz/crashers/). So
// is an input on which the generated-code path and init(from:) disagree (`FuzzDirect`), and one
// that a type keeping unknown fields does not write back and read again alike (`FuzzUnknown`).
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

private let decoder = ArchiveDecoder()

/// This target's `LLVMFuzzerTestOneInput` (FuzzEntry.swift calls it).
public func fuzzDecoder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let asData = Data(bytes)
    // Both public entry points: [UInt8] and Data.
    _ = try? decoder.decode(FuzzModel.self, from: bytes)
    _ = try? decoder.decode(FuzzNested.self, from: asData)
    _ = try? decoder.decode(FuzzBlobs.self, from: bytes)
    _ = try? decoder.decode(FuzzTree.self, from: asData)
    // Shared objects and references (flag bit 2): resolved into class instances.
    _ = try? decoder.decode(FuzzGraph.self, from: bytes)
    // Generated code and init(from:) must agree on every input, valid or not.
    if let disagreement = FuzzDirect.disagreement(bytes) { fatalError("FuzzDirect: \(disagreement)") }
    // Whatever a type with unknown fields decodes, it writes back and reads again alike.
    if let failure = FuzzUnknown.roundTripFailure(bytes) { fatalError("FuzzUnknown: \(failure)") }
    return 0
}
