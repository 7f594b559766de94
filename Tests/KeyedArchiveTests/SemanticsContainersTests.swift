import Foundation
import Testing
@testable import KeyedArchive

// MARK: - Helpers (file-private; shared ones are in Support/)

/// Encodes `probe` with and without compression and expects both to decode as `expected`.
fileprivate func expectEncoding<T: Decodable & Equatable>(
    _ probe: Probe, decodesAs expected: T, sourceLocation: SourceLocation = #_sourceLocation
) {
    for compression in [ArchiveCompression.none, .zlib] {
        do {
            let back = try unarchive(T.self, from: archive(probe, compression: compression))
            #expect(back == expected, "compression \(compression)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("compression \(compression): \(error)", sourceLocation: sourceLocation)
        }
    }
}

/// A coding path as "stringValue" or "stringValue#intValue" for keys with an integer.
fileprivate func describe(_ path: [any CodingKey]) -> [String] {
    path.map { key in key.intValue.map { "\(key.stringValue)#\($0)" } ?? key.stringValue }
}

fileprivate let userInfoFlagKey = CodingUserInfoKey(rawValue: "semantics.containers.flag")!

fileprivate final class Recorder: @unchecked Sendable {
    var entries: [String] = []
    func record(_ label: String, _ path: [any CodingKey]) { entries.append("\(label)=\(describe(path).joined(separator: "/"))") }
}

// MARK: - Models

fileprivate struct AB: Codable, Equatable { var a: Int; var b: Int }
fileprivate struct OnlyKey: Codable, Equatable { var key: Int }
fileprivate struct Empty: Codable, Equatable {}
fileprivate final class EmptyClass: Codable, Equatable {
    static func == (lhs: EmptyClass, rhs: EmptyClass) -> Bool { true }
}
fileprivate struct EncodesNothing: Encodable { func encode(to encoder: any Encoder) throws {} }
fileprivate struct Nested: Codable, Equatable { var n: AB; var p: Int }

fileprivate struct Thrower: Encodable {
    struct Failure: Error, Equatable { let path: [String] }
    /// Writes part of a value (several levels deep) and then throws.
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: DynamicKey.self)
        try c.encode(1, forKey: DynamicKey("partial"))
        var nested = c.nestedUnkeyedContainer(forKey: DynamicKey("list"))
        try nested.encode("x")
        var deeper = nested.nestedContainer(keyedBy: DynamicKey.self)
        try deeper.encode(true, forKey: DynamicKey("deep"))
        throw Failure(path: describe(encoder.codingPath))
    }
}

// MARK: - Tests

@Suite struct SemanticsContainersTests {
    // MARK: Several requests for a container

    @Test func keyedContainersOnOneEncoderShareStorage() {
        enum K1: String, CodingKey { case a }
        enum K2: String, CodingKey { case b }
        expectEncoding(Probe { encoder in
            var first = encoder.container(keyedBy: K1.self)
            var second = encoder.container(keyedBy: K2.self)
            try first.encode(1, forKey: .a)
            try second.encode(2, forKey: .b)
        }, decodesAs: AB(a: 1, b: 2))
        expectEncoding(Probe { encoder in
            var first = encoder.container(keyedBy: K1.self)
            try first.encode(1, forKey: .a)
            var second = encoder.container(keyedBy: K2.self)
            try second.encode(2, forKey: .b)
        }, decodesAs: AB(a: 1, b: 2))
    }

    @Test func unkeyedContainersOnOneEncoderAppendToOneArray() {
        expectEncoding(Probe { encoder in
            var first = encoder.unkeyedContainer()
            try first.encode(1)
            try first.encode(2)
            var second = encoder.unkeyedContainer()
            try second.encode(3)
            try first.encode(4)
        }, decodesAs: [1, 2, 3, 4])
        expectEncoding(Probe { encoder in
            var first = encoder.unkeyedContainer()
            try first.encode("a")
            var second = encoder.unkeyedContainer()
            try second.encode("b")
        }, decodesAs: ["a", "b"])
    }

    @Test func secondUnkeyedContainerContinuesTheSharedCount() throws {
        // Foundation's unkeyed container reports the shared array's count, so the second
        // container's next element is at Index 2.
        let recorder = Recorder()
        _ = try archive(Probe { encoder in
            var first = encoder.unkeyedContainer()
            try first.encode(1)
            try first.encode(2)
            var second = encoder.unkeyedContainer()
            recorder.record("count", [DynamicKey(intValue: second.count)!])
            let nested = second.nestedContainer(keyedBy: DynamicKey.self)
            recorder.record("nested", nested.codingPath)
        })
        #expect(recorder.entries == ["count=2#2", "nested=Index 2#2"])
    }

    // MARK: Redundant keys

    enum Replaced: String, CaseIterable, Sendable { case value, keyedContainer, unkeyedContainer, superEncoder }

    @Test(arguments: Replaced.allCases, [false, true])
    func lastWriteForAKeyWins(_ replaced: Replaced, _ useSuperEncoder: Bool) throws {
        enum K: String, CodingKey { case key }
        let probe = Probe { encoder in
            var c = encoder.container(keyedBy: K.self)
            switch replaced {
            case .value: try c.encode(0, forKey: .key)
            case .keyedContainer:
                var nested = c.nestedContainer(keyedBy: K.self, forKey: .key)
                try nested.encode(1, forKey: .key)
            case .unkeyedContainer:
                var nested = c.nestedUnkeyedContainer(forKey: .key)
                try nested.encode(1)
            case .superEncoder:
                var s = c.superEncoder(forKey: .key).singleValueContainer()
                try s.encode("old")
            }
            if useSuperEncoder {
                var s = c.superEncoder(forKey: .key).singleValueContainer()
                try s.encode(42)
            } else {
                try c.encode(42, forKey: .key)
            }
        }
        expectEncoding(probe, decodesAs: OnlyKey(key: 42))
        probeDecode(try archive(probe)) { decoder in
            let c = try decoder.container(keyedBy: DynamicKey.self)
            #expect(c.allKeys.count == 1)
        }
    }

    @Test func lastWriteWinsAmongManyKeys() {
        expectEncoding(Probe { encoder in
            var c = encoder.container(keyedBy: DynamicKey.self)
            try c.encode(1, forKey: DynamicKey("a"))
            try c.encode(2, forKey: DynamicKey("b"))
            try c.encode("string", forKey: DynamicKey("a"))
            try c.encode(3, forKey: DynamicKey("a"))
            try c.encode(AB(a: 0, b: 0), forKey: DynamicKey("b"))
            try c.encode(4, forKey: DynamicKey("b"))
        }, decodesAs: AB(a: 3, b: 4))
    }

    @Test func nestedKeyedContainerRequestedTwiceMerges() {
        enum Top: String, CodingKey { case n, p }
        enum A: String, CodingKey { case a }
        enum B: String, CodingKey { case b }
        expectEncoding(Probe { encoder in
            var c = encoder.container(keyedBy: Top.self)
            var first = c.nestedContainer(keyedBy: A.self, forKey: .n)
            try first.encode(1, forKey: .a)
            var second = c.nestedContainer(keyedBy: B.self, forKey: .n)
            try second.encode(2, forKey: .b)
            try c.encode(3, forKey: .p)
        }, decodesAs: Nested(n: AB(a: 1, b: 2), p: 3))
        // Both containers held at once, written alternately.
        expectEncoding(Probe { encoder in
            var c = encoder.container(keyedBy: Top.self)
            var first = c.nestedContainer(keyedBy: A.self, forKey: .n)
            var second = c.nestedContainer(keyedBy: B.self, forKey: .n)
            try second.encode(2, forKey: .b)
            try first.encode(1, forKey: .a)
            try c.encode(3, forKey: .p)
        }, decodesAs: Nested(n: AB(a: 1, b: 2), p: 3))
    }

    @Test func mergedNestedKeyedContainersKeepTheLastWriteInTimeOrder() {
        // Both containers are views of one storage (JSONEncoder): the write made last wins.
        enum Top: String, CodingKey { case n, p }
        enum K: String, CodingKey { case a, b }
        expectEncoding(Probe { encoder in
            var c = encoder.container(keyedBy: Top.self)
            var first = c.nestedContainer(keyedBy: K.self, forKey: .n)
            try first.encode(1, forKey: .a)
            var second = c.nestedContainer(keyedBy: K.self, forKey: .n)
            try second.encode(2, forKey: .a)
            try second.encode(20, forKey: .b)
            try first.encode(3, forKey: .a)
            try c.encode(0, forKey: .p)
        }, decodesAs: Nested(n: AB(a: 3, b: 20), p: 0))
    }

    @Test func nestedUnkeyedContainerRequestedTwiceAppendsToOneArray() {
        struct Lists: Decodable, Equatable { var list: [Int] }
        enum K: String, CodingKey { case list }
        expectEncoding(Probe { encoder in
            var c = encoder.container(keyedBy: K.self)
            var first = c.nestedUnkeyedContainer(forKey: .list)
            try first.encode(1)
            var second = c.nestedUnkeyedContainer(forKey: .list)
            try second.encode(2)
            try first.encode(3)
        }, decodesAs: Lists(list: [1, 2, 3]))
    }

    @Test func lastWriteWinsWithManyKeysAndIntegerKeys() throws {
        let probe = Probe { encoder in
            var c = encoder.container(keyedBy: DynamicKey.self)
            for i in 0..<200 { try c.encode(i, forKey: DynamicKey("key\(i)")) }
            for i in 0..<200 { try c.encode(-i, forKey: DynamicKey(intValue: i)!) }
            for i in 150..<200 { try c.encode(i * 1000, forKey: DynamicKey("key\(i)")) }
            for i in [0, 63, 64, 65, 199] { try c.encode("replaced", forKey: DynamicKey(intValue: i)!) }
            try c.encodeNil(forKey: DynamicKey("nil"))
            try c.encode(true, forKey: DynamicKey("nil"))
        }
        for compression in [ArchiveCompression.none, .zlib] {
            probeDecode(try archive(probe, compression: compression)) { decoder in
                let c = try decoder.container(keyedBy: DynamicKey.self)
                #expect(c.allKeys.count == 401)
                #expect(try c.decode(Int.self, forKey: DynamicKey("key149")) == 149)
                #expect(try c.decode(Int.self, forKey: DynamicKey("key150")) == 150_000)
                #expect(try c.decode(Int.self, forKey: DynamicKey("key199")) == 199_000)
                #expect(try c.decode(Int.self, forKey: DynamicKey(intValue: 62)!) == -62)
                for i in [0, 63, 64, 65, 199] {
                    #expect(try c.decode(String.self, forKey: DynamicKey(intValue: i)!) == "replaced")
                }
                #expect(try c.decodeNil(forKey: DynamicKey("nil")) == false)
                #expect(try c.decode(Bool.self, forKey: DynamicKey("nil")))
            }
        }
    }

    @Test func failedValueInAContainerWrittenOutOfOrderLeavesNoTrace() {
        enum Top: String, CodingKey { case n, p }
        expectEncoding(Probe { encoder in
            var c = encoder.container(keyedBy: Top.self)
            var nested = c.nestedContainer(keyedBy: DynamicKey.self, forKey: .n)
            try c.encode(5, forKey: .p)
            try nested.encode(1, forKey: DynamicKey("a"))
            #expect(throws: Thrower.Failure.self) { try nested.encode(Thrower(), forKey: DynamicKey("bad")) }
            try nested.encode(2, forKey: DynamicKey("b"))
        }, decodesAs: Nested(n: AB(a: 1, b: 2), p: 5))
        struct Lists: Decodable, Equatable { var list: [Int]; var p: Int }
        enum L: String, CodingKey { case list, p }
        expectEncoding(Probe { encoder in
            var c = encoder.container(keyedBy: L.self)
            var list = c.nestedUnkeyedContainer(forKey: .list)
            try list.encode(1)
            try c.encode(5, forKey: .p)
            try? list.encode(Thrower())
            try list.encode(2)
        }, decodesAs: Lists(list: [1, 2], p: 5))
    }

    // MARK: Out-of-order writes

    @Test func nestedKeyedContainerFilledAfterParent() {
        enum Top: String, CodingKey { case n, p }
        enum Inner: String, CodingKey { case a, b }
        expectEncoding(Probe { encoder in
            var c = encoder.container(keyedBy: Top.self)
            var nested = c.nestedContainer(keyedBy: Inner.self, forKey: .n)
            try c.encode(5, forKey: .p)
            try nested.encode(1, forKey: .a)
            try nested.encode(2, forKey: .b)
        }, decodesAs: Nested(n: AB(a: 1, b: 2), p: 5))
        expectEncoding(Probe { encoder in
            var c = encoder.container(keyedBy: Top.self)
            var nested = c.nestedContainer(keyedBy: Inner.self, forKey: .n)
            try nested.encode(1, forKey: .a)
            try c.encode(5, forKey: .p)
            try nested.encode(2, forKey: .b)
        }, decodesAs: Nested(n: AB(a: 1, b: 2), p: 5))
    }

    @Test func nestedUnkeyedContainerFilledAfterParent() {
        struct Lists: Decodable, Equatable { var list: [Int]; var other: [String]; var tail: Int }
        enum K: String, CodingKey { case list, other, tail }
        expectEncoding(Probe { encoder in
            var c = encoder.container(keyedBy: K.self)
            var list = c.nestedUnkeyedContainer(forKey: .list)
            try list.encode(1)
            var other = c.nestedUnkeyedContainer(forKey: .other)
            try c.encode(9, forKey: .tail)
            try list.encode(2)
            try other.encode("x")
            try list.encode(3)
            try other.encode("y")
        }, decodesAs: Lists(list: [1, 2, 3], other: ["x", "y"], tail: 9))
    }

    @Test func outOfOrderWritesSeveralLevelsDeep() {
        // { top: 0, l1: { v: 1, l2: [ 2, { v: 3, l4: [4, 5] }, 6 ] }, last: 7 }
        struct L3: Decodable, Equatable { var v: Int; var l4: [Int] }
        struct L2: Decodable, Equatable {
            var a: Int; var b: L3; var c: Int
            init(a: Int, b: L3, c: Int) { self.a = a; self.b = b; self.c = c }
            init(from decoder: any Decoder) throws {
                var u = try decoder.unkeyedContainer()
                a = try u.decode(Int.self); b = try u.decode(L3.self); c = try u.decode(Int.self)
                #expect(u.isAtEnd)
            }
        }
        struct L1: Decodable, Equatable { var v: Int; var l2: L2 }
        struct Top: Decodable, Equatable { var top: Int; var l1: L1; var last: Int }
        enum K: String, CodingKey { case top, l1, v, l2, l4, last }
        let expected = Top(top: 0, l1: L1(v: 1, l2: L2(a: 2, b: L3(v: 3, l4: [4, 5]), c: 6)), last: 7)

        // Writes in the order: deepest first, then back up, then down again.
        expectEncoding(Probe { encoder in
            var top = encoder.container(keyedBy: K.self)
            var l1 = top.nestedContainer(keyedBy: K.self, forKey: .l1)
            var l2 = l1.nestedUnkeyedContainer(forKey: .l2)
            try l2.encode(2)
            var l3 = l2.nestedContainer(keyedBy: K.self)
            var l4 = l3.nestedUnkeyedContainer(forKey: .l4)
            try l4.encode(4)
            try top.encode(0, forKey: .top)
            try l2.encode(6)
            try l1.encode(1, forKey: .v)
            try l4.encode(5)
            try l3.encode(3, forKey: .v)
            try top.encode(7, forKey: .last)
        }, decodesAs: expected)

        // Parent first, children last, innermost very last.
        expectEncoding(Probe { encoder in
            var top = encoder.container(keyedBy: K.self)
            try top.encode(0, forKey: .top)
            var l1 = top.nestedContainer(keyedBy: K.self, forKey: .l1)
            var l2 = l1.nestedUnkeyedContainer(forKey: .l2)
            try top.encode(7, forKey: .last)
            try l1.encode(1, forKey: .v)
            try l2.encode(2)
            var l3 = l2.nestedContainer(keyedBy: K.self)
            try l2.encode(6)
            var l4 = l3.nestedUnkeyedContainer(forKey: .l4)
            try l3.encode(3, forKey: .v)
            try l4.encode(4)
            try top.encode(0, forKey: .top)
            try l4.encode(5)
        }, decodesAs: expected)
    }

    @Test func outOfOrderWritesInsideArrayElements() {
        // Every element of an array writes out of order: the late-write pass must handle many.
        struct Element: Encodable {
            var i: Int
            func encode(to encoder: any Encoder) throws {
                enum K: String, CodingKey { case n, p }
                enum Inner: String, CodingKey { case a, b }
                var c = encoder.container(keyedBy: K.self)
                var nested = c.nestedContainer(keyedBy: Inner.self, forKey: .n)
                try c.encode(i, forKey: .p)
                try nested.encode(i * 10, forKey: .a)
                try nested.encode(i * 100, forKey: .b)
            }
        }
        let values = (0..<50).map(Element.init)
        expectEncoding(Probe { encoder in
            var u = encoder.unkeyedContainer()
            try u.encode(contentsOf: values)
        }, decodesAs: (0..<50).map { Nested(n: AB(a: $0 * 10, b: $0 * 100), p: $0) })
    }

    @Test func superEncoderTakenEarlyAndFilledLast() {
        struct WithSuper: Decodable, Equatable { var a: Int; var `super`: AB; var z: String }
        enum K: String, CodingKey { case a, z }
        expectEncoding(Probe { encoder in
            var c = encoder.container(keyedBy: K.self)
            let superEncoder = c.superEncoder()
            try c.encode(1, forKey: .a)
            try c.encode("last", forKey: .z)
            try AB(a: 7, b: 8).encode(to: superEncoder)
        }, decodesAs: WithSuper(a: 1, super: AB(a: 7, b: 8), z: "last"))
        // Filled with a keyed container that is itself written out of order.
        expectEncoding(Probe { encoder in
            var c = encoder.container(keyedBy: K.self)
            let superEncoder = c.superEncoder()
            enum S: String, CodingKey { case a, b }
            var sc = superEncoder.container(keyedBy: S.self)
            try c.encode(1, forKey: .a)
            try sc.encode(7, forKey: .a)
            try c.encode("last", forKey: .z)
            try sc.encode(8, forKey: .b)
        }, decodesAs: WithSuper(a: 1, super: AB(a: 7, b: 8), z: "last"))
    }

    @Test func superEncodersKeepTheirPositions() throws {
        enum K: String, CodingKey { case firstSuper, secondSuper, unkeyed }
        let data = try archive(Probe { encoder in
            var keyed = encoder.container(keyedBy: K.self)
            let keyedSuper1 = keyed.superEncoder(forKey: .firstSuper)
            let keyedSuper2 = keyed.superEncoder(forKey: .secondSuper)
            var svc1 = keyedSuper1.singleValueContainer()
            var svc2 = keyedSuper2.singleValueContainer()
            try svc1.encode("First")
            try svc2.encode("Second")

            var unkeyed = keyed.nestedUnkeyedContainer(forKey: .unkeyed)
            try unkeyed.encode(0)
            let unkeyedSuper1 = unkeyed.superEncoder()
            let unkeyedSuper2 = unkeyed.superEncoder()
            try unkeyed.encode(42)
            var usvc1 = unkeyedSuper1.singleValueContainer()
            var usvc2 = unkeyedSuper2.singleValueContainer()
            try usvc1.encode("First")
            try usvc2.encode("Second")
        })
        probeDecode(data) { decoder in
            let c = try decoder.container(keyedBy: K.self)
            #expect(try c.decode(String.self, forKey: .firstSuper) == "First")
            #expect(try c.decode(String.self, forKey: .secondSuper) == "Second")
            var u = try c.nestedUnkeyedContainer(forKey: .unkeyed)
            #expect(u.count == 4)
            #expect(try u.decode(Int.self) == 0)
            #expect(try u.decode(String.self) == "First")
            #expect(try u.decode(String.self) == "Second")
            #expect(try u.decode(Int.self) == 42)
        }
    }

    @Test func superEncoderFilledWithNothingIsAnEmptyContainer() {
        struct WithSuper: Decodable, Equatable { var a: Int; var `super`: Empty }
        enum K: String, CodingKey { case a }
        expectEncoding(Probe { encoder in
            var c = encoder.container(keyedBy: K.self)
            _ = c.superEncoder()
            try c.encode(1, forKey: .a)
        }, decodesAs: WithSuper(a: 1, super: Empty()))
        expectEncoding(Probe { encoder in
            var u = encoder.unkeyedContainer()
            _ = u.superEncoder()
            try u.encode(Empty())
        }, decodesAs: [Empty(), Empty()])
    }

    @Test func encoderStoredAndUsedAfterItsValueReturnedDoesNotCrash() throws {
        final class Stash { var encoder: (any Encoder)?; var keyed: KeyedEncodingContainer<DynamicKey>?; var unkeyed: (any UnkeyedEncodingContainer)? }
        let stash = Stash()
        struct Escaper: Encodable {
            let stash: Stash
            func encode(to encoder: any Encoder) throws {
                var c = encoder.container(keyedBy: DynamicKey.self)
                try c.encode(1, forKey: DynamicKey("early"))
                stash.encoder = encoder
                stash.keyed = c
                stash.unkeyed = c.nestedUnkeyedContainer(forKey: DynamicKey("list"))
            }
        }
        // Late writes while the outer value is still being encoded.
        let data = try archive(Probe { encoder in
            var c = encoder.container(keyedBy: DynamicKey.self)
            try c.encode(Escaper(stash: stash), forKey: DynamicKey("escaper"))
            try c.encode(2, forKey: DynamicKey("after"))
            try stash.keyed?.encode(3, forKey: DynamicKey("late"))
            try stash.unkeyed?.encode(4)
            var again = stash.encoder?.container(keyedBy: DynamicKey.self)
            try again?.encode(5, forKey: DynamicKey("later"))
            try c.encode(6, forKey: DynamicKey("end"))
        })
        probeDecode(data) { decoder in
            let c = try decoder.container(keyedBy: DynamicKey.self)
            #expect(try c.decode(Int.self, forKey: DynamicKey("after")) == 2)
            #expect(try c.decode(Int.self, forKey: DynamicKey("end")) == 6)
            let escaper = try c.nestedContainer(keyedBy: DynamicKey.self, forKey: DynamicKey("escaper"))
            #expect(try escaper.decode(Int.self, forKey: DynamicKey("early")) == 1)
        }
        // Late writes after `encode` returned: the archive already returned must stay intact.
        let before = Data(data)
        for i in 0..<100 {
            try stash.keyed?.encode(i, forKey: DynamicKey("afterReturn\(i)"))
            try stash.unkeyed?.encode(String(repeating: "x", count: i))
        }
        var keyedAgain = stash.encoder?.container(keyedBy: DynamicKey.self)
        try keyedAgain?.encode(String(repeating: "y", count: 10_000), forKey: DynamicKey("huge"))
        #expect(data == before)
        probeDecode(data) { decoder in
            let c = try decoder.container(keyedBy: DynamicKey.self)
            #expect(try c.decode(Int.self, forKey: DynamicKey("end")) == 6)
        }
    }

    // MARK: Encoding nothing

    @Test func topLevelValueThatEncodesNothingThrows() throws {
        let error = try #require(throws: EncodingError.self) { try archive(EncodesNothing()) }
        guard case .invalidValue(_, let context) = error else {
            Issue.record("expected invalidValue, got \(error)")
            return
        }
        #expect(context.codingPath.isEmpty)
        #expect(context.debugDescription == "Top-level EncodesNothing did not encode any values.")
    }

    @Test func nestedValueThatEncodesNothingIsAnEmptyKeyedContainer() throws {
        #expect(try unarchive([Empty].self, from: archive([EncodesNothing(), EncodesNothing()])) == [Empty(), Empty()])
        #expect(try unarchive([String: Empty].self, from: archive(["test": EncodesNothing()])) == ["test": Empty()])
        struct Holder: Encodable { var inner = EncodesNothing(); var after = 1 }
        struct HolderOut: Decodable, Equatable { var inner: Empty; var after: Int }
        #expect(try unarchive(HolderOut.self, from: archive(Holder())) == HolderOut(inner: Empty(), after: 1))
        probeDecode(try archive([EncodesNothing()])) { decoder in
            var u = try decoder.unkeyedContainer()
            #expect(try u.nestedContainer(keyedBy: DynamicKey.self).allKeys.isEmpty)
        }
    }

    @Test func emptyStructAndClassRoundTripAtTopLevel() throws {
        try expectRoundTrip(Empty())
        #expect(try unarchive(EmptyClass.self, from: archive(EmptyClass())) == EmptyClass())
        try expectRoundTrip([Empty()])
        try expectRoundTrip(["k": Empty()])
    }

    // MARK: Throwing while encoding

    @Test func failedKeyedValueLeavesNoTraceAndTheEncoderStaysUsable() throws {
        expectEncoding(Probe { encoder in
            var c = encoder.container(keyedBy: DynamicKey.self)
            try c.encode(1, forKey: DynamicKey("a"))
            #expect(throws: Thrower.Failure.self) { try c.encode(Thrower(), forKey: DynamicKey("bad")) }
            try? c.encode([Thrower()], forKey: DynamicKey("bad2"))
            try c.encode(2, forKey: DynamicKey("b"))
        }, decodesAs: AB(a: 1, b: 2))
        probeDecode(try archive(Probe { encoder in
            var c = encoder.container(keyedBy: DynamicKey.self)
            try c.encode(1, forKey: DynamicKey("a"))
            try? c.encode(Thrower(), forKey: DynamicKey("bad"))
            try c.encode(2, forKey: DynamicKey("b"))
        })) { decoder in
            let c = try decoder.container(keyedBy: DynamicKey.self)
            #expect(Set(c.allKeys.map(\.stringValue)) == ["a", "b"])
            #expect(!c.contains(DynamicKey("bad")))
        }
    }

    @Test func failedUnkeyedElementLeavesNoTrace() {
        expectEncoding(Probe { encoder in
            var u = encoder.unkeyedContainer()
            try u.encode(1)
            try? u.encode(Thrower())
            #expect(u.count == 1)
            try u.encode(2)
            try? u.encode(["k": Thrower()])
            try u.encode(3)
        }, decodesAs: [1, 2, 3])
    }

    @Test func failedValueInsideASuperEncoderDoesNotCorruptTheArchive() throws {
        let data = try archive(Probe { encoder in
            var c = encoder.container(keyedBy: DynamicKey.self)
            try c.encode(1, forKey: DynamicKey("a"))
            let s = c.superEncoder(forKey: DynamicKey("s"))
            try? Thrower().encode(to: s)
            try c.encode(2, forKey: DynamicKey("b"))
        })
        probeDecode(data) { decoder in
            let c = try decoder.container(keyedBy: DynamicKey.self)
            #expect(try c.decode(Int.self, forKey: DynamicKey("a")) == 1)
            #expect(try c.decode(Int.self, forKey: DynamicKey("b")) == 2)
        }
    }

    @Test func errorFromTopLevelValuePropagatesWithItsPath() throws {
        struct Outer: Encodable { var items: [String: [Thrower]] = ["k": [Thrower()]] }
        let error = try #require(throws: Thrower.Failure.self) { try archive(Outer()) }
        #expect(error.path == ["items", "k", "Index 0#0"])
    }

    // MARK: Coding paths

    @Test func encodingCodingPathsOfNestedContainersAndSuperEncoders() throws {
        enum Top: Int, CodingKey { case a, b, c }
        enum Mid: Int, CodingKey { case one, two }
        let r = Recorder()
        _ = try archive(Probe { encoder in
            var top = encoder.container(keyedBy: Top.self)
            r.record("encoder", encoder.codingPath)
            r.record("top", top.codingPath)
            var a = top.nestedContainer(keyedBy: Mid.self, forKey: .a)
            r.record("top", top.codingPath)
            r.record("a", a.codingPath)
            let aOne = a.nestedContainer(keyedBy: Mid.self, forKey: .one)
            r.record("a.one", aOne.codingPath)
            let aTwo = a.nestedUnkeyedContainer(forKey: .two)
            r.record("a.two", aTwo.codingPath)
            r.record("a", a.codingPath)
            var b = top.nestedUnkeyedContainer(forKey: .b)
            r.record("b", b.codingPath)
            let b0 = b.nestedContainer(keyedBy: Mid.self)
            r.record("b0", b0.codingPath)
            let b1 = b.nestedUnkeyedContainer()
            r.record("b1", b1.codingPath)
            let b2 = b.superEncoder()
            r.record("b2", b2.codingPath)
            r.record("b", b.codingPath)
            let sa = top.superEncoder(forKey: .c)
            r.record("super.c", sa.codingPath)
            let s = top.superEncoder()
            r.record("super", s.codingPath)
            var sk = s.container(keyedBy: Mid.self)
            r.record("super.keyed", sk.codingPath)
            let sn = sk.nestedUnkeyedContainer(forKey: .two)
            r.record("super.keyed.two", sn.codingPath)
            r.record("encoder", encoder.codingPath)
        })
        #expect(r.entries == [
            "encoder=", "top=",
            "top=", "a=a#0", "a.one=a#0/one#0", "a.two=a#0/two#1", "a=a#0",
            "b=b#1", "b0=b#1/Index 0#0", "b1=b#1/Index 1#1", "b2=b#1/Index 2#2", "b=b#1",
            "super.c=c#2", "super=super", "super.keyed=super", "super.keyed.two=super/two#1",
            "encoder=",
        ])
    }

    @Test func encoderCodingPathsOfValuesInsideCollections() throws {
        let r = Recorder()
        struct Leaf: Encodable {
            let r: Recorder
            func encode(to encoder: any Encoder) throws {
                r.record("leaf", encoder.codingPath)
                var c = encoder.singleValueContainer()
                try c.encode(1)
            }
        }
        struct Root: Encodable {
            let r: Recorder
            func encode(to encoder: any Encoder) throws {
                enum K: String, CodingKey { case list, map, opt }
                var c = encoder.container(keyedBy: K.self)
                try c.encode([Leaf(r: r), Leaf(r: r)], forKey: .list)
                try c.encode(["x": Leaf(r: r)], forKey: .map)
                try c.encode(Optional(Leaf(r: r)), forKey: .opt)
            }
        }
        _ = try archive(Root(r: r))
        #expect(r.entries == ["leaf=list/Index 0#0", "leaf=list/Index 1#1", "leaf=map/x", "leaf=opt"])
    }

    @Test func decodingCodingPathsOfNestedContainersAndSuperDecoders() throws {
        enum Top: Int, CodingKey { case a, b, c }
        enum Mid: Int, CodingKey { case one, two }
        let data = try archive(Probe { encoder in
            var top = encoder.container(keyedBy: Top.self)
            var a = top.nestedContainer(keyedBy: Mid.self, forKey: .a)
            var one = a.nestedContainer(keyedBy: Mid.self, forKey: .one)
            try one.encode(1, forKey: .one)
            var two = a.nestedUnkeyedContainer(forKey: .two)
            try two.encode(2)
            var b = top.nestedUnkeyedContainer(forKey: .b)
            var b0 = b.nestedContainer(keyedBy: Mid.self)
            try b0.encode(3, forKey: .one)
            var b1 = b.nestedUnkeyedContainer()
            try b1.encode(4)
            try 5.encode(to: b.superEncoder())
            try 6.encode(to: top.superEncoder(forKey: .c))
            try 7.encode(to: top.superEncoder())
        })
        let r = Recorder()
        probeDecode(data) { decoder in
            let top = try decoder.container(keyedBy: Top.self)
            r.record("decoder", decoder.codingPath)
            r.record("top", top.codingPath)
            let a = try top.nestedContainer(keyedBy: Mid.self, forKey: .a)
            r.record("a", a.codingPath)
            r.record("a.one", try a.nestedContainer(keyedBy: Mid.self, forKey: .one).codingPath)
            r.record("a.two", try a.nestedUnkeyedContainer(forKey: .two).codingPath)
            var b = try top.nestedUnkeyedContainer(forKey: .b)
            r.record("b", b.codingPath)
            r.record("b0", try b.nestedContainer(keyedBy: Mid.self).codingPath)
            r.record("b1", try b.nestedUnkeyedContainer().codingPath)
            let b2 = try b.superDecoder()
            r.record("b2", b2.codingPath)
            #expect(try b2.singleValueContainer().decode(Int.self) == 5)
            r.record("b", b.codingPath)
            let c = try top.superDecoder(forKey: .c)
            r.record("super.c", c.codingPath)
            #expect(try Int(from: c) == 6)
            let s = try top.superDecoder()
            r.record("super", s.codingPath)
            #expect(try s.singleValueContainer().decode(Int.self) == 7)
            r.record("decoder", decoder.codingPath)
        }
        #expect(r.entries == [
            "decoder=", "top=", "a=a#0", "a.one=a#0/one#0", "a.two=a#0/two#1",
            "b=b#1", "b0=b#1/Index 0#0", "b1=b#1/Index 1#1", "b2=b#1/Index 2#2", "b=b#1",
            "super.c=c#2", "super=super", "decoder=",
        ])
    }

    // MARK: userInfo

    @Test func userInfoReachesEveryNestedEncoder() throws {
        let key = CodingUserInfoKey(rawValue: "semantics.flag")!
        let r = Recorder()
        struct Leaf: Encodable {
            let r: Recorder; let key: CodingUserInfoKey
            func encode(to encoder: any Encoder) throws {
                r.record("\(encoder.userInfo[key] as? String ?? "missing")", encoder.codingPath)
                var c = encoder.singleValueContainer()
                try c.encode(0)
            }
        }
        final class Base: Encodable {
            let r: Recorder; let key: CodingUserInfoKey
            init(r: Recorder, key: CodingUserInfoKey) { self.r = r; self.key = key }
            func encode(to encoder: any Encoder) throws {
                r.record("\(encoder.userInfo[key] as? String ?? "missing")", encoder.codingPath)
                var c = encoder.container(keyedBy: DynamicKey.self)
                try c.encode(Leaf(r: r, key: key), forKey: DynamicKey("baseLeaf"))
            }
        }
        let data = try archive(Probe { encoder in
            var c = encoder.container(keyedBy: DynamicKey.self)
            let leaf = Leaf(r: r, key: key)
            try c.encode([leaf, leaf], forKey: DynamicKey("array"))
            try c.encode(["k": [leaf]], forKey: DynamicKey("dict"))
            try c.encode(Optional(leaf), forKey: DynamicKey("optional"))
            try Base(r: r, key: key).encode(to: c.superEncoder())
            try Base(r: r, key: key).encode(to: c.superEncoder(forKey: DynamicKey("sk")))
            var u = c.nestedUnkeyedContainer(forKey: DynamicKey("u"))
            try leaf.encode(to: u.superEncoder())
            var nested = u.nestedContainer(keyedBy: DynamicKey.self)
            try nested.encode(leaf, forKey: DynamicKey("deep"))
        }, userInfo: [key: "on"])
        #expect(r.entries.count == 10)
        #expect(r.entries.allSatisfy { $0.hasPrefix("on=") }, "\(r.entries)")
        #expect(!data.isEmpty)
    }

    @Test func userInfoReachesEveryNestedDecoder() throws {
        let key = userInfoFlagKey
        struct Leaf: Decodable {
            var seen: String
            init(from decoder: any Decoder) throws {
                seen = decoder.userInfo[userInfoFlagKey] as? String ?? "missing"
                _ = try decoder.singleValueContainer().decode(Int.self)
            }
        }
        struct Root: Decodable {
            var seen: [String] = []
            init(from decoder: any Decoder) throws {
                let c = try decoder.container(keyedBy: DynamicKey.self)
                seen += try c.decode([Leaf].self, forKey: DynamicKey("array")).map(\.seen)
                seen += try c.decode([String: [Leaf]].self, forKey: DynamicKey("dict"))["k"]!.map(\.seen)
                seen.append(try c.decode(Leaf?.self, forKey: DynamicKey("optional"))!.seen)
                seen.append(try c.decodeIfPresent(Leaf.self, forKey: DynamicKey("optional"))!.seen)
                let s = try c.superDecoder()
                seen.append(s.userInfo[userInfoFlagKey] as? String ?? "missing")
                seen.append(try Leaf(from: s).seen)
                seen.append(try Leaf(from: c.superDecoder(forKey: DynamicKey("sk"))).seen)
                var u = try c.nestedUnkeyedContainer(forKey: DynamicKey("u"))
                seen.append(try Leaf(from: u.superDecoder()).seen)
                seen.append(try u.decode(Leaf.self).seen)
            }
        }
        let data = try archive(Probe { encoder in
            var c = encoder.container(keyedBy: DynamicKey.self)
            try c.encode([1, 2], forKey: DynamicKey("array"))
            try c.encode(["k": [3]], forKey: DynamicKey("dict"))
            try c.encode(4, forKey: DynamicKey("optional"))
            try 5.encode(to: c.superEncoder())
            try 6.encode(to: c.superEncoder(forKey: DynamicKey("sk")))
            var u = c.nestedUnkeyedContainer(forKey: DynamicKey("u"))
            try u.encode(7)
            try u.encode(8)
        })
        let root = try unarchive(Root.self, from: data, userInfo: [key: "on"])
        #expect(root.seen == Array(repeating: "on", count: 10))
    }

    // MARK: Decoding side: several requests, retries, escaping

    @Test func decoderMayBeAskedForContainersSeveralTimes() throws {
        let data = try archive(["a": 1, "b": 2])
        probeDecode(data) { decoder in
            let first = try decoder.container(keyedBy: DynamicKey.self)
            let second = try decoder.container(keyedBy: DynamicKey.self)
            #expect(try second.decode(Int.self, forKey: DynamicKey("b")) == 2)
            #expect(try first.decode(Int.self, forKey: DynamicKey("a")) == 1)
            #expect(try first.decode(Int.self, forKey: DynamicKey("b")) == 2)
            #expect(try second.decode(Int.self, forKey: DynamicKey("a")) == 1)
            let single = try decoder.singleValueContainer()
            #expect(try single.decode([String: Int].self) == ["a": 1, "b": 2])
            #expect(try single.decode(AB.self) == AB(a: 1, b: 2))
        }
        probeDecode(try archive(["x", "y"])) { decoder in
            var first = try decoder.unkeyedContainer()
            #expect(try first.decode(String.self) == "x")
            var second = try decoder.unkeyedContainer()
            #expect(second.currentIndex == 0)
            #expect(try second.decode(String.self) == "x")
            #expect(try first.decode(String.self) == "y")
            #expect(try decoder.singleValueContainer().decode([String].self) == ["x", "y"])
        }
    }

    @Test func keyedLookupsInAnyOrderAndRepeated() throws {
        struct Many: Codable, Equatable { var a = 1, b = "2", c = 3.0, d = [4], e = AB(a: 5, b: 6), f = true }
        probeDecode(try archive([Many(), Many()])) { decoder in
            var u = try decoder.unkeyedContainer()
            enum K: String, CodingKey { case a, b, c, d, e, f }
            let first = try u.nestedContainer(keyedBy: K.self)
            let second = try u.nestedContainer(keyedBy: K.self)
            #expect(try first.decode(Bool.self, forKey: .f))
            #expect(try second.decode(Int.self, forKey: .a) == 1)
            #expect(try first.decode(Int.self, forKey: .a) == 1)
            #expect(try second.decode(AB.self, forKey: .e) == AB(a: 5, b: 6))
            #expect(try first.decode(String.self, forKey: .b) == "2")
            #expect(try first.decode(String.self, forKey: .b) == "2")
            #expect(try second.decode(Double.self, forKey: .c) == 3)
            #expect(try first.decode([Int].self, forKey: .d) == [4])
            #expect(try first.decode(AB.self, forKey: .e).b == 6)
        }
    }

    @Test func failedDecodeInsideTryLeavesTheDecoderUsable() throws {
        enum Either: Decodable, Equatable {
            case ab(AB), list([Int]), number(Int), text(String)
            init(from decoder: any Decoder) throws {
                if let value = try? AB(from: decoder) { self = .ab(value) }
                else if let value = try? [Int](from: decoder) { self = .list(value) }
                else if let value = try? decoder.singleValueContainer().decode(Int.self) { self = .number(value) }
                else { self = .text(try decoder.singleValueContainer().decode(String.self)) }
            }
        }
        struct Mixed: Encodable {
            func encode(to encoder: any Encoder) throws {
                var u = encoder.unkeyedContainer()
                try u.encode(AB(a: 1, b: 2))
                try u.encode([3, 4])
                try u.encode(5)
                try u.encode("six")
                try u.encode(["a": 7])  // missing "b": AB fails, then [Int] fails, …
            }
        }
        let data = try archive(Mixed())
        probeDecode(data) { decoder in
            var u = try decoder.unkeyedContainer()
            #expect(try u.decode(Either.self) == .ab(AB(a: 1, b: 2)))
            #expect(try u.decode(Either.self) == .list([3, 4]))
            #expect(try u.decode(Either.self) == .number(5))
            #expect(try u.decode(Either.self) == .text("six"))
            #expect(throws: DecodingError.self) { try u.decode(Either.self) }
            #expect(u.currentIndex == 4)
            #expect(try u.decode([String: Int].self) == ["a": 7])
        }
        // Keyed: a failed typed attempt, then another type for the same key.
        probeDecode(try archive(["v": "text"])) { decoder in
            let c = try decoder.container(keyedBy: DynamicKey.self)
            #expect((try? c.decode(Int.self, forKey: DynamicKey("v"))) == nil)
            #expect((try? c.decode(AB.self, forKey: DynamicKey("v"))) == nil)
            #expect(try c.decode(String.self, forKey: DynamicKey("v")) == "text")
        }
    }

    @Test func containersKeptAfterDecodeReturnsStillWork() throws {
        final class Kept: Decodable {
            let keyed: KeyedDecodingContainer<DynamicKey>
            var unkeyed: any UnkeyedDecodingContainer
            let decoder: any Decoder
            init(from decoder: any Decoder) throws {
                keyed = try decoder.container(keyedBy: DynamicKey.self)
                unkeyed = try keyed.nestedUnkeyedContainer(forKey: DynamicKey("list"))
                self.decoder = decoder
            }
        }
        let payload = Probe { encoder in
            var c = encoder.container(keyedBy: DynamicKey.self)
            try c.encode("hello", forKey: DynamicKey("name"))
            try c.encode(["a", "b"], forKey: DynamicKey("list"))
            try c.encode(AB(a: 1, b: 2), forKey: DynamicKey("ab"))
        }
        var kept: [Kept] = []
        for compression in [ArchiveCompression.none, .zlib] {
            var bytes = [UInt8](try archive(payload, compression: compression))
            kept.append(try ArchiveDecoder().decode(Kept.self, from: bytes))
            // Scribble over the input and drop it.
            for i in bytes.indices { bytes[i] = 0xEE }
            bytes = []
        }
        for k in kept {
            #expect(try k.keyed.decode(String.self, forKey: DynamicKey("name")) == "hello")
            #expect(try k.keyed.decode(AB.self, forKey: DynamicKey("ab")) == AB(a: 1, b: 2))
            #expect(try k.unkeyed.decode(String.self) == "a")
            #expect(try k.unkeyed.decode(String.self) == "b")
            #expect(try k.decoder.container(keyedBy: DynamicKey.self).allKeys.count == 3)
        }
    }
}
