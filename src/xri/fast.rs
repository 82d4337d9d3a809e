//! The XRI fast path: an XRI reference validated and split into its
//! components in one pass over each nesting level, without pest and
//! without allocating, on the classes build.rs
//! derives from grammar/xri.abnf (`xri-pchar`, `xri-pchar-nc`, `iquery`,
//! ...; src/syntax/scan.rs, which also reads the IRI authority).
//!
//! It follows grammar/xri.pest's reading choice by choice and answers only
//! where that reading is certain. Where pest would backtrack into another
//! alternative after more than a first-character test, or would fail, it
//! answers `None` and the caller asks pest, which builds the same tree or
//! gives the error with its offset and expected productions (or finds the
//! same components). The two
//! certain fall-backs it takes itself are the ones every common XRI meets:
//! `xri-hier-part` reads an `iauthority` when no `xri-authority` starts, or
//! when what follows one cannot finish the value ("=a@b"); and
//! `relative-XRI-part` is `ipath-empty` when `xri-path-noscheme` cannot
//! start.
//!
//! A cross-reference ends at the ")" that matches its "(" (the policy of
//! docs/DECISIONS.md, "Parentheses inside cross-references"); its value is
//! classified as [`cross_reference`](super::cross_reference) classifies it,
//! by reading the content on its own. That reading is pest's reading inside
//! the cross-reference too when the content's parentheses used as data
//! balance within their component, which is checked; otherwise `None`.
//!
//! tests/fast_path.rs holds the components to pest's, and
//! `fast_path_check` is the comparison the tests and the fuzz target run.

// The hot loops index the input at positions the same loop has just
// bounded (and the class tables by a byte); `get` there costs measurably.
// The fuzz target and tests/fast_path.rs run them on hostile input, and
// the generated engine of issue 13 replaces this file.
#![allow(clippy::indexing_slicing)]

use super::{iri_value, looks_absolute, Authority, GlobalContext, XriRef};
use crate::syntax::components::{AuthoritySpans, Span};
use crate::syntax::grammar::Grammar;
use crate::syntax::reference::Iri;
use crate::syntax::scan::{Scanner, FRAGMENT, QUERY, XRI_PCHAR, XRI_PCHAR_NC};

/// `input`'s typed tree as [`XriRef::parse`] builds it, or `None` to leave
/// the input to pest.
pub(super) fn reference(input: &str) -> Option<XriRef<'_>> {
    // Too deep a nesting is pest's error to give (grammar.rs checks it
    // before parsing); below it, the recursion here is bounded too.
    // (Counting the "(" first is cheaper than following the depth, and
    // enough for nearly every input.)
    let opens = input.bytes().filter(|&c| c == b'(').count();
    if opens > crate::MAX_NESTING
        && crate::syntax::parens::too_deep(input.as_bytes(), crate::MAX_NESTING).is_some()
    {
        return None;
    }
    Fast::new(input, false).reference()
}

struct Fast<'a> {
    s: &'a str,
    b: &'a [u8],
    scan: Scanner<'a>,
    /// The content of a cross-reference: parentheses used as data must
    /// balance within their component for pest's reading to be this one.
    nested: bool,
}

/// `[ "?" iquery ] [ "#" ifragment ]` as spans.
type Tail = (Option<Span>, Option<Span>);

fn span(start: usize, end: usize) -> Span {
    Span { start, end }
}

impl<'a> Fast<'a> {
    fn new(s: &'a str, nested: bool) -> Self {
        Fast {
            s,
            b: s.as_bytes(),
            scan: Scanner::new(Grammar::Xri, s),
            nested,
        }
    }

    /// The policy's choice (module docs of `xri`): `XRI` or
    /// `relative-XRI-ref`.
    fn reference(&self) -> Option<XriRef<'a>> {
        if looks_absolute(self.s) {
            self.absolute()
        } else {
            self.relative()
        }
    }

    /// `XRI = [ "xri://" ] xri-hier-part [ "?" iquery ] [ "#" ifragment ]`.
    fn absolute(&self) -> Option<XriRef<'a>> {
        let prefix = self
            .s
            .get(..6)
            .is_some_and(|p| p.eq_ignore_ascii_case("xri://"));
        let start = if prefix { 6 } else { 0 };
        // xri-hier-part, first alternative: xri-authority xri-path-abempty,
        // kept when a query and fragment can finish the value after it.
        if self.xri_authority_starts(start) {
            let (authority, end) = self.xri_authority(start)?;
            let path_end = self.path_abempty(end)?;
            if let Some((query, fragment)) = self.tail(path_end) {
                self.balanced_tail(query, fragment).then_some(())?;
                return Some(XriRef {
                    text: self.s,
                    prefix,
                    authority: Some(authority),
                    path: span(end, path_end),
                    query,
                    fragment,
                });
            }
        }
        // Second alternative: iauthority xri-path-abempty, the authority
        // running to the first "/", "?" or "#". When the value does not end
        // after it, pest tries the reading without the prefix ("xri:" as
        // the authority) or fails: either way, pest's to give.
        let end = self.b[start..]
            .iter()
            .position(|&c| matches!(c, b'/' | b'?' | b'#'))
            .map_or(self.b.len(), |i| start + i);
        let a = self.scan.authority(start, end)?;
        self.balanced_authority(&a).then_some(())?;
        let path_end = self.path_abempty(end)?;
        let (query, fragment) = self.tail(path_end)?;
        self.balanced_tail(query, fragment).then_some(())?;
        Some(XriRef {
            text: self.s,
            prefix,
            authority: Some(Authority::Iri(a)),
            path: span(end, path_end),
            query,
            fragment,
        })
    }

    /// Whether an `xri-authority` can start at `at`: `gcs-authority` (an
    /// `rgcs-char`, or "!" then `xri-subseg-pt-nz`, "!" and a cross-reference
    /// or an `xri-pchar`) or `xref-authority` ("("). When not, pest's first
    /// alternative fails at once and it reads an `iauthority`.
    fn xri_authority_starts(&self, at: usize) -> bool {
        match self.b.get(at) {
            Some(b'=' | b'@' | b'+' | b'$' | b'(') => true,
            Some(b'!') if self.b.get(at + 1) == Some(&b'!') => {
                self.b.get(at + 2) == Some(&b'(')
                    || self.scan.run(at + 2, XRI_PCHAR).is_none_or(|e| e > at + 2)
            }
            _ => false,
        }
    }

    /// `xri-authority = gcs-authority / xref-authority` at `at`, where one
    /// starts, and its end.
    fn xri_authority(&self, at: usize) -> Option<(Authority, usize)> {
        if self.b[at] == b'(' {
            // xref-authority = xref *xri-subseg
            let xref_end = self.xref(at)?;
            let end = self.subsegments(xref_end, XRI_PCHAR)?;
            let authority = Authority::CrossReference {
                span: span(at, end),
                xref_end,
            };
            return Some((authority, end));
        }
        let symbol = GlobalContext::from_byte(self.b[at])?;
        let end = if symbol == GlobalContext::Bang {
            // pgcs-authority = "!" xri-subseg-pt-nz *xri-subseg
            let after = self.subseg(at + 1, XRI_PCHAR)?;
            self.subsegments(after, XRI_PCHAR)?
        } else {
            // rgcs-authority = rgcs-char xri-segment
            self.segment(at + 1)?
        };
        let authority = Authority::Global {
            span: span(at, end),
            symbol,
        };
        Some((authority, end))
    }

    /// `xri-path-abempty = *( "/" xri-segment )` from `at`: its end.
    fn path_abempty(&self, mut at: usize) -> Option<usize> {
        while self.b.get(at) == Some(&b'/') {
            at = self.segment(at + 1)?;
        }
        Some(at)
    }

    /// `xri-segment = xri-subseg-od *xri-subseg` at `at`: its end.
    fn segment(&self, at: usize) -> Option<usize> {
        let after = self.subseg(at, XRI_PCHAR)?;
        self.subsegments(after, XRI_PCHAR)
    }

    /// `*xri-subseg` (or `*xri-subseg-nc`, by `class`) from `at`: its end.
    fn subsegments(&self, mut at: usize, class: u16) -> Option<usize> {
        while matches!(self.b.get(at), Some(b'*' | b'!')) {
            at = self.subseg(at, class)?;
        }
        Some(at)
    }

    /// One sub-segment at `at`, `[ "*" / "!" ] ( xref / *class )`: its end.
    fn subseg(&self, at: usize, class: u16) -> Option<usize> {
        let body = at + usize::from(matches!(self.b.get(at), Some(b'*' | b'!')));
        if self.b.get(body) == Some(&b'(') {
            self.xref(body)
        } else {
            self.scan.run(body, class)
        }
    }

    /// `xref = "(" ( XRI-reference / IRI ) ")"` at `at`: to the matching
    /// ")", its content read on its own. Its end.
    fn xref(&self, at: usize) -> Option<usize> {
        let close = crate::syntax::parens::matching(self.b, at)?;
        let content = &self.s[at + 1..close];
        match iri_value(content) {
            Some(iri) => balanced_iri(&iri).then_some(())?,
            None => Fast::new(content, true).reference().map(drop)?,
        }
        Some(close + 1)
    }

    /// `relative-XRI-ref = relative-XRI-part [ "?" iquery ] [ "#" ifragment ]`.
    fn relative(&self) -> Option<XriRef<'a>> {
        let path_end = if self.b.first() == Some(&b'/') {
            self.path_absolute()?
        } else {
            self.path_noscheme()?
        };
        let (query, fragment) = self.tail(path_end)?;
        self.balanced_tail(query, fragment).then_some(())?;
        Some(XriRef {
            text: self.s,
            prefix: false,
            authority: None,
            path: span(0, path_end),
            query,
            fragment,
        })
    }

    /// `xri-path-absolute = "/" [ xri-segment-nz *( "/" xri-segment ) ]`:
    /// its end.
    fn path_absolute(&self) -> Option<usize> {
        // xri-segment-nz = xri-subseg-od-nz *xri-subseg, and
        // xri-subseg-od-nz = [ "*" / "!" ] ( xref / 1*xri-pchar ): when it
        // cannot start, the optional part is absent.
        let body = 1 + usize::from(matches!(self.b.get(1), Some(b'*' | b'!')));
        let nz = self.b.get(body) == Some(&b'(') || self.scan.run(body, XRI_PCHAR)? > body;
        if !nz {
            return Some(1);
        }
        let end = self.segment(1)?;
        self.path_abempty(end)
    }

    /// `xri-path-noscheme = xri-subseg-od-nx *xri-subseg-nc *( "/"
    /// xri-segment )`, or `ipath-empty` when its first sub-segment,
    /// `[ "*" / "!" ] 1*xri-pchar-nc`, cannot start: its end.
    fn path_noscheme(&self) -> Option<usize> {
        let body = usize::from(matches!(self.b.first(), Some(b'*' | b'!')));
        let first = self.scan.run(body, XRI_PCHAR_NC)?;
        if first == body {
            return Some(0);
        }
        let end = self.subsegments(first, XRI_PCHAR_NC)?;
        self.path_abempty(end)
    }

    /// `[ "?" iquery ] [ "#" ifragment ]` from `at`, when they reach the end
    /// of the value; `None` when they do not (for certain: both are
    /// repetitions, and a "%" not followed by two HEXDIG stops them).
    fn tail(&self, mut at: usize) -> Option<Tail> {
        let mut part = |mark: u8, class: u16| {
            if self.b.get(at) != Some(&mark) {
                return Some(None);
            }
            let end = self.scan.run(at + 1, class)?;
            let part = span(at + 1, end);
            at = end;
            Some(Some(part))
        };
        let query = part(b'?', QUERY)?;
        let fragment = part(b'#', FRAGMENT)?;
        (at == self.b.len()).then_some((query, fragment))
    }

    /// Inside a cross-reference: the query's and fragment's parentheses
    /// balance.
    fn balanced_tail(&self, query: Option<Span>, fragment: Option<Span>) -> bool {
        !self.nested
            || (query
                .is_none_or(|q| crate::syntax::parens::balanced(q.get(self.s).as_bytes(), false))
                && fragment.is_none_or(|f| {
                    crate::syntax::parens::balanced(f.get(self.s).as_bytes(), false)
                }))
    }

    /// Inside a cross-reference: the userinfo's and host's parentheses
    /// balance.
    fn balanced_authority(&self, a: &AuthoritySpans) -> bool {
        !self.nested
            || (a
                .userinfo
                .is_none_or(|u| crate::syntax::parens::balanced(u.get(self.s).as_bytes(), false))
                && crate::syntax::parens::balanced(a.host.get(self.s).as_bytes(), false))
    }
}

/// An IRI inside a cross-reference: each component's parentheses balance
/// (`IRI-x` in grammar/xri-balanced.abnf).
fn balanced_iri(iri: &Iri<'_>) -> bool {
    let text = iri.as_str();
    if !text.contains(['(', ')']) {
        return true;
    }
    iri.userinfo()
        .is_none_or(|u| crate::syntax::parens::balanced(u.as_bytes(), false))
        && iri
            .host()
            .is_none_or(|h| crate::syntax::parens::balanced(h.as_str().as_bytes(), false))
        && crate::syntax::parens::balanced(iri.path().as_bytes(), true)
        && iri
            .query()
            .is_none_or(|q| crate::syntax::parens::balanced(q.as_bytes(), false))
        && iri
            .fragment()
            .is_none_or(|f| crate::syntax::parens::balanced(f.as_bytes(), false))
}
