#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// Reading a message: a value whose type has generated code, read by that code alone, entry by
// entry in the order it was written.
//
// The general path opens a keyed container by checking all of its entries first
// (`ByteReader.keyedFraming`) and noting where each key's value is (`DirectKeySlots`); every
// read is then a lookup. That is what any order of reads needs. Generated code reads its keys
// in the order its own code writes them, so an archive it wrote can be read with one cursor per
// container: each read takes the next entry, checks it as the framing check would (its key
// refers into the key table, the container's entry limit, the value ends inside the
// container), and a key set's position never goes back, so no key can repeat. When the code
// has read its value, every entry of its containers must have been taken.
//
// Message reading reads what generated code reads: containers read through generated code,
// single values, arrays and native values, in archives without shared objects or two
// spellings of a key. A value only its `init(from:)` reads (a dictionary, a plain `Codable`
// type) is read *in place*, once, by the general path: its decoder starts at the value's
// bytes with the coding path the general path would give it (`MessagePath.swift`), and the
// message goes on after it (`decodeInMessage`). Anything else — a read out of order, an entry
// no key matches (unknown fields, which the general path collects), an enum's case container
// that holds other entries, `contains` or `decodeNil`, anything that throws — *abandons* the
// message, and the general path reads the archive again from the start, with every check and
// error it has (the `init(from:)` of a value read in place runs again then). Whatever message
// mode accepts, the general path reads the same way (the tests compare the two on valid and
// damaged archives). A type the general path then reads is not tried again; one whose archive
// fails both ways is (damaged bytes say nothing about the type).

/// Thrown inside message reading to leave it; never seen outside `ArchiveDecoder`.
struct MessageReadAbandoned: Error {}

/// The keyed containers open while a message is read, outermost first: a stack, as generated
/// code opens each container while the one it is read from is open.
final class MessageCursors {
    struct Cursor {
        /// Where the next entry starts.
        var next: Int
        /// The end of the container's entries.
        let end: Int
        /// Entries taken so far, for the limit on a container's entries.
        var count: Int
        /// Where the container's key set has its answers in `DecodingState.directNames` (which
        /// key each key-table string matches), once a string key needed them; −1 before. The
        /// key set is the one the cursor's container reads with: `withKeys` shares a cursor
        /// under other keys only after giving the message up, when nothing read is used.
        var names = -1

        /// The entries not taken yet, to step through (the cursor keeps the two offsets only).
        @inline(__always)
        var stepping: EntriesCursor { EntriesCursor(from: next, to: end, isKeyed: true) }
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

    /// Opens a cursor over the entries in `start..<end`; returns its index.
    @inline(__always)
    func push(start: Int, end: Int) -> Int {
        cursors.append(Cursor(next: start, end: end, count: 0))
        return cursors.count - 1
    }

    subscript(index: Int) -> Cursor {
        // A container struct kept after its value was read names a cursor that is gone: a
        // programmer's mistake in hand-written generated code, as with `DirectKeySlots`
        // (`GrowableBuffer` checks the index).
        @inline(__always) get { cursors[index] }
        @inline(__always) set { cursors[index] = newValue }
    }

    /// Whether every cursor from `first` on has taken all its entries; closes them.
    @inline(__always)
    func closeAll(from first: Int) -> Bool {
        var complete = true
        for index in first..<cursors.count {
            let cursor = cursors[index]
            if cursor.next != cursor.end { complete = false }
        }
        cursors.truncate(to: first)
        return complete
    }

    /// The step noted for the value at depth `depth`, if one is known.
    func knownStep(atDepth depth: Int) -> MessageStep? {
        guard depth >= 1, depth <= steps.count, !steps[depth - 1].isUnknown else { return nil }
        return steps[depth - 1]
    }

    /// Closes every cursor, for the next message.
    func reset() { cursors.truncate(to: 0) }
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
        guard readsMessages, archiveAllowsMessages, !notReadAsMessages.contains(T.self) else {
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
        messageCursors.reset()
        let value = try decodeDirectRoot(direct, as: T.self, at: root)
        // Abandoned, yet the general path reads it: the type (or how its archives are written)
        // is outside message reading, and trying again would only read each archive twice.
        notReadAsMessages.remember(T.self)
        return value
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
        guard keys.readsBySlots, depth <= limits.maximumDepth, location.packed == nil, location.offset < location.limit else {
            throw abandonMessageRead()
        }
        var p = location.offset + 1
        switch reader.base.load(fromByteOffset: location.offset, as: UInt8.self) {
        case WireTag.emptyKeyed:
            break
        case WireTag.keyed:
            let length: Int
            do throws(ArchiveFormatError) { length = try reader.length(at: &p, limit: location.limit) } catch { throw abandonMessageRead() }
            return messageCursors.push(start: p, end: p + length)
        default:
            throw abandonMessageRead()
        }
        return messageCursors.push(start: p, end: p)
    }

    /// Where the value of key `index` of `keys` is, taking the next entry of cursor `cursor`;
    /// `nil` if the next entry is a later key or there is none (the key is absent). An entry
    /// for an earlier key or for none abandons the message.
    func nextMessageEntry(_ index: Int, keys: ArchiveKeySet, cursor: Int) throws -> ValueLocation? {
        let entries = messageCursors[cursor]
        var stepping = entries.stepping
        guard let read = try messageEntry(stepping) else { return nil }
        var names = entries.names
        let key = try messageKey(read.key, keys: keys, names: &names)
        if key > index { return nil }
        guard key == index, entries.count < limits.maximumCollectionCount else { throw abandonMessageRead() }
        let entry: EntriesCursor.Entry
        do throws(ArchiveFormatError) { entry = try stepping.take(read, in: reader) } catch { throw abandonMessageRead() }
        messageCursors[cursor] = MessageCursors.Cursor(next: entry.end, end: entries.end, count: entries.count + 1, names: names)
        return ValueLocation(offset: entry.value, limit: entries.end)
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
        var names = entries.names
        let key = try messageKey(read.key, keys: keys, names: &names)
        do throws(ArchiveFormatError) { _ = try stepping.take(read, in: reader) } catch { throw abandonMessageRead() }
        guard key >= 0, stepping.isAtEnd else { throw abandonMessageRead() }
        return key
    }

    /// The key of the next entry at `stepping`, read but not taken; `nil` after the last entry.
    /// A malformed key varint abandons the message.
    @inline(__always)
    private func messageEntry(_ stepping: EntriesCursor) throws -> EntriesCursor.Key? {
        do throws(ArchiveFormatError) { return try stepping.key(in: reader) } catch { throw abandonMessageRead() }
    }

    /// The position in `keys` of the key varint `wire`, or −1 if none matches. A string key
    /// outside the key table abandons the message. `names` is the cursor's
    /// (`MessageCursors.Cursor.names`).
    @inline(__always)
    private func messageKey(_ wire: UInt64, keys: ArchiveKeySet, names: inout Int) throws -> Int {
        if wire & 1 == 0 { return keys.key(forIntegerWire: wire) }
        guard wire >> 1 < UInt64(keyStrings.count) else { throw abandonMessageRead() }
        return directKey(forTableIndex: Int(wire >> 1), keys: keys, names: &names)
    }
}

extension DecodingState {
    /// The types whose messages were abandoned while the general path read them, for the whole
    /// process.
    static let typesNotReadAsMessages = RememberedTypes.Shared()
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
