#!/usr/bin/env python3
"""Writes Vectors.swift for the harness: every golden vector in Spec/vectors/valid and /invalid
(annotated hex, with its `# limits:` line) and every fuzz seed in Tests/Fuzz/corpus, in name
order; and, in WIDTHS, the vectors whose verdict depends on the width of Int (their
`# error-where-int-is-32-bits:` lines, Spec/FORMAT.md Appendix A), one a line, with the
byte range of the varint whose check depends on that width:
NAME<tab>64-bit verdict<tab>32-bit verdict, each spelled as the harness prints it.
usage: vectors.py REPO_ROOT OUTPUT WIDTHS"""
import os
import re
import sys

root, output, widths = sys.argv[1], sys.argv[2], sys.argv[3]
entries = []
width_dependent = []
# The vector files name a kind as ArchiveFormatError.Kind's static does; the harness prints
# its description.
kind_descriptions = {
    "truncated": "truncated", "malformed": "malformed", "notAnArchive": "not an archive",
    "unsupportedVersion": "unsupported version", "unsupportedFlags": "unsupported flags",
    "invalidUTF8": "invalid UTF-8", "limitExceeded": "limit exceeded", "compression": "compression",
    "checksumMismatch": "checksum mismatch",
}
for kind in ("valid", "invalid"):
    folder = os.path.join(root, "Spec", "vectors", kind)
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".hex"):
            continue
        depth, count, inflated, digits, stated = -1, -1, -1, [], {}
        for line in open(os.path.join(folder, name), encoding="utf-8"):
            verdict = re.match(r"#\s*(error|offset|error-where-int-is-32-bits|offset-where-int-is-32-bits):\s*(\S+)", line)
            if verdict:
                stated[verdict.group(1)] = verdict.group(2)
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
        if "error-where-int-is-32-bits" in stated:
            wide = f"{kind_descriptions[stated['error']]} at {stated['offset']}"
            narrow = f"{kind_descriptions[stated['error-where-int-is-32-bits']]} at {stated['offset-where-int-is-32-bits']}"
            # The number whose check depends on the width: the varint at the 32-bit verdict's
            # offset, up to its last byte (the first below 80). Only a copy that keeps it whole
            # may differ as the vector states (compare.py).
            data = bytes.fromhex("".join(digits))
            start = int(stated["offset-where-int-is-32-bits"])
            end = start
            while end < len(data) and data[end] >= 0x80:
                end += 1
            width_dependent.append(f"{kind}/{name[:-4]}\t{wide}\t{narrow}\t{start}\t{end + 1}\n")
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

with open(widths, "w", encoding="utf-8") as table:
    table.writelines(width_dependent)
