// swift-tools-version:6.1
import PackageDescription

// `KeyedArchiveGRPC` over a real HTTP/2 transport: the gRPC sample of the DocC article
// "Archives over SwiftNIO and gRPC", compiled and run verbatim on 127.0.0.1. A package of its
// own, run by `.ci/run`, because grpc-swift-nio-transport's HTTP/2 transport builds BoringSSL
// (swift-nio-ssl, swift-crypto, swift-certificates): about half of the compilations of the main
// package's `swift test` when it was one of its test dependencies. The main package tests the
// serializers through every kind of call over GRPCCore's in-process transport
// (`Tests/KeyedArchiveGRPCTests`), which builds none of that.
//
//     swift test --package-path Tests/GRPCOverHTTP2
let package = Package(
    name: "GRPCOverHTTP2",
    platforms: [
        .macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2),
    ],
    dependencies: [
        .package(name: "KeyedArchive", path: "../.."),
        .package(url: "https://github.com/grpc/grpc-swift-2", from: "2.4.3"),
        .package(url: "https://github.com/grpc/grpc-swift-nio-transport", from: "2.9.2"),
    ],
    targets: [
        .testTarget(
            name: "GRPCOverHTTP2Tests",
            dependencies: [
                .product(name: "KeyedArchive", package: "KeyedArchive"),
                .product(name: "KeyedArchiveGRPC", package: "KeyedArchive"),
                .product(name: "GRPCCore", package: "grpc-swift-2"),
                .product(name: "GRPCNIOTransportHTTP2", package: "grpc-swift-nio-transport"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
