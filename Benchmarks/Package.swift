// swift-tools-version:6.1
// Benchmarks for KeyedArchive against Foundation's coders and swift-protobuf.
// Run with: cd Benchmarks && swift package benchmark
import PackageDescription

let package = Package(
    name: "KeyedArchiveBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "KeyedArchive", path: ".."),
        .package(url: "https://github.com/ordo-one/package-benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/apple/swift-protobuf", from: "1.39.0"),
    ],
    targets: [
        .target(
            name: "BenchmarkModels",
            dependencies: [
                .product(name: "KeyedArchive", package: "KeyedArchive"),
                .product(name: "KeyedArchiveSamples", package: "KeyedArchive"),
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
            ]
        ),
        .executableTarget(
            name: "SizeReport",
            dependencies: ["BenchmarkModels", .product(name: "KeyedArchiveSamples", package: "KeyedArchive")]
        ),
        .executableTarget(
            name: "CoderBenchmarks",
            dependencies: [
                "BenchmarkModels",
                .product(name: "Benchmark", package: "package-benchmark"),
                .product(name: "KeyedArchive", package: "KeyedArchive"),
                .product(name: "KeyedArchiveSamples", package: "KeyedArchive"),
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
            ],
            path: "Benchmarks/CoderBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
