#!/usr/bin/env bash
# A package that depends only on the `KeyedArchive` product must not build SwiftNIO, gRPC,
# swift-syntax or any other dependency of the optional products. SwiftPM resolves the whole dependency graph, so
# swift-nio and grpc-swift are checked out, but it compiles only what the used products need: after building
# such a package, no object file of any module but KeyedArchive, CZlib and the consumer's own
# may exist.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
consumer="$(mktemp -d)"
trap 'rm -rf "$consumer"' EXIT
mkdir -p "$consumer/Sources/PlainConsumer"
cat > "$consumer/Package.swift" <<MANIFEST
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "PlainConsumer",
    platforms: [.macOS(.v15)],
    dependencies: [.package(path: "$root")],
    targets: [
        .executableTarget(name: "PlainConsumer", dependencies: [
            .product(name: "KeyedArchive", package: "$(basename "$root" | tr "[:upper:]" "[:lower:]")"),
        ]),
    ]
)
MANIFEST
cat > "$consumer/Sources/PlainConsumer/main.swift" <<'SOURCE'
import KeyedArchive

let archive = try ArchiveEncoder().encode(["plain": [1, 2, 3]])
print(try ArchiveDecoder().decode([String: [Int]].self, from: archive))
SOURCE
(cd "$consumer" && swift build && swift run PlainConsumer)
built=$(cd "$consumer/.build/debug" && for module in *.build; do
    if [ -n "$(find "$module" -name '*.o' -print -quit)" ]; then echo "${module%.build}"; fi
done | sort | tr '\n' ' ')
echo "modules compiled for a KeyedArchive-only package: $built"
if [ "$built" != "KeyedArchive PlainConsumer " ]; then
    echo "error: a package using only the KeyedArchive product compiled more than KeyedArchive" >&2
    exit 1
fi
