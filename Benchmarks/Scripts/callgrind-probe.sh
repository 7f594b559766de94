# The callgrind probe's build and run, shared by callgrind.sh (any checkout, by hand) and
# callgrind-gate.sh (this checkout, in .ci/run). Sourced, not run.
#
# probe_build ROOT [FLAGS...]: copies Benchmarks/Callgrind (next to this file) to
#   ROOT/.build-callgrind/Callgrind, where its `../..` dependency is ROOT, builds it in release
#   with FLAGS (swift build's, e.g. -Xswiftc -DGATE) and copies the binary to a fresh directory:
#   sets $probe_work (the build's folder, which keeps the profiles) and $probe (the binary).
# probe_valgrind OUTPUT_FILE [VALGRIND_OPTIONS...] -- [PROBE_ARGUMENTS...]: runs the probe under
#   callgrind from `/`, with a fixed minimal environment, fixed hashing seeds and no address
#   randomization, so that one build gives the same counts every time (see below). The probe's
#   standard output goes to $probe_work/probe.out, callgrind's report to $probe_work/callgrind.err.

probe_scripts=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

probe_build() {
    local root=$1; shift
    command -v valgrind >/dev/null || { echo "callgrind: valgrind is not installed" >&2; exit 1; }
    [ -f "$root/Package.swift" ] && [ -d "$root/Sources/KeyedArchiveSamples" ] \
        || { echo "callgrind: $root is not a KeyedArchive checkout" >&2; exit 1; }
    probe_work="$root/.build-callgrind"
    local package="$probe_work/Callgrind"
    mkdir -p "$package"
    rm -rf "$package/Sources"
    cp "$probe_scripts/../Callgrind/Package.swift" "$package/Package.swift"
    cp -R "$probe_scripts/../Callgrind/Sources" "$package/Sources"
    local log="$probe_work/build.log"
    if ! swift build -c release --package-path "$package" --product CallgrindProbe "$@" >"$log" 2>&1; then
        tail -30 "$log" >&2
        echo "callgrind: the probe's build failed (log: $log)" >&2
        exit 1
    fi
    local built
    built="$(swift build -c release --package-path "$package" "$@" --show-bin-path)/CallgrindProbe"
    # The counts move by thousands of instructions per iteration with the stack's starting point,
    # which depends on the environment's size and the program's path. So the probe runs from a
    # path of fixed length (a fresh directory of mktemp's fixed-length name), in `/`.
    probe_run_dir=$(mktemp -d /tmp/callgrind-probe.XXXXXX)
    trap 'rm -rf "$probe_run_dir"' EXIT
    probe="$probe_run_dir/CallgrindProbe"
    cp "$built" "$probe"
}

probe_valgrind() {
    local out=$1; shift
    local options=()
    while [ $# -gt 0 ] && [ "$1" != -- ]; do options+=("$1"); shift; done
    shift
    local valgrind norandom
    valgrind=$(command -v valgrind)
    # Fixed hashing seeds and no address randomization keep Swift's hashing and anything keyed
    # by addresses (the key caches) the same from run to run.
    norandom=(setarch "$(uname -m)" -R)
    "${norandom[@]}" true 2>/dev/null || norandom=()
    if ! (cd / && env -i PATH=/usr/bin:/bin SWIFT_DETERMINISTIC_HASHING=1 ${norandom[@]+"${norandom[@]}"} \
        "$valgrind" --tool=callgrind --callgrind-out-file="$out" ${options[@]+"${options[@]}"} "$probe" "$@" \
        >"$probe_work/probe.out" 2>"$probe_work/callgrind.err"); then
        cat "$probe_work/callgrind.err" "$probe_work/probe.out" >&2
        echo "callgrind: the probe failed: $*" >&2
        exit 1
    fi
}
