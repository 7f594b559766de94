/// What user code wrote out of order during one `encode` call: the late-write pass's input
/// (`LateWritePass`), besides the sinks' bytes. Empty for an archive written in order, which
/// then needs no pass (`Encoding/README.md`).
///
/// Everything here names containers and values by position (`ContainerID`, `ValueSlot`), never
/// by a count, so the encoder and the pass that reads the finished bytes agree on what is meant.
struct LateWrites {
    /// Late entries for containers that were already closed, by container.
    var appendSinks: [ContainerID: EncodingSink] = [:]
    /// Values replaced after they were written, by their slot: the placeholder `{}` of a super
    /// encoder filled late, or a single value that threw. The sink's root value takes the place.
    var replacements: [ValueSlot: EncodingSink] = [:]
    /// Keyed containers that received the same key twice: the last value wins.
    var duplicateKeyContainers: Set<ContainerID> = []
    /// Entries of values that threw after other writes had followed them, so that their bytes
    /// could not be cut off: the late-write pass leaves them out. By the slot of the entry's first
    /// byte (its key, or the element).
    var droppedEntries: Set<ValueSlot> = []
    /// The `{}` placeholders of keyed containers' super encoders that have not written anything
    /// yet (see `EncoderImpl.isSuperEncoder`). Not itself a late write: it tells a key written
    /// again after `superEncoder(forKey:)` from a repeated key.
    var unclaimedSuperPlaceholders: Set<ContainerID> = []
    /// Containers continued through the slot of the value they are (`EncodingState.container(at:kind:depth:)`):
    /// someone else may hold them. Not itself a late write: it tells an encoder writing a value
    /// late over its `{}` placeholder that the placeholder must be continued, not replaced.
    var continuedContainers: Set<ContainerID> = []
    /// Set when a value that threw was rolled back: keys it added to the key table stay there,
    /// unreferenced or numbered before keys written after them, so the table must be rebuilt
    /// in document order (`Spec/FORMAT.md` §8.2).
    var rolledBack = false

    /// Whether the sinks hold the archive in order: no table above is used and nothing was
    /// rolled back (otherwise the late-write pass rewrites it).
    @inline(__always)
    var isEmpty: Bool {
        appendSinks.isEmpty && replacements.isEmpty && duplicateKeyContainers.isEmpty && droppedEntries.isEmpty && !rolledBack
    }

    /// Forgets everything, for a new archive. Each table is emptied only if used: most archives
    /// use none. Inlined: it runs for every archive, messages included.
    @inline(__always)
    mutating func reset() {
        if !appendSinks.isEmpty { appendSinks.removeAll() }
        if !replacements.isEmpty { replacements.removeAll() }
        if !duplicateKeyContainers.isEmpty { duplicateKeyContainers.removeAll() }
        if !droppedEntries.isEmpty { droppedEntries.removeAll() }
        if !unclaimedSuperPlaceholders.isEmpty { unclaimedSuperPlaceholders.removeAll() }
        if !continuedContainers.isEmpty { continuedContainers.removeAll() }
        rolledBack = false
    }
}
