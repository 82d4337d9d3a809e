//! Setting the query or the fragment without parsing the whole text
//! again: both are at the end, so nothing before them can read
//! differently, and the new value alone is checked by its rule's
//! automaton (`query` or `fragment`, `iquery` or `ifragment`). The spans
//! of the components before it are kept; the fragment's moves with the
//! query.

use crate::syntax::components::{Span, Spans};
use crate::syntax::grammar::Grammar;

/// The query or the fragment.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Tail {
    Query,
    Fragment,
}

impl Tail {
    /// Whether `value` is this component in `grammar` (no delimiter that
    /// would end it in it). `None` when the rule's automaton is not at
    /// hand, so the caller checks the whole text instead.
    fn holds(self, grammar: Grammar, value: &str) -> Option<bool> {
        let name = match (grammar, self) {
            (Grammar::Uri, Tail::Query) => "query",
            (Grammar::Uri, Tail::Fragment) => "fragment",
            (_, Tail::Query) => "iquery",
            (_, Tail::Fragment) => "ifragment",
        };
        let automaton = grammar.rule(name)?.automaton()?;
        Some(automaton.matches(value))
    }
}

/// `text` (with `spans`, in `grammar`) with its query or fragment set to
/// `value` or removed: the new text and spans, or `None` when `value` is
/// not that component there (the caller's full check then says why).
pub(super) fn splice(
    text: &str,
    spans: Spans,
    grammar: Grammar,
    tail: Tail,
    value: Option<&str>,
) -> Option<(String, Spans)> {
    if let Some(v) = value {
        // A "#" in a query would end it: a structure error, which the
        // full check reports as such.
        if (tail == Tail::Query && v.contains('#')) || !tail.holds(grammar, v)? {
            return None;
        }
    }
    let (old, delimiter) = match tail {
        Tail::Query => (spans.query, '?'),
        Tail::Fragment => (spans.fragment, '#'),
    };
    // Where the old component and its delimiter start and end (or where
    // the new one goes).
    let (cut_start, cut_end) = match (old, tail) {
        (Some(s), _) => (s.start.saturating_sub(1), s.end),
        (None, Tail::Query) => {
            let at = spans.path.end;
            (at, at)
        }
        (None, Tail::Fragment) => (text.len(), text.len()),
    };
    let mut out = String::with_capacity(text.len() + value.map_or(0, |v| v.len() + 1));
    out.push_str(text.get(..cut_start)?);
    let new = value.map(|v| {
        out.push(delimiter);
        let start = out.len();
        out.push_str(v);
        Span::new(start, out.len())
    });
    let shift = |s: Span| Span::new(s.start + out.len() - cut_end, s.end + out.len() - cut_end);
    let mut spans = spans;
    match tail {
        Tail::Query => {
            // The fragment, if any, follows: it moves.
            let fragment = spans.fragment.map(shift);
            out.push_str(text.get(cut_end..)?);
            spans.query = new;
            spans.fragment = fragment;
        }
        Tail::Fragment => spans.fragment = new,
    }
    Some((out, spans))
}
