//! The first stage (crates/engine/src/stage/) against the table walk: on
//! every input it decides, with each way of classifying (SSSE3, AVX2 where
//! the processor has them, and the portable one), the same verdict and
//! the same marks of Appendix B's split as the walk; on every other input
//! the library runs the walk, so refusals' offsets and expected sets are
//! the walk's by construction. The inputs: the benchmark corpora, the
//! printed examples, the peers' vectors and their mutations; every ASCII
//! byte at every place of short references; characters on each UTF-8
//! boundary and each edge of RFC 3987's ranges, in every component; and
//! strings longer than a block with their delimiters around its edges.
//! And the stage's tables are those its automaton gives, which a tampered
//! table is not.
//!
//! `XIRI_STAGE_CASES=N` sets how many random strings per grammar (default
//! 3000, 30000 with `XIRI_TEST_LONG=1`).

use crate::common;
use crate::fast_path::{mutations, seeds};

use common::Rng;
use xiri::Grammar;

const GRAMMARS: [Grammar; 4] = [Grammar::Uri, Grammar::Iri, Grammar::IriBis, Grammar::Leiri];

/// The stage's answer on `input` held to the walk's: how many inputs it
/// decided, and each disagreement.
#[derive(Default)]
struct Tally {
    inputs: usize,
    decided: usize,
    failures: Vec<String>,
}

impl Tally {
    fn check(&mut self, grammar: Grammar, input: &str) {
        self.inputs += 1;
        match xiri::first_stage_check(grammar, input) {
            Ok(decided) => self.decided += usize::from(decided),
            Err(difference) => self.failures.push(difference),
        }
    }

    fn assert_agreement(&self, what: &str) {
        assert!(
            self.failures.is_empty(),
            "{what}: {} disagreements of {}, the first: {:#?}",
            self.failures.len(),
            self.inputs,
            &self.failures[..self.failures.len().min(10)]
        );
    }
}

/// References with every component, and short ones with some.
const BASES: &[&str] = &[
    "http://user:pw@host.example:8080/a/b;c?q=1&r#frag",
    "a:b",
    "s://h",
    "//h/p",
    "/p/q",
    "p/q:r",
    "?q",
    "#f",
    "",
    "mailto:x@y.z",
    "urn:a:b%41",
];

#[test]
fn the_stage_agrees_with_the_walk_on_the_corpora_and_their_mutations() {
    let seeds = seeds();
    for grammar in GRAMMARS {
        let mut rng = Rng(0x5a6e ^ (grammar as u64).wrapping_mul(0x9e37_79b9));
        let mut tally = Tally::default();
        for seed in &seeds {
            tally.check(grammar, seed);
            for m in mutations(seed, &mut rng) {
                tally.check(grammar, &m);
            }
        }
        tally.assert_agreement(&format!("{grammar}"));
        // The stage is in front of the walk, not beside it: it decides
        // most of what it is given here.
        assert!(
            tally.decided * 4 > tally.inputs,
            "{grammar}: decided {} of {}",
            tally.decided,
            tally.inputs
        );
    }
}

#[test]
fn the_stage_decides_most_of_the_benchmark_corpora() {
    for (file, grammar, share) in [
        ("reference-ascii.txt", Grammar::Uri, 0.8),
        ("reference-ascii.txt", Grammar::Iri, 0.8),
        ("reference-nonascii.txt", Grammar::Iri, 0.5),
    ] {
        let mut tally = Tally::default();
        for input in common::corpus(file) {
            tally.check(grammar, &input);
        }
        tally.assert_agreement(file);
        assert!(
            tally.decided as f64 >= share * tally.inputs as f64,
            "{file} {grammar}: decided {} of {}",
            tally.decided,
            tally.inputs
        );
    }
}

#[test]
fn every_ascii_byte_at_every_place_of_short_references() {
    for grammar in GRAMMARS {
        let mut tally = Tally::default();
        for base in BASES {
            for at in 0..=base.len() {
                for b in 0u8..0x80 {
                    let c = char::from(b);
                    let (head, tail) = base.split_at(at);
                    tally.check(grammar, &format!("{head}{c}{tail}"));
                    if let Some(rest) = tail.get(1..) {
                        tally.check(grammar, &format!("{head}{c}{rest}"));
                    }
                }
            }
        }
        tally.assert_agreement(&format!("{grammar}"));
        assert!(tally.decided > 1000, "{grammar}: {}", tally.decided);
    }
}

/// Characters on the edges that matter: the first and last of each lead
/// byte's characters, and each side of RFC 3987's ranges (`ucschar`,
/// `iprivate`, the surrogates, the non-characters).
fn edges() -> Vec<char> {
    let mut chars = Vec::new();
    for lead in 0xC2u32..=0xF4 {
        let (first, last) = match lead {
            0xC2..=0xDF => ((lead & 0x1F) << 6, (lead & 0x1F) << 6 | 0x3F),
            0xE0..=0xEF => ((lead & 0x0F) << 12, (lead & 0x0F) << 12 | 0xFFF),
            _ => ((lead & 0x07) << 18, (lead & 0x07) << 18 | 0x3FFFF),
        };
        // E0 and F0 start at U+0800 and U+10000 (shorter forms are
        // overlong); F4 ends at U+10FFFF.
        let (first, last) = (
            first.max(0x80).max(if lead == 0xE0 {
                0x800
            } else if lead == 0xF0 {
                0x10000
            } else {
                0
            }),
            last.min(0x10FFFF),
        );
        chars.extend([first, last, first + 1, last - 1]);
    }
    let ranges = [
        0x80, 0x9F, 0xA0, 0xD7FF, 0xE000, 0xF8FF, 0xF900, 0xFDCF, 0xFDD0, 0xFDEF, 0xFDF0, 0xFFEF,
        0xFFF0, 0xFFFD, 0xFFFE, 0xFFFF, 0x10000, 0x1FFFD, 0x1FFFE, 0x20000, 0xDFFFD, 0xE0000,
        0xE1000, 0xEFFFD, 0xEFFFE, 0xF0000, 0xFFFFD, 0xFFFFE, 0x100000, 0x10FFFD, 0x10FFFE,
    ];
    chars.extend(ranges);
    chars.into_iter().filter_map(char::from_u32).collect()
}

#[test]
fn every_utf8_boundary_in_every_component() {
    let edges = edges();
    for grammar in GRAMMARS {
        let mut tally = Tally::default();
        for base in BASES {
            for at in 0..=base.len() {
                let (head, tail) = base.split_at(at);
                for &c in &edges {
                    tally.check(grammar, &format!("{head}{c}{tail}"));
                    tally.check(grammar, &format!("{head}{c}{c}{tail}"));
                }
            }
        }
        tally.assert_agreement(&format!("{grammar}"));
    }
}

fn cases() -> usize {
    common::samples("XIRI_STAGE_CASES", 3000, 30000)
}

/// Strings longer than a block, their delimiters, `%XX` and wide
/// characters around its edges (63 to 66, 127 to 130).
#[test]
fn long_references_with_delimiters_around_the_blocks_edges() {
    let pieces = [
        "a", "/", "?", "#", "%41", "%4", "%", "\u{e9}", "\u{fffe}", ":", "@", "[",
    ];
    for grammar in GRAMMARS {
        let mut rng = Rng(0x10_96 ^ grammar as u64);
        let mut tally = Tally::default();
        for prefix in ["http://h/", "s:", "//u@h:1", "", "?"] {
            for len in 56..140 {
                for piece in pieces {
                    let mut s = prefix.to_string();
                    while s.len() < len {
                        s.push('a');
                    }
                    s.push_str(piece);
                    tally.check(grammar, &format!("{s}bcd"));
                    tally.check(grammar, &s);
                }
            }
        }
        for _ in 0..cases() {
            let mut s = String::new();
            let len = 40 + rng.below(160);
            while s.len() < len {
                s.push_str(pieces[rng.below(pieces.len())]);
                s.push_str(&"b".repeat(rng.below(20)));
            }
            tally.check(grammar, &s);
        }
        tally.assert_agreement(&format!("{grammar}"));
        assert!(tally.decided > 100, "{grammar}: {}", tally.decided);
    }
}

/// Every length from 1 to 80 bytes, each place holding each byte that
/// ends or breaks a component: the ways the stage reads the end of an
/// input without reading past it (16 to 31 bytes as two halves, 32 to 63
/// as two vectors that overlap, a block's tail as the bytes that end the
/// input, under 16 bytes a padded copy) each see it at every place.
#[test]
fn every_length_with_each_delimiter_at_each_place() {
    let pieces = [
        ":", "/", "?", "#", "@", "%", "%4", "%41", " ", "[", "\u{e9}", "\u{e000}",
    ];
    for grammar in GRAMMARS {
        let mut tally = Tally::default();
        for prefix in ["s://u@h:1/", "//h", "p"] {
            for len in 1..=80usize {
                let plain: String = prefix
                    .chars()
                    .chain(std::iter::repeat('a'))
                    .take(len)
                    .collect();
                tally.check(grammar, &plain);
                for at in 0..len {
                    for piece in pieces {
                        let (head, tail) = plain.split_at(at);
                        tally.check(grammar, &format!("{head}{piece}{}", &tail[1..]));
                    }
                }
            }
        }
        tally.assert_agreement(&format!("{grammar}"));
        assert!(tally.decided > 5_000, "{grammar}: {}", tally.decided);
    }
}

#[test]
fn each_stage_table_is_its_automatons_and_a_tampered_one_is_not() {
    for grammar in GRAMMARS {
        let (stage, automaton) = xiri::first_stage(grammar).expect("a built-in stage");
        assert!(stage.is_consistent(automaton), "{grammar}");
        for k in 0..xiri::engine::stage::SETS {
            let mut tampered = stage.clone();
            tampered.sets[k][1] ^= 0x04;
            assert!(!tampered.is_consistent(automaton), "{grammar} set {k}");
        }
        let mut tampered = stage.clone();
        tampered.class[usize::from(b'a')] ^= 1 << xiri::engine::stage::PATH;
        assert!(!tampered.is_consistent(automaton), "{grammar} class");
        let mut tampered = stage.clone();
        tampered.scheme_first[1] ^= 0x40;
        assert!(!tampered.is_consistent(automaton), "{grammar} scheme");
        for k in 0..xiri::engine::stage::SETS {
            let mut tampered = stage.clone();
            tampered.outside[k] ^= 1;
            assert!(!tampered.is_consistent(automaton), "{grammar} outside {k}");
        }
    }
}
