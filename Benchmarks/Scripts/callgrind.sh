#!/usr/bin/env bash
# Instructions per encode and per decode of the sample models, counted by callgrind: the
# instructions of 10 iterations minus those of 0, divided by 10, in a release build. The counts
# do not depend on the machine's load, so two checkouts can be compared on a busy machine.
#
# usage: Benchmarks/Scripts/callgrind.sh [REPO_ROOT]
#   REPO_ROOT: the checkout to measure (default: the repository holding this script). It need not
#   contain the probe: Benchmarks/Callgrind from this script's checkout is copied to
#   REPO_ROOT/.build-callgrind/Callgrind (gitignored), where its `../..` dependency is REPO_ROOT,
#   and built there. Environment: MODELS (default: the four large models; the message models,
#   one message per iteration, are asked for by name: MODELS="msg-numeric msg-media", or
#   MODELS=messages for all eight, msg-empty msg-one msg-numeric msg-sample msg-media
#   msg-numeric-list msg-sample-list msg-media-list; the checkout must have
#   KeyedArchiveSamples' message models; each with "-string" after it, msg-numeric-string, is the
#   model with synthesized string keys, and MODELS=string-messages names all eight of those),
#   ITERATIONS (default: 10),
#   CEILING=1 (also count the null coder, the Codable ceiling; the checkout must have
#   KeyedArchiveSamples' nullCoder(for:)), DETERMINISTIC=1 (also count encoding with
#   ArchiveEncoder.deterministic; the checkout must have that option), IDENTITY=1 (the same with
#   ArchiveEncoder.preservesObjectIdentity), DIRECT=1 (the commit, app-state and message models' twins with the
#   conformances `@ArchiveCodable` generates, KeyedArchiveSamples' GeneratedCodeCommit,
#   GeneratedCodeIntKeyedCommit, GeneratedCodeAppState and GeneratedCodeMessages.swift's, which the checkout must have: every operation then takes the
#   generated-code path).
#   Each run's callgrind profile stays in REPO_ROOT/.build-callgrind/callgrind.<model>.<op>.<N>.out
#   for callgrind_annotate.
set -euo pipefail
shopt -s inherit_errexit

here=$(cd "$(dirname "$0")" && pwd)
probe_source="$here/../Callgrind"
root=$(cd "${1:-$here/../..}" && pwd)
iterations=${ITERATIONS:-10}
models=${MODELS:-"commits-int commits-string app-state class-hierarchy"}
message_models="msg-empty msg-one msg-numeric msg-sample msg-media msg-numeric-list msg-sample-list msg-media-list"
[ "$models" = messages ] && models=$message_models
[ "$models" = string-messages ] && models=$(printf '%s-string ' $message_models)

command -v valgrind >/dev/null || { echo "callgrind.sh: valgrind is not installed" >&2; exit 1; }
[ -f "$root/Package.swift" ] && [ -d "$root/Sources/KeyedArchiveSamples" ] \
    || { echo "callgrind.sh: $root is not a KeyedArchive checkout" >&2; exit 1; }

work="$root/.build-callgrind"
package="$work/Callgrind"
mkdir -p "$package"
rm -rf "$package/Sources"
cp "$probe_source/Package.swift" "$package/Package.swift"
cp -R "$probe_source/Sources" "$package/Sources"

started=$(date +%s)
echo "checkout:  $root ($(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo 'not a git checkout')$(
    [ -n "$(git -C "$root" status --porcelain --untracked-files=no 2>/dev/null)" ] && echo ', modified'))"
echo "toolchain: $(swift --version 2>/dev/null | sed -n -e '1{h;d}' -e 's/^Target: //' -e '${H;x;s/\n/, /;p}')"
echo "valgrind:  $(valgrind --version)"

# The options newer than some checkouts are compiled into the probe only when asked for.
flags=()
[ "${CEILING:-0}" = 1 ] && flags+=(-Xswiftc -DNULL_CODER)
[ "${DETERMINISTIC:-0}" = 1 ] && flags+=(-Xswiftc -DDETERMINISTIC_OPTION)
[ "${IDENTITY:-0}" = 1 ] && flags+=(-Xswiftc -DOBJECT_IDENTITY_OPTION)
[ "${DIRECT:-0}" = 1 ] && flags+=(-Xswiftc -DDIRECT_CODE)
case " $models" in *" msg-"*) flags+=(-Xswiftc -DMESSAGE_MODELS) ;; esac
case " $models " in *" msg-"*"-string "*) flags+=(-Xswiftc -DSTRING_MESSAGE_MODELS) ;; esac
log="$work/build.log"
if ! swift build -c release --package-path "$package" --product CallgrindProbe ${flags[@]+"${flags[@]}"} >"$log" 2>&1; then
    tail -30 "$log" >&2
    echo "callgrind.sh: the build failed (log: $log)" >&2
    exit 1
fi
built="$(swift build -c release --package-path "$package" ${flags[@]+"${flags[@]}"} --show-bin-path)/CallgrindProbe"

# The counts move by thousands of instructions per iteration with the stack's starting point,
# which depends on the environment's size and the program's path. So the probe runs from a
# path of fixed length, in `/`, with a fixed minimal environment; fixed hashing seeds and no
# address randomization keep Swift's hashing and anything keyed by addresses (the key caches)
# the same from run to run. Then one build gives the same counts every time, and two checkouts
# of the same code give the same counts.
run_dir=$(mktemp -d /tmp/callgrind-probe.XXXXXX)
trap 'rm -rf "$run_dir"' EXIT
probe="$run_dir/CallgrindProbe"
cp "$built" "$probe"
valgrind=$(command -v valgrind)
norandom=(setarch "$(uname -m)" -R)
"${norandom[@]}" true 2>/dev/null || norandom=()

instructions() { # model operation iterations: the run's total instructions
    local out="$work/callgrind.$1.$2.$3.out" err="$work/callgrind.err"
    if ! (cd / && env -i PATH=/usr/bin:/bin SWIFT_DETERMINISTIC_HASHING=1 ${norandom[@]+"${norandom[@]}"} \
        "$valgrind" --tool=callgrind --callgrind-out-file="$out" "$probe" "$1" "$2" "$3" \
        >"$work/probe.out" 2>"$err"); then
        cat "$err" "$work/probe.out" >&2
        echo "callgrind.sh: $* failed" >&2
        exit 1
    fi
    sed -n 's/^==[0-9]*== Collected : \([0-9]*\)$/\1/p' "$err"
}

per_iteration() { # model operation
    local zero many
    # "00" for N=10: the same argument length, so the same stack layout, as the N run.
    zero=$(instructions "$1" "$2" "$(printf "%0${#iterations}d" 0)")
    many=$(instructions "$1" "$2" "$iterations")
    echo $(( (many - zero) / iterations ))
}

grouped() { echo "$1" | sed -e ':a' -e 's/\([0-9]\)\([0-9]\{3\}\)\($\|,\)/\1,\2\3/' -e 'ta'; }

echo
echo "callgrind, instructions per iteration (N=$iterations minus N=0, /$iterations):"
for model in $models; do
    encode=$(per_iteration "$model" encode)
    decode=$(per_iteration "$model" decode)
    case $model in
        commits-int) label="commits int keys" ;;
        commits-string) label="commits string keys" ;;
        *) label=${model//-/ } ;;
    esac
    printf "  %-24s encode %10s  decode %10s\n" "$label" "$(grouped "$encode")" "$(grouped "$decode")"
    if [ "${DETERMINISTIC:-0}" = 1 ]; then
        deterministic=$(per_iteration "$model" deterministic-encode)
        deterministic_decode=$(per_iteration "$model" deterministic-decode)
        printf "  %-20s encode %10s  decode %10s  (%+d %% / %+d %% against the default)\n" "  deterministic" \
            "$(grouped "$deterministic")" "$(grouped "$deterministic_decode")" \
            $(( 100 * (deterministic - encode) / encode )) $(( 100 * (deterministic_decode - decode) / decode ))
    fi
    if [ "${IDENTITY:-0}" = 1 ]; then
        identity=$(per_iteration "$model" identity-encode)
        identity_decode=$(per_iteration "$model" identity-decode)
        printf "  %-20s encode %10s  decode %10s  (%+d %% / %+d %% against the default)\n" "  object identity" \
            "$(grouped "$identity")" "$(grouped "$identity_decode")" \
            $(( 100 * (identity - encode) / encode )) $(( 100 * (identity_decode - decode) / decode ))
    fi
    if [ "${CEILING:-0}" = 1 ]; then
        null_encode=$(per_iteration "$model" null-encode)
        null_decode=$(per_iteration "$model" null-decode)
        printf "  %-20s encode %10s  decode %10s  (own share %d %% / %d %%)\n" "  null coder" \
            "$(grouped "$null_encode")" "$(grouped "$null_decode")" \
            $(( 100 * (encode - null_encode) / encode )) $(( 100 * (decode - null_decode) / decode ))
    fi
done
echo "($(( $(date +%s) - started )) s, build included)"
