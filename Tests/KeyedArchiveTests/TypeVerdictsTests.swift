import Testing
@testable import KeyedArchive

/// The per-state tables in front of conformance lookups: a state meets every
/// type its thread codes, so they must answer right past any number of types, whatever slots
/// the types' addresses share.
@Suite struct TypeVerdictsTests {
    /// Distinct types, as many as asked (more than the table's 512 places): arrays nested
    /// 0 to count − 1 deep.
    private static func types(_ count: Int) -> [Any.Type] {
        var types: [Any.Type] = []
        func add<T>(_: T.Type, depth: Int) {
            types.append(T.self)
            if depth < count - 1 { add([T].self, depth: depth + 1) }
        }
        add(Int.self, depth: 0)
        return types
    }

    @Test func eachTypeKeepsItsOwnVerdictPastAnyNumberOfTypes() {
        let types = Self.types(600)
        var verdicts = TypeVerdicts<Int>()
        var computed = 0
        for round in 0..<3 {
            for (index, type) in types.enumerated() {
                let verdict = verdicts.verdict(for: type) { computed += 1; return index }
                #expect(verdict == index, "round \(round), type \(index)")
            }
        }
        // Every type computed once: one its set let go is found among those computed.
        #expect(computed == types.count)
        // A type asked twice in a row is answered from its slot.
        let before = computed
        _ = verdicts.verdict(for: types[7]) { computed += 1; return 7 }
        _ = verdicts.verdict(for: types[7]) { computed += 1; return -1 }
        #expect(computed <= before + 1)
    }

    @Test func typesOfOneSetComeInTurnWithoutRecomputing() throws {
        // Three of the 600 types whose addresses hash to the same set (some set must hold
        // three: there are 256).
        let types = Self.types(600)
        let bySet = Dictionary(grouping: types.indices) { ObjectIdentifier(types[$0]).slot }
        let shared = try #require(bySet.values.max { $0.count < $1.count })
        try #require(shared.count >= 3)
        var verdicts = TypeVerdicts<Int>()
        var computed = 0
        for _ in 0..<50 {
            for index in shared.prefix(2) {
                #expect(verdicts.verdict(for: types[index]) { computed += 1; return index } == index)
            }
        }
        #expect(computed == 2, "both kept in their set")
        // A third type of the set takes the place of the older one; still every answer is right,
        // and none is computed twice (three of the media list's types shared a set in a build).
        for _ in 0..<10 {
            for index in shared.prefix(3) {
                #expect(verdicts.verdict(for: types[index]) { computed += 1; return index } == index)
            }
        }
        #expect(computed == 3)
    }
}
