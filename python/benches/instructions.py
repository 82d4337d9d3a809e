#!/usr/bin/env python3
"""Instructions a call of xiri.is_valid and of rfc3987's regex, counted by
valgrind's cachegrind, which the machine's load does not change (issue
45's ratio target).

The identifiers are is_valid.py's (the crate's corpora and the real URLs
of this virtual environment's packages), cycled to N (20,000), written
once to a file so that each counted run only reads them. Each row is one
run of this file under cachegrind, the same interpreter, imports and
list, with a loop over the list:

    for s in items: f(s)

one more run whose loop body is `pass`, and one without the loop. A
row's instructions a call are (its total - the `pass` run's total) / N:
the interpreter's start, the imports, reading the list, the first calls
(rfc3987 compiles its regex then) and the loop's own iteration are
subtracted alike from both sides, and the call of `f` with its argument,
the result and its discarding stay in. The last line gives them with the
loop's iteration counted in (the run without the loop subtracted).

Usage: python benches/instructions.py [--n 20000]
(runs valgrind itself; `--run ROW FILE` is the counted child).
"""

import argparse
import functools
import json
import os
import pathlib
import re
import subprocess
import sys
import tempfile

ROWS = ["none", "pass", "xiri.is_valid", "xiri.is_valid(syntax='uri')", "rfc3987.match"]


def function(row):
    if row == "xiri.is_valid":
        import xiri

        return xiri.is_valid
    if row == "xiri.is_valid(syntax='uri')":
        import xiri

        return functools.partial(xiri.is_valid, syntax="uri")
    if row == "rfc3987.match":
        import rfc3987

        return rfc3987.match  # its default rule: IRI_reference
    return None


def child(row, path):
    # Every run imports the same modules and compiles rfc3987's regex
    # (on its first match), whichever row it counts.
    import rfc3987
    import xiri

    items = json.loads(pathlib.Path(path).read_text(encoding="utf-8"))
    xiri.is_valid(items[0])
    xiri.is_valid(items[0], syntax="uri")
    rfc3987.match(items[0])
    if row == "none":
        return
    f = function(row)
    if f is None:
        for s in items:
            pass
    else:
        for s in items:
            f(s)


def count(row, path):
    with tempfile.TemporaryDirectory() as out:
        result = subprocess.run(
            ["valgrind", "--tool=cachegrind", "--cache-sim=no",
             f"--cachegrind-out-file={out}/cg.out", sys.executable, __file__, "--run", row, path],
            capture_output=True, text=True, check=True, env={**os.environ, "PYTHONHASHSEED": "0"})
    found = re.search(r"I\s+refs:\s+([\d,]+)", result.stderr)
    return int(found.group(1).replace(",", ""))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=20_000)
    parser.add_argument("--run", nargs=2, metavar=("ROW", "FILE"))
    args = parser.parse_args()
    if args.run:
        child(*args.run)
        return
    sys.path.insert(0, str(pathlib.Path(__file__).parent))
    from is_valid import corpus_lines, real_urls

    base = corpus_lines() + real_urls()
    items = [base[i % len(base)] for i in range(args.n)]
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "items.json")
        pathlib.Path(path).write_text(json.dumps(items), encoding="utf-8")
        totals = {row: count(row, path) for row in ROWS}
    print(f"{len(items):,} identifiers; instructions a call, the `pass` loop's subtracted")
    print("| what | instructions a call | / xiri.is_valid's |")
    print("|---|---:|---:|")
    xiri_calls = (totals["xiri.is_valid"] - totals["pass"]) / len(items)
    for row in ROWS[2:]:
        per_call = (totals[row] - totals["pass"]) / len(items)
        print(f"| {row} | {per_call:,.0f} | {per_call / xiri_calls:,.1f} |")
    loop = (totals["pass"] - totals["none"]) / len(items)
    print(f"\nthe `pass` loop: {loop:,.0f} instructions an item (the run without a loop subtracted); "
          "with it counted in, as a call's: "
          + ", ".join(f"{row} {(totals[row] - totals['none']) / len(items):,.0f}" for row in ROWS[2:]))


if __name__ == "__main__":
    main()
