#!/usr/bin/env python3
"""Compares the harness's verdicts on this machine (NATIVE) and on wasm32 (WASM32), line by line
after the first (which says how wide Int is). Lines must be equal, with one exception: a vector
listed in WIDTHS (written by vectors.py) has a verdict that depends on the width of Int
(Spec/FORMAT.md §12.1: a limit the platform caps), and on its lines, itself whole and those of
its cut or changed copies that keep the varint whose check depends on the width (its byte range
is in WIDTHS), this machine may give the vector's 64-bit verdict where wasm32 gives its 32-bit
one. The whole vector's lines must be exactly those two verdicts. Prints every other difference
as diff does (< this machine, > wasm32) and exits 1 if there is one.
usage: compare.py NATIVE WASM32 WIDTHS"""
import sys

native_path, wasm_path, widths_path = sys.argv[1], sys.argv[2], sys.argv[3]
stated = {}
for line in open(widths_path, encoding="utf-8"):
    name, wide, narrow, start, end = line.rstrip("\n").split("\t")
    stated[name] = (wide, narrow, int(start), int(end))


def keeps_varint(label, start, end):
    """Whether the copy a label names keeps bytes start..<end as they are: the whole vector, a
    cut at `end` or later, a change outside them."""
    words = label.split(" ")
    if len(words) == 1:
        return True
    if words[1:3] == ["cut", "to"]:
        return int(words[3]) >= end
    if words[1] == "change":
        return not start <= int(words[-1]) < end
    return False


def split(line):
    """A line's label, `NAME` or `NAME cut to N` / `NAME change K at O`, and its verdict."""
    if ": " in line:
        label, verdict = line.split(": ", 1)
    else:
        label, _, verdict = line.partition(" ")
    return label, verdict


native = open(native_path, encoding="utf-8").read().splitlines()[1:]
wasm = open(wasm_path, encoding="utf-8").read().splitlines()[1:]
differences, documented, whole = [], 0, {}
if len(native) != len(wasm):
    differences.append(f"{len(native)} lines here, {len(wasm)} on wasm32")
for here, there in zip(native, wasm):
    (label, verdict), (label_there, verdict_there) = split(here), split(there)
    name = label.split(" ")[0]
    if name in stated and label == name:
        whole[name] = (verdict, verdict_there)
    if here == there:
        continue
    if name in stated and label == label_there and (verdict, verdict_there) == stated[name][:2] \
            and keeps_varint(label, *stated[name][2:]):
        documented += 1
        continue
    differences.append(f"< {here}\n> {there}")
for name, verdicts in stated.items():
    given = whole.get(name, ("nothing", "nothing"))
    if given != verdicts[:2]:
        differences.append(f"{name}: stated {verdicts[0]} here and {verdicts[1]} on wasm32, given {given[0]} and {given[1]}")
for difference in differences:
    print(difference)
print(f"{documented} lines differ as their vectors state (the verdict where Int is 32 bits)", file=sys.stderr)
sys.exit(1 if differences else 0)
