//! One rule of one grammar: checking an input against it (the engine's
//! automaton, built in or compiled on first use: src/syntax/builtin.rs);
//! its parse tree (pest, on inputs the engine accepted) is in `trees.rs`.

use super::{Grammar, RuleInfo};
use crate::syntax::error::{ErrorKind, ParseError};
use std::fmt;

/// One rule of one grammar: an ABNF production with its pest transcription,
/// or one of the entry points `reference`, `absolute`, `relative`.
#[derive(Clone, Copy, Debug)]
pub struct Rule {
    pub(super) grammar: Grammar,
    pub(super) info: &'static RuleInfo,
}

impl Rule {
    /// The grammar it belongs to.
    ///
    /// ```
    /// assert_eq!(xiri::Grammar::Xri.reference().grammar(), xiri::Grammar::Xri);
    /// ```
    pub fn grammar(&self) -> Grammar {
        self.grammar
    }

    /// The production's ABNF name; for an entry point, the production it
    /// enters (`IRI-reference` for the IRI grammar's `reference`).
    ///
    /// ```
    /// assert_eq!(xiri::Grammar::Uri.relative().name(), "relative-ref");
    /// ```
    pub fn name(&self) -> &'static str {
        match self.info.pest_name.strip_suffix("_eoi") {
            Some(production) => self
                .grammar
                .table()
                .iter()
                .find(|i| i.pest_name == production)
                .map_or(self.info.name, |i| i.name),
            None => self.info.name,
        }
    }

    /// The production as the specification prints it (empty for an entry point).
    ///
    /// ```
    /// let rule = xiri::Grammar::Uri.rule("port").unwrap();
    /// assert_eq!(rule.abnf(), "port          = *DIGIT");
    /// ```
    pub fn abnf(&self) -> &'static str {
        self.info.abnf
    }

    /// The file in `grammar/` the production is quoted from.
    ///
    /// ```
    /// assert_eq!(xiri::Grammar::Xri.rule("xref").unwrap().abnf_file(), "xri.abnf");
    /// ```
    pub fn abnf_file(&self) -> &'static str {
        self.info.abnf_file
    }

    /// The pest rule, with its `///` quote and `// PEG:` comments (with
    /// the `trees` feature, which brings the pest transcriptions).
    ///
    /// ```
    /// let rule = xiri::Grammar::Uri.rule("port").unwrap();
    /// assert!(rule.pest().contains("port = { DIGIT* }"));
    /// ```
    #[cfg(feature = "trees")]
    pub fn pest(&self) -> &'static str {
        self.info.pest
    }

    /// The file in `grammar/` the pest rule is in (with the `trees`
    /// feature).
    ///
    /// ```
    /// assert_eq!(xiri::Grammar::Leiri.rule("ucschar").unwrap().pest_file(), "leiri.pest");
    /// ```
    #[cfg(feature = "trees")]
    pub fn pest_file(&self) -> &'static str {
        self.info.pest_file
    }

    /// Whether the whole input matches the rule.
    ///
    /// ```
    /// let rule = xiri::Grammar::Uri.rule("IPv6address").unwrap();
    /// assert!(rule.check("::1").is_ok());
    /// assert_eq!(rule.check("1::2::3").unwrap_err().offset(), 5);
    /// ```
    pub fn check(&self, input: &str) -> Result<(), ParseError> {
        match self.automaton() {
            Some(automaton) => self.engine_check(automaton, input),
            None => self.check_without_automaton(input),
        }
    }

    /// [`check`](Rule::check) of a rule the engine did not compile (none
    /// of the five grammars has one): pest decides, with the `trees`
    /// feature; without it, the input is refused at its start.
    #[cfg(not(feature = "trees"))]
    fn check_without_automaton(&self, input: &str) -> Result<(), ParseError> {
        Err(self.error(input, ErrorKind::Syntax, 0, Vec::new()))
    }

    pub(crate) fn error(
        &self,
        input: &str,
        kind: ErrorKind,
        offset: usize,
        expected: Vec<std::borrow::Cow<'static, str>>,
    ) -> ParseError {
        ParseError {
            kind,
            grammar: self.grammar,
            rule: self.name(),
            offset,
            expected,
            input: input.into(),
        }
    }

    /// The rule compiled by the engine: built into the library for the
    /// rules it runs on every input (build/engine_tables.rs), compiled at
    /// run time on first use and kept for every other one. Then
    /// [`check`](Rule::check) and every error come from it, in one linear
    /// pass, and pest only builds trees of inputs the engine accepted.
    /// Every production of the five grammars compiles (`None` would leave
    /// the rule to pest alone). A first use costs the compilation: about
    /// 0.1 s in a release build for an XRI rule that reaches a
    /// cross-reference, far less for the others.
    ///
    /// ```
    /// let rule = xiri::Grammar::Iri.reference();
    /// assert_eq!(rule.automaton().unwrap().rule(), "IRI-reference");
    /// let segment = xiri::Grammar::Xri.rule("xri-segment").unwrap();
    /// assert!(segment.automaton().unwrap().matches("a*(b)"));
    /// ```
    pub fn automaton(&self) -> Option<&'static crate::engine::Automaton> {
        crate::syntax::builtin::automaton(self.grammar, self.name())
    }

    /// The engine's verdict, as a [`ParseError`] on refusal.
    pub(super) fn engine_check(
        &self,
        automaton: &crate::engine::Automaton,
        input: &str,
    ) -> Result<(), ParseError> {
        automaton.check(input).map_err(|r| self.refusal(input, r))
    }

    /// The engine's refusal of `input` as this rule's [`ParseError`].
    pub(crate) fn refusal(&self, input: &str, r: crate::engine::Refusal) -> ParseError {
        let kind = if r.too_deep {
            ErrorKind::TooDeep
        } else {
            ErrorKind::Syntax
        };
        self.error(input, kind, r.offset, r.expected)
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
