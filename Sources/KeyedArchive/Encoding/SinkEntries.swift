/// The entries of one container (or of a side sink's top level) as the encoder wrote them into
/// a sink: the one loop over a container's entries in the encoder, shared by the late-write pass
/// (`LateWritePass`, which writes them) and the encoder's lookup of a container held under a key
/// (`EncodingState.containerHeld`, which continues it).
///
/// Each entry is named by the slot of its first byte (its key, or the element), in the terms
/// of `ValueSlot`, which is how `LateWrites.droppedEntries` names the entries left out.
struct SinkEntries {
    /// One entry: its key (0 in an unkeyed container), the slot of its first byte, and where
    /// its value starts and ends in the sink.
    struct Entry {
        let key: UInt64
        let slot: ValueSlot
        let value: Int
        let end: Int
    }

    let reader: ByteReader
    let sink: Int
    /// The container's entries in the sink (they begin at its lower bound).
    let range: Range<Int>
    let keyed: Bool
    /// The serial of the container (`ContainerRecord.topLevel` for a sink's top level).
    let parent: Int

    /// Calls `body` with each entry, in order.
    func forEach(_ body: (Entry) -> Void) throws(ArchiveFormatError) {
        var cursor = EntriesCursor(from: range.lowerBound, to: range.upperBound, isKeyed: keyed)
        while let entry = try cursor.next(in: reader) {
            let slot = ValueSlot(sink: sink, parent: parent, offset: entry.start - range.lowerBound)
            body(Entry(key: entry.key, slot: slot, value: entry.value, end: entry.end))
        }
    }
}
