/// Class instances under `ArchiveEncoder.preservesObjectIdentity`.
///
/// Each instance gets a number the first time it is met. That first time its value is written
/// after a marker (`7E` + number); every later time only a placeholder (`12` + number), unless
/// the encoder is on its second attempt and writes every occurrence in full. The object-graph
/// pass (`ObjectGraphPass`) turns these into the archive's shared objects and references once
/// document order is known.
extension EncodingState {
    /// `value.encode(to: encoder)` for a class instance `id`, numbered; cycles are checked by
    /// the caller's rule, here too.
    func encodeNumberedInstance<T: Encodable>(_ value: T, with encoder: EncoderImpl, in sink: EncodingSink, id: ObjectIdentifier) throws {
        let object = unsafeBitCast(value, to: AnyObject.self)
        wroteObjectMarkers = true
        if !writesEveryOccurrence, let number = objects.number(of: id) {
            let slot = encoder.claimSingleValueSlot()
            slot.writer.append(WireTag.reference)
            slot.writer.appendVarint(UInt64(number))
            return
        }
        let numbered = objects.count
        let number = objects.number(of: id) ?? objects.add(object, id: id)
        sink.writer.append(WireTag.encoderSharedObject)
        sink.writer.appendVarint(UInt64(number))
        instancesInProgress.append((id, Unmanaged.passUnretained(encoder)))
        defer { instancesInProgress.removeLast() }
        do {
            try encodeInstanceValue(value, with: encoder, in: sink)
        } catch {
            // The value is rolled back, and with it the first occurrences of the instances
            // numbered while it was written: they are new again if met later.
            if !writesEveryOccurrence { objects.forget(from: numbered) }
            throw error
        }
    }
}

/// The class instances an encoder has met, numbered in that order. The instances are retained:
/// an instance freed during `encode` (a computed property's temporary) could otherwise leave
/// its address, and so its `ObjectIdentifier`, to a new one.
struct ObjectNumbers {
    private var numbers: [ObjectIdentifier: Int] = [:]
    private var instances: [AnyObject] = []

    var count: Int { instances.count }

    /// Forgets every instance, for a new archive.
    mutating func reset() { if !instances.isEmpty { self = ObjectNumbers() } }

    func number(of id: ObjectIdentifier) -> Int? { numbers[id] }

    mutating func add(_ object: AnyObject, id: ObjectIdentifier) -> Int {
        numbers[id] = instances.count
        instances.append(object)
        return instances.count - 1
    }

    /// Forgets the instances numbered `first` and later.
    mutating func forget(from first: Int) {
        for object in instances[first...] { numbers[ObjectIdentifier(object)] = nil }
        instances.removeSubrange(first...)
    }
}
