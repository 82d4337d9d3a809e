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

Usage: python benches/is_valid.py [--n 100000] [--sample 2000] [--repeat 3]
Prints a Markdown table (the median of REPEAT passes) and the load average.
"""

import argparse
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


def cpu(f, items, repeat):
    times = []
    for _ in range(repeat):
        start = time.process_time()
        f(items)
        times.append(time.process_time() - start)
    return statistics.median(times)


def loop(check):
    def run(items):
        for s in items:
            check(s)

    return run


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=100_000)
    parser.add_argument("--sample", type=int, default=2_000)
    parser.add_argument("--repeat", type=int, default=3)
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

    rows = [
        ("xiri.is_valid (IRI reference)", loop(lambda s: xiri.is_valid(s)), items),
        ("xiri.is_valid (URI reference)", loop(lambda s: xiri.is_valid(s, "uri")), items),
        ("rfc3987 (regex), IRI_reference", loop(lambda s: rfc3987.match(s, rule="IRI_reference")), items),
        ("rfc3986-validator (regex), URI_reference", loop(lambda s: rfc3986_validator.validate_rfc3986(s, rule="URI_reference")), items),
        ("rfc3986 uri_reference().is_valid()", loop(lambda s: rfc3986.uri_reference(s).is_valid()), items),
        ("rfc3987-syntax (Lark Earley), sample", loop(rfc3987_syntax.is_valid_syntax_iri_reference), items[: args.sample]),
        ("can_ada.can_parse (WHATWG)", loop(can_ada.can_parse), items),
        ("ada_url.check_url (WHATWG)", loop(ada_url.check_url), items),
    ]
    results = {}
    print("| what | calls | ns a call | xiri.is_valid (IRI) is ... times faster |")
    print("|---|---:|---:|---:|")
    for name, f, inputs in rows:
        seconds = cpu(f, inputs, args.repeat if len(inputs) == len(items) else 1)
        per_call = seconds / len(inputs) * 1e9
        results[name] = per_call
        ratio = per_call / results["xiri.is_valid (IRI reference)"]
        print(f"| {name} | {len(inputs)} | {per_call:,.0f} | {ratio:,.1f} |")

    array = pa.array(items)
    parse_normalize = loop(lambda s: xiri.parse(s).normalize() if xiri.is_valid(s) else None)
    arrow_rows = [
        ("xiri.arrow.is_valid (pyarrow array)", lambda a: xiri.arrow.is_valid(a), array),
        ("Python loop of xiri.is_valid", loop(xiri.is_valid), items),
        ("xiri.arrow.normalize (pyarrow array)", lambda a: xiri.arrow.normalize(a), array),
        ("Python loop of xiri.parse(s).normalize()", parse_normalize, items),
    ]
    print()
    print("| what | strings | MB/s | ns a string |")
    print("|---|---:|---:|---:|")
    for name, f, inputs in arrow_rows:
        seconds = cpu(f, inputs, args.repeat)
        print(f"| {name} | {len(items)} | {mb / seconds:,.0f} | {seconds / len(items) * 1e9:,.0f} |")
    load = os.getloadavg()
    print(f"\nload average during the run: {load[0]:.1f} {load[1]:.1f} {load[2]:.1f} on {os.cpu_count()} cores; "
          f"Python {sys.version.split()[0]}")


if __name__ == "__main__":
    main()
