import Testing
@testable import KeyedArchive
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `preservesObjectIdentity` when no instance occurs twice (`EncodingState+UnsharedInstances.swift`):
/// the markers come off the streamed bytes without a pass over them. The oracle is the encoder
/// without the option: with every instance met once, the archives must be the same bytes.
@Suite struct UnsharedInstancesTests {
    final class Leaf: Codable {
        let name: String
        let payload: [Int]
        init(_ name: String, payload: [Int]) { self.name = name; self.payload = payload }
    }

    /// A class that is its own instance's single value: markers one after the other, at one place.
    final class Wrapper: Codable {
        let inner: Leaf
        init(_ inner: Leaf) { self.inner = inner }
        init(from decoder: any Decoder) throws { inner = try decoder.singleValueContainer().decode(Leaf.self) }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(inner)
        }
    }

    final class Branch: Codable {
        let label: String
        let leaves: [Leaf]
        let wrapped: Wrapper?
        let children: [Branch]
        init(_ label: String, leaves: [Leaf], wrapped: Wrapper? = nil, children: [Branch] = []) {
            self.label = label; self.leaves = leaves; self.wrapped = wrapped; self.children = children
        }
    }

    static func expectSameAsWithout<T: Encodable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) throws {
        var identity = ArchiveEncoder()
        identity.preservesObjectIdentity = true
        let plain = try ArchiveEncoder().encode(value)
        let shared = try identity.encode(value)
        #expect(shared == plain, sourceLocation: sourceLocation)
        #expect(shared[5] & ArchiveHeader.Flag.references == 0, sourceLocation: sourceLocation)
    }

    /// A tree of `depth` levels, `fanOut` branches each: lengths from one byte to several.
    static func tree(depth: Int, fanOut: Int, leafSize: Int, label: String = "r") -> Branch {
        let leaves = (0..<fanOut).map { Leaf("\(label).\($0)", payload: Array(0..<leafSize)) }
        let children = depth == 0 ? [] : (0..<fanOut).map { tree(depth: depth - 1, fanOut: fanOut, leafSize: leafSize, label: "\(label)\($0)") }
        return Branch(label, leaves: leaves, wrapped: Wrapper(Leaf("w" + label, payload: [leafSize])), children: children)
    }

    @Test(arguments: [(0, 1, 0), (1, 2, 3), (2, 3, 20), (3, 4, 1), (1, 2, 60), (1, 1, 200)])
    func aTreeOfInstancesIsTheArchiveWithoutIdentity(depth: Int, fanOut: Int, leafSize: Int) throws {
        try Self.expectSameAsWithout(Self.tree(depth: depth, fanOut: fanOut, leafSize: leafSize))
    }

    /// Containers whose lengths cross 127 and 16,383 bytes only with the markers in them: their
    /// length prefixes shrink by a byte when the markers come off.
    @Test(arguments: [40, 41, 42, 43, 60, 61, 62, 63, 64, 65, 66, 8_180, 8_190, 8_200])
    func lengthPrefixesThatShrinkWithTheMarkers(count: Int) throws {
        let leaves = (0..<count).map { _ in Leaf("", payload: []) }
        try Self.expectSameAsWithout(leaves)
        try Self.expectSameAsWithout(["k": leaves])
        try Self.expectSameAsWithout(Branch("", leaves: leaves))
    }

    /// Past 127 instances a marker's number takes two bytes.
    @Test func manyInstancesAndDeepNesting() throws {
        try Self.expectSameAsWithout((0..<3_000).map { Leaf("leaf \($0)", payload: [$0]) })
        var branch = Branch("bottom", leaves: [Leaf("x", payload: [1])])
        // Two containers a level: under the default depth limit of 512.
        for level in 0..<150 { branch = Branch("\(level)", leaves: [], wrapped: Wrapper(Leaf("\(level)", payload: [])), children: [branch]) }
        try Self.expectSameAsWithout(branch)
        try Self.expectSameAsWithout(Wrapper(Leaf("only", payload: [])))
    }

    /// A value that threw and was cut off takes its markers along; the ones after it come off.
    @Test func markersAfterAValueThatThrewComeOff() throws {
        struct Failing: Encodable {
            let leaf: Leaf
            func encode(to encoder: any Encoder) throws {
                var container = encoder.unkeyedContainer()
                try container.encode(leaf)
                throw CancellationError()
            }
        }
        struct Catching: Encodable {
            let leaves: [Leaf]
            func encode(to encoder: any Encoder) throws {
                var container = encoder.unkeyedContainer()
                for leaf in leaves {
                    try? container.encode(Failing(leaf: Leaf("gone", payload: [7])))
                    try container.encode(leaf)
                }
            }
        }
        try Self.expectSameAsWithout(Catching(leaves: (0..<50).map { Leaf("\($0)", payload: [$0]) }))
    }
}
