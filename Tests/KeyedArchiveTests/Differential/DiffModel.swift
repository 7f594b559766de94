import Foundation

// The reference model: the logical value a program must produce, computed from the op list
// alone, with the semantics of MigratingFromJSONEncoder.md ("Containers filled out of order"):
// every container and encoder is a node; a write lands where its handle was taken, also late;
// a key written again replaces the entry (the last write wins); an entry is created when its
// write begins (an `encode(_:forKey:)` of a value, a super encoder, a nested container), so a
// later write to the same key wins even if it happens while the first one is still running;
// a nested container asked again for a key holding a container of that kind continues it,
// and replaces any other value.
//
// It also decides whether JSONEncoder can serve as an oracle for the program, and why not.

final class DiffModelFrame {
    var returned = false
    /// Super encoders this frame took: released (for JSONEncoder) when it returns.
    var supers: [(keyed: DiffModelKeyed?, unkeyed: DiffModelUnkeyed?, key: DiffKey?)] = []
}

final class DiffModelEncoder {
    enum State { case none, leaf(DiffTree), keyed(DiffModelKeyed), unkeyed(DiffModelUnkeyed) }
    var state: State = .none
    /// For a super encoder: the frame that took it (it is in flight until that one returns).
    var superTakenIn: DiffModelFrame?
    init() {}
    init(_ state: State) { self.state = state }
}

final class DiffModelKeyed {
    var entries: [DiffKey: DiffModelEncoder] = [:]
    var owner: DiffModelFrame
    var inFlightSupers: [DiffKey: Int] = [:]
    init(owner: DiffModelFrame) { self.owner = owner }
}

final class DiffModelUnkeyed {
    var items: [DiffModelEncoder] = []
    var owner: DiffModelFrame
    var inFlightSupers = 0
    /// A natively written array (`[String]`, `[Int]`, `[Double]`): no handle to it exists.
    var isNative = false
    /// `[Int]` or `[Double]`, which the archive writes as a packed array.
    var isPacked = false
    init(owner: DiffModelFrame) { self.owner = owner }
}

/// What the model found: the expected tree (nil: the top level encodes nothing, so the
/// encoders must throw), why JSON cannot be compared (nil: it can), and the shapes the
/// program exercised (for the coverage test).
struct DiffModelResult {
    var tree: DiffTree?
    var jsonExclusion: String?
    var events: [String: Int] = [:]
}

final class DiffModel {
    private var keyed: [Int: (container: DiffModelKeyed, frame: DiffModelFrame)] = [:]
    private var unkeyed: [Int: (container: DiffModelUnkeyed, frame: DiffModelFrame)] = [:]
    private var encoders: [Int: (encoder: DiffModelEncoder, use: DiffEncoderUse, frame: DiffModelFrame)] = [:]
    private var frames: [DiffModelFrame] = []
    private let rootFrame = DiffModelFrame()
    /// The containers whose op lists are running, and `nil` where a value's `encode(to:)` began.
    private var active: [ObjectIdentifier?] = []
    private var result = DiffModelResult()

    static func run(_ wrapped: DiffWrapped) -> DiffModelResult {
        let model = DiffModel()
        let root = DiffModelEncoder()
        model.frames = [model.rootFrame]
        model.evaluate(wrapped, into: root)
        model.result.tree = { if case .none = root.state { return nil } else { return root.tree } }()
        return model.result
    }

    private var frame: DiffModelFrame { frames[frames.count - 1] }

    private func note(_ event: String) { result.events[event, default: 0] += 1 }

    private func excludeJSON(_ reason: String) {
        if result.jsonExclusion == nil { result.jsonExclusion = reason }
        note("json excluded: " + reason)
    }

    // MARK: Wrappers

    private func evaluate(_ wrapped: DiffWrapped, into e: DiffModelEncoder) {
        switch wrapped {
        case .program(let p):
            note("wrapper program")
            runValue(p, on: e)
        case .array(let elements):
            note("wrapper array")
            let u = DiffModelUnkeyed(owner: rootFrame)
            e.state = .unkeyed(u)
            for element in elements {
                let item = DiffModelEncoder()
                u.items.append(item)
                evaluate(element, into: item)
            }
        case .stringDict(let d):
            note("wrapper [String: X]")
            let k = DiffModelKeyed(owner: rootFrame)
            e.state = .keyed(k)
            for (key, element) in d {
                let item = DiffModelEncoder()
                // Dictionary's encode(to:) makes an Int key of a String that spells an Int.
                k.entries[Int(key).map(DiffKey.i) ?? .s(key)] = item
                evaluate(element, into: item)
            }
        case .intDict(let d):
            note("wrapper [Int: X]")
            let k = DiffModelKeyed(owner: rootFrame)
            e.state = .keyed(k)
            for (key, element) in d {
                let item = DiffModelEncoder()
                k.entries[.i(key)] = item
                evaluate(element, into: item)
            }
        case .optional(nil):
            note("wrapper optional nil")
            e.state = .leaf(.null(level: 0))
        case .optional(let inner?):
            note("wrapper optional some")
            evaluate(inner, into: e)
            if case .leaf(.null(let level)) = e.state { e.state = .leaf(.null(level: level + 1)) }
        }
    }

    // MARK: Programs

    /// A value's `encode(to:)` running `program` on a new encoder writing into `e`.
    private func runValue(_ program: DiffProgram, on e: DiffModelEncoder) {
        active.append(nil)
        run(program, on: e, use: DiffEncoderUse())
        active.removeLast()
    }

    private func run(_ program: DiffProgram, on e: DiffModelEncoder, use: DiffEncoderUse) {
        let f = DiffModelFrame()
        frames.append(f)
        defer {
            f.returned = true
            for s in f.supers {
                if let k = s.keyed, let key = s.key { k.inFlightSupers[key, default: 1] -= 1 }
                if let u = s.unkeyed { u.inFlightSupers -= 1 }
            }
            // The containers own their frame: dropping them here breaks the cycle (the encoder
            // fuzzer runs millions of models in one process).
            f.supers = []
            frames.removeLast()
        }
        if let slot = program.stashSelf {
            note("stash own encoder")
            encoders[slot] = (e, use, f)
        }
        guard use.admit(program.body) else { note("inadmissible body skipped"); return }
        switch program.body {
        case .keyed(let ops):
            note("program keyed")
            let k: DiffModelKeyed
            if case .keyed(let existing) = e.state { k = existing; note("keyed container continued") } else {
                k = DiffModelKeyed(owner: f)
                e.state = .keyed(k)
            }
            runKeyed(ops, k, hasEncoder: true)
        case .unkeyed(let ops):
            note("program unkeyed")
            let u: DiffModelUnkeyed
            if case .unkeyed(let existing) = e.state { u = existing; note("unkeyed container continued") } else {
                u = DiffModelUnkeyed(owner: f)
                e.state = .unkeyed(u)
            }
            runUnkeyed(ops, u, hasEncoder: true)
        case .single(.leaf(let leaf)):
            note("program single leaf")
            write(leaf, into: e)
        case .single(.program(let inner)):
            note("program single nested value")
            runValue(inner, on: e)
            // A nested value that encoded nothing is an empty keyed container ({} in JSON);
            // only the top-level encoder encoding nothing is an error.
            if case .none = e.state { e.state = .keyed(DiffModelKeyed(owner: f)) }
        case .singleNil:
            note("program single nil")
            e.state = .leaf(.null(level: 0))
        case .nothing:
            note("program nothing")
        }
    }

    private func write(_ leaf: DiffLeaf, into e: DiffModelEncoder) {
        switch leaf {
        case .doubles(let v):
            note("leaf [Double]")
            let u = DiffModelUnkeyed(owner: frame)
            u.items = v.map { DiffModelEncoder(.leaf(.double($0))) }
            u.isNative = true
            u.isPacked = true
            e.state = .unkeyed(u)
        case .ints(let v):
            note("leaf [Int]")
            let u = DiffModelUnkeyed(owner: frame)
            u.items = v.map { DiffModelEncoder(.leaf(.integer("\($0)"))) }
            u.isNative = true
            u.isPacked = true
            e.state = .unkeyed(u)
        case .strings(let v):
            note("leaf [String]")
            let u = DiffModelUnkeyed(owner: frame)
            u.items = v.map { DiffModelEncoder(.leaf(.string($0))) }
            u.isNative = true
            e.state = .unkeyed(u)
        default:
            e.state = .leaf(leaf.tree)
        }
        if !leaf.isJSONRepresentable { excludeJSON("a value JSONEncoder cannot write (NaN, infinity, Int128)") }
        note("leaf " + leaf.kindName)
    }

    private func writeValue(_ value: DiffValue, into e: DiffModelEncoder) {
        switch value {
        case .leaf(let leaf): write(leaf, into: e)
        case .program(let p): note("nested program value"); runValue(p, on: e)
        }
    }

    // MARK: Containers

    private func begin(_ container: AnyObject) {
        let id = ObjectIdentifier(container)
        if let i = active.lastIndex(of: id), active[(i + 1)...].contains(nil) {
            // JSONEncoder stores a value when its encode(to:) returns; the archive coder
            // creates the entry when it begins (MigratingFromJSONEncoder.md, "Containers
            // filled out of order"). Writes into a container whose value is being encoded
            // are ordered differently.
            excludeJSON("a write into a container while one of its values is being encoded")
            note("re-entrant write into an enclosing container")
        }
        active.append(id)
    }

    private func touch(_ k: DiffModelKeyed, _ key: DiffKey) {
        if k.inFlightSupers[key, default: 0] > 0 {
            // "A super encoder occupies its key … when you ask for it; JSONEncoder writes its
            // value when the super encoder is released."
            excludeJSON("a key written while a super encoder for it is in flight")
            note("key rewritten while its super encoder is in flight")
        }
        if k.entries[key] != nil { note("key written twice") }
        if case .i(let i) = key {
            if i < 0 { note("Int key negative") }
            if i >= 1 << 14 { note("Int key >= 2^14") } else if i >= 64 { note("Int key >= 64") } else if i >= 32 { note("Int key >= 32") }
        }
    }

    private func runKeyed(_ ops: [DiffOp], _ k: DiffModelKeyed, hasEncoder: Bool) {
        begin(k)
        defer { active.removeLast() }
        for op in ops {
            switch op {
            case .encode(let key, let value):
                let key = key ?? .s("_")
                touch(k, key)
                let e = DiffModelEncoder()
                k.entries[key] = e
                writeValue(value, into: e)
                note("keyed encode")
            case .encodeNil(let key):
                let key = key ?? .s("_")
                touch(k, key)
                k.entries[key] = DiffModelEncoder(.leaf(.null(level: 0)))
                note("keyed encodeNil")
            case .encodeIfPresent(let key, let leaf):
                if let leaf {
                    touch(k, key)
                    let e = DiffModelEncoder()
                    k.entries[key] = e
                    write(leaf, into: e)
                    note("keyed encodeIfPresent some")
                } else {
                    note("keyed encodeIfPresent nil")
                }
            case .nestedKeyed(let key, let slot, let inner):
                let key = key ?? .s("_")
                touch(k, key)
                let n: DiffModelKeyed
                if let existing = k.entries[key], case .keyed(let x) = existing.state {
                    n = x
                    continued(owner: &x.owner, by: k.owner, isNative: false)
                    note("nested keyed re-requested: continued")
                } else if let existing = k.entries[key], case .none = existing.state, existing.superTakenIn == nil {
                    // A value that encoded nothing is an empty keyed container (as JSONEncoder's {}).
                    n = DiffModelKeyed(owner: k.owner)
                    existing.state = .keyed(n)
                    note("nested keyed continued an empty value")
                } else {
                    if let existing = k.entries[key] { replacedByNested(existing) }
                    n = DiffModelKeyed(owner: k.owner)
                    k.entries[key] = DiffModelEncoder(.keyed(n))
                }
                keyed[slot] = (n, frame)
                note("keyed nestedContainer")
                runKeyed(inner, n, hasEncoder: false)
            case .nestedUnkeyed(let key, let slot, let inner):
                let key = key ?? .s("_")
                touch(k, key)
                let n: DiffModelUnkeyed
                if let existing = k.entries[key], case .unkeyed(let x) = existing.state {
                    n = x
                    continued(owner: &x.owner, by: k.owner, isNative: x.isNative)
                    note(x.isNative ? "native array continued by nestedUnkeyedContainer" : "nested unkeyed re-requested: continued")
                    if x.isPacked && !x.items.isEmpty { note("packed array continued by nestedUnkeyedContainer") }
                } else {
                    if let existing = k.entries[key] { replacedByNested(existing) }
                    n = DiffModelUnkeyed(owner: k.owner)
                    k.entries[key] = DiffModelEncoder(.unkeyed(n))
                }
                unkeyed[slot] = (n, frame)
                note("keyed nestedUnkeyedContainer")
                runUnkeyed(inner, n, hasEncoder: false)
            case .superEncoder(let key, let slot, let fill):
                let key = key ?? .s("super")
                touch(k, key)
                let e = DiffModelEncoder()
                e.superTakenIn = frame
                k.entries[key] = e
                k.inFlightSupers[key, default: 0] += 1
                frame.supers.append((k, nil, key))
                let use = DiffEncoderUse()
                encoders[slot] = (e, use, frame)
                note(op.isDefaultSuper ? "keyed superEncoder()" : "keyed superEncoder(forKey:)")
                noteSupersInFlight()
                if let fill { run(fill, on: e, use: use) } else { note("super encoder deferred") }
            case .again:
                if hasEncoder { note("container requested again") }
            case .fillKeyed, .fillUnkeyed, .fillEncoder:
                fill(op)
            }
        }
    }

    private func runUnkeyed(_ ops: [DiffOp], _ u: DiffModelUnkeyed, hasEncoder: Bool) {
        begin(u)
        defer { active.removeLast() }
        for op in ops {
            switch op {
            case .encode(_, let value):
                let e = DiffModelEncoder()
                u.items.append(e)
                writeValue(value, into: e)
                note("unkeyed encode")
            case .encodeNil:
                u.items.append(DiffModelEncoder(.leaf(.null(level: 0))))
                note("unkeyed encodeNil")
            case .encodeIfPresent(_, let leaf):
                if let leaf {
                    let e = DiffModelEncoder()
                    u.items.append(e)
                    write(leaf, into: e)
                }
            case .nestedKeyed(_, let slot, let inner):
                let n = DiffModelKeyed(owner: u.owner)
                u.items.append(DiffModelEncoder(.keyed(n)))
                keyed[slot] = (n, frame)
                note("unkeyed nestedContainer")
                runKeyed(inner, n, hasEncoder: false)
            case .nestedUnkeyed(_, let slot, let inner):
                let n = DiffModelUnkeyed(owner: u.owner)
                u.items.append(DiffModelEncoder(.unkeyed(n)))
                unkeyed[slot] = (n, frame)
                note("unkeyed nestedUnkeyedContainer")
                runUnkeyed(inner, n, hasEncoder: false)
            case .superEncoder(_, let slot, let fill):
                if u.inFlightSupers > 0 {
                    // JSONEncoder inserts each at the index it was taken at when released: the
                    // order depends on the releases ("two unkeyed super encoders keep the order
                    // in which they were taken" here).
                    excludeJSON("two unkeyed super encoders of one container in flight")
                }
                let e = DiffModelEncoder()
                u.items.append(e)
                u.inFlightSupers += 1
                frame.supers.append((nil, u, nil))
                let use = DiffEncoderUse()
                encoders[slot] = (e, use, frame)
                note("unkeyed superEncoder()")
                noteSupersInFlight()
                if let fill { run(fill, on: e, use: use) } else { note("super encoder deferred") }
            case .again:
                if hasEncoder { note("container requested again") }
            case .fillKeyed, .fillUnkeyed, .fillEncoder:
                fill(op)
            }
        }
    }

    private func continued(owner: inout DiffModelFrame, by parentOwner: DiffModelFrame, isNative: Bool) {
        if !isNative && owner !== parentOwner {
            // JSONEncoder continues a copy of a finished value: handles to the value's own
            // container no longer reach it.
            excludeJSON("a value's container continued through its parent")
        }
        owner = parentOwner
    }

    private func replacedByNested(_ existing: DiffModelEncoder) {
        switch existing.state {
        case .none where existing.superTakenIn != nil:
            // The doc: "a key written again after superEncoder(forKey:) for that key replaces
            // the super encoder's value here" — until the super encoder writes something, also
            // after the frame that took it returned. JSONEncoder has written `{}` for a released
            // one, which a nested keyed container continues to the same value, but an unkeyed
            // one traps on.
            excludeJSON("a nested container under a key holding a super encoder that wrote nothing")
            note("nested container replaced a super encoder that wrote nothing")
        case .none:
            // An empty value is {} for JSONEncoder: an unkeyed container there traps.
            excludeJSON("a nested container under a key holding another kind (JSONEncoder traps)")
            note("nested unkeyed container replaced an empty value")
        default:
            // "A nested container asked for under a key that holds a value of another kind
            // starts a new container that replaces the value; Foundation's coders stop the
            // process there."
            excludeJSON("a nested container under a key holding another kind (JSONEncoder traps)")
            note("nested container replaced another kind")
        }
    }

    private func noteSupersInFlight() {
        var count = 0
        for (_, kept) in encoders where !kept.frame.returned && kept.use.state == .fresh { count += 1 }
        if count >= 2 { note("several super encoders in flight") }
    }

    private func fill(_ op: DiffOp) {
        switch op {
        case .fillKeyed(let slot, let inner):
            guard let (n, taken) = keyed[slot] else { note("fill of an unknown slot skipped"); return }
            note("deferred fill keyed")
            if n.owner.returned || taken.returned { lateAfterReturn() }
            runKeyed(inner, n, hasEncoder: false)
        case .fillUnkeyed(let slot, let inner):
            guard let (n, taken) = unkeyed[slot] else { note("fill of an unknown slot skipped"); return }
            note("deferred fill unkeyed")
            if n.owner.returned || taken.returned { lateAfterReturn() }
            runUnkeyed(inner, n, hasEncoder: false)
        case .fillEncoder(let slot, let program):
            guard let kept = encoders[slot] else { note("fill of an unknown slot skipped"); return }
            note("deferred fill encoder")
            if kept.frame.returned { lateAfterReturn() }
            run(program, on: kept.encoder, use: kept.use)
        default:
            return
        }
    }

    private func lateAfterReturn() {
        // (Also a handle used after the program that took it returned: for JSONEncoder the
        // runner lets go of every handle a program took when it returns, so that its super
        // encoders, kept alive by their containers, write their values.)
        note("write after its value's encode(to:) returned")
        // "A write through a container that was kept after its value's encode(to:) returned
        // still lands in the archive; JSONEncoder drops it."
        excludeJSON("a write through a container kept after its value's encode(to:) returned")
    }
}

extension DiffModelEncoder {

    var tree: DiffTree {
        switch state {
        case .none: .keyed([:])
        case .leaf(let t): t
        case .keyed(let k): .keyed(Dictionary(k.entries.map { ($0.key.asWritten, $0.value.tree) }, uniquingKeysWith: { a, _ in a }))
        case .unkeyed(let u): .unkeyed(u.items.map(\.tree))
        }
    }
}

extension DiffKey {
    /// The key as an archive holds it: Spec/FORMAT.md §8.1 writes an Int key outside
    /// −2^62 ..< 2^62 as its string.
    var asWritten: DiffKey {
        if case .i(let i) = self, i < -(1 << 62) || i >= 1 << 62 { return .s("\(i)") }
        return self
    }
}

extension DiffOp {
    var isDefaultSuper: Bool { if case .superEncoder(nil, _, _) = self { true } else { false } }
}

extension DiffLeaf {
    var tree: DiffTree {
        switch self {
        case .bool(let v): .bool(v)
        case .string(let v): .string(v)
        case .int(let v): .integer("\(v)")
        case .int8(let v): .integer("\(v)")
        case .int16(let v): .integer("\(v)")
        case .int32(let v): .integer("\(v)")
        case .int64(let v): .integer("\(v)")
        case .uint(let v): .integer("\(v)")
        case .uint8(let v): .integer("\(v)")
        case .uint16(let v): .integer("\(v)")
        case .uint32(let v): .integer("\(v)")
        case .uint64(let v): .integer("\(v)")
        case .float(let v): .float(v)
        case .double(let v): .double(v)
        case .int128(let v): .integer("\(v)")
        case .uint128(let v): .integer("\(v)")
        case .data(let v): .bytes(v)
        case .date(let v): .date(v)
        case .url: .url((native as! URL).absoluteString)
        case .uuid: .uuid((native as! UUID).uuidString)
        case .doubles(let v): .unkeyed(v.map { .double($0) })
        case .ints(let v): .unkeyed(v.map { .integer("\($0)") })
        case .strings(let v): .unkeyed(v.map { .string($0) })
        }
    }

    var isJSONRepresentable: Bool {
        switch self {
        case .float(let v): Float(bitPattern: v).isFinite
        case .double(let v): Double(bitPattern: v).isFinite
        case .date(let v): Double(bitPattern: v).isFinite
        case .doubles(let v): v.allSatisfy { Double(bitPattern: $0).isFinite }
        case .int128, .uint128: false
        default: true
        }
    }

    var kindName: String {
        switch self {
        case .bool: "Bool"
        case .string(let s): s.isEmpty ? "String empty" : s.unicodeScalars.contains { !$0.isASCII } ? "String unicode" : "String"
        case .int: "Int"
        case .int8: "Int8"
        case .int16: "Int16"
        case .int32: "Int32"
        case .int64: "Int64"
        case .uint: "UInt"
        case .uint8: "UInt8"
        case .uint16: "UInt16"
        case .uint32: "UInt32"
        case .uint64: "UInt64"
        case .float(let v): Float(bitPattern: v).isNaN ? "Float NaN" : "Float"
        case .double(let v): Double(bitPattern: v).isNaN ? "Double NaN" : v == (-0.0 as Double).bitPattern ? "Double -0.0" : "Double"
        case .int128: "Int128"
        case .uint128: "UInt128"
        case .data: "Data"
        case .date: "Date"
        case .url: "URL"
        case .uuid: "UUID"
        case .doubles: "[Double]"
        case .ints: "[Int]"
        case .strings(let v): v.isEmpty ? "[String] empty" : "[String]"
        }
    }
}
