import Foundation

/// The source of every choice the generator makes: a SplitMix64 stream from a seed, or the
/// bytes of a fuzz input (one byte per choice; exhausted bytes choose 0, the simplest option,
/// so every byte string gives a finite, legal program).
struct DiffSource {
    private var state: UInt64
    private let bytes: [UInt8]?
    private var position = 0

    init(seed: UInt64) { state = seed; bytes = nil }
    init(bytes: [UInt8]) { state = 0; self.bytes = bytes }

    var isExhausted: Bool { bytes.map { position >= $0.count } ?? false }

    mutating func next() -> UInt64 {
        if let bytes {
            guard position < bytes.count else { return 0 }
            defer { position += 1 }
            return UInt64(bytes[position])
        }
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// 0..<n (0 if n ≤ 1).
    mutating func below(_ n: Int) -> Int {
        guard n > 1 else { return 0 }
        return Int(next() % UInt64(n))
    }

    /// True with about `percent` % probability; false once fuzz bytes are exhausted.
    mutating func chance(_ percent: Int) -> Bool {
        if isExhausted { return false }
        return below(100) >= 100 - percent
    }

    mutating func pick<T>(_ options: [T]) -> T { options[below(options.count)] }
}

/// Generates programs. Choices follow execution order, so the generator knows which kept
/// containers and encoders exist at each point and in what state, and only fills those.
struct DiffGenerator {
    var source: DiffSource
    /// No NaN/infinity/Int128 leaves and no fills after a value returned: programs JSONEncoder
    /// can serve as oracle for (the model still decides).
    let jsonFriendly: Bool
    private var nextSlot = 0
    private var budget: Int
    private enum SlotKind: Equatable { case keyed, unkeyed, encoder(DiffEncoderUse.State) }
    private var slots: [(slot: Int, kind: SlotKind)] = []
    /// The kept containers and encoders whose ops are being generated (JSON-friendly programs
    /// do not write into them from inside: JSONEncoder orders such writes differently).
    private var activeSlots: [Int] = []

    /// JSON-friendly: what `body` keeps does not outlive it (the program it is part of).
    private mutating func scoped<T>(_ slot: Int?, _ body: (inout DiffGenerator) -> T) -> T {
        let before = slots.count
        if let slot { activeSlots.append(slot) }
        let result = body(&self)
        if slot != nil { activeSlots.removeLast() }
        if jsonFriendly && slots.count > before { slots.removeSubrange(before...) }
        return result
    }

    init(source: DiffSource, jsonFriendly: Bool) {
        var source = source
        budget = 20 + source.below(60)
        self.source = source
        self.jsonFriendly = jsonFriendly
    }

    // MARK: Keys and leaves

    static let stringKeys = ["a", "b", "name", "m7", "mneg2", "super", "é🙂", ""]
    /// JSON-friendly programs keep each kind of child under its own keys, so that JSON never
    /// meets a nested container under a key holding another kind (it traps there).
    static let friendlyKeyedKeys: [DiffKey] = [.s("ka"), .i(40)]
    static let friendlyUnkeyedKeys: [DiffKey] = [.s("ua"), .i(-41)]
    static let intKeys = [0, 1, 2, 7, 31, 32, 63, 64, 100, 1 << 14, 70_000, Int.max, -1, -2, -16_384, Int.min]

    private mutating func keySet() -> [DiffKey] {
        let style = source.below(3)
        var keys: [DiffKey] = []
        for _ in 0..<(2 + source.below(3)) {
            let useInt = style == 1 || (style == 2 && source.chance(50))
            // JSON-friendly: no "super" among the plain keys (a key written while its super
            // encoder is in flight is not comparable with JSON).
            keys.append(useInt ? .i(source.pick(Self.intKeys)) : .s(source.pick(jsonFriendly ? Array(Self.stringKeys.dropLast(3)) + ["é🙂", ""] : Self.stringKeys)))
        }
        return keys
    }

    static let strings = ["", "x", "héllo wörld 🙂", String(repeating: "long string ", count: 12), "\u{0}nul"]

    mutating func leaf() -> DiffLeaf {
        var f = source.below(jsonFriendly ? 21 : 23)
        if jsonFriendly, f >= 15 { f += 2 }   // no Int128/UInt128
        switch f {
        case 0: return .bool(source.chance(50))
        case 1: return .string(source.pick(Self.strings))
        case 2: return .int(source.pick([0, 1, -1, 127, 300, Int.min, Int.max]))
        case 3: return .int8(source.pick([0, Int8.min, Int8.max]))
        case 4: return .int16(source.pick([0, Int16.min, Int16.max]))
        case 5: return .int32(source.pick([0, Int32.min, Int32.max]))
        case 6: return .int64(source.pick([0, -5, Int64.min, Int64.max]))
        case 7: return .uint(source.pick([0, 1, UInt.max]))
        case 8: return .uint8(source.pick([0, UInt8.max]))
        case 9: return .uint16(source.pick([0, UInt16.max]))
        case 10: return .uint32(source.pick([0, UInt32.max]))
        case 11: return .uint64(source.pick([0, 1 << 40, UInt64.max]))
        case 12:
            var values: [Float] = [0, -0.0, 1.5, 0.1, .greatestFiniteMagnitude, .leastNonzeroMagnitude]
            if !jsonFriendly { values += [.nan, .infinity, -.infinity, Float(bitPattern: 0x7FC0_1234)] }
            return .float(source.pick(values).bitPattern)
        case 13, 14:
            var values: [Double] = [0, -0.0, 1.5, 0.1, 1e20, .greatestFiniteMagnitude, .leastNonzeroMagnitude, 0.30000000000000004]
            if !jsonFriendly { values += [.nan, .infinity, -.infinity, Double(bitPattern: 0x7FF8_0000_0000_BEEF)] }
            return .double(source.pick(values).bitPattern)
        case 15: return .int128(source.pick([0, -1, Int128.min, Int128.max, Int128(Int64.max) + 1]))
        case 16: return .uint128(source.pick([0, UInt128.max, UInt128(UInt64.max) + 1]))
        case 17: return .data(source.pick([[], [1, 2, 3], [0xFF, 0, 0x10]]))
        case 18: return .date(source.pick([0, 1e9, -1.5, 7.25e8]).bitPattern)
        case 19: return .url(source.pick(["https://example.com/a?b=c", "file:///tmp/x%20y"]))
        case 20: return .uuid(source.pick(["E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "00000000-0000-0000-0000-000000000000"]))
        case 21:
            var values: [[Double]] = [[], [1.5, -0.0], [0.1, 1e20, 3]]
            if !jsonFriendly { values.append([.nan, -.infinity]) }
            return .doubles(source.pick(values).map(\.bitPattern))
        case 22: return .ints(source.pick([[], [1, -5, Int.max], [0]]))
        default: return .strings(source.pick([[], ["a", ""], ["Rex", "Fido", "Ünïcode"]]))
        }
    }

    // MARK: Wrappers

    mutating func wrapped(depth: Int = 0) -> DiffWrapped {
        let choice = source.below(20)
        if depth >= 2 || source.isExhausted { return .program(program(depth: 1, topLevel: depth == 0)) }
        switch choice {
        case 0..<9:
            return .array((0..<(1 + source.below(8))).map { _ in element(depth: depth) })
        case 9, 10:
            return .stringDict(dictionary(keys: ["x0", "y", "zz", "é"]) { $0.element(depth: depth) })
        case 11, 12:
            return .intDict(dictionary(keys: [0, 5, -3, 1 << 14, 70_000]) { $0.element(depth: depth) })
        case 13, 14:
            if source.chance(25) { return .optional(nil) }
            let inner: DiffWrapped = source.chance(50)
                ? .array((0..<(1 + source.below(4))).map { _ in element(depth: depth) })
                : .program(DiffProgram(.keyed(ops(keyed: true, depth: 1, ownEncoderSlot: nil))))
            return .optional(inner)
        default:
            return .program(program(depth: 1, topLevel: depth == 0))
        }
    }

    private mutating func element(depth: Int) -> DiffWrapped {
        budget = max(budget, 4 + source.below(24))
        return source.chance(15) ? wrapped(depth: depth + 1) : .program(program(depth: 1, topLevel: false))
    }

    /// A dictionary's elements run in the dictionary's order, not in generation order: each
    /// sees only the kept containers from before the dictionary (no super encoders, which take
    /// one body) and its own; after it, all of them.
    private mutating func dictionary<K: Hashable>(keys: [K], _ make: (inout DiffGenerator) -> DiffWrapped) -> [K: DiffWrapped] {
        let before = slots
        var after = slots
        var d: [K: DiffWrapped] = [:]
        for key in keys.prefix(1 + source.below(keys.count)) {
            slots = before.filter { if case .encoder = $0.kind { false } else { true } }
            d[key] = make(&self)
            after += slots.filter { s in !before.contains { $0.slot == s.slot } }
        }
        slots = after
        return d
    }

    // MARK: Programs

    mutating func program(depth: Int, topLevel: Bool = false) -> DiffProgram {
        budget -= 1
        let slotsBefore = slots.count
        defer {
            // JSON-friendly: nothing kept outlives the value that took it.
            if jsonFriendly && slots.count > slotsBefore { slots.removeSubrange(slotsBefore...) }
        }
        let stash = !topLevel && !source.isExhausted && source.chance(jsonFriendly ? 3 : 12) ? newSlot() : nil
        let choice = budget <= 0 || depth > 4 ? source.below(3) + 7 : source.below(20)
        switch choice {
        case 0..<10:
            if let stash { slots.append((stash, .encoder(.keyed))); activeSlots.append(stash) }
            defer { if stash != nil { activeSlots.removeLast() } }
            return DiffProgram(stashSelf: stash, .keyed(ops(keyed: true, depth: depth, ownEncoderSlot: stash)))
        case 10..<14:
            if let stash { slots.append((stash, .encoder(.unkeyed))); activeSlots.append(stash) }
            defer { if stash != nil { activeSlots.removeLast() } }
            return DiffProgram(stashSelf: stash, .unkeyed(ops(keyed: false, depth: depth, ownEncoderSlot: stash)))
        case 14..<17:
            if let stash { slots.append((stash, .encoder(.done))) }
            return DiffProgram(stashSelf: stash, .single(value(depth: depth)))
        case 17, 18:
            if let stash { slots.append((stash, .encoder(.done))) }
            return DiffProgram(stashSelf: stash, .singleNil)
        default:
            if topLevel { return DiffProgram(.keyed([])) }
            if let stash { slots.append((stash, .encoder(.fresh))) }
            return DiffProgram(stashSelf: stash, .nothing)
        }
    }

    private mutating func value(depth: Int) -> DiffValue {
        if depth < 4, budget > 0, source.chance(30) { return .program(program(depth: depth + 1)) }
        return .leaf(leaf())
    }

    private mutating func newSlot() -> Int {
        defer { nextSlot += 1 }
        return nextSlot
    }

    /// A program for a kept encoder in `state` (it must be admissible, see DiffEncoderUse).
    private mutating func fillProgram(for state: DiffEncoderUse.State, slot: Int?, depth: Int) -> (DiffProgram, DiffEncoderUse.State)? {
        switch state {
        case .done: return nil
        case .keyed: return (DiffProgram(.keyed(scoped(slot) { $0.ops(keyed: true, depth: depth, ownEncoderSlot: nil) })), .keyed)
        case .unkeyed: return (DiffProgram(.unkeyed(scoped(slot) { $0.ops(keyed: false, depth: depth, ownEncoderSlot: nil) })), .unkeyed)
        case .fresh:
            switch source.below(8) {
            case 0..<4: return (DiffProgram(.keyed(scoped(slot) { $0.ops(keyed: true, depth: depth, ownEncoderSlot: nil) })), .keyed)
            case 4: return (DiffProgram(.unkeyed(scoped(slot) { $0.ops(keyed: false, depth: depth, ownEncoderSlot: nil) })), .unkeyed)
            case 5, 6: return (DiffProgram(.single(scoped(slot) { $0.value(depth: depth) })), .done)
            default: return (DiffProgram(.singleNil), .done)
            }
        }
    }

    private mutating func setKind(_ slot: Int, _ kind: SlotKind) {
        if let i = slots.firstIndex(where: { $0.slot == slot }) { slots[i].kind = kind }
    }

    /// The ops of a container; `ownEncoderSlot`: the program's own kept encoder, if any.
    mutating func ops(keyed: Bool, depth: Int, ownEncoderSlot: Int?) -> [DiffOp] {
        let keys = keySet()
        var result: [DiffOp] = []
        var deferredSupers: [Int] = []
        var unkeyedSupers = 0
        var defaultSuperTaken = false
        let count = source.chance(10) ? source.below(12) : source.below(6)
        func key(_ g: inout DiffGenerator) -> DiffKey? { keyed ? g.source.pick(keys) : nil }
        for _ in 0..<count {
            guard budget > 0 else { break }
            budget -= 1
            switch source.below(100) {
            case 0..<22:
                if keyed && jsonFriendly && source.chance(12) {
                    // A natively written array under a key that nested unkeyed containers use:
                    // continued by them, compared with JSONEncoder.
                    let array = source.pick([DiffLeaf.strings([]), .strings(["a", "é"]), .ints([3, -4]), .doubles([(1.5 as Double).bitPattern])])
                    result.append(.encode(source.pick(Self.friendlyUnkeyedKeys), .leaf(array)))
                } else {
                    result.append(.encode(key(&self), .leaf(leaf())))
                }
            case 22..<28:
                result.append(.encodeNil(key(&self)))
            case 28..<33:
                if keyed { result.append(.encodeIfPresent(source.pick(keys), source.chance(50) ? leaf() : nil)) }
                else { result.append(.encode(nil, .leaf(leaf()))) }
            case 33..<43:
                result.append(.encode(key(&self), depth < 4 ? .program(program(depth: depth + 1)) : .leaf(leaf())))
            case 43..<50:
                let slot = newSlot()
                let k = keyed && jsonFriendly ? source.pick(Self.friendlyKeyedKeys) : key(&self)
                slots.append((slot, .keyed))
                result.append(.nestedKeyed(k, slot: slot, depth < 4 && source.chance(60) ? active(slot) { $0.ops(keyed: true, depth: depth + 1, ownEncoderSlot: nil) } : []))
            case 50..<57:
                let slot = newSlot()
                let k = keyed && jsonFriendly ? source.pick(Self.friendlyUnkeyedKeys) : key(&self)
                slots.append((slot, .unkeyed))
                result.append(.nestedUnkeyed(k, slot: slot, depth < 4 && source.chance(60) ? active(slot) { $0.ops(keyed: false, depth: depth + 1, ownEncoderSlot: nil) } : []))
            case 57..<68:
                // JSON-friendly: one unkeyed super encoder per list (JSONEncoder inserts two
                // in the order they are released).
                if !keyed && jsonFriendly && unkeyedSupers > 0 { continue }
                if !keyed { unkeyedSupers += 1 }
                let slot = newSlot()
                var k: DiffKey? = keyed && source.chance(50) ? source.pick(keys) : nil
                if jsonFriendly && keyed {
                    // A key of its own (a key written while its super encoder is in flight is
                    // not comparable with JSON), and superEncoder() once per list.
                    k = .s("s\(slot)")
                }
                if depth < 4 && source.chance(35), let (fill, state) = fillProgram(for: .fresh, slot: slot, depth: depth + 1) {
                    slots.append((slot, .encoder(state)))
                    result.append(.superEncoder(k, slot: slot, fill))
                } else {
                    slots.append((slot, .encoder(.fresh)))
                    deferredSupers.append(slot)
                    result.append(.superEncoder(k, slot: slot, nil))
                }
            case 68..<88:
                guard depth < 5, let op = fillOp(depth: depth + 1, preferring: deferredSupers) else { continue }
                result.append(op)
            case 88..<92:
                if ownEncoderSlot != nil || source.chance(50) { result.append(.again) }
            default:
                // The Dog: a super encoder taken early, a [String] written natively
                // after it, the super encoder filled last.
                guard keyed, depth < 4, !(jsonFriendly && defaultSuperTaken) else { continue }
                defaultSuperTaken = true
                let slot = newSlot()
                result.append(.encode(.i(1), .leaf(.string("friend"))))
                result.append(.superEncoder(nil, slot: slot, nil))
                result.append(.encode(.i(2), .leaf(.strings(source.pick([[], ["Rex"], ["Rex", "Fido"]])))))
                result.append(.fillEncoder(slot: slot, DiffProgram(.keyed([.encode(.s("legCount"), .leaf(.int(4)))]))))
                slots.append((slot, .encoder(.keyed)))
            }
        }
        // Super encoders taken here and not filled yet: filled last (after their siblings),
        // or left for later siblings and elements.
        for slot in deferredSupers where source.chance(60) {
            guard let i = slots.firstIndex(where: { $0.slot == slot }), case .encoder(let state) = slots[i].kind,
                  let (fill, newState) = fillProgram(for: state, slot: slot, depth: depth + 1) else { continue }
            setKind(slot, .encoder(newState))
            result.append(.fillEncoder(slot: slot, fill))
        }
        return result
    }

    private mutating func active<T>(_ slot: Int, _ body: (inout DiffGenerator) -> T) -> T {
        activeSlots.append(slot)
        defer { activeSlots.removeLast() }
        return body(&self)
    }

    private mutating func fillOp(depth: Int, preferring deferred: [Int]) -> DiffOp? {
        guard !slots.isEmpty else { return nil }
        var choice = slots[slots.count - 1 - source.below(min(slots.count, 6))]
        if !deferred.isEmpty, source.chance(40), let s = slots.first(where: { $0.slot == deferred[source.below(deferred.count)] }) { choice = s }
        if source.chance(20) { choice = slots[source.below(slots.count)] }
        if jsonFriendly && activeSlots.contains(choice.slot) { return nil }
        switch choice.kind {
        case .keyed:
            return .fillKeyed(slot: choice.slot, active(choice.slot) { $0.ops(keyed: true, depth: depth, ownEncoderSlot: nil) })
        case .unkeyed:
            return .fillUnkeyed(slot: choice.slot, active(choice.slot) { $0.ops(keyed: false, depth: depth, ownEncoderSlot: nil) })
        case .encoder(let state):
            // The state changes before the body runs (a single value is "done" at once).
            guard state != .done else { return nil }
            let slot = choice.slot
            var generated: (DiffProgram, DiffEncoderUse.State)?
            switch state {
            case .fresh:
                // Decide the body kind first, so that nested fills of the same encoder see it.
                let kind = source.below(8)
                let newState: DiffEncoderUse.State = kind < 4 ? .keyed : kind == 4 ? .unkeyed : .done
                setKind(slot, .encoder(newState))
                switch kind {
                case 0..<4: generated = (DiffProgram(.keyed(scoped(slot) { $0.ops(keyed: true, depth: depth, ownEncoderSlot: nil) })), .keyed)
                case 4: generated = (DiffProgram(.unkeyed(scoped(slot) { $0.ops(keyed: false, depth: depth, ownEncoderSlot: nil) })), .unkeyed)
                case 5, 6: generated = (DiffProgram(.single(scoped(slot) { $0.value(depth: depth) })), .done)
                default: generated = (DiffProgram(.singleNil), .done)
                }
            default:
                generated = fillProgram(for: state, slot: slot, depth: depth)
            }
            guard let (program, _) = generated else { return nil }
            return .fillEncoder(slot: slot, program)
        }
    }
}

extension DiffWrapped {
    /// The program of a seed (reproducible across runs and machines).
    init(seed: UInt64, jsonFriendly: Bool = false) {
        var g = DiffGenerator(source: DiffSource(seed: seed), jsonFriendly: jsonFriendly)
        self = g.wrapped()
    }

    /// The program of arbitrary bytes (a fuzz input): always legal, always finite.
    init(fuzzBytes: [UInt8]) {
        var source = DiffSource(bytes: fuzzBytes)
        let jsonFriendly = source.chance(30)
        var g = DiffGenerator(source: source, jsonFriendly: jsonFriendly)
        self = g.wrapped()
    }
}
