/// The slow path: writes that do not arrive in byte order.
///
/// User code may write into a container after its parent moved on, fill a super encoder after
/// later siblings, ask again for a container under a key it already used, or keep a container
/// after the value's `encode(to:)` returned. Such writes go to side sinks; the late-write pass
/// (`LateWritePass`) splices them in when the archive is finished.
///
/// Everything here names places by *position*, never by counting: a container by its
/// `ContainerRecord` (enclosing container + distance from that container's first entry), any
/// other value by its `ValueSlot` in the same terms. Those never change once written, and the
/// late-write pass computes the same terms from the finished bytes, so the two cannot disagree.
extension EncodingState {
    // MARK: Routing late writes

    /// The sink for a write to `container`, which is not on top of its sink's stack: either an
    /// enclosing container on the stack (the containers above it are closed), or, for a closed
    /// container, the side sink that collects its late entries.
    func slowSink(forWritingTo container: ContainerRef, in sink: EncodingSink) -> EncodingSink {
        // Usually a parent resuming after a nested value: one or two frames down, so a scan
        // from the top beats a binary search here.
        if let index = sink.stack.lastIndex(where: { $0.id == container.id }) {
            sink.close(downTo: index + 1)
            return sink
        }
        let side = appendSink(for: container)
        if side.pendingSlot != nil { resolvePendingSlot(in: side) }
        side.close(downTo: 1)
        return side
    }

    /// The side sink holding late entries of the closed `container`; its bottom frame stands for
    /// the container (`isVirtual`). After `encode` finished, a sink that nothing reads.
    private func appendSink(for container: ContainerRef) -> EncodingSink {
        if !isFinished, let existing = lateWrites.appendSinks[container.id] { return existing }
        let side = newSink()
        side.stack.append(OpenFrame(id: container.id, kind: container.kind, payloadStart: 0, isVirtual: true))
        if !isFinished { lateWrites.appendSinks[container.id] = side }
        return side
    }

    /// The value of a pending slot was not written before something else was: an empty
    /// keyed container takes its place, which its encoder may still fill or replace later.
    func resolvePendingSlot(in sink: EncodingSink) {
        guard let encoder = sink.pendingSlot else { return }
        sink.pendingSlot = nil
        let placeholder = sink.writeEmptyKeyed(depth: encoder.depth)
        encoder.role = .placeholder(placeholder)
        if encoder.isSuperEncoder { lateWrites.unclaimedSuperPlaceholders.insert(placeholder.id) }
    }

    /// The encoder that owns `placeholder` writes its value now.
    func claimPlaceholder(_ placeholder: ContainerRef) {
        if !lateWrites.unclaimedSuperPlaceholders.isEmpty { lateWrites.unclaimedSuperPlaceholders.remove(placeholder.id) }
    }

    /// A new sink whose root value replaces the value at `slot`.
    func replacementSink(for slot: ValueSlot) -> EncodingSink {
        let sink = newSink()
        if !isFinished { lateWrites.replacements[slot] = sink }
        return sink
    }

    /// A new sink whose root value replaces the placeholder `{}` of an encoder filled late.
    func replacementSink(forPlaceholder placeholder: ContainerRef) -> EncodingSink {
        guard let slot = slot(ofPlaceholder: placeholder) else { return newSink() }  // past the depth limit: nothing reads it
        return replacementSink(for: slot)
    }

    /// The sink whose root value replaces `placeholder`, if one does.
    func replacement(ofPlaceholder placeholder: ContainerRef) -> EncodingSink? {
        slot(ofPlaceholder: placeholder).flatMap { lateWrites.replacements[$0] }
    }

    /// Gives `encoder` its placeholder back after a value that was to take its place threw:
    /// the slot holds the `{}` again, unclaimed.
    func restorePlaceholder(_ placeholder: ContainerRef, of encoder: EncoderImpl) {
        encoder.role = .placeholder(placeholder)
        if encoder.isSuperEncoder { lateWrites.unclaimedSuperPlaceholders.insert(placeholder.id) }
        if let slot = slot(ofPlaceholder: placeholder) { lateWrites.replacements[slot] = nil }
    }

    /// Where `placeholder` stands, or `nil` past the depth limit (it was never written).
    private func slot(ofPlaceholder placeholder: ContainerRef) -> ValueSlot? {
        guard let sink = placeholder.sink else { return nil }
        let record = sink.records[placeholder.id.serial]
        return ValueSlot(sink: sink.index, parent: record.parent, offset: record.offset)
    }

    // MARK: Finding written values again

    /// Where the entries of live container `serial` of `sink` begin now, or `nil` if the
    /// container was cut off (its value threw).
    func entriesStart(of serial: Int, in sink: EncodingSink) -> Int? {
        if let start = openEntriesStart(of: serial, in: sink) { return start }
        guard let header = headerOffset(of: serial, in: sink) else { return nil }
        return try? sink.reader.containerBody(at: header).entries.lowerBound
    }

    /// Where the header of live container `serial` of `sink` is now: up the chain of enclosing
    /// containers to one still open (whose frame says where its entries begin) or to the top
    /// level, then down again through the closed ones, reading each header. A loop, not
    /// recursion: containers may be nested 100,000 deep under a raised depth limit.
    func headerOffset(of serial: Int, in sink: EncodingSink) -> Int? {
        var closedChain: [Int] = []
        var current = serial
        var base = 0
        while true {
            let record = sink.records[current]
            guard record.isLive else { return nil }
            closedChain.append(current)
            if record.parent == ContainerRecord.topLevel { break }
            if let start = openEntriesStart(of: record.parent, in: sink) {
                base = start
                break
            }
            current = record.parent
        }
        let reader = sink.reader
        var header = base + sink.records[closedChain.removeLast()].offset
        while let inner = closedChain.popLast() {
            guard let entries = try? reader.containerBody(at: header).entries else { return nil }
            header = entries.lowerBound + sink.records[inner].offset
        }
        return header
    }

    /// Where the entries of container `serial` begin, if it is open in `sink`.
    private func openEntriesStart(of serial: Int, in sink: EncodingSink) -> Int? {
        openFrameIndex(of: serial, in: sink).map { sink.stack[$0].payloadStart }
    }

    /// The index in `sink.stack` of the frame of container `serial`, if it is open. Frames are
    /// pushed in the order their containers were opened, so their serials ascend: a binary
    /// search (stacks may be 100,000 frames deep).
    private func openFrameIndex(of serial: Int, in sink: EncodingSink) -> Int? {
        var low = sink.stack.first?.isVirtual == true ? 1 : 0
        var high = sink.stack.count
        while low < high {
            let middle = (low + high) / 2
            let candidate = sink.stack[middle].id.serial
            if candidate == serial { return middle }
            if candidate < serial { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    /// The slot of the value starting at byte `offset` of `sink`, inside container `parent`
    /// (`nil`, or a container of another sink, for the sink's top level).
    func slot(at offset: Int, in sink: EncodingSink, inside parent: ContainerID?) -> ValueSlot? {
        guard let parent, parent.sink == sink.index else {
            return ValueSlot(sink: sink.index, parent: ContainerRecord.topLevel, offset: offset)
        }
        guard let base = entriesStart(of: parent.serial, in: sink) else { return nil }
        return ValueSlot(sink: sink.index, parent: parent.serial, offset: offset - base)
    }

    /// The container of `kind` at `slot` (following replacements), if that is what it holds.
    func container(at slot: ValueSlot, kind: ContainerLayout.Kind, depth: Int) -> ContainerRef? {
        var slot = slot
        var sink: EncodingSink
        while true {
            while let replacement = lateWrites.replacements[slot] {
                slot = ValueSlot(sink: replacement.index, parent: ContainerRecord.topLevel, offset: 0)
            }
            sink = sinks[slot.sink]
            // A value whose encoder has written nothing yet is what it would become: `{}`, which a
            // keyed container continues (Foundation's coders, too, let an encoder ask for a
            // container while the value of its single-value container is still being encoded).
            if sink.pendingSlot != nil, sink.slotAtEnd() == slot { resolvePendingSlot(in: sink) }
            // A class instance written with `preservesObjectIdentity` starts with its marker: the
            // container to continue is the value it marks, which may have been replaced in turn
            // (a packed array continued once already).
            guard preservesObjectIdentity else { break }
            let marked = slotPastSharedObjectMarkers(slot, in: sink)
            if marked == slot { break }
            slot = marked
        }
        guard let serial = sink.liveContainer(at: slot), let header = headerOffset(of: serial, in: sink) else {
            return kind == .unkeyed ? unpackedArray(at: slot, in: sink, depth: depth) : nil
        }
        let tag = sink.writer.bytes.load(fromByteOffset: header, as: UInt8.self)
        let isKeyed = tag == WireTag.keyed || tag == WireTag.emptyKeyed
        guard isKeyed == (kind == .keyed) else { return nil }
        let id = ContainerID(sink: sink.index, serial: serial)
        lateWrites.continuedContainers.insert(id)
        return ContainerRef(sink: sink, id: id, kind: kind, depth: depth)
    }

    /// `slot`, or the slot of the value marked there if it holds shared-object markers.
    private func slotPastSharedObjectMarkers(_ slot: ValueSlot, in sink: EncodingSink) -> ValueSlot {
        let base = slot.parent == ContainerRecord.topLevel ? 0 : entriesStart(of: slot.parent, in: sink)
        let reader = sink.reader
        guard let base, let value = try? reader.sharedObjectValue(at: base + slot.offset, limit: reader.count) else { return slot }
        return ValueSlot(sink: slot.sink, parent: slot.parent, offset: value - base)
    }

    /// The packed array at `slot` (an `[Int]`, `[Double]`, … written natively) as an unkeyed
    /// container that can be continued, as `JSONEncoder` continues any array: a new sink
    /// replaces the array with an unkeyed container holding the same numbers, one value each,
    /// and later elements follow them. `nil` if `slot` holds something else.
    private func unpackedArray(at slot: ValueSlot, in sink: EncodingSink, depth: Int) -> ContainerRef? {
        let base = slot.parent == ContainerRecord.topLevel ? 0 : entriesStart(of: slot.parent, in: sink)
        let reader = sink.reader
        guard let base, (try? reader.byte(at: base + slot.offset, limit: reader.count)) == WireTag.packed,
              let (kind, count, start) = try? reader.packedHeader(at: base + slot.offset, limit: reader.count)
        else { return nil }
        let replacement = replacementSink(for: slot)
        let unpacked = replacement.open(.unkeyed, depth: depth)
        // `packedHeader` checked that all `count` elements are in bounds.
        func element<T: FixedWidthInteger>(_: T.Type, _ index: Int) -> T {
            T(littleEndian: reader.base.loadUnaligned(fromByteOffset: start + index * MemoryLayout<T>.size, as: T.self))
        }
        for index in 0..<count {
            switch kind {
            case .int8: NativeEncoding.writeInteger(element(Int8.self, index), into: &replacement.writer)
            case .int16: NativeEncoding.writeInteger(element(Int16.self, index), into: &replacement.writer)
            case .int32: NativeEncoding.writeInteger(element(Int32.self, index), into: &replacement.writer)
            case .int64: NativeEncoding.writeInteger(element(Int64.self, index), into: &replacement.writer)
            case .uint8: NativeEncoding.writeInteger(element(UInt8.self, index), into: &replacement.writer)
            case .uint16: NativeEncoding.writeInteger(element(UInt16.self, index), into: &replacement.writer)
            case .uint32: NativeEncoding.writeInteger(element(UInt32.self, index), into: &replacement.writer)
            case .uint64: NativeEncoding.writeInteger(element(UInt64.self, index), into: &replacement.writer)
            case .float32: NativeEncoding.writeFloat(Float(bitPattern: element(UInt32.self, index)), into: &replacement.writer)
            case .float64: NativeEncoding.writeDouble(Double(bitPattern: element(UInt64.self, index)), into: &replacement.writer)
            }
        }
        replacement.stack[replacement.stack.count - 1].count = count
        return unpacked
    }

    /// The container of `kind` that keyed `container` holds under the key whose identity is
    /// `identity` now (its last entry with that key, late entries included), if it holds one.
    /// `container` must have just been routed to (`sink(forWritingTo:)`), so that nothing inside
    /// it is still open.
    func containerHeld(forKey identity: UInt64, in container: ContainerRef, kind: ContainerLayout.Kind, depth: Int) -> ContainerRef? {
        guard let sink = container.sink else { return nil }
        var found: ValueSlot?
        let ownEntries: Range<Int>?
        if let start = openEntriesStart(of: container.id.serial, in: sink) {
            ownEntries = start..<sink.writer.count
        } else {
            ownEntries = headerOffset(of: container.id.serial, in: sink).flatMap {
                try? sink.reader.containerBody(at: $0).entries
            }
        }
        if let ownEntries {
            forEachEntry(in: sink, ownEntries, parent: container.id.serial) { if keyTable.identity(of: $0) == identity { found = $1 } }
        }
        if let side = lateWrites.appendSinks[container.id] {
            forEachEntry(in: side, 0..<side.writer.count, parent: ContainerRecord.topLevel) { if keyTable.identity(of: $0) == identity { found = $1 } }
        }
        return found.flatMap { self.container(at: $0, kind: kind, depth: depth) }
    }

    /// Calls `body` with the key and value slot of each keyed entry in `range` of `sink` (whose
    /// entries begin at `range.lowerBound`), leaving out dropped entries.
    private func forEachEntry(in sink: EncodingSink, _ range: Range<Int>, parent: Int, _ body: (UInt64, ValueSlot) -> Void) {
        try? SinkEntries(reader: sink.reader, sink: sink.index, range: range, keyed: true, parent: parent).forEach { entry in
            if !lateWrites.droppedEntries.contains(entry.slot) {
                body(entry.key, ValueSlot(sink: sink.index, parent: parent, offset: entry.value - range.lowerBound))
            }
        }
    }

    /// How many elements the unkeyed `container` holds now, late ones included (for `count`
    /// and the index in coding paths of late elements).
    func elementCount(of container: ContainerRef) -> Int {
        guard let sink = container.sink else { return 0 }
        if let open = openFrameIndex(of: container.id.serial, in: sink) { return sink.stack[open].count }
        var count = 0
        if let header = headerOffset(of: container.id.serial, in: sink),
           let body = try? sink.reader.containerBody(at: header) {
            count = body.count
        }
        if let side = lateWrites.appendSinks[container.id] { count += side.stack.first?.count ?? 0 }
        return count
    }

    // MARK: Rolling back a value that threw

    /// Undoes a failed value whose entry (its key or element, counted in `addedEntries`) started
    /// at `mark`: its bytes are cut off if nothing followed them, otherwise its entry is left
    /// out when the archive is finished. Either way the value leaves no trace, as in Foundation,
    /// where a value that throws is never stored.
    func rollBack(_ sink: EncodingSink, to mark: EncodingSink.Mark, addedEntries: Int, addedKey: UInt64? = nil) {
        lateWrites.rolledBack = true
        if holdsReferencedInstances(in: sink, from: mark) {
            finishLeftOutValue(in: sink, from: mark)
        } else if sink.rollBack(to: mark, addedEntries: addedEntries, addedKey: addedKey) {
            loseFirstOccurrences(in: sink, from: mark.count)
            return
        }
        if let entry = slot(at: mark.count, in: sink, inside: mark.topID), !isFinished {
            lateWrites.droppedEntries.insert(entry)
        }
    }

    /// Undoes a single value that `encoder` wrote at `mark` and that threw, giving the encoder
    /// its slot back: cut off if nothing followed it, otherwise replaced by a new sink where the
    /// encoder's slot is pending again (an empty `{}` if it never writes).
    func rollBackSingleValue(of encoder: EncoderImpl, in sink: EncodingSink, to mark: EncodingSink.Mark, previous: EncoderImpl.Role) {
        lateWrites.rolledBack = true
        if holdsReferencedInstances(in: sink, from: mark) {
            finishLeftOutValue(in: sink, from: mark)
        } else if sink.rollBack(to: mark, addedEntries: 0, addedKey: nil) {
            loseFirstOccurrences(in: sink, from: mark.count)
            encoder.role = previous
            switch previous {
            case .pending: sink.pendingSlot = encoder
            case .placeholder(let placeholder): restorePlaceholder(placeholder, of: encoder)
            default: break
            }
            return
        }
        guard let failed = slot(at: mark.count, in: sink, inside: mark.topID) else { return }
        let fresh = replacementSink(for: failed)
        encoder.role = .pending(fresh)
        fresh.pendingSlot = encoder
    }

    /// Whether the failed value from `mark` on holds the first occurrence of a class instance
    /// that a reference names: a reference written meanwhile into a container kept from
    /// earlier may survive the value, and then needs the instance's bytes. Such a value is not
    /// cut off but left out of the archive by the late-write pass, which still finds the first
    /// occurrences in it.
    private func holdsReferencedInstances(in sink: EncodingSink, from mark: EncodingSink.Mark) -> Bool {
        guard preservesObjectIdentity, !sink.firstOccurrences.isEmpty, sink.stack.count >= mark.stackCount else { return false }
        var index = sink.firstOccurrences.count
        while index > 0, sink.firstOccurrences[index - 1].offset >= mark.count {
            index -= 1
            if objects.isReferenced(sink.firstOccurrences[index].number) { return true }
        }
        return false
    }

    /// Finishes a failed value that stays in its sink to be left out (see
    /// `holdsReferencedInstances`) as it stands: its open containers are closed, so the late-write
    /// pass can read it.
    private func finishLeftOutValue(in sink: EncodingSink, from mark: EncodingSink.Mark) {
        resolvePendingSlot(in: sink)
        sink.close(downTo: mark.stackCount)
    }
}
