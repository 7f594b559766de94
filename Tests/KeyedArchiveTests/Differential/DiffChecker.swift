import Foundation
// Built into the test target, this imports the library (its `package` API suffices); built
// into one module with the library's sources (the encoder fuzzer), there is nothing to import.
#if canImport(KeyedArchive)
import KeyedArchive
#endif

/// The oracles of the differential encoder tests, for one program.
enum DiffChecker {
    struct Outcome {
        /// nil: every oracle agreed.
        var failure: String?
        /// Whether JSONEncoder was compared (the model can exclude a program, see DiffModel).
        var comparedWithJSON: Bool
        var model: DiffModelResult
        /// The known encoder bug the program's shape reaches, if any (see DiffKnownBugs).
        var knownBug: String? { DiffKnownBugs.all.first { model.events[$0] != nil } }
    }

    /// nil if the program's archives (plain and zlib) hold exactly the model's value, decode
    /// back to it, never report an internal error, and (if `json`, where the model allows)
    /// agree with JSONEncoder; otherwise a description of the first mismatch.
    static func check(_ value: DiffWrapped, json: Bool) -> String? {
        outcome(value, json: json).failure
    }

    static func outcome(_ value: DiffWrapped, json: Bool) -> Outcome {
        let model = DiffModel.run(value)
        var outcome = Outcome(failure: nil, comparedWithJSON: false, model: model)
        // Deterministic archives go through the late-write pass for every program: the same value,
        // and each keyed container in key order.
        for (compression, deterministic) in [(ArchiveCompression.none, false), (.zlib, false), (.none, true)] {
            if let failure = checkArchive(value, compression: compression, deterministic: deterministic, expected: model.tree) {
                outcome.failure = failure
                return outcome
            }
        }
        // With `preservesObjectIdentity`, and every program's value a class instance: none is
        // shared, so the archive must be the one written without the option, byte for byte
        // (every instance's marker goes, the values left out stay out, and every out-of-order
        // path still holds under the option).
        if let failure = checkIdentityOption(value, expected: model.tree) {
            outcome.failure = failure
            return outcome
        }
        if json, model.jsonExclusion == nil, let expected = model.tree {
            outcome.comparedWithJSON = true
            outcome.failure = checkJSON(value, expected: expected)
        }
        return outcome
    }

    private static func checkArchive(_ value: DiffWrapped, compression: ArchiveCompression, deterministic: Bool, expected: DiffTree?) -> String? {
        var encoder = ArchiveEncoder()
        encoder.compression = compression
        encoder.deterministic = deterministic
        let name = deterministic ? "archive (deterministic)" : compression == .zlib ? "archive+zlib" : "archive"
        let data: Data
        do {
            data = try encoder.encode(DiffBox(.wrapped(value), DiffRunContext(releaseEncodersAtFrameEnd: false)))
        } catch {
            let text = "\(error)"
            if text.contains("internal error") { return "\(name): internal error: \(text)" }
            if expected == nil { return nil }   // nothing at the top level: must throw, did
            return "\(name): threw: \(text)"
        }
        guard let expected else { return "\(name): encoded a value that writes nothing at the top level" }
        let actual: DiffTree
        do { actual = try DiffTree.ofArchive([UInt8](data)) } catch { return "\(name): unreadable archive: \(error)" }
        if let difference = expected.firstDifference(from: actual) { return "\(name) ≠ model: \(difference)" }
        if deterministic {
            do {
                let archive = try InspectedArchive([UInt8](data))
                var order = DiffKeyOrderCheck()
                try archive.walk(&order)
                if let problem = order.problem { return "\(name): \(problem)" }
            } catch {
                return "\(name): unreadable archive: \(error)"
            }
        }
        do {
            var decoder = ArchiveDecoder()
            decoder.userInfo[.diffGuide] = DiffGuide(root: expected, json: false)
            let back = try decoder.decode(DiffGuidedTree.self, from: data).tree
            if let difference = expected.firstDifference(from: back) {
                return "\(name) round trip through ArchiveDecoder ≠ model: \(difference)"
            }
        } catch {
            return "\(name): ArchiveDecoder threw: \(error)"
        }
        return nil
    }

    private static func checkIdentityOption(_ value: DiffWrapped, expected: DiffTree?) -> String? {
        var identity = ArchiveEncoder()
        identity.preservesObjectIdentity = true
        let box = { (instances: Bool) in DiffBox(.wrapped(value), DiffRunContext(releaseEncodersAtFrameEnd: false, programsAreInstances: instances)) }
        switch (Result { try ArchiveEncoder().encode(box(false)) }, Result { try identity.encode(box(true)) }) {
        case (.success(let plain), .success(let shared)):
            return plain == shared ? nil : "archive (preservesObjectIdentity) differs from the archive without it"
        case (.failure, .failure):
            return nil
        case (_, .failure(let error)):
            return "archive (preservesObjectIdentity): threw: \(error)"
        case (.failure(let error), _):
            return expected == nil ? "archive (preservesObjectIdentity) encoded a value that writes nothing" : "archive: threw: \(error)"
        }
    }

    private static func checkJSON(_ value: DiffWrapped, expected: DiffTree) -> String? {
        let data: Data
        do {
            data = try JSONEncoder().encode(DiffBox(.wrapped(value), DiffRunContext(releaseEncodersAtFrameEnd: true)))
        } catch {
            return "JSONEncoder threw (model allowed JSON): \(error)"
        }
        let decoder = JSONDecoder()
        let normalized = expected.jsonNormalized
        decoder.userInfo[.diffGuide] = DiffGuide(root: normalized, json: true)
        let viaJSON: DiffTree
        do { viaJSON = try decoder.decode(DiffGuidedTree.self, from: data).tree } catch {
            return "archive ≠ JSONEncoder: JSONDecoder read what JSONEncoder wrote other than the model expects: \(error); JSON: \(String(decoding: data, as: UTF8.self))"
        }
        // The archive equals the model at this point: comparing the model is comparing it.
        if let difference = normalized.firstDifference(from: viaJSON) {
            return "archive ≠ JSONEncoder: \(difference) (archive as expected, JSONEncoder as actual); JSON: \(String(decoding: data, as: UTF8.self))"
        }
        return nil
    }
}

/// Checks that every keyed container's entries are in the deterministic key order
/// (`Spec/FORMAT.md` §8.4): integer keys ascending, then string keys by their UTF-8 bytes.
struct DiffKeyOrderCheck: ArchiveVisitor {
    private var previous: [ArchiveKey?] = []
    var problem: String?

    mutating func beginContainer(_ container: ArchiveContainer, depth: Int) { previous.append(nil) }
    mutating func endContainer(_ container: ArchiveContainer, depth: Int) { previous.removeLast() }

    mutating func visitKey(_ key: ArchiveKey, at range: Range<Int>, depth: Int) {
        guard !previous.isEmpty else { return }
        if let last = previous[previous.count - 1], !Self.precedes(last, key), problem == nil {
            problem = "keys out of deterministic order: \(last) before \(key) at offset \(range.lowerBound)"
        }
        previous[previous.count - 1] = key
    }

    private static func precedes(_ a: ArchiveKey, _ b: ArchiveKey) -> Bool {
        switch (a, b) {
        case let (.int(x), .int(y)): x < y
        case (.int, .string): true
        case (.string, .int): false
        case let (.string(_, x), .string(_, y)): x.utf8.lexicographicallyPrecedes(y.utf8)
        }
    }
}

/// Encoder bugs found by these tests and not fixed yet, as the model event that marks a
/// program reaching them. Each has a disabled regression test in
/// EncoderDifferentialRegressionTests.swift; the seeded tests set such programs aside (and
/// count them) unless ENCODER_DIFF_INCLUDE_KNOWN_BUGS=1. Remove an entry when its bug is fixed.
enum DiffKnownBugs {
    // None open. Both found so far are fixed and kept as regression tests
    // (EncoderDifferentialRegressionTests): a nested container under the key of a super encoder that
    // had written nothing continued its placeholder instead of replacing it, and an `[Int]` or
    // `[Double]` continued by `nestedUnkeyedContainer(forKey:)` started empty.
    static let all: [String] = []
}

// MARK: - Shrinking

/// Shrinks a failing program to a smaller one that fails the same way (same oracle).
enum DiffShrinker {
    static func category(_ failure: String) -> String {
        String(failure.prefix { $0 != ":" })
    }

    /// The smallest program found (greedy, one-step reductions) and its failure.
    static func shrink(_ value: DiffWrapped, json: Bool, maximumChecks: Int = 4000,
                       failing: (DiffWrapped, Bool) -> String? = DiffChecker.check) -> (DiffWrapped, String) {
        guard var failure = failing(value, json) else { return (value, "") }
        let wanted = category(failure)
        var current = value
        var checks = 0
        var improved = true
        while improved && checks < maximumChecks {
            improved = false
            for candidate in reductions(current) {
                checks += 1
                if checks >= maximumChecks { break }
                if let f = failing(candidate, json), category(f) == wanted {
                    current = candidate
                    failure = f
                    improved = true
                    break
                }
            }
        }
        return (current, failure)
    }

    static func reductions(_ w: DiffWrapped) -> [DiffWrapped] {
        switch w {
        case .program(let p):
            return reductions(p).map(DiffWrapped.program)
        case .array(let xs):
            var r: [DiffWrapped] = xs.count == 1 ? [xs[0]] : []
            r += listReductions(xs, reductions).map(DiffWrapped.array)
            return r
        case .stringDict(let d):
            var r: [DiffWrapped] = [.array(Array(d.values))]
            for k in d.keys { var e = d; e[k] = nil; r.append(.stringDict(e)) }
            for (k, v) in d { for s in reductions(v) { var e = d; e[k] = s; r.append(.stringDict(e)) } }
            return r
        case .intDict(let d):
            var r: [DiffWrapped] = [.array(Array(d.values))]
            for k in d.keys { var e = d; e[k] = nil; r.append(.intDict(e)) }
            for (k, v) in d { for s in reductions(v) { var e = d; e[k] = s; r.append(.intDict(e)) } }
            return r
        case .optional(nil):
            return []
        case .optional(let x?):
            return [x, .optional(nil)] + reductions(x).map { .optional($0) }
        }
    }

    /// Lists without one element, and with one element reduced.
    static func listReductions<T>(_ xs: [T], _ reduce: (T) -> [T]) -> [[T]] {
        var r: [[T]] = []
        for i in xs.indices { var c = xs; c.remove(at: i); r.append(c) }
        for i in xs.indices { for s in reduce(xs[i]) { var c = xs; c[i] = s; r.append(c) } }
        return r
    }

    static func reductions(_ p: DiffProgram) -> [DiffProgram] {
        var r: [DiffProgram] = []
        if p.stashSelf != nil { r.append(DiffProgram(p.body)) }
        for b in reductions(p.body) { r.append(DiffProgram(stashSelf: p.stashSelf, b)) }
        return r
    }

    static func reductions(_ b: DiffBody) -> [DiffBody] {
        switch b {
        case .keyed(let ops): return listReductions(ops, reductions).map(DiffBody.keyed)
        case .unkeyed(let ops): return listReductions(ops, reductions).map(DiffBody.unkeyed)
        case .single(let v): return reductions(v).map(DiffBody.single)
        case .singleNil, .nothing: return []
        }
    }

    static let simplest = DiffLeaf.int(0)

    static func reductions(_ v: DiffValue) -> [DiffValue] {
        switch v {
        case .leaf(let l): return l == simplest ? [] : [.leaf(simplest)]
        case .program(let p): return [.leaf(simplest)] + reductions(p).map(DiffValue.program)
        }
    }

    static func reductions(_ op: DiffOp) -> [DiffOp] {
        switch op {
        case .encode(let k, let v): return reductions(v).map { .encode(k, $0) }
        case .encodeNil: return []
        case .encodeIfPresent(let k, let l):
            guard let l else { return [] }
            return [.encodeIfPresent(k, nil)] + (l == simplest ? [] : [.encodeIfPresent(k, simplest)])
        case .nestedKeyed(let k, let slot, let ops): return listReductions(ops, reductions).map { .nestedKeyed(k, slot: slot, $0) }
        case .nestedUnkeyed(let k, let slot, let ops): return listReductions(ops, reductions).map { .nestedUnkeyed(k, slot: slot, $0) }
        case .superEncoder(let k, let slot, let fill):
            var r: [DiffOp] = []
            if k != nil { r.append(.superEncoder(nil, slot: slot, fill)) }
            if let fill {
                r.append(.superEncoder(k, slot: slot, nil))
                r += reductions(fill).map { .superEncoder(k, slot: slot, $0) }
            }
            return r
        case .fillKeyed(let slot, let ops): return listReductions(ops, reductions).map { .fillKeyed(slot: slot, $0) }
        case .fillUnkeyed(let slot, let ops): return listReductions(ops, reductions).map { .fillUnkeyed(slot: slot, $0) }
        case .fillEncoder(let slot, let p): return reductions(p).map { .fillEncoder(slot: slot, $0) }
        case .again: return []
        }
    }
}

// MARK: - Swift source

/// A program as Swift source: an expression that rebuilds it, to paste into a regression test
/// (`#expect(DiffChecker.check(<source>, json: …) == nil)`).
enum DiffSwiftSource {
    static func render(_ w: DiffWrapped, indent: String = "") -> String {
        let i2 = indent + "    "
        switch w {
        case .program(let p): return ".program(\(render(p, indent: indent)))"
        case .array(let xs): return ".array([\n" + xs.map { i2 + render($0, indent: i2) }.joined(separator: ",\n") + "\n\(indent)])"
        case .stringDict(let d):
            return d.isEmpty ? ".stringDict([:])" : ".stringDict([\n" + d.map { i2 + "\(String(reflecting: $0.key)): " + render($0.value, indent: i2) }.joined(separator: ",\n") + "\n\(indent)])"
        case .intDict(let d):
            return d.isEmpty ? ".intDict([:])" : ".intDict([\n" + d.map { i2 + "\($0.key): " + render($0.value, indent: i2) }.joined(separator: ",\n") + "\n\(indent)])"
        case .optional(nil): return ".optional(nil)"
        case .optional(let x?): return ".optional(\(render(x, indent: indent)))"
        }
    }

    static func render(_ p: DiffProgram, indent: String) -> String {
        let body = render(p.body, indent: indent)
        return p.stashSelf.map { "DiffProgram(stashSelf: \($0), \(body))" } ?? "DiffProgram(\(body))"
    }

    static func render(_ b: DiffBody, indent: String) -> String {
        switch b {
        case .keyed(let ops): return ".keyed(\(render(ops, indent: indent)))"
        case .unkeyed(let ops): return ".unkeyed(\(render(ops, indent: indent)))"
        case .single(let v): return ".single(\(render(v, indent: indent)))"
        case .singleNil: return ".singleNil"
        case .nothing: return ".nothing"
        }
    }

    static func render(_ ops: [DiffOp], indent: String) -> String {
        guard !ops.isEmpty else { return "[]" }
        let i2 = indent + "    "
        return "[\n" + ops.map { i2 + render($0, indent: i2) }.joined(separator: ",\n") + "\n\(indent)]"
    }

    static func render(_ k: DiffKey?) -> String {
        switch k {
        case nil: "nil"
        case .s(let s)?: ".s(\(String(reflecting: s)))"
        case .i(let i)?: ".i(\(i))"
        }
    }

    static func render(_ op: DiffOp, indent: String) -> String {
        switch op {
        case .encode(let k, let v): ".encode(\(render(k)), \(render(v, indent: indent)))"
        case .encodeNil(let k): ".encodeNil(\(render(k)))"
        case .encodeIfPresent(let k, let l): ".encodeIfPresent(\(render(k)), \(l.map(render) ?? "nil"))"
        case .nestedKeyed(let k, let slot, let ops): ".nestedKeyed(\(render(k)), slot: \(slot), \(render(ops, indent: indent)))"
        case .nestedUnkeyed(let k, let slot, let ops): ".nestedUnkeyed(\(render(k)), slot: \(slot), \(render(ops, indent: indent)))"
        case .superEncoder(let k, let slot, let p): ".superEncoder(\(render(k)), slot: \(slot), \(p.map { render($0, indent: indent) } ?? "nil"))"
        case .fillKeyed(let slot, let ops): ".fillKeyed(slot: \(slot), \(render(ops, indent: indent)))"
        case .fillUnkeyed(let slot, let ops): ".fillUnkeyed(slot: \(slot), \(render(ops, indent: indent)))"
        case .fillEncoder(let slot, let p): ".fillEncoder(slot: \(slot), \(render(p, indent: indent)))"
        case .again: ".again"
        }
    }

    static func render(_ v: DiffValue, indent: String) -> String {
        switch v {
        case .leaf(let l): ".leaf(\(render(l)))"
        case .program(let p): ".program(\(render(p, indent: indent)))"
        }
    }

    static func render(_ l: DiffLeaf) -> String {
        switch l {
        case .bool(let v): ".bool(\(v))"
        case .string(let v): ".string(\(String(reflecting: v)))"
        case .int(let v): ".int(\(v))"
        case .int8(let v): ".int8(\(v))"
        case .int16(let v): ".int16(\(v))"
        case .int32(let v): ".int32(\(v))"
        case .int64(let v): ".int64(\(v))"
        case .uint(let v): ".uint(\(v))"
        case .uint8(let v): ".uint8(\(v))"
        case .uint16(let v): ".uint16(\(v))"
        case .uint32(let v): ".uint32(\(v))"
        case .uint64(let v): ".uint64(\(v))"
        case .float(let v): ".float(0x\(String(v, radix: 16)) /* \(Float(bitPattern: v)) */)"
        case .double(let v): ".double(0x\(String(v, radix: 16)) /* \(Double(bitPattern: v)) */)"
        case .int128(let v): ".int128(\(v))"
        case .uint128(let v): ".uint128(\(v))"
        case .data(let v): ".data(\(v))"
        case .date(let v): ".date(0x\(String(v, radix: 16)) /* \(Double(bitPattern: v)) s */)"
        case .url(let v): ".url(\(String(reflecting: v)))"
        case .uuid(let v): ".uuid(\(String(reflecting: v)))"
        case .doubles(let v): ".doubles([\(v.map { "0x" + String($0, radix: 16) }.joined(separator: ", "))] /* \(v.map { Double(bitPattern: $0) }) */)"
        case .ints(let v): ".ints(\(v))"
        case .strings(let v): ".strings([\(v.map { String(reflecting: $0) }.joined(separator: ", "))])"
        }
    }
}
