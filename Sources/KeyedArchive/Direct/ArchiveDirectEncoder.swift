#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The writer of the general path (`ArchiveWriter`): an `ArchiveDirectEncodable` value inside a
/// `Codable` one, or under options a message does not write.
///
/// It writes through the same sinks, key table and late-write machinery as `encode(to:)` does, so
/// everything `encode(to:)` may do around it (a parent's container continued later, a super
/// encoder filled late, a value that throws and is rolled back) sees the same bytes.
public struct ArchiveDirectEncoder: ArchiveWriter {
    let state: EncodingState
    /// Unretained, as in `ContainerRef`: the state, which this holds, holds every sink until it
    /// is reset, and it is reset only once nothing else refers to it. Retained, encoding 1,000
    /// commits as messages took 3.5 % more instructions.
    private let unmanagedSink: Unmanaged<EncodingSink>
    var sink: EncodingSink { unmanagedSink.takeUnretainedValue() }

    /// `body` applied to the sink, borrowed rather than retained for the call.
    @inline(__always)
    func withSink<Result>(_ body: (EncodingSink) -> Result) -> Result { unmanagedSink._withUnsafeGuaranteedRef(body) }
    /// The path of the value: its parent's path and what the value adds to it.
    let parentPath: CodingPathNode
    let component: PathComponent
    /// Nesting depth of the value (already checked against the limit).
    let depth: Int
    /// Whether the value was written (a keyed container opened, or a single value): a second
    /// write is a programmer's mistake, stopped as `EncoderImpl` stops it.
    private(set) var wroteValue = false

    init(state: EncodingState, sink: EncodingSink, parentPath: CodingPathNode, component: PathComponent, depth: Int) {
        (self.state, self.parentPath, self.component, self.depth) = (state, parentPath, component, depth)
        unmanagedSink = Unmanaged.passUnretained(sink)
    }

    /// Marks the value written; stops on a second write, which would corrupt the archive.
    mutating func claimValue() {
        precondition(!wroteValue, "Attempt to write a generated-code value twice (a keyed container or a single value was already written)")
        wroteValue = true
    }

    /// The value's keyed container, opened where the value belongs.
    public mutating func keyedContainer(_ keys: ArchiveKeySet) -> ArchiveDirectKeyedContainer {
        claimValue()
        let container = withSink { $0.open(.keyed, depth: depth) }
        return ArchiveDirectKeyedContainer(state: state, container: container, keys: keys,
                                           path: parentPath.appending(component))
    }
}

extension EncodingState {
    /// Writes `value` through its generated code at the end of `sink` (its key or slot already
    /// written); what `encodeValue` does for a value it cannot write natively, minus the nested
    /// encoder.
    @inline(__always)
    func encodeDirect<T: ArchiveDirectEncodable>(
        _ value: T, in sink: EncodingSink, parentPath: CodingPathNode, component: PathComponent, depth: Int
    ) throws {
        var encoder = ArchiveDirectEncoder(state: self, sink: sink, parentPath: parentPath, component: component, depth: depth)
        try T._archiveEncode(value, to: &encoder)
        if !encoder.wroteValue { try wroteNothing(value, depth: depth, in: sink) }
    }

    /// What `encode(to:)` leads to when a value writes nothing, for generated code (written by
    /// hand) that does the same: an error at the top level, an empty keyed container elsewhere
    /// (as in Foundation).
    @inline(never)
    private func wroteNothing<T>(_ value: T, depth: Int, in sink: EncodingSink) throws {
        guard depth > 1 else {
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: [], debugDescription: "Top-level \(T.self) did not encode any values."))
        }
        _ = sink.writeEmptyKeyed(depth: depth)
    }

    /// If `T` has generated code (and is not a class, whose instances need the identity and
    /// cycle checks of `encodeInstance`), writes `value` through it and returns `true`.
    @inline(__always)
    func encodeDirectIfPossible<T: Encodable>(
        _ value: T, in sink: EncodingSink, parentPath: () -> CodingPathNode, component: () -> PathComponent, depth: Int
    ) throws -> Bool {
        guard usesGeneratedCode, let direct = directEncodableType(T.self) else { return false }
        try encodeDirect(value, as: direct, in: sink, parentPath: parentPath(), component: component(), depth: depth)
        return true
    }

    /// Writes `value` through the generated code of `direct`, which is `T` (as
    /// `directEncodableType` or `directEncodableClass` found it).
    @inline(__always)
    func encodeDirect<T: Encodable>(
        _ value: T, as direct: any ArchiveDirectEncodable.Type, in sink: EncodingSink, parentPath: CodingPathNode,
        component: PathComponent, depth: Int
    ) throws {
        func write<D: ArchiveDirectEncodable>(_ type: D.Type) throws {
            // `D` is `T`: the lookup only gave it a name.
            try encodeDirect(unsafeBitCast(value, to: D.self), in: sink, parentPath: parentPath, component: component, depth: depth)
        }
        try write(direct)
    }

    /// `type`, a class, as a class with generated code, or `nil` if it has none: asked once an
    /// instance's identity and cycle checks are done (`encodeInstanceValue`).
    @inline(__always)
    func directEncodableClass<T>(_ type: T.Type) -> (any ArchiveDirectEncodable.Type)? {
        directEncodableClasses.verdict(for: type) { (type as? any ArchiveDirectEncodable.Type).flatMap { $0._archiveCanEncode ? $0 : nil } }
    }

    /// `type` as a type with generated code, or `nil` if it has none or is a class. Without
    /// keeping the verdicts, encoding the sample commits took 6.5 % more instructions.
    @inline(__always)
    func directEncodableType<T>(_ type: T.Type) -> (any ArchiveDirectEncodable.Type)? {
        // A metatype cast: unlike `value as? any ArchiveDirectEncodable`, it does not look inside
        // an `Optional`, whose own `encode(to:)` must run.
        directEncodableTypes.verdict(for: type) {
            type is AnyObject.Type ? nil : (type as? any ArchiveDirectEncodable.Type).flatMap { $0._archiveCanEncode ? $0 : nil }
        }
    }
}
