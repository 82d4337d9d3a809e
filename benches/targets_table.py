#!/usr/bin/env python3
"""The tables of the self-relative targets (refused against accepted, XRI
against IRI; docs/PERFORMANCE.md has the earlier ones), from criterion's
estimates of the last `cargo bench --bench targets` run
(target/criterion/targets */.../new/).

Every cell is the median time per byte of input; every ratio is between
two medians of the same run. Usage: python3 benches/targets_table.py
"""

import json
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent / "target" / "criterion"
PREFIX = "targets "
GRAMMARS = ("uri", "iri", "iri-bis", "leiri", "xri")


def results():
    """{group: {(function, value): ns per byte}} for the groups of benches/targets.rs."""
    found = {}
    for meta in sorted(ROOT.glob("targets */*/*/new/benchmark.json")):
        bench = json.loads(meta.read_text())
        group = bench["group_id"]
        if not group.startswith(PREFIX):
            continue
        estimates = json.loads((meta.parent / "estimates.json").read_text())
        ns = estimates["median"]["point_estimate"] / bench["throughput"]["Bytes"]
        key = (bench["function_id"], bench["value_str"])
        found.setdefault(group[len(PREFIX):], {})[key] = ns
    return found


def verdict(ratio, limit):
    return "yes" if ratio <= limit else "**no**"


def refused_table(found):
    print("| grammar | inputs | accepted ns/B | refused ns/B | refused / accepted | at most 3 |")
    print("|---|---|---:|---:|---:|---|")
    for grammar in GRAMMARS:
        cells = found.get(f"refused/{grammar}", {})
        for inputs in sorted({v for (_, v) in cells}, key=lambda v: ("KB" in v, v)):
            ok, no = cells.get(("accepted", inputs)), cells.get(("refused", inputs))
            if ok is None or no is None:
                continue
            ratio = no / ok
            print(f"| {grammar} | {inputs} | {ok:.2f} | {no:.2f} | {ratio:.2f} | {verdict(ratio, 3)} |")
    # The engine's verdict alone (Rule::check), where it is measured.
    for grammar in GRAMMARS:
        cells = found.get(f"refused/{grammar}", {})
        for inputs in sorted({v for (_, v) in cells}, key=lambda v: ("KB" in v, v)):
            ok, no = cells.get(("check accepted", inputs)), cells.get(("check refused", inputs))
            if ok is None or no is None:
                continue
            print(f"| {grammar}, `Rule::check` | {inputs} | {ok:.2f} | {no:.2f} | {no / ok:.2f} | |")


def xri_table(found):
    cells = found.get("xri-vs-iri", {})
    print("| inputs | XRI ns/B | IRI ns/B | XRI / IRI | at most 1.5 |")
    print("|---|---:|---:|---:|---|")
    order = ("same corpus", "same 10 KB, no", "same 10 KB, a", "xri corpus")
    for inputs in sorted({v for (_, v) in cells},
                         key=lambda v: [v.startswith(o) for o in order].index(True)
                         if any(v.startswith(o) for o in order) else len(order)):
        xri, iri = cells.get(("xri", inputs)), cells.get(("iri", inputs))
        if xri is None or iri is None:
            continue
        ratio = xri / iri
        print(f"| {inputs} | {xri:.2f} | {iri:.2f} | {ratio:.2f} | {verdict(ratio, 1.5)} |")


def depth_table(found):
    cells = found.get("xri-depth-30", {})
    sizes = sorted({v for (_, v) in cells}, key=lambda v: int(v.split()[0]))
    print("| XRI, nested 30 deep | " + " | ".join(f"{s} ns/B" for s in sizes)
          + f" | {sizes[-1]} / {sizes[0]} |")
    print("|---|" + "---:|" * (len(sizes) + 1))
    for function in ("accepted", "refused"):
        row = [cells.get((function, s)) for s in sizes]
        if None in row:
            continue
        values = " | ".join(f"{ns:.1f}" for ns in row)
        print(f"| {function} | {values} | {row[-1] / row[0]:.2f} |")
    ratios = [cells[("refused", s)] / cells[("accepted", s)] for s in sizes
              if ("refused", s) in cells and ("accepted", s) in cells]
    if ratios:
        print("| refused / accepted | " + " | ".join(f"{r:.2f}" for r in ratios) + " | |")


def main():
    found = results() if ROOT.is_dir() else {}
    if not found:
        sys.exit("no targets results: run `cargo bench --bench targets` first")
    refused_table(found)
    print()
    xri_table(found)
    print()
    if "xri-depth-30" in found:
        depth_table(found)
        print()
    print("ns per byte of input, median of criterion's samples; every ratio within one run.")


if __name__ == "__main__":
    main()
