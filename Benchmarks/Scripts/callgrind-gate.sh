#!/usr/bin/env bash
# The callgrind gate (`.ci/run`): instructions per message of every message model, varying stream
# and document, in both key forms, on the `Codable` path and on generated code, each way, counted
# by callgrind in one run of the probe (Benchmarks/Callgrind, `CallgrindProbe gate`), and checked
# against the committed baselines, Benchmarks/Callgrind/Baselines.tsv: a row more than the
# tolerance above its baseline fails the run (callgrind_gate.py says what the tolerance is).
#
# usage: Benchmarks/Scripts/callgrind-gate.sh [--update]
#   --update: write the counts of this checkout as the new baselines (after a change that was
#   meant to move them; the commit message shows the table before and after).
# Environment: ITERATIONS (passes over each message stream, default 20), DOCUMENT_ITERATIONS
# (over each document, default 2). The baselines were counted with the defaults.
set -euo pipefail
shopt -s inherit_errexit

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
iterations=${ITERATIONS:-20}
document_iterations=${DOCUMENT_ITERATIONS:-2}

# shellcheck source=callgrind-probe.sh
source "$here/callgrind-probe.sh"
probe_build "$root" -Xswiftc -DGATE

# Callgrind zeroes its counts when the probe enters `measured` and writes them to a file of their
# own when it leaves (gate.out.1, gate.out.2, … in order); the probe prints each measurement's name.
rm -f "$probe_work"/gate.out*
probe_valgrind "$probe_work/gate.out" \
    --zero-before=karchive_callgrind_measured --dump-after=karchive_callgrind_measured -- \
    gate "$iterations" "$document_iterations"
python3 "$here/callgrind_gate.py" --baselines "$here/../Callgrind/Baselines.tsv" \
    --measurements "$probe_work/probe.out" --dumps "$probe_work/gate.out" "$@"
