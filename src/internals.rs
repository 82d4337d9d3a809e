//! Hooks for the differential tests and the fuzz target, behind the
//! `internals` feature: not public API.

use crate::syntax::grammar::Grammar;

/// For the differential tests and the fuzz target: the fast path's verdict
/// on `input` as a reference of `grammar` when it agrees with the pest
/// grammar's (same verdict, same spans and host kind), a description of the
/// difference when it does not. For XRI, the typed tree: when the fast path
/// answers (it may leave an input to pest), it must be the one pest builds.
///
/// ```
/// assert_eq!(xiri::fast_path_check(xiri::Grammar::Iri, "http://a/b"), Ok(true));
/// assert_eq!(xiri::fast_path_check(xiri::Grammar::Uri, "http://a/b c"), Ok(false));
/// assert_eq!(xiri::fast_path_check(xiri::Grammar::Xri, "@a*b/(+c)"), Ok(true));
/// ```
pub fn fast_path_check(grammar: Grammar, input: &str) -> Result<bool, String> {
    match grammar {
        Grammar::Xri => crate::xri::fast_path_check(input),
        _ => crate::syntax::scan::fast_path_check(grammar, input),
    }
}

pub use crate::xri::xri_fast_path_answers;
