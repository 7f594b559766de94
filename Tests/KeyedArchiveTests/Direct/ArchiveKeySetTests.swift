@testable import KeyedArchive
import Testing

/// How a key set finds the position an entry's key has (`ArchiveKeySet.position(forIntegerWire:)`,
/// which the generated reader's `nextKey()` switches on): a key's, then an alias's after the keys.
@Suite struct ArchiveKeySetTests {
    /// A key that is an integer, or a name.
    struct AnyKey: CodingKey {
        let stringValue: String
        let intValue: Int?
        init(intValue: Int) { (stringValue, self.intValue) = ("\(intValue)", intValue) }
        init(stringValue: String) { (self.stringValue, intValue) = (stringValue, nil) }
    }

    @Test func everyIntegerFindsItsKeyWhateverItsPlace() {
        // 300 keys, the integers 0...299 in reverse: keys past position 127 hold the small
        // integers (one-byte wires), which a table of bytes could not hold.
        let keys = ArchiveKeySet((0..<300).reversed().map { AnyKey(intValue: $0) })
        for position in 0..<300 {
            let wire = KeyForm.wire(integer64: Int64(299 - position))
            #expect(keys.key(forIntegerWire: wire) == position)
            #expect(keys.position(forIntegerWire: wire) == position)
        }
        #expect(keys.position(forIntegerWire: KeyForm.wire(integer64: 300)) == -1)
        #expect(keys.position(forIntegerWire: KeyForm.wire(integer64: -1)) == -1)
    }

    @Test func aliasesComeAfterTheKeys() {
        let aliases = ArchiveKeySet([AnyKey(stringValue: "7"), AnyKey(stringValue: "old")])
        let keys = ArchiveKeySet([AnyKey(intValue: 1), AnyKey(intValue: 2)], aliases: aliases, aliasesOfKeys: [[0], [1]])
        #expect(keys.positionCount == 4)
        #expect(keys.position(forIntegerWire: KeyForm.wire(integer64: 2)) == 1)
        // "7" spells the integer 7 in canonical decimal (§8.3): an integer entry 7 is the alias.
        #expect(keys.position(forIntegerWire: KeyForm.wire(integer64: 7)) == 2)
        #expect(keys.position(forIntegerWire: KeyForm.wire(integer64: 8)) == -1)
        #expect(keys.aliasOwners.map(\.key) == [0, 1] && keys.aliasOwners.map(\.rank) == [1, 1])
        #expect(keys.readsAsMessage)
        // An alias that spells a key, or serves two keys, is read by the general path.
        let clashing = ArchiveKeySet([AnyKey(stringValue: "a"), AnyKey(stringValue: "b")],
                                     aliases: ArchiveKeySet([AnyKey(stringValue: "a")]), aliasesOfKeys: [[], [0]])
        #expect(!clashing.readsAsMessage)
        let shared = ArchiveKeySet([AnyKey(stringValue: "a"), AnyKey(stringValue: "b")],
                                   aliases: ArchiveKeySet([AnyKey(stringValue: "c")]), aliasesOfKeys: [[0], [0]])
        #expect(!shared.readsAsMessage)
    }

    @Test func everyNameFindsItsPositionByNumberWhateverTheSetsSize() {
        // Sets of 0 to 70 names, some shared with other sets (their numbers were given earlier,
        // far from the set's new ones), with aliases, a name repeated (the first position keeps
        // it) and an alias spelling a key (the key keeps it).
        var seed: UInt64 = 62
        func next(_ n: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(n))
        }
        let shared = (0..<50).map { "shared\($0)" }
        for round in 0..<200 {
            let names = (0..<next(71)).map { next(3) == 0 ? shared[next(shared.count)] : "r\(round)k\($0)" }
            let aliasNames = (0..<next(4)).map { next(4) == 0 && !names.isEmpty ? names[next(names.count)] : "r\(round)old\($0)" }
            let aliases = aliasNames.isEmpty ? nil : ArchiveKeySet(aliasNames.map(AnyKey.init(stringValue:)))
            let keys = ArchiveKeySet(names.map(AnyKey.init(stringValue:)), aliases: aliases)
            #expect(keys.matchesNamesByNumber)
            for (position, name) in (names + aliasNames).enumerated() {
                let expected = (names + aliasNames).firstIndex(of: name)!
                #expect(keys.position(ofNumber: KeyNumbers.number(of: name)) == expected, "round \(round), \(name) at \(position)")
            }
            #expect(keys.largestNumber == (names + aliasNames).map(KeyNumbers.number(of:)).max() ?? -1)
            // Names of no key of the set: another round's, and a number never given.
            #expect(keys.position(ofNumber: KeyNumbers.number(of: "r\(round)none")) == -1)
            #expect(keys.position(ofNumber: Int(Int32.max) - 1) == -1)
        }
    }

    @Test func aNameThatDoesNotStandForItselfIsMatchedByName() {
        // "Kelvin" with U+212A, canonically equivalent to the ASCII spelling: a set with it
        // matches entries by name, as `String` equality does.
        let keys = ArchiveKeySet([AnyKey(stringValue: "\u{212A}elvin"), AnyKey(stringValue: "plain")])
        #expect(!keys.matchesNamesByNumber)
        #expect(ArchiveKeySet([AnyKey(stringValue: "plain")], aliases: ArchiveKeySet([AnyKey(stringValue: "caf\u{E9}")])).matchesNamesByNumber == false)
    }
}
