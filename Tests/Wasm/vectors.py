#!/usr/bin/env python3
"""Writes Vectors.swift for the harness: every golden vector in Spec/vectors/valid and /invalid
(annotated hex, with its `# limits:` line) and every fuzz seed in Tests/Fuzz/corpus, in name
order. usage: vectors.py REPO_ROOT OUTPUT"""
import os
import re
import sys

root, output = sys.argv[1], sys.argv[2]
entries = []
for kind in ("valid", "invalid"):
    folder = os.path.join(root, "Spec", "vectors", kind)
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".hex"):
            continue
        depth, count, inflated, digits = -1, -1, -1, []
        for line in open(os.path.join(folder, name), encoding="utf-8"):
            limits = re.match(r"#\s*limits:\s*(.*)", line)
            if limits:
                for setting in limits.group(1).split(","):
                    key, _, value = setting.strip().partition("=")
                    if key == "maximumDepth":
                        depth = int(value)
                    elif key == "maximumCollectionCount":
                        count = int(value)
                    elif key == "maximumInflatedSize":
                        inflated = int(value)
            digits += re.findall(r"\b[0-9A-Fa-f]{2}\b", line.split("#", 1)[0])
        entries.append((f"{kind}/{name[:-4]}", "".join(digits).lower(), depth, count, inflated))
corpus = os.path.join(root, "Tests", "Fuzz", "corpus")
for name in sorted(os.listdir(corpus)):
    with open(os.path.join(corpus, name), "rb") as seed:
        entries.append((f"corpus/{name}", seed.read().hex(), -1, -1, -1))

with open(output, "w", encoding="utf-8") as swift:
    swift.write("// Written by Tests/Wasm/vectors.py; not committed.\n\nlet vectors: [Vector] = [\n")
    for name, hex_digits, depth, count, inflated in entries:
        swift.write(f'    Vector(name: "{name}", hex: "{hex_digits}", maximumDepth: {depth}, '
                    f'maximumCollectionCount: {count}, maximumInflatedSize: {inflated}),\n')
    swift.write("]\n")
