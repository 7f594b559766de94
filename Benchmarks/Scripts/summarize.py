#!/usr/bin/env python3
"""Turns `swift package benchmark --format markdown` output into the ratio table of README.md.

Usage: swift package benchmark --format markdown --no-progress | python3 Scripts/summarize.py

For every model it prints the median (p50) wall-clock time, CPU time and malloc count of each
coder's encode and decode, and the speed-up against Foundation's JSONEncoder/JSONDecoder
(JSON time / coder time) measured in the same run; then the scaling table and the messages
group's table (times in nanoseconds per message), when the output holds them.
"""
import re
import sys
from collections import defaultdict

UNITS = {"ns": 1e-6, "μs": 1e-3, "us": 1e-3, "ms": 1.0, "s": 1e3}


def parse(text):
    results = defaultdict(dict)  # "model/coder/op" -> {metric: value}
    name = None
    for line in text.splitlines():
        heading = re.match(r"^### (.+)$", line)
        if heading:
            name = heading.group(1).strip()
            continue
        if not name or not line.startswith("|") or "Metric" in line or "---" in line:
            continue
        cells = [c.strip() for c in line.strip("|").split("|")]
        metric, p50 = cells[0], cells[3]
        unit = re.search(r"\((ns|μs|us|ms|s)\)", metric)
        scale = re.search(r"\((K|M)\)", metric)
        value = float(p50.replace(",", ""))
        if metric.startswith("Time (wall clock)") and unit:
            results[name]["wall_ms"] = value * UNITS[unit.group(1)]
        elif metric.startswith("Time (total CPU)") and unit:
            results[name]["cpu_ms"] = value * UNITS[unit.group(1)]
        elif metric.startswith("Malloc (total)"):
            results[name]["mallocs"] = value * {"K": 1e3, "M": 1e6}.get(scale.group(1) if scale else "", 1)
    return results


def scaling_table(results):
    """Per-element time of the Scaling/<series>(<n>)/Archive/<op> benchmarks, by size."""
    rows = defaultdict(dict)  # (series, n) -> {op: ms}
    for name, metrics in results.items():
        match = re.match(r"^Scaling/(\w+)\((\d+)\)/Archive/(encode|decode)$", name)
        if match and "wall_ms" in metrics:
            rows[(match.group(1), int(match.group(2)))][match.group(3)] = metrics["wall_ms"]
    if not rows:
        return
    print()
    print("| elements | series | encode p50 (ms) | ns per element | decode p50 (ms) | ns per element |")
    print("|---:|---|---:|---:|---:|---:|")
    for (series, n) in sorted(rows, key=lambda key: (key[0], key[1])):
        cells = [f"{n:,}", series]
        for op in ("encode", "decode"):
            ms = rows[(series, n)].get(op)
            cells += [f"{ms:.4f}", f"{ms * 1e6 / n:.1f}"] if ms is not None else ["–", "–"]
        print("| " + " | ".join(cells) + " |")


def messages_table(results):
    """Time and mallocs per message of the Messages/<model>/<coder>/<op> benchmarks (their
    scaling factor makes package-benchmark report them per message), with "× JSON" as above."""
    rows = defaultdict(lambda: defaultdict(dict))  # model -> coder -> op -> metrics
    for name, metrics in results.items():
        match = re.match(r"^Messages/([^/]+)/(.+)/(encode|decode)$", name)
        if match:
            rows[match.group(1)][match.group(2)][match.group(3)] = metrics
    if not rows:
        return
    print()
    print("| message | coder | encode p50 (ns) | × JSON | decode p50 (ns) | × JSON | encode mallocs | decode mallocs |")
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    order = ["EmptyMessage", "OneFieldMessage", "NumericStruct", "PrimitivesSample", "MediaContent",
             "NumericStructList", "PrimitivesSampleList", "MediaContentList"]
    for model in sorted(rows, key=lambda m: (order.index(m) if m in order else len(order), m)):
        coders = rows[model]
        json = coders.get("JSON", {})
        for coder in sorted(coders, key=lambda c: (c != "Archive", c != "Archive, generated", c != "JSON", c)):
            row = [model, coder]
            for op in ("encode", "decode"):
                wall = coders[coder].get(op, {}).get("wall_ms")
                base = json.get(op, {}).get("wall_ms")
                row.append(f"{wall * 1e6:,.0f}" if wall is not None else "–")
                row.append(f"{base / wall:.1f}×" if wall and base else "–")
            for op in ("encode", "decode"):
                mallocs = coders[coder].get(op, {}).get("mallocs")
                row.append(f"{mallocs:,.0f}" if mallocs is not None else "–")
            print("| " + " | ".join(row) + " |")


def main():
    results = parse(sys.stdin.read())
    models = defaultdict(lambda: defaultdict(dict))
    for name, metrics in results.items():
        parts = name.split("/")
        if len(parts) != 3:
            continue
        model, coder, op = parts
        models[model][coder][op] = metrics
    if models:
        print("| model | coder | encode p50 (ms) | × JSON | decode p50 (ms) | × JSON | encode mallocs | decode mallocs |")
        print("|---|---|---:|---:|---:|---:|---:|---:|")
    for model in sorted(models):
        coders = models[model]
        json = coders.get("JSON", {})
        for coder in sorted(coders, key=lambda c: (c != "Archive", c != "Archive, generated", c != "Archive+zlib", c)):
            row = [model, coder]
            for op in ("encode", "decode"):
                m = coders[coder].get(op, {})
                wall = m.get("wall_ms")
                base = json.get(op, {}).get("wall_ms")
                row.append(f"{wall:.3f}" if wall is not None else "–")
                row.append(f"{base / wall:.1f}×" if wall and base else "–")
            for op in ("encode", "decode"):
                mallocs = coders[coder].get(op, {}).get("mallocs")
                row.append(f"{mallocs:,.0f}" if mallocs is not None else "–")
            print("| " + " | ".join(row) + " |")
    scaling_table(results)
    messages_table(results)


if __name__ == "__main__":
    main()
