import Testing
@testable import KeyedArchive

/// `ArchiveCursor` (Wire/): the validator's walk over an archive's values, and the decoder's
/// index of shared objects (`ReferenceIndex`), which must number values the same way.
@Suite struct ArchiveCursorTests {
    /// What a walk saw, event by event, in a form tests can compare.
    struct Step: Equatable, CustomStringConvertible {
        let name: String
        let depth: Int
        var description: String { "\(name)@\(depth)" }
    }

    /// Walks the root value of the plain archive `bytes` (its root and key table found as the
    /// decoder finds them); returns its steps and where the root ends.
    static func steps(_ bytes: [UInt8]) throws -> (steps: [Step], end: Int) {
        try bytes.withUnsafeBytes { buffer in
            let references: ReferenceForm = buffer[5] & ArchiveHeader.Flag.references != 0 ? .archive : .none
            let reader = ByteReader(buffer, references: references)
            let body = try ArchiveBody(reader)
            var cursor = ArchiveCursor(reader, over: body.root, keyIdentities: body.keyIdentities, limits: ArchiveDecoder.Limits())
            var steps: [Step] = []
            while let event = try cursor.next() {
                let name: String
                switch event {
                case .beginContainer(let container): name = "begin \(container.isKeyed ? "keyed" : "unkeyed") \(container.range)"
                case .endContainer(let container): name = "end \(container.range)"
                case .key(let wire, let range): name = "key \(wire) \(range)"
                case .scalar(let tag, let range, _): name = "scalar \(tag) \(range)"
                case .beginSharedObject(let index, let offset, _): name = "shared \(index) at \(offset)"
                case .endSharedObject(let index): name = "end shared \(index)"
                case .reference(let reference, let range): name = "reference \(reference.index)->\(reference.target) \(range)"
                }
                steps.append(Step(name: name, depth: cursor.depth))
            }
            return (steps, cursor.end ?? -1)
        }
    }

    /// The decoder's index of `bytes`' shared objects: value index → offset of the `13`.
    static func decoderIndex(_ bytes: [UInt8]) throws -> [Int: Int] {
        try bytes.withUnsafeBytes { buffer in
            let reader = ByteReader(buffer, references: .archive)
            let index = try ReferenceIndex(reader, root: try ArchiveBody(reader).root)
            return Dictionary(uniqueKeysWithValues: index.sharedObjects.map { (Int($0.key), $0.value.offset) })
        }
    }

    /// The shared objects a walk met: value index → offset of the `13`.
    static func sharedObjects(in steps: [Step]) -> [Int: Int] {
        var found: [Int: Int] = [:]
        for step in steps where step.name.hasPrefix("shared ") {
            let parts = step.name.split(separator: " ")   // "shared <index> at <offset>"
            found[Int(parts[1])!] = Int(parts[3])!
        }
        return found
    }

    @Test func walksASharedObjectAndItsReferenceInOrder() throws {
        // {"a": 13 {"x": 1}, "b": 12 1} (ReferenceArchives.sharedOwner): value 0 the root,
        // 1 the shared object, 2 its container, 3 the 1, 4 the reference.
        let (steps, end) = try Self.steps(ReferenceArchives.sharedOwner)
        #expect(steps == [
            Step(name: "begin keyed 6..<17", depth: 1),
            Step(name: "key 1 8..<9", depth: 1),
            Step(name: "shared 1 at 9", depth: 2),
            Step(name: "begin keyed 10..<14", depth: 2),
            Step(name: "key 5 12..<13", depth: 2),
            Step(name: "scalar 129 13..<14", depth: 3),
            Step(name: "end 10..<14", depth: 2),
            Step(name: "end shared 1", depth: 2),
            Step(name: "key 3 14..<15", depth: 1),
            Step(name: "reference 4->1 15..<17", depth: 2),
            Step(name: "end 6..<17", depth: 1),
        ])
        #expect(end == 17)
    }

    @Test func anEmptyContainerBeginsAndEndsAndARootScalarIsOneStep() throws {
        #expect(try Self.steps(ReferenceArchives.archive(flags: 0, [0x10])).steps
            == [Step(name: "begin keyed 6..<7", depth: 1), Step(name: "end 6..<7", depth: 1)])
        #expect(try Self.steps(ReferenceArchives.archive(flags: 0, [0x07, 0x01, 0x61])).steps
            == [Step(name: "scalar 7 6..<9", depth: 1)])
        #expect(try Self.steps(ReferenceArchives.archive(flags: 0, [0x0D, 0x03, 0x02, 0x00, 0x11])).steps
            == [Step(name: "begin unkeyed 6..<11", depth: 1), Step(name: "scalar 0 9..<10", depth: 2),
                Step(name: "begin unkeyed 10..<11", depth: 2), Step(name: "end 10..<11", depth: 2), Step(name: "end 6..<11", depth: 1)])
    }

    /// Every malformed reference fails at its tag, for the validator's walk and for the
    /// decoder's index alike.
    @Test(arguments: [
        (ReferenceArchives.forwardReference, 9, "forward reference"),
        (ReferenceArchives.referenceOutOfRange, 9, "forward reference"),
        (ReferenceArchives.referenceToAnInteger, 10, "not a shared object"),
        (ReferenceArchives.referenceLoop, 10, "reference loop"),
    ])
    func aMalformedReferenceFailsAtItsTag(archive: [UInt8], offset: Int, decoderReason: String) {
        func failsAtTheTag(_ error: any Error) -> Bool {
            guard let error = error as? ArchiveFormatError else { return false }
            return error.kind == .malformed && error.offset == offset
        }
        #expect(performing: { _ = try Self.steps(archive) }, throws: failsAtTheTag)
        #expect(performing: { _ = try Self.decoderIndex(archive) }, throws: { failsAtTheTag($0) && "\($0)".contains(decoderReason) })
    }

    /// The decoder's index and the cursor number values alike: wherever the cursor's checks
    /// pass, the index finds the same shared objects at the same value indexes. Archives from the
    /// encoder, then with one byte changed.
    @Test func theDecodersIndexNumbersValuesAsTheCursorDoes() throws {
        struct Node: Codable { var name: String; var values: [Int]; var children: [Node] }
        final class Shared: Codable { let label: String; init(_ label: String) { self.label = label } }
        struct Holder: Codable { var first: Shared; var rest: [Shared]; var tree: Node; var last: Shared }
        let shared = Shared("s"), other = Shared("t")
        let holder = Holder(first: shared, rest: [shared, other, shared, other],
                            tree: Node(name: "root", values: [1, 200, -3], children: [Node(name: "leaf", values: [], children: [])]),
                            last: other)
        var encoder = ArchiveEncoder()
        encoder.preservesObjectIdentity = true
        let original = [UInt8](try encoder.encode(holder))
        #expect(original[5] & ArchiveHeader.Flag.references != 0)
        #expect(try Self.sharedObjects(in: Self.steps(original).steps).count == 2)
        var generator = SystemRandomNumberGenerator()
        var compared = 0
        for trial in 0..<3_000 {
            var bytes = original
            if trial > 0 {
                let at = Int.random(in: ArchiveHeader.size..<bytes.count, using: &generator)
                bytes[at] = UInt8.random(in: 0...255, using: &generator)
            }
            guard let walk = try? Self.steps(bytes) else { continue }
            #expect(try Self.decoderIndex(bytes) == Self.sharedObjects(in: walk.steps), "byte changed in trial \(trial)")
            compared += 1
        }
        #expect(compared > 100)
    }
}
