/// Bounds-checked reads from the archive bytes, in place.
///
/// Every read takes the `limit` it must not cross (the end of the enclosing container), so a
/// length inside a value can never reach into its neighbours. Nothing here traps on bad input:
/// each failure is an `ArchiveFormatError` carrying the offset.
struct ByteReader {
    let base: UnsafeRawPointer
    let count: Int
    /// Whether the tags of shared objects and references are values here (`Spec/FORMAT.md`
    /// §9.5), and in which form; otherwise they are reserved tags.
    let references: ReferenceForm

    init(_ buffer: UnsafeRawBufferPointer, references: ReferenceForm = .none) {
        // An empty buffer may have a nil base address; reads are then always out of bounds.
        self.base = buffer.baseAddress ?? UnsafeRawPointer(bitPattern: 0x1)!
        self.count = buffer.count
        self.references = references
    }

    @inline(__always)
    func byte(at offset: Int, limit: Int) throws(ArchiveFormatError) -> UInt8 {
        guard offset < limit else { throw truncated(at: offset, "expected a byte") }
        return base.load(fromByteOffset: offset, as: UInt8.self)
    }

    /// Reads a little-endian fixed-width integer.
    @inline(__always)
    func littleEndian<T: FixedWidthInteger>(_: T.Type, at offset: Int, limit: Int) throws(ArchiveFormatError) -> T {
        let size = MemoryLayout<T>.size
        guard limit - offset >= size else { throw truncated(at: offset, "expected \(size) bytes") }
        return T(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: T.self))
    }

    /// Reads an unsigned LEB128 varint of at most 64 bits (10 bytes), rejecting overlong forms.
    @inline(__always)
    func varint(at offset: inout Int, limit: Int) throws(ArchiveFormatError) -> UInt64 {
        let first = try byte(at: offset, limit: limit)
        if first < 0x80 {
            offset &+= 1
            return UInt64(first)
        }
        return try slowVarint(at: &offset, limit: limit)
    }

    private func slowVarint(at offset: inout Int, limit: Int) throws(ArchiveFormatError) -> UInt64 {
        let start = offset
        // Two bytes (128…16383: most lengths that are not one byte) without the loop. A zero
        // second byte is overlong: the loop reports it.
        if limit - start >= 2 {
            let second = base.load(fromByteOffset: start + 1, as: UInt8.self)
            if second < 0x80, second != 0 {
                offset = start + 2
                return UInt64(base.load(fromByteOffset: start, as: UInt8.self) & 0x7F) | UInt64(second) << 7
            }
        }
        var result: UInt64 = 0
        var shift: UInt64 = 0
        var position = offset
        while true {
            let b = try byte(at: position, limit: limit)
            position += 1
            if shift == 63 && b > 1 { throw malformed(at: start, "varint exceeds 64 bits") }
            result |= UInt64(b & 0x7F) << shift
            if b < 0x80 {
                if b == 0 && position - start > 1 { throw malformed(at: start, "overlong varint") }
                offset = position
                return result
            }
            shift += 7
        }
    }

    /// The varint at `offset` if it is well-formed and at most 9 bytes (63 bits) long, all
    /// before `limit`; `nil` otherwise, leaving the reason to `varint128`. The decoder's fast
    /// path for integers.
    @inline(__always)
    func shortVarint(at offset: Int, limit: Int) -> UInt64? {
        var position = offset
        return shortVarint(at: &position, limit: limit)
    }

    /// `shortVarint(at:limit:)`, moving `offset` past the varint when it is read (and leaving
    /// it where it was otherwise).
    @inline(__always)
    func shortVarint(at offset: inout Int, limit: Int) -> UInt64? {
        var result: UInt64 = 0
        var position = offset
        var shift: UInt64 = 0
        while shift < 63, position < limit {
            let b = base.load(fromByteOffset: position, as: UInt8.self)
            position &+= 1
            result |= UInt64(b & 0x7F) << shift
            if b < 0x80 {
                if b == 0 && position - offset > 1 { return nil }
                offset = position
                return result
            }
            shift &+= 7
        }
        return nil
    }

    /// Reads an unsigned LEB128 varint of at most 128 bits (19 bytes), rejecting overlong forms.
    @inline(__always)
    func varint128(at offset: inout Int, limit: Int) throws(ArchiveFormatError) -> UInt128 {
        // Most integers take at most 9 bytes (63 bits): read those with 64-bit arithmetic.
        // Anything longer starts again below, where the 128-bit bound is checked.
        var short: UInt64 = 0
        var position = offset
        for shift in stride(from: UInt64(0), to: 63, by: 7) {
            let b = try byte(at: position, limit: limit)
            position += 1
            short |= UInt64(b & 0x7F) << shift
            if b < 0x80 {
                if b == 0 && position - offset > 1 { throw malformed(at: offset, "overlong varint") }
                offset = position
                return UInt128(short)
            }
        }
        return try longVarint128(at: &offset, limit: limit)
    }

    private func longVarint128(at offset: inout Int, limit: Int) throws(ArchiveFormatError) -> UInt128 {
        let start = offset
        var result: UInt128 = 0
        var shift: UInt128 = 0
        var position = offset
        while true {
            let b = try byte(at: position, limit: limit)
            position += 1
            if shift == 126 && b > 3 { throw malformed(at: start, "integer exceeds 128 bits") }
            result |= UInt128(b & 0x7F) << shift
            if b < 0x80 {
                if b == 0 && position - start > 1 { throw malformed(at: start, "overlong varint") }
                offset = position
                return result
            }
            shift += 7
        }
    }

    /// Reads a varint length and checks that that many bytes remain before `limit`.
    @inline(__always)
    func length(at offset: inout Int, limit: Int) throws(ArchiveFormatError) -> Int {
        let start = offset
        let value = try varint(at: &offset, limit: limit)
        guard value <= UInt64(limit - offset) else {
            throw truncated(at: start, "length \(value) exceeds the \(limit - offset) bytes that remain")
        }
        return Int(value)
    }

    /// The offset just past the value that starts at `offset`: how a reader skips a value.
    @inline(__always)
    func valueEnd(at offset: Int, limit: Int) throws(ArchiveFormatError) -> Int {
        let tag = try byte(at: offset, limit: limit)
        var p = offset + 1
        if tag >= WireTag.fixintBase { return p }
        switch tag {
        case WireTag.nil, WireTag.false, WireTag.true, WireTag.emptyKeyed, WireTag.emptyUnkeyed:
            return p
        case WireTag.unsignedInt, WireTag.negativeInt:
            return try integerEnd(at: offset, limit: limit)
        case WireTag.nestedNil:
            let level = try varint(at: &p, limit: limit)
            guard level >= 1 else { throw malformed(at: offset, "nested nil with level 0") }
            return p
        case WireTag.float32:
            return try fixed(4, after: p, limit: limit)
        case WireTag.float64, WireTag.date:
            return try fixed(8, after: p, limit: limit)
        case WireTag.uuid:
            return try fixed(16, after: p, limit: limit)
        case WireTag.string, WireTag.bytes, WireTag.url, WireTag.keyed, WireTag.unkeyed:
            let n = try length(at: &p, limit: limit)
            return p + n
        case WireTag.packed:
            let (kind, count, start) = try packedHeader(at: offset, limit: limit)
            return start + kind.width * count
        default:
            return try extensionValueEnd(tag, at: offset, limit: limit)
        }
    }

    /// The end of the integer (`03` or `04`) at `offset`, found with the checks and errors of
    /// reading it (`varint128`, then the bound of a negative integer) but without adding up
    /// its value: skipping is most of opening a keyed container, and integers most of what it
    /// skips.
    @inline(__always)
    func integerEnd(at offset: Int, limit: Int) throws(ArchiveFormatError) -> Int {
        let start = offset + 1
        var p = start
        while true {
            let b = try byte(at: p, limit: limit)
            p += 1
            if b < 0x80 {
                if b == 0 && p - start > 1 { throw malformed(at: start, "overlong varint") }
                // The 19th byte holds bits 126 and 127; a negative integer's magnitude must
                // leave bit 127 clear (Int128.min is −1 − (2^127 − 1)).
                if p - start == 19 {
                    if b > 3 { throw malformed(at: start, "integer exceeds 128 bits") }
                    if b > 1, base.load(fromByteOffset: offset, as: UInt8.self) == WireTag.negativeInt {
                        throw malformed(at: offset, "negative integer below Int128.min")
                    }
                }
                return p
            }
            if p - start == 19 { throw malformed(at: start, "integer exceeds 128 bits") }
        }
    }

    /// The end of a shared object or reference (§9.5), when this reader knows them; otherwise
    /// `malformed` for an unknown tag. Out of line: only archives with references have them.
    @inline(never)
    private func extensionValueEnd(_ tag: UInt8, at offset: Int, limit: Int) throws(ArchiveFormatError) -> Int {
        guard references != .none, tag == WireTag.reference || tag == references.sharedObjectTag else {
            throw malformed(at: offset, "unknown tag 0x\(String(tag, radix: 16))")
        }
        var p = offset + 1
        if tag == WireTag.reference {
            _ = try varint(at: &p, limit: limit)
            return p
        }
        // A shared object is its marker and the value it marks, which may be marked in turn:
        // step over every marker first, so that a long chain costs no stack.
        p = try sharedObjectValue(at: offset, limit: limit)
        return try valueEnd(at: p, limit: limit)
    }

    /// Where the value marked by the shared-object marker(s) at `offset` starts: past every
    /// consecutive marker (and, in a numbered form, its number).
    func sharedObjectValue(at offset: Int, limit: Int) throws(ArchiveFormatError) -> Int {
        var p = offset
        while p < limit, base.load(fromByteOffset: p, as: UInt8.self) == references.sharedObjectTag {
            p += 1
            if case .numbered = references { _ = try varint(at: &p, limit: limit) }
        }
        return p
    }

    /// The entries of the container whose header is at `offset`, and for an unkeyed container
    /// its element count (the encoder finds containers it wrote earlier this way).
    func containerBody(at offset: Int) throws(ArchiveFormatError) -> (isKeyed: Bool, entries: Range<Int>, count: Int) {
        let tag = try byte(at: offset, limit: count)
        switch tag {
        case WireTag.emptyKeyed: return (true, offset + 1..<offset + 1, 0)
        case WireTag.emptyUnkeyed: return (false, offset + 1..<offset + 1, 0)
        case WireTag.keyed, WireTag.unkeyed:
            var p = offset + 1
            let end = try length(at: &p, limit: count) + p
            guard tag == WireTag.unkeyed else { return (true, p..<end, 0) }
            let elements = try varint(at: &p, limit: end)
            return (false, p..<end, Int(elements))
        default:
            throw malformed(at: offset, "expected a container")
        }
    }

    private func fixed(_ size: Int, after p: Int, limit: Int) throws(ArchiveFormatError) -> Int {
        guard limit - p >= size else { throw truncated(at: p, "expected \(size) bytes") }
        return p + size
    }

    /// Parses the header of a packed array at `offset` (which holds the tag): kind, count and
    /// the offset of the first element, having checked that all elements are in bounds.
    func packedHeader(at offset: Int, limit: Int) throws(ArchiveFormatError) -> (PackedKind, Int, Int) {
        var p = offset + 1
        let rawKind = try byte(at: p, limit: limit)
        guard let kind = PackedKind(rawValue: rawKind), kind != .uint8 else {
            throw malformed(at: p, "unknown packed element kind 0x\(String(rawKind, radix: 16))")
        }
        p += 1
        let countStart = p
        let count = try varint(at: &p, limit: limit)
        guard count <= UInt64((limit - p) / kind.width) else {
            throw truncated(at: countStart, "packed array of \(count) \(kind.name) exceeds the \(limit - p) bytes that remain")
        }
        return (kind, Int(count), p)
    }

    /// A view of `count` bytes at `offset` (already bounds-checked by the caller).
    @inline(__always)
    func slice(_ offset: Int, _ count: Int) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: base + offset, count: count)
    }

    /// The bytes as a `String`, or `nil` if they are not valid UTF-8 (bounds already checked).
    func utf8String(_ offset: Int, _ count: Int) -> String? {
        let bytes = slice(offset, count).assumingMemoryBound(to: UInt8.self)
        // ASCII (nearly all keys and most text) needs no validation; the generic validating
        // initializer costs runtime metadata lookups on every call.
        if Self.isASCII(bytes) { return String(decoding: bytes, as: UTF8.self) }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let start = bytes.baseAddress else { return true }
        var i = 0
        let count = bytes.count
        let raw = UnsafeRawPointer(start)
        while i + 8 <= count {
            if raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
            i += 8
        }
        while i < count {
            if start[i] & 0x80 != 0 { return false }
            i += 1
        }
        return true
    }

    func truncated(at offset: Int, _ reason: String) -> ArchiveFormatError {
        ArchiveFormatError(.truncated, at: offset, reason)
    }

    func malformed(at offset: Int, _ reason: String) -> ArchiveFormatError {
        ArchiveFormatError(.malformed, at: offset, reason)
    }
}
