// swift-tools-version:6.0
// A probe for callgrind: encodes or decodes one sample model N times in one process, so that
// instructions(N=10) - instructions(N=0), divided by 10, is the cost of one operation with the
// process's setup (loading, building the model, encoding it once for decode) cancelled out.
// Run with: Benchmarks/Scripts/callgrind.sh [REPO_ROOT]   (see Benchmarks/README.md)
import PackageDescription

let package = Package(
    name: "CallgrindProbe",
    platforms: [.macOS(.v15)],
    dependencies: [
        // The repository root. `callgrind.sh` copies this package into `<checkout>/.build-callgrind/`,
        // where `../..` is that checkout, to measure any checkout with the same probe.
        .package(name: "KeyedArchive", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "CallgrindProbe",
            dependencies: [
                .product(name: "KeyedArchive", package: "KeyedArchive"),
                .product(name: "KeyedArchiveSamples", package: "KeyedArchive"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
