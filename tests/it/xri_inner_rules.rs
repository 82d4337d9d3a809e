//! The XRI productions below the entry points that reach a cross-reference
//! (`xri-segment`, `xri-authority`, ...: about 1,540 states each), which
//! build.rs does not compile and `Rule::check` compiles on first use. Before
//! that, pest decided them and the Earley parser explained their refusals;
//! now their verdicts, offsets and expected sets are those of an automaton
//! the engine's compiler makes from the same ABNF with the same options,
//! and agree with the Earley parser's reading of the ABNF, on generated
//! members and near-misses.

use crate::common;

use common::abnf::{near_misses, oracle, Generation, Generators};
use common::Rng;
use std::collections::BTreeSet;
use xiri::engine::{self, Options};
use xiri::workbench::earley::{Earley, FailureKind};
use xiri::Grammar;

#[test]
fn the_rules_compiled_on_first_use_answer_as_the_compiler_and_the_abnf() {
    let samples: usize = common::env_number("XIRI_INNER_SAMPLES", 40);
    let abnf = Grammar::Xri.abnf();
    let checked = oracle(&abnf);
    let generation = Generation::new(&abnf);
    let mut rng = Rng(common::env_number("XIRI_SEED", 0x1d1e_5eed));
    let options = Options::new().with_brackets('(', ')').with_max_depth(32);
    let (mut inputs, mut refused) = (0, 0);
    // Two of them (a second or so to compile in a debug build, twice: by
    // `Rule::check` and here): a segment and a whole authority.
    for name in ["xri-segment", "xri-authority"] {
        let rule = Grammar::Xri.rule(name).unwrap();
        assert!(rule.automaton().unwrap().has_calls(), "{name}");
        let automaton = engine::compile(&abnf, rule.name(), &options).unwrap();
        let earley = Earley::new(&checked, rule.name()).unwrap();
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
            match (&got, automaton.check(input), earley.recognize(input)) {
                (Ok(()), Ok(()), Ok(())) => {}
                (Err(g), Err(w), Err(e)) if e.kind == FailureKind::Rejected => {
                    let got = (g.offset(), g.expected().to_vec());
                    assert_eq!(got, (w.offset, w.expected), "{} {input:?}", rule.name());
                    // The engine names a cross-reference's "(" after its
                    // rule, `xref`; the Earley parser quotes it (as
                    // tests/it/earley.rs notes too).
                    let engine: BTreeSet<&str> = got
                        .1
                        .iter()
                        .map(|e| if e == "xref" { "\"(\"" } else { e.as_ref() })
                        .collect();
                    let earley: BTreeSet<&str> = e.expected.iter().map(String::as_str).collect();
                    assert_eq!(
                        (got.0, engine),
                        (e.offset, earley),
                        "{} {input:?}",
                        rule.name()
                    );
                    refused += 1;
                }
                (_, want, earley) => panic!(
                    "{} {input:?}: check says {:?}, the automaton {:?}, the Earley parser {:?}; the ABNF {:?}",
                    rule.name(),
                    got.as_ref().map_err(|e| e.message()),
                    want.as_ref().map_err(|r| r.offset),
                    earley.as_ref().map_err(|f| (f.kind, f.offset)),
                    common::abnf::verdict(&checked, rule.name(), input)
                ),
            }
            inputs += 1;
        }
    }
    println!("{inputs} inputs, {refused} refused");
    assert!(refused > samples, "{refused} refused of {inputs}");
}
