import Foundation

/// A small deterministic generator (SplitMix64), so every run measures the same data; also the
/// seeded generator of the package's randomized tests (`Int.random(in:using:)` and the like).
public struct SampleGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator that yields the same sequence for the same `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `range` (with a negligible modulo bias).
    public mutating func int(_ range: Range<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    /// A number in 0..<1.
    public mutating func double() -> Double { Double(next() >> 11) / Double(1 << 53) }

    /// A UUID made of 128 random bits.
    public mutating func uuid() -> UUID {
        let a = next(), b = next()
        return UUID(uuid: withUnsafeBytes(of: (a, b)) { $0.load(as: uuid_t.self) })
    }

    /// `count` random lowercase hexadecimal digits.
    public mutating func hex(_ count: Int) -> String {
        let digits = Array("0123456789abcdef")
        return String((0..<count).map { _ in digits[Int(next() % 16)] })
    }

    /// `count` words from a small commit-message vocabulary, joined by spaces.
    public mutating func words(_ count: Int) -> String {
        let vocabulary = ["fix", "add", "remove", "update", "refactor", "the", "parser", "for", "crash",
                          "when", "decoding", "large", "arrays", "in", "release", "builds", "tests", "docs"]
        return (0..<count).map { _ in vocabulary[Int(next() % UInt64(vocabulary.count))] }.joined(separator: " ")
    }
}
