//! The 19 XRI productions the engine does not keep (those that reach a
//! cross-reference: about 1,540 states each), which `Rule::check` decides
//! with pest and explains with the Earley parser: their verdicts, offsets
//! and expected sets against an automaton the engine's compiler makes at
//! run time from the same ABNF, on generated members and near-misses.

mod common;

use common::abnf::{near_misses, oracle, Generation, Generators};
use common::Rng;
use std::collections::BTreeSet;
use xiri::engine::{self, Options};
use xiri::Grammar;

#[test]
fn pest_and_the_earley_parser_answer_as_a_compiled_automaton() {
    let samples: usize = common::env_number("XIRI_INNER_SAMPLES", 40);
    let abnf = Grammar::Xri.abnf();
    let checked = oracle(&abnf);
    let generation = Generation::new(&abnf);
    let mut rng = Rng(common::env_number("XIRI_SEED", 0x1d1e_5eed));
    let options = Options::new().with_brackets('(', ')').with_max_depth(32);
    let inner: Vec<_> = Grammar::Xri
        .productions()
        .filter(|r| r.automaton().is_none())
        .collect();
    assert_eq!(
        inner.len(),
        19,
        "{:?}",
        inner.iter().map(|r| r.name()).collect::<Vec<_>>()
    );
    let (mut inputs, mut refused) = (0, 0);
    // Two of them, compiled at run time (a few seconds each in a debug
    // build): a segment and a whole authority.
    for rule in inner
        .iter()
        .filter(|r| ["xri-segment", "xri-authority"].contains(&r.name()))
    {
        let automaton = engine::compile(&abnf, rule.name(), &options).unwrap();
        let mut generators = Generators::new(&generation.grammar, &mut rng);
        let mut cases = vec![String::new()];
        for i in 0..samples {
            if let Some(m) = generators.generate(i, rule.name()) {
                let m = generation.repair(m, &mut rng);
                cases.extend(near_misses(&m, &mut rng));
                cases.push(m);
            }
        }
        for input in &cases {
            let got = rule.check(input);
            let want = automaton.check(input);
            match (&got, &want) {
                (Ok(()), Ok(())) => {}
                (Err(g), Err(w)) => {
                    let g_expected: BTreeSet<&str> =
                        g.expected().iter().map(String::as_str).collect();
                    // The engine names a cross-reference's "(" after its
                    // rule, `xref`; the Earley parser quotes it (as
                    // tests/earley.rs notes too).
                    let w_expected: BTreeSet<&str> = w
                        .expected
                        .iter()
                        .map(|e| if e == "xref" { "\"(\"" } else { e.as_str() })
                        .collect();
                    assert_eq!(
                        (g.offset(), g_expected),
                        (w.offset, w_expected),
                        "{} {input:?}",
                        rule.name()
                    );
                    refused += 1;
                }
                _ => panic!(
                    "{} {input:?}: check says {:?}, the automaton {:?}; the ABNF {:?}",
                    rule.name(),
                    got.as_ref().map_err(|e| e.message()),
                    want.as_ref().map_err(|r| r.offset),
                    common::abnf::verdict(&checked, rule.name(), input)
                ),
            }
            inputs += 1;
        }
    }
    println!("{inputs} inputs, {refused} refused");
    assert!(refused > samples, "{refused} refused of {inputs}");
}
