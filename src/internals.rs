//! Hooks for the differential tests and the fuzz target, behind the
//! `internals` feature: not public API.

use crate::syntax::grammar::Grammar;

/// For the differential tests and the fuzz target: the engine's verdict on
/// `input` as a reference of `grammar` when it agrees with the pest
/// grammar's alone (same verdict, and the spans and host kind RFC 3986
/// Appendix B's split finds are those pest's tree gives), a description of
/// the difference when it does not. For XRI, the typed tree: when the fast path
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
        _ => crate::syntax::reference::fast_path_check(grammar, input),
    }
}

/// For the differential tests: whether the pest transcription of `rule`,
/// alone (without the engine), accepts `input`.
///
/// ```
/// let rule = xiri::Grammar::Uri.rule("IPv4address").unwrap();
/// assert!(xiri::pest_check(&rule, "1.2.3.4").is_ok());
/// ```
pub fn pest_check(rule: &crate::Rule, input: &str) -> Result<(), crate::ParseError> {
    rule.pest_check(input)
}

/// For tests/it/fast_path.rs: whether pest's reading of the typed XRI policy
/// accepts `input` (src/xri/pest_path.rs), so that its tree can be
/// compared with the engine's reading.
///
/// ```
/// assert!(xiri::xri_pest_reads("@a*b/(+c)"));
/// assert!(!xiri::xri_pest_reads("@a*b c"));
/// ```
pub fn xri_pest_reads(input: &str) -> bool {
    crate::xri::pest_reads(input)
}
