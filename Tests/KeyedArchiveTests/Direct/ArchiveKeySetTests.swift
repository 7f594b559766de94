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
}
