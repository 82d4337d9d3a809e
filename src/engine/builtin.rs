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

/// The reference rule of `grammar` (`URI-reference`, `IRI-reference`,
/// `LEIRI-reference`, `XRI-reference`).
pub(crate) fn reference(grammar: Grammar) -> &'static Automaton {
    match grammar {
        Grammar::Uri => &URI_URI_REFERENCE,
        Grammar::Iri => &IRI_IRI_REFERENCE,
        Grammar::IriBis => &IRI_BIS_IRI_REFERENCE,
        Grammar::Leiri => &LEIRI_LEIRI_REFERENCE,
        Grammar::Xri => &XRI_XRI_REFERENCE,
    }
}

/// `IPv4address`, the same in every grammar (each has its own copy).
pub(crate) fn ipv4(grammar: Grammar) -> &'static Automaton {
    match grammar {
        Grammar::Uri => &URI_IPV4ADDRESS,
        Grammar::Iri => &IRI_IPV4ADDRESS,
        Grammar::IriBis => &IRI_BIS_IPV4ADDRESS,
        Grammar::Leiri => &LEIRI_IPV4ADDRESS,
        Grammar::Xri => &XRI_IPV4ADDRESS,
    }
}

/// `IP-literal`, the same in every grammar (each has its own copy).
pub(crate) fn ip_literal(grammar: Grammar) -> &'static Automaton {
    match grammar {
        Grammar::Uri => &URI_IP_LITERAL,
        Grammar::Iri => &IRI_IP_LITERAL,
        Grammar::IriBis => &IRI_BIS_IP_LITERAL,
        Grammar::Leiri => &LEIRI_IP_LITERAL,
        Grammar::Xri => &XRI_IP_LITERAL,
    }
}
