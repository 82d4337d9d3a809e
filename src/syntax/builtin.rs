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

/// Whether `host` is an `IPv4address` of `grammar`: only digits and dots
/// can be, so any other host is answered without running the automaton.
pub(crate) fn is_ipv4(grammar: Grammar, host: &str) -> bool {
    host.bytes().all(|b| b.is_ascii_digit() || b == b'.') && ipv4(grammar).matches(host)
}

/// The rules of grammar/xri-typed.abnf that the typed XRI API runs
/// (src/xri/): the typed policy's reference, absolute and relative forms,
/// and the two halves of an absolute XRI after its prefix.
pub(crate) mod xri_typed {
    use crate::engine::Automaton;

    /// `typed-XRI-reference`: what `XriRef::parse` accepts.
    pub(crate) fn reference() -> &'static Automaton {
        &super::XRI_TYPED_TYPED_XRI_REFERENCE
    }

    /// `typed-XRI`: what `Xri::parse` accepts.
    pub(crate) fn absolute() -> &'static Automaton {
        &super::XRI_TYPED_TYPED_XRI
    }

    /// `relative-XRI-ref`, its cross-references read by the policy.
    pub(crate) fn relative() -> &'static Automaton {
        &super::XRI_TYPED_RELATIVE_XRI_REF
    }

    /// `xri-authority`, its cross-references read by the policy.
    pub(crate) fn xri_authority() -> &'static Automaton {
        &super::XRI_TYPED_XRI_AUTHORITY
    }

    /// `xri-path-abempty [ "?" iquery ] [ "#" ifragment ]`.
    pub(crate) fn after_authority() -> &'static Automaton {
        &super::XRI_TYPED_XRI_AFTER_AUTHORITY
    }

    /// `typed-IRI-x`: a cross-reference's content read as an IRI (for
    /// pest's reading of the policy, which the tests hold the engine's to).
    #[cfg_attr(not(feature = "internals"), allow(dead_code))]
    pub(crate) fn iri_x() -> &'static Automaton {
        &super::XRI_TYPED_TYPED_IRI_X
    }
}
