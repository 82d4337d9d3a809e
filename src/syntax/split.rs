//! The components of a reference the engine has accepted, found by RFC
//! 3986 Appendix B's split: a scheme is what precedes the first ":" when
//! no "/", "?" or "#" comes before it; "//" starts an authority that runs
//! to the next "/", "?" or "#"; the path runs to "?" or "#"; the query to
//! "#". On input already known to be a reference of one of the four RFC
//! 3986-shaped grammars the split is exact: no component can hold the
//! delimiter that ends it (a relative reference's first segment holds no
//! ":", userinfo and host hold no "@", a reg-name or IPv4 host no ":").
//! Only the host's kind needs the grammar: `IPv4address` is its automaton.

use crate::syntax::builtin;
use crate::syntax::components::{AuthoritySpans, Span, Spans};
use crate::syntax::grammar::Grammar;
use crate::HostKind;

/// The position of the first byte of `b[from..to]` that `stop` picks, or
/// `to`.
pub(crate) fn until(b: &[u8], from: usize, to: usize, stop: impl Fn(u8) -> bool) -> usize {
    b.get(from..to)
        .and_then(|s| s.iter().position(|&c| stop(c)))
        .map_or(to, |i| from + i)
}

fn span(start: usize, end: usize) -> Span {
    Span { start, end }
}

/// The offset of the first byte from `at` that `stop` picks, or
/// `b.len()`: a plain loop over a short rest, `find` (a vectorized scan
/// for the same bytes) over a long one.
fn next_of(
    b: &[u8],
    at: usize,
    stop: impl Fn(u8) -> bool,
    find: impl Fn(&[u8]) -> Option<usize>,
) -> usize {
    let rest = b.get(at..).unwrap_or_default();
    let found = if rest.len() <= 32 {
        rest.iter().position(|&c| stop(c))
    } else {
        find(rest)
    };
    found.map_or(b.len(), |i| at + i)
}

/// The spans of `input`, which `grammar`'s reference rule accepts. The
/// delimiters are found with `memchr`, so a long path or query costs a
/// vectorized scan.
#[inline]
pub(crate) fn split(grammar: Grammar, input: &str) -> Spans {
    let b = input.as_bytes();
    let len = b.len();
    // A scheme's characters, then ":": on accepted input this is the
    // first ":" before any "/", "?" or "#" (a relative reference's first
    // segment has no ":").
    let scheme_end = b
        .iter()
        .position(|&c| !(c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.')))
        .unwrap_or(len);
    let (scheme, mut at) = if scheme_end > 0 && b.get(scheme_end) == Some(&b':') {
        (Some(span(0, scheme_end)), scheme_end + 1)
    } else {
        (None, 0)
    };
    let authority = if b.get(at..at + 2) == Some(b"//") {
        let start = at + 2;
        let end = next_of(
            b,
            start,
            |c| matches!(c, b'/' | b'?' | b'#'),
            |s| memchr::memchr3(b'/', b'?', b'#', s),
        );
        at = end;
        Some(authority(grammar, input, start, end))
    } else {
        None
    };
    let path_end = next_of(
        b,
        at,
        |c| matches!(c, b'?' | b'#'),
        |s| memchr::memchr2(b'?', b'#', s),
    );
    let path = span(at, path_end);
    at = path_end;
    let query = (b.get(at) == Some(&b'?')).then(|| {
        let end = next_of(b, at + 1, |c| c == b'#', |s| memchr::memchr(b'#', s));
        let q = span(at + 1, end);
        at = end;
        q
    });
    let fragment = (b.get(at) == Some(&b'#')).then(|| span(at + 1, len));
    Spans {
        scheme,
        authority,
        path,
        query,
        fragment,
    }
}

/// `[ userinfo "@" ] host [ ":" port ]` over `start..end`.
pub(crate) fn authority(grammar: Grammar, input: &str, start: usize, end: usize) -> AuthoritySpans {
    let b = input.as_bytes();
    let at = until(b, start, end, |c| c == b'@');
    let (userinfo, host_start) = if at < end {
        (Some(span(start, at)), at + 1)
    } else {
        (None, start)
    };
    let (host_end, host_kind) = if b.get(host_start) == Some(&b'[') {
        let close = until(b, host_start, end, |c| c == b']');
        let kind = if matches!(b.get(host_start + 1), Some(b'v' | b'V')) {
            HostKind::IpvFuture
        } else {
            HostKind::Ipv6
        };
        ((close + 1).min(end), kind)
    } else {
        let host_end = until(b, host_start, end, |c| c == b':');
        let text = input.get(host_start..host_end).unwrap_or_default();
        let kind = if builtin::is_ipv4(grammar, text) {
            HostKind::Ipv4
        } else {
            HostKind::RegName
        };
        (host_end, kind)
    };
    let port = (host_end < end).then(|| span(host_end + 1, end));
    AuthoritySpans {
        whole: span(start, end),
        userinfo,
        host: span(host_start, host_end),
        host_kind,
        port,
    }
}
