/// An archive made ready to read: header checked, checksum verified, compressed body inflated.
///
/// `bytes` is always a *plain* archive — the 6-byte header (with flags 0) followed by the body —
/// so that offsets inside the body mean the same whether or not the archive was compressed
/// (`Spec/FORMAT.md` §11: offsets of errors in a compressed archive's body are offsets in the
/// inflated archive).
struct OpenedArchive: ~Copyable {
    /// The header's flags, as found in the input.
    let flags: UInt8
    /// The plain archive: the input itself (without its checksum trailer), or the inflated body
    /// behind a copy of the header.
    let bytes: UnsafeRawBufferPointer
    /// Memory allocated for an inflated body, which `bytes` points into: freed with the
    /// opened archive unless a reader takes it (`takeOwnedBytes()`).
    private var owned: OwnedBytes?
    /// Where the inflated-size varint and the zlib stream lie in the input, when compressed.
    let compressedLayout: (inflatedSize: Range<Int>, stream: Range<Int>)?

    /// Opens `input`. Nothing is allocated unless the archive is compressed, and then only after
    /// the declared size passed `maximumInflatedSize` and deflate's 1032:1 bound.
    /// `verifiesChecksum` false (a partial read that was asked to) drops a CRC-32 trailer
    /// without computing it: the reader then trusts bytes the checksum would have caught.
    init(_ input: UnsafeRawBufferPointer, maximumInflatedSize: Int, verifiesChecksum: Bool = true) throws(ArchiveFormatError) {
        // Every stored property is set at once, at the end of each path (a noncopyable value
        // cannot be left partly initialized by a throw).
        let flags = try ArchiveHeader.parse(ByteReader(input))
        // A checksum is verified before anything else is read: corrupted bytes must not reach
        // the parser, and the trailer is not part of the body.
        let checked = flags & ArchiveHeader.Flag.crc32 == 0 ? input : try Self.verifiedChecksum(input, computing: verifiesChecksum)
        guard flags & ArchiveHeader.Flag.zlib != 0 else {
            self.init(flags: flags, bytes: checked, owned: nil, compressedLayout: nil)
            return
        }
        let reader = ByteReader(checked)
        var p = ArchiveHeader.size
        let sizeStart = p
        let inflatedSize = try reader.varint(at: &p, limit: reader.count)
        // A negative limit is none: as 0 (`UInt64(_:)` would trap).
        guard inflatedSize <= UInt64(max(maximumInflatedSize, 0)) else {
            throw ArchiveFormatError(.limitExceeded, at: sizeStart, "inflated size \(inflatedSize) exceeds the limit of \(maximumInflatedSize) bytes")
        }
        // The plain archive, header and body, must be addressable: where `Int` is 32 bits a
        // limit above `Int.max` − 6 acts as that (§12.1), in the same place, with the same kind.
        guard inflatedSize <= UInt64(Self.largestInflatedSize) else {
            throw ArchiveFormatError(.limitExceeded, at: sizeStart,
                "inflated size \(inflatedSize) exceeds the largest this platform can hold, \(Self.largestInflatedSize) bytes")
        }
        // Deflate expands at most 1032:1, so a larger claim is false: refuse it before
        // allocating (it matters when the limit is raised). The bound is exact, size ≤ 1032 × L
        // (§11), so that every reader draws the line at the same byte.
        let streamLength = UInt64(reader.count - p)
        let (bound, overflow) = streamLength.multipliedReportingOverflow(by: Self.deflateMaximumRatio)
        guard overflow || inflatedSize <= bound else {
            throw ArchiveFormatError(.compression, at: sizeStart, "inflated size \(inflatedSize) is more than a zlib stream of \(streamLength) bytes can produce")
        }
        let size = ArchiveHeader.size + Int(inflatedSize)
        // Freed by scope if inflating throws.
        let memory = OwnedBytes(byteCount: size)
        let buffer = memory.buffer
        buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: checked[0..<ArchiveHeader.size]))
        buffer[5] = 0   // the inflated archive is plain: neither compressed nor checksummed
        try Self.inflate(UnsafeRawBufferPointer(rebasing: checked[p...]),
                         into: UnsafeMutableRawBufferPointer(rebasing: buffer[ArchiveHeader.size...]), offset: p)
        self.init(flags: flags, bytes: UnsafeRawBufferPointer(buffer), owned: memory, compressedLayout: (sizeStart..<p, p..<checked.count))
    }

    private init(flags: UInt8, bytes: UnsafeRawBufferPointer, owned: consuming OwnedBytes?,
                 compressedLayout: (inflatedSize: Range<Int>, stream: Range<Int>)?) {
        self.flags = flags
        self.bytes = bytes
        self.owned = owned
        self.compressedLayout = compressedLayout
    }

    /// The memory `bytes` points into if it was allocated (a compressed archive): the caller
    /// keeps it as long as it reads `bytes`.
    @inline(__always)
    consuming func takeOwnedBytes() -> OwnedBytes? {
        owned.take()
    }

    /// The largest inflated body a plain archive's `Int` offsets can address: `Int.max` less
    /// the header.
    static let largestInflatedSize = Int.max - ArchiveHeader.size

    /// Deflate's largest possible expansion (zlib technical details: 1032:1), §11's bound.
    static let deflateMaximumRatio: UInt64 = 1032

    // zlib where the package links it; the package's own inflater and CRC-32 where it does not
    // (the wire layer built alone, as `Tests/Wasm/run.sh` builds it for Embedded wasm32). The
    // two give every stream the same outcome, kind and offset (`InflaterTests`), and the wasm32
    // run compares its verdicts with this machine's, which come from zlib.

    private static func inflate(_ stream: UnsafeRawBufferPointer, into destination: UnsafeMutableRawBufferPointer, offset: Int) throws(ArchiveFormatError) {
        #if canImport(CZlib)
        try Zlib.inflate(stream, into: destination, offset: offset)
        #else
        try Inflater.inflate(stream, into: destination, offset: offset)
        #endif
    }

    private static func crc32(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        #if canImport(CZlib)
        Zlib.crc32(bytes)
        #else
        CRC32.checksum(bytes)
        #endif
    }

    /// The archive without its CRC-32 trailer, once the trailer matches (if `computing`).
    private static func verifiedChecksum(_ input: UnsafeRawBufferPointer, computing: Bool) throws(ArchiveFormatError) -> UnsafeRawBufferPointer {
        guard input.count >= ArchiveHeader.size + 4 else {
            throw ArchiveFormatError(.truncated, at: input.count, "archive is too short to hold its CRC-32")
        }
        let end = input.count - 4
        let archived = UInt32(littleEndian: input.loadUnaligned(fromByteOffset: end, as: UInt32.self))
        let body = UnsafeRawBufferPointer(rebasing: input[0..<end])
        guard computing else { return body }
        let computed = Self.crc32(body)
        guard computed == archived else {
            throw ArchiveFormatError(.checksumMismatch, at: end, "archive is corrupted: its CRC-32 is 0x\(String(computed, radix: 16)), the archive says 0x\(String(archived, radix: 16))")
        }
        return body
    }
}
