//! Parse trees (the `trees` feature): pest's transcription of the rule
//! run on an input the engine accepted, its pairs turned into [`Node`]s;
//! and, for the differential tests (`internals`), pest on its own.

use super::{Grammar, Rule};
use crate::syntax::error::{ErrorKind, ParseError};
use crate::syntax::tree::{Node, ParseTree};
use pest::error::{ErrorVariant, InputLocation};
use pest::iterators::Pair;
use pest::RuleType;

impl Rule {
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

    /// [`check`](Rule::check) of a rule the engine did not compile (none
    /// of the five grammars has one): pest decides.
    pub(super) fn check_without_automaton(&self, input: &str) -> Result<(), ParseError> {
        self.run_pest(input, Detail::Check).map(|_| ())
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
