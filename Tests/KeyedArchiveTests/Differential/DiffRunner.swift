import Foundation

/// What an encoder has been asked for so far; the runner and the model admit a program body
/// on an encoder only if Foundation's coders allow it (so no misuse that stops the process is
/// ever run, whatever program the generator, the shrinker or fuzz bytes make).
final class DiffEncoderUse {
    enum State { case fresh, keyed, unkeyed, done }
    var state: State = .fresh

    func admit(_ body: DiffBody) -> Bool {
        switch (body, state) {
        case (.keyed, .fresh), (.keyed, .keyed): state = .keyed; return true
        case (.unkeyed, .fresh), (.unkeyed, .unkeyed): state = .unkeyed; return true
        case (.single, .fresh), (.singleNil, .fresh): state = .done; return true
        case (.nothing, _): return true
        default: return false
        }
    }
}

/// The kept containers and encoders of one encode run. `releaseEncodersAtFrameEnd`: for
/// JSONEncoder, whose super encoders write their value when released, a super encoder is let
/// go when the program that took it returns (the model excludes from the JSON comparison the
/// programs for which that timing matters).
final class DiffRunContext {
    let releaseEncodersAtFrameEnd: Bool
    /// Whether each program's value is a class instance (`DiffClassBox`), so that
    /// `preservesObjectIdentity` numbers every one: each is met once, so the archive must be
    /// the one without the option, whatever is dropped, replaced or cut off.
    let programsAreInstances: Bool
    var keyed: [Int: KeyedEncodingContainer<DiffCodingKey>] = [:]
    var unkeyed: [Int: any UnkeyedEncodingContainer] = [:]
    /// The frame each container slot was taken in.
    var containerFrames: [Int: Int] = [:]
    var encoders: [Int: (encoder: any Encoder, use: DiffEncoderUse, frame: Int)] = [:]
    var frame = 0
    var nextFrame = 1

    init(releaseEncodersAtFrameEnd: Bool, programsAreInstances: Bool = false) {
        self.releaseEncodersAtFrameEnd = releaseEncodersAtFrameEnd
        self.programsAreInstances = programsAreInstances
    }

    /// The value that runs `program` in its `encode(to:)`.
    func box(_ program: DiffProgram) -> any Encodable {
        let box = DiffBox(.program(program), self)
        return programsAreInstances ? DiffClassBox(box) : box
    }

    func run(_ program: DiffProgram, on encoder: any Encoder, use: DiffEncoderUse) throws {
        let outer = frame
        frame = nextFrame
        nextFrame += 1
        defer {
            if releaseEncodersAtFrameEnd {
                for (slot, kept) in encoders where kept.frame == frame { encoders[slot] = nil }
                for (slot, taken) in containerFrames where taken == frame {
                    keyed[slot] = nil
                    unkeyed[slot] = nil
                    containerFrames[slot] = nil
                }
            }
            frame = outer
        }
        if let slot = program.stashSelf { encoders[slot] = (encoder, use, frame) }
        guard use.admit(program.body) else { return }
        switch program.body {
        case .keyed(let ops):
            var c = encoder.container(keyedBy: DiffCodingKey.self)
            try runKeyed(ops, &c, encoder: encoder)
        case .unkeyed(let ops):
            var u = encoder.unkeyedContainer()
            try runUnkeyed(ops, &u, encoder: encoder)
        case .single(.leaf(let leaf)):
            var s = encoder.singleValueContainer()
            try Self.encode(leaf, into: &s)
        case .single(.program(let inner)):
            var s = encoder.singleValueContainer()
            try s.encode(box(inner))
        case .singleNil:
            var s = encoder.singleValueContainer()
            try s.encodeNil()
        case .nothing:
            break
        }
    }

    private static let defaultKey = DiffKey.s("_")

    func runKeyed(_ ops: [DiffOp], _ c: inout KeyedEncodingContainer<DiffCodingKey>, encoder: (any Encoder)?) throws {
        for op in ops {
            switch op {
            case .encode(let k, .leaf(let leaf)):
                try Self.encode(leaf, into: &c, forKey: (k ?? Self.defaultKey).codingKey)
            case .encode(let k, .program(let p)):
                try c.encode(box(p), forKey: (k ?? Self.defaultKey).codingKey)
            case .encodeNil(let k):
                try c.encodeNil(forKey: (k ?? Self.defaultKey).codingKey)
            case .encodeIfPresent(let k, let leaf):
                try Self.encodeIfPresent(leaf, into: &c, forKey: k.codingKey)
            case .nestedKeyed(let k, let slot, let inner):
                var n = c.nestedContainer(keyedBy: DiffCodingKey.self, forKey: (k ?? Self.defaultKey).codingKey)
                keyed[slot] = n
                if releaseEncodersAtFrameEnd { containerFrames[slot] = frame }
                try runKeyed(inner, &n, encoder: nil)
            case .nestedUnkeyed(let k, let slot, let inner):
                var n = c.nestedUnkeyedContainer(forKey: (k ?? Self.defaultKey).codingKey)
                unkeyed[slot] = n
                if releaseEncodersAtFrameEnd { containerFrames[slot] = frame }
                try runUnkeyed(inner, &n, encoder: nil)
                unkeyed[slot] = n
            case .superEncoder(let k, let slot, let fill):
                let e = k.map { c.superEncoder(forKey: $0.codingKey) } ?? c.superEncoder()
                let use = DiffEncoderUse()
                encoders[slot] = (e, use, frame)
                if let fill { try run(fill, on: e, use: use) }
            case .again:
                if let encoder { c = encoder.container(keyedBy: DiffCodingKey.self) }
            case .fillKeyed, .fillUnkeyed, .fillEncoder:
                try fill(op)
            }
        }
    }

    func runUnkeyed(_ ops: [DiffOp], _ u: inout any UnkeyedEncodingContainer, encoder: (any Encoder)?) throws {
        for op in ops {
            switch op {
            case .encode(_, .leaf(let leaf)):
                try Self.encode(leaf, into: &u)
            case .encode(_, .program(let p)):
                try u.encode(box(p))
            case .encodeNil:
                try u.encodeNil()
            case .encodeIfPresent(_, let leaf):
                // Unkeyed containers have no encodeIfPresent: a present value is encoded.
                if let leaf { try Self.encode(leaf, into: &u) }
            case .nestedKeyed(_, let slot, let inner):
                var n = u.nestedContainer(keyedBy: DiffCodingKey.self)
                keyed[slot] = n
                if releaseEncodersAtFrameEnd { containerFrames[slot] = frame }
                try runKeyed(inner, &n, encoder: nil)
            case .nestedUnkeyed(_, let slot, let inner):
                var n = u.nestedUnkeyedContainer()
                unkeyed[slot] = n
                if releaseEncodersAtFrameEnd { containerFrames[slot] = frame }
                try runUnkeyed(inner, &n, encoder: nil)
                unkeyed[slot] = n
            case .superEncoder(_, let slot, let fill):
                let e = u.superEncoder()
                let use = DiffEncoderUse()
                encoders[slot] = (e, use, frame)
                if let fill { try run(fill, on: e, use: use) }
            case .again:
                if let encoder { u = encoder.unkeyedContainer() }
            case .fillKeyed, .fillUnkeyed, .fillEncoder:
                try fill(op)
            }
        }
    }

    private func fill(_ op: DiffOp) throws {
        switch op {
        case .fillKeyed(let slot, let inner):
            guard var n = keyed[slot] else { return }
            try runKeyed(inner, &n, encoder: nil)
        case .fillUnkeyed(let slot, let inner):
            guard var n = unkeyed[slot] else { return }
            try runUnkeyed(inner, &n, encoder: nil)
            if unkeyed[slot] != nil { unkeyed[slot] = n }
        case .fillEncoder(let slot, let program):
            guard let kept = encoders[slot] else { return }
            try run(program, on: kept.encoder, use: kept.use)
        default:
            return
        }
    }

    // MARK: Leaves, through the typed entry points of each container

    static func encode(_ leaf: DiffLeaf, into c: inout KeyedEncodingContainer<DiffCodingKey>, forKey key: DiffCodingKey) throws {
        switch leaf {
        case .bool(let v): try c.encode(v, forKey: key)
        case .string(let v): try c.encode(v, forKey: key)
        case .int(let v): try c.encode(v, forKey: key)
        case .int8(let v): try c.encode(v, forKey: key)
        case .int16(let v): try c.encode(v, forKey: key)
        case .int32(let v): try c.encode(v, forKey: key)
        case .int64(let v): try c.encode(v, forKey: key)
        case .uint(let v): try c.encode(v, forKey: key)
        case .uint8(let v): try c.encode(v, forKey: key)
        case .uint16(let v): try c.encode(v, forKey: key)
        case .uint32(let v): try c.encode(v, forKey: key)
        case .uint64(let v): try c.encode(v, forKey: key)
        case .float(let v): try c.encode(Float(bitPattern: v), forKey: key)
        case .double(let v): try c.encode(Double(bitPattern: v), forKey: key)
        case .int128(let v): try c.encode(v, forKey: key)
        case .uint128(let v): try c.encode(v, forKey: key)
        default: try c.encode(leaf.native, forKey: key)
        }
    }

    static func encodeIfPresent(_ leaf: DiffLeaf?, into c: inout KeyedEncodingContainer<DiffCodingKey>, forKey key: DiffCodingKey) throws {
        guard let leaf else { try c.encodeIfPresent(Int?.none, forKey: key); return }
        switch leaf {
        case .bool(let v): try c.encodeIfPresent(v, forKey: key)
        case .string(let v): try c.encodeIfPresent(v, forKey: key)
        case .int(let v): try c.encodeIfPresent(v, forKey: key)
        case .int8(let v): try c.encodeIfPresent(v, forKey: key)
        case .int16(let v): try c.encodeIfPresent(v, forKey: key)
        case .int32(let v): try c.encodeIfPresent(v, forKey: key)
        case .int64(let v): try c.encodeIfPresent(v, forKey: key)
        case .uint(let v): try c.encodeIfPresent(v, forKey: key)
        case .uint8(let v): try c.encodeIfPresent(v, forKey: key)
        case .uint16(let v): try c.encodeIfPresent(v, forKey: key)
        case .uint32(let v): try c.encodeIfPresent(v, forKey: key)
        case .uint64(let v): try c.encodeIfPresent(v, forKey: key)
        case .float(let v): try c.encodeIfPresent(Float(bitPattern: v), forKey: key)
        case .double(let v): try c.encodeIfPresent(Double(bitPattern: v), forKey: key)
        case .int128(let v): try c.encodeIfPresent(v, forKey: key)
        case .uint128(let v): try c.encodeIfPresent(v, forKey: key)
        case .data(let v): try c.encodeIfPresent(Data(v), forKey: key)
        case .date(let v): try c.encodeIfPresent(Date(timeIntervalSinceReferenceDate: Double(bitPattern: v)), forKey: key)
        case .url: try c.encodeIfPresent(leaf.native as? URL, forKey: key)
        case .uuid: try c.encodeIfPresent(leaf.native as? UUID, forKey: key)
        case .doubles(let v): try c.encodeIfPresent(v.map(Double.init(bitPattern:)), forKey: key)
        case .ints(let v): try c.encodeIfPresent(v, forKey: key)
        case .strings(let v): try c.encodeIfPresent(v, forKey: key)
        }
    }

    static func encode(_ leaf: DiffLeaf, into u: inout any UnkeyedEncodingContainer) throws {
        switch leaf {
        case .bool(let v): try u.encode(v)
        case .string(let v): try u.encode(v)
        case .int(let v): try u.encode(v)
        case .int8(let v): try u.encode(v)
        case .int16(let v): try u.encode(v)
        case .int32(let v): try u.encode(v)
        case .int64(let v): try u.encode(v)
        case .uint(let v): try u.encode(v)
        case .uint8(let v): try u.encode(v)
        case .uint16(let v): try u.encode(v)
        case .uint32(let v): try u.encode(v)
        case .uint64(let v): try u.encode(v)
        case .float(let v): try u.encode(Float(bitPattern: v))
        case .double(let v): try u.encode(Double(bitPattern: v))
        case .int128(let v): try u.encode(v)
        case .uint128(let v): try u.encode(v)
        default: try u.encode(leaf.native)
        }
    }

    static func encode(_ leaf: DiffLeaf, into s: inout any SingleValueEncodingContainer) throws {
        switch leaf {
        case .bool(let v): try s.encode(v)
        case .string(let v): try s.encode(v)
        case .int(let v): try s.encode(v)
        case .int8(let v): try s.encode(v)
        case .int16(let v): try s.encode(v)
        case .int32(let v): try s.encode(v)
        case .int64(let v): try s.encode(v)
        case .uint(let v): try s.encode(v)
        case .uint8(let v): try s.encode(v)
        case .uint16(let v): try s.encode(v)
        case .uint32(let v): try s.encode(v)
        case .uint64(let v): try s.encode(v)
        case .float(let v): try s.encode(Float(bitPattern: v))
        case .double(let v): try s.encode(Double(bitPattern: v))
        case .int128(let v): try s.encode(v)
        case .uint128(let v): try s.encode(v)
        default: try s.encode(leaf.native)
        }
    }
}

extension DiffLeaf {
    /// A natively encoded leaf as its real Swift type; passed to the containers' generic
    /// `encode(_:)`, the existential is opened, so the encoders see `Data`, `[Double]`, ….
    var native: any Encodable {
        switch self {
        case .data(let v): Data(v)
        case .date(let v): Date(timeIntervalSinceReferenceDate: Double(bitPattern: v))
        case .url(let v): URL(string: v) ?? URL(string: "https://example.com")!
        case .uuid(let v): UUID(uuidString: v) ?? UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
        case .doubles(let v): v.map(Double.init(bitPattern:))
        case .ints(let v): v
        case .strings(let v): v
        case .bool(let v): v
        case .string(let v): v
        case .int(let v): v
        case .int8(let v): v
        case .int16(let v): v
        case .int32(let v): v
        case .int64(let v): v
        case .uint(let v): v
        case .uint8(let v): v
        case .uint16(let v): v
        case .uint32(let v): v
        case .uint64(let v): v
        case .float(let v): Float(bitPattern: v)
        case .double(let v): Double(bitPattern: v)
        case .int128(let v): v
        case .uint128(let v): v
        }
    }
}

/// A `DiffBox` as a class instance (`DiffRunContext.programsAreInstances`).
final class DiffClassBox: Encodable {
    let box: DiffBox
    init(_ box: DiffBox) { self.box = box }
    func encode(to encoder: any Encoder) throws { try box.encode(to: encoder) }
}

/// The value given to the encoders: runs a program (or a wrapper around programs) in
/// `encode(to:)`. All boxes of one encode share one `DiffRunContext`.
struct DiffBox: Encodable {
    enum Node { case program(DiffProgram), wrapped(DiffWrapped) }
    let node: Node
    let context: DiffRunContext

    init(_ node: Node, _ context: DiffRunContext) { self.node = node; self.context = context }

    func encode(to encoder: any Encoder) throws {
        switch node {
        case .program(let p), .wrapped(.program(let p)):
            try context.run(p, on: encoder, use: DiffEncoderUse())
        case .wrapped(.array(let elements)):
            try elements.map { DiffBox(.wrapped($0), context) }.encode(to: encoder)
        case .wrapped(.stringDict(let d)):
            try d.mapValues { DiffBox(.wrapped($0), context) }.encode(to: encoder)
        case .wrapped(.intDict(let d)):
            try d.mapValues { DiffBox(.wrapped($0), context) }.encode(to: encoder)
        case .wrapped(.optional(let o)):
            var s = encoder.singleValueContainer()
            try s.encode(o.map { DiffBox(.wrapped($0), context) })
        }
    }
}
