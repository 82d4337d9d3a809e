//! Where a reference's components are, kept compact: the offsets at which
//! its parts end, from which every component's span follows. A reference
//! value holds this (56 bytes) rather than [`Spans`] (176): every parse,
//! conversion and resolution moves its value out, and a smaller one is
//! cheaper to move.
//!
//! The layout is RFC 3986's (section 3): `[ scheme ":" ] [ "//" authority ]
//! path [ "?" query ] [ "#" fragment ]`, the authority `[ userinfo "@" ]
//! host [ ":" port ]`, each part right after the one before. So the
//! scheme starts at 0, the authority right after the scheme's ":" and
//! "//", the path where the authority (or the scheme) ends, a query after
//! the path's "?", a fragment after the query's "#" and to the end.

use crate::syntax::components::{AuthoritySpans, Span, Spans};
use crate::HostKind;

/// The offsets where a reference's parts end (see the module's text).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Bounds {
    /// After the scheme's ":", or 0 without a scheme (a scheme is never
    /// empty).
    scheme_end: usize,
    /// Where the host starts, or 0 without an authority (a host comes
    /// after "//", so never at 0).
    host_start: usize,
    host_end: usize,
    /// Where the path starts: where the authority ends, or `scheme_end`.
    path_start: usize,
    path_end: usize,
    /// Where the query ends; `path_end` without a query.
    query_end: usize,
    host_kind: HostKind,
}

fn span(start: usize, end: usize) -> Span {
    Span { start, end }
}

impl Bounds {
    /// The bounds of a reference with `scheme_end` (after its ":", or 0),
    /// `authority` (its parts, `host_start` never 0), a path from
    /// `path_start` to `path_end` and a query to `query_end` (`path_end`
    /// without one).
    #[inline]
    pub(crate) fn new(
        scheme_end: usize,
        authority: Option<(usize, usize, HostKind)>,
        path_start: usize,
        path_end: usize,
        query_end: usize,
    ) -> Bounds {
        let (host_start, host_end, host_kind) = authority.unwrap_or((0, 0, HostKind::RegName));
        Bounds {
            scheme_end,
            host_start,
            host_end,
            path_start,
            path_end,
            query_end,
            host_kind,
        }
    }

    /// The bounds of `spans`, the components of a text `len` bytes long
    /// laid out as the module's text says (every reference's are).
    #[inline]
    pub(crate) fn of(spans: Spans, len: usize) -> Bounds {
        let authority = spans
            .authority
            .map(|a| (a.host.start, a.host.end, a.host_kind));
        let bounds = Bounds::new(
            spans.scheme.map_or(0, |s| s.end + 1),
            authority,
            spans.path.start,
            spans.path.end,
            spans.query.map_or(spans.path.end, |q| q.end),
        );
        debug_assert_eq!(
            bounds.spans(len),
            spans,
            "spans not laid out as RFC 3986 3's"
        );
        bounds
    }

    /// Whether there is a scheme.
    #[inline]
    pub(crate) fn has_scheme(&self) -> bool {
        self.scheme_end > 0
    }

    /// Where the scheme ends, after its ":" (0 without a scheme): the
    /// scheme and its ":" are the text up to here.
    #[inline]
    pub(crate) fn scheme_end(&self) -> usize {
        self.scheme_end
    }

    /// Where the path starts: the scheme and the authority, each with
    /// its delimiters, are the text up to here.
    #[inline]
    pub(crate) fn path_start(&self) -> usize {
        self.path_start
    }

    /// Where the path ends: a query's "?" starts here.
    #[inline]
    pub(crate) fn path_end(&self) -> usize {
        self.path_end
    }

    /// Where the query ends (the path's end without one): a fragment's
    /// "#" starts here.
    #[inline]
    pub(crate) fn query_end(&self) -> usize {
        self.query_end
    }

    /// The host's start, end and kind, with an authority.
    #[inline]
    pub(crate) fn host(&self) -> Option<(usize, usize, HostKind)> {
        (self.host_start > 0).then_some((self.host_start, self.host_end, self.host_kind))
    }

    /// The scheme, without its ":".
    #[inline]
    pub(crate) fn scheme(&self) -> Option<Span> {
        self.has_scheme().then(|| span(0, self.scheme_end - 1))
    }

    /// The authority, without its "//".
    #[inline]
    pub(crate) fn authority(&self) -> Option<AuthoritySpans> {
        (self.host_start > 0).then(|| {
            let start = self.scheme_end + 2;
            let end = self.path_start;
            AuthoritySpans {
                whole: span(start, end),
                userinfo: (self.host_start > start).then(|| span(start, self.host_start - 1)),
                host: span(self.host_start, self.host_end),
                host_kind: self.host_kind,
                port: (self.host_end < end).then(|| span(self.host_end + 1, end)),
            }
        })
    }

    /// The path.
    #[inline]
    pub(crate) fn path(&self) -> Span {
        span(self.path_start, self.path_end)
    }

    /// The query, without its "?".
    #[inline]
    pub(crate) fn query(&self) -> Option<Span> {
        (self.query_end > self.path_end).then(|| span(self.path_end + 1, self.query_end))
    }

    /// The fragment of a text `len` bytes long, without its "#".
    #[inline]
    pub(crate) fn fragment(&self, len: usize) -> Option<Span> {
        (len > self.query_end).then(|| span(self.query_end + 1, len))
    }

    /// The bounds of a text made from this one by rewriting characters in
    /// place (each offset `p` became `f(p)`, in order), as percent-encoding
    /// does: the components stay where they were, only longer. `f` is
    /// called with increasing offsets.
    #[inline]
    pub(crate) fn map(self, mut f: impl FnMut(usize) -> usize) -> Bounds {
        let scheme_end = f(self.scheme_end);
        let (host_start, host_end) = if self.host_start > 0 {
            (f(self.host_start), f(self.host_end))
        } else {
            (0, 0)
        };
        Bounds {
            scheme_end,
            host_start,
            host_end,
            path_start: f(self.path_start),
            path_end: f(self.path_end),
            query_end: f(self.query_end),
            host_kind: self.host_kind,
        }
    }

    /// Every component's span, in a text `len` bytes long.
    #[inline]
    pub(crate) fn spans(&self, len: usize) -> Spans {
        Spans {
            scheme: self.scheme(),
            authority: self.authority(),
            path: self.path(),
            query: self.query(),
            fragment: self.fragment(len),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::reference::parse_spans;
    use crate::Grammar;

    #[test]
    fn spans_come_back_from_bounds() {
        for text in [
            "",
            "a",
            "s:",
            "s://",
            "s://@",
            "//h:",
            "//u@h:80/p?q#f",
            "s:p?#",
            "?#",
            "#",
            "s://[::1]:/p",
            "//u:p@1.2.3.4",
            "../a?b",
        ] {
            let spans = parse_spans(Grammar::Uri, false, text, false).unwrap();
            let bounds = Bounds::of(spans, text.len());
            assert_eq!(bounds.spans(text.len()), spans, "{text:?}");
        }
    }
}
