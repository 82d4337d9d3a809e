//! The dot segments of a relative-path reference (one whose path does not
//! start with "/", without a scheme or an authority): its "." segments go,
//! its ".." segments stay, and a segment that only decoding would make a
//! dot segment stays encoded.
//!
//! Resolution merges such a path after the base's directory (RFC 3986
//! 5.2.3), which is empty or ends with "/", then removes dot segments
//! (5.2.4). A "." segment there is removed wherever it is ("/./" becomes
//! "/", a final "/." becomes "/", a leading "./" goes), and removing it
//! first changes nothing the algorithm does with the rest: the target is
//! the same for every base. A ".." segment is not: with a base whose path
//! holds no "/" (`urn:x`), `a/../b` resolves to `urn:/b` and `b` to
//! `urn:b`, and a leading `..` removes a segment of the base, unknown here.
//! So ".." segments are kept where they are.
//!
//! Resolution reads `%2E` and `%2E%2E` (and in an XRI `*.`) as names,
//! which a later ".." removes; decoded, they would be dot segments and
//! `%2E/../a` would go up one more level than it does. So they stay
//! encoded, as `%2E` and `%2E%2E`: every spelling of them resolves to
//! targets with the same normal form.

use crate::syntax::components::Spans;

/// Where a segment that decoding would make "." or ".." is, by its index
/// among the path's segments, in a relative path (nothing else has any).
pub(crate) fn hidden_dots(text: &str, spans: Spans) -> Vec<usize> {
    let path = spans.path.get(text);
    if spans.scheme.is_some() || spans.authority.is_some() || path.starts_with('/') {
        return Vec::new();
    }
    if !crate::syntax::pct::has_escape(path) {
        return Vec::new();
    }
    path.split('/')
        .enumerate()
        .filter(|(_, s)| {
            crate::syntax::pct::has_escape(s) && is_dot(&s.to_ascii_uppercase().replace("%2E", "."))
        })
        .map(|(i, _)| i)
        .collect()
}

/// Whether `segment` is "." or "..".
pub(crate) fn is_dot(segment: &str) -> bool {
    matches!(segment, "." | "..")
}

/// A dot segment written so that resolution reads it as a name: "." as
/// "%2E", ".." as "%2E%2E".
pub(crate) fn encode_dot(segment: &str, out: &mut String) {
    for _ in segment.chars() {
        out.push_str("%2E");
    }
}

/// The segments of a relative path, "." ones left out (a final one leaves
/// an empty segment, so that the path still ends with "/"): `write` puts
/// the others, the first told it comes first. When any went, "./" goes in
/// front of a result that would not read as a relative path: an empty one
/// (the empty reference means the base itself, query and all), one
/// starting with "/" (an absolute path), or one `reads_as_path` refuses (a
/// first segment with a ":", which would read as a scheme).
pub(crate) fn without_single_dots<T>(
    segments: &[T],
    is_dot: impl Fn(&T) -> bool,
    mut write: impl FnMut(&T, bool, &mut String),
    reads_as_path: impl Fn(&str) -> bool,
) -> String {
    let mut out = String::new();
    let mut written = 0usize;
    let mut dropped = false;
    for (i, segment) in segments.iter().enumerate() {
        if is_dot(segment) {
            dropped = true;
            // A final "." leaves an empty last segment: "a/." is "a/".
            if i + 1 == segments.len() && written > 0 {
                out.push('/');
            }
            continue;
        }
        if written > 0 {
            out.push('/');
        }
        write(segment, written == 0, &mut out);
        written += 1;
    }
    if dropped && (out.is_empty() || out.starts_with('/') || !reads_as_path(&out)) {
        out.insert_str(0, "./");
    }
    out
}

/// A URI's (IRI's, LEIRI's) relative path, decoded, without its "."
/// segments; those at `hidden` (from [`hidden_dots`]) encoded again.
pub(crate) fn uri_path(path: &str, hidden: &[usize]) -> String {
    let segments: Vec<(&str, bool)> = path
        .split('/')
        .enumerate()
        .map(|(i, s)| (s, hidden.contains(&i)))
        .collect();
    without_single_dots(
        &segments,
        |(s, hidden)| *s == "." && !hidden,
        |(s, hidden), _, out| match hidden {
            true => encode_dot(s, out),
            false => out.push_str(s),
        },
        // RFC 3986 4.2: the first segment of a relative path has no ":".
        |p| !p.split('/').next().is_some_and(|first| first.contains(':')),
    )
}

#[cfg(test)]
mod tests {
    use super::{hidden_dots, uri_path};
    use crate::syntax::grammar::Grammar;
    use crate::syntax::reference::parse_spans;

    #[test]
    fn dots_go_and_double_dots_stay() {
        for (path, expected) in [
            ("a/./b", "a/b"),
            ("./a", "a"),
            ("a/.", "a/"),
            ("a/./.", "a/"),
            ("a//.", "a//"),
            ("./../a/./b/..", "../a/b/.."),
            ("a/../../b", "a/../../b"),
            (".", "./"),
            ("./", "./"),
            ("././", "./"),
            (".//a", ".//a"),
            ("./a:b", "./a:b"),
            ("./a/b:c", "a/b:c"),
        ] {
            assert_eq!(uri_path(path, &[]), expected, "{path}");
        }
    }

    #[test]
    fn encoded_dots_stay_encoded() {
        for (path, expected) in [
            ("%2E/../a", "%2E/../a"),
            ("%2e.%2E/./%2E", ".../%2E"),
            (".%2e/x/.", "%2E%2E/x/"),
            ("./%2E", "%2E"),
        ] {
            let spans = parse_spans(Grammar::Uri, false, path, false).unwrap();
            let decoded = path.replace("%2E", ".").replace("%2e", ".");
            let hidden = hidden_dots(path, spans);
            assert_eq!(uri_path(&decoded, &hidden), expected, "{path}");
        }
    }
}
