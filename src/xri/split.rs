//! The components of an XRI reference the engine has accepted by the typed
//! policy (grammar/xri-typed.abnf), found as RFC 3986 Appendix B finds a
//! URI's, from the grammar's delimiters, plus one choice the engine makes.
//!
//! On an accepted input:
//! - a reference is absolute exactly when it starts with "xri://", a
//!   global context symbol, "!!" or "(" (the policy; the two readings are
//!   disjoint, grammar/xri-typed.abnf says why), and "xri://" is then its
//!   prefix;
//! - after the prefix, the authority is an `xri-authority` or an
//!   `iauthority`. An `iauthority` ends at the first "/", "?" or "#" (it
//!   has no cross-references, and none of those); an `xri-authority` at
//!   the first of them outside parentheses (its parentheses are
//!   cross-references, which balance). The XRI reading is taken when the
//!   engine accepts it: its authority is an `xri-authority`, and, where
//!   the two readings end the authority at different places, what follows
//!   is an `xri-after-authority`. Otherwise the IRI reading is the one the
//!   whole input was accepted by. (First match wins, 2.2.1.3: `@example`
//!   is an XRI authority, though it is an IRI one too.)
//! - the path runs to the first "?" or "#" outside parentheses (in a path,
//!   parentheses are cross-references), the query to the next "#".

use super::{looks_absolute, Authority, GlobalContext, XriRef};
use crate::engine::Refusal;
use crate::syntax::builtin::xri_typed;
use crate::syntax::components::Span;
use crate::syntax::grammar::Grammar;
use crate::syntax::parens::{first_outside_of, matching, Stops};
use crate::syntax::split::{authority, until};
use xiri_engine::marks::{Marks, FRAGMENT, QUERY};

fn span(start: usize, end: usize) -> Span {
    Span { start, end }
}

/// The first byte of `b[from..]` outside parentheses that is one of
/// `stops`, or the end.
#[inline]
fn outside_parens(b: &[u8], from: usize, stops: &Stops) -> usize {
    let rest = b.get(from..).unwrap_or_default();
    first_outside_of(rest, stops).map_or(b.len(), |at| from + at)
}

/// What ends an authority.
static PAST_AUTHORITY: Stops = Stops::new(b"/?#");
/// What ends a path.
static PAST_PATH: Stops = Stops::new(b"?#");

/// The typed reading of `input`, which `typed-XRI-reference` accepts; or
/// the refusal of the XRI reading when it nests too deep, since the
/// reading taken must not depend on the depth limit (2.2.1.3's first
/// match would be the XRI authority).
pub(super) fn reference(input: &str, marks: Option<Marks>) -> Result<XriRef<'_>, Refusal> {
    let b = input.as_bytes();
    let marks = marks.map(|m| (m, 0));
    if !looks_absolute(input) {
        return Ok(tail(input, None, false, 0, marks));
    }
    let prefix = super::has_prefix(input);
    let start = if prefix { super::PREFIX.len() } else { 0 };
    let iri_end = until(b, start, b.len(), |c| matches!(c, b'/' | b'?' | b'#'));
    let xri_end = outside_parens(b, start, &PAST_AUTHORITY);
    let text = |s: usize, e: usize| input.get(s..e).unwrap_or_default();
    // The XRI reading, when the engine accepts it: how it starts (a
    // symbol, or None for a cross-reference) and where it ends.
    let first = b.get(start).copied();
    let mut xri_reading = first.filter(|&c| GlobalContext::from_byte(c).is_some() || c == b'(');
    if xri_reading.is_some() {
        match xri_typed::xri_authority().check(text(start, xri_end)) {
            Err(refusal) if refusal.too_deep => return Err(refusal.shifted(start)),
            Err(_) => xri_reading = None,
            Ok(()) if xri_end == iri_end => {}
            Ok(()) if xri_typed::after_authority().matches(text(xri_end, b.len())) => {}
            Ok(()) => xri_reading = None,
        }
    }
    let (authority, end) = match xri_reading {
        Some(first) => (xri_authority(b, start, xri_end, first), xri_end),
        None => (
            Authority::Iri(authority(Grammar::Xri, input, start, iri_end)),
            iri_end,
        ),
    };
    Ok(tail(input, Some(authority), prefix, end, marks))
}

/// The XRI authority `start..end`, whose first byte `first` is a global
/// context symbol or the "(" of a cross-reference.
fn xri_authority(b: &[u8], start: usize, end: usize, first: u8) -> Authority {
    let whole = span(start, end);
    match GlobalContext::from_byte(first) {
        Some(symbol) => Authority::Global {
            span: whole,
            symbol,
        },
        None => Authority::CrossReference {
            span: whole,
            xref_end: matching(b, start).map_or(end, |close| close + 1),
        },
    }
}

/// The typed reading of an absolute `input` whose authority the XRI
/// reading takes, found without a run over the whole input: when
/// `xri-authority` accepts the authority (up to the first "/", "?" or
/// "#" outside parentheses) and `xri-after-authority` what follows, the
/// input is a `typed-XRI` ("xri://" and an `xri-no-scheme`, or a
/// `gcs-XRI`: grammar/xri-typed.abnf), and [`reference`] would take the
/// XRI reading. `None` otherwise, for the run over the whole input to
/// decide. Each half has one reading, where the whole input's run follows
/// the IRI authority's too, with its parentheses as data.
///
/// When the authority is an XRI authority that ends where an IRI one
/// would (no "/", "?" or "#" inside its parentheses), every reading of
/// the input splits there, and what follows must be an
/// `xri-after-authority` in each: if it is not, the input is refused,
/// at the offset where that run stopped (the run over the whole input
/// stops there too, the same language following in each reading), with
/// the same names expected, listed in that run's order (the test below
/// holds the two refusals to each other).
#[inline(always)]
pub(super) fn xri_reading(input: &str) -> Option<Result<XriRef<'_>, Refusal>> {
    if !looks_absolute(input) {
        return None;
    }
    let b = input.as_bytes();
    let prefix = super::has_prefix(input);
    let start = if prefix { super::PREFIX.len() } else { 0 };
    let first = b
        .get(start)
        .copied()
        .filter(|&c| GlobalContext::from_byte(c).is_some() || c == b'(')?;
    // The authority's run finds where it ends: an XRI authority's
    // parentheses balance and hold its only "/", "?" and "#".
    let rest = input.get(start..)?;
    let end = match xri_typed::xri_authority().member_before(rest, b"/?#") {
        Some(Ok(end)) => start + end,
        Some(Err(())) => return None,
        None => {
            let end = outside_parens(b, start, &PAST_AUTHORITY);
            if !xri_typed::xri_authority().matches(input.get(start..end)?) {
                return None;
            }
            end
        }
    };
    let after = input.get(end..)?;
    match xri_typed::after_authority().check_split_with_calls(after) {
        Ok(marks) => Some(Ok(tail(
            input,
            Some(xri_authority(b, start, end, first)),
            prefix,
            end,
            marks.map(|m| (m, end)),
        ))),
        Err(refusal) if end == until(b, start, b.len(), |c| matches!(c, b'/' | b'?' | b'#')) => {
            Some(Err(refusal.shifted(end)))
        }
        Err(_) => None,
    }
}

/// The reference with `authority`, its path starting at `start`; where
/// the query and fragment start from `marks` (of the run over the input
/// from the offset beside them, which recorded Appendix B's split with
/// cross-references opaque: its "?" and "#" are those outside
/// parentheses), else found by a scan.
#[inline(always)]
fn tail(
    input: &str,
    authority: Option<Authority>,
    prefix: bool,
    start: usize,
    marks: Option<(Marks, usize)>,
) -> XriRef<'_> {
    let b = input.as_bytes();
    let (path_end, query, fragment) = match marks {
        Some((marks, base)) => {
            let query = marks.after(QUERY).map(|q| base + q);
            let fragment = marks.after(FRAGMENT).map(|f| base + f);
            let before = |at: Option<usize>| at.map_or(b.len(), |a| a - 1);
            (
                before(query.or(fragment)),
                query.map(|q| span(q, before(fragment))),
                fragment.map(|f| span(f, b.len())),
            )
        }
        None => {
            let path_end = outside_parens(b, start, &PAST_PATH);
            let mut at = path_end;
            let query = (b.get(at) == Some(&b'?')).then(|| {
                let end = until(b, at + 1, b.len(), |c| c == b'#');
                let q = span(at + 1, end);
                at = end;
                q
            });
            let fragment = (b.get(at) == Some(&b'#')).then(|| span(at + 1, b.len()));
            (path_end, query, fragment)
        }
    };
    XriRef {
        text: input,
        prefix,
        authority,
        path: span(start, path_end),
        query,
        fragment,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The XRI corpus with pieces put in at every place, and at the end.
    fn corpus_and_changes(pieces: &[&str]) -> Vec<String> {
        let corpus = include_str!("../../benches/corpus/xri.txt");
        let mut inputs: Vec<String> = Vec::new();
        for line in corpus.lines().filter(|l| !l.is_empty()) {
            for k in (1..=line.len()).filter(|&k| line.is_char_boundary(k)) {
                for put in pieces {
                    inputs.push(format!("{}{put}{}", &line[..k], &line[k..]));
                }
            }
        }
        inputs
    }

    /// The prefix is found as a comparison ignoring case finds it: any
    /// byte, at any of its places, in "xri://" and "XRI://".
    #[test]
    fn the_prefix_is_xri_in_any_case() {
        for base in [*b"xri://", *b"XRI://", *b"xRi://"] {
            for at in 0..base.len() {
                for x in 0..=u8::MAX {
                    let mut bytes = base.to_vec();
                    bytes[at] = x;
                    bytes.push(b'a');
                    let input = String::from_utf8_lossy(&bytes);
                    let expected = input
                        .as_bytes()
                        .get(..6)
                        .is_some_and(|p| p.eq_ignore_ascii_case(b"xri://"));
                    assert_eq!(super::super::has_prefix(&input), expected, "{input:?}");
                }
            }
        }
        assert!(!super::super::has_prefix("xri:/"));
    }

    /// Where the authority's run says an XRI authority ends, and whether
    /// it is one, is what the scan for the first "/", "?" or "#" outside
    /// parentheses and the authority's verdict say.
    #[test]
    fn the_authority_s_run_ends_it_where_the_scan_does() {
        let pieces = [
            "(", ")", "/", "?", "#", "((", "(/)", "(?#)", "a)b", "*(+a/b)", " ", "%",
        ];
        let (mut decided, mut members) = (0, 0);
        for input in corpus_and_changes(&pieces) {
            let start = if super::super::has_prefix(&input) {
                super::super::PREFIX.len()
            } else {
                0
            };
            let b = input.as_bytes();
            if !b
                .get(start)
                .is_some_and(|&c| GlobalContext::from_byte(c).is_some() || c == b'(')
            {
                continue;
            }
            let end = outside_parens(b, start, &PAST_AUTHORITY);
            let member = xri_typed::xri_authority().matches(&input[start..end]);
            match xri_typed::xri_authority().member_before(&input[start..], b"/?#") {
                Some(Ok(at)) => assert!(member && start + at == end, "{input:?}"),
                Some(Err(())) => assert!(!member, "{input:?}"),
                None => continue,
            }
            decided += 1;
            members += usize::from(member);
        }
        assert!(
            members > 500 && decided - members > 500,
            "{members} of {decided}"
        );
    }

    /// The query and fragment where the runs' marks put them are where
    /// the scan finds them, on every accepted input; and the marks are
    /// used on most of them (one reading all along).
    #[test]
    fn the_runs_marks_split_as_the_scan_does() {
        let pieces = [
            "?",
            "#",
            "?a#b",
            "(?)",
            "(#)",
            "(a?b)",
            "/(+a?b#c)",
            "(",
            ")",
            "//",
        ];
        let (mut accepted, mut marked) = (0, 0);
        for input in corpus_and_changes(&pieces) {
            let Ok(parsed) = XriRef::parse(&input) else {
                continue;
            };
            accepted += 1;
            let scanned = reference(&input, None).unwrap();
            let parts = |x: &XriRef| (x.prefix, x.authority, x.path, x.query, x.fragment);
            assert_eq!(parts(&parsed), parts(&scanned), "{input:?}");
            let relative = !looks_absolute(&input);
            let marks = match (relative, parsed.authority) {
                (true, _) => xri_typed::reference().check_split_with_calls(&input),
                (
                    false,
                    Some(Authority::Global { span, .. } | Authority::CrossReference { span, .. }),
                ) => xri_typed::after_authority().check_split_with_calls(&input[span.end..]),
                _ => Ok(None),
            };
            marked += usize::from(matches!(marks, Ok(Some(_))));
        }
        assert!(
            accepted > 1_000 && marked > accepted / 2,
            "{marked} of {accepted}"
        );
    }

    /// Where the XRI authority ends where an IRI one would and what
    /// follows is refused, the refusal `xri_reading` gives is the run over
    /// the whole input's: the same offset, depth verdict and names
    /// expected (in another order), on the XRI corpus with bytes put in
    /// at every place and at the end.
    #[test]
    fn a_refusal_after_the_authority_is_the_whole_run_s() {
        let corpus = include_str!("../../benches/corpus/xri.txt");
        let mut inputs = corpus_and_changes(&["%", " ", ")c", "(", "#["]);
        for line in corpus.lines().filter(|l| !l.is_empty()) {
            for end in [" ", "%", "b)c", "((", "/(+a", "?a#b#", "/[x"] {
                inputs.push(format!("{line}{end}"));
            }
        }
        let mut derived = 0;
        for input in &inputs {
            let whole = xri_typed::reference().check(input);
            match (xri_reading(input), whole) {
                (Some(Err(refusal)), Err(full)) => {
                    derived += 1;
                    let (mut ours, mut theirs) = (refusal.expected, full.expected);
                    ours.sort();
                    theirs.sort();
                    assert_eq!(
                        (refusal.offset, refusal.too_deep, ours),
                        (full.offset, full.too_deep, theirs),
                        "{input:?}"
                    );
                }
                (Some(Err(_)), Ok(())) => panic!("{input:?} refused, but accepted"),
                (Some(Ok(_)), Err(_)) => panic!("{input:?} accepted, but refused"),
                _ => {}
            }
        }
        assert!(derived > 500, "{derived}");
    }
}
