// Prints the archive size of every benchmark model for every coder, as the Markdown table of
// Benchmarks/README.md: bytes, and ratios against compact JSON and swift-protobuf.
// Run with: swift run -c release SizeReport
import BenchmarkModels
import Foundation
import KeyedArchiveSamples

// The null coder writes no bytes: it is there for its times.
let measurements = try (BenchmarkSuite.all() + MessageSuite.all()).filter { $0.coder != nullCoderName }
var sizes: [String: [String: Int]] = [:]
var models: [String] = []
for measurement in measurements {
    if sizes[measurement.model] == nil { models.append(measurement.model) }
    // A stream whose messages vary: the mean message's bytes, over the whole stream.
    let bytes = try (0..<measurement.messages).reduce(0) { total, _ in total + (try measurement.encode().count) }
    sizes[measurement.model, default: [:]][measurement.coder] = (bytes + measurement.messages / 2) / measurement.messages
}

print("| model | coder | bytes | × JSON | × protobuf |")
print("|---|---|---:|---:|---:|")
for model in models {
    let row = sizes[model]!
    for measurement in measurements where measurement.model == model {
        let bytes = row[measurement.coder]!
        // An empty message is no bytes in protobuf: no ratio to it.
        let json = row["JSON"].flatMap { $0 > 0 ? String(format: "%.2f", Double(bytes) / Double($0)) : nil } ?? "–"
        let protobuf = row["Protobuf"].flatMap { $0 > 0 ? String(format: "%.2f", Double(bytes) / Double($0)) : nil } ?? "–"
        print("| \(model) | \(measurement.coder) | \(bytes) | \(json) | \(protobuf) |")
    }
}
