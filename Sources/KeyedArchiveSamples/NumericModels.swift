import Foundation

/// A numeric series: a million doubles and 20,000 small structs.
public struct NumericSeries: Codable, Equatable, Sendable {
    /// One reading of a sensor.
    public struct Sample: Codable, Equatable, Sendable {
        /// Seconds since 1970.
        public var timestamp: Double
        /// The reading, in 0..<1.
        public var value: Float
        /// Which sensor took it.
        public var sensor: Int32
        /// Whether the reading passed validation.
        public var valid: Bool

        /// A sample.
        public init(timestamp: Double, value: Float, sensor: Int32, valid: Bool) {
            self.timestamp = timestamp
            self.value = value
            self.sensor = sensor
            self.valid = valid
        }
    }
    /// The series' raw values.
    public var values: [Double]
    /// The series' structured readings.
    public var samples: [Sample]

    /// A series.
    public init(values: [Double], samples: [Sample]) {
        self.values = values
        self.samples = samples
    }

    /// A series of `values` doubles and `samples` readings, the same on every run.
    public static func sample(values: Int = 1_000_000, samples: Int = 20_000) -> NumericSeries {
        var generator = SampleGenerator(seed: 3)
        return NumericSeries(
            values: (0..<values).map { _ in generator.double() * 1_000 },
            samples: (0..<samples).map { i in
                Sample(timestamp: 1_700_000_000 + Double(i) * 0.25, value: Float(generator.double()),
                       sensor: Int32(generator.int(0..<64)), valid: generator.int(0..<50) != 0)
            })
    }
}

/// A 4 MB blob of pseudo-random bytes.
public func sampleBlob(bytes: Int = 4 << 20) -> Data {
    var generator = SampleGenerator(seed: 4)
    var data = Data(count: bytes)
    data.withUnsafeMutableBytes { raw in
        let words = raw.bindMemory(to: UInt64.self)
        for i in words.indices { words[i] = generator.next() }
    }
    return data
}

/// A class hierarchy whose subclasses encode their superclass through `superEncoder()`.
public class Shape: Codable, @unchecked Sendable {
    /// A display name.
    public var name: String
    /// The shape's position, as coordinates.
    public var origin: [Double]
    /// A shape named `name` at `origin`.
    public init(name: String, origin: [Double]) {
        self.name = name
        self.origin = origin
    }
    /// Whether `other` has the same name and origin (classes have no synthesized `==`).
    public func isEqual(to other: Shape) -> Bool { name == other.name && origin == other.origin }
}

/// A circle: a `Shape` subclass that encodes its superclass through `superEncoder()`.
public final class Circle: Shape, @unchecked Sendable {
    /// The circle's radius.
    public var radius: Double
    enum CodingKeys: String, CodingKey { case radius }

    /// A circle named `name` at `origin`.
    public init(name: String, origin: [Double], radius: Double) {
        self.radius = radius
        super.init(name: name, origin: origin)
    }

    /// Decodes the radius, then the superclass from `superDecoder()`.
    public required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        radius = try container.decode(Double.self, forKey: .radius)
        try super.init(from: container.superDecoder())
    }

    /// Encodes the radius, then the superclass into `superEncoder()`.
    public override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(radius, forKey: .radius)
        try super.encode(to: container.superEncoder())
    }
}

/// A drawing of 2,000 circles.
public struct Drawing: Codable, Sendable {
    /// A title.
    public var title: String
    /// The drawing's circles.
    public var circles: [Circle]

    /// Whether `other` has the same title and circles of the same name, origin and radius, in
    /// the same order (classes have no synthesized `==`, so `Drawing` is not `Equatable`).
    public func isSame(as other: Drawing) -> Bool {
        title == other.title && circles.count == other.circles.count
            && zip(circles, other.circles).allSatisfy { $0.radius == $1.radius && $0.isEqual(to: $1) }
    }

    /// A drawing of `count` circles, the same on every run.
    public static func sample(count: Int = 2_000) -> Drawing {
        var generator = SampleGenerator(seed: 5)
        return Drawing(title: "Benchmark drawing", circles: (0..<count).map { i in
            Circle(name: "circle-\(i)", origin: [generator.double() * 100, generator.double() * 100], radius: generator.double() * 10)
        })
    }
}
