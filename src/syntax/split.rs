//! The components of a reference the engine has accepted, by RFC 3986
//! Appendix B's split: a scheme is what precedes the first ":" when no
//! "/", "?" or "#" comes before it; "//" starts an authority that runs to
//! the next "/", "?" or "#"; the path runs to "?" or "#"; the query to
//! "#". On input already known to be a reference of one of the four RFC
//! 3986-shaped grammars the split is exact: no component can hold the
//! delimiter that ends it (a relative reference's first segment holds no
//! ":", userinfo and host hold no "@", a reg-name or IPv4 host no ":").
//!
//! The reference rules' run records where the split's delimiters are
//! (crates/engine/src/compile/appendix_b.rs), so the components come from the
//! pass that accepted the input ([`from_marks`]), the "@" ending the user
//! information among them; the port is found here, and only the host's
//! kind needs the grammar: `IPv4address` is its automaton.

use crate::syntax::bounds::Bounds;
use crate::syntax::builtin;
use crate::syntax::components::{AuthoritySpans, Span};
use crate::syntax::grammar::Grammar;
use crate::HostKind;
use xiri_engine::marks::{
    Marks, AUTHORITY_END, AUTHORITY_START, FRAGMENT, QUERY, SCHEME_END, USERINFO_END,
};

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

/// The bounds of `input`, which `grammar`'s reference rule accepted with
/// `marks`, the delimiters its run saw.
#[inline]
pub(crate) fn from_marks(grammar: Grammar, input: &str, marks: Marks) -> Bounds {
    let len = input.len();
    // Each mark is the offset after its delimiter.
    let before = |after: usize| after.saturating_sub(1);
    let scheme_end = marks.after(SCHEME_END).unwrap_or(0);
    let query = marks.after(QUERY);
    let fragment = marks.after(FRAGMENT);
    let path_end = query.or(fragment).map_or(len, before);
    let query_end = match query {
        Some(_) => fragment.map_or(len, before),
        None => path_end,
    };
    let (authority, path_start) = match marks.after(AUTHORITY_START) {
        Some(start) => {
            let end = marks.after(AUTHORITY_END).map_or(len, before);
            let host_start = marks.after(USERINFO_END).unwrap_or(start);
            let (host_end, kind) = host(grammar, input, host_start, end);
            (Some((host_start, host_end, kind)), end)
        }
        None => (None, scheme_end),
    };
    Bounds::new(scheme_end, authority, path_start, path_end, query_end)
}

/// `[ userinfo "@" ] host [ ":" port ]` over `start..end`.
pub(crate) fn authority(grammar: Grammar, input: &str, start: usize, end: usize) -> AuthoritySpans {
    let at = until(input.as_bytes(), start, end, |c| c == b'@');
    let after_at = (at < end).then_some(at + 1);
    let host_start = after_at.unwrap_or(start);
    let (host_end, host_kind) = host(grammar, input, host_start, end);
    AuthoritySpans {
        whole: span(start, end),
        userinfo: after_at.map(|after| span(start, after.saturating_sub(1))),
        host: span(host_start, host_end),
        host_kind,
        port: (host_end < end).then(|| span(host_end + 1, end)),
    }
}

/// Where the host that starts at `host_start` ends, in an authority that
/// ends at `end`, and its kind.
#[inline]
fn host(grammar: Grammar, input: &str, host_start: usize, end: usize) -> (usize, HostKind) {
    let b = input.as_bytes();
    // The port is the digits at the end after a ":": a host holds no ":"
    // outside its brackets, and an IP literal ends with "]".
    let digits = b.get(host_start..end).map_or(0, |h| {
        h.iter().rev().take_while(|c| c.is_ascii_digit()).count()
    });
    let colon = end - digits;
    let host_end = if colon > host_start && b.get(colon - 1) == Some(&b':') {
        colon - 1
    } else {
        end
    };
    let host_kind = if b.get(host_start) == Some(&b'[') {
        if matches!(b.get(host_start + 1), Some(b'v' | b'V')) {
            HostKind::IpvFuture
        } else {
            HostKind::Ipv6
        }
    } else if builtin::is_ipv4(grammar, input.get(host_start..host_end).unwrap_or_default()) {
        HostKind::Ipv4
    } else {
        HostKind::RegName
    };
    (host_end, host_kind)
}
