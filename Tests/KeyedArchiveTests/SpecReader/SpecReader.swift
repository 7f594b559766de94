/// A *validating reader* (§12.2) written from `Spec/FORMAT.md` alone: it shares no code with the
/// library. It makes the checks of §12.4 in their normative order and reports the first failure
/// with the kind names of §12.3, so its verdict can be compared with any other validating reader.
///
/// Steps 1–3 (header, checksum, compression) are here; steps 4–5 (body and values) are in
/// `SpecBodyReader`, which reads the archive or, for a compressed one, the equivalent inflated
/// archive (§11: offsets in a compressed body are in the 6-byte header + inflated body).
struct SpecReader {
    /// The magic of §3, "KARC".
    static let magic: [UInt8] = [0x4B, 0x41, 0x52, 0x43]

    let input: [UInt8]
    let limits: SpecLimits

    init(_ input: [UInt8], limits: SpecLimits = SpecLimits()) {
        self.input = input
        self.limits = limits
    }

    /// The whole of §12.4: accepted, or the first error.
    func verdict() -> SpecVerdict {
        do {
            var body = try open()
            try body.checkValues()
            return .accepted
        } catch {
            return error.verdict
        }
    }

    /// Steps 1–4 of §12.4 only: what a lazy reader checks when it opens an archive (§12.2).
    func openingVerdict() -> SpecVerdict {
        do {
            _ = try open()
            return .accepted
        } catch {
            return error.verdict
        }
    }

    /// Steps 1–4: header, checksum, compression, body; returns the reader of the values.
    func open(observing: Bool = false) throws(SpecFailure) -> SpecBodyReader {
        let flags = try checkHeader()
        var end = input.count
        if flags & 0x02 != 0 { end = try checkChecksum() }
        let archive: [UInt8]
        if flags & 0x01 != 0 {
            archive = try inflatedArchive(end: end)
        } else {
            archive = Array(input[..<end])
        }
        var body = SpecBodyReader(archive, limits: limits, observing: observing)
        try body.checkBody()
        return body
    }

    /// §3: the header byte by byte, in the order of its numbered list; returns the flags byte.
    func checkHeader() throws(SpecFailure) -> UInt8 {
        // §3.1: empty input.
        if input.isEmpty { throw .truncated(0) }
        // §3.2: shorter than the magic: notAnArchive if it already differs, else truncated.
        if input.count < 4 {
            if !input.elementsEqual(Self.magic.prefix(input.count)) { throw .notAnArchive(0) }
            throw .truncated(input.count)
        }
        // §3.3
        if !input.prefix(4).elementsEqual(Self.magic) { throw .notAnArchive(0) }
        // §3.4, §3.5: the version, whether or not a flags byte follows.
        guard input.count > 4 else { throw .truncated(4) }
        guard input[4] == 0x01 else { throw .unsupportedVersion(4) }
        // §3.6, §3.7: only bits 0 (zlib), 1 (CRC-32) and 2 (references) are defined.
        guard input.count > 5 else { throw .truncated(5) }
        guard input[5] & ~0x07 == 0 else { throw .unsupportedFlags(5) }
        return input[5]
    }

    /// §11.1 (§12.4 step 2): at least 10 bytes, then the CRC-32 of everything before the 4-byte
    /// little-endian trailer. Returns the end of the input without the trailer.
    func checkChecksum() throws(SpecFailure) -> Int {
        guard input.count >= 10 else { throw .truncated(input.count) }
        let trailer = input.count - 4
        var stored: UInt32 = 0
        for (i, byte) in input[trailer...].enumerated() { stored |= UInt32(byte) << (8 * i) }
        guard specCRC32(input[..<trailer]) == stored else { throw .checksumMismatch(trailer) }
        return trailer
    }

    /// §11 (§12.4 step 3), in its numbered order: the inflated-size varint, its limit, the exact
    /// 1032:1 bound, then the stream. Returns the equivalent uncompressed archive: the header
    /// followed by the inflated body.
    func inflatedArchive(end: Int) throws(SpecFailure) -> [UInt8] {
        // §11.1: the varint (§4, at most 64 bits) before the end of the input (or the trailer).
        let (size, streamStart) = try SpecVarint.read(input, at: 6, limit: end, maximumBits: 64)
        // §11.2: the decoder limit, before anything is allocated.
        // §12.1: the limit is at most what the platform addresses, `Int.max` − 6.
        guard size <= UInt128(min(limits.maximumInflatedSize, Int.max - 6)) else { throw .limitExceeded(6) }
        // §11.3: deflate expands at most 1032:1; L is the stream's length, the comparison exact.
        let streamLength = end - streamStart
        guard size <= 1032 * UInt128(streamLength) else { throw .compression(6) }
        // §11.4: the stream in order.
        let body = try specInflate(input, streamStart: streamStart, inputEnd: end, declared: Int(size))
        return Array(input[..<6]) + body
    }
}

extension Error {
    /// The verdict for an error thrown by the spec reader (which throws only `SpecFailure`s).
    var verdict: SpecVerdict {
        guard let failure = self as? SpecFailure else { fatalError("the spec reader threw \(self)") }
        return failure.verdict
    }
}

extension SpecReader {
    /// What a validating reader learns about an accepted archive for judging a lazy reader, or
    /// nil when the archive is rejected.
    func observations() -> SpecObservations? {
        guard var body = try? open(observing: true), (try? body.checkValues()) != nil else { return nil }
        return body.observations
    }
}
