/// Everything one `encode` call shares: the sinks, the key table, options and the bookkeeping
/// for the rare out-of-order writes that the late-write pass resolves at the end
/// (`EncodingState+OutOfOrder.swift`). How these fit together: `Encoding/README.md`.
///
/// One state serves one `encode` call at a time; between calls it waits as its thread's spare
/// (`EncodingState+Reuse.swift`), so the options below are set per call.
final class EncodingState {
    // Every stored property has unchecked exclusivity: a state belongs to one `encode` call on
    // one thread, and the dynamic checks (`swift_beginAccess`) cost a small message about a
    // third of its encoding time.
    @exclusivity(unchecked) private(set) var userInfo: [CodingUserInfoKey: any Sendable]
    @exclusivity(unchecked) private(set) var maximumDepth: Int
    /// `ArchiveEncoder.deterministic`: the late-write pass writes every keyed container's entries
    /// in key order.
    @exclusivity(unchecked) private(set) var deterministic: Bool
    /// `ArchiveEncoder.preservesObjectIdentity`: class instances are numbered as they are met
    /// (`EncodingState+Objects.swift`), and the late-write pass shares them.
    @exclusivity(unchecked) private(set) var preservesObjectIdentity: Bool
    /// The class instances met, by number (`preservesObjectIdentity` only).
    @exclusivity(unchecked) var objects = ObjectNumbers()
    /// Whether a marker or placeholder of a class instance was written: the archive must then
    /// lose its markers, through the late-write pass if an instance occurred twice.
    @exclusivity(unchecked) var wroteObjectMarkers = false
    @exclusivity(unchecked) private(set) var sinks: [EncodingSink]
    @exclusivity(unchecked) var keyTable = KeyTable()
    /// Whether `ArchiveDirectEncodable` values are written through their generated code.
    @exclusivity(unchecked) var usesGeneratedCode = true
    /// The types met so far that are not written natively, and whether each has generated code
    /// (see `directEncodableType`).
    @exclusivity(unchecked) var directEncodableTypes = TypeVerdicts<any ArchiveDirectEncodable.Type>()
    /// The same for classes, asked only once an instance's identity is settled.
    @exclusivity(unchecked) var directEncodableClasses = TypeVerdicts<any ArchiveDirectEncodable.Type>()
    @exclusivity(unchecked) var integerKeys = IntegerKeyCache()
    /// Whether a message is being written (`Direct/MessageWriting.swift`), whether it was
    /// abandoned, its open containers, and the types whose messages were abandoned on this
    /// thread (tried on the general path at once from then on).
    @exclusivity(unchecked) var writesMessage = false
    @exclusivity(unchecked) var messageWasAbandoned = false
    @exclusivity(unchecked) var messageContainers = MessageContainers()
    @exclusivity(unchecked) var abandonedMessageTypes = RememberedTypes(sharing: EncodingState.typesAbandonedAsMessages)

    /// What was written out of order, for the late-write pass.
    @exclusivity(unchecked) var lateWrites = LateWrites()
    /// Nested encoders whose values are done, for reuse (`makeEncoder`, `recycle`).
    @exclusivity(unchecked) var spareEncoders: [EncoderImpl] = []
    /// The class instances whose `encode(to:)` is running, outermost first, with their encoders
    /// (see `encodeInstance`). Unretained: each encoder is alive while its entry is here.
    @exclusivity(unchecked) var instancesInProgress: [(id: ObjectIdentifier, encoder: Unmanaged<EncoderImpl>)] = []
    /// The first depth-limit violation, reported when `encode` finishes. An array, not an
    /// optional: asking whether an optional of a resilient enum is `nil` is a call into the
    /// standard library on every archive.
    @exclusivity(unchecked) var depthErrors: [EncodingError] = []
    /// Set once the archive is finished: writes through containers kept past `encode` go nowhere.
    @exclusivity(unchecked) var isFinished = false
    /// Whether a call on this thread has the state as its spare (`ThreadSpare`).
    @exclusivity(unchecked) var isLentAsSpare = false

    /// Whether the late-write pass must run: a late write, or a deterministic archive.
    var needsReordering: Bool { !lateWrites.isEmpty || deterministic }

    init(userInfo: [CodingUserInfoKey: any Sendable], maximumDepth: Int, deterministic: Bool = false, preservesObjectIdentity: Bool = false) {
        self.userInfo = userInfo
        self.maximumDepth = maximumDepth
        self.deterministic = deterministic
        self.preservesObjectIdentity = preservesObjectIdentity
        self.main = EncodingSink(index: 0)
        self.sinks = [main]
    }

    /// Sets the options of the `encode` call this state serves next.
    func setOptions(userInfo: [CodingUserInfoKey: any Sendable], maximumDepth: Int, deterministic: Bool, preservesObjectIdentity: Bool) {
        // An empty dictionary over an empty one (the usual case) is not stored: storing it costs
        // a retain and a release of the dictionary's storage.
        if !(userInfo.isEmpty && self.userInfo.isEmpty) { self.userInfo = userInfo }
        self.maximumDepth = maximumDepth
        self.deterministic = deterministic
        self.preservesObjectIdentity = preservesObjectIdentity
    }

    /// Sink 0, the archive: kept apart from `sinks` so that reaching it is one load.
    let main: EncodingSink

    func newSink() -> EncodingSink {
        let sink = EncodingSink(index: sinks.count)
        sinks.append(sink)
        return sink
    }

    // MARK: Routing writes

    /// Makes `container` the innermost open container of some sink and returns that sink, or
    /// `nil` for a container past the depth limit.
    ///
    /// In the common case the container is already on top. If user code returns to a parent
    /// after a nested container, the nested ones are closed. If it writes to a container that
    /// was closed already, the write goes to a side sink that the late-write pass splices in.
    func sink(forWritingTo container: ContainerRef) -> EncodingSink? {
        var result: EncodingSink?
        withSink(forWritingTo: container) { result = $0 }
        return result
    }

    /// `body` applied to `sink(forWritingTo: container)`, unless the container is past the
    /// depth limit. The sink is borrowed, not retained (see `ContainerRef.unmanagedSink`):
    /// this is the hot path of every write.
    @inline(__always)
    func withSink(forWritingTo container: ContainerRef, _ body: (EncodingSink) throws -> Void) rethrows {
        guard let unmanaged = container.unmanagedSink else { return }
        try unmanaged._withUnsafeGuaranteedRef { sink in
            if sink.pendingSlot != nil { resolvePendingSlot(in: sink) }
            if let top = sink.stack.last, top.id == container.id { return try body(sink) }
            try body(slowSink(forWritingTo: container, in: sink))
        }
    }

    // MARK: Keys

    /// The key varint for `key`, adding string keys to the key table.
    @inline(__always)
    func wireKey<Key: CodingKey>(_ key: Key) -> UInt64 {
        let name = key.stringValue
        if let intValue = key.intValue, let integer = integerKeys.integerByCall(of: key, integer: intValue, name: name) {
            return KeyForm.wire(integer: integer)
        }
        // A key type of at most two bytes (a `CodingKey` enum, as synthesized) has few values,
        // so its names may be numbered for the process, as the names of key sets are: a number
        // is given per name, never per value met at run time (a dictionary's keys, of a larger
        // key type, are looked up by name).
        return KeyForm.wire(stringIndex: keyTable.index(of: name, numbered: MemoryLayout<Key>.size <= 2))
    }

    /// Writes `key` into the top frame of `sink` as a new entry, noting duplicates. Returns the
    /// key varint if it is one the frame did not have and is tracked in its set (for rolling back).
    @inline(__always)
    @discardableResult
    func writeKey<Key: CodingKey>(_ key: Key, into sink: EncodingSink) -> UInt64? {
        writeKey(wire: wireKey(key), into: sink)
    }

    @inline(__always)
    @discardableResult
    func writeKey(wire: UInt64, into sink: EncodingSink) -> UInt64? {
        let identity = keyTable.identity(of: wire)
        let duplicate = sink.stack.insertKey(identity, inFrame: sink.stack.count - 1)
        return appendKey(wire: wire, identity: identity, duplicate: duplicate, into: sink)
    }

    /// Writes key `wire`, whose identity is already inserted in the top frame's key set, as a
    /// new entry. Returns the identity if the frame did not have it and tracks it in its set.
    @inline(__always)
    @discardableResult
    func appendKey(wire: UInt64, identity: UInt64, duplicate: Bool, into sink: EncodingSink) -> UInt64? {
        let top = sink.stack.count - 1
        sink.stack[top].count &+= 1
        if duplicate { lateWrites.duplicateKeyContainers.insert(sink.stack[top].id) }
        sink.writer.appendVarint(wire)
        return duplicate || identity < 64 ? nil : identity
    }

    // MARK: Depth

    /// Checks the depth of a container about to be opened; records the error and returns
    /// `false` past the limit (container creation cannot throw, so `encode` throws at the end).
    func allowsContainer(atDepth depth: Int, path: @autoclosure () -> [any CodingKey]) -> Bool {
        guard depth > maximumDepth else { return true }
        if depthErrors.isEmpty {
            depthErrors.append(EncodingError.invalidValue(
                Optional<Int>.none as Any,
                EncodingError.Context(codingPath: path(), debugDescription: "Nesting depth exceeds the limit of \(maximumDepth)")
            ))
        }
        return false
    }

    // MARK: Values

    /// Encodes `value` at the current end of `sink` (its key or slot already written):
    /// natively for the types the format knows, otherwise through a nested encoder.
    /// Returns the nested encoder, or `nil` if the value was written natively.
    ///
    /// `component` is only built for a nested encoder (or an error): a native value does not
    /// need it, and building and destroying the existential key in it cost about 60
    /// instructions per `Date` or `URL`. `parentPath` likewise: as a closure it is not
    /// retained and released for a native value (encoding the sample commits: 11,731,708 →
    /// 11,650,678 instructions).
    @discardableResult
    func encodeValue<T: Encodable>(
        _ value: T, in sink: EncodingSink, parentPath: @autoclosure () -> CodingPathNode, component: @autoclosure () -> PathComponent,
        depth: Int, optionalDepth: Int
    ) throws -> EncoderImpl? {
        let start = sink.writer.count
        if NativeEncoding.write(value, into: &sink.writer, withinDepth: depth <= maximumDepth) {
            // A natively written `[String]` is an unkeyed container like any other: recorded, so
            // that a later `nestedUnkeyedContainer(forKey:)` can continue it.
            let tag = sink.writer.bytes.load(fromByteOffset: start, as: UInt8.self)
            if tag == WireTag.unkeyed || tag == WireTag.emptyUnkeyed { _ = sink.recordContainer(at: start) }
            return nil
        }
        guard depth <= maximumDepth else {
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: parentPath().appending(component()).path,
                debugDescription: "Nesting depth exceeds the limit of \(maximumDepth)"))
        }
        if try encodeDirectIfPossible(value, in: sink, parentPath: parentPath, component: component, depth: depth) {
            return nil
        }
        let encoder = makeEncoder(parentPath: parentPath(), component: component(), depth: depth,
                                  optionalDepth: _isOptional(T.self) ? optionalDepth : 0, sink: sink)
        sink.pendingSlot = encoder
        if T.self is AnyObject.Type {
            try encodeInstance(value, with: encoder, in: sink)   // a class instance: checked for cycles
        } else {
            try value.encode(to: encoder)
        }
        return encoder
    }

    /// Encodes the archive's root value, `value`, after the header.
    ///
    /// - Throws: `EncodingError.invalidValue` if it writes nothing: an archive must hold a value.
    func encodeRoot<T: Encodable>(_ value: T) throws {
        var encoder = try encodeValue(value, in: main, parentPath: .root, component: .none, depth: 1, optionalDepth: 1)
        if let encoder, main.pendingSlot === encoder {
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: [], debugDescription: "Top-level \(T.self) did not encode any values."))
        }
        recycle(&encoder)
    }

    /// Encodes `value` as the entry just started in `sink` (its key written, or its element
    /// counted, after `mark`), rolling back if it throws; then, if it wrote nothing, writes the
    /// empty keyed container Foundation writes in that case.
    @inline(__always)
    func encodeValueRollingBack<T: Encodable>(
        _ value: T, in sink: EncodingSink, mark: EncodingSink.Mark, addedKey: UInt64? = nil,
        parentPath: @autoclosure () -> CodingPathNode, component: @autoclosure () -> PathComponent, depth: Int, optionalDepth: Int
    ) throws {
        do {
            var encoder = try encodeValue(value, in: sink, parentPath: parentPath(), component: component(),
                                          depth: depth, optionalDepth: optionalDepth)
            if let encoder, sink.pendingSlot === encoder { resolvePendingSlot(in: sink) }
            recycle(&encoder)
        } catch {
            rollBack(sink, to: mark, addedEntries: 1, addedKey: addedKey)
            throw error
        }
    }

    /// Drops the references to encoders that outlive their value: those whose slot is still
    /// pending because `encode` threw, and the spare ones. Encoders refer back to this state,
    /// so `encode` calls this however it ends.
    func releaseEncoders() {
        if sinks.count == 1 {
            main.pendingSlot = nil
        } else {
            for sink in sinks { sink.pendingSlot = nil }
        }
        if !spareEncoders.isEmpty { spareEncoders.removeAll(keepingCapacity: true) }
    }

    /// A nested encoder for a value at the end of `sink`: a spare one if there is one.
    @inline(__always)
    func makeEncoder(parentPath: CodingPathNode, component: PathComponent, depth: Int, optionalDepth: Int,
                     sink: EncodingSink) -> EncoderImpl {
        guard let encoder = spareEncoders.popLast() else {
            return EncoderImpl(state: self, parentPath: parentPath, component: component, depth: depth,
                               optionalDepth: optionalDepth, role: .pending(sink))
        }
        encoder.parentPath = parentPath
        encoder.component = component
        encoder.depth = depth
        encoder.optionalDepth = optionalDepth
        encoder.role = .pending(sink)
        return encoder
    }

    /// Keeps `encoder` for the next value if nothing else refers to it: no container or
    /// nested encoder of its value was kept by user code, so nothing can write through it
    /// again. Not after `encode` finished: spare encoders refer back to this state, and
    /// `releaseEncoders` has emptied the pool for good.
    @inline(__always)
    func recycle(_ encoder: inout EncoderImpl?) {
        // Not unique when nil, or when user code kept one of its containers or nested encoders.
        guard !isFinished, isKnownUniquelyReferenced(&encoder), let spare = encoder else { return }
        // Let go of what it referred to: its parent's path and its sink.
        spare.parentPath = .root
        spare.component = .none
        spare.role = .placeholder(.dead(.keyed, depth: 0))
        spareEncoders.append(spare)
    }
}
