#!/usr/bin/env python3
"""Throughput and peak memory of `xiri check` against `xiri normalize`,
streaming a file on standard input (issue 13: check at least as fast as
normalize on the same file, its memory independent of the number of lines
and at most a few times the longest line).

Builds the release CLI, writes its inputs to target/cli-throughput/:
LINES lines cycling through benches/corpus/reference-*.txt (all IRI
references), a tenth as many to show that memory does not grow with the
lines, the XRI corpus cycled the same way (and a tenth as many, valid
and refused: issue 21's target is a refusal at most 3 times the cost of
an acceptance), and one line of BIG_MB MB (valid, and refused at its last
byte). Each command runs RUNS times with
its output to /dev/null; the table gives the median wall time as MB/s of
input and the largest peak RSS (from /usr/bin/time -v when it is there,
else from Python's resource module).

Usage: python3 benches/cli_throughput.py [--lines 200000] [--big-mb 20] [--runs 3]
"""

import argparse
import pathlib
import re
import shutil
import statistics
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
CORPUS = ROOT / "benches" / "corpus"
OUT = ROOT / "target" / "cli-throughput"
XIRI = ROOT / "target" / "release" / "xiri"
TIME = shutil.which("time") and pathlib.Path("/usr/bin/time")

# Run one command with stdin from a file and stdout to /dev/null, and
# print its peak RSS in KiB: the fallback when /usr/bin/time is missing.
RUSAGE = """
import resource, subprocess, sys
with open(sys.argv[1], "rb") as stdin:
    subprocess.run(sys.argv[2:], stdin=stdin, stdout=subprocess.DEVNULL)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
"""


def corpus(*names):
    lines = []
    for name in names:
        lines += (CORPUS / name).read_text(encoding="utf-8").splitlines()
    return lines


def cycled(path, lines, count):
    with open(path, "w", encoding="utf-8") as f:
        for i in range(count):
            f.write(lines[i % len(lines)])
            f.write("\n")
    return path


def refused_xris(path, xris, count):
    """Each XRI of the corpus made one xiri refuses: alternately with a
    space appended (Appendix A as printed refuses it too) and with its
    first cross-reference's content cut by an unbalanced ")" (which
    Appendix A may accept, and then `check -g xri` says so)."""
    with open(path, "w", encoding="utf-8") as f:
        for i in range(count):
            xri = xris[i % len(xris)]
            if i % 2 == 0 or "(" not in xri:
                f.write(xri + " ")
            else:
                at = xri.index("(") + 1
                f.write(xri[:at] + "b)c" + xri[at:])
            f.write("\n")
    return path


def one_line(path, size, refused):
    unit = "a/\u6f22"  # 5 bytes: an ASCII path segment and a CJK character
    body = "http://a/" + unit * ((size - 9) // len(unit.encode()))
    if refused:
        body = body[:-1] + "aa%"  # an escape cut short, at the very end
    path.write_text(body + "\n", encoding="utf-8")
    return path


def run_once(args, stdin):
    """(seconds, peak RSS in KiB) of one run."""
    if TIME and TIME.exists():
        cmd = [str(TIME), "-v", *args]
        with open(stdin, "rb") as f:
            start = time.perf_counter()
            done = subprocess.run(cmd, stdin=f, stdout=subprocess.DEVNULL,
                                  stderr=subprocess.PIPE, text=True)
            seconds = time.perf_counter() - start
        found = re.search(r"Maximum resident set size \(kbytes\): (\d+)", done.stderr)
        if not found:
            sys.exit(f"/usr/bin/time -v gave no peak RSS for {args}:\n{done.stderr}")
        return seconds, int(found.group(1))
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", RUSAGE, str(stdin), *args],
                          stdout=subprocess.PIPE, text=True, check=True)
    seconds = time.perf_counter() - start
    return seconds, int(done.stdout.split()[-1])


def measure(args, stdin, runs):
    results = [run_once(args, stdin) for _ in range(runs)]
    return statistics.median(s for s, _ in results), max(k for _, k in results)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=200_000)
    parser.add_argument("--big-mb", type=int, default=20)
    parser.add_argument("--runs", type=int, default=3)
    opts = parser.parse_args()

    subprocess.run(["cargo", "build", "--release", "--quiet", "--bin", "xiri"],
                   cwd=ROOT, check=True)
    OUT.mkdir(parents=True, exist_ok=True)
    iris = corpus("reference-ascii.txt", "reference-nonascii.txt")
    xris = corpus("xri.txt")
    few = max(opts.lines // 10, 1)
    big = opts.big_mb * 1_000_000
    files = {
        "many": cycled(OUT / f"iri-{opts.lines}.txt", iris, opts.lines),
        "few": cycled(OUT / f"iri-{few}.txt", iris, few),
        "xri": cycled(OUT / f"xri-{opts.lines}.txt", xris, opts.lines),
        "xri-few": cycled(OUT / f"xri-{few}.txt", xris, few),
        "xri-refused": refused_xris(OUT / f"xri-{few}-refused.txt", xris, few),
        "big": one_line(OUT / f"iri-{opts.big_mb}mb-line.txt", big, refused=False),
        "big-refused": one_line(OUT / f"iri-{opts.big_mb}mb-line-refused.txt", big, refused=True),
    }
    xiri = str(XIRI)
    cases = [
        ("check -g iri", "many", f"{opts.lines:,} IRI references"),
        ("normalize -g iri", "many", f"{opts.lines:,} IRI references"),
        ("check -g iri", "few", f"{few:,} IRI references"),
        ("normalize -g iri", "few", f"{few:,} IRI references"),
        ("check -g xri", "xri", f"{opts.lines:,} XRIs"),
        ("check -g xri", "xri-few", f"{few:,} XRIs"),
        ("check -g xri", "xri-refused", f"{few:,} refused XRIs"),
        ("check -g iri", "big", f"one {opts.big_mb} MB IRI"),
        ("check -g iri", "big-refused", f"one {opts.big_mb} MB line, refused at its end"),
        ("normalize -g iri", "big", f"one {opts.big_mb} MB IRI"),
    ]
    print(f"{subprocess.run([xiri, '--version'], capture_output=True, text=True).stdout.strip()}, "
          f"median of {opts.runs} runs, output to /dev/null, peak RSS from "
          f"{'/usr/bin/time -v' if TIME and TIME.exists() else 'getrusage'}")
    print()
    print("| command | input | MB | longest line | MB/s | peak RSS |")
    print("|---|---|---:|---:|---:|---:|")
    for command, key, label in cases:
        path = files[key]
        size = path.stat().st_size
        with open(path, "rb") as f:
            longest = max(len(line) for line in f)
        seconds, rss = measure([xiri, *command.split()], path, opts.runs)
        print(f"| `xiri {command}` | {label} | {size / 1e6:.1f} | {show(longest)} "
              f"| {size / 1e6 / seconds:.1f} | {rss / 1024:.1f} MB |", flush=True)


def show(nbytes):
    if nbytes >= 1_000_000:
        return f"{nbytes / 1e6:.1f} MB"
    return f"{nbytes} B"


if __name__ == "__main__":
    main()
