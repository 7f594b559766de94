// The wire layer's verdicts on every golden vector and fuzz seed (`run.sh` writes them into
// `Vectors.swift`): compiled with `Sources/KeyedArchive/Wire/` for 32-bit WebAssembly (Embedded
// Swift, run under `wasmkit`) and for this machine, and both outputs compared. One line per
// input: its name, then `accepted` or the error's kind and offset. Compressed and checksummed
// archives are opened too: on wasm32 by the package's own `Inflater` and `CRC32` (there is no
// zlib there), on this machine by zlib, so the comparison checks the one against the other.

/// Prints one line per input; first `Int`'s width and what inflates, the one line in which
/// the two runs differ.
func validateEveryVector() {
    #if canImport(CZlib)
    let inflater = "zlib"
    #else
    let inflater = "Inflater"
    #endif
    print("Int is \(MemoryLayout<Int>.size * 8) bits, inflating with \(inflater)")
    for vector in vectors {
        let bytes = bytes(ofHex: vector.hex)
        var limits = FormatLimits()
        if vector.maximumDepth >= 0 { limits.maximumDepth = vector.maximumDepth }
        if vector.maximumCollectionCount >= 0 { limits.maximumCollectionCount = vector.maximumCollectionCount }
        if vector.maximumInflatedSize >= 0 { limits.maximumInflatedSize = vector.maximumInflatedSize }
        print("\(vector.name) \(verdict(bytes, limits: limits))")
        damage(bytes, named: vector.name, limits: limits)
    }
}

/// The input cut at every length and with 16 of its bytes changed (the same changes on every
/// platform: `SeededBytes` below), each verdict on a line: 32-bit arithmetic meets every offset
/// an archive can end at, and the inflater meets broken zlib streams, not only whole ones.
func damage(_ bytes: [UInt8], named name: StaticString, limits: FormatLimits) {
    guard bytes.count <= maximumDamagedSize else { return }
    for length in 0..<bytes.count {
        print("\(name) cut to \(length): \(verdict(Array(bytes[0..<length]), limits: limits))")
    }
    guard bytes.count > 6 else { return }
    var random = SeededBytes(seed: UInt64(bytes.count))
    for change in 0..<16 {
        var changed = bytes
        let offset = 6 + Int(random.next() % UInt64(bytes.count - 6))
        changed[offset] = UInt8(truncatingIfNeeded: random.next())
        print("\(name) change \(change) at \(offset): \(verdict(changed, limits: limits))")
    }
}

/// Inputs longer than this are checked whole only, a bound on the output for seeds to come
/// (today's largest input, a fuzz seed, is 798 bytes).
let maximumDamagedSize = 4096

/// A small seeded generator (Knuth's MMIX linear congruential one, its high bits): the same
/// numbers on every platform, which is all the damage needs.
struct SeededBytes {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state >> 33
    }
}

/// `accepted`, or `KIND at OFFSET`.
func verdict(_ bytes: [UInt8], limits: FormatLimits) -> String {
    bytes.withUnsafeBytes { buffer -> String in
        do throws(ArchiveFormatError) {
            try FormatValidator.validate(buffer, limits: limits)
            return "accepted"
        } catch {
            return "\(error.kind.description) at \(error.offset ?? -1)"
        }
    }
}

/// The bytes a string of hex digit pairs spells.
func bytes(ofHex hex: StaticString) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(hex.utf8CodeUnitCount / 2)
    var high: UInt8? = nil
    hex.withUTF8Buffer { digits in
        for digit in digits {
            let value = digit <= UInt8(ascii: "9") ? digit - UInt8(ascii: "0") : digit - UInt8(ascii: "a") + 10
            if let first = high {
                bytes.append(first << 4 | value)
                high = nil
            } else {
                high = value
            }
        }
    }
    return bytes
}

/// One input: a vector's file name or a seed's, its bytes in lowercase hex, and the limits its
/// `# limits:` line sets (−1 for the default).
struct Vector {
    let name: StaticString
    let hex: StaticString
    let maximumDepth: Int
    let maximumCollectionCount: Int
    let maximumInflatedSize: Int
}

#if hasFeature(Embedded)
/// The module's entry, a WASI command's, which `wasmkit run harness.wasm` calls.
@_cdecl("_start")
func run() {
    validateEveryVector()
}
#else
@main
struct NativeHarness {
    static func main() {
        validateEveryVector()
    }
}
#endif
