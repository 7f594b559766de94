/// Cycles of class instances.
///
/// A value that contains itself — a node among its own descendants — cannot be rebuilt by
/// `init(from:)` (an object must exist before its children), and encoding it never ends: each
/// turn of the cycle nests one level deeper. `JSONEncoder` recurses until the stack overflows.
/// Here a class instance met again while its own `encode(to:)` is still running throws
/// `EncodingError.invalidValue` at the coding path where the cycle closes, naming the path where
/// the instance is being encoded. The same instance reached twice along different branches (a
/// shared object, not a cycle) is encoded twice, as in every Codable coder, unless
/// `preservesObjectIdentity` is set (`EncodingState+Objects.swift`).
extension EncodingState {
    /// `value.encode(to: encoder)` for a class instance.
    @inline(never)
    func encodeInstance<T: Encodable>(_ value: T, with encoder: EncoderImpl, in sink: EncodingSink) throws {
        // `T` is a class (the caller checked): its value is the reference. `as AnyObject` would
        // go through the bridging machinery, about 2,400 instructions per instance.
        let id = ObjectIdentifier(unsafeBitCast(value, to: AnyObject.self))
        try checkForCycle(value, id: id, at: encoder)
        if preservesObjectIdentity {
            return try encodeNumberedInstance(value, with: encoder, in: sink, id: id)
        }
        instancesInProgress.append((id, Unmanaged.passUnretained(encoder)))
        defer { instancesInProgress.removeLast() }
        try encodeInstanceValue(value, with: encoder, in: sink)
    }

    /// `value.encode(to: encoder)` for a class instance that is not numbered, whatever
    /// `preservesObjectIdentity` says (see `EncoderImpl.encode(_:overContinuedPlaceholder:)`):
    /// checked for cycles. `encoder` is pending in no sink, so generated code, which writes at a
    /// sink's end, is not used.
    func encodeUnnumberedInstance<T: Encodable>(_ value: T, with encoder: EncoderImpl) throws {
        let id = ObjectIdentifier(unsafeBitCast(value, to: AnyObject.self))
        try checkForCycle(value, id: id, at: encoder)
        instancesInProgress.append((id, Unmanaged.passUnretained(encoder)))
        defer { instancesInProgress.removeLast() }
        try value.encode(to: encoder)
    }

    /// Throws if instance `id` is being encoded already, further out: it contains itself.
    @inline(__always)
    private func checkForCycle<T: Encodable>(_ value: T, id: ObjectIdentifier, at encoder: EncoderImpl) throws {
        // Usually empty or a few entries deep: a scan beats a set.
        var index = instancesInProgress.count
        while index > 0, instancesInProgress[index - 1].id != id { index -= 1 }
        if index > 0 {
            let ancestor = instancesInProgress[index - 1]
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: encoder.codingPath,
                debugDescription: "Cannot encode a cycle: this \(type(of: value)) instance is already being encoded at "
                    + "\(Self.describe(ancestor.encoder.takeUnretainedValue().codingPath)) and contains itself here. Codable cannot rebuild "
                    + "a cycle through init(from:); break it (a weak reference left out of encode(to:), or an identifier)."))
        }
    }

    /// What an instance writes once its identity is settled: its generated code's entries if its
    /// class has some (a final class with `@ArchiveCodable`), written where `encoder`'s value
    /// belongs; otherwise `value.encode(to: encoder)`. `encoder` stays the instance's place in
    /// `instancesInProgress`, whose coding path a cycle's error names.
    @inline(__always)
    func encodeInstanceValue<T: Encodable>(_ value: T, with encoder: EncoderImpl, in sink: EncodingSink) throws {
        // Only for the class itself: an instance of a subclass (which generated code cannot
        // have, but a hand-written conformance might) writes through its own `encode(to:)`.
        guard usesGeneratedCode, sink.pendingSlot === encoder, type(of: value) == T.self,
              let direct = directEncodableClass(T.self) else {
            return try value.encode(to: encoder)
        }
        // The value is written by generated code, at the end of `sink`: the encoder's slot is no
        // longer pending, and nothing can write through the encoder (user code never sees it).
        sink.pendingSlot = nil
        encoder.role = .placeholder(.dead(.keyed, depth: encoder.depth))
        try encodeDirect(value, as: direct, in: sink, parentPath: encoder.parentPath, component: encoder.component,
                         depth: encoder.depth)
    }

    /// A coding path as text: `items[2].parent`, or `the top level`.
    static func describe(_ path: [any CodingKey]) -> String {
        guard !path.isEmpty else { return "the top level" }
        var text = ""
        for key in path {
            if let element = key as? IndexKey, let index = element.intValue {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return text
    }
}
