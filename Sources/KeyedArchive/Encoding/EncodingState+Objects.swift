/// Class instances under `ArchiveEncoder.preservesObjectIdentity`.
///
/// Each instance gets a number the first time it is met, and keeps it. The first time its
/// value is written after a marker (`7E` + number); every later time only a placeholder
/// (`12` + number). The late-write pass (`LateWritePass`) turns these into the archive's
/// shared objects and references once document order is known; if no instance occurred twice,
/// the markers only come off (`EncodingState+UnsharedInstances.swift`). Each instance's
/// `encode(to:)` runs once, however often it occurs.
///
/// A first occurrence the archive leaves out still counts: the late-write pass indexes the values
/// it leaves out (a key written again, a value that threw after others followed it) and writes
/// such an instance in full where it next occurs. Only one whose bytes are gone, cut off with a
/// value that threw, makes the instance new again: its next occurrence is written in full. (A
/// value that threw is not cut off if it holds a first occurrence that a reference names:
/// see `holdsReferencedInstances`.)
extension EncodingState {
    /// `value.encode(to: encoder)` for a class instance `id`, numbered; cycles are checked by
    /// the caller's rule, here too.
    func encodeNumberedInstance<T: Encodable>(_ value: T, with encoder: EncoderImpl, in sink: EncodingSink, id: ObjectIdentifier) throws {
        wroteObjectMarkers = true
        let known = objects.number(of: id)
        if let number = known, objects.isWritten(number) {
            let slot = encoder.claimSingleValueSlot()
            slot.writer.append(WireTag.reference)
            slot.writer.appendVarint(UInt64(number))
            objects.noteReference(to: number)
            return
        }
        let number: Int
        if let known {
            number = known
            objects.markWrittenAgain(number)
        } else {
            number = objects.add(unsafeBitCast(value, to: AnyObject.self), id: id)
        }
        sink.firstOccurrences.append((sink.writer.count, number, sink.slotAtEnd()))
        sink.writer.append(EncoderMarker.firstOccurrence)
        sink.writer.appendVarint(UInt64(number))
        instancesInProgress.append((id, Unmanaged.passUnretained(encoder)))
        defer { instancesInProgress.removeLast() }
        do {
            try encodeInstanceValue(value, with: encoder, in: sink)
        } catch {
            // What was written of the value is left out (cut off, or dropped by the late-write
            // pass): the instance is written in full when met again, under a new number, so
            // that the incomplete value, if its bytes stay, is never taken for it. The instances
            // in it that were written in full stay written unless cut off (`loseFirstOccurrences`).
            objects.retire(number)
            throw error
        }
    }

    /// After the bytes of `sink` from `offset` on were cut off: the first occurrences written
    /// there are gone, and those instances are written in full when met again.
    func loseFirstOccurrences(in sink: EncodingSink, from offset: Int) {
        // Offsets are recorded as `writer.count` when written, which only grows (a container
        // whose length prefix grows moves what follows it later, never earlier), so the ones
        // cut off are the last ones.
        while let last = sink.firstOccurrences.last, last.offset >= offset {
            objects.lose(last.number)
            sink.firstOccurrences.removeLast()
        }
    }
}

/// The class instances an encoder has met, numbered in that order, and whether each one's first
/// occurrence is written. The instances are retained: an instance freed during `encode` (a
/// computed property's temporary) could otherwise leave its address, and so its
/// `ObjectIdentifier`, to a new one.
///
/// Numbers are never reused: a reference written to an instance whose first occurrence was then
/// lost (into a container kept from earlier) must never name another instance.
struct ObjectNumbers {
    private struct Instance {
        let object: AnyObject
        /// Whether its first occurrence is in the encoder's bytes.
        var isWritten: Bool
        /// Whether a reference to it was written.
        var isReferenced: Bool
    }

    private var numbers: [ObjectIdentifier: Int] = [:]
    private var instances: [Instance] = []
    /// Whether a reference (`12` + number) was written: an instance occurred twice, so the
    /// late-write pass must share it. Without, every marker only comes off.
    private(set) var wroteReferences = false

    /// How many numbers were given out.
    var count: Int { instances.count }

    /// Forgets every instance, for a new archive (keeping the storage for the next one).
    mutating func reset() {
        wroteReferences = false
        guard !instances.isEmpty else { return }
        numbers.removeAll(keepingCapacity: true)
        instances.removeAll(keepingCapacity: true)
    }

    /// The number of instance `id`, if it has one.
    func number(of id: ObjectIdentifier) -> Int? { numbers[id] }

    /// Whether instance `number`'s first occurrence is written: later ones refer to it.
    func isWritten(_ number: Int) -> Bool { instances[number].isWritten }

    /// A number for `object`, met for the first time; its first occurrence is being written.
    mutating func add(_ object: AnyObject, id: ObjectIdentifier) -> Int {
        numbers[id] = instances.count
        instances.append(Instance(object: object, isWritten: true, isReferenced: false))
        return instances.count - 1
    }

    /// Instance `number`'s first occurrence is being written again (the last one was lost).
    mutating func markWrittenAgain(_ number: Int) {
        instances[number].isWritten = true
    }

    /// A reference to instance `number` was written.
    mutating func noteReference(to number: Int) {
        instances[number].isReferenced = true
        wroteReferences = true
    }

    /// Whether a reference to instance `number` was written.
    func isReferenced(_ number: Int) -> Bool { instances[number].isReferenced }

    /// Marks instance `number`'s first occurrence as no longer written.
    mutating func lose(_ number: Int) {
        instances[number].isWritten = false
    }

    /// Gives up `number`: the instance gets a new one when met again.
    mutating func retire(_ number: Int) {
        instances[number].isWritten = false
        numbers[ObjectIdentifier(instances[number].object)] = nil
    }
}
