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
// Message mode handles a closed world: scalars and the other native values, optionals, and
// values with generated code (structs, raw-value and associated-value enums, arrays of them)
// within the depth limit. Anything else — a value that needs `encode(to:)`, a class instance, a
// key set whose keys could repeat, a container written out of order, a value that writes
// nothing, anything that throws — *abandons* the message: its bytes are thrown away and the
// general path encodes the value from the start, with every check and error it has. Generated
// code only reads stored properties, so running it again changes nothing, and the general path
// writes the same bytes (the tests compare every message-mode archive with it).

/// Thrown inside message mode to leave it; never seen outside `ArchiveEncoder`.
struct MessageAbandoned: Error {}

/// The containers open while a message is written, outermost first: the container at depth
/// `d` is `frames[d - 1]`, since generated code opens each container inside the one open above
/// it.
struct MessageContainers {
    struct Frame {
        /// Tells containers apart: a container struct kept after its container closed must not
        /// write into another container at the same depth.
        let serial: Int
        let kind: ContainerLayout.Kind
        let payloadStart: Int
        /// Elements of an unkeyed container, known when it is opened.
        let count: Int
    }

    private(set) var frames: [Frame] = []
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
    mutating func push(_ kind: ContainerLayout.Kind, payloadStart: Int, count: Int) -> Int {
        nextSerial &+= 1
        frames.append(Frame(serial: nextSerial, kind: kind, payloadStart: payloadStart, count: count))
        return nextSerial
    }

    @inline(__always)
    mutating func pop() -> Frame { frames.removeLast() }

    var depth: Int { frames.count }

    /// Forgets the open containers, keeping the memory for the next message. Serials go on
    /// counting: a container kept from an earlier message never matches a new one.
    mutating func reset() {
        if !frames.isEmpty { frames.removeAll(keepingCapacity: true) }
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
            try encodeMessageValue(value, as: direct, depth: 1)
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
        main.reset()
        keyTable.reset()
        messageContainers.reset()
        return false
    }

    /// The types whose messages were abandoned, for the whole process.
    static let typesAbandonedAsMessages = RememberedTypes.Shared()

    /// Writes `value` through its generated code at the end of the message (its key, if any,
    /// written), at depth `depth`. Past the depth limit, even a single value is the general
    /// path's error.
    func encodeMessageValue<T: ArchiveDirectEncodable>(_ value: T, depth: Int) throws {
        guard depth <= maximumDepth else { throw abandonMessage() }
        var encoder = ArchiveMessageEncoder(state: self, depth: depth)
        try T._archiveEncode(value, to: &encoder)
        // A value that writes nothing is `{}` on the general path, and an error at the top.
        guard encoder.wroteValue else { throw abandonMessage() }
    }

    /// `encodeMessageValue(_:depth:)` for a value whose type `directEncodableType` found to be
    /// `direct`.
    @inline(__always)
    func encodeMessageValue<T: Encodable>(_ value: T, as direct: any ArchiveDirectEncodable.Type, depth: Int) throws {
        func write<D: ArchiveDirectEncodable>(_ type: D.Type) throws {
            // `D` is `T`: the lookup only gave it a name.
            try encodeMessageValue(unsafeBitCast(value, to: D.self), depth: depth)
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

    /// Opens a container of `kind` at the end of the message, at depth `depth`; an unkeyed one
    /// holds `count` elements. Returns its serial, or 0, which no container has, past the depth
    /// limit (the general path's error) or outside the message: the message is given up then,
    /// and no write reaches the container.
    @inline(__always)
    func openMessageContainer(_ kind: ContainerLayout.Kind, depth: Int, count: Int = 0) -> Int {
        guard writesMessage, depth <= maximumDepth, messageContainers.depth == depth - 1 else {
            _ = abandonMessage()
            return 0
        }
        let payloadStart = ContainerLayout.open(kind, in: &main.writer)
        return messageContainers.push(kind, payloadStart: payloadStart, count: count)
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
