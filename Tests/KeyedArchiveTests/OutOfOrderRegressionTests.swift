import Foundation
import Testing
import KeyedArchive

// Named regressions for out-of-order encoding (issue: "Correctness first"). The encoder used to
// find late-written containers by counting containers in its own bytes, and a natively written
// `[String]` was a container it did not count: every late write after one landed one container
// off (a wrong archive from the second array element on, a crash from the third).

// MARK: - The class hierarchy of the issue: a super encoder taken early and filled last

private class Animal: Codable {
    var legCount: Int
    private enum CodingKeys: String, CodingKey { case legCount }

    init(legCount: Int) { self.legCount = legCount }

    required init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        legCount = try c.decode(Int.self, forKey: .legCount)
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(legCount, forKey: .legCount)
    }
}

private final class Dog: Animal, Equatable {
    var bestFriend: String
    var nicknames: [String]
    private enum CodingKeys: Int, CodingKey { case bestFriend = 1, nicknames = 2 }

    init(legCount: Int, bestFriend: String, nicknames: [String]) {
        self.bestFriend = bestFriend
        self.nicknames = nicknames
        super.init(legCount: legCount)
    }

    override func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(bestFriend, forKey: .bestFriend)
        let sup = c.superEncoder()           // taken early
        try c.encode(nicknames, forKey: .nicknames)
        try super.encode(to: sup)            // filled last
    }

    required init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        bestFriend = try c.decode(String.self, forKey: .bestFriend)
        nicknames = try c.decode([String].self, forKey: .nicknames)
        try super.init(from: try c.superDecoder())
    }

    static func == (a: Dog, b: Dog) -> Bool {
        a.legCount == b.legCount && a.bestFriend == b.bestFriend && a.nicknames == b.nicknames
    }
}

private func dogs(_ count: Int) -> [Dog] {
    (0..<count).map { i in
        Dog(legCount: 4 - i % 2, bestFriend: "friend \(i)", nicknames: Array(["Rex", "Fido", "", "Ünïcode"].prefix(i % 4)))
    }
}

/// Encodes with the archive coder (plain and zlib) and with JSON; all three must round-trip.
private func expectRoundTrips<T: Codable & Equatable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) throws {
    for compression in [ArchiveCompression.none, .zlib] {
        var encoder = ArchiveEncoder()
        encoder.compression = compression
        let decoded = try ArchiveDecoder().decode(T.self, from: encoder.encode(value))
        #expect(decoded == value, "\(compression)", sourceLocation: sourceLocation)
    }
    let viaJSON = try JSONDecoder().decode(T.self, from: JSONEncoder().encode(value))
    #expect(viaJSON == value, "JSON", sourceLocation: sourceLocation)
}

@Suite("Out-of-order encoding regressions")
struct OutOfOrderRegressionTests {
    @Test("The issue's Dog: one, two, three and eight dogs in an array", arguments: [1, 2, 3, 8])
    func dogsInAnArray(count: Int) throws {
        try expectRoundTrips(dogs(count))
    }

    @Test("The issue's Dog nested: arrays of arrays, dictionaries, optionals")
    func dogsNested() throws {
        try expectRoundTrips([dogs(3), [], dogs(8)])
        try expectRoundTrips(["a": dogs(2), "b": dogs(3)])
        try expectRoundTrips(Optional(dogs(3)))
        try expectRoundTrips([Optional(dogs(2)), nil, Optional(dogs(1))])
    }

    @Test("DESIGN-NOTES §9: a [String] before a nested container taken early and filled after a sibling")
    func stringArrayBeforeLateNestedContainer() throws {
        struct LateNested: Codable, Equatable {
            var before: [String]
            var name: String
            var x: Int
            enum CodingKeys: String, CodingKey { case before, early, x }
            enum Inner: String, CodingKey { case name }

            init(before: [String], name: String, x: Int) { (self.before, self.name, self.x) = (before, name, x) }

            func encode(to encoder: any Encoder) throws {
                var c = encoder.container(keyedBy: CodingKeys.self)
                try c.encode(before, forKey: .before)
                var early = c.nestedContainer(keyedBy: Inner.self, forKey: .early)
                try c.encode(x, forKey: .x)
                try early.encode(name, forKey: .name)
            }

            init(from decoder: any Decoder) throws {
                let c = try decoder.container(keyedBy: CodingKeys.self)
                before = try c.decode([String].self, forKey: .before)
                x = try c.decode(Int.self, forKey: .x)
                name = try c.nestedContainer(keyedBy: Inner.self, forKey: .early).decode(String.self, forKey: .name)
            }
        }
        let values = (0..<5).map { LateNested(before: Array(repeating: "a", count: $0), name: "n\($0)", x: $0) }
        try expectRoundTrips(values)
    }

    @Test("A single value that encoded a dictionary is amended by container(keyedBy:), as JSONEncoder does")
    func singleValueDictionaryAmendedByContainer() throws {
        struct Amended: Encodable {
            enum CodingKeys: String, CodingKey { case a }
            func encode(to encoder: any Encoder) throws {
                var single = encoder.singleValueContainer()
                try single.encode(["a": "b", "other": "foo"])
                var keyed = encoder.container(keyedBy: CodingKeys.self)
                try keyed.encode("c", forKey: .a)
            }
        }
        let expected = ["a": "c", "other": "foo"]
        #expect(try ArchiveDecoder().decode([String: String].self, from: ArchiveEncoder().encode(Amended())) == expected)
        #expect(try ArchiveDecoder().decode([[String: String]].self, from: ArchiveEncoder().encode([Amended(), Amended()])) == [expected, expected])
        #expect(try JSONDecoder().decode([String: String].self, from: JSONEncoder().encode(Amended())) == expected)
    }

    @Test("nestedUnkeyedContainer(forKey:) continues an array already written under that key, natively or not")
    func nestedUnkeyedContainerContinuesAnArray() throws {
        struct Item: Codable, Equatable { var n: Int }
        struct Continues: Encodable {
            enum CodingKeys: String, CodingKey { case strings, items, after }
            func encode(to encoder: any Encoder) throws {
                var c = encoder.container(keyedBy: CodingKeys.self)
                try c.encode(["a", "b"], forKey: .strings)
                try c.encode([Item(n: 1)], forKey: .items)
                var strings = c.nestedUnkeyedContainer(forKey: .strings)
                try strings.encode("c")
                try c.encode(0, forKey: .after)
                var items = c.nestedUnkeyedContainer(forKey: .items)
                try items.encode(Item(n: 2))
                try strings.encode("d")
            }
        }
        struct Decoded: Decodable, Equatable { var strings: [String]; var items: [Item]; var after: Int }
        for value in [[Continues()], [Continues(), Continues(), Continues()]] {
            let decoded = try ArchiveDecoder().decode([Decoded].self, from: ArchiveEncoder().encode(value))
            #expect(decoded == Array(repeating: Decoded(strings: ["a", "b", "c", "d"], items: [Item(n: 1), Item(n: 2)], after: 0), count: value.count))
        }
    }

    @Test("A container kept after encode returned writes nowhere: the archive returned stays intact")
    func containerKeptAfterEncodeReturned() throws {
        final class Stash: @unchecked Sendable { var container: KeyedEncodingContainer<DynamicKey>? }
        struct Leaks: Encodable {
            let stash: Stash
            func encode(to encoder: any Encoder) throws {
                var c = encoder.container(keyedBy: DynamicKey.self)
                try c.encode(1, forKey: DynamicKey("a"))
                stash.container = c
            }
        }
        let stash = Stash()
        let data = try ArchiveEncoder().encode([Leaks(stash: stash)])
        let copy = Data(data)
        for i in 0..<10_000 { try stash.container?.encode(String(repeating: "x", count: 100), forKey: DynamicKey("k\(i)")) }
        #expect(data == copy)
        #expect(try ArchiveDecoder().decode([[String: Int]].self, from: data) == [["a": 1]])
    }

    @Test("A value that throws after writing to its parent leaves no trace, and the parent's later entries stay")
    func valueThrowingAfterWritingToItsParent() throws {
        final class Stash: @unchecked Sendable { var container: KeyedEncodingContainer<DynamicKey>? }
        struct Fails: Encodable {
            let stash: Stash
            struct Failure: Error {}
            func encode(to encoder: any Encoder) throws {
                var mine = encoder.container(keyedBy: DynamicKey.self)
                try mine.encode(1, forKey: DynamicKey("partial"))
                try stash.container?.encode(2, forKey: DynamicKey("written by the failed value"))
                throw Failure()
            }
        }
        struct Parent: Encodable {
            func encode(to encoder: any Encoder) throws {
                var c = encoder.container(keyedBy: DynamicKey.self)
                try c.encode(0, forKey: DynamicKey("first"))
                let stash = Stash()
                stash.container = c
                #expect(throws: Fails.Failure.self) { try c.encode(Fails(stash: stash), forKey: DynamicKey("failed")) }
                try c.encode(3, forKey: DynamicKey("last"))
            }
        }
        let expected = ["first": 0, "written by the failed value": 2, "last": 3]
        #expect(try ArchiveDecoder().decode([[String: Int]].self, from: ArchiveEncoder().encode([Parent(), Parent()])) == [expected, expected])
    }
}

// MARK: - Found by the differential encoder campaign

/// Shrunk from campaign seed 50046159: the encoder asks for a keyed container while the value
/// of its single-value container is still being encoded (through an encoder kept from it), so
/// the slot holds nothing yet. This stopped the process ("Attempt to push new keyed encoding
/// container"). (`JSONEncoder` stops the process on this program too, one step earlier: it
/// reuses the kept encoder for other values once its `encode(to:)` returned.)
private struct KeyedContainerWhileItsSingleValueRuns: Encodable {
    final class Kept: @unchecked Sendable { var outer: (any Encoder)?; var inner: (any Encoder)? }
    struct Keeps: Encodable {
        let kept: Kept
        func encode(to encoder: any Encoder) throws { kept.inner = encoder }
    }
    struct AsksOuter: Encodable {
        let kept: Kept
        func encode(to encoder: any Encoder) throws {
            _ = kept.outer!.container(keyedBy: DynamicKey.self)
            _ = encoder.container(keyedBy: DynamicKey.self)
        }
    }
    func encode(to encoder: any Encoder) throws {
        let kept = Kept()
        kept.outer = encoder
        var outerSingle = encoder.singleValueContainer()
        try outerSingle.encode(Keeps(kept: kept))
        var innerSingle = kept.inner!.singleValueContainer()
        try innerSingle.encode(AsksOuter(kept: kept))
    }
}

extension OutOfOrderRegressionTests {
    @Test("Campaign seed 50046159: a keyed container while the single value is still being encoded")
    func keyedContainerWhileItsSingleValueRuns() throws {
        let data = try ArchiveEncoder().encode([KeyedContainerWhileItsSingleValueRuns(), KeyedContainerWhileItsSingleValueRuns()])
        #expect(try ArchiveDecoder().decode([[String: Int]].self, from: data) == [[:], [:]])
    }
}

// MARK: - Deep nesting: the slow path walks loops, not recursion

/// `levels` keyed containers nested under "n", built in a loop; then, after the root moved on,
/// a late entry halfway down and a container requested again under a key of that closed level.
private struct DeepLateWrites: Encodable {
    let levels: Int
    func encode(to encoder: any Encoder) throws {
        var root = encoder.container(keyedBy: DynamicKey.self)
        var current = root.nestedContainer(keyedBy: DynamicKey.self, forKey: DynamicKey("n"))
        var kept = current
        for level in 1..<levels {
            if level == levels / 2 { kept = current }
            current = current.nestedContainer(keyedBy: DynamicKey.self, forKey: DynamicKey("n"))
        }
        try current.encode(1, forKey: DynamicKey("leaf"))
        try root.encode(2, forKey: DynamicKey("after"))     // closes every level
        try kept.encode(3, forKey: DynamicKey("late"))      // a late entry halfway down
        var again = kept.nestedContainer(keyedBy: DynamicKey.self, forKey: DynamicKey("n"))
        try again.encode(4, forKey: DynamicKey("again"))    // continues the level below it
    }
}

/// Reads `DeepLateWrites` back with a loop; returns what it found at each marked place.
private struct DeepLateReader: Decodable {
    var found: [String: Int] = [:]
    init(from decoder: any Decoder) throws {
        let levels = decoder.userInfo[CodingUserInfoKey(rawValue: "levels")!] as! Int
        let root = try decoder.container(keyedBy: DynamicKey.self)
        found["after"] = try root.decode(Int.self, forKey: DynamicKey("after"))
        var current = try root.nestedContainer(keyedBy: DynamicKey.self, forKey: DynamicKey("n"))
        for level in 1..<levels {
            if level == levels / 2 { found["late"] = try current.decode(Int.self, forKey: DynamicKey("late")) }
            if level == levels / 2 + 1 { found["again"] = try current.decode(Int.self, forKey: DynamicKey("again")) }
            current = try current.nestedContainer(keyedBy: DynamicKey.self, forKey: DynamicKey("n"))
        }
        found["leaf"] = try current.decode(Int.self, forKey: DynamicKey("leaf"))
    }
}

extension OutOfOrderRegressionTests {
    @Test("Late writes 100,000 levels deep under a raised limit: no recursion in the slow path", arguments: [10, 100_000])
    func lateWritesDeepDown(levels: Int) throws {
        var encoder = ArchiveEncoder()
        encoder.maximumDepth = levels + 10
        var decoder = ArchiveDecoder()
        decoder.limits.maximumDepth = levels + 10
        decoder.userInfo[CodingUserInfoKey(rawValue: "levels")!] = levels
        let found = try decoder.decode(DeepLateReader.self, from: encoder.encode(DeepLateWrites(levels: levels))).found
        #expect(found == ["after": 2, "late": 3, "again": 4, "leaf": 1])
    }
}

