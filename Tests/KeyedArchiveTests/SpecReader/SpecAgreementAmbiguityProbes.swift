import Testing

/// Inputs where `Spec/FORMAT.md` is silent or open to two readings, pinned to the reading the
/// spec reader takes (and the library agrees with). Each names the question it settles.
@Suite("Spec agreement: probes of ambiguous wording")
struct SpecAgreementAmbiguityProbes {
    /// One case: the bytes, the verdict both readers must give, and the question.
    struct Probe: CustomTestStringConvertible, Sendable {
        let name: String
        let bytes: [UInt8]
        let expected: SpecVerdict
        var limits = SpecLimits()
        var testDescription: String { name }
    }

    static let probes: [Probe] = [
        // §11 step 4: a 1-byte zlib stream whose CMF names no deflate (CM 0). Is "the stream is
        // not zlib" known after the first byte, or does "the input ends before the stream does"
        // come first because a zlib header is 2 bytes? zlib reads both header bytes first.
        Probe(name: "zlib header cut after a bad CMF byte", bytes: [0x4B, 0x41, 0x52, 0x43, 0x01, 0x01, 0x00, 0x00],
              expected: .rejected(kind: "truncated", offset: 8)),
        // §11 step 4 with L = 0 and inflated-size 0: the bound passes (0 ≤ 0), then no stream at all.
        Probe(name: "compressed, size 0, no stream", bytes: [0x4B, 0x41, 0x52, 0x43, 0x01, 0x01, 0x00],
              expected: .rejected(kind: "truncated", offset: 7)),
        // §11 step 1: compressed flag with nothing after the header: the varint is cut off.
        Probe(name: "compressed, no inflated-size", bytes: [0x4B, 0x41, 0x52, 0x43, 0x01, 0x01],
              expected: .rejected(kind: "truncated", offset: 6)),
        // §4: a 10th byte with its continuation bit set is wrong when it is read, before the
        // missing 11th byte: malformed at the varint, not truncated at the end.
        Probe(name: "10th varint byte 80 at the end of the input",
              bytes: [0x4B, 0x41, 0x52, 0x43, 0x01, 0x00, 0x07] + [UInt8](repeating: 0xFF, count: 9) + [0x80],
              expected: .rejected(kind: "malformed", offset: 7)),
        // §12.4 step 5 / §9.2: unkeyed elements are checked, not skipped first, so a too-deep
        // container element is limitExceeded at its tag before its own bad length is seen.
        Probe(name: "too-deep unkeyed element with a length past its container",
              bytes: [0x4B, 0x41, 0x52, 0x43, 0x01, 0x00, 0x0D, 0x03, 0x01, 0x0D, 0x7F, 0x00],
              expected: .rejected(kind: "limitExceeded", offset: 9), limits: { var l = SpecLimits(); l.maximumDepth = 1; return l }()),
        // §3 + §11.1: a checksummed header-only archive of exactly 10 bytes, then no root value.
        Probe(name: "checksummed, no root value",
              bytes: [0x4B, 0x41, 0x52, 0x43, 0x01, 0x02] + SpecArchiveWrapping.crcTrailer([0x4B, 0x41, 0x52, 0x43, 0x01, 0x02]),
              expected: .rejected(kind: "truncated", offset: 6)),
        // §8.3: "-0" is not the canonical spelling of 0, so it is a string key distinct from 0.
        Probe(name: "\"-0\" and the integer key 0 are different keys",
              bytes: [0x4B, 0x41, 0x52, 0x43, 0x01, 0x00, 0x0C, 0x04, 0x00, 0x80, 0x01, 0x81, 0x01, 0x02, 0x2D, 0x30],
              expected: .accepted),
        // §8.3: 2^62 is outside the integer-key range, so its decimal string is a plain string key.
        Probe(name: "\"4611686018427387904\" is not an integer key",
              bytes: [0x4B, 0x41, 0x52, 0x43, 0x01, 0x00, 0x0C, 0x02, 0x01, 0x80, 0x01, 0x13] + Array("4611686018427387904".utf8),
              expected: .accepted),
    ]

    @Test("Both readers give the verdict the spec text supports", arguments: probes)
    func probe(_ probe: Probe) {
        #expect(SpecReader(probe.bytes, limits: probe.limits).verdict() == probe.expected, "spec reader")
        #expect(SpecAgreementOracle.libraryVerdict(probe.bytes, limits: probe.limits) == probe.expected, "karchive validate")
    }

    /// The header of an archive with references (flag bit 2, §9.5).
    static let withReferences: [UInt8] = [0x4B, 0x41, 0x52, 0x43, 0x01, 0x04]

    /// Questions about shared objects and references (§9.5). The library's walk takes part once
    /// it reads references (`AgreementSeeds.referenceSeedsEnabled`).
    static let referenceProbes: [Probe] = [
        // §9.5: a 13 may mark another 13, and each is a value a reference may name. Values:
        // 0 the array, 1 and 2 the 13s, 3 the fixint, 4 the reference to the inner 13.
        Probe(name: "a reference to a shared object marked by another one",
              bytes: withReferences + [0x0D, 0x06, 0x02, 0x13, 0x13, 0x80, 0x12, 0x02, 0x00],
              expected: .accepted),
        // §9.5 check 3 is about the target only: the 13 at value 3 marks a reference (to value
        // 1, complete), and has ended when value 5 names it.
        Probe(name: "a reference to a shared object whose marked value is a reference",
              bytes: withReferences + [0x0D, 0x08, 0x03, 0x13, 0x80, 0x13, 0x12, 0x01, 0x12, 0x03, 0x00],
              expected: .accepted),
        // §9.5 check 3: "contains the reference" is any enclosing 13, not only the innermost: the
        // reference (value 3) is inside the 13 at value 2 and, further out, the root 13 it names.
        Probe(name: "a loop through an outer shared object",
              bytes: withReferences + [0x13, 0x0D, 0x04, 0x01, 0x13, 0x12, 0x00, 0x00],
              expected: .rejected(kind: "malformed", offset: 11)),
        // §9.5 check 1 with n = i: a reference to itself does not precede itself.
        Probe(name: "a root reference to value 0, itself",
              bytes: withReferences + [0x12, 0x00, 0x00],
              expected: .rejected(kind: "malformed", offset: 6)),
        // §5.1 before §9.5: the varint's own checks come first, at the varint's offset, not the tag.
        Probe(name: "a reference whose varint is overlong",
              bytes: withReferences + [0x12, 0x80, 0x00, 0x00],
              expected: .rejected(kind: "malformed", offset: 7)),
        // §9.5: a 13 adds no depth. With maximumDepth 1 the array's element, marked or not, is
        // at depth 2: the container it marks is too deep at its own tag, not at the 13.
        Probe(name: "a shared object adds no depth",
              bytes: withReferences + [0x0D, 0x03, 0x01, 0x13, 0x11, 0x00],
              expected: .rejected(kind: "limitExceeded", offset: 10), limits: { var l = SpecLimits(); l.maximumDepth = 1; return l }()),
        Probe(name: "a shared root container is at depth 1",
              bytes: withReferences + [0x13, 0x11, 0x00],
              expected: .accepted, limits: { var l = SpecLimits(); l.maximumDepth = 1; return l }()),
        // §3, §9.5: writers set bit 2 only for bodies with 12 or 13, but nothing makes a reader
        // reject the flag on a body without them.
        Probe(name: "flag bit 2 on a body without shared objects",
              bytes: withReferences + [0x80, 0x00],
              expected: .accepted),
    ]

    @Test("Shared objects and references: the spec reader gives the verdict the spec text supports", arguments: referenceProbes)
    func referenceProbe(_ probe: Probe) {
        #expect(SpecReader(probe.bytes, limits: probe.limits).verdict() == probe.expected, "spec reader")
        if AgreementSeeds.referenceSeedsEnabled {
            #expect(SpecAgreementOracle.libraryVerdict(probe.bytes, limits: probe.limits) == probe.expected, "karchive validate")
        }
    }
}
