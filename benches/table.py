#!/usr/bin/env python3
"""The criterion benchmark table (docs/PERFORMANCE.md has the earlier ones;
the README's comes from `cargo bench --bench interleaved`), from criterion's estimates of the last
`cargo bench --bench peers` run (target/criterion/*/.../new/estimates.json).

For each group: the median time of each implementation over the whole
corpus, and xiri's ratio to the fastest peer (oxiri, iri-string,
fluent-uri) measured in the same run. Usage: python3 benches/table.py
"""

import json
import pathlib
import sys

PEERS = ("oxiri", "iri-string", "fluent-uri")
ROOT = pathlib.Path(__file__).resolve().parent.parent / "target" / "criterion"


def medians():
    found = {}
    for estimates in sorted(ROOT.glob("**/new/estimates.json")):
        parts = estimates.relative_to(ROOT).parts[:-2]
        group, name = parts[0], "/".join(parts[1:])
        if group.startswith(("scaling ", "targets ")):
            continue  # benches/scaling.rs and targets.rs have tables of their own
        median = json.loads(estimates.read_text())["median"]["point_estimate"]
        found.setdefault(group, {})[name] = median
    return found


def show(ns):
    if ns >= 1000:
        return f"{ns / 1000:.2f} µs"
    return f"{ns:.0f} ns"


def main():
    if not ROOT.is_dir():
        sys.exit("no target/criterion: run `cargo bench --bench peers` first")
    rows = []
    for group, times in medians().items():
        peers = {k: v for k, v in times.items() if k in PEERS}
        ours = {k: v for k, v in times.items() if k not in PEERS}
        fastest = min(peers.items(), key=lambda kv: kv[1]) if peers else None
        for name, ns in sorted(ours.items()):
            ratio = f"{ns / fastest[1]:.2f} ({fastest[0]})" if fastest else "-"
            rows.append((group, name, show(ns), ratio))
        for name, ns in sorted(peers.items()):
            rows.append((group, name, show(ns), ""))
    print("| benchmark | implementation | median per corpus | xiri / fastest peer |")
    print("|---|---|---|---|")
    for row in rows:
        print("| " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()
