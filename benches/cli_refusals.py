#!/usr/bin/env python3
"""Issue 21's CLI refusal target: `xiri check -g G` on 100,000 accepted
lines against 100,000 refused ones, as CPU time (user + system, from
getrusage, which a busy machine moves less than wall time), median of
RUNS runs each; prints a Markdown table with the ratio, at most 3.

Accepted lines: the corpus of benches/corpus/ cycled (the ASCII one for
uri, both IRI ones for the IRI grammars, xri.txt for xri). Refused: the
same lines, alternately with a space after and with the last character
made "%" (for xri, as benches/cli_throughput.py refuses them: a space
after, or "b)c" in the first cross-reference). For leiri a space is
allowed, so half of its "refused" lines are accepted.

    cargo build --release && python3 benches/cli_refusals.py [RUNS]
"""
import os
import resource
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, "benches", "corpus")
OUT = os.path.join(ROOT, "target", "cli-refusals")
XIRI = os.path.join(ROOT, "target", "release", "xiri")
LINES = 100_000


def corpus(*names):
    lines = []
    for name in names:
        with open(os.path.join(CORPUS, name), encoding="utf-8") as f:
            lines += [l.rstrip("\n") for l in f if l.strip()]
    return lines


def refused(line, i, xri):
    if i % 2 == 0:
        return line + " "
    if xri and "(" in line:
        at = line.index("(") + 1
        return line[:at] + "b)c" + line[at:]
    return line[:-1] + "%"


def write(name, lines):
    path = os.path.join(OUT, name)
    with open(path, "w", encoding="utf-8") as f:
        for i in range(LINES):
            f.write(lines[i % len(lines)] + "\n")
    return path


def cpu(grammar, path):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    with open(path, "rb") as stdin:
        subprocess.run([XIRI, "check", "-g", grammar], stdin=stdin,
                       stdout=subprocess.DEVNULL, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    os.makedirs(OUT, exist_ok=True)
    grammars = {
        "uri": corpus("reference-ascii.txt"),
        "iri": corpus("reference-ascii.txt", "reference-nonascii.txt"),
        "iri-bis": corpus("reference-ascii.txt", "reference-nonascii.txt"),
        "leiri": corpus("reference-ascii.txt", "reference-nonascii.txt"),
        "xri": corpus("xri.txt"),
    }
    print("| grammar | accepted ms | refused ms | refused / accepted | at most 3 |")
    print("|---|---:|---:|---:|---|")
    for grammar, lines in grammars.items():
        good = write(f"{grammar}-accepted.txt", lines)
        bad = write(f"{grammar}-refused.txt",
                    [refused(l, i, grammar == "xri") for i, l in enumerate(lines * 2)])
        times = {"good": [], "bad": []}
        for _ in range(runs):  # interleaved, so a slow spell hits both
            times["good"].append(cpu(grammar, good))
            times["bad"].append(cpu(grammar, bad))
        a = statistics.median(times["good"]) * 1000
        r = statistics.median(times["bad"]) * 1000
        ratio = r / a
        print(f"| {grammar} | {a:.1f} | {r:.1f} | {ratio:.2f} | {'yes' if ratio <= 3 else '**no**'} |")


if __name__ == "__main__":
    main()
