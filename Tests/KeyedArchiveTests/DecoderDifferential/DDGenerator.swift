import Foundation
import KeyedArchiveSamples

// Seeded generation of input values and decoding programs, and shrinking of failing pairs.

/// The package's seeded generator (SplitMix64: the same sequence on every platform for a seed)
/// with the draws the generator uses.
struct DDRandom {
    private var base: SampleGenerator
    init(seed: UInt64) { base = SampleGenerator(seed: seed) }

    mutating func next() -> UInt64 { base.next() }

    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}

struct DDGenerator {
    var random: DDRandom
    /// Operations left for the program being generated.
    var budget = 0

    init(seed: UInt64) { random = DDRandom(seed: seed) }

    static let stringKeys = ["a", "b", "c", "id", "name", "super", "x_y", "é", "key with spaces", "Index 0"]
    static let intKeys = [0, 1, 2, 5, 31, 32, 63, 64, 100, 16_384, -1, -40]
    static let ints = [0, 1, -1, 7, 31, 32, 127, 128, 255, 256, 300, -128, -129, 32_767, 65_536, 2_147_483_648,
                       -2_147_483_649, 9_007_199_254_740_993, Int.max, Int.min]
    static let doubles = [0.5, -0.5, 1.25, -2.75, 0.1, 3.141592653589793, 1e-7 + 0.5, 123_456.5, 1.5e300, -7.000000000000001, 0.2]
    static let strings = ["", "a", "hello", "é", "😀", "line\nbreak", "quote\"", "0", "null", "true", String(repeating: "x", count: 40)]

    // MARK: Values

    mutating func value(depth: Int = 0) -> DDValue {
        let roll = random.below(100)
        if depth >= 4 || roll < (depth == 0 ? 10 : 40) { return scalar() }
        if roll < 72 { return array(depth: depth) }
        return object(depth: depth)
    }

    mutating func scalar() -> DDValue {
        switch random.below(6) {
        case 0: .null
        case 1: .bool(random.chance(50))
        case 2: .int(random.chance(70) ? random.pick(Self.ints) : Int(truncatingIfNeeded: random.next()) >> random.below(64))
        case 3: .double(random.chance(70) ? random.pick(Self.doubles) : Double(random.below(1 << 20)) + 0.5 * Double(random.below(2) * 2 - 1) / 2)
        default: .string(random.pick(Self.strings))
        }
    }

    mutating func array(depth: Int) -> DDValue {
        let count = random.below(6)
        if random.chance(40) {
            // Homogeneous scalars: the archive's native/packed forms when `native`.
            let kind = random.below(4)
            let elements: [DDValue] = (0..<count).map { _ in
                switch kind {
                case 0: .int(random.pick(Self.ints))
                case 1: .double(random.pick(Self.doubles))
                case 2: .string(random.pick(Self.strings))
                default: .bool(random.chance(50))
                }
            }
            return .array(elements, native: random.chance(70))
        }
        return .array((0..<count).map { _ in value(depth: depth + 1) }, native: false)
    }

    mutating func object(depth: Int) -> DDValue {
        let count = random.below(6)
        let form = random.below(10) // 0-5 string keys, 6-7 integer keys, 8-9 mixed
        var used = Set<String>()
        var entries: [DDEntry] = []
        for _ in 0..<count {
            let integer = form >= 8 ? random.chance(50) : form >= 6
            let key = integer ? DDKey(int: random.pick(Self.intKeys)) : DDKey(random.pick(Self.stringKeys))
            guard used.insert(key.stringValue).inserted else { continue }
            entries.append(DDEntry(key, value(depth: depth + 1)))
        }
        return .object(entries)
    }

    // MARK: Programs

    mutating func program(for value: DDValue, budget: Int = 30) -> DDProgram {
        self.budget = budget
        return program(value)
    }

    /// What a decoder over `node` is asked; mostly what fits the value, sometimes not.
    mutating func program(_ node: DDValue?) -> DDProgram {
        guard budget > 0 else { return .nothing }
        budget -= 1
        let roll = random.below(100)
        if roll < 25 {
            // The same decoder asked again: what one program kept (lookup hints included) must not
            // leak into the next. Often the value decoded again through a single-value container,
            // whose containers are one level deeper than the ones nested in the first.
            return .sequence((0..<(2 + random.below(2))).map { _ in
                random.chance(45) ? .single([.value(program(node))]) : program(node)
            })
        }
        switch node {
        case .object?:
            if roll < 65 { return .keyed(keyedOps(node)) }
            if roll < 77 { return .keyedTwice(keyedOps(node), keyedOps(node)) }
            if roll < 85 { return .unkeyed(unkeyedOps(node)) }
            return .single(singleOps(node))
        case .array?:
            if roll < 75 { return .unkeyed(unkeyedOps(node)) }
            if roll < 85 { return .keyed(keyedOps(node)) }
            return .single(singleOps(node))
        default:
            if roll < 60 { return .single(singleOps(node)) }
            if roll < 80 { return .keyed(keyedOps(node)) }
            return .unkeyed(unkeyedOps(node))
        }
    }

    /// A type fitting `node` most of the time, any type otherwise.
    mutating func type(for node: DDValue?) -> DDType {
        if random.chance(30) { return random.pick(DDType.allCases) }
        switch node {
        case .bool?: return .bool
        case .int?: return random.pick([.int, .int8, .uint8, .int16, .uint16, .int32, .uint32, .int64, .uint64, .uint, .int128, .uint128, .double, .float, .optionalInt])
        case .double?: return random.pick([.double, .float])
        case .string?: return random.pick([.string, .optionalString])
        case .null?: return random.pick([.optionalInt, .optionalString, .int, .string])
        case .array(let elements, _)?:
            switch elements.first {
            case .int?: return .intArray
            case .double?: return .doubleArray
            case .string?: return .stringArray
            case .bool?: return .boolArray
            default: return random.pick([.intArray, .stringArray])
            }
        case .object?: return .stringIntDict
        case nil: return random.pick(DDType.allCases)
        }
    }

    mutating func key(in node: DDValue?) -> DDKey {
        if case .object(let entries)? = node, !entries.isEmpty {
            if random.chance(70) { return random.pick(entries).key }
            // A key of a nested object: absent here, present one level down.
            let nested: [DDKey] = entries.flatMap { entry -> [DDKey] in
                if case .object(let inner) = entry.value { inner.map(\.key) } else { [] }
            }
            if !nested.isEmpty, random.chance(50) { return random.pick(nested) }
        }
        return random.chance(60) ? DDKey(random.pick(Self.stringKeys)) : DDKey(int: random.pick(Self.intKeys))
    }

    mutating func keyedOps(_ node: DDValue?) -> [DDKeyedOp] {
        (0..<random.below(6)).compactMap { _ in keyedOp(node) }
    }

    mutating func keyedOp(_ node: DDValue?) -> DDKeyedOp? {
        guard budget > 0 else { return nil }
        budget -= 1
        let key = key(in: node)
        let child = node?.child(key)
        let container: Bool = switch child { case .object?, .array?: true; default: false }
        let roll = random.below(100)
        switch roll {
        case ..<(container ? 8 : 30): return .read(key, type(for: child))
        case ..<(container ? 14 : 42): return .readIfPresent(key, type(for: child))
        case ..<(container ? 18 : 50): return .decodeNil(key)
        case ..<(container ? 22 : 56): return .contains(key)
        case ..<(container ? 25 : 59): return .allKeys
        case ..<(container ? 42 : 64): return .nestedKeyed(key, keyedOps(child))
        case ..<(container ? 57 : 68): return .nestedUnkeyed(key, unkeyedOps(child))
        case ..<(container ? 64 : 70):
            return .nestedPair(key, random.chance(50) ? key : self.key(in: node), keyedOps(child), keyedOps(child))
        case ..<(container ? 72 : 77): return .superDecoder(random.chance(40) ? nil : key, program(random.chance(40) ? node?.child(DDKey("super")) : child))
        case ..<(container ? 92 : 92): return .value(key, program(child))
        default: return .valueIfPresent(key, program(child))
        }
    }

    mutating func unkeyedOps(_ node: DDValue?) -> [DDUnkeyedOp] {
        var count = random.below(7)
        if case .array(let elements, _)? = node, random.chance(60) { count = elements.count + random.below(2) }
        var index = 0
        return (0..<count).compactMap { _ in
            defer { index += 1 }
            var element: DDValue?
            if case .array(let elements, _)? = node, index < elements.count { element = elements[index] }
            return unkeyedOp(element)
        }
    }

    mutating func unkeyedOp(_ element: DDValue?) -> DDUnkeyedOp? {
        guard budget > 0 else { return nil }
        budget -= 1
        let container: Bool = switch element { case .object?, .array?: true; default: false }
        switch random.below(100) {
        case ..<(container ? 8 : 35): return .read(type(for: element))
        case ..<(container ? 14 : 45): return .readIfPresent(type(for: element))
        case ..<(container ? 19 : 55): return .decodeNil
        case ..<(container ? 22 : 60): return random.pick([.isAtEnd, .count, .currentIndex])
        case ..<(container ? 40 : 64): return .nestedKeyed(keyedOps(element))
        case ..<(container ? 55 : 68): return .nestedUnkeyed(unkeyedOps(element))
        case ..<(container ? 63 : 75): return .superDecoder(program(element))
        case ..<(container ? 93 : 93): return .value(program(element))
        default: return .valueIfPresent(program(element))
        }
    }

    mutating func singleOps(_ node: DDValue?) -> [DDSingleOp] {
        (0..<(1 + random.below(3))).compactMap { _ in
            guard budget > 0 else { return nil }
            budget -= 1
            switch random.below(10) {
            case 0, 1: return .decodeNil
            case 2, 3, 4: return .value(program(node))
            default: return .read(type(for: node))
            }
        }
    }
}

// MARK: Shrinking

/// All lists with one element removed or replaced by one of its shrinks.
func ddShrinkList<T>(_ items: [T], _ shrink: (T) -> [T]) -> [[T]] {
    var result: [[T]] = []
    for i in items.indices { var copy = items; copy.remove(at: i); result.append(copy) }
    for i in items.indices {
        for smaller in shrink(items[i]) { var copy = items; copy[i] = smaller; result.append(copy) }
    }
    return result
}

func ddShrinks(_ value: DDValue) -> [DDValue] {
    switch value {
    case .null: []
    case .int(let v): v == 0 ? [.null] : [.null, .int(0)]
    case .array(let elements, let native):
        [.null] + (native ? [.array(elements, native: false)] : []) + ddShrinkList(elements, ddShrinks).map { .array($0, native: native) }
    case .object(let entries):
        [.null] + ddShrinkList(entries) { entry in ddShrinks(entry.value).map { DDEntry(entry.key, $0) } }.map { .object($0) }
    default: [.null]
    }
}

func ddShrinks(_ program: DDProgram) -> [DDProgram] {
    switch program {
    case .nothing: []
    case .keyed(let ops): [.nothing] + ddShrinkList(ops, ddShrinks).map { .keyed($0) }
    case .keyedTwice(let a, let b):
        [.nothing, .keyed(a), .keyed(b)] + ddShrinkList(a, ddShrinks).map { .keyedTwice($0, b) } + ddShrinkList(b, ddShrinks).map { .keyedTwice(a, $0) }
    case .unkeyed(let ops): [.nothing] + ddShrinkList(ops, ddShrinks).map { .unkeyed($0) }
    case .single(let ops):
        // A value decoded again through the single-value container: try its program directly.
        [.nothing] + ops.compactMap { if case .value(let p) = $0 { p } else { nil } } + ddShrinkList(ops, ddShrinks).map { .single($0) }
    case .sequence(let programs): [.nothing] + programs + ddShrinkList(programs, ddShrinks).map { .sequence($0) }
    }
}

func ddShrinks(_ op: DDKeyedOp) -> [DDKeyedOp] {
    switch op {
    case .nestedKeyed(let k, let ops): ddShrinkList(ops, ddShrinks).map { .nestedKeyed(k, $0) }
    case .nestedUnkeyed(let k, let ops): ddShrinkList(ops, ddShrinks).map { .nestedUnkeyed(k, $0) }
    case .nestedPair(let k1, let k2, let a, let b):
        [.nestedKeyed(k1, a), .nestedKeyed(k2, b)] + ddShrinkList(a, ddShrinks).map { .nestedPair(k1, k2, $0, b) }
            + ddShrinkList(b, ddShrinks).map { .nestedPair(k1, k2, a, $0) }
    case .superDecoder(let k, let p): ddShrinks(p).map { .superDecoder(k, $0) }
    case .value(let k, let p): ddShrinks(p).map { .value(k, $0) }
    case .valueIfPresent(let k, let p): [.value(k, p)] + ddShrinks(p).map { .valueIfPresent(k, $0) }
    case .readIfPresent(let k, let t): [.read(k, t)]
    default: []
    }
}

func ddShrinks(_ op: DDUnkeyedOp) -> [DDUnkeyedOp] {
    switch op {
    case .nestedKeyed(let ops): ddShrinkList(ops, ddShrinks).map { .nestedKeyed($0) }
    case .nestedUnkeyed(let ops): ddShrinkList(ops, ddShrinks).map { .nestedUnkeyed($0) }
    case .superDecoder(let p): ddShrinks(p).map { .superDecoder($0) }
    case .value(let p): ddShrinks(p).map { .value($0) }
    case .valueIfPresent(let p): [.value(p)] + ddShrinks(p).map { .valueIfPresent($0) }
    case .readIfPresent(let t): [.read(t)]
    default: []
    }
}

func ddShrinks(_ op: DDSingleOp) -> [DDSingleOp] {
    if case .value(let p) = op { return ddShrinks(p).map { .value($0) } }
    return []
}

/// Shrinks a failing (value, program) pair greedily: programs first, then values, as long as
/// `fails` holds; at most `limit` evaluations.
func ddShrink(_ value: DDValue, _ program: DDProgram, limit: Int = 5_000, fails: (DDValue, DDProgram) -> Bool) -> (DDValue, DDProgram) {
    var (value, program) = (value, program)
    var evaluations = 0
    var progress = true
    while progress, evaluations < limit {
        progress = false
        for candidate in ddShrinks(program) where evaluations < limit {
            evaluations += 1
            if fails(value, candidate) { program = candidate; progress = true; break }
        }
        if progress { continue }
        for candidate in ddShrinks(value) where evaluations < limit {
            evaluations += 1
            if fails(candidate, program) { value = candidate; progress = true; break }
        }
    }
    return (value, program)
}
