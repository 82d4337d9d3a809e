//! The subset construction's work budget, held to the built-in grammars.

use super::{CompileError, WORK_BUDGET, determinize_counting};
use crate::compile::nfa::Builder;

/// Every rule of the built-in grammars, with and without calls
/// through `()`, determinizes well within [`WORK_BUDGET`], so the
/// budget refuses only rules whose automata blow up.
#[test]
fn the_built_in_grammars_are_far_from_the_work_budget() {
    let mut most = (0, String::new());
    for grammar in crate::fixtures::GRAMMARS {
        let abnf = crate::fixtures::abnf(grammar);
        let Ok(Ok(checked)) = abnf_oracle::Grammar::parse(&abnf).map(|g| g.check()) else {
            continue;
        };
        for (i, rule) in checked.rules().iter().enumerate() {
            let Ok(id) = u32::try_from(i) else { continue };
            for brackets in [None, Some(('(', ')'))] {
                let built = Builder::new(&checked, brackets).build(abnf_oracle::RuleId::User(id));
                let Ok(nfa) = built else { continue };
                let name = rule.name.as_str();
                if let Ok((_, work)) = determinize_counting(&nfa, name, brackets, 32)
                    && work > most.0
                {
                    most = (work, format!("{grammar:?} {name} {brackets:?}"));
                }
            }
        }
    }
    eprintln!("most work: {most:?}");
    assert!(most.0 > 0 && most.0 * 3 < WORK_BUDGET, "{most:?}");
}

/// A rule whose automaton blows up is refused by the budget, before
/// it reaches the limit of states (some four times the budget).
#[test]
fn a_rule_whose_automaton_blows_up_is_refused_by_the_budget() {
    let text = "list = item *(\",\" 203item)\nitem = 2*DIGIT / \"[\" list \"]\"\n";
    let checked = abnf_oracle::Grammar::parse(text).map(|g| g.check());
    let Ok(Ok(checked)) = checked else {
        panic!("{checked:?}")
    };
    let brackets = Some(('[', ']'));
    let built = Builder::new(&checked, brackets).build(abnf_oracle::RuleId::User(0));
    let Ok(nfa) = built else { panic!("no NFA") };
    match determinize_counting(&nfa, "list", brackets, 32) {
        Err(CompileError::TooLarge(why)) => assert!(why.contains("steps"), "{why}"),
        other => panic!("{:?}", other.map(|(_, work)| work)),
    }
}
