#!/usr/bin/env python3
"""Writes the fuzzers' seed corpus from the golden vectors: one file per input.

    FuzzTesting/Scripts/extract-seeds.py OUT_DIR

Every valid vector gives its JSON Lines text (and its non-canonical `jsonlInput`) to
OUT_DIR/json/ and its binary bytes to OUT_DIR/binary/; every invalid vector gives its input to the
folder of its format. The vectors of the subfolders count too: traces/vectors/widgets/ holds
custom widget commands, which the fuzz contract decodes with all.widgets.json. The bundled
sessions (traces/*.jsonl, scripts excepted) go to OUT_DIR/json/. File names are the vector names
with '/' replaced, so a seed says where it came from.
"""
import json
import os
import re
import sys

root = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, "FuzzTesting", "Seeds")
folders = {"binary": os.path.join(out, "binary"), "json": os.path.join(out, "json")}
for folder in folders.values():
    os.makedirs(folder, exist_ok=True)


def write(kind, name, data):
    safe = re.sub(r"[^A-Za-z0-9._-]", "_", name)
    with open(os.path.join(folders[kind], safe), "wb") as f:
        f.write(data)


vectors = os.path.join(root, "traces", "vectors")
files = sorted(os.path.relpath(os.path.join(folder, name), vectors)
               for folder, _, names in os.walk(vectors) for name in names if name.endswith(".jsonl"))
count = 0
for file in files:
    with open(os.path.join(vectors, file), encoding="utf-8") as f:
        for line in f:
            if not line.strip():
                continue
            vector = json.loads(line)
            name = vector["name"]
            if "inputHex" in vector:
                write(vector["format"], name, bytes.fromhex(vector["inputHex"]))
                count += 1
                continue
            write("json", name + ".jsonl", vector["jsonl"].encode("utf-8"))
            write("binary", name + ".cmdtrace", bytes.fromhex(vector["binaryHex"]))
            count += 2
            if "jsonlInput" in vector:
                write("json", name + ".input.jsonl", vector["jsonlInput"].encode("utf-8"))
                count += 1
traces = os.path.join(root, "traces")
for file in sorted(os.listdir(traces)):
    if file.endswith(".jsonl") and ".script." not in file:
        with open(os.path.join(traces, file), "rb") as f:
            write("json", "session-" + file, f.read())
        count += 1
print(f"{count} seeds in {out} ({len(os.listdir(folders['binary']))} binary, {len(os.listdir(folders['json']))} JSON Lines)")
