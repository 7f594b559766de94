// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "KeyedArchive",
    products: [
        .library(name: "KeyedArchive", targets: ["KeyedArchive"]),
        // `karchive`: inspect, convert, validate and benchmark archives from the command line.
        .executable(name: "karchive", targets: ["karchive"]),
        // The deterministic sample models `karchive bench` and the benchmark package measure.
        .library(name: "KeyedArchiveSamples", targets: ["KeyedArchiveSamples"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // Debian's zlib1g-dev, reached through a system-library target: no vendored zlib.
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .target(
            name: "KeyedArchive",
            dependencies: ["CZlib"]
        ),
        .target(
            name: "KeyedArchiveSamples",
            dependencies: ["KeyedArchive"]
        ),
        // The commands of `karchive`, as a library so that the tests run them in-process.
        .target(
            name: "KarchiveCommands",
            dependencies: [
                "KeyedArchive",
                "KeyedArchiveSamples",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "karchive",
            dependencies: ["KarchiveCommands"]
        ),
        // Child processes for the tests: one rewrites a file until killed (crash safety), one
        // exchanges framed archives over pipes (streams between processes).
        .executableTarget(
            name: "ArchiveCrashWriter",
            dependencies: ["KeyedArchive"]
        ),
        .executableTarget(
            name: "ArchiveStreamPeer",
            dependencies: ["KeyedArchive"]
        ),
        .testTarget(
            name: "KeyedArchiveTests",
            dependencies: ["KeyedArchive", "CZlib", "KarchiveCommands", "KeyedArchiveSamples", "ArchiveCrashWriter", "ArchiveStreamPeer"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
