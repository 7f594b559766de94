// The header's writing, apart from its parsing (`ArchiveHeader.swift`): the writer is the
// coders', and the reading side of the wire layer builds without it (Embedded Swift).

extension ArchiveHeader {
    /// Appends a header with `flags`.
    @inline(__always)
    static func write(flags: UInt8, into writer: inout ByteWriter) {
        // "KARC", version 1, flags: one 8-byte store, of which 6 bytes count.
        writer.reserve(8)
        writer.storeReserved(UInt64(0x0000_0001_4352_414B) | UInt64(flags) << 40, count: size)
    }
}
