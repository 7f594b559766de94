import Foundation
import Testing
import KeyedArchive

// Named regressions for the encoder bugs the differential tests found (issue 10), each shrunk
// to its smallest program. `Program` runs a closure as a value's `encode(to:)`.

private struct Program: Encodable {
    let body: (any Encoder) throws -> Void
    func encode(to encoder: any Encoder) throws { try body(encoder) }
}

private func key(_ name: String) -> DynamicKey { DynamicKey(name) }

/// Writes `k`, continues it with one more element, then writes another key.
private struct Continued<Element: Encodable>: Encodable {
    var k: [Element]
    var appended: Element
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: DynamicKey.self)
        try c.encode(k, forKey: key("k"))
        var n = c.nestedUnkeyedContainer(forKey: key("k"))
        try n.encode(appended)
        try c.encode(true, forKey: key("after"))
    }
}

/// What `Continued` decodes as.
private struct ContinuedRead<Element: Decodable & Equatable>: Decodable, Equatable {
    var k: [Element]
    var after: Bool
}

@Suite struct EncoderDifferentialRegressionTests {
    // MARK: A nested container under the key of a super encoder that wrote nothing

    /// Shrunk from the seeded programs: the nested container continued the super encoder's
    /// `{}` placeholder, so the super encoder's later writes landed in it too (`{a: 1, b: 2}`).
    /// The documented rule: a key written again after `superEncoder(forKey:)` replaces the
    /// super encoder's value.
    @Test func aNestedContainerReplacesASuperEncoderThatWroteNothing() throws {
        let data = try ArchiveEncoder().encode(Program { encoder in
            var c = encoder.container(keyedBy: DynamicKey.self)
            let sup = c.superEncoder(forKey: key("k"))
            var nested = c.nestedContainer(keyedBy: DynamicKey.self, forKey: key("k"))
            try nested.encode(1, forKey: key("a"))
            var s = sup.container(keyedBy: DynamicKey.self)
            try s.encode(2, forKey: key("b"))
        })
        #expect(try ArchiveDecoder().decode([String: [String: Int]].self, from: data) == ["k": ["a": 1]])
    }

    /// The same with a single value filled into the super encoder last: it replaced the nested
    /// container's entries.
    @Test func aSingleValueFilledLateIntoAReplacedSuperEncoderGoesNowhere() throws {
        let data = try ArchiveEncoder().encode(Program { encoder in
            var c = encoder.container(keyedBy: DynamicKey.self)
            let sup = c.superEncoder(forKey: key("k"))
            var nested = c.nestedContainer(keyedBy: DynamicKey.self, forKey: key("k"))
            try nested.encode(1, forKey: key("a"))
            var s = sup.singleValueContainer()
            try s.encode(0)
        })
        #expect(try ArchiveDecoder().decode([String: [String: Int]].self, from: data) == ["k": ["a": 1]])
    }

    /// A super encoder that has written its container holds a value: a nested container of
    /// that kind under its key continues it, as for any other container.
    @Test func aNestedContainerContinuesASuperEncoderThatWroteItsContainer() throws {
        let data = try ArchiveEncoder().encode(Program { encoder in
            var c = encoder.container(keyedBy: DynamicKey.self)
            let sup = c.superEncoder(forKey: key("k"))
            var s = sup.container(keyedBy: DynamicKey.self)
            try s.encode(2, forKey: key("b"))
            var nested = c.nestedContainer(keyedBy: DynamicKey.self, forKey: key("k"))
            try nested.encode(1, forKey: key("a"))
            try s.encode(3, forKey: key("c"))
        })
        #expect(try ArchiveDecoder().decode([String: [String: Int]].self, from: data) == ["k": ["a": 1, "b": 2, "c": 3]])
    }

    /// An unkeyed nested container under the key of a super encoder that wrote nothing,
    /// inside an array (the placeholder is then in the late part of a closed container).
    @Test func anUnkeyedContainerReplacesASuperEncoderThatWroteNothingLate() throws {
        let data = try ArchiveEncoder().encode([Program { encoder in
            var c = encoder.container(keyedBy: DynamicKey.self)
            let sup = c.superEncoder(forKey: key("k"))
            try c.encode("x", forKey: key("other"))
            var nested = c.nestedUnkeyedContainer(forKey: key("k"))
            try nested.encode(1)
            var s = sup.container(keyedBy: DynamicKey.self)
            try s.encode(2, forKey: key("b"))
        }, Program { encoder in
            var c = encoder.singleValueContainer()
            try c.encode(["k": [7]])
        }])
        struct Element: Decodable, Equatable { var k: [Int] }
        #expect(try ArchiveDecoder().decode([Element].self, from: data) == [Element(k: [1]), Element(k: [7])])
    }

    // MARK: Packed arrays continued by nestedUnkeyedContainer(forKey:)

    /// Shrunk from the seeded programs: `[Int]` and `[Double]` are written as packed arrays, and
    /// `nestedUnkeyedContainer(forKey:)` for their key started an empty array instead of
    /// continuing them, as it continues a `[String]` and as JSONEncoder continues any array.
    @Test func aPackedArrayIsContinued() throws {
        func check<E: Codable & Equatable>(_ k: [E], _ appended: E) throws {
            let value = Continued(k: k, appended: appended)
            let archived = try ArchiveDecoder().decode(ContinuedRead<E>.self, from: try ArchiveEncoder().encode(value))
            #expect(archived == ContinuedRead(k: k + [appended], after: true), "\(E.self)")
            // JSON cannot hold infinities by default: compare the finite ones with it.
            if "\(k + [appended])".contains("inf") { return }
            let viaJSON = try JSONDecoder().decode(ContinuedRead<E>.self, from: try JSONEncoder().encode(value))
            #expect(archived == viaJSON, "\(E.self)")
        }
        try check([1, 2], 3)
        try check([Int.min, Int.max, 0, -1], 5)
        try check([Int8.min, Int8.max], 1)
        try check([Int16.min, 300], -2)
        try check([Int32.max], Int32.min)
        try check([Int64.min], Int64.max)
        try check([UInt.max, 0], 1)
        try check([UInt16.max], 9)
        try check([UInt32.max], 1)
        try check([UInt64.max], 0)
        try check([1.5, -0.0, .infinity], 2.5)
        try check([Float(1.5), -.infinity], 0.25)
        try check([Int](), 4)
    }

    /// Continued twice, and the continued array also replaced afterwards by a plain write.
    @Test func aPackedArrayIsContinuedTwiceAndThenReplaced() throws {
        let twice = try ArchiveEncoder().encode(Program { encoder in
            var c = encoder.container(keyedBy: DynamicKey.self)
            try c.encode([1.5, 2.5], forKey: key("k"))
            var first = c.nestedUnkeyedContainer(forKey: key("k"))
            try first.encode(3.5)
            var second = c.nestedUnkeyedContainer(forKey: key("k"))
            try second.encode(4.5)
            #expect(second.count == 4)
            try first.encode(5.5)
            #expect(first.count == 5)
        })
        #expect(try ArchiveDecoder().decode([String: [Double]].self, from: twice) == ["k": [1.5, 2.5, 3.5, 4.5, 5.5]])
        let replaced = try ArchiveEncoder().encode(Program { encoder in
            var c = encoder.container(keyedBy: DynamicKey.self)
            try c.encode([1, 2], forKey: key("k"))
            var n = c.nestedUnkeyedContainer(forKey: key("k"))
            try n.encode(3)
            try c.encode([9], forKey: key("k"))
        })
        #expect(try ArchiveDecoder().decode([String: [Int]].self, from: replaced) == ["k": [9]])
    }

    /// A packed array written through a single-value container, continued by the same
    /// encoder's `unkeyedContainer()`, as a `[String]` is and as JSONEncoder does.
    @Test func aPackedSingleValueIsContinuedByItsEncoder() throws {
        let value = [Program { encoder in
            var s = encoder.singleValueContainer()
            try s.encode([UInt32(7), 8])
            var u = encoder.unkeyedContainer()
            try u.encode(UInt32(9))
        }]
        let archived = try ArchiveDecoder().decode([[UInt32]].self, from: try ArchiveEncoder().encode(value))
        #expect(archived == [[7, 8, 9]])
        #expect(try JSONDecoder().decode([[UInt32]].self, from: try JSONEncoder().encode(value)) == archived)
    }
}
