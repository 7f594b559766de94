#!/usr/bin/env bash
# The wire layer on 32-bit WebAssembly: builds Sources/KeyedArchive/Wire/'s reading half (the
# varints, header, key forms, container framing, entries cursor, format walk, validator, and
# the opening of compressed and checksummed archives with the package's own inflater and
# CRC-32) with Harness.swift into a wasm32 module with the toolchain's Embedded Swift, runs it
# under wasmkit over every golden vector and fuzz seed, builds the same sources for this
# machine with zlib (as the package opens archives), and compares the two outputs line by
# line (compare.py): every verdict, error kind and offset must agree, except that a vector whose
# verdict depends on the width of Int (a limit the platform caps, Spec/FORMAT.md §12.1) must give
# its stated 32-bit verdict on wasm32 where this machine gives its 64-bit one.
#
#   bash Tests/Wasm/run.sh        exit 0 when they agree; the differing lines otherwise
#
# Needs only the Swift toolchain (6.3: Embedded Swift's wasm32 standard library, clang,
# wasm-ld, wasmkit), zlib's headers for this machine's build (zlib1g-dev) and python3 (vectors.py writes the inputs into a Swift file). Everything it
# builds goes to .build-wasm/ (gitignored).
set -euo pipefail
cd "$(dirname "$0")/../.."
OUT=.build-wasm
mkdir -p "$OUT"

die() { echo "run.sh: $*" >&2; exit 2; }
for tool in swiftc clang wasm-ld wasmkit python3; do
    command -v "$tool" >/dev/null || die "$tool not found (the Swift 6.3 toolchain ships swiftc, clang, wasm-ld and wasmkit)"
done
toolchain=$(dirname "$(dirname "$(readlink -f "$(command -v swiftc)")")")
embedded=$toolchain/lib/swift/embedded/wasm32-unknown-none-wasm
[ -f "$embedded/libswiftUnicodeDataTables.a" ] || die "no Embedded Swift library for wasm32 under $embedded"

# The wire layer's reading half, as the package compiles it: no copies, no Foundation.
WIRE=(ArchiveBody ArchiveHeader ByteReader ContainerFraming CRC32 EntriesCursor FormatValidator FormatWalk
      Inflater KeyForm KeyIdentity OpenedArchive OwnedBytes ScalarChecks WalkSteps WireTag)
SOURCES=(Sources/KeyedArchive/ArchiveFormatError.swift)
for file in "${WIRE[@]}"; do SOURCES+=("Sources/KeyedArchive/Wire/$file.swift"); done
SOURCES+=(Tests/Wasm/Harness.swift "$OUT/Vectors.swift")
# KEYEDARCHIVE_WIRE_ONLY: the walk's limits without ArchiveDecoder (FormatWalk.swift).
COMMON=(-parse-as-library -O -module-name WireHarness -package-name keyedarchive -D KEYEDARCHIVE_WIRE_ONLY)

python3 Tests/Wasm/vectors.py . "$OUT/Vectors.swift" "$OUT/width-dependent.txt"

start=$SECONDS
swiftc -target wasm32-unknown-none-wasm -enable-experimental-feature Embedded -wmo \
    -Xfrontend -disable-stack-protector "${COMMON[@]}" -c "${SOURCES[@]}" -o "$OUT/harness.o"
clang --target=wasm32-unknown-unknown -O2 -nostdlib -c Tests/Wasm/Runtime.c -o "$OUT/runtime.o"
wasm-ld --export=_start "$OUT/harness.o" "$OUT/runtime.o" -L"$embedded" -lswiftUnicodeDataTables -o "$OUT/harness.wasm"
wasmkit run "$OUT/harness.wasm" >"$OUT/wasm32.txt"
echo "wasm32: built and ran in $((SECONDS - start)) s ($(wc -l <"$OUT/wasm32.txt") lines)"

start=$SECONDS
# With zlib (Sources/CZlib's module map links it): OpenedArchive then inflates as the package does.
NATIVE=("${SOURCES[@]}")
for file in ByteWriter GrowableBuffer Zlib; do NATIVE+=("Sources/KeyedArchive/Wire/$file.swift"); done
swiftc "${COMMON[@]}" -I Sources/CZlib "${NATIVE[@]}" -o "$OUT/harness-native"
"$OUT/harness-native" >"$OUT/native.txt"
echo "native: built and ran in $((SECONDS - start)) s"

# The first line says how wide Int is and what inflates, and must differ; every other line must
# not, but for the vectors whose verdict depends on that width, as they state.
[ "$(head -1 "$OUT/wasm32.txt")" = "Int is 32 bits, inflating with Inflater" ] || die "wasm32 module: $(head -1 "$OUT/wasm32.txt")"
[ "$(head -1 "$OUT/native.txt")" = "Int is 64 bits, inflating with zlib" ] || die "native harness: $(head -1 "$OUT/native.txt")"
if ! python3 Tests/Wasm/compare.py "$OUT/native.txt" "$OUT/wasm32.txt" "$OUT/width-dependent.txt"; then
    echo "error: the verdicts on wasm32 (>) differ from this machine's (<)" >&2
    exit 1
fi
whole=$(tail -n +2 "$OUT/wasm32.txt" | grep -vc ': ' || true)
accepted=$(tail -n +2 "$OUT/wasm32.txt" | grep -v ': ' | grep -c ' accepted$' || true)
damaged=$(grep -c ': ' "$OUT/wasm32.txt" || true)
echo "wasm32 and $(head -1 "$OUT/native.txt" | cut -d' ' -f3)-bit verdicts agree (or differ as their vectors state) on $whole inputs ($accepted accepted, $((whole - accepted)) refused) and on $damaged cut or changed copies of them"
