extension ByteReader {
    /// Checks the scalar at `offset`, whose end `valueEnd` found (`end`; `limit` is its
    /// container's), for what finding its end does not check: a nested nil's level varint, an
    /// integer's 128-bit range, the UTF-8 of a string or URL, a packed array's element kind and
    /// its count against `maximumCollectionCount`. What the validator adds to the walk
    /// (`FormatValidator`, `ArchiveWalker`), so both reject the same bytes at the same offsets.
    func checkScalar(_ tag: UInt8, at offset: Int, end: Int, limit: Int, maximumCollectionCount: Int) throws(ArchiveFormatError) {
        guard tag < WireTag.fixintBase else { return }
        var p = offset + 1
        switch tag {
        case WireTag.nestedNil:
            _ = try varint(at: &p, limit: end)
        case WireTag.unsignedInt, WireTag.negativeInt:
            _ = try varint128(at: &p, limit: end)
        case WireTag.string, WireTag.url:
            let length = try self.length(at: &p, limit: end)
            guard utf8String(p, length) != nil else {
                throw ArchiveFormatError(.invalidUTF8, at: offset, "\(WireTag.name(tag)) is not valid UTF-8")
            }
        case WireTag.packed:
            let (_, count, _) = try packedHeader(at: offset, limit: limit)
            try checkCollectionCount(count, at: offset + 2, maximum: maximumCollectionCount)
        default:
            // The rest have one size, or a length `valueEnd` has checked.
            break
        }
    }
}
