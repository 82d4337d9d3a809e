//! How wide an ABNF grammar's alternations and concatenations are, found
//! once it is parsed and before `abnf-oracle` checks it: its check
//! computes each node's shortest match by going over all of a node's
//! items each time one of them is settled, so a node of `w` items costs
//! `w²` (issue 41: one rule of 50,000 items, 200 KB, took 12 s).

use abnf_oracle::{DefinedAs, Definition, Element, Span};
use std::collections::HashMap;

/// How many items an alternation or a concatenation may have, the
/// alternatives of a rule's `=/` counted with its `=`: no specification
/// comes near (the widest in xiri's grammars and the RFC grammars of its
/// tests, RFC 3339, 3986, 3987, 5322, 6570, 6874, 8259 and 9110 and the
/// XRI grammars, has 24 items), and a node this wide costs
/// `abnf-oracle`'s check about 0.02 s (docs/DECISIONS.md).
pub const MAX_GROUP_WIDTH: usize = 4096;

/// An alternation or a concatenation wider than [`MAX_GROUP_WIDTH`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TooWide {
    /// The rule it is in, as the grammar spells it.
    pub rule: String,
    /// Its width: how many items, or alternatives.
    pub width: usize,
    /// Whether it is an alternation (else a concatenation).
    pub alternation: bool,
    /// Where it begins (where its rule's `=/` that passes the limit
    /// does), as near as the parsed text says.
    pub span: Span,
}

impl TooWide {
    /// What is wrong, without the place.
    ///
    /// ```
    /// let g = abnf_oracle::Grammar::parse(&format!("r = {}\n", vec!["x"; 5000].join(" "))).unwrap();
    /// let wide = xiri_engine::too_wide(g.definitions()).unwrap();
    /// assert_eq!(wide.message(), "`r` has a concatenation of 5000 items: at most 4096 are taken (abnf-oracle's check is quadratic in the width)");
    /// ```
    pub fn message(&self) -> String {
        let kind = if self.alternation {
            "an alternation"
        } else {
            "a concatenation"
        };
        format!(
            "`{}` has {kind} of {} items: at most {MAX_GROUP_WIDTH} are taken (abnf-oracle's check is quadratic in the width)",
            self.rule, self.width
        )
    }
}

/// The first alternation or concatenation of `definitions` wider than
/// [`MAX_GROUP_WIDTH`], a rule's `=/` alternatives counted with its `=`.
///
/// ```
/// let text = format!("r = {}\n", vec!["\"a\""; 4097].join(" / "));
/// let g = abnf_oracle::Grammar::parse(&text).unwrap();
/// let wide = xiri_engine::too_wide(g.definitions()).unwrap();
/// assert_eq!((wide.rule.as_str(), wide.width, wide.alternation), ("r", 4097, true));
/// let text = format!("r = x\nr =/ {}\nx = \"a\"\n", vec!["x"; 4096].join(" / "));
/// let g = abnf_oracle::Grammar::parse(&text).unwrap();
/// let wide = xiri_engine::too_wide(g.definitions()).unwrap();
/// assert_eq!((wide.width, wide.span.start), (4097, 6));
/// let g = abnf_oracle::Grammar::parse("r = \"a\" / \"b\"\nr =/ \"c\"\n").unwrap();
/// assert_eq!(xiri_engine::too_wide(g.definitions()), None);
/// ```
pub fn too_wide<'d>(definitions: impl IntoIterator<Item = &'d Definition>) -> Option<TooWide> {
    let mut alternatives: HashMap<String, usize> = HashMap::new();
    for d in definitions {
        let own = match &d.body {
            Element::Alt(items) => items.len(),
            _ => 1,
        };
        let count = alternatives.entry(d.name.key()).or_insert(0);
        *count = match d.defined_as {
            DefinedAs::Base => own,
            DefinedAs::Incremental => count.saturating_add(own),
        };
        let (width, alternation, at) = match widest(&d.body) {
            Some((width, e)) if width > MAX_GROUP_WIDTH => {
                (width, matches!(e, Element::Alt(_)), start(e))
            }
            _ if *count > MAX_GROUP_WIDTH => (*count, true, None),
            _ => continue,
        };
        return Some(TooWide {
            rule: d.name.as_str().to_string(),
            width,
            alternation,
            span: at.unwrap_or(d.span.0),
        });
    }
    None
}

/// The widest alternation or concatenation of `e`, and its width.
fn widest(e: &Element) -> Option<(usize, &Element)> {
    let mut best: Option<(usize, &Element)> = None;
    let mut stack = vec![e];
    while let Some(e) = stack.pop() {
        match e {
            Element::Alt(items) | Element::Concat(items) => {
                if best.is_none_or(|(w, _)| items.len() > w) {
                    best = Some((items.len(), e));
                }
                stack.extend(items);
            }
            Element::Repeat { body, .. } | Element::Optional(body) => stack.push(body),
            _ => {}
        }
    }
    best
}

/// Where `e` begins, as its first leaf with a place says (a string keeps
/// none).
fn start(e: &Element) -> Option<Span> {
    let mut stack = vec![e];
    while let Some(e) = stack.pop() {
        match e {
            Element::Alt(items) | Element::Concat(items) => stack.extend(items.iter().rev()),
            Element::Repeat { span, .. } | Element::RuleRef { span, .. } => return Some(span.0),
            Element::NumVal { span, .. } | Element::ProseVal { span, .. } => return Some(span.0),
            Element::Optional(body) => stack.push(body),
            Element::CharVal(_) => {}
        }
    }
    None
}
