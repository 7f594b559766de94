import Testing
@testable import KeyedArchive

/// `FormatWalk` (Wire/): the one walk over an archive's values, as the validator walks it (every
/// step, every check) and as the decoder's index of shared objects (`ReferenceIndex`) walks it
/// (shared objects and references only), which must number values the same way.
@Suite struct FormatWalkTests {
    /// What a walk saw, step by step, in a form tests can compare.
    struct Step: Equatable, CustomStringConvertible {
        let name: String
        let depth: Int
        var description: String { "\(name)@\(depth)" }
    }

    /// Records every step of a checking walk.
    struct Recorder: FormatVisitor {
        static var checksContainers: Bool { true }
        static var seesContainers: Bool { true }
        var steps: [Step] = []

        mutating func beginContainer(_ container: ArchiveContainer, depth: Int) {
            steps.append(Step(name: "begin \(container.isKeyed ? "keyed" : "unkeyed") \(container.range)", depth: depth))
        }
        mutating func endContainer(_ container: ArchiveContainer, depth: Int) {
            steps.append(Step(name: "end \(container.range)", depth: depth))
        }
        mutating func visitKey(_ wire: UInt64, at range: Range<Int>, depth: Int) {
            steps.append(Step(name: "key \(wire) \(range)", depth: depth))
        }
        mutating func visitScalar(tag: UInt8, at range: Range<Int>, limit: Int, depth: Int) {
            steps.append(Step(name: "scalar \(tag) \(range)", depth: depth))
        }
        mutating func beginSharedObject(index: Int, at offset: Int, valueStart: Int, limit: Int, depth: Int) {
            steps.append(Step(name: "shared \(index) at \(offset)", depth: depth))
        }
        mutating func endSharedObject(index: Int, depth: Int) {
            steps.append(Step(name: "end shared \(index)", depth: depth))
        }
        mutating func visitReference(_ reference: ArchiveReference, at range: Range<Int>, depth: Int) {
            steps.append(Step(name: "reference \(reference.index)->\(reference.target) \(range)", depth: depth))
        }
    }

    /// Walks the root value of the plain archive `bytes` (its root and key table found as the
    /// decoder finds them) with every check; returns its steps and where the root ends.
    static func steps(_ bytes: [UInt8]) throws -> (steps: [Step], end: Int) {
        try bytes.withUnsafeBytes { buffer in
            let references: ReferenceForm = buffer[5] & ArchiveHeader.Flag.references != 0 ? .archive : .none
            let reader = ByteReader(buffer, references: references)
            let body = try ArchiveBody(reader)
            var recorder = Recorder()
            let end = try FormatWalk(reader: reader, keyIdentities: body.keyIdentities, limits: ArchiveDecoder.Limits()).walk(body.root, &recorder)
            return (recorder.steps, end)
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
        (ReferenceArchives.referenceOutOfRange, 9, "reference out of range"),
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

    /// The decoder's index and the checking walk number values alike: wherever the walk's checks
    /// pass, the index finds the same shared objects at the same value indexes. Archives from the
    /// encoder, then with one byte changed.
    @Test func theDecodersIndexNumbersValuesAsTheCheckingWalkDoes() throws {
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
