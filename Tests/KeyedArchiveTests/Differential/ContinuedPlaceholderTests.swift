import Foundation
import Testing
@testable import KeyedArchive

// Encoder differential seed 2,542,857 (found by the million-program campaign; the bug predated
// the one late-write pass). An encoder that writes nothing leaves `{}` in its slot; a nested
// container asked for under the same key continues that `{}`, as `JSONEncoder` continues the
// object under a key. When the encoder later wrote a single value that is itself a keyed
// container, that value replaced the `{}`, and the entries written through the continued
// container were lost. It now continues the `{}`, as the encoder's own `container(keyedBy:)`
// does; an unkeyed container or a scalar replaces it.

@Suite struct ContinuedPlaceholderTests {
    /// The campaign's shrunk program, with the stashed encoder filled late by `fill`.
    private static func program(fill: DiffProgram) -> DiffWrapped {
        .array([
            .program(DiffProgram(.single(.program(DiffProgram(.keyed([
                .encode(.s("a"), .program(DiffProgram(.single(.program(DiffProgram(stashSelf: 0, .nothing)))))),
                .nestedKeyed(.s("a"), slot: 1, [])
            ])))))),
            .program(DiffProgram(.keyed([
                .fillKeyed(slot: 1, [
                    .fillEncoder(slot: 0, fill),
                    .encode(.s("name"), .leaf(.int(0)))
                ])
            ])))
        ])
    }

    /// Checked against the model, the round trip, and the archive with every program's value a
    /// class instance under `preservesObjectIdentity`.
    @Test(arguments: [
        // A single value that is an empty keyed container (the campaign's case).
        DiffProgram(.single(.program(DiffProgram(.keyed([])))))
        // A single value that is a keyed container with an entry, and one that is a key again.
        , DiffProgram(.single(.program(DiffProgram(.keyed([.encode(.s("x"), .leaf(.int(1)))])))))
        , DiffProgram(.single(.program(DiffProgram(.keyed([.encode(.s("name"), .leaf(.int(7)))])))))
        // A single value wrapped twice, that ends up keyed.
        , DiffProgram(.single(.program(DiffProgram(.single(.program(DiffProgram(.keyed([.encode(.s("y"), .leaf(.int(4)))]))))))))
        // The encoder's own keyed container (continued before the fix too).
        , DiffProgram(.keyed([.encode(.s("x"), .leaf(.int(1)))]))
        // What replaces the `{}`: an unkeyed container, a scalar, a single value that is one of
        // those, a natively written array, a value that writes nothing.
        , DiffProgram(.unkeyed([.encode(nil, .leaf(.int(2)))]))
        , DiffProgram(.single(.leaf(.int(3))))
        , DiffProgram(.single(.program(DiffProgram(.unkeyed([.encode(nil, .leaf(.int(5)))])))))
        , DiffProgram(.single(.program(DiffProgram(.single(.leaf(.string("s")))))))
        , DiffProgram(.single(.leaf(.ints([1, 2, 3]))))
        , DiffProgram(.single(.program(DiffProgram(.nothing))))
    ])
    func lateSingleValueOverAContinuedPlaceholder(fill: DiffProgram) throws {
        let value = Self.program(fill: fill)
        #expect(DiffChecker.check(value, json: true) == nil)
    }

    // MARK: A late single value over a continued `{}` that throws

    private struct Failure: Error {}

    /// Writes nothing; keeps its encoder for a late write.
    private final class EncoderBox: @unchecked Sendable { var encoder: (any Encoder)? }
    private struct Stash: Encodable {
        let box: EncoderBox
        func encode(to encoder: any Encoder) throws { box.encoder = encoder }
    }

    /// `kind` "keyed" or "unkeyed": opens that container, writes one entry, throws; "none":
    /// throws before writing anything.
    private struct Throwing: Encodable {
        let kind: String
        func encode(to encoder: any Encoder) throws {
            switch kind {
            case "keyed":
                var c = encoder.container(keyedBy: DynamicKey.self)
                try c.encode(1, forKey: DynamicKey("x"))
            case "unkeyed":
                var c = encoder.unkeyedContainer()
                try c.encode(1)
            default: break
            }
            throw Failure()
        }
    }

    /// `{"a": …}`: "a"'s encoder stashed, its `{}` continued with `"name": 0`, then `late` run
    /// on the stashed encoder (its error caught), then `after` if given.
    private struct Document: Encodable {
        let late: String
        let after: Int?
        func encode(to encoder: any Encoder) throws {
            let box = EncoderBox()
            var c = encoder.container(keyedBy: DynamicKey.self)
            try c.encode(Stash(box: box), forKey: DynamicKey("a"))
            var a = c.nestedContainer(keyedBy: DynamicKey.self, forKey: DynamicKey("a"))
            try a.encode(0, forKey: DynamicKey("name"))
            var single = box.encoder!.singleValueContainer()
            #expect(throws: Failure.self) { try single.encode(Throwing(kind: late)) }
            if let after { try single.encode(after) }
        }
    }

    @Test(arguments: [false, true])
    func aValueThatThrowsLeavesTheContinuedPlaceholder(identity: Bool) throws {
        var encoder = ArchiveEncoder()
        encoder.preservesObjectIdentity = identity
        // Replacing the `{}` is undone; so is a value that threw before writing.
        for late in ["unkeyed", "none"] {
            let archive = try encoder.encode(Document(late: late, after: nil))
            #expect(try ArchiveDecoder().decode([String: [String: Int]].self, from: archive) == ["a": ["name": 0]])
        }
        // Entries it added to the continued `{}` stay, as a container's entries do when a later
        // one throws.
        let archive = try encoder.encode(Document(late: "keyed", after: nil))
        #expect(try ArchiveDecoder().decode([String: [String: Int]].self, from: archive) == ["a": ["name": 0, "x": 1]])
    }

    @Test func afterAValueThatThrewTheEncoderStillWritesItsValue() throws {
        for late in ["unkeyed", "none"] {
            let archive = try ArchiveEncoder().encode(Document(late: late, after: 5))
            #expect(try ArchiveDecoder().decode([String: Int].self, from: archive) == ["a": 5])
        }
    }
}
