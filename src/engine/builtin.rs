//! The built-in grammars' rules, compiled by `build.rs` (build/engine_tables.rs).

use crate::engine::Automaton;
use crate::syntax::grammar::Grammar;
use std::borrow::Cow;

include!(concat!(env!("OUT_DIR"), "/engine_tables.rs"));

/// The compiled automaton of `grammar`'s rule `name` (its ABNF name, any
/// case), if the engine compiles it.
pub(crate) fn automaton(grammar: Grammar, name: &str) -> Option<&'static Automaton> {
    compiled(grammar)
        .iter()
        .copied()
        .find(|a| a.rule.eq_ignore_ascii_case(name))
}
