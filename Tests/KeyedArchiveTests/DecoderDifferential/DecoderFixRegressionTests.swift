import Foundation
import Testing
import KeyedArchive

// Regression tests for two decoder fixes found while building the decoder differential suite:
// keyed lookups resuming from another container's position hint, and `superDecoder` for an
// absent key (which Foundation's decoders answer with a decoder over nil).

private struct LookupKey: CodingKey, Hashable {
    var stringValue: String
    var intValue: Int?
    init(_ string: String) { stringValue = string; intValue = nil }
    init?(stringValue: String) { self.init(stringValue) }
    init?(intValue: Int) { stringValue = "\(intValue)"; self.intValue = intValue }
}

/// Runs the closure stored in `userInfo` as `init(from:)`, for both coders.
private final class ClosureBox: @unchecked Sendable {
    var bodies: [(any Decoder) throws -> Void]
    init(_ bodies: [(any Decoder) throws -> Void]) { self.bodies = bodies }
}
private let closureKey = CodingUserInfoKey(rawValue: "keyedarchive.tests.decoder-fix")!

/// A `Decodable` whose `init(from:)` runs the next closure of the `ClosureBox` in `userInfo`.
private struct Step: Decodable {
    init(from decoder: any Decoder) throws {
        let box = decoder.userInfo[closureKey] as! ClosureBox
        let body = box.bodies.removeFirst()
        try body(decoder)
    }
}

private final class Log: @unchecked Sendable { var lines: [String] = [] }

/// Decodes `data` with `decoder`, running `steps` (see `Step`) and returning what they logged.
private func runSteps(archive value: some Encodable, _ makeSteps: (Log) -> [(any Decoder) throws -> Void]) throws -> (archive: [String], json: [String]) {
    let archiveLog = Log(), jsonLog = Log()
    var archiveDecoder = ArchiveDecoder()
    archiveDecoder.userInfo[closureKey] = ClosureBox(makeSteps(archiveLog))
    _ = try archiveDecoder.decode(Step.self, from: ArchiveEncoder().encode(value))
    let jsonDecoder = JSONDecoder()
    jsonDecoder.userInfo[closureKey] = ClosureBox(makeSteps(jsonLog))
    _ = try jsonDecoder.decode(Step.self, from: JSONEncoder().encode(value))
    return (archiveLog.lines, jsonLog.lines)
}

private func describe(_ body: () throws -> Any) -> String {
    do { return "\(try body())" } catch let error as DecodingError {
        switch error {
        case .keyNotFound(let key, let c): return "keyNotFound(\(key.stringValue)) at \(c.codingPath.map(\.stringValue))"
        case .valueNotFound(_, let c): return "valueNotFound at \(c.codingPath.map(\.stringValue))"
        case .typeMismatch(_, let c): return "typeMismatch at \(c.codingPath.map(\.stringValue))"
        case .dataCorrupted(let c): return "dataCorrupted at \(c.codingPath.map(\.stringValue))"
        @unknown default: return "\(error)"
        }
    } catch { return "\(error)" }
}

@Suite struct KeyedLookupHintRegressionTests {
    /// A container over the root, opened through a single-value container, has the same depth as
    /// a container nested one level down; the nested one's hint used to be taken for the root's,
    /// so the root "found" the nested container's key `m` (a wrong value instead of keyNotFound).
    @Test func lookupDoesNotResumeFromANestedContainerOfTheSameDepth() throws {
        struct A: Encodable { var k = 1; var m = 2 }
        struct Z: Encodable { var k = 3 }
        struct Root: Encodable { var a = A(); var z = Z() }
        let logs = try runSteps(archive: Root()) { log in [
            { decoder in
                let root = try decoder.container(keyedBy: LookupKey.self)
                let a = try root.nestedContainer(keyedBy: LookupKey.self, forKey: LookupKey("a"))
                log.lines.append(describe { try a.decode(Int.self, forKey: LookupKey("k")) })
                // A second decoder over the root value, one level deeper.
                _ = try decoder.singleValueContainer().decode(Step.self)
                log.lines.append(describe { try a.decode(Int.self, forKey: LookupKey("m")) })
            },
            { decoder in
                let again = try decoder.container(keyedBy: LookupKey.self)
                log.lines.append("contains m: \(again.contains(LookupKey("m")))")
                log.lines.append(describe { try again.decode(Int.self, forKey: LookupKey("m")) })
                log.lines.append(describe { try again.nestedContainer(keyedBy: LookupKey.self, forKey: LookupKey("z")).decode(Int.self, forKey: LookupKey("k")) })
            },
        ] }
        #expect(logs.archive == logs.json)
        #expect(logs.archive == ["1", "contains m: false", "keyNotFound(m) at []", "3", "2"])
    }

    /// The same, where the nested container is inside an array, so resuming there read the array's
    /// remaining elements as keyed entries (an out-of-range key index: a crash, or a wrong value).
    @Test func lookupDoesNotResumeInsideAnArrayElement() throws {
        struct Inner: Encodable { var p = 1; var q = 2 }
        struct Outer: Encodable { var list: [Inner] = [Inner(), Inner(p: 3, q: 4)]; var tail = ["x", "yy", "zzz"]; var last = 9 }
        let logs = try runSteps(archive: Outer()) { log in [
            { decoder in
                let root = try decoder.container(keyedBy: LookupKey.self)
                var list = try root.nestedUnkeyedContainer(forKey: LookupKey("list"))
                let first = try list.nestedContainer(keyedBy: LookupKey.self)
                log.lines.append(describe { try first.decode(Int.self, forKey: LookupKey("p")) })
                // Two more levels: a container over the root at the depth of `first`.
                _ = try decoder.singleValueContainer().decode(Step.self)
            },
            { decoder in _ = try decoder.singleValueContainer().decode(Step.self) },
            { decoder in
                let again = try decoder.container(keyedBy: LookupKey.self)
                log.lines.append("contains q: \(again.contains(LookupKey("q")))")
                log.lines.append(describe { try again.decode(Int.self, forKey: LookupKey("last")) })
                log.lines.append(describe { try again.decode(Int.self, forKey: LookupKey("q")) })
            },
        ] }
        #expect(logs.archive == logs.json)
        #expect(logs.archive == ["1", "contains q: false", "9", "keyNotFound(q) at []"])
    }

    /// Two containers alive at once, over sibling objects at the same depth, read alternately and
    /// out of order.
    @Test func interleavedLookupsInSiblingContainers() throws {
        struct A: Encodable { var k1 = 1; var k2 = 2; var k3 = 3 }
        struct B: Encodable { var k1 = 10; var k3 = 30; var k4 = 40 }
        struct Root: Encodable { var a = A(); var b = B() }
        let logs = try runSteps(archive: Root()) { log in [
            { decoder in
                let root = try decoder.container(keyedBy: LookupKey.self)
                let a = try root.nestedContainer(keyedBy: LookupKey.self, forKey: LookupKey("a"))
                let b = try root.nestedContainer(keyedBy: LookupKey.self, forKey: LookupKey("b"))
                for key in ["k3", "k1", "k4", "k2", "k1", "k3", "k4"] {
                    log.lines.append(describe { try a.decode(Int.self, forKey: LookupKey(key)) })
                    log.lines.append(describe { try b.decode(Int.self, forKey: LookupKey(key)) })
                }
            },
        ] }
        #expect(logs.archive == logs.json)
    }

    /// A nested container requested twice for the same key, both read alternately, with keys read
    /// in another order than written and a container of the parent read in between.
    @Test func nestedContainerRequestedTwice() throws {
        struct X: Encodable { var k1 = 1; var k2 = 2 }
        struct Y: Encodable { var k2 = 20; var k1 = 10 }
        struct A: Encodable { var x = X(); var y = Y() }
        struct Root: Encodable { var a = A() }
        let logs = try runSteps(archive: Root()) { log in [
            { decoder in
                let root = try decoder.container(keyedBy: LookupKey.self)
                let a1 = try root.nestedContainer(keyedBy: LookupKey.self, forKey: LookupKey("a"))
                let a2 = try root.nestedContainer(keyedBy: LookupKey.self, forKey: LookupKey("a"))
                let x = try a1.nestedContainer(keyedBy: LookupKey.self, forKey: LookupKey("x"))
                let y = try a2.nestedContainer(keyedBy: LookupKey.self, forKey: LookupKey("y"))
                for key in ["k2", "k1", "k2"] {
                    log.lines.append(describe { try x.decode(Int.self, forKey: LookupKey(key)) })
                    log.lines.append(describe { try y.decode(Int.self, forKey: LookupKey(key)) })
                    log.lines.append("a1 has k1: \(a1.contains(LookupKey("k1"))), a2 has y: \(a2.contains(LookupKey("y")))")
                }
            },
        ] }
        #expect(logs.archive == logs.json)
    }
}

@Suite struct SuperDecoderAbsentKeyRegressionTests {
    private struct Present: Encodable {
        var name = "x"
        var base = ["legs": 4]
    }

    /// `superDecoder()` and `superDecoder(forKey:)` for absent keys give decoders over nil, as in
    /// `JSONDecoder`: every kind of read, with the same errors and coding paths.
    @Test func superDecoderForAnAbsentKeyIsADecoderOverNil() throws {
        let logs = try runSteps(archive: Present()) { log in [
            { decoder in
                let c = try decoder.container(keyedBy: LookupKey.self)
                for sup in [try c.superDecoder(), try c.superDecoder(forKey: LookupKey("missing")),
                            try c.superDecoder(forKey: LookupKey(intValue: 7)!)] {
                    log.lines.append("path \(sup.codingPath.map(\.stringValue))")
                    log.lines.append(describe { try sup.singleValueContainer().decodeNil() })
                    log.lines.append(describe { try sup.singleValueContainer().decode(Int?.self) as Any })
                    log.lines.append(describe { try sup.singleValueContainer().decode(String.self) })
                    log.lines.append(describe { try sup.singleValueContainer().decode([Int].self) })
                    log.lines.append(describe { try sup.container(keyedBy: LookupKey.self) })
                    log.lines.append(describe { try sup.unkeyedContainer() })
                }
                // A present key is unchanged.
                let base = try c.superDecoder(forKey: LookupKey("base"))
                log.lines.append(describe { try base.container(keyedBy: LookupKey.self).decode(Int.self, forKey: LookupKey("legs")) })
            },
        ] }
        #expect(logs.archive == logs.json)
        #expect(logs.archive.prefix(8) == ["path [\"super\"]", "true", "nil", "valueNotFound at [\"super\"]", "valueNotFound at [\"super\"]",
                                           "valueNotFound at [\"super\"]", "valueNotFound at [\"super\"]", "path [\"missing\"]"])
    }

    /// A subclass whose superclass was never encoded (an older archive): Foundation-style
    /// `super.init(from: superDecoder())` with optional fields in the superclass now decodes.
    @Test func superclassWithOptionalFieldsDecodesFromAnAbsentSuperKey() throws {
        class Base: Decodable {
            var note: String?
            required init(from decoder: any Decoder) throws {
                note = try decoder.singleValueContainer().decode(String?.self)
            }
        }
        final class Derived: Base {
            var name: String
            required init(from decoder: any Decoder) throws {
                let c = try decoder.container(keyedBy: LookupKey.self)
                name = try c.decode(String.self, forKey: LookupKey("name"))
                try super.init(from: c.superDecoder())
            }
        }
        let archived = try ArchiveDecoder().decode(Derived.self, from: ArchiveEncoder().encode(["name": "Rex"]))
        let json = try JSONDecoder().decode(Derived.self, from: JSONEncoder().encode(["name": "Rex"]))
        #expect(archived.name == "Rex" && archived.note == nil)
        #expect(json.name == "Rex" && json.note == nil)
    }
}
