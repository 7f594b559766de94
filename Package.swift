// swift-tools-version:6.1
import CompilerPluginSupport
import PackageDescription

let package = Package(
    name: "KeyedArchive",
    // Swift 6.1 or later (swift-tools-version above): SwiftPM reads the manifest of every
    // dependency, and swift-nio's (for KeyedArchiveNIO) declares 6.1, so a 6.0 toolchain could
    // not resolve this package even for KeyedArchive alone. Linux needs no minimum; on Apple platforms
    // the library's `Int128`/`UInt128` support sets the floor: the first releases with them.
    platforms: [
        .macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2),
    ],
    products: [
        .library(name: "KeyedArchive", targets: ["KeyedArchive"]),
        // `karchive`: inspect, convert, validate and benchmark archives from the command line.
        .executable(name: "karchive", targets: ["karchive"]),
        // The deterministic sample models `karchive bench` and the benchmark package measure.
        .library(name: "KeyedArchiveSamples", targets: ["KeyedArchiveSamples"]),
        // Framed archives in SwiftNIO pipelines and `ByteBuffer`s. Its own product: a package
        // that uses only `KeyedArchive` never builds SwiftNIO.
        .library(name: "KeyedArchiveNIO", targets: ["KeyedArchiveNIO"]),
        // `Codable` types as gRPC messages (grpc-swift 2): its own product, so that only its
        // users build gRPC.
        .library(name: "KeyedArchiveGRPC", targets: ["KeyedArchiveGRPC"]),
        // `@ArchiveCodable`: generated archive code for Codable structs. Its own product, so
        // that only its users build swift-syntax.
        .library(name: "KeyedArchiveMacros", targets: ["KeyedArchiveMacros"]),
        // The sample models again, annotated with `@ArchiveCodable`, for the benchmark package:
        // a product of their own, so that `karchive` and the plain samples never build swift-syntax.
        .library(name: "KeyedArchiveAnnotatedSamples", targets: ["KeyedArchiveAnnotatedSamples"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // `swift package generate-documentation --target KeyedArchive` builds the DocC catalog.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // Tests only, on Linux: OpenCombine's copies of Combine's coder protocols.
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
        // KeyedArchiveNIO only (NIOCore; the tests also use NIOEmbedded and NIOPosix).
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // KeyedArchiveGRPC only (GRPCCore); the tests call through its in-process transport.
        // (Real HTTP/2 is tested by the Tests/GRPCOverHTTP2 package: its transport builds
        // BoringSSL, which `swift test` here does not.)
        .package(url: "https://github.com/grpc/grpc-swift-2", from: "2.4.3"),
        // KeyedArchiveMacros only. 600 to 603 are the releases for Swift 6.0 to 6.3: the range
        // lets a package that also depends on swift-syntax (as every macro package does)
        // resolve the version of its toolchain, whichever it is.
        .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.1"..<"604.0.0"),
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
            dependencies: ["CZlib"],
            // The design pages for contributors (read on GitHub, not built): the encoder, generated code.
            exclude: ["Encoding/README.md", "Direct/README.md"]
        ),
        .target(
            name: "KeyedArchiveNIO",
            dependencies: [
                "KeyedArchive",
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        .target(
            name: "KeyedArchiveGRPC",
            dependencies: [
                "KeyedArchive",
                .product(name: "GRPCCore", package: "grpc-swift-2"),
            ]
        ),
        // The compiler plugin behind `@ArchiveCodable`, and the module users import.
        .macro(
            name: "KeyedArchiveMacrosPlugin",
            dependencies: [
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
            ]
        ),
        .target(
            name: "KeyedArchiveMacros",
            dependencies: ["KeyedArchive", "KeyedArchiveMacrosPlugin"]
        ),
        .target(
            name: "KeyedArchiveSamples",
            dependencies: ["KeyedArchive"]
        ),
        .target(
            name: "KeyedArchiveAnnotatedSamples",
            dependencies: ["KeyedArchiveMacros", "KeyedArchiveSamples"]
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
            dependencies: ["KeyedArchive", "KeyedArchiveSamples"]
        ),
        // What more than one test target needs: the reader of Spec/vectors' files, the
        // encoder options that tests comparing two ways of writing run under, and the message
        // (and executable) of `ArchiveStreamPeer`, which the stream and NIO tests talk to.
        .target(
            name: "ArchiveTestSupport",
            dependencies: ["KeyedArchive"],
            path: "Tests/ArchiveTestSupport"
        ),
        // The core coder, the format, files, streams and `karchive`: no SwiftNIO, gRPC or
        // swift-syntax, so that editing the coder or one of its tests rebuilds none of them.
        .testTarget(
            name: "KeyedArchiveTests",
            dependencies: [
                "KeyedArchive", "CZlib", "ArchiveTestSupport", "KarchiveCommands", "KeyedArchiveSamples", "ArchiveCrashWriter", "ArchiveStreamPeer",
            ]
        ),
        // KeyedArchiveNIO on embedded channels and real loopback TCP servers.
        .testTarget(
            name: "KeyedArchiveNIOTests",
            dependencies: [
                "KeyedArchive", "KeyedArchiveNIO", "KeyedArchiveSamples", "ArchiveTestSupport", "ArchiveStreamPeer",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        // KeyedArchiveGRPC in every kind of call, through GRPCCore's in-process transport.
        .testTarget(
            name: "KeyedArchiveGRPCTests",
            dependencies: [
                "KeyedArchive", "KeyedArchiveGRPC", "KeyedArchiveSamples",
                .product(name: "GRPCCore", package: "grpc-swift-2"),
                .product(name: "GRPCInProcessTransport", package: "grpc-swift-2"),
            ]
        ),
        // Every code sample of README.md and the DocC articles, compiled and run verbatim (the
        // gRPC one in Tests/GRPCOverHTTP2), and a check that the documents and the tests hold
        // the same samples.
        .testTarget(
            name: "DocumentationTests",
            dependencies: [
                "KeyedArchive", "KeyedArchiveNIO", "KeyedArchiveMacros", "KarchiveCommands",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        // `@ArchiveCodable`: its expansions, its diagnostics, and annotated types against their
        // own Codable conformance, byte for byte.
        .testTarget(
            name: "KeyedArchiveMacrosTests",
            dependencies: [
                "KeyedArchive", "KeyedArchiveMacros", "KeyedArchiveMacrosPlugin", "KeyedArchiveSamples",
                "KeyedArchiveAnnotatedSamples", "ArchiveTestSupport",
                .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax"),
                // The expansion of the written-out twins' declarations, compared with their text.
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
            ]
        ),
        // `publisher.encode(encoder:)` / `decode(type:decoder:)` with the archive coders: Combine
        // on Apple platforms, OpenCombine (the same protocols) on Linux.
        .testTarget(
            name: "CombineTests",
            dependencies: [
                "KeyedArchive",
                .product(name: "OpenCombine", package: "OpenCombine", condition: .when(platforms: [.linux])),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
