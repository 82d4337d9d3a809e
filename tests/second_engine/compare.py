#!/usr/bin/env python3
"""Replays the differential tests' inputs through a second ABNF engine.

The differential tests (tests/it/differential.rs) decide ABNF membership with
the abnf-oracle crate. This checks that engine once against another one,
Python's `abnf` package (full backtracking, unordered alternation), on the
same ABNF and the same inputs:

    XIRI_DIFF_DUMP=target/diff-dump cargo test --release --all-features --test it differential::
    pip install abnf==2.9.1
    python3 tests/second_engine/compare.py target/diff-dump

It prints, per grammar, how many verdicts agree, disagree, and how many the
second engine could not give (it bounds its recursion), and exits 1 if any
verdict disagrees. docs/TESTING.md records the last run.
"""
import json
import pathlib
import sys

from abnf.parser import ParseError, Rule


def engine(abnf_text, name):
    """A Rule subclass holding one grammar."""
    # path-empty = 0<pchar> is a prose value repeated zero times: the empty
    # string. abnf rejects prose values, so it is spelled as zero repetitions.
    text = abnf_text.replace("0<pchar>", '0"x"').replace("0<ipchar>", '0"x"')
    # abnf knows the core rules (ALPHA, DIGIT, HEXDIG) of RFC 5234 B.1 itself.
    text = "\r\n".join(text.splitlines()) + "\r\n"
    grammar = type("Grammar_" + name.replace("-", "_"), (Rule,), {})
    grammar.load_grammar(text)
    return grammar


def main(folder):
    folder = pathlib.Path(folder)
    failures = 0
    for abnf_file in sorted(folder.glob("*.abnf")):
        name = abnf_file.stem
        grammar = engine(abnf_file.read_text(encoding="utf-8"), name)
        agree = disagree = undecided = 0
        examples = []
        for line in (folder / f"{name}.jsonl").read_text(encoding="utf-8").splitlines():
            case = json.loads(line)
            try:
                grammar(case["rule"]).parse_all(case["input"])
                verdict = True
            except ParseError:
                verdict = False
            except RecursionError:
                undecided += 1
                continue
            if verdict == case["oracle"]:
                agree += 1
            else:
                disagree += 1
                examples.append(case)
        failures += disagree
        print(f"{name}: {agree} agree, {disagree} disagree, {undecided} undecided by abnf")
        for case in examples[:10]:
            print(f"  {case['rule']} {case['input']!r}: abnf-oracle says {case['oracle']}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "target/diff-dump"))
