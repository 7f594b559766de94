/// The `Encoder` handed to `encode(to:)`: one per value that is not written natively.
///
/// It owns a *slot*, the place in the byte stream where its value belongs. As long as nothing
/// else has been written since the slot was opened, the value's container or scalar is written
/// right there (the streaming fast path). If its parent moves on first, an empty keyed container
/// holds the place and later writes are spliced in by the late-write pass.
///
/// The only calls that stop the process are the misuses Foundation's coders stop on too (see
/// "Encoding misuses that stop the process" in the documentation): two different kinds of
/// container from one encoder, a second single value, a container after a single value that is
/// not a container of that kind, and a single value after a container.
final class EncoderImpl: Encoder {
    enum Role {
        /// The value is not written yet; its slot is at the end of this sink.
        case pending(EncodingSink)
        case keyed(ContainerRef)
        case unkeyed(ContainerRef)
        /// A single value was written at this slot.
        case single(ValueSlot)
        /// The slot was filled with `{}` before this encoder wrote anything.
        case placeholder(ContainerRef)
    }

    let state: EncodingState
    // Encoders are reused (see `EncodingState.recycle`), so these are variables; unchecked
    // exclusivity as everywhere on the encoder's hot path.
    /// The parent's path and what this value adds to it. Together they are this encoder's
    /// path, read through `.encoder(self)` without allocating a node per value.
    @exclusivity(unchecked) var parentPath: CodingPathNode
    @exclusivity(unchecked) var component: PathComponent
    /// Nesting depth of the value (the top-level value is at depth 1).
    @exclusivity(unchecked) var depth: Int
    /// How many `Optional` layers enclose this value through single-value containers: a nil
    /// written here records `optionalDepth - 1` extra levels so `Int??.some(nil)` round-trips.
    @exclusivity(unchecked) var optionalDepth: Int
    /// Whether this is a keyed container's super encoder: until it writes something, its `{}`
    /// placeholder is not a value that a nested container under its key could continue.
    let isSuperEncoder: Bool
    @exclusivity(unchecked) var role: Role

    init(state: EncodingState, parentPath: CodingPathNode, component: PathComponent, depth: Int, optionalDepth: Int,
         role: Role, isSuperEncoder: Bool = false) {
        self.state = state
        self.parentPath = parentPath
        self.component = component
        self.depth = depth
        self.optionalDepth = optionalDepth
        self.isSuperEncoder = isSuperEncoder
        self.role = role
    }

    var pathNode: CodingPathNode { .encoder(self) }

    /// `body` applied to the state and to the sink that receives writes to `container`,
    /// unless the container is past the depth limit: the hot path of every value written by
    /// this encoder's containers.
    ///
    /// The state is borrowed, not retained (this encoder keeps it alive), and so is the sink
    /// (see `EncodingState.withSink`): read the usual way, they were retained and released
    /// about four times per entry, a tenth of encoding time.
    @inline(__always)
    func withSink(forWritingTo container: ContainerRef, _ body: (EncodingState, EncodingSink) throws -> Void) rethrows {
        try Unmanaged.passUnretained(state)._withUnsafeGuaranteedRef { state in
            try state.withSink(forWritingTo: container) { try body(state, $0) }
        }
    }

    var codingPath: [any CodingKey] { pathNode.path }
    var userInfo: [CodingUserInfoKey: Any] { state.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(ArchiveKeyedEncodingContainer<Key>(encoder: self, container: claimContainer(.keyed), path: pathNode))
    }

    /// `container(keyedBy: UnknownKey.self)`, unwrapped: for an unknown field's keyed value,
    /// whose keys need `encode(_:forUnknownKey:)`.
    func unknownKeyedContainer() -> ArchiveKeyedEncodingContainer<UnknownKey> {
        ArchiveKeyedEncodingContainer<UnknownKey>(encoder: self, container: claimContainer(.keyed), path: pathNode)
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        ArchiveUnkeyedEncodingContainer(encoder: self, container: claimContainer(.unkeyed), path: pathNode)
    }

    /// The container of `kind` this encoder writes its value into: opened in its slot the first
    /// time, the same one on later calls (as in Foundation, several requests share storage).
    @inline(__always)
    private func claimContainer(_ kind: ContainerLayout.Kind) -> ContainerRef {
        let ref: ContainerRef
        switch role {
        case .pending(let sink):
            sink.pendingSlot = nil
            ref = sink.open(kind, depth: depth)
        case .keyed(let existing) where kind == .keyed:
            return existing
        case .unkeyed(let existing) where kind == .unkeyed:
            return existing
        case .placeholder(let placeholder):
            state.claimPlaceholder(placeholder)
            // The `{}` in the slot is a keyed container already; anything else replaces it.
            ref = kind == .keyed ? placeholder : state.replacementSink(forPlaceholder: placeholder).open(kind, depth: depth)
        case .single(let slot):
            // A single value that is itself a container of this kind (a dictionary, a struct,
            // an array) is continued, as `JSONEncoder` does.
            guard let continued = state.container(at: slot, kind: kind, depth: depth) else { misuse(kind) }
            ref = continued
        case .keyed, .unkeyed:
            misuse(kind)
        }
        role = kind == .keyed ? .keyed(ref) : .unkeyed(ref)
        return ref
    }

    private func misuse(_ kind: ContainerLayout.Kind) -> Never {
        preconditionFailure("Attempt to push new \(kind == .keyed ? "keyed" : "unkeyed") encoding container when already previously encoded at this path.")
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    /// Claims the slot for a single value; returns the sink to write it into.
    @inline(__always)
    func claimSingleValueSlot() -> EncodingSink {
        switch role {
        case .pending(let sink):
            sink.pendingSlot = nil
            role = .single(sink.slotAtEnd())
            return sink
        case .placeholder(let placeholder):
            state.claimPlaceholder(placeholder)
            let sink = state.replacementSink(forPlaceholder: placeholder)
            role = .single(ValueSlot(sink: sink.index, parent: ContainerRecord.topLevel, offset: 0))
            return sink
        case .single:
            preconditionFailure("Attempt to encode value through single value container when previously value already encoded.")
        case .keyed, .unkeyed:
            preconditionFailure("Attempt to encode value through single value container when a keyed or unkeyed container was already requested.")
        }
    }
}

extension EncoderImpl: SingleValueEncodingContainer {
    func encodeNil() throws {
        let sink = claimSingleValueSlot()
        if optionalDepth > 1 {
            sink.writer.append(WireTag.nestedNil)
            sink.writer.appendVarint(UInt64(optionalDepth - 1))
        } else {
            sink.writer.append(WireTag.nil)
        }
    }

    func encode(_ value: Bool) throws { try encodeSingle(value) }
    func encode(_ value: String) throws { try encodeSingle(value) }
    func encode(_ value: Double) throws { try encodeSingle(value) }
    func encode(_ value: Float) throws { try encodeSingle(value) }
    func encode(_ value: Int) throws { try encodeSingle(value) }
    func encode(_ value: Int8) throws { try encodeSingle(value) }
    func encode(_ value: Int16) throws { try encodeSingle(value) }
    func encode(_ value: Int32) throws { try encodeSingle(value) }
    func encode(_ value: Int64) throws { try encodeSingle(value) }
    func encode(_ value: Int128) throws { try encodeSingle(value) }
    func encode(_ value: UInt) throws { try encodeSingle(value) }
    func encode(_ value: UInt8) throws { try encodeSingle(value) }
    func encode(_ value: UInt16) throws { try encodeSingle(value) }
    func encode(_ value: UInt32) throws { try encodeSingle(value) }
    func encode(_ value: UInt64) throws { try encodeSingle(value) }
    func encode(_ value: UInt128) throws { try encodeSingle(value) }
    func encode<T: Encodable>(_ value: T) throws {
        if case .placeholder(let placeholder) = role, state.lateWrites.continuedContainers.contains(placeholder.id) {
            try encode(value, overContinuedPlaceholder: placeholder)
        } else {
            try encodeSingle(value)
        }
    }

    private func encodeSingle<T: Encodable>(_ value: T) throws {
        let previous = role
        let sink = claimSingleValueSlot()
        let mark = sink.mark()
        do {
            // A value wrapped in a single-value container continues this encoder's chain of
            // optionals (Optional<Optional<Int>> encodes its Optional<Int> through here).
            let nested = try state.encodeValue(
                value, in: sink, parentPath: pathNode, component: .none, depth: depth + 1,
                optionalDepth: optionalDepth + 1)
            if let nested, sink.pendingSlot === nested { state.resolvePendingSlot(in: sink) }
        } catch {
            state.rollBackSingleValue(of: self, in: sink, to: mark, previous: previous)
            throw error
        }
    }

    /// `value` written late through the single-value container, while the slot holds this
    /// encoder's `{}` placeholder (see `EncodingState.resolvePendingSlot`), which a container
    /// asked for under the same key has continued meanwhile (as `JSONEncoder` continues the
    /// object under a key), and may still hold.
    ///
    /// The value takes the slot the way this encoder's own container requests do
    /// (`claimContainer`): a keyed container continues the `{}` and the entries written to it,
    /// anything else replaces it. So the value's `encode(to:)` runs on an encoder holding the
    /// same placeholder. Values written natively are never keyed, and those past the depth limit
    /// throw: they replace it as any single value does. A class instance under
    /// `preservesObjectIdentity` is written without its marker, as a value: what lands here is
    /// not the instance's value alone, so it is no occurrence of the instance, and its next
    /// occurrence is written in full.
    private func encode<T: Encodable>(_ value: T, overContinuedPlaceholder placeholder: ContainerRef) throws {
        // Whether the value is written natively is asked of `NativeEncoding.write` itself, the
        // one list of native types, by a write into a scratch writer: this path is rare (a late
        // single value over a continued placeholder), and a second list could disagree with it.
        var scratch = ByteWriter(capacity: 0)
        if NativeEncoding.write(value, into: &scratch, withinDepth: true) || depth + 1 > state.maximumDepth {
            return try encodeSingle(value)
        }
        let previous = role
        state.claimPlaceholder(placeholder)
        let nested = EncoderImpl(state: state, parentPath: pathNode, component: .none, depth: depth + 1,
                                 optionalDepth: _isOptional(T.self) ? optionalDepth + 1 : 0, role: .placeholder(placeholder))
        do {
            if T.self is AnyObject.Type {
                try state.encodeUnnumberedInstance(value, with: nested)
            } else {
                try value.encode(to: nested)
            }
        } catch {
            if let replacement = state.replacement(ofPlaceholder: placeholder) {
                // The value opened a container or wrote a scalar in place of the `{}`: undone
                // as `encodeSingle` undoes a value that replaced it.
                state.rollBackSingleValue(of: self, in: replacement, to: EncodingSink.Mark.start, previous: previous)
            } else if case .placeholder = nested.role {
                state.restorePlaceholder(placeholder, of: self)
            } else {
                role = nested.role  // entries it added to the continued `{}` stay, as any container's do
            }
            throw error
        }
        switch nested.role {
        case .placeholder: role = .keyed(placeholder)  // a value that writes nothing is `{}`
        default: role = nested.role
        }
    }
}
