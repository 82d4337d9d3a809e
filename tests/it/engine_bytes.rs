//! The byte-level automaton (crates/engine/src/compile/bytes.rs, utf8.rs) held to
//! the character-class automaton it is lowered from
//! ([`xiri::engine::CharAutomaton`], compiled here at test time from the
//! same ABNF text and run a character at a time, with no acceleration).
//!
//! For every rule the library compiles without calls, in every grammar:
//! random strings over the characters the grammar's ranges start and end
//! at (each boundary and its neighbours), the code points where UTF-8
//! changes length, and the delimiters, get the same verdict and the same
//! refusal offset from both. Long runs exercise the skip tables: many
//! bytes, `%XX` triplets and multi-byte characters in a row, cut off or
//! broken at random places.
//!
//! A grammar of ranges that straddle every UTF-8 length boundary is
//! checked exhaustively near each boundary.
//!
//! `XIRI_BYTES_SAMPLES=N` sets how many random strings per rule (default
//! 100, 300 with `XIRI_TEST_LONG=1`), `XIRI_BYTES_SEED=S` the seed.

use crate::common;

use common::abnf::{mentioned, oracle, NEAR_MISS_CHARS};
use common::Rng;
use xiri::engine::{self, Automaton, CharAutomaton};
use xiri::Grammar;

/// Code points where UTF-8 changes length, and the surrogates' edges.
const UTF8_EDGES: &[u32] = &[
    0x7F, 0x80, 0x7FF, 0x800, 0xD7FF, 0xE000, 0xFFFD, 0xFFFF, 0x1_0000, 0x10_FFFF,
];

/// The characters random strings are made of: every range boundary of
/// the grammar and its neighbours, the UTF-8 edges, the delimiters.
fn alphabet(abnf: &str) -> Vec<char> {
    let mut points: Vec<u32> = UTF8_EDGES.to_vec();
    for (lo, hi) in mentioned(&oracle(abnf)) {
        for c in [
            lo.saturating_sub(1),
            lo,
            lo + 1,
            hi.saturating_sub(1),
            hi,
            hi + 1,
        ] {
            points.push(c);
        }
    }
    points.extend(NEAR_MISS_CHARS.iter().map(|&c| u32::from(c)));
    let mut chars: Vec<char> = points.into_iter().filter_map(char::from_u32).collect();
    chars.sort_unstable();
    chars.dedup();
    chars
}

/// A random string: pieces of the alphabet, and runs of one piece (the
/// skip tables' ground), `%` with hexadecimal digits or not.
fn random_string(alphabet: &[char], rng: &mut Rng) -> String {
    let mut s = String::new();
    for _ in 0..rng.below(12) {
        match rng.below(4) {
            0 => {
                let c = alphabet[rng.below(alphabet.len())];
                let run = 1 + rng.below(40);
                s.extend(std::iter::repeat_n(c, run));
            }
            1 => {
                let hex = ["%41", "%e9", "%C3%A9", "%4", "%g0", "%"];
                for _ in 0..1 + rng.below(5) {
                    s.push_str(hex[rng.below(hex.len())]);
                }
            }
            _ => {
                for _ in 0..1 + rng.below(6) {
                    s.push(alphabet[rng.below(alphabet.len())]);
                }
            }
        }
    }
    s
}

fn samples() -> usize {
    common::samples("XIRI_BYTES_SAMPLES", 100, 300)
}

/// The byte automaton's refusal offset, as [`CharAutomaton::refusal_offset`].
fn offset(a: &Automaton, input: &str) -> Option<usize> {
    a.check(input).err().map(|r| r.offset)
}

/// Every rule of `grammar` the library compiles without calls, with the
/// same rule compiled to the character stage here.
fn pairs(grammar: Grammar) -> Vec<(String, &'static Automaton, CharAutomaton)> {
    let abnf = grammar.abnf();
    grammar
        .productions()
        .filter_map(|rule| {
            let automaton = rule.automaton()?;
            if automaton.has_calls() {
                return None;
            }
            let chars = CharAutomaton::compile(&abnf, rule.name()).ok()?;
            Some((rule.name().to_string(), automaton, chars))
        })
        .collect()
}

fn agree_on(grammar: Grammar, inputs: &dyn Fn(&mut Rng, &[char]) -> String) -> usize {
    let abnf = grammar.abnf();
    let alphabet = alphabet(&abnf);
    let mut rng = Rng(common::env_number("XIRI_BYTES_SEED", 0xb17e5));
    let mut failures = Vec::new();
    let mut checked = 0;
    let pairs = pairs(grammar);
    assert!(
        !pairs.is_empty(),
        "{grammar}: no rule compiled without calls"
    );
    for (name, automaton, chars) in &pairs {
        for _ in 0..samples() {
            let input = inputs(&mut rng, &alphabet);
            checked += 1;
            let (bytes, expected) = (offset(automaton, &input), chars.refusal_offset(&input));
            if bytes != expected || automaton.matches(&input) != expected.is_none() {
                failures.push(format!(
                    "{grammar} {name} {input:?}: bytes {bytes:?}, chars {expected:?}"
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} disagreements:\n{}",
        failures.len(),
        failures[..failures.len().min(20)].join("\n")
    );
    checked
}

#[test]
fn random_strings_get_the_character_automatons_answers() {
    for grammar in Grammar::ALL {
        let n = agree_on(grammar, &|rng, alphabet| random_string(alphabet, rng));
        println!("{grammar}: {n} random strings");
    }
}

#[test]
fn long_runs_through_the_skip_tables_get_the_same_answers() {
    for grammar in Grammar::ALL {
        let n = agree_on(grammar, &|rng, alphabet| {
            let prefix = ["http://a/", "//h/p?", "a:b#", "", "s://u@h:1/x?y#"][rng.below(5)];
            let mut s = String::from(prefix);
            let units = [
                "a/",
                "%C3%A9",
                "\u{e9}",
                "\u{10000}",
                "\u{e000}",
                "~",
                "%2",
                "\u{fffe}",
                // Mixed widths, so that sixteen-byte chunks end inside a
                // character (crates/engine/src/simd.rs backs up to its start).
                "ab\u{e9}",
                "\u{4e2d}x",
                "x\u{e9}\u{4e2d}",
            ];
            for _ in 0..1 + rng.below(6) {
                let unit = units[rng.below(units.len())];
                for _ in 0..rng.below(30) {
                    s.push_str(unit);
                }
                if rng.below(3) == 0 {
                    s.push(alphabet[rng.below(alphabet.len())]);
                }
            }
            s
        });
        println!("{grammar}: {n} long strings");
    }
}

/// Ranges that start or end at every place UTF-8 changes length.
const STRADDLING: &str = "s = *( %x7E-81 / %x7FE-801 / %xD7FE-D7FF / %xE000-E001 / %xFFFD-10001 / %x3FFFF-40000 / %x10FFFE-10FFFF )\n";

#[test]
fn ranges_across_utf8_boundaries_are_exact_near_each_boundary() {
    let a = engine::compile(STRADDLING, "s", &Default::default()).unwrap();
    let chars = CharAutomaton::compile(STRADDLING, "s").unwrap();
    assert!(a.is_consistent());
    let mut checked = 0;
    for &edge in &[
        0x80u32, 0x800, 0xD800, 0xE000, 0x1_0000, 0x4_0000, 0x10_FFFF,
    ] {
        for c in edge.saturating_sub(70)..=(edge + 70).min(0x10_FFFF) {
            let Some(c) = char::from_u32(c) else { continue };
            for input in [
                c.to_string(),
                format!("\u{7e}{c}\u{10ffff}"),
                format!("{c}{c}"),
            ] {
                checked += 1;
                assert_eq!(
                    offset(&a, &input),
                    chars.refusal_offset(&input),
                    "{input:?}"
                );
            }
        }
    }
    println!("{checked} strings near the boundaries");
}

#[test]
fn a_refusal_inside_a_multibyte_character_is_at_its_first_byte() {
    // "é" is two bytes; the automaton dies on the second, the refusal is
    // at the first, with what the state before it expected.
    let a = engine::compile("a = \"x\" %xE8 \"y\"\n", "a", &Default::default()).unwrap();
    let refusal = a.check("x\u{e9}y").unwrap_err();
    assert_eq!(refusal.offset, 1);
    assert_eq!(refusal.expected, ["%xE8"]);
}

#[test]
fn busy_states_are_accelerated_and_their_skips_are_sound() {
    for grammar in [Grammar::Uri, Grammar::Iri, Grammar::IriBis, Grammar::Leiri] {
        let a = grammar.reference().automaton().unwrap();
        assert!(
            a.accelerated_states() >= 5,
            "{grammar}: {}",
            a.accelerated_states()
        );
        assert!(a.is_consistent());
        assert!(
            a.byte_classes() <= 64,
            "{grammar}: {} byte classes",
            a.byte_classes()
        );
    }
}
