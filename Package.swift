// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "KeyedArchive",
    products: [
        .library(name: "KeyedArchive", targets: ["KeyedArchive"]),
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
        // The README's main job: saves and reloads a sample app state and compares sizes with JSON.
        .executableTarget(
            name: "KeyedArchiveDemo",
            dependencies: ["KeyedArchive"]
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
            dependencies: ["KeyedArchive", "CZlib", "ArchiveCrashWriter", "ArchiveStreamPeer"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
