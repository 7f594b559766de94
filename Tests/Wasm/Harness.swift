// The wire layer's verdicts on every golden vector and fuzz seed (`run.sh` writes them into
// `Vectors.swift`): compiled with `Sources/KeyedArchive/Wire/` for 32-bit WebAssembly (Embedded
// Swift, run under `wasmkit`) and for this machine, and both outputs compared. One line per
// input: its name, then `accepted`, the error's kind and offset, or `not opened here` for a
// compressed or checksummed archive (opening one needs zlib, which these builds leave out).

/// Prints one line per input; `Int`'s width first, so that the two runs differ in it alone.
func validateEveryVector() {
    print("Int is \(MemoryLayout<Int>.size * 8) bits")
    for vector in vectors {
        let bytes = bytes(ofHex: vector.hex)
        var limits = FormatLimits()
        if vector.maximumDepth >= 0 { limits.maximumDepth = vector.maximumDepth }
        if vector.maximumCollectionCount >= 0 { limits.maximumCollectionCount = vector.maximumCollectionCount }
        print("\(vector.name) \(verdict(bytes, limits: limits))")
    }
}

/// `accepted`, `KIND at OFFSET`, or `not opened here`.
func verdict(_ bytes: [UInt8], limits: FormatLimits) -> String {
    if bytes.count > 5, bytes[5] & (ArchiveHeader.Flag.zlib | ArchiveHeader.Flag.crc32) != 0,
       bytes[5] & ~ArchiveHeader.Flag.known == 0, bytes.starts(with: ArchiveHeader.magic) {
        return "not opened here"
    }
    return bytes.withUnsafeBytes { buffer -> String in
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
