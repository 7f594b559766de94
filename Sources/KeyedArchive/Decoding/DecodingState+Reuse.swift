/// Decoding states are kept between calls, one per thread (`ThreadSpare`), as encoding states
/// are (`EncodingState+Reuse.swift`): a small message's decoding would otherwise be mostly the
/// building and freeing of the state, and the conformance lookups its type verdicts save.
///
/// A state goes back to its thread only when nothing else refers to it: a container or decoder
/// that `init(from:)` kept holds the state, and reads through it later, so that state keeps the
/// archive (`detach()`) and is never reused. Before it waits, `reset()` empties everything the
/// archive put in it.
extension DecodingState: ThreadSpareObject {
    /// This thread's spare states.
    private static let spares = ThreadSpare<DecodingState>()

    /// A state reading `bytes`, for one `decode` call: this thread's spare, or a new one.
    /// `owned` is memory holding `bytes` that the state frees when it is done.
    static func make(bytes: UnsafeRawBufferPointer, owned: consuming OwnedBytes?, userInfo: [CodingUserInfoKey: any Sendable],
                     limits: ArchiveDecoder.Limits, references: ReferenceForm, usesGeneratedCode: Bool,
                     readsMessages: Bool) -> DecodingState {
        let state: DecodingState
        if let spare = spares.take() {
            spare.start(bytes: bytes, owned: owned, userInfo: userInfo, limits: limits, references: references)
            state = spare
        } else {
            state = DecodingState(bytes: bytes, owned: owned, userInfo: userInfo, limits: limits, references: references)
        }
        state.usesGeneratedCode = usesGeneratedCode
        state.readsMessages = readsMessages
        return state
    }

    /// Ends `state`'s call: lets go of its spare decoders, then keeps it, emptied, as this
    /// thread's spare if nothing else refers to it; otherwise gives it a copy of the archive,
    /// since the caller's buffer is only lent for the call.
    static func recycle(_ state: inout DecodingState) {
        // Spare decoders refer back to the state: let go of them first. Containers kept past the
        // call may still decode, but their decoders are not pooled then (nothing would empty
        // the pool again).
        state.reusesDecoders = false
        if !state.spareDecoders.isEmpty { state.spareDecoders.removeAll(keepingCapacity: true) }
        guard isKnownUniquelyReferenced(&state) else {
            state.detach()
            return spares.forget(state)
        }
        guard state.keyTable.count <= 1_024 else { return spares.forget(state) }
        state.reset()
        spares.keep(state)
    }
}
