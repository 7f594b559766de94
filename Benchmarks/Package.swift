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
        .package(url: "https://github.com/grpc/grpc-swift-2", from: "2.4.3"),
        .package(url: "https://github.com/grpc/grpc-swift-nio-transport", from: "2.9.2"),
    ],
    targets: [
        .target(
            name: "BenchmarkModels",
            dependencies: [
                .product(name: "KeyedArchive", package: "KeyedArchive"),
                .product(name: "KeyedArchiveSamples", package: "KeyedArchive"),
                // The same models with `@ArchiveCodable`: the "Archive, generated" rows.
                .product(name: "KeyedArchiveAnnotatedSamples", package: "KeyedArchive"),
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
            ]
        ),
        // The messages group timed in rounds, every coder in turn: ratios that hold while the
        // machine's speed drifts (see its main.swift).
        .executableTarget(
            name: "MessageRounds",
            dependencies: ["BenchmarkModels"]
        ),
        .executableTarget(
            name: "SizeReport",
            dependencies: ["BenchmarkModels", .product(name: "KeyedArchiveSamples", package: "KeyedArchive")]
        ),
        // The same gRPC service with KeyedArchiveGRPC, JSONEncoder and swift-protobuf messages.
        .executableTarget(
            name: "GRPCBenchmark",
            dependencies: [
                "BenchmarkModels",
                .product(name: "KeyedArchive", package: "KeyedArchive"),
                .product(name: "KeyedArchiveGRPC", package: "KeyedArchive"),
                .product(name: "KeyedArchiveSamples", package: "KeyedArchive"),
                .product(name: "GRPCCore", package: "grpc-swift-2"),
                .product(name: "GRPCNIOTransportHTTP2", package: "grpc-swift-nio-transport"),
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
            ]
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
