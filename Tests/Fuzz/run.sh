#!/usr/bin/env bash
# Builds the libFuzzer targets and runs them.
#
#   bash Tests/Fuzz/run.sh [SECONDS]   build, then fuzz each target for SECONDS (default 60),
#                                      as many targets at once as there are cores (FUZZ_JOBS=N)
#   bash Tests/Fuzz/run.sh --seeds     regenerate the committed seed corpus (Tests/Fuzz/corpus)
#
# SwiftPM cannot build with -sanitize=fuzzer, so the targets are compiled with swiftc from the
# library sources plus their entry files, all in one module (the entries use internal types
# directly) and one binary, .build-fuzz/keyedarchive-fuzzer: each target is a link to it under
# its own name, which picks the target (FuzzEntry.swift). Needs only the Swift toolchain (its clang_rt.fuzzer and ASan runtimes) and zlib's
# header (zlib1g-dev, as for `swift build`).
#
# Seeds: for the byte fuzzers, Tests/Fuzz/corpus (committed) plus every golden vector in
# Spec/vectors, converted from annotated hex on each run; for encoder-fuzzer, whose input is an
# encoding program rather than an archive, Tests/Fuzz/corpus-encoder (committed). The working corpus lives in a temporary folder unless FUZZ_CORPUS
# names a folder to keep it in. Crashing, timing-out and out-of-memory inputs are written to
# Tests/Fuzz/crashers/ (commit them: FuzzReplayTests replays every file there). Exits non-zero
# if any target found one. Reproduce one input: .build-fuzz/decoder-fuzzer Tests/Fuzz/crashers/FILE
# (with SWIFT_BACKTRACE=enable=no for a readable report).
#
# Adding a target: write Tests/Fuzz/<Name>Fuzzer.swift with a `fuzz<Name>(_:_:) -> CInt` entry,
# name it in FuzzEntry.swift's table and add "<name>-fuzzer <Name>Fuzzer.swift <seed folder>"
# to TARGETS below.
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
FUZZ=Tests/Fuzz
OUT=.build-fuzz
CRASHERS=$FUZZ/crashers

# "binary entry-file seeds" triples: seeds "archives" is the archive corpus plus the golden
# vectors, any other word a folder of Tests/Fuzz. The binary also holds
# Tests/KeyedArchiveTests/Support/FuzzModels.swift and, for encoder-fuzzer, the Differential sources.
TARGETS=(
    "decoder-fuzzer DecoderFuzzer.swift archives"
    "stream-fuzzer StreamFuzzer.swift archives"
    "inspector-fuzzer InspectorFuzzer.swift archives"
    "encoder-fuzzer EncoderFuzzer.swift corpus-encoder"
)
# Only TARGET_FILTER's targets when it is set (e.g. TARGET_FILTER=encoder-fuzzer for a campaign).
TARGET_FILTER=${TARGET_FILTER:-}

# The encoder differential suite's generator, model and checker, without its @Test files.
DIFFERENTIAL_SOURCES=()
for file in Tests/KeyedArchiveTests/Differential/*.swift; do
    case $file in *Tests.swift) ;; *) DIFFERENTIAL_SOURCES+=("$file") ;; esac
done

LIB_SOURCES=(Sources/KeyedArchive/*.swift Sources/KeyedArchive/*/*.swift)
# The machine's cores: swiftc's parallel jobs (without -j it compiles one file at a time: 120 s
# for the fuzzer binary on two cores, 69 s with -j 2), and the fuzz targets run at once.
CORES=$(nproc 2>/dev/null || sysctl -n hw.ncpu 2>/dev/null || echo 1)
COMMON=(-parse-as-library -O -j "$CORES" -module-name KeyedArchiveFuzz -package-name keyedarchive -I Sources/CZlib)

die() { echo "run.sh: $*" >&2; exit 2; }

command -v swiftc >/dev/null || die "swiftc not found: install a Swift toolchain (6.x) first."
[ -f /usr/include/zlib.h ] || [ -f "$(xcrun --show-sdk-path 2>/dev/null)/usr/include/zlib.h" ] \
    || die "zlib.h not found: install zlib's headers (Debian/Ubuntu: apt-get install zlib1g-dev)."

# libFuzzer ships with the toolchain as clang_rt.fuzzer; say so plainly if it is missing.
resource_dir=$(swiftc -print-target-info 2>/dev/null | sed -n 's/.*"runtimeResourcePath": *"\([^"]*\)".*/\1/p' | head -1)
if [ -n "$resource_dir" ] && [ -d "$resource_dir" ]; then
    if [ -z "$(find "$resource_dir" "$resource_dir/../clang" -name 'libclang_rt.fuzzer*' 2>/dev/null | head -1)" ]; then
        die "this Swift toolchain has no libFuzzer runtime (libclang_rt.fuzzer*) under $resource_dir;
  swiftc -sanitize=fuzzer needs the swift.org Linux toolchain (or another one that ships it)."
    fi
fi

# build BINARY "ENTRY FILES…" [extra swiftc flags…]: compiles the library with the entry files
# (names in Tests/Fuzz) and the Differential sources.
build() {
    local binary=$1 entries=() log=$OUT/$1.log
    for entry in $2; do entries+=("$FUZZ/$entry"); done
    shift 2
    echo "== build $OUT/$binary"
    if ! swiftc "$@" "${COMMON[@]}" "${LIB_SOURCES[@]}" Tests/KeyedArchiveTests/Support/FuzzModels.swift \
            "${DIFFERENTIAL_SOURCES[@]}" "${entries[@]}" -o "$OUT/$binary" >"$log" 2>&1; then
        # ld.gold warns about every ASan helper symbol; show only the rest.
        grep -v "Cannot export local symbol" "$log" >&2 || true
        if grep -qiE "clang_rt\.fuzzer|fuzzer.*not (found|supported)" "$log"; then
            die "build failed: the toolchain's libFuzzer runtime is missing or unusable (see above)."
        fi
        die "build of $binary failed (full log: $log)"
    fi
}

# hex_to_binary FILE: the bytes of an annotated-hex golden vector ('#' starts a comment).
hex_to_binary() {
    local format
    format=$(sed 's/#.*//' "$1" | tr -s ' \t\r\n' '\n' | sed -n 's/^\([0-9A-Fa-f][0-9A-Fa-f]\)$/\\x\1/p' | tr -d '\n')
    printf "$format"
}

# show_report LOG: the crash report in a fuzzer log (Swift symbols demangled), then the input.
show_report() {
    local demangle=cat
    if swift demangle --simplified </dev/null >/dev/null 2>&1; then demangle="swift demangle --simplified"; fi
    grep -v "Cannot export local symbol" "$1" | sed -nE '/Fatal error|==[0-9]+==.*ERROR|deadly signal|ALARM|out-of-memory|Slowest unit/,$p' \
        | grep -vE "^ +(Addressable|Partially|Heap|Freed|Stack|Global|Poisoned|Container|Array|Intra|ASan|Left|Right)" \
        | head -120 | $demangle
}

mkdir -p "$OUT"

if [ "${1:-}" = "--seeds" ]; then
    build seed-generator SeedGenerator.swift
    rm -f "$FUZZ"/corpus/golden-* "$FUZZ"/corpus/encoded-*
    for vector in Spec/vectors/valid/*.hex Spec/vectors/invalid/*.hex; do
        kind=$(basename "$(dirname "$vector")")
        hex_to_binary "$vector" >"$FUZZ/corpus/golden-$kind-$(basename "$vector" .hex).bin"
    done
    "$OUT/seed-generator" "$FUZZ/corpus"
    echo "wrote $(ls "$FUZZ/corpus" | wc -l | tr -d ' ') seeds to $FUZZ/corpus"
    exit 0
fi

SECONDS_PER_TARGET=${1:-60}
[[ $SECONDS_PER_TARGET =~ ^[0-9]+$ ]] || die "usage: run.sh [SECONDS] | --seeds"

selected=()
for target in "${TARGETS[@]}"; do
    set -- $target
    if [ -z "$TARGET_FILTER" ] || [ "$1" = "$TARGET_FILTER" ]; then selected+=("$target"); fi
done
[ ${#selected[@]} -gt 0 ] || die "no target named $TARGET_FILTER"
# Every target's entry is in the binary whichever are run (the table names them all).
entries=FuzzEntry.swift
for target in "${TARGETS[@]}"; do
    set -- $target
    entries="$entries $2"
done
build keyedarchive-fuzzer "$entries" -sanitize=fuzzer,address
for target in "${selected[@]}"; do
    set -- $target
    ln -sf keyedarchive-fuzzer "$OUT/$1"
done

# Seeds: the committed corpus plus the golden vectors as they are now.
SEEDS=$(mktemp -d)
trap 'rm -rf "$SEEDS" ${WORK_TMP:-}' EXIT
cp "$FUZZ"/corpus/* "$SEEDS"/ 2>/dev/null || true
for vector in Spec/vectors/valid/*.hex Spec/vectors/invalid/*.hex; do
    kind=$(basename "$(dirname "$vector")")
    hex_to_binary "$vector" >"$SEEDS/golden-$kind-$(basename "$vector" .hex).bin"
done
echo "== $(ls "$SEEDS" | wc -l | tr -d ' ') seed inputs"

mkdir -p "$CRASHERS"

# fuzz_target BINARY SEEDS_WORD: one target's run; prints its summary, returns non-zero when the
# fuzzer stopped on a finding.
fuzz_target() {
    local binary=$1 seeds prefix max_len rss_limit work log rc
    # An encoding program needs far fewer bytes than an archive; its findings get a name prefix
    # (crashers/encoder-*) so that FuzzReplayTests knows to replay them as programs.
    # Its process also grows by about 3 KB per program under ASan and libFuzzer (LeakSanitizer
    # finds no leak, and a plain -O build of the same check over 40,000 mutated programs stays
    # at 24 MB), which reaches 2 GB after about 25 minutes: a higher RSS limit for long runs.
    # The per-input limit (-malloc_limit_mb) stays at 2 GB.
    if [ "$2" = archives ]; then seeds=$SEEDS prefix= max_len=65536 rss_limit=2048
    else seeds=$FUZZ/$2 prefix=${binary%-fuzzer}- max_len=4096 rss_limit=6144; fi
    if [ -n "${FUZZ_CORPUS:-}" ]; then
        work=$FUZZ_CORPUS/$binary
        mkdir -p "$work"
    else
        work=$WORK_TMP/$binary
        mkdir -p "$work"
    fi
    log=$OUT/$binary.run.log
    echo "== fuzz $binary for ${SECONDS_PER_TARGET}s (log: $log)"
    # detect_leaks=0: the Swift runtime's metadata caches live until exit and are not bugs;
    # unbounded memory is caught by -rss_limit_mb and -malloc_limit_mb instead.
    # SWIFT_BACKTRACE=enable=no: leave crash reports to libFuzzer/ASan (the Swift backtracer
    # itself trips ASan and buries the real report).
    set +e
    SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0} "$OUT/$binary" \
        -max_total_time="$SECONDS_PER_TARGET" -rss_limit_mb="$rss_limit" -malloc_limit_mb=2048 \
        -timeout=10 -max_len="$max_len" -print_final_stats=1 \
        -artifact_prefix="$ROOT/$CRASHERS/$prefix" \
        "$work" "$seeds" >"$log" 2>&1
    rc=$?
    set -e
    grep -E "INITED|DONE|^stat::number_of_executed_units|^stat::average_exec_per_sec|^stat::peak_rss_mb" "$log" || true
    echo "corpus: $(ls "$work" | wc -l | tr -d ' ') inputs in the working corpus"
    if [ "$rc" -ne 0 ]; then
        echo "!! $binary found a problem (exit $rc); the report from $log:" >&2
        show_report "$log" >&2
    fi
    return "$rc"
}

# The targets run side by side, as many at a time as there are cores (FUZZ_JOBS to choose):
# each fuzzer is one thread, so on two cores four targets take two rounds of SECONDS, not four,
# and each still fuzzes for SECONDS. Each one's summary is printed when its round ends.
jobs_at_once=${FUZZ_JOBS:-$CORES}
[[ $jobs_at_once =~ ^[1-9][0-9]*$ ]] || die "FUZZ_JOBS must be a positive number"
WORK_TMP=$(mktemp -d)
before=$(ls "$CRASHERS" | wc -l)
status=0
round=()
run_round() {
    local pids=() target index
    for target in "${round[@]}"; do
        set -- $target
        fuzz_target "$1" "$3" >"$WORK_TMP/$1.summary" 2>&1 &
        pids+=($!)
    done
    for index in "${!round[@]}"; do
        set -- ${round[$index]}
        wait "${pids[$index]}" || status=1
        cat "$WORK_TMP/$1.summary"
    done
    round=()
}
for target in "${selected[@]}"; do
    round+=("$target")
    if [ ${#round[@]} -eq "$jobs_at_once" ]; then run_round; fi
done
if [ ${#round[@]} -gt 0 ]; then run_round; fi
after=$(ls "$CRASHERS" | wc -l)
if [ "$after" -ne "$before" ]; then
    status=1
    echo "!! new inputs in $CRASHERS (commit them; FuzzReplayTests replays them):" >&2
    ls -t "$CRASHERS" | head -n $((after - before)) >&2
fi
exit $status
