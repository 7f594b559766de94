import Foundation
import Testing
import KeyedArchive

// Three-level class hierarchies whose subclasses take their super encoder early and fill it
// after later siblings, in every place a super encoder can come from (`superEncoder()`,
// `superEncoder(forKey:)`, an unkeyed container's `superEncoder()`), wrapped in arrays of one
// to eight elements, dictionaries and optionals, plain and with zlib: each must decode to the
// value it encoded, and JSONEncoder → JSONDecoder must read the same.

private class Shape: Codable, Equatable {
    var id: Int
    private enum CodingKeys: String, CodingKey { case id }
    init(id: Int) { self.id = id }
    required init(from decoder: any Decoder) throws {
        id = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .id)
    }
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
    }
    func isEqual(to other: Shape) -> Bool { id == other.id }
    static func == (a: Shape, b: Shape) -> Bool { type(of: a) == type(of: b) && a.isEqual(to: b) }
}

/// Takes `superEncoder(forKey:)` first, writes its own keys (a `[String]` and an `[Int]`
/// natively among them), then fills the super encoder.
private class Polygon: Shape {
    var corners: [Int]
    var tags: [String]
    private enum CodingKeys: Int, CodingKey { case corners = 3, tags = 70, base = 20_000 }
    init(id: Int, corners: [Int], tags: [String]) {
        self.corners = corners
        self.tags = tags
        super.init(id: id)
    }
    required init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        corners = try c.decode([Int].self, forKey: .corners)
        tags = try c.decode([String].self, forKey: .tags)
        try super.init(from: c.superDecoder(forKey: .base))
    }
    override func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        let base = c.superEncoder(forKey: .base)
        try c.encode(tags, forKey: .tags)
        try c.encode(corners, forKey: .corners)
        try super.encode(to: base)
    }
    override func isEqual(to other: Shape) -> Bool {
        guard let other = other as? Polygon else { return false }
        return corners == other.corners && tags == other.tags && super.isEqual(to: other)
    }
}

/// An unkeyed subclass: its super encoder is an element, taken first and filled after the
/// elements that follow it; its own `superEncoder()` key holds the unkeyed part.
private final class Square: Polygon {
    var sides: [Double]
    var label: String?
    private enum CodingKeys: String, CodingKey { case label }
    init(id: Int, sides: [Double], label: String?) {
        self.sides = sides
        self.label = label
        super.init(id: id, corners: [0, 1, 2, 3], tags: ["square"])
    }
    required init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        label = try c.decodeIfPresent(String.self, forKey: .label)
        var u = try c.superDecoder().unkeyedContainer()
        let parent = try u.superDecoder()
        var sides: [Double] = []
        while !u.isAtEnd { sides.append(try u.decode(Double.self)) }
        self.sides = sides
        try super.init(from: parent)
    }
    override func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        var u = c.superEncoder().unkeyedContainer()
        let parent = u.superEncoder()
        for side in sides { try u.encode(side) }
        try c.encodeIfPresent(label, forKey: .label)
        try super.encode(to: parent)
    }
    override func isEqual(to other: Shape) -> Bool {
        guard let other = other as? Square else { return false }
        return sides == other.sides && label == other.label && super.isEqual(to: other)
    }
}

/// A value holding one of each, so that the three live in one archive.
private struct Drawing: Codable, Equatable {
    var polygon: Polygon
    var square: Square
    var squares: [Square]
    var byName: [String: Polygon]
    var maybe: Square?
}

private func drawing(_ n: Int) -> Drawing {
    func square(_ i: Int) -> Square { Square(id: 100 + i, sides: Array(repeating: Double(i) + 0.5, count: i % 4), label: i % 2 == 0 ? "s\(i)" : nil) }
    return Drawing(
        polygon: Polygon(id: n, corners: Array(0..<n), tags: n % 2 == 0 ? [] : ["odd", "p\(n)"]),
        square: square(n),
        squares: (0..<n).map(square),
        byName: Dictionary(uniqueKeysWithValues: (0..<n).map { ("p\($0)", Polygon(id: $0, corners: [$0, -$0], tags: [])) }),
        maybe: n % 3 == 0 ? nil : square(n + 1))
}

@Suite struct ClassHierarchyOutOfOrderTests {
    @Test("Three-level hierarchies, super encoders taken early, arrays of 1…8", arguments: 1...8)
    func threeLevelsInArrays(count: Int) throws {
        let value = (1...count).map(drawing)
        let fromJSON = try JSONDecoder().decode([Drawing].self, from: JSONEncoder().encode(value))
        #expect(fromJSON == value)
        for compression in [ArchiveCompression.none, .zlib] {
            var encoder = ArchiveEncoder()
            encoder.compression = compression
            let back = try ArchiveDecoder().decode([Drawing].self, from: encoder.encode(value))
            #expect(back == value, "compression \(compression)")
        }
    }

    @Test("Three-level hierarchies nested in dictionaries and optionals, plain and zlib")
    func threeLevelsNested() throws {
        let value: [String: [Drawing?]] = ["a": [drawing(2), nil, drawing(5)], "b": [], "c": [drawing(8)]]
        #expect(try JSONDecoder().decode([String: [Drawing?]].self, from: JSONEncoder().encode(value)) == value)
        for compression in [ArchiveCompression.none, .zlib] {
            var encoder = ArchiveEncoder()
            encoder.compression = compression
            #expect(try ArchiveDecoder().decode([String: [Drawing?]].self, from: encoder.encode(value)) == value)
        }
    }
}
