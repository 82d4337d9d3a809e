//! Setting the query or the fragment without parsing the whole text
//! again: both are at the end, so nothing before them can read
//! differently, and the new value alone is checked by its rule's
//! automaton (`query` or `fragment`, `iquery` or `ifragment`). The spans
//! of the components before it are kept; the fragment's moves with the
//! query. Appending a path segment or a query pair checks the appended
//! piece alone the same way ([`append_at`]).

use crate::syntax::bounds::Bounds;
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

/// What a piece is appended to.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Append {
    /// A path segment, after a "/" unless the path ends with one.
    Segment,
    /// A query pair, after a "&" unless the query is empty or ends with
    /// one.
    Pair,
}

/// Where `piece` goes in `text` (with `bounds`, in `grammar`) when it can be
/// appended with only the piece checked: `None` when the caller must
/// check the whole text (which also says why it is refused).
///
/// Why checking the piece alone gives the full check's answer:
///
/// - A query, in every generic grammar, is `*( pchar / "/" / "?" )`
///   (`iquery` adds `iprivate`): a run of characters and whole
///   percent-triplets, with no "#". An existing query followed by a
///   piece that the query rule matches alone is a query again (no
///   triplet can straddle the join: each side's are whole), and it still
///   ends where the piece ends, at the fragment's "#" or the end. Nothing
///   before the "?" changes. With no query, the "?" is new: the full
///   check decides.
/// - A path of any form (`path-abempty`, `-absolute`, `-noscheme`,
///   `-rootless`) is its start then `*( "/" segment )`. A non-empty path
///   keeps its start: the piece is "/" and a segment, or a segment after
///   the path's final "/" (extending an empty last segment, or the
///   `segment-nz` of a bare "/"), so no "//" or first segment (read as a
///   scheme) appears and an authority's path still starts with "/". A
///   segment has no "/", "?" or "#", so the path ends where the piece
///   does. An empty path (what comes first decides: a scheme, an
///   authority) gets the full check.
pub(super) fn append_at(
    text: &str,
    bounds: Bounds,
    grammar: Grammar,
    to: Append,
    piece: &str,
) -> Option<usize> {
    let uri = grammar == Grammar::Uri;
    let (rule, value, at) = match to {
        Append::Pair => {
            bounds.query()?;
            let rule = if uri { "query" } else { "iquery" };
            (rule, piece, bounds.query_end())
        }
        Append::Segment => {
            let path = bounds.path().get(text);
            if path.is_empty() {
                return None;
            }
            // The "/" that separates the segment, unless the path ends
            // with one; any other "/" the segment rule refuses.
            let segment = match path.ends_with('/') {
                true => piece,
                false => piece.strip_prefix('/')?,
            };
            let rule = if uri { "segment" } else { "isegment" };
            (rule, segment, bounds.path_end())
        }
    };
    let automaton = grammar.rule(rule)?.automaton()?;
    automaton.matches(value).then_some(at)
}
