#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// Reading a message: a value whose type has generated code, read by that code alone, entry by
// entry in the order the archive holds them.
//
// The general path opens a keyed container by checking all of its entries first
// (`ByteReader.keyedFraming`) and noting where each key's value is (`DirectKeySlots`); every
// read is then a lookup. A message reads each container with one cursor instead, and the code
// `@ArchiveCodable` writes switches on each entry's key as swift-protobuf's generated
// `decodeMessage` does: `nextKey()` (`nextMessageKey`) reads the next entry's key and gives its
// position in the type's key set (an alias's after the keys), and the read of that position
// reads the value the key is in front of. Each step checks what the framing check would (the
// key refers into the key table, the container's entry limit, the value ends inside the
// container); a position met twice is a repeated key. Entries for no key, and entries under an
// alias whose key's own entry (or an earlier alias's) is in the container, are passed over; when
// two or more were, the container is checked as the general path opens it (two of them could
// repeat a key; one cannot), and `unknownFields()` reads them as the general path does. So entries in any order, aliases and unknown fields read as
// messages, with no fallback. After the last entry, a key no entry had is absent.
//
// Message reading reads what generated code reads: containers read through generated code,
// single values, arrays and native values, in archives without shared objects or two
// spellings of a key. A value only its `init(from:)` reads (a dictionary, a plain `Codable`
// type) is read *in place*, once, by the general path: its decoder starts at the value's
// bytes with the coding path the general path would give it (`MessagePath.swift`), and the
// message goes on after it (`decodeInMessage`). What gives the message up is an error — a
// damaged entry, a repeated key, a missing key, a value of another type, anything that throws —
// or a container of a shape only the general path's checks read: a key set whose keys or
// aliases one entry could match twice, an enum's case container that holds other entries, code
// written by hand that reads keys out of order without `nextKey()`. Then the general path reads
// the archive again from the start, and throws its error with its coding path (the `init(from:)`
// of a value read in place runs again then). Nothing is remembered: each archive is tried as a
// message, so what a type costs does not depend on the archives read before. Whatever message
// mode accepts, the general path reads the same way (the tests compare the two on valid,
// reordered and damaged archives).

/// Thrown inside message reading to leave it; never seen outside `ArchiveDecoder`.
struct MessageReadAbandoned: Error {}

/// The keyed containers open while a message is read, outermost first: a stack, as generated
/// code opens each container while the one it is read from is open.
final class MessageCursors {
    struct Cursor {
        /// Where the next entry starts; where its value starts when `current` is set.
        var next: Int
        /// The position `nextKey()` found for the entry at `next`, whose key it has read: the
        /// read that follows starts at the value. −1 between entries.
        var current = -1
        /// The end of the container's entries.
        let end: Int
        /// Entries taken so far, for the limit on a container's entries.
        var count: Int
        /// The positions (`ArchiveKeySet.positionCount`) below 64 that `nextKey()` has met, one
        /// bit each: a key met again is a repeated key. Positions from 64 on have their bits in
        /// `MessageCursors.wideSeen`, from `wide` on (−1 when the key set has none).
        var seen: UInt64 = 0
        var wide = -1
        /// How many entries for no key, or under an alias that loses, were passed over: when any
        /// was, `unknownFields()` looks, and when two or more were, the container is checked as
        /// the general path opens it, for two of them repeating one key. One cannot repeat
        /// anything: every other entry has a key of the type, met once (a spelling that stands for
        /// a key has that key's position, and archives with a key spelled two ways are not read
        /// as messages).
        var passedUnknown = 0
        /// Where the container's entries start, and where its value does (its tag) with the limit
        /// it was read within: for a scan (`contains`) and for `unknownFields()`.
        let start: Int
        let container: Int
        let limit: Int

        /// The entries not taken yet, to step through (the cursor keeps the two offsets only).
        @inline(__always)
        var stepping: EntriesCursor { EntriesCursor(from: next, to: end, isKeyed: true) }

        /// All of the container's entries, from the first.
        var allEntries: EntriesCursor { EntriesCursor(from: start, to: end, isKeyed: true) }

        /// The container's value, to open again as the general path opens it.
        var containerLocation: ValueLocation { ValueLocation(offset: container, limit: limit) }
    }

    // A `GrowableBuffer` rather than an `Array`, as in `DirectKeySlots`: every entry read
    // moves a cursor, and an array's uniqueness and exclusivity checks per move cost more than
    // the move. Unchecked exclusivity: a state, and its cursors, belong to one `decode` call.
    @exclusivity(unchecked) private var cursors = GrowableBuffer<Cursor>(capacity: 16)

    /// The step that led to the value being read at each depth, the root's first: `steps[d - 1]`
    /// for depth `d`. Each value with containers, or read in place, notes its step when it is
    /// reached, so the steps below the current depth are always those of the values being read;
    /// the path is built from them only for a value read in place (`MessagePath.swift`).
    @exclusivity(unchecked) private var steps = GrowableBuffer<MessageStep>(capacity: 16)

    /// The bits of positions from 64 on that open cursors have met (`Cursor.wide`), a stack
    /// beside theirs: a type with more than 64 keys and aliases.
    @exclusivity(unchecked) var wideSeen = GrowableBuffer<UInt64>(capacity: 4)

    /// How many cursors are open.
    var count: Int { cursors.count }

    /// Starts a message: the root value's step, and no other (so that a depth whose value
    /// noted no step is `unknown`, never a step of an earlier message).
    @inline(__always)
    func start() {
        steps.truncate(to: 0)
        steps.append(.root)
    }

    /// Notes that the value at depth `depth` (the root's is 1) is reached by `step`.
    @inline(__always)
    func note(_ step: MessageStep, depth: Int) {
        if depth <= steps.count {
            // In bounds (a depth is at least 1): the subscript's check again cost a message of
            // media lists 1 % more instructions in all.
            steps.base[depth - 1] = step
        } else {
            // A depth whose value noted nothing (not one generated code reads) has no known step.
            while steps.count < depth - 1 { steps.append(.unknown) }
            steps.append(step)
        }
    }

    /// The coding path of the value at depth `depth`, or `nil` if a step to it is not known.
    func path(ofDepth depth: Int) -> CodingPathNode? {
        guard depth <= steps.count else { return nil }
        return CodingPathNode(messageSteps: depth) { steps[$0] }
    }

    /// Opens a cursor over the entries in `start..<end` of the container at `container`, read
    /// with `keys`; returns its index.
    @inline(__always)
    func push(start: Int, end: Int, container: ValueLocation, keys: ArchiveKeySet) -> Int {
        var cursor = Cursor(next: start, end: end, count: 0, start: start, container: container.offset, limit: container.limit)
        if keys.positionCount > 64 {
            cursor.wide = wideSeen.count
            wideSeen.append(repeating: 0, count: (keys.positionCount - 64 + 63) / 64)
        }
        cursors.append(cursor)
        return cursors.count - 1
    }

    subscript(index: Int) -> Cursor {
        // A container struct kept after its value was read names a cursor that is gone: a
        // programmer's mistake in hand-written generated code, as with `DirectKeySlots`
        // (`GrowableBuffer` checks the index).
        @inline(__always) get { cursors[index] }
        @inline(__always) _modify { yield &cursors[index] }
    }

    /// Cursor `index`, to read and change in place: one check of the index for all the fields
    /// a step reads and changes. Valid until a cursor is opened (which may move them all).
    @inline(__always)
    func pointer(to index: Int) -> UnsafeMutablePointer<Cursor> {
        precondition(index >= 0 && index < cursors.count, "a message cursor that is closed")
        return cursors.base + index
    }

    /// Moves cursor `index` past an entry that ends at `next`, its `count`-th.
    @inline(__always)
    func advance(_ index: Int, to next: Int, count: Int) {
        let cursor = pointer(to: index)
        cursor.pointee.next = next
        cursor.pointee.count = count
        cursor.pointee.current = -1
    }

    /// Marks position `position` met by the cursor at `cursor` (`pointer(to:)`), whose next
    /// entry has it and its value at `value`; `false`, with nothing changed, if it was met
    /// already (a repeated key).
    @inline(__always)
    func enter(_ position: Int, valueAt value: Int, at cursor: UnsafeMutablePointer<Cursor>) -> Bool {
        if position < 64 {
            let bit = UInt64(1) &<< UInt64(position)
            if cursor.pointee.seen & bit != 0 { return false }
            cursor.pointee.seen |= bit
        } else if !meetWide(position - 64, base: cursor.pointee.wide) {
            return false
        }
        cursor.pointee.current = position
        cursor.pointee.next = value
        return true
    }

    /// `meet` for a position from 64 on, `offset` past 64.
    private func meetWide(_ offset: Int, base: Int) -> Bool {
        let (word, bit) = (base + offset / 64, UInt64(1) << UInt64(offset % 64))
        if wideSeen[word] & bit != 0 { return false }
        wideSeen[word] |= bit
        return true
    }

    /// Whether cursor `index` has met position `position`.
    func hasMet(_ position: Int, cursor index: Int) -> Bool {
        let cursor = cursors[index]
        if position < 64 { return cursor.seen & (UInt64(1) << UInt64(position)) != 0 }
        let offset = position - 64
        return wideSeen[cursor.wide + offset / 64] & (UInt64(1) << UInt64(offset % 64)) != 0
    }

    /// Whether every cursor from `first` on has taken all its entries; closes them.
    @inline(__always)
    func closeAll(from first: Int) -> Bool {
        var complete = true
        var wide = -1
        for index in first..<cursors.count {
            let cursor = cursors[index]
            if cursor.next != cursor.end { complete = false }
            if wide < 0, cursor.wide >= 0 { wide = cursor.wide }
        }
        cursors.truncate(to: first)
        if wide >= 0 { wideSeen.truncate(to: wide) }
        return complete
    }

    /// The step noted for the value at depth `depth`, if one is known.
    func knownStep(atDepth depth: Int) -> MessageStep? {
        guard depth >= 1, depth <= steps.count, !steps[depth - 1].isUnknown else { return nil }
        return steps[depth - 1]
    }

    /// Closes every cursor, for the next message.
    func reset() {
        cursors.truncate(to: 0)
        wideSeen.truncate(to: 0)
    }
}

extension DecodingState {
    /// Reads the root value of `type`: as a message first when its type allows, otherwise (or if
    /// the message is abandoned) by the general path.
    @inline(__always)
    func decodeRoot<T: Decodable>(_ type: T.Type, at root: ValueLocation) throws -> T {
        // `type` differs from `T` for a subclass asked for as its superclass: `init(from:)`.
        guard type == T.self, let direct = directRootType(T.self) else {
            return try decodeValue(type, at: root, parentPath: .root, component: .none, depth: 1, optionalDepth: 1)
        }
        guard readsMessages, archiveAllowsMessages else {
            return try decodeDirectRoot(direct, as: T.self, at: root)
        }
        readsMessage = true
        messageReadWasAbandoned = false
        messageCursors.start()
        // Not `try?`: a `T?` of an unspecialized `T` costs a runtime metadata lookup per call.
        do {
            let value = try decodeDirectRoot(direct, as: T.self, at: root)
            readsMessage = false
            if !messageReadWasAbandoned { return value }
        } catch {
            // `MessageReadAbandoned`, or an error the general path throws again with its path.
            readsMessage = false
        }
        // Nothing is remembered: what gives a message up is an error, or an archive of a shape
        // only the general path's checks read (a key set whose keys an entry could match twice),
        // never the order of the entries, so the next archive of the type is tried as a message.
        messageCursors.reset()
        return try decodeDirectRoot(direct, as: T.self, at: root)
    }

    /// The root value of `type` as message reading alone reads it, or `nil` if it abandons it
    /// or does not try. For the tests: `decode` never says which path read an archive.
    func decodeRootAsMessage<T: Decodable>(_ type: T.Type, at root: ValueLocation) -> T? {
        guard archiveAllowsMessages, let direct = directRootType(T.self) else { return nil }
        readsMessage = true
        messageReadWasAbandoned = false
        messageCursors.start()
        defer {
            readsMessage = false
            messageCursors.reset()
        }
        guard let value = try? decodeDirectRoot(direct, as: T.self, at: root), !messageReadWasAbandoned else { return nil }
        return value
    }

    /// Whether the archive is one message reading reads: no shared objects or references, and
    /// no key spelled two ways (which the general path's checks need).
    private var archiveAllowsMessages: Bool { !hasReferences && !hasEquivalentSpellings }

    /// `type` as a value type with generated code and no native form (what `decodeValue` would
    /// find out, kept per type), or `nil`.
    @inline(__always)
    private func directRootType<T: Decodable>(_ type: T.Type) -> (any ArchiveDirectDecodable.Type)? {
        guard usesGeneratedCode else { return nil }
        // Most calls read the type the last one read: one comparison, not two lookups, so that
        // a type without generated code pays next to nothing here.
        let id = ObjectIdentifier(type)
        if id == lastRootType { return lastRootDirectType }
        let direct = directDecodableType(type).flatMap { isDirectValueType(type) ? $0 : nil }
        (lastRootType, lastRootDirectType) = (id, direct)
        return direct
    }

    /// `decodeDirectValue` at the root, for a type `directRootType` gave.
    private func decodeDirectRoot<T: Decodable>(_ direct: any ArchiveDirectDecodable.Type, as type: T.Type, at root: ValueLocation) throws -> T {
        func read<D: ArchiveDirectDecodable>(_: D.Type) throws -> T {
            // `D` is `T`: the lookup only gave it a name.
            unsafeBitCast(try decodeDirectValue(D.self, at: root, parentPath: .root, component: .none, depth: 1), to: T.self)
        }
        return try read(direct)
    }

    /// A keyed container's value of `type` under the key `step` names, at depth `depth`: what
    /// `decodeValue` does, the step noted first for the values inside it, or for its own coding
    /// path if it is read in place.
    @inline(__always)
    func decodeMessageField<T: Decodable>(_ type: T.Type, at location: ValueLocation, depth: Int, step: MessageStep) throws -> T {
        messageCursors.note(step, depth: depth)
        return try decodeValue(type, at: location, parentPath: .root, component: .none, depth: depth, optionalDepth: 1)
    }

    /// Reads a value of `type` that only its `init(from:)` reads, in place, at depth `depth`
    /// (checked): by the general path, whose decoder sees the coding path of the value at depth
    /// `depth - 1` and `component` (an element's index), or, with no component, the step noted
    /// for this depth (a keyed container's value, `decodeMessageField`). The message goes on
    /// after it. A value that throws, or whose path is not known, gives the message up: the
    /// general path reads the archive again and throws its error.
    @inline(never)
    func decodeInMessage<T: Decodable>(
        _ type: T.Type, at location: ValueLocation, depth: Int, component: PathComponent, optionalDepth: Int
    ) throws -> T {
        let own: PathComponent? = switch component {
        case .none: messageCursors.knownStep(atDepth: depth)?.component
        default: component
        }
        guard let own, let parentPath = messageCursors.path(ofDepth: depth - 1) else { throw abandonMessageRead() }
        // The general path's own reads: no cursor of the message moves meanwhile.
        readsMessage = false
        defer { readsMessage = true }
        do {
            return try decodeThroughInit(type, at: location, parentPath: parentPath, component: own, depth: depth, optionalDepth: optionalDepth)
        } catch {
            throw abandonMessageRead()
        }
    }

    /// Gives up the message: `decodeRoot` reads the archive again by the general path. The
    /// caller throws what this returns, where it can.
    func abandonMessageRead() -> MessageReadAbandoned {
        messageReadWasAbandoned = true
        return MessageReadAbandoned()
    }

    /// Opens the keyed container at `location` for generated code with `keys`, at depth
    /// `depth`; returns its cursor.
    func openMessageContainer(_ keys: ArchiveKeySet, at location: ValueLocation, depth: Int) throws -> Int {
        // A key set whose keys an entry could match twice needs the general path's checks.
        guard keys.readsAsMessage, depth <= limits.maximumDepth, location.packed == nil, location.offset < location.limit else {
            throw abandonMessageRead()
        }
        var p = location.offset + 1
        switch reader.base.load(fromByteOffset: location.offset, as: UInt8.self) {
        case WireTag.emptyKeyed:
            break
        case WireTag.keyed:
            let length: Int
            do throws(ArchiveFormatError) { length = try reader.length(at: &p, limit: location.limit) } catch { throw abandonMessageRead() }
            return messageCursors.push(start: p, end: p + length, container: location, keys: keys)
        default:
            throw abandonMessageRead()
        }
        return messageCursors.push(start: p, end: p, container: location, keys: keys)
    }

    /// Where the value of key `index` of `keys` is, taking the next entry of cursor `cursor`;
    /// `nil` if the next entry is a later key or there is none (the key is absent). An entry
    /// for an earlier key or for none abandons the message.
    ///
    /// Generated code asks for the key `nextMessageKey` has just found, so the next entry is
    /// its own; after the last entry every key it did not find is absent. Code that reads its
    /// keys one after another without `nextKey()` is read in the order it asks, as written.
    func nextMessageEntry(_ index: Int, keys: ArchiveKeySet, cursor: Int) throws -> ValueLocation? {
        let entries = messageCursors[cursor]
        if entries.current >= 0 {
            // The entry `nextMessageKey` found, its key read: generated code reads that key.
            guard entries.current == index else { throw abandonMessageRead() }
            return try takeNextEntry(entries, valueAt: entries.next, cursor: cursor)
        }
        guard let read = try messageEntry(entries.stepping) else { return nil }
        let key = try messagePosition(read.key, keys: keys)
        if key > index { return nil }
        guard key == index else { throw abandonMessageRead() }
        return try takeNextEntry(entries, valueAt: read.value, cursor: cursor)
    }

    /// Takes cursor `cursor`'s next entry (`entries`), whose value starts at `value`: checks the
    /// container's entry limit and that the value ends inside the container, as the framing
    /// check would, and moves the cursor past it. Where the value is.
    @inline(__always)
    private func takeNextEntry(_ entries: MessageCursors.Cursor, valueAt value: Int, cursor: Int) throws -> ValueLocation {
        guard entries.count < limits.maximumCollectionCount else { throw abandonMessageRead() }
        let end: Int
        do throws(ArchiveFormatError) { end = try reader.valueEnd(at: value, limit: entries.end) } catch { throw abandonMessageRead() }
        messageCursors.advance(cursor, to: end, count: entries.count + 1)
        return ValueLocation(offset: value, limit: entries.end)
    }

    /// The position (`ArchiveKeySet.positionCount`) of the key of cursor `cursor`'s next entry,
    /// which is not taken; `nil` after the last. Generated code switches on it and reads the
    /// entry under that position (`ArchiveKeyedReader.nextKey()`).
    ///
    /// Passed over on the way, as the general path's lookups never see them: an entry for no key
    /// (noted, for `unknownFields()`), and an entry under an alias of a key whose own entry, or
    /// an earlier alias's, was met (the general path reads the key's own entry, else the first
    /// alias it holds; a later better one is read over it). A position met twice is a repeated
    /// key, the general path's error.
    ///
    /// `quickNextMessageKey` answers the usual entry, with no call; this, out of line, the rest.
    @inline(never)
    func nextMessageKey(keys: ArchiveKeySet, cursor: Int, depth: Int) throws -> Int? {
        while true {
            let entries = messageCursors.pointer(to: cursor)
            let next = entries.pointee.next
            guard next < entries.pointee.end else {
                if entries.pointee.passedUnknown > 1 { try checkPassedEntries(keys: keys, cursor: cursor, depth: depth) }
                return nil
            }
            // The entry before was read (a read ends between entries) or passed over.
            guard entries.pointee.current < 0 else { throw abandonMessageRead() }
            var value = next &+ 1
            let first = reader.base.load(fromByteOffset: next, as: UInt8.self)
            let key: Int
            if first < 0x80, first & 1 == 0 {
                key = keys.position(forIntegerWire: UInt64(first))
            } else if first < 0x80, Int(first >> 1) < keyTable.count {
                key = namePosition(forTableIndex: Int(first >> 1), keys: keys)
            } else {
                (key, value) = try slowMessageKey(keys: keys, cursor: cursor)
            }
            if key >= 0, key < keys.count {
                // `entries` is still valid: nothing since opened a cursor.
                guard messageCursors.enter(key, valueAt: value, at: entries) else { throw abandonMessageRead() }
                return key
            }
            if key >= 0, try isBestAlias(key, keys: keys, cursor: cursor) {
                guard messageCursors.enter(key, valueAt: value, at: messageCursors.pointer(to: cursor)) else { throw abandonMessageRead() }
                return key
            }
            // Neither is met: the container's check (`checkPassedEntries`) catches two of them
            // repeating a key.
            try passOver(cursor: cursor, unknown: true)
        }
    }

    /// `nextMessageKey` for the usual entry: a key of the type (not an alias) in a one-byte key
    /// varint, an integer or a key-table string this container's key set has met, not met
    /// before in the container. `nil` for anything else, which `nextMessageKey` answers (the
    /// last entry passed included). No call, so that the usual entry costs no frame.
    @inline(__always)
    func quickNextMessageKey(keys: ArchiveKeySet, cursor: Int) -> Int? {
        let entries = messageCursors.pointer(to: cursor)
        let next = entries.pointee.next
        guard next < entries.pointee.end, entries.pointee.current < 0 else { return nil }
        let first = reader.base.load(fromByteOffset: next, as: UInt8.self)
        guard first < 0x80 else { return nil }
        let key: Int
        if first & 1 == 0 {
            key = Int(keys.positionBySmallWire[Int(first)])
        } else {
            let tableIndex = Int(first >> 1)
            guard tableIndex < keyTable.count, case let name = keyTable.names[tableIndex], name >= 0,
                  keys.matchesNamesByNumber else { return nil }
            key = keys.position(ofNumber: name)
        }
        guard key >= 0, key < keys.count, key < 64 else { return nil }
        let bit = UInt64(1) &<< UInt64(key)
        guard entries.pointee.seen & bit == 0 else { return nil }
        entries.pointee.seen |= bit
        entries.pointee.current = key
        entries.pointee.next = next &+ 1
        return key
    }

    /// Checks the container as the general path opens it (`keyedEntries`) once two or more
    /// entries for no key, or under an alias that loses, were passed over: positions catch a key
    /// of the type met twice, and this two of those entries repeating a key, which the general
    /// path refuses as well.
    @inline(never)
    private func checkPassedEntries(keys: ArchiveKeySet, cursor: Int, depth: Int) throws {
        let entries = messageCursors[cursor]
        do {
            _ = try keyedEntries(at: entries.containerLocation, path: .root, depth: depth,
                                 containerType: keys.containerType)
        } catch {
            throw abandonMessageRead()
        }
    }

    /// The position and value of the next entry for a key varint of more than one byte, or a
    /// string key outside the key table (which abandons the message).
    @inline(never)
    private func slowMessageKey(keys: ArchiveKeySet, cursor: Int) throws -> (key: Int, value: Int) {
        guard let read = try messageEntry(messageCursors[cursor].stepping) else { throw abandonMessageRead() }
        return (try messagePosition(read.key, keys: keys), read.value)
    }

    /// Whether the entry at alias position `position`, the cursor's next, is the one the
    /// general path reads for its key: neither the key's own entry nor an earlier alias's is in
    /// the container, before it or after it. Only archives with entries under aliases look
    /// ahead, so that an alias that loses is never read (its value may not even be of the type).
    private func isBestAlias(_ position: Int, keys: ArchiveKeySet, cursor: Int) throws -> Bool {
        let (key, rank) = keys.aliasOwners[position - keys.count]
        guard key >= 0 else { return false }
        let better = [key] + keys.aliasesOfKeys[key].prefix(rank - 1).map { keys.count + $0 }
        if better.contains(where: { messageCursors.hasMet($0, cursor: cursor) }) { return false }
        var stepping = messageCursors[cursor].stepping
        _ = try takeMessageEntry(&stepping)
        while let entry = try takeMessageEntry(&stepping) {
            if better.contains(try messagePosition(entry.key, keys: keys)) { return false }
        }
        return true
    }

    /// Takes cursor `cursor`'s next entry unread: an entry `nextMessageKey` passes over
    /// (`unknown`: for no key, or under an alias that loses), or one whose key generated code
    /// does not read.
    func passOver(cursor: Int, unknown: Bool) throws {
        let entries = messageCursors[cursor]
        // Its value: where the cursor is once `nextKey()` read the key, else after the key.
        var value = entries.next
        if entries.current < 0 {
            guard let read = try messageEntry(entries.stepping) else { throw abandonMessageRead() }
            value = read.value
        }
        _ = try takeNextEntry(entries, valueAt: value, cursor: cursor)
        if unknown { messageCursors[cursor].passedUnknown += 1 }
    }

    /// Where the value of the entry for key `index` of `keys` is, among all of cursor `cursor`'s
    /// entries whether taken or not, or `nil`: `contains` and `decodeNil`, which a read may ask
    /// before or after the entry's turn. Damaged entries give the message up.
    func findMessageEntry(_ index: Int, keys: ArchiveKeySet, cursor: Int) throws -> ValueLocation? {
        let entries = messageCursors[cursor]
        var stepping = entries.allEntries
        while let entry = try takeMessageEntry(&stepping) {
            if try messagePosition(entry.key, keys: keys) == index {
                return ValueLocation(offset: entry.value, limit: entries.end)
            }
        }
        return nil
    }

    /// The next entry of `stepping`, taken; `nil` after the last. A damaged one abandons the
    /// message.
    private func takeMessageEntry(_ stepping: inout EntriesCursor) throws -> EntriesCursor.Entry? {
        do throws(ArchiveFormatError) { return try stepping.next(in: reader) } catch { throw abandonMessageRead() }
    }

    /// The entries of cursor `cursor`'s container that no key of `keys` takes, read as the
    /// general path reads them (`ArchiveDirectKeyedDecodingContainer.unknownFields()`), when an
    /// entry for no key was passed over; none otherwise. Entries left untaken give the message up.
    func messageUnknownFields(keys: ArchiveKeySet, cursor: Int, depth: Int) throws -> ArchiveUnknownFields {
        let entries = messageCursors[cursor]
        guard entries.next == entries.end else { throw abandonMessageRead() }
        guard entries.passedUnknown > 0 else { return ArchiveUnknownFields() }
        let top = directSlots.top
        defer { directSlots.top = top }
        // The general path's own reads, on the container's bytes; an error is its to throw.
        readsMessage = false
        defer { readsMessage = true }
        do {
            let (opened, slots) = try openDirectContainer(keys, at: entries.containerLocation, path: .root, depth: depth)
            let general = ArchiveDirectKeyedDecodingContainer(state: self, entries: opened, keys: keys, path: .root, depth: depth, slots: slots)
            return try general.unknownFields()
        } catch {
            throw abandonMessageRead()
        }
    }

    /// The position in `keys` of the key of cursor `cursor`'s only entry, which is not taken:
    /// an enum's case, whose container `nestedContainer` then takes. Fewer or more entries, or
    /// one that no key matches, abandon the message (the general path skips entries the key type
    /// does not accept, and counts the rest).
    func onlyMessageKey(keys: ArchiveKeySet, cursor: Int) throws -> Int {
        let entries = messageCursors[cursor]
        guard entries.count < limits.maximumCollectionCount else { throw abandonMessageRead() }
        var stepping = entries.stepping
        guard let read = try messageEntry(stepping) else { throw abandonMessageRead() }
        let key = try messagePosition(read.key, keys: keys)
        do throws(ArchiveFormatError) { _ = try stepping.take(read, in: reader) } catch { throw abandonMessageRead() }
        guard key >= 0, key < keys.count, stepping.isAtEnd else { throw abandonMessageRead() }
        return key
    }

    /// The key of the next entry at `stepping`, read but not taken; `nil` after the last entry.
    /// A malformed key varint abandons the message.
    @inline(__always)
    private func messageEntry(_ stepping: EntriesCursor) throws -> EntriesCursor.Key? {
        do throws(ArchiveFormatError) { return try stepping.key(in: reader) } catch { throw abandonMessageRead() }
    }

    /// The position (`ArchiveKeySet.positionCount`) of the key varint `wire`: a key's, else an
    /// alias's, else −1. A string key outside the key table abandons the message.
    @inline(__always)
    private func messagePosition(_ wire: UInt64, keys: ArchiveKeySet) throws -> Int {
        if wire & 1 == 0 { return keys.position(forIntegerWire: wire) }
        guard wire >> 1 < UInt64(keyTable.count) else { throw abandonMessageRead() }
        return namePosition(forTableIndex: Int(wire >> 1), keys: keys)
    }
}

extension ArchiveDecoder {
    /// The value message reading alone reads from `data` with these options, or `nil` if it
    /// abandons it or does not try (whatever types it gave up on before). For the tests: `decode` never says which path read an archive.
    func messageValue<T: Decodable>(_ type: T.Type, from data: Data) -> T? {
        data.withUnsafeBytes { bytes -> T? in
            guard readsMessages, var state = try? openState(bytes) else { return nil }
            defer { DecodingState.recycle(&state) }
            guard (try? state.load()) != nil else { return nil }
            return state.decodeRootAsMessage(T.self, at: state.rootLocation)
        }
    }
}
