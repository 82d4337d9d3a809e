#!/usr/bin/env python3
"""xiri for Python beside the peers, side by side in one run on the same
identifiers (issue 45's targets), CPU time of this process.

The identifiers: the crate's corpora (benches/corpus/*.txt, the inputs of
tests/data/ecosystem.json, spec-examples.tsv and the LEIRI peer vectors)
and real ones (every http(s) URL written in the source and metadata of the
packages installed in this virtual environment), cycled to N (100,000).

Rows, each one pass over the same list (rfc3987-syntax on a sample of
SAMPLE, its time scaled): xiri.is_valid (IRI reference; URI reference),
rfc3987's regex, rfc3986-validator's regex, rfc3986's uri_reference(...)
.is_valid(), rfc3987-syntax (Lark, Earley), can_ada.can_parse and
ada_url.check_url (WHATWG parses, for scale); then xiri.arrow.is_valid
and xiri.arrow.normalize on a pyarrow array of the same strings against a
Python loop over xiri.is_valid and xiri.parse(...).normalize().

Usage: python benches/is_valid.py [--n 100000] [--sample 300] [--repeat 5]
Prints Markdown tables (the median of REPEAT passes, the rows in turns)
and the load average.
"""

import argparse
import functools
import json
import os
import pathlib
import re
import statistics
import sys
import sysconfig
import time

import pyarrow as pa

import xiri
import xiri.arrow

ROOT = pathlib.Path(__file__).resolve().parents[2]
URL = re.compile(r"https?://[^\s\"'<>()\[\]{}`\\]+")


def corpus_lines():
    lines = []
    for path in sorted((ROOT / "benches" / "corpus").glob("*.txt")):
        lines += [l for l in path.read_text(encoding="utf-8").splitlines() if l]
    ecosystem = json.loads((ROOT / "tests" / "data" / "ecosystem.json").read_text(encoding="utf-8"))
    lines += [a["input"] for a in ecosystem["answers"] if a.get("input")]
    for line in (ROOT / "tests" / "data" / "spec-examples.tsv").read_text(encoding="utf-8").splitlines():
        fields = line.split("\t")
        if not line.startswith("#") and len(fields) > 4 and fields[4]:
            lines.append(fields[4])
    return lines


def real_urls(limit=20_000):
    """http(s) URLs written in the installed packages' files."""
    site = pathlib.Path(sysconfig.get_paths()["purelib"])
    found = {}
    for path in sorted(site.rglob("*")):
        if path.suffix not in {".py", ".txt", ".md", ".rst"} and path.name != "METADATA":
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue
        for url in URL.findall(text):
            found.setdefault(url.rstrip(".,;:"), None)
            if len(found) >= limit:
                return list(found)
    return list(found)


def loop(check, items):
    """One pass of ``check`` over ``items``, its CPU time in seconds."""
    start = time.process_time()
    for s in items:
        check(s)
    return time.process_time() - start


def whole(f, array):
    start = time.process_time()
    f(array)
    return time.process_time() - start


def interleaved(rows, repeat):
    """The median CPU time of each row, the rows run in turns, ``repeat``
    rounds (a busy machine slows every row of a round alike)."""
    times = {name: [] for name, _ in rows}
    for _ in range(repeat):
        for name, run in rows:
            times[name].append(run())
    return {name: statistics.median(t) for name, t in times.items()}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=100_000)
    parser.add_argument("--sample", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()

    corpus, real = corpus_lines(), real_urls()
    base = corpus + real
    items = [base[i % len(base)] for i in range(args.n)]
    mb = sum(len(s.encode()) for s in items) / 1e6
    print(f"{len(corpus)} corpus identifiers + {len(real)} real URLs, cycled to {len(items)} ({mb:.1f} MB)")

    import ada_url
    import can_ada
    import rfc3986
    import rfc3986_validator
    import rfc3987
    import rfc3987_syntax

    sample = items[: args.sample]
    # Each peer called as a user would, without a wrapper where its
    # defaults are the rule compared (IRI-reference; URI-reference).
    rows = [
        ("xiri.is_valid (IRI reference)", items, xiri.is_valid),
        ("xiri.is_valid (URI reference)", items, functools.partial(xiri.is_valid, syntax="uri")),
        ("rfc3987 (regex), IRI_reference", items, rfc3987.match),
        ("rfc3986-validator (regex), URI_reference", items,
         functools.partial(rfc3986_validator.validate_rfc3986, rule="URI_reference")),
        ("rfc3986 uri_reference().is_valid()", items, lambda s: rfc3986.uri_reference(s).is_valid()),
        ("can_ada.can_parse (WHATWG)", items, can_ada.can_parse),
        ("ada_url.check_url (WHATWG)", items, ada_url.check_url),
    ]
    medians = interleaved([(name, functools.partial(loop, f, inputs)) for name, inputs, f in rows], args.repeat)
    # rfc3987-syntax takes tens of milliseconds a call: once, on the sample.
    rows.append(("rfc3987-syntax (Lark Earley), sample", sample, rfc3987_syntax.is_valid_syntax_iri_reference))
    medians[rows[-1][0]] = loop(rows[-1][2], sample)
    xiri_ns = medians[rows[0][0]] / len(items) * 1e9
    print("| what | calls | ns a call | time / xiri.is_valid's (IRI) |")
    print("|---|---:|---:|---:|")
    for name, inputs, _ in rows:
        per_call = medians[name] / len(inputs) * 1e9
        print(f"| {name} | {len(inputs):,} | {per_call:,.0f} | {per_call / xiri_ns:,.1f} |")

    array = pa.array(items)

    def parse_normalize(s):
        if xiri.is_valid(s):
            xiri.parse(s).normalize()

    arrow_rows = [
        ("xiri.arrow.is_valid (pyarrow array)", functools.partial(whole, xiri.arrow.is_valid, array)),
        ("Python loop of xiri.is_valid", functools.partial(loop, xiri.is_valid, items)),
        ("xiri.arrow.normalize (pyarrow array)", functools.partial(whole, xiri.arrow.normalize, array)),
        ("Python loop of xiri.parse(s).normalize()", functools.partial(loop, parse_normalize, items)),
    ]
    medians = interleaved(arrow_rows, args.repeat)
    print()
    print("| what | strings | MB/s | ns a string |")
    print("|---|---:|---:|---:|")
    for name, _ in arrow_rows:
        seconds = medians[name]
        print(f"| {name} | {len(items):,} | {mb / seconds:,.0f} | {seconds / len(items) * 1e9:,.0f} |")
    load = os.getloadavg()
    print(f"\nload average during the run: {load[0]:.1f} {load[1]:.1f} {load[2]:.1f} on {os.cpu_count()} cores; "
          f"Python {sys.version.split()[0]}")


if __name__ == "__main__":
    main()
