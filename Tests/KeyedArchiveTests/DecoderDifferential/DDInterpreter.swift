import Foundation
import KeyedArchive

// Runs a decoding program against a `Decoder` and records what every operation returned or
// threw. The same program runs against `JSONDecoder` over the value's JSON and against
// `ArchiveDecoder` over its archive; the two traces must be equal.

let ddRunnerKey = CodingUserInfoKey(rawValue: "keyedarchive.tests.decoder-differential")!

/// A nested `Decodable` whose `init(from:)` runs the program the runner has pending.
struct DDStep: Decodable {
    init(from decoder: any Decoder) throws {
        let runner = decoder.userInfo[ddRunnerKey] as! DDRunner
        let (program, node) = runner.pending.removeLast()
        runner.run(program, decoder, node)
    }
}

/// Where the archive decoder intentionally differs from `JSONDecoder` for one read, given the
/// logical value being read (see "Decoding differences" in MigratingFromJSONEncoder.md).
enum DDNormalization {
    case none
    /// Not run: the coders are documented to differ.
    case skip
    /// An integer that does not fit the type: both must fail. `JSONDecoder` (swift-foundation,
    /// Swift 6.3 on Linux) throws its internal `JSONError.numberIsNotRepresentableInSwift`
    /// instead of a `DecodingError`; the archive decoder throws `dataCorrupted`.
    case outOfRange
    /// `JSONDecoder` reports a `Bool` read from null as `typeMismatch` (its other types say
    /// `valueNotFound`); the archive decoder says `valueNotFound` for every type. Compared with
    /// the JSON error rewritten.
    case boolFromNull
    /// A `[String: Int]` with several elements that cannot be read: `JSONDecoder` meets them in
    /// its dictionary's hash order, the archive decoder in the archive's order, so which one is
    /// reported differs. Both must fail.
    case someElementFails
}

func ddNormalization(_ type: DDType, _ node: DDValue?, ifPresent: Bool) -> DDNormalization {
    guard let node else { return .none }
    func fits(_ v: Int) -> Bool {
        switch type {
        case .int8: Int8(exactly: v) != nil
        case .uint8: UInt8(exactly: v) != nil
        case .int16: Int16(exactly: v) != nil
        case .uint16: UInt16(exactly: v) != nil
        case .int32: Int32(exactly: v) != nil
        case .uint32: UInt32(exactly: v) != nil
        case .uint64: UInt64(exactly: v) != nil
        case .uint: UInt(exactly: v) != nil
        case .uint128: UInt128(exactly: v) != nil
        default: true
        }
    }
    switch (type, node) {
    // "Numbers": a floating-point value never converts to an integer here; JSONDecoder converts
    // integral values (and throws a non-DecodingError for others).
    case (.int, .double), (.int8, .double), (.uint8, .double), (.int16, .double), (.uint16, .double),
         (.int32, .double), (.uint32, .double), (.int64, .double), (.uint64, .double), (.uint, .double),
         (.int128, .double), (.uint128, .double), (.optionalInt, .double):
        return .skip
    case (.int8, .int(let v)), (.uint8, .int(let v)), (.int16, .int(let v)), (.uint16, .int(let v)),
         (.int32, .int(let v)), (.uint32, .int(let v)), (.uint64, .int(let v)), (.uint, .int(let v)),
         (.uint128, .int(let v)):
        return fits(v) ? .none : .outOfRange
    // "Numbers": conversions to floating point must be exact here; JSONDecoder rounds.
    case (.float, .double(let d)): return Float(exactly: d) == nil ? .skip : .none
    case (.float, .int(let v)): return Float(exactly: v) == nil ? .skip : .none
    case (.double, .int(let v)): return Double(exactly: v) == nil ? .skip : .none
    case (.intArray, .array(let elements, _)):
        return elements.contains { if case .double = $0 { true } else { false } } ? .skip : .none
    case (.doubleArray, .array(let elements, _)):
        return elements.contains { if case .int(let v) = $0 { Double(exactly: v) == nil } else { false } } ? .skip : .none
    case (.stringIntDict, .object(let entries)):
        if entries.contains(where: { if case .double = $0.value { true } else { false } }) { return .skip }
        let unreadable = entries.filter { if case .int = $0.value { false } else { true } }
        if unreadable.count >= 2 { return .someElementFails }
        return .none
    case (.bool, .null): return .boolFromNull
    case (.boolArray, .array(let elements, _)):
        let firstUnreadable = elements.first { if case .bool = $0 { false } else { true } }
        return firstUnreadable == .null ? .boolFromNull : .none
    // An `Int??` holding `.some(nil)` (What differs): `decodeIfPresent(Int?.self)` of a stored
    // nil is `.some(nil)` here and `nil` in JSON.
    case (.optionalInt, .null), (.optionalString, .null):
        return ifPresent ? .skip : .none
    default:
        return .none
    }
}

final class DDRunner: @unchecked Sendable {
    let isArchive: Bool
    var trace: [String] = []
    /// Programs for the `DDStep`s about to be decoded, with the values they will read.
    var pending: [(DDProgram, DDValue?)] = []

    init(isArchive: Bool) { self.isArchive = isArchive }

    func log(_ line: String) { trace.append(line) }

    func attempt(_ body: () throws -> String) -> String {
        do { return try body() } catch { return describe(error) }
    }

    func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else {
            return "E other " + String(String(describing: error).prefix { $0 != "(" })
        }
        switch error {
        case .keyNotFound(let key, let c): return "E keyNotFound \(render(key)) at \(render(c.codingPath))"
        case .valueNotFound(_, let c): return "E valueNotFound at \(render(c.codingPath))"
        case .typeMismatch(_, let c): return "E typeMismatch at \(render(c.codingPath))"
        case .dataCorrupted(let c): return "E dataCorrupted at \(render(c.codingPath))"
        @unknown default: return "E unknown"
        }
    }

    func render(_ key: any CodingKey) -> String { key.stringValue + (key.intValue.map { "#\($0)" } ?? "") }
    func render(_ path: [any CodingKey]) -> String { "[" + path.map(render).joined(separator: ", ") + "]" }

    func open<C>(_ label: String, _ body: () throws -> C) -> C? {
        do {
            let container = try body()
            log("\(label): ok")
            return container
        } catch {
            log("\(label): \(describe(error))")
            return nil
        }
    }

    func read(_ label: String, _ type: DDType, _ node: DDValue?, ifPresent: Bool, _ body: () throws -> String) {
        switch ddNormalization(type, node, ifPresent: ifPresent) {
        case .skip:
            log("\(label): skipped")
        case .outOfRange:
            let result = attempt(body)
            let failedAsExpected = isArchive ? result.hasPrefix("E dataCorrupted") : result.hasPrefix("E ")
            log("\(label): " + (failedAsExpected ? "E outOfRange" : result))
        case .boolFromNull:
            var result = attempt(body)
            if !isArchive, result.hasPrefix("E typeMismatch") { result = "E valueNotFound" + result.dropFirst("E typeMismatch".count) }
            log("\(label): " + result)
        case .someElementFails:
            let result = attempt(body)
            log("\(label): " + (result.hasPrefix("E ") ? "E (an element)" : result))
        case .none:
            log("\(label): " + attempt(body))
        }
    }

    /// Decodes a nested `DDStep` running `program` over `node`.
    func nested(_ label: String, _ program: DDProgram, _ node: DDValue?, _ decode: () throws -> DDStep?) {
        let depth = pending.count
        pending.append((program, node))
        log("\(label) {")
        let result = attempt { try decode() == nil ? "nil" : "decoded" }
        while pending.count > depth { pending.removeLast() }
        log("} \(label): \(result)")
    }

    func run(_ program: DDProgram, _ decoder: any Decoder, _ node: DDValue?) {
        log("decoder at \(render(decoder.codingPath))")
        switch program {
        case .keyed(let ops):
            guard let c = open("container(keyedBy:)", { try decoder.container(keyedBy: DDKey.self) }) else { return }
            for op in ops { runKeyed(op, c, node) }
        case .keyedTwice(let a, let b):
            guard let c1 = open("container(keyedBy:)", { try decoder.container(keyedBy: DDKey.self) }),
                  let c2 = open("container(keyedBy:) again", { try decoder.container(keyedBy: DDKey.self) }) else { return }
            interleave(a, b) { op, first in runKeyed(op, first ? c1 : c2, node) }
        case .unkeyed(let ops):
            guard var c = open("unkeyedContainer()", { try decoder.unkeyedContainer() }) else { return }
            for op in ops { runUnkeyed(op, &c, node) }
        case .single(let ops):
            guard let c = open("singleValueContainer()", { try decoder.singleValueContainer() }) else { return }
            for op in ops { runSingle(op, c, node) }
        case .sequence(let programs):
            for program in programs { run(program, decoder, node) }
        case .nothing:
            break
        }
    }

    func interleave<T>(_ a: [T], _ b: [T], _ body: (T, Bool) -> Void) {
        for i in 0..<max(a.count, b.count) {
            if i < a.count { body(a[i], true) }
            if i < b.count { body(b[i], false) }
        }
    }

    func runKeyed(_ op: DDKeyedOp, _ c: KeyedDecodingContainer<DDKey>, _ node: DDValue?) {
        switch op {
        case .read(let k, let t):
            read("read \(render(k)) \(t)", t, node?.child(k), ifPresent: false) { try c.ddRead(t, forKey: k, ifPresent: false) }
        case .readIfPresent(let k, let t):
            read("readIfPresent \(render(k)) \(t)", t, node?.child(k), ifPresent: true) { try c.ddRead(t, forKey: k, ifPresent: true) }
        case .decodeNil(let k):
            log("decodeNil \(render(k)): " + attempt { "\(try c.decodeNil(forKey: k))" })
        case .contains(let k):
            log("contains \(render(k)): \(c.contains(k))")
        case .allKeys:
            log("allKeys: \(c.allKeys.map(\.stringValue).sorted())")
        case .nestedKeyed(let k, let ops):
            guard let n = open("nestedContainer \(render(k))", { try c.nestedContainer(keyedBy: DDKey.self, forKey: k) }) else { return }
            for op in ops { runKeyed(op, n, node?.child(k)) }
        case .nestedUnkeyed(let k, let ops):
            guard var n = open("nestedUnkeyedContainer \(render(k))", { try c.nestedUnkeyedContainer(forKey: k) }) else { return }
            for op in ops { runUnkeyed(op, &n, node?.child(k)) }
        case .nestedPair(let k1, let k2, let a, let b):
            let n1 = open("nestedContainer \(render(k1))", { try c.nestedContainer(keyedBy: DDKey.self, forKey: k1) })
            let n2 = open("nestedContainer \(render(k2))", { try c.nestedContainer(keyedBy: DDKey.self, forKey: k2) })
            interleave(a, b) { op, first in
                if first, let n1 { runKeyed(op, n1, node?.child(k1)) }
                if !first, let n2 { runKeyed(op, n2, node?.child(k2)) }
            }
        case .superDecoder(let k, let program):
            let key = k ?? DDKey("super")
            // Foundation: an absent key gives a decoder over nil.
            let child = node.map { $0.child(key) ?? .null }
            guard let d = open(k == nil ? "superDecoder()" : "superDecoder(forKey: \(render(key)))", {
                try k.map { try c.superDecoder(forKey: $0) } ?? c.superDecoder()
            }) else { return }
            run(program, d, child)
        case .value(let k, let program):
            nested("value \(render(k))", program, node?.child(k)) { try c.decode(DDStep.self, forKey: k) }
        case .valueIfPresent(let k, let program):
            nested("valueIfPresent \(render(k))", program, node?.child(k)) { try c.decodeIfPresent(DDStep.self, forKey: k) }
        }
    }

    func runUnkeyed(_ op: DDUnkeyedOp, _ c: inout any UnkeyedDecodingContainer, _ node: DDValue?) {
        var element: DDValue? {
            guard case .array(let elements, _) = node, c.currentIndex < elements.count else { return nil }
            return elements[c.currentIndex]
        }
        switch op {
        case .read(let t):
            read("read \(t)", t, element, ifPresent: false) { try c.ddRead(t, ifPresent: false) }
        case .readIfPresent(let t):
            // "Decoding differences": at the end, JSONDecoder's decodeIfPresent returns nil and
            // still advances currentIndex; here (as the protocol's default) it does not.
            if c.isAtEnd { log("readIfPresent at end: skipped") } else {
                read("readIfPresent \(t)", t, element, ifPresent: true) { try c.ddRead(t, ifPresent: true) }
            }
        case .decodeNil:
            log("decodeNil: " + attempt { "\(try c.decodeNil())" })
        case .isAtEnd:
            log("isAtEnd: \(c.isAtEnd)")
        case .count:
            log("count: \(c.count.map(String.init) ?? "nil")")
        case .currentIndex:
            log("currentIndex: \(c.currentIndex)")
        case .nestedKeyed(let ops):
            let child = element
            guard let n = open("nestedContainer", { try c.nestedContainer(keyedBy: DDKey.self) }) else { break }
            for op in ops { runKeyed(op, n, child) }
        case .nestedUnkeyed(let ops):
            let child = element
            guard var n = open("nestedUnkeyedContainer", { try c.nestedUnkeyedContainer() }) else { break }
            for op in ops { runUnkeyed(op, &n, child) }
        case .superDecoder(let program):
            let child = element
            guard let d = open("superDecoder()", { try c.superDecoder() }) else { break }
            run(program, d, child)
        case .value(let program):
            nested("value", program, element) { try c.decode(DDStep.self) }
        case .valueIfPresent(let program):
            if c.isAtEnd { log("valueIfPresent at end: skipped") } else {
                nested("valueIfPresent", program, element) { try c.decodeIfPresent(DDStep.self) }
            }
        }
        log("@\(c.currentIndex)\(c.isAtEnd ? " end" : "")")
    }

    func runSingle(_ op: DDSingleOp, _ c: any SingleValueDecodingContainer, _ node: DDValue?) {
        switch op {
        case .decodeNil:
            log("decodeNil: \(c.decodeNil())")
        case .read(let t):
            read("read \(t)", t, node, ifPresent: false) { try c.ddRead(t) }
        case .value(let program):
            nested("value", program, node) { try c.decode(DDStep.self) }
        }
    }
}

/// The traces of `program` over `value` from the archive decoder and from `JSONDecoder`.
func ddTraces(_ value: DDValue, _ program: DDProgram, compressed: Bool = false) throws -> (archive: [String], json: [String]) {
    let archiveRunner = DDRunner(isArchive: true)
    archiveRunner.pending = [(program, value)]
    var encoder = ArchiveEncoder()
    if compressed { encoder.compression = .zlib }
    let archive = try encoder.encode(value)
    var archiveDecoder = ArchiveDecoder()
    archiveDecoder.userInfo[ddRunnerKey] = archiveRunner
    archiveRunner.log("top: " + archiveRunner.attempt { _ = try archiveDecoder.decode(DDStep.self, from: archive); return "ok" })

    let jsonRunner = DDRunner(isArchive: false)
    jsonRunner.pending = [(program, value)]
    let json = try JSONEncoder().encode(value)
    let jsonDecoder = JSONDecoder()
    jsonDecoder.userInfo[ddRunnerKey] = jsonRunner
    jsonRunner.log("top: " + jsonRunner.attempt { _ = try jsonDecoder.decode(DDStep.self, from: json); return "ok" })
    return (archiveRunner.trace, jsonRunner.trace)
}
