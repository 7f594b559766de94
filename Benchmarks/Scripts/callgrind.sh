#!/usr/bin/env bash
# Instructions per encode and per decode of the sample models, counted by callgrind: the
# instructions of 10 iterations minus those of 0, divided by 10, in a release build. The counts
# do not depend on the machine's load, so two checkouts can be compared on a busy machine.
#
# usage: Benchmarks/Scripts/callgrind.sh [REPO_ROOT]
#   REPO_ROOT: the checkout to measure (default: the repository holding this script). It need not
#   contain the probe: Benchmarks/Callgrind from this script's checkout is copied to
#   REPO_ROOT/.build-callgrind/Callgrind (gitignored), where its `../..` dependency is REPO_ROOT,
#   and built there (callgrind-probe.sh). The committed gate over every message model, both key
#   forms and both paths is callgrind-gate.sh. Environment: MODELS (default: the four large models; the message models,
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
root=$(cd "${1:-$here/../..}" && pwd)
iterations=${ITERATIONS:-10}
models=${MODELS:-"commits-int commits-string app-state class-hierarchy"}
message_models="msg-empty msg-one msg-numeric msg-sample msg-media msg-numeric-list msg-sample-list msg-media-list"
[ "$models" = messages ] && models=$message_models
[ "$models" = string-messages ] && models=$(printf '%s-string ' $message_models)

started=$(date +%s)
echo "checkout:  $root ($(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo 'not a git checkout')$(
    [ -n "$(git -C "$root" status --porcelain --untracked-files=no 2>/dev/null)" ] && echo ', modified'))"
echo "toolchain: $(swift --version 2>/dev/null | sed -n -e '1{h;d}' -e 's/^Target: //' -e '${H;x;s/\n/, /;p}')"
echo "valgrind:  $(valgrind --version 2>/dev/null || echo 'not installed')"

# The options newer than some checkouts are compiled into the probe only when asked for.
flags=()
[ "${CEILING:-0}" = 1 ] && flags+=(-Xswiftc -DNULL_CODER)
[ "${DETERMINISTIC:-0}" = 1 ] && flags+=(-Xswiftc -DDETERMINISTIC_OPTION)
[ "${IDENTITY:-0}" = 1 ] && flags+=(-Xswiftc -DOBJECT_IDENTITY_OPTION)
[ "${DIRECT:-0}" = 1 ] && flags+=(-Xswiftc -DDIRECT_CODE)
case " $models" in *" msg-"*) flags+=(-Xswiftc -DMESSAGE_MODELS) ;; esac
case " $models " in *" msg-"*"-string "*) flags+=(-Xswiftc -DSTRING_MESSAGE_MODELS) ;; esac
# shellcheck source=callgrind-probe.sh
source "$here/callgrind-probe.sh"
probe_build "$root" ${flags[@]+"${flags[@]}"}

instructions() { # model operation iterations: the run's total instructions
    probe_valgrind "$probe_work/callgrind.$1.$2.$3.out" -- "$1" "$2" "$3"
    sed -n 's/^==[0-9]*== Collected : \([0-9]*\)$/\1/p' "$probe_work/callgrind.err"
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
