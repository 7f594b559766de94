import Foundation
import Testing
import KeyedArchive

// The behaviours of out-of-order writes that MigratingFromJSONEncoder.md documents, each
// pinned, and the four misuses that stop the process (as Foundation's coders do).


/// Runs `body` as a value's `encode(to:)`.
private struct Program: Encodable {
    let body: @Sendable (any Encoder) throws -> Void
    func encode(to encoder: any Encoder) throws { try body(encoder) }
}

private func archive(_ body: @escaping @Sendable (any Encoder) throws -> Void) throws -> Data {
    try ArchiveEncoder().encode([Program(body: body), Program(body: body)])
}

@Suite struct SemanticsOutOfOrderTests {
    @Test func aKeyWrittenAfterItsSuperEncoderWasTakenReplacesTheSuperEncodersValue() throws {
        let data = try archive { encoder in
            var c = encoder.container(keyedBy: DynamicKey.self)
            let early = c.superEncoder(forKey: DynamicKey("k"))
            try c.encode(1, forKey: DynamicKey("k"))
            var single = early.singleValueContainer()
            try single.encode(2)
        }
        #expect(try ArchiveDecoder().decode([[String: Int]].self, from: data) == [["k": 1], ["k": 1]])
    }

    @Test func aSuperEncoderTakenAfterAKeyWasWrittenReplacesIt() throws {
        let data = try archive { encoder in
            var c = encoder.container(keyedBy: DynamicKey.self)
            try c.encode(1, forKey: DynamicKey("k"))
            var single = c.superEncoder(forKey: DynamicKey("k")).singleValueContainer()
            try single.encode(2)
        }
        #expect(try ArchiveDecoder().decode([[String: Int]].self, from: data) == [["k": 2], ["k": 2]])
    }

    @Test func unkeyedSuperEncodersKeepTheOrderTheyWereTakenIn() throws {
        let data = try archive { encoder in
            var u = encoder.unkeyedContainer()
            try u.encode("zero")
            let first = u.superEncoder()
            let second = u.superEncoder()
            try u.encode("three")
            var s2 = second.singleValueContainer()
            try s2.encode("two")
            var s1 = first.singleValueContainer()
            try s1.encode("one")
        }
        let expected = ["zero", "one", "two", "three"]
        #expect(try ArchiveDecoder().decode([[String]].self, from: data) == [expected, expected])
    }

    @Test func aNestedContainerUnderAKeyHoldingAnotherKindReplacesTheValue() throws {
        let data = try archive { encoder in
            var c = encoder.container(keyedBy: DynamicKey.self)
            try c.encode(42, forKey: DynamicKey("scalar"))
            try c.encode(["a"], forKey: DynamicKey("array"))
            var keyed = c.nestedContainer(keyedBy: DynamicKey.self, forKey: DynamicKey("scalar"))
            try keyed.encode(true, forKey: DynamicKey("inner"))
            var unkeyed = c.nestedUnkeyedContainer(forKey: DynamicKey("array"))
            try unkeyed.encode(false)
            var again = c.nestedContainer(keyedBy: DynamicKey.self, forKey: DynamicKey("array"))
            try again.encode(false, forKey: DynamicKey("replaced"))
        }
        struct Shape: Decodable, Equatable { var scalar: [String: Bool]; var array: [String: Bool] }
        let expected = Shape(scalar: ["inner": true], array: ["replaced": false])
        #expect(try ArchiveDecoder().decode([Shape].self, from: data) == [expected, expected])
    }

    @Test func aContainerRequestedAgainUnderItsKeyIsContinuedLateAndNested() throws {
        let data = try archive { encoder in
            var c = encoder.container(keyedBy: DynamicKey.self)
            var inner = c.nestedContainer(keyedBy: DynamicKey.self, forKey: DynamicKey("inner"))
            try inner.encode(1, forKey: DynamicKey("a"))
            try c.encode(0, forKey: DynamicKey("sibling"))                   // closes "inner"
            var again = c.nestedContainer(keyedBy: DynamicKey.self, forKey: DynamicKey("inner"))
            try again.encode(2, forKey: DynamicKey("b"))
            try inner.encode(3, forKey: DynamicKey("c"))
        }
        struct Shape: Decodable, Equatable { var inner: [String: Int]; var sibling: Int }
        let expected = Shape(inner: ["a": 1, "b": 2, "c": 3], sibling: 0)
        #expect(try ArchiveDecoder().decode([Shape].self, from: data) == [expected, expected])
    }

    // MARK: Misuses that stop the process, as in Foundation

    @Test func keyedThenUnkeyedStopsTheProcess() async {
        await #expect(processExitsWith: .failure) {
            _ = try ArchiveEncoder().encode(Program { encoder in
                _ = encoder.container(keyedBy: DynamicKey.self)
                _ = encoder.unkeyedContainer()
            })
        }
    }

    @Test func unkeyedThenKeyedStopsTheProcess() async {
        await #expect(processExitsWith: .failure) {
            _ = try ArchiveEncoder().encode(Program { encoder in
                _ = encoder.unkeyedContainer()
                _ = encoder.container(keyedBy: DynamicKey.self)
            })
        }
    }

    @Test func aSecondSingleValueStopsTheProcess() async {
        await #expect(processExitsWith: .failure) {
            _ = try ArchiveEncoder().encode(Program { encoder in
                var single = encoder.singleValueContainer()
                try single.encode(1)
                try single.encode(2)
            })
        }
    }

    @Test func aContainerAfterAScalarSingleValueStopsTheProcess() async {
        await #expect(processExitsWith: .failure) {
            _ = try ArchiveEncoder().encode(Program { encoder in
                var single = encoder.singleValueContainer()
                try single.encode(1)
                _ = encoder.container(keyedBy: DynamicKey.self)
            })
        }
    }

    @Test func aSingleValueAfterAContainerStopsTheProcess() async {
        await #expect(processExitsWith: .failure) {
            _ = try ArchiveEncoder().encode(Program { encoder in
                _ = encoder.container(keyedBy: DynamicKey.self)
                var single = encoder.singleValueContainer()
                try single.encode(1)
            })
        }
    }

    @Test func theSameCallsInALegalOrderDoNotStopTheProcess() async {
        // The control for the exit tests above: they fail for the misuse, not for the setup.
        await #expect(processExitsWith: .success) {
            _ = try ArchiveEncoder().encode(Program { encoder in
                var keyed = encoder.container(keyedBy: DynamicKey.self)
                try keyed.encode(1, forKey: DynamicKey("a"))
                _ = encoder.container(keyedBy: DynamicKey.self)
            })
        }
    }
}
