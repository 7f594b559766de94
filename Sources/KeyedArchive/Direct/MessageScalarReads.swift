// A message's scalar entries, read in one pass.
//
// The cursor's way (`nextMessageEntry`, then the value's read) parses each entry twice: its key
// and its value's end, to move the cursor, then the value again to read it. For the entries
// nearly every message is made of — a one-byte key varint followed by an integer, a `Bool`, a
// float or a string in its usual form — the read of the value finds its end, so the key and
// the value are read once, here, and the cursor moves past them.
//
// Only what is certainly the same answer takes this way: the key is the one asked for, the
// container's entry limit is not reached, and the value is one `quickInteger`, `quickBool`,
// `quickFloatingPoint` or `quickString` accepts, inside the container. Anything else — a key
// of two or more bytes, another key, a value of another form, a damaged one — returns `nil`
// with the cursor where it was, and the caller reads the entry the cursor's way, which gives
// the same value or the general path's error.

extension DecodingState {
    /// Where the value of the next entry of `entries` starts, if that entry is key `index` of
    /// `keys` in a one-byte key varint and the container may hold another entry; `nil`
    /// otherwise (then the cursor's way decides).
    ///
    /// The cursor is read and changed in place (`MessageCursors.pointer(to:)`): a copy of it
    /// per read cost more than the read's own work.
    @inline(__always)
    private func quickMessageKey(_ index: Int, keys: ArchiveKeySet, _ entries: UnsafeMutablePointer<MessageCursors.Cursor>) -> Int? {
        let next = entries.pointee.next
        guard next < entries.pointee.end, entries.pointee.count < limits.maximumCollectionCount else { return nil }
        // The entry `nextKey()` found, its key read already (`MessageCursors.Cursor.current`).
        let current = entries.pointee.current
        if current >= 0 { return current == index ? next : nil }
        let wire = reader.base.load(fromByteOffset: next, as: UInt8.self)
        guard wire < 0x80 else { return nil }
        let key: Int
        if wire & 1 == 0 {
            key = keys.key(forIntegerWire: UInt64(wire))
        } else {
            let tableIndex = Int(wire >> 1)
            guard tableIndex < keyTable.count else { return nil }
            key = directKey(forTableIndex: tableIndex, keys: keys)
        }
        return key == index ? next &+ 1 : nil
    }

    /// Moves the cursor at `entries` past an entry that ends at `end`.
    @inline(__always)
    private func take(_ entries: UnsafeMutablePointer<MessageCursors.Cursor>, endingAt end: Int) {
        entries.pointee.next = end
        entries.pointee.count &+= 1
        entries.pointee.current = -1
    }

    /// The integer of key `index`, if the next entry of cursor `cursor` is that key's and holds
    /// an integer `quickInteger` reads as a `T`; the entry is then taken.
    @inline(__always)
    func nextMessageInteger<T: FixedWidthInteger>(_: T.Type, _ index: Int, keys: ArchiveKeySet, cursor: Int) -> T? {
        let entries = messageCursors.pointer(to: cursor)
        guard var p = quickMessageKey(index, keys: keys, entries), p < entries.pointee.end else { return nil }
        let tag = reader.base.load(fromByteOffset: p, as: UInt8.self)
        p &+= 1
        let value: T
        if tag >= WireTag.fixintBase {
            guard let small = T(exactly: tag &- WireTag.fixintBase) else { return nil }
            value = small
        } else {
            guard tag == WireTag.unsignedInt || tag == WireTag.negativeInt,
                  let magnitude = reader.shortVarint(at: &p, limit: entries.pointee.end),
                  let positive = T(exactly: magnitude) else { return nil }
            if tag == WireTag.unsignedInt {
                value = positive
            } else {
                // −1 − magnitude fits exactly when the magnitude does.
                guard T.isSigned else { return nil }
                value = ~positive
            }
        }
        take(entries, endingAt: p)
        return value
    }

    /// The `Bool` of key `index`, if the next entry of cursor `cursor` is that key's and holds
    /// `true` or `false`; the entry is then taken.
    @inline(__always)
    func nextMessageBool(_ index: Int, keys: ArchiveKeySet, cursor: Int) -> Bool? {
        let entries = messageCursors.pointer(to: cursor)
        guard let p = quickMessageKey(index, keys: keys, entries), p < entries.pointee.end else { return nil }
        let tag = reader.base.load(fromByteOffset: p, as: UInt8.self)
        guard tag == WireTag.true || tag == WireTag.false else { return nil }
        take(entries, endingAt: p &+ 1)
        return tag == WireTag.true
    }

    /// The float64 (for `Double`) or float32 (for `Float`) of key `index`, if the next entry of
    /// cursor `cursor` is that key's and holds one whole; the entry is then taken.
    @inline(__always)
    func nextMessageFloatingPoint<T: BinaryFloatingPoint>(_: T.Type, _ index: Int, keys: ArchiveKeySet, cursor: Int) -> T? {
        let entries = messageCursors.pointer(to: cursor)
        guard let p = quickMessageKey(index, keys: keys, entries),
              let value = quickFloatingPoint(T.self, at: ValueLocation(offset: p, limit: entries.pointee.end)) else { return nil }
        take(entries, endingAt: p &+ 1 &+ MemoryLayout<T>.size)
        return value
    }

    /// The `String` of key `index`, if the next entry of cursor `cursor` is that key's and holds
    /// a string whose length fits and whose bytes are valid UTF-8; the entry is then taken.
    @inline(__always)
    func nextMessageString(_ index: Int, keys: ArchiveKeySet, cursor: Int) -> String? {
        let entries = messageCursors.pointer(to: cursor)
        guard var p = quickMessageKey(index, keys: keys, entries), p < entries.pointee.end,
              reader.base.load(fromByteOffset: p, as: UInt8.self) == WireTag.string else { return nil }
        p &+= 1
        guard let length = reader.shortVarint(at: &p, limit: entries.pointee.end), length <= UInt64(entries.pointee.end &- p),
              let value = reader.utf8String(p, Int(length)) else { return nil }
        take(entries, endingAt: p &+ Int(length))
        return value
    }
}
