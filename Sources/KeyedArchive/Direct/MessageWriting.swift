#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// Writing a message: a value whose type has generated code, written by that code alone.
//
// Most of what a small archive costs is not its bytes but the machinery that makes
// `encode(to:)` safe whatever it does: frames and records per container, coding-path nodes,
// pending slots, marks to roll back, late writes. Generated code needs none of it. It writes
// each container once, in order, every key at most once, and calls no user code. So
// `ArchiveEncoder` first tries the value in *message mode*: containers are a stack of open
// payloads in the main sink, and a write goes straight to the end of the bytes.
//
// Message mode writes what generated code writes: scalars and the other native values,
// optionals, and values with generated code (structs, raw-value and associated-value enums,
// arrays of them) within the depth limit. A value it cannot write itself — one that needs
// `encode(to:)`, a class instance — is written *in place*, once, by the general path: its
// encoder starts at the end of the message's bytes, with the coding path the general path
// would give it (`MessagePath.swift`), and when it returns its containers are closed and the
// message goes on (`encodeInMessage`). What the general path alone can finish — a write out
// of order (which needs the late-write pass), an encoder or container user code kept, a key
// set whose keys could repeat, unknown fields that could, a value that writes nothing, the
// depth limit, anything that throws — *abandons* the message: its bytes are thrown away and
// the general path encodes the value from the start, with every check and error it has.
// Generated code only reads stored properties, so running it again changes nothing, and the
// general path writes the same bytes (the tests compare every message-mode archive with it).
// What a restart costs, and why it is left for those cases: `Direct/README.md`.

/// Thrown inside message mode to leave it; never seen outside `ArchiveEncoder`.
struct MessageAbandoned: Error {}

/// The containers open while a message is written, outermost first: the container at depth
/// `d` is `frames[d - 1]`, since generated code opens each container inside the one open above
/// it.
struct MessageContainers: ~Copyable {
    struct Frame {
        /// Tells containers apart: a container struct kept after its container closed must not
        /// write into another container at the same depth.
        let serial: Int
        let kind: ContainerLayout.Kind
        let payloadStart: Int
        /// Elements of an unkeyed container, known when it is opened.
        let count: Int
        /// How the container is reached from the one around it (`MessagePath.swift`).
        let step: MessageStep
    }

    // A `GrowableBuffer`, not an `Array`: every container of every message is pushed and
    // popped, and an array's uniqueness checks per push cost more than the push.
    private var frames = GrowableBuffer<Frame>(capacity: 16)
    private var nextSerial = 0

    /// Whether the container `serial` at depth `depth` is the innermost open one.
    @inline(__always)
    func isInnermost(serial: Int, depth: Int) -> Bool {
        frames.count == depth && depth > 0 && frames[depth - 1].serial == serial
    }

    /// Whether the container `serial` at depth `depth` is open (with others inside it, maybe).
    func isOpen(serial: Int, depth: Int) -> Bool {
        depth >= 1 && frames.count >= depth && frames[depth - 1].serial == serial
    }

    /// Opens a container whose payload starts at `payloadStart`; returns its serial.
    @inline(__always)
    mutating func push(_ kind: ContainerLayout.Kind, payloadStart: Int, count: Int, step: MessageStep) -> Int {
        nextSerial &+= 1
        frames.append(Frame(serial: nextSerial, kind: kind, payloadStart: payloadStart, count: count, step: step))
        return nextSerial
    }

    /// The coding path of the container at depth `depth` (the root value's at 1), which is open.
    func path(ofDepth depth: Int) -> CodingPathNode? {
        CodingPathNode(messageSteps: depth) { frames[$0].step }
    }

    @inline(__always)
    mutating func pop() -> Frame { frames.removeLast() }

    var depth: Int { frames.count }

    /// Forgets the open containers, keeping the memory for the next message. Serials go on
    /// counting: a container kept from an earlier message never matches a new one.
    mutating func reset() {
        frames.truncate(to: 0)
    }
}

extension EncodingState {
    /// Whether `T` may be tried in message mode with this call's options: a value type with
    /// generated code, not abandoned before on this thread, and options that add nothing the
    /// message writer does not do (deterministic order and object identity rewrite the bytes).
    @inline(__always)
    func messageType<T: Encodable>(_ type: T.Type) -> (any ArchiveDirectEncodable.Type)? {
        guard usesGeneratedCode, !deterministic, !preservesObjectIdentity, let direct = directEncodableType(type) else { return nil }
        return abandonedMessageTypes.contains(type) ? nil : direct
    }

    /// Writes `value` in message mode after the header; returns `false`, with everything it
    /// wrote undone, if it had to abandon the message.
    func encodeMessage<T: Encodable>(_ value: T, as direct: any ArchiveDirectEncodable.Type) -> Bool {
        writeHeader()
        writesMessage = true
        messageWasAbandoned = false
        do {
            try encodeMessageValue(value, as: direct, depth: 1, step: .root)
        } catch {
            // `MessageAbandoned`, or an error thrown by a hand-written `_archiveEncode`: the
            // general path throws it again, with its coding path.
            messageWasAbandoned = true
        }
        writesMessage = false
        if !messageWasAbandoned {
            closeMessageContainers(downTo: 0)
            return true
        }
        abandonedMessageTypes.remember(T.self)
        // As a value that threw is rolled back: the bytes go, and every container a value
        // written in place recorded is cut off, its serial not reused, so that a container
        // struct its `encode(to:)` kept cannot write into the archive written again.
        main.rollBack(to: .start, addedEntries: 0, addedKey: nil)
        keyTable.reset()
        messageContainers.reset()
        lateWrites.reset()
        if !depthErrors.isEmpty { depthErrors.removeAll() }
        return false
    }

    /// The types whose messages were abandoned, for the whole process.
    static let typesAbandonedAsMessages = RememberedTypes.Shared()

    /// Writes `value` through its generated code at the end of the message (its key, if any,
    /// written), at depth `depth`, reached by `step`. Past the depth limit, even a single value
    /// is the general path's error.
    func encodeMessageValue<T: ArchiveDirectEncodable>(_ value: T, depth: Int, step: MessageStep) throws {
        guard depth <= maximumDepth else { throw abandonMessage() }
        var encoder = ArchiveMessageEncoder(state: self, depth: depth, step: step)
        try T._archiveEncodeMessage(value, to: &encoder)
        // A value that writes nothing is `{}` on the general path, and an error at the top.
        guard encoder.wroteValue else { throw abandonMessage() }
    }

    /// `encodeMessageValue(_:depth:)` for a value whose type `directEncodableType` found to be
    /// `direct`.
    @inline(__always)
    func encodeMessageValue<T: Encodable>(_ value: T, as direct: any ArchiveDirectEncodable.Type, depth: Int, step: MessageStep) throws {
        func write<D: ArchiveDirectEncodable>(_ type: D.Type) throws {
            // `D` is `T`: the lookup only gave it a name.
            try encodeMessageValue(unsafeBitCast(value, to: D.self), depth: depth, step: step)
        }
        try write(direct)
    }

    /// Gives up the message: every later message-mode write throws, and `encodeMessage` undoes
    /// it. The caller throws what this returns, where it can.
    func abandonMessage() -> MessageAbandoned {
        writesMessage = false
        messageWasAbandoned = true
        return MessageAbandoned()
    }

    /// Opens a container of `kind` at the end of the message, at depth `depth`, reached by
    /// `step`; an unkeyed one holds `count` elements. Returns its serial, or 0, which no
    /// container has, past the depth limit (the general path's error) or outside the message:
    /// the message is given up then, and no write reaches the container.
    @inline(__always)
    func openMessageContainer(_ kind: ContainerLayout.Kind, depth: Int, count: Int = 0, step: MessageStep) -> Int {
        guard writesMessage, depth <= maximumDepth, messageContainers.depth == depth - 1 else {
            _ = abandonMessage()
            return 0
        }
        let payloadStart = ContainerLayout.open(kind, in: &main.writer)
        return messageContainers.push(kind, payloadStart: payloadStart, count: count, step: step)
    }

    /// Writes `value`, which the message cannot write itself (it needs `encode(to:)`, or is a
    /// class instance), in place: at the end of the message (its key or element already
    /// written), at depth `depth`, by the general path, whose encoder sees the coding path of
    /// the container at depth `depth - 1` and `component`. The value's containers are closed
    /// when it returns, and the message goes on.
    ///
    /// What the general path could only finish with the late-write pass (a write out of order,
    /// a repeated key, a new sink), an encoder or container of the value that user code kept, a
    /// container past the depth limit, and a value that throws give the message up: the general
    /// path writes the archive again (running the value's `encode(to:)` again) and throws its
    /// error.
    @inline(never)
    func encodeInMessage<T: Encodable>(_ value: T, component: @autoclosure () -> PathComponent, depth: Int) throws {
        guard writesMessage, depth <= maximumDepth, main.stack.count == 0, main.pendingSlot == nil,
              let parentPath = messageContainers.path(ofDepth: depth - 1) else { throw abandonMessage() }
        let sinkCount = sinks.count
        // The general path's own writes: a message container is not written meanwhile.
        writesMessage = false
        do {
            var encoder = try encodeValue(value, in: main, parentPath: parentPath,
                                          component: component(), depth: depth, optionalDepth: 1)
            // A value that wrote nothing is `{}`, as the general path writes it; so is a nested
            // encoder's (a super encoder never written through), which the general path resolves
            // at the parent's next write, before it closes the value's containers.
            if main.pendingSlot != nil { resolvePendingSlot(in: main) }
            // An encoder or container user code kept may be used again: the general path finds
            // the value again by positions relative to its containers, which a message does not
            // record (the value's records are relative to the sink, whose bytes move when a
            // message container's length prefix grows). The general path writes such a value.
            if encoder != nil && !isKnownUniquelyReferenced(&encoder) { throw abandonMessage() }
            recycle(&encoder)
        } catch {
            throw abandonMessage()
        }
        // Its containers were left open for user code to come back to; it cannot now (a write
        // through one kept would be out of order: into a side sink, noted in `lateWrites`).
        main.close(downTo: 0)
        guard lateWrites.isEmpty, sinks.count == sinkCount, depthErrors.isEmpty else { throw abandonMessage() }
        writesMessage = true
    }

    /// Makes the container `serial` at depth `depth` the innermost open container of the
    /// message, closing those inside it. Returns `false`, giving the message up, if that cannot
    /// be: the message was given up, or the container is closed (kept after its parent moved on).
    @inline(__always)
    func reachMessageContainer(serial: Int, depth: Int) -> Bool {
        guard writesMessage else { return false }
        if messageContainers.isInnermost(serial: serial, depth: depth) { return true }
        return reachMessageContainerSlowly(serial: serial, depth: depth)
    }

    @inline(never)
    private func reachMessageContainerSlowly(serial: Int, depth: Int) -> Bool {
        guard messageContainers.isOpen(serial: serial, depth: depth) else {
            _ = abandonMessage()
            return false
        }
        closeMessageContainers(downTo: depth)
        return true
    }

    /// Closes open containers until `remaining` are left, writing their lengths.
    func closeMessageContainers(downTo remaining: Int) {
        while messageContainers.depth > remaining {
            let frame = messageContainers.pop()
            ContainerLayout.close(frame.kind, payloadStart: frame.payloadStart, count: frame.count, in: &main.writer)
        }
    }
}

extension ArchiveEncoder {
    /// The archive of `value` as message mode writes it with these options, or `nil` if message
    /// mode leaves it to the general path; tried on a state of its own that has not abandoned
    /// any type yet. For the tests: `encode` never says which path wrote an archive.
    func messageArchive<T: Encodable>(of value: T) -> Data? {
        let state = EncodingState(userInfo: userInfo, maximumDepth: maximumDepth, deterministic: deterministic,
                                  preservesObjectIdentity: preservesObjectIdentity)
        state.usesGeneratedCode = usesGeneratedCode
        state.abandonedMessageTypes = RememberedTypes(sharing: EncodingState.typesAbandonedAsMessages, seeded: false)
        defer { state.releaseEncoders() }
        guard writesMessages, let direct = state.messageType(T.self), state.encodeMessage(value, as: direct) else { return nil }
        return state.data(of: state.finishInMainSink(compression: compression, checksum: checksum))
    }
}
