#!/usr/bin/env python3
"""The scaling table of docs/TESTING.md, from criterion's estimates of the
last `cargo bench --bench scaling` run (target/criterion/*/*/new/).

One row per operation and shape, one column per input size, each cell the
median time per byte of input. Linear code keeps a row about flat; a row
that grows tenfold from one column to the next is quadratic.
Usage: python3 benches/scaling_table.py
"""

import json
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent / "target" / "criterion"
PREFIX = "scaling "


def cells():
    found = {}
    for meta in sorted(ROOT.glob("*/*/new/benchmark.json")):
        bench = json.loads(meta.read_text())
        group = bench["group_id"]
        if not group.startswith(PREFIX):
            continue
        estimates = json.loads((meta.parent / "estimates.json").read_text())
        ns = estimates["median"]["point_estimate"]
        size = int(bench["value_str"])
        found.setdefault(group[len(PREFIX):], {})[size] = ns / bench["throughput"]["Bytes"]
    return found


def show_size(size):
    return f"{size // 1_000_000} MB" if size >= 1_000_000 else f"{size // 1000} KB"


def main():
    if not ROOT.is_dir():
        sys.exit("no target/criterion: run `cargo bench --bench scaling` first")
    rows = cells()
    if not rows:
        sys.exit("no scaling results: run `cargo bench --bench scaling` first")
    sizes = sorted({size for row in rows.values() for size in row})
    print("| operation | shape | " + " | ".join(show_size(s) for s in sizes) + " |")
    print("|---|---|" + "---:|" * len(sizes))
    for name, row in sorted(rows.items()):
        operation, shape = name.split(": ", 1)
        values = [f"{row[s]:.1f}" if s in row else "-" for s in sizes]
        print(f"| {operation} | {shape} | " + " | ".join(values) + " |")
    print()
    print("ns per byte of input, median of criterion's samples.")


if __name__ == "__main__":
    main()
