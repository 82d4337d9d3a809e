#!/usr/bin/env python3
"""Length of issue 22's three everyday programs with xiri and with each peer.

Reads crates/cli/tests/it/everyday_peers.rs (where each program compiles and runs, held
to the same outputs) and counts, between each `// program: N CRATE` marker
and the next `// end`, the lines that are neither blank nor comments, and
the tokens: a string or character literal is one token, `::`, `->`, `=>`,
`==`, `!=`, `<=`, `>=`, `&&`, `||`, `..`, `+=` are one each, every other
punctuation character is one, and so is every identifier or number.
Comments count for nothing. The code is as `cargo fmt` lays it out, so the
line counts follow rustfmt's width; the token counts do not depend on it.

A program marked "(no relativize)" stops where the crate has no API: the
count is what it has, and a relativization written by hand comes on top
(oxiri 0.3.1's own `Iri::relativize`, counted the same way, is
RELATIVIZE_LINES lines and RELATIVIZE_TOKENS tokens, without its helper
`has_dot_segment`).

    python3 benches/program_length.py [crates/cli/tests/it/everyday_peers.rs]
"""

import re
import sys
from pathlib import Path

CRATES = ["xiri", "oxiri", "iri-string", "fluent-uri"]
TITLES = {
    "1": "1. change a query and a fragment",
    "2": "2. resolve and relativize a list",
    "3": "3. IRI with a non-ASCII host to a URI with IDNA",
}
# oxiri-0.3.1/src/lib.rs, `pub fn relativize` to its closing brace, counted
# as below.
RELATIVIZE_LINES = 131
RELATIVIZE_TOKENS = 936

TOKEN = re.compile(
    r"""
    (?P<comment>//.*)
  | (?P<string>b?"(?:\\.|[^"\\])*")
  | (?P<char>b?'(?:\\.|[^'\\])')
  | (?P<lifetime>'[A-Za-z_]\w*)
  | (?P<word>[A-Za-z_]\w*|\d\w*)
  | (?P<punct>::|->|=>|==|!=|<=|>=|&&|\|\||\.\.=?|\+=|-=|\S)
  | (?P<space>\s+)
    """,
    re.VERBOSE,
)


def tokens(line):
    """The tokens of one line of Rust, comments left out."""
    out = []
    for m in TOKEN.finditer(line):
        kind = m.lastgroup
        if kind == "comment":
            break
        if kind != "space":
            out.append(m.group())
    return out


def programs(text):
    """{(number, crate): (lines, tokens, note)} from the marked programs."""
    found = {}
    current = None
    for line in text.splitlines():
        stripped = line.strip()
        marker = re.match(r"// program: (\d) (\S+)(?: \((.*)\))?$", stripped)
        if marker:
            current = (marker.group(1), marker.group(2), marker.group(3) or "")
            found[current[:2]] = [0, 0, current[2]]
            continue
        if stripped == "// end":
            current = None
            continue
        if current is None:
            continue
        t = tokens(line)
        if t:
            found[current[:2]][0] += 1
            found[current[:2]][1] += len(t)
    return found


def main():
    path = Path(sys.argv[1] if len(sys.argv) > 1 else "crates/cli/tests/it/everyday_peers.rs")
    found = programs(path.read_text(encoding="utf-8"))
    print("| program | " + " | ".join(CRATES) + " |")
    print("|---|" + "---|" * len(CRATES))
    for number, title in TITLES.items():
        cells = []
        for crate in CRATES:
            entry = found.get((number, crate))
            if entry is None:
                cells.append("not written")
                continue
            lines, count, note = entry
            cell = f"{lines} / {count}"
            if note:
                cell += " + relativize by hand"
            cells.append(cell)
        print(f"| {title} | " + " | ".join(cells) + " |")
    print()
    print("Each cell: lines / tokens (non-blank, non-comment).")
    if any(entry[2] for entry in found.values()):
        print(
            "Relativize by hand: the crate has none; oxiri 0.3.1's own is "
            f"{RELATIVIZE_LINES} lines / {RELATIVIZE_TOKENS} tokens."
        )
    # The claim of issue 22: xiri's program is as short as the shortest peer's.
    worse = []
    for number in TITLES:
        mine = found.get((number, "xiri"))
        if mine is None:
            worse.append(f"program {number}: xiri's is not written")
            continue
        for crate in CRATES[1:]:
            other = found.get((number, crate))
            if other is None or other[2]:
                continue
            if other[0] < mine[0] or other[1] < mine[1]:
                worse.append(f"program {number}: {crate} {other[:2]} < xiri {mine[:2]}")
    for w in worse:
        print("longer than a peer:", w)
    sys.exit(1 if worse else 0)


if __name__ == "__main__":
    main()
