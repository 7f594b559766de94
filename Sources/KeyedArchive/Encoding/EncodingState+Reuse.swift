#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Encoding states are kept between calls, one per thread (`ThreadSpare`): for a message of a
/// few dozen bytes, building the state, its sink, buffers and tables, and asking again which
/// types have generated code, cost many times what writing the message does.
///
/// A state goes back to its thread only when it is certainly done with: nothing else refers to
/// it (a container or encoder that `encode(to:)` kept would hold it, and write into it later),
/// and it is small (a state that wrote a large archive gives its memory back instead). Before it
/// waits, `reset()` empties everything an archive put in it; what it keeps does not depend on
/// the archive (the type verdicts, the integer-key answers, the buffers' memory).
extension EncodingState: ThreadSpareObject {
    /// This thread's spare states.
    private static let spares = ThreadSpare<EncodingState>()

    /// The largest archive `finish` copies out of the state's buffer, leaving the buffer for
    /// the next call; a larger one takes the buffer with it. A copy of 32 KiB costs less than
    /// the buffer's regrowth from its first size would.
    static let largestCopiedArchive = 32 << 10

    /// A state for one `encode` call: this thread's spare, or a new one.
    static func make(userInfo: [CodingUserInfoKey: any Sendable], maximumDepth: Int, deterministic: Bool,
                     preservesObjectIdentity: Bool, usesGeneratedCode: Bool) -> EncodingState {
        let state: EncodingState
        if let spare = spares.take() {
            spare.setOptions(userInfo: userInfo, maximumDepth: maximumDepth, deterministic: deterministic,
                             preservesObjectIdentity: preservesObjectIdentity)
            state = spare
        } else {
            state = EncodingState(userInfo: userInfo, maximumDepth: maximumDepth, deterministic: deterministic,
                                  preservesObjectIdentity: preservesObjectIdentity)
        }
        state.usesGeneratedCode = usesGeneratedCode
        return state
    }

    /// Ends `state`'s call: lets go of its encoders and, if nothing else refers to it and it
    /// stayed small, keeps it, emptied, as this thread's spare.
    static func recycle(_ state: inout EncodingState) {
        // Encoders refer back to the state (pending ones are held by sinks): let go of them
        // first, or neither is ever freed, and the state never looks unshared.
        state.releaseEncoders()
        guard isKnownUniquelyReferenced(&state), state.isSmall else { return spares.forget(state) }
        state.reset()
        spares.keep(state)
    }

    /// Whether keeping the state holds little memory: its buffers and tables are those of a
    /// small archive.
    private var isSmall: Bool {
        sinks.count == 1 && main.writer.capacity <= 2 * Self.largestCopiedArchive && main.records.count <= 4_096
            && keyTable.count <= 1_024 && keyTable.retainedByteCount <= 64 * 1_024
    }

    /// Empties everything the last archive put in the state.
    private func reset() {
        main.reset()
        keyTable.reset()
        messageContainers.reset()
        objects.reset()
        wroteObjectMarkers = false
        lateWrites.reset()
        if !instancesInProgress.isEmpty { instancesInProgress.removeAll(keepingCapacity: true) }
        if !depthErrors.isEmpty { depthErrors.removeAll() }
        isFinished = false
        // The options are the next call's (`make`); the user's values are not kept meanwhile.
        if !userInfo.isEmpty { setOptions(userInfo: [:], maximumDepth: maximumDepth, deterministic: false, preservesObjectIdentity: false) }
    }
}
