import Testing
@testable import KeyedArchive

/// The encoder's table of string keys and its shortcut for repeated keys (`StringBits`): a key
/// gets one index per distinct spelling, however it is stored and however often it repeats.
@Suite struct KeyTableTests {
    @Test func copiesOfOneStringHaveTheSameBits() {
        for string in ["", "a", "name", "fifteen bytes..", "a key longer than the small-string form"] {
            let copy = string
            #expect(StringBits.same(string, copy), "\(string)")
            #expect(StringBits.hash(string) == StringBits.hash(copy), "\(string)")
        }
    }

    @Test func differentStringsNeverHaveTheSameBits() {
        let strings = ["", "a", "b", "ab", "ba", "name", "names", String(repeating: "k", count: 40),
                       String(repeating: "k", count: 41), "\u{E9}", "e\u{301}"]
        for (i, a) in strings.enumerated() {
            for (j, b) in strings.enumerated() where i != j {
                #expect(!StringBits.same(a, b), "\(a) vs \(b)")
            }
        }
    }

    /// Equal strings in two allocations: the bits differ, and the table still finds the key.
    @Test func equalStringsStoredApartShareAnIndex() {
        let first = String(repeating: "long key ", count: 5)
        let second = String(repeating: "long key ", count: 5)
        #expect(first == second)
        #expect(!StringBits.same(first, second), "two allocations: different bits")
        var table = KeyTable()
        #expect(table.index(of: first) == 0)
        #expect(table.index(of: second) == 0)
        #expect(table.count == 1)
    }

    /// Canonically equivalent spellings are different keys in the table: an archive gives back
    /// each key as it was spelled (`Spec/FORMAT.md` §8.2).
    @Test func equivalentSpellingsKeepTheirOwnIndices() {
        var table = KeyTable()
        let composed = "caf\u{E9}", decomposed = "cafe\u{301}"
        #expect(table.index(of: composed) == 0)
        #expect(table.index(of: decomposed) == 1)
        #expect(table.index(of: composed) == 0)
        #expect(table.index(of: decomposed) == 1)
        #expect(Array(table.strings[1].utf8) == Array(decomposed.utf8))
    }

    /// Many more keys than the shortcut's 128 slots, looked up again in a shuffled order, some
    /// as fresh copies: every lookup gives the key's first index, and the table holds each
    /// key's bytes once.
    @Test func manyKeysInAnyOrderKeepTheirIndices() {
        var generator = SystemRandomNumberGenerator()
        let keys = (0..<1_000).map { "key\($0)" + String(repeating: "x", count: $0 % 23) }
        var table = KeyTable()
        var expected: [String: Int] = [:]
        for _ in 0..<5 {
            for key in keys.shuffled(using: &generator) {
                let lookedUp = Bool.random(using: &generator) ? key : String(decoding: Array(key.utf8), as: UTF8.self)
                let index = table.index(of: lookedUp)
                if let known = expected[key] { #expect(index == known, "\(key)") } else { expected[key] = index }
                #expect(Array(table.strings[index].utf8) == Array(key.utf8), "\(key)")
            }
        }
        #expect(table.count == keys.count)
    }

    /// A reset starts a new archive: indices are counted again from zero, and no key from the
    /// previous archive is found by the shortcut.
    @Test func resetForgetsTheKeys() {
        var table = KeyTable()
        #expect(table.index(of: "a") == 0)
        #expect(table.index(of: "b") == 1)
        table.reset()
        #expect(table.count == 0)
        #expect(table.index(of: "b") == 0)
        #expect(table.index(of: "a") == 1)
        #expect(Array(table.strings) == ["b", "a"])
    }
}
