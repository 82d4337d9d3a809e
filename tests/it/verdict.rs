//! The verdict-only entries (`Reference::is_valid`, `Absolute::is_valid`,
//! which the Python package's `is_valid` runs) against the typed parses
//! and the entry rules' checks: the same verdict on the benchmark corpora,
//! the printed examples, the peers' vectors and their mutations, in the
//! four RFC 3986-shaped syntaxes, without and with zone identifiers.

use crate::common;
use crate::fast_path::{mutations, seeds};

use common::Rng;
use xiri::{Absolute, GenericSyntax, Grammar, Reference, Zoned};

/// Each disagreement of the verdicts with `parse` and the rules' checks.
fn disagreements<S: GenericSyntax>(grammar: Grammar, input: &str, out: &mut Vec<String>) {
    let reference = Reference::<S>::is_valid(input);
    let absolute = Absolute::<S>::is_valid(input);
    if reference != Reference::<S>::parse(input).is_ok() {
        out.push(format!(
            "{grammar} reference {input:?}: is_valid {reference}"
        ));
    }
    if absolute != Absolute::<S>::parse(input).is_ok() {
        out.push(format!("{grammar} absolute {input:?}: is_valid {absolute}"));
    }
    let zoned = Reference::<Zoned<S>>::is_valid(input);
    if zoned != Reference::<Zoned<S>>::parse(input).is_ok() {
        out.push(format!("{grammar} zoned {input:?}: is_valid {zoned}"));
    }
}

fn agree<S: GenericSyntax>(grammar: Grammar) {
    let mut rng = Rng(0x45 + grammar as u64);
    let mut failures = Vec::new();
    let mut valid = 0;
    let seeds = seeds();
    for seed in &seeds {
        disagreements::<S>(grammar, seed, &mut failures);
        valid += usize::from(Reference::<S>::is_valid(seed));
        // The entry rules' own checks, on the seeds (what Python's
        // `check` runs beside `is_valid`).
        if Reference::<S>::is_valid(seed) != grammar.reference().check(seed).is_ok()
            || Absolute::<S>::is_valid(seed) != grammar.absolute().check(seed).is_ok()
        {
            failures.push(format!(
                "{grammar} {seed:?}: the entry rules' checks differ"
            ));
        }
        for m in mutations(seed, &mut rng) {
            disagreements::<S>(grammar, &m, &mut failures);
        }
    }
    assert!(
        failures.is_empty(),
        "{:#?}",
        &failures[..failures.len().min(10)]
    );
    // Both verdicts were given (a test that accepts or refuses everything
    // would show nothing).
    assert!(
        valid > seeds.len() / 4 && valid < seeds.len(),
        "{grammar}: {valid} of {}",
        seeds.len()
    );
}

#[test]
fn verdicts_agree_with_parse_in_every_syntax() {
    agree::<xiri::Rfc3986>(Grammar::Uri);
    agree::<xiri::Rfc3987>(Grammar::Iri);
    agree::<xiri::Rfc3987bis>(Grammar::IriBis);
    agree::<xiri::LeiriNote>(Grammar::Leiri);
}
