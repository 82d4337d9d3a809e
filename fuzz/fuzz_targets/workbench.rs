//! The workbench (issue 27) on any ABNF text: the loader (for analysis:
//! a grammar with errors is mended and loads), `rules`, and for the first
//! rules the generator and the decider. Properties: nothing panics; every
//! member the generator writes is accepted by its rule (the automaton
//! where the rule compiles to one, the Earley parser otherwise; an Earley
//! parser out of its budget is no verdict); a rule refused for reaching a
//! broken rule (issue 46) names one whose error is reported with its
//! place; the strict loader takes a grammar exactly when analysis finds
//! no error in it.
//!
//! Run from the repository root (see docs/TESTING.md; fuzz/run gives it
//! the ABNF dictionary):
//!     fuzz/run 600 workbench

#![no_main]

use libfuzzer_sys::fuzz_target;
use xiri::workbench::{rules, AbnfFile, DeciderError, Generator, LoadedGrammar, Severity};

/// How many rules of a grammar are generated from, and how many members
/// each: enough to meet every kind of rule, few enough that an input
/// costs well under a millisecond.
const RULES: usize = 4;
const MEMBERS: usize = 3;
/// The Earley parser's bound, in items, a member: a member of a grammar
/// that is not too ambiguous takes a few dozen items a byte (the
/// generator writes at most 4,000 bytes); a very ambiguous one, such as
/// `list = 91*item` over `item = 6*DIGIT / "[" list "]"` (a finding of
/// this target: 0.27 s a member in a release build, twenty times that
/// here), is undecided instead, which the property allows. The default
/// bound, 100 million, is for a person waiting on one answer.
const MAX_ITEMS: usize = 1 << 20;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let files = [AbnfFile::new("fuzz.abnf", text)];
    let Ok(grammar) = LoadedGrammar::analyze(&files) else {
        return;
    };
    let errors: Vec<_> = grammar
        .diagnostics()
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .collect();
    assert_eq!(
        LoadedGrammar::load(&files).is_ok(),
        errors.is_empty(),
        "{text}"
    );
    let _ = rules(&grammar, &[]);
    let names: Vec<&str> = grammar.rules().take(RULES).collect();
    // The seed is the input's: the same input, the same members.
    let mut generator = Generator::new(&grammar, data.len() as u64);
    for rule in names {
        let decider = grammar.decider(rule);
        if let Err(DeciderError::Broken { broken, .. }) = &decider {
            let reported = errors.iter().any(|d| {
                d.location.is_some()
                    && d.rule
                        .as_deref()
                        .is_some_and(|r| r.eq_ignore_ascii_case(broken))
            });
            assert!(
                reported,
                "{rule} reaches {broken}, whose error is not reported\n{text}"
            );
        }
        let (Ok(()), Ok(decider)) = (generator.check(rule), decider) else {
            continue;
        };
        let decider = decider.with_max_items(MAX_ITEMS);
        for _ in 0..MEMBERS {
            let Ok(member) = generator.member(rule) else {
                break;
            };
            if let Ok(verdict) = decider.decide(&member.text) {
                assert!(
                    verdict.accepted,
                    "{rule}: the generated member {:?} is refused at {:?} by {}\n{text}",
                    member.text,
                    verdict.offset,
                    verdict.engine.name()
                );
            }
        }
    }
});
