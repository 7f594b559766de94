import Foundation
import KeyedArchiveMacros
import KeyedArchiveSamples

extension Annotated {
    /// `NumericSeries`, annotated.
    @ArchiveCodable
    public struct NumericSeries: Codable, Equatable, Sendable {
        /// `NumericSeries.Sample`, annotated.
        @ArchiveCodable
        public struct Sample: Codable, Equatable, Sendable {
            public var timestamp: Double
            public var value: Float
            public var sensor: Int32
            public var valid: Bool
        }
        public var values: [Double]
        public var samples: [Sample]

        /// The same series.
        public init(_ series: KeyedArchiveSamples.NumericSeries) {
            values = series.values
            samples = series.samples.map { Sample(timestamp: $0.timestamp, value: $0.value, sensor: $0.sensor, valid: $0.valid) }
        }
    }
}

extension Annotated {
    /// `Drawing`, annotated. Its circles stay `KeyedArchiveSamples.Circle`: a class with its own
    /// `encode(to:)` through `superEncoder()`, which the macro cannot take, so generated code
    /// writes the struct and the `Codable` path each circle.
    @ArchiveCodable
    public struct Drawing: Codable, Sendable {
        public var title: String
        public var circles: [Circle]

        /// The same drawing (the same circle instances).
        public init(_ drawing: KeyedArchiveSamples.Drawing) {
            (title, circles) = (drawing.title, drawing.circles)
        }
    }
}
