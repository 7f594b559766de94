#!/usr/bin/env python3
"""The callgrind gate's check: the probe's counts per message against the committed baselines.

The probe (`CallgrindProbe gate`) prints one line per measurement, "model keys path operation
messages", in the order of callgrind's dumps (gate.out.1, gate.out.2, ...), each of which holds
that measurement's instructions. A row fails when its count per message is above its baseline
by more than TOLERANCE (a fraction) and by more than FLOOR instructions: callgrind counts the
same binary the same way on every run, but another build of the same source or another CPU's
string routines (glibc picks them by CPU) moves a count by a little; a change that loses speed
moves it by more.
"""
import argparse
import glob
import re
import sys

TOLERANCE = 0.03
FLOOR = 40


def dump_total(path):
    """The instructions a dump counted (its `totals:` line, or `summary:`)."""
    with open(path) as handle:
        for line in handle:
            match = re.match(r"(?:totals|summary):\s+(\d+)", line)
            if match:
                return int(match.group(1))
    raise SystemExit(f"callgrind gate: no totals in {path}")


def measurements(path, dumps):
    """(model, keys, path, operation) -> instructions per message, in the probe's order."""
    lines = [line.split() for line in open(path) if not line.startswith("checksum")]
    files = sorted(glob.glob(dumps + ".*"), key=lambda name: int(name.rsplit(".", 1)[1]))
    if len(files) != len(lines):
        raise SystemExit(f"callgrind gate: {len(lines)} measurements but {len(files)} dumps")
    result = {}
    for fields, dump in zip(lines, files):
        model, keys, code_path, operation, messages = fields
        result[(model, keys, code_path, operation)] = dump_total(dump) / int(messages)
    return result


def read_baselines(path):
    baselines = {}
    for line in open(path):
        if line.startswith("#") or not line.strip():
            continue
        model, keys, code_path, operation, count = line.split()
        baselines[(model, keys, code_path, operation)] = int(count)
    return baselines


def write_baselines(path, counts):
    with open(path, "w") as handle:
        handle.write("# The callgrind gate's baselines (Benchmarks/Scripts/callgrind-gate.sh): instructions per\n")
        handle.write("# message (per document for doc-*), release build, one run of `CallgrindProbe gate`.\n")
        handle.write("# Written by `callgrind-gate.sh --update`; a change that moves them says so in its commit.\n")
        handle.write("# model\tkeys\tpath\toperation\tinstructions\n")
        for (model, keys, code_path, operation), count in counts.items():
            handle.write(f"{model}\t{keys}\t{code_path}\t{operation}\t{round(count)}\n")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--baselines", required=True)
    parser.add_argument("--measurements", required=True)
    parser.add_argument("--dumps", required=True)
    parser.add_argument("--update", action="store_true")
    arguments = parser.parse_args()
    counts = measurements(arguments.measurements, arguments.dumps)
    if arguments.update:
        write_baselines(arguments.baselines, counts)
        print(f"callgrind gate: wrote {len(counts)} baselines to {arguments.baselines}")
    baselines = {} if arguments.update else read_baselines(arguments.baselines)

    failures = []
    print(f"callgrind gate: instructions per message; a row fails above its baseline by more than "
          f"{TOLERANCE:.0%} and {FLOOR} instructions")
    print(f"{'model':<18}{'keys':<8}{'path':<11}{'op':<8}{'baseline':>12}{'now':>12}{'change':>9}  string ÷ int")
    for key, count in counts.items():
        model, keys, code_path, operation = key
        baseline = baselines.get(key)
        change = "" if baseline is None else f"{(count - baseline) / baseline:+.1%}"
        ratio = ""
        if keys == "string" and (model, "int", code_path, operation) in counts:
            ratio = f"{count / counts[(model, 'int', code_path, operation)]:.2f}×"
        print(f"{model:<18}{keys:<8}{code_path:<11}{operation:<8}{baseline if baseline is not None else '—':>12}"
              f"{round(count):>12}{change:>9}  {ratio}")
        if baseline is not None and count > baseline * (1 + TOLERANCE) and count - baseline > FLOOR:
            failures.append(f"{model} {keys} keys, {code_path}, {operation}: {round(count)} against {baseline}")
    missing = set(baselines) - set(counts)
    new = [key for key in counts if baselines and key not in baselines]
    if missing:
        failures += [f"{' '.join(key)}: in the baselines but not measured" for key in sorted(missing)]
    if new:
        failures += [f"{' '.join(key)}: measured but has no baseline (callgrind-gate.sh --update)" for key in new]
    if failures:
        print("callgrind gate: FAILED", file=sys.stderr)
        for failure in failures:
            print("  " + failure, file=sys.stderr)
        sys.exit(1)
    print("callgrind gate: passed")


if __name__ == "__main__":
    main()
