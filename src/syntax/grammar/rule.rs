//! One rule of one grammar: checking an input against it (the engine's
//! automaton, built in or compiled on first use: src/syntax/builtin.rs),
//! and its parse tree (pest, on inputs the engine accepted).

use super::{Grammar, RuleInfo};
use crate::syntax::error::{ErrorKind, ParseError};
use crate::syntax::tree::{Node, ParseTree};
use pest::error::{ErrorVariant, InputLocation};
use pest::iterators::Pair;
use pest::RuleType;
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

    /// The pest rule, with its `///` quote and `// PEG:` comments.
    ///
    /// ```
    /// let rule = xiri::Grammar::Uri.rule("port").unwrap();
    /// assert!(rule.pest().contains("port = { DIGIT* }"));
    /// ```
    pub fn pest(&self) -> &'static str {
        self.info.pest
    }

    /// The file in `grammar/` the pest rule is in.
    ///
    /// ```
    /// assert_eq!(xiri::Grammar::Leiri.rule("ucschar").unwrap().pest_file(), "leiri.pest");
    /// ```
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
        self.run(input, Detail::Check).map(|_| ())
    }

    /// [`check`](Rule::check) by the pest transcription alone, without
    /// the engine: what the differential tests hold to the ABNF.
    #[cfg(feature = "internals")]
    pub(crate) fn pest_check(&self, input: &str) -> Result<(), ParseError> {
        self.run_pest(input, Detail::Check).map(|_| ())
    }

    /// [`components`](Rule::components) by pest alone.
    #[cfg(feature = "internals")]
    pub(crate) fn pest_components(&self, input: &str) -> Result<Vec<Node>, ParseError> {
        self.run_pest(input, Detail::Components)
    }

    /// The full parse tree the input gets from the rule. Inside an XRI
    /// cross-reference, the value's subtree is the one it gets on its own
    /// as an IRI or an XRI-reference (see `xref_value` in grammar/xri.pest
    /// for why the grammar itself reads it differently).
    ///
    /// ```
    /// let tree = xiri::Grammar::Uri.rule("host").unwrap().parse_tree("1.2.3.4").unwrap();
    /// assert_eq!(tree.roots()[0].children()[0].name(), "IPv4address");
    /// ```
    pub fn parse_tree<'i>(&self, input: &'i str) -> Result<ParseTree<'i>, ParseError> {
        let mut roots = self.run(input, Detail::Full)?;
        if self.grammar == Grammar::Xri {
            for root in &mut roots {
                show_xref_values(input, root);
            }
        }
        Ok(ParseTree { input, roots })
    }

    /// The tree down to the components (character-level productions left
    /// out), for pest's reading of an XRI, which the tests hold the
    /// engine's to.
    #[cfg(feature = "internals")]
    pub(crate) fn components(&self, input: &str) -> Result<Vec<Node>, ParseError> {
        self.run(input, Detail::Components)
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
    fn engine_check(
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

    fn run(&self, input: &str, detail: Detail) -> Result<Vec<Node>, ParseError> {
        if let Some(automaton) = self.automaton() {
            self.engine_check(automaton, input)?;
            if detail == Detail::Check {
                return Ok(Vec::new());
            }
        }
        self.run_pest(input, detail)
    }

    /// The pest parse, for trees (and for the tests, which hold pest to
    /// the ABNF on its own).
    fn run_pest(&self, input: &str, detail: Detail) -> Result<Vec<Node>, ParseError> {
        if self.grammar == Grammar::Xri {
            if let Some(offset) =
                crate::syntax::parens::too_deep(input.as_bytes(), crate::MAX_NESTING)
            {
                return Err(self.error(input, ErrorKind::TooDeep, offset, Vec::new()));
            }
        }
        let pest_name = self.info.pest_name;
        let result = with_module!(self.grammar, m => {
            // build.rs lists only rules of this parser: no input reaches
            // a missing one.
            #[allow(clippy::expect_used)]
            let rule = m::rule(pest_name).expect("build.rs lists only rules of this parser");
            match <m::Parser as pest::Parser<m::Rule>>::parse(rule, input) {
                Ok(pairs) => {
                    let mut roots = Vec::new();
                    let mut end = 0;
                    for pair in pairs {
                        end = end.max(pair.as_span().end());
                        convert(pair, m::name, detail, &mut roots);
                    }
                    Ok((roots, end))
                }
                Err(e) => Err(expected_from(&e, m::name)),
            }
        });
        match result {
            Ok((roots, end)) if end == input.len() => Ok(roots),
            Ok((_, end)) => {
                Err(self.error(input, ErrorKind::Syntax, end, vec!["end of input".into()]))
            }
            Err((offset, expected)) => Err(self.error(
                input,
                ErrorKind::Syntax,
                offset,
                expected.into_iter().map(Into::into).collect(),
            )),
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Inside a cross-reference the XRI grammar reads the value with one
/// committed head (`xref_value` in grammar/xri.pest), which can show, say,
/// `+b` as an iauthority. A tree is for reading the specification by, so
/// there each `xref` gets, instead, the tree its value has on its own: as an
/// IRI when it has a scheme other than "xri", else as the XRI-reference
/// (first match wins, as section 2.2.1.3 says), else as an IRI; the same
/// order as the grammar's.
// The XRI grammar's IRI production is compiled in.
#[allow(clippy::expect_used)]
fn show_xref_values(input: &str, node: &mut Node) {
    if node.name != "xref" {
        for child in &mut node.children {
            show_xref_values(input, child);
        }
        return;
    }
    let (start, end) = (node.start + 1, node.end - 1);
    let value = input.get(start..end).unwrap_or_default();
    let iri = Grammar::Xri
        .rule("IRI")
        .expect("XRI 2.0 has an IRI production");
    let xri_scheme = value
        .get(..4)
        .is_some_and(|p| p.eq_ignore_ascii_case("xri:"));
    let tree = if xri_scheme {
        None
    } else {
        iri.parse_tree(value).ok()
    }
    .or_else(|| Grammar::Xri.reference().parse_tree(value).ok())
    .or_else(|| iri.parse_tree(value).ok());
    if let Some(tree) = tree {
        node.children = tree.roots;
        for child in &mut node.children {
            shift(child, start);
        }
    }
}

fn shift(node: &mut Node, by: usize) {
    node.start += by;
    node.end += by;
    for child in &mut node.children {
        shift(child, by);
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Detail {
    Check,
    #[cfg_attr(not(feature = "internals"), allow(dead_code))]
    Components,
    Full,
}

/// Productions the typed layer never looks inside.
const CHARACTER_LEVEL: &[&str] = &[
    "ALPHA",
    "DIGIT",
    "HEXDIG",
    "unreserved",
    "iunreserved",
    "ucschar",
    "iprivate",
    "pct-encoded",
    "sub-delims",
    "gen-delims",
    "reserved",
    "pchar",
    "ipchar",
    "xri-pchar",
    "xri-pchar-nc",
    "xri-sub-delims",
    "xri-gen-delims",
    "xri-reserved",
    "rgcs-char",
    "h16",
    "ls32",
    "dec-octet",
];

/// Appends `pair` (or, for an entry point, its children) to `out` as nodes.
fn convert<R: RuleType>(
    pair: Pair<'_, R>,
    name: fn(R) -> &'static str,
    detail: Detail,
    out: &mut Vec<Node>,
) {
    if detail == Detail::Check {
        return;
    }
    let label = name(pair.as_rule());
    let span = pair.as_span();
    if label == "end of input" {
        return;
    }
    if label.is_empty() {
        for inner in pair.into_inner() {
            convert(inner, name, detail, out);
        }
        return;
    }
    let mut node = Node {
        name: label,
        start: span.start(),
        end: span.end(),
        children: Vec::new(),
    };
    if detail == Detail::Full || !CHARACTER_LEVEL.contains(&label) {
        for inner in pair.into_inner() {
            convert(inner, name, detail, &mut node.children);
        }
    }
    out.push(node);
}

/// The offset and the expected productions of a pest error.
fn expected_from<R: RuleType>(
    e: &pest::error::Error<R>,
    name: fn(R) -> &'static str,
) -> (usize, Vec<String>) {
    let offset = match e.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((start, _)) => start,
    };
    let mut expected: Vec<String> = match &e.variant {
        ErrorVariant::ParsingError { positives, .. } => positives
            .iter()
            .map(|r| name(*r))
            .filter(|n| !n.is_empty())
            .map(str::to_string)
            .collect(),
        ErrorVariant::CustomError { message } => vec![message.clone()],
    };
    expected.sort();
    expected.dedup();
    (offset, expected)
}
