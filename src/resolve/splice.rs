//! The common case of resolution (RFC 3986 5.2.2), written in two copies:
//! when no dot segment is left to remove, the target is a head of the
//! base's text (up to where the reference takes over), maybe a "/" (the
//! merge of 5.2.3 with an authority and an empty base path), then a tail
//! of the reference's text, delimiters and all. RFC 3986 3 lays both out
//! part after part, so each piece holds whole components and the target's
//! bounds are the base's up to the head's end and the reference's, moved,
//! after it. Anything else (a dot segment past a leading "./" or "../",
//! a rootless base path climbed above, a path that would read as an
//! authority) is left to the step-by-step writer, which this is held to
//! (the test below); the `resolution` fuzz target holds every target to
//! its re-parse.

use super::dots::climb;
use super::{has_dot_segment, Parts};
use crate::syntax::bounds::Bounds;

/// A target as `base[..head]`, a "/" if `slash`, then `reference[tail..]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Splice {
    head: usize,
    slash: bool,
    tail: usize,
}

impl Splice {
    /// Writes the target to `out` (appended) and gives its bounds, which
    /// count from where `out` was empty: the reference's components from
    /// `tail` on, moved to after the head (and the "/"), the base's before.
    #[inline]
    pub(super) fn write(self, base: Parts<'_>, reference: Parts<'_>, out: &mut String) -> Bounds {
        out.push_str(base.head(self.head));
        if self.slash {
            out.push('/');
        }
        out.push_str(reference.text.get(self.tail..).unwrap_or_default());
        let (b, r) = (base.bounds, reference.bounds);
        let at = |p: usize| p - self.tail + self.head + usize::from(self.slash);
        if r.has_scheme() || r.host().is_some() {
            // The reference from its start (after the base's scheme).
            let scheme_end = if r.has_scheme() {
                r.scheme_end()
            } else {
                self.head
            };
            let host = r.host().map(|(s, e, kind)| (at(s), at(e), kind));
            return Bounds::new(
                scheme_end,
                host,
                at(r.path_start()),
                at(r.path_end()),
                at(r.query_end()),
            );
        }
        let (path_end, query_end) = match (reference.path().is_empty(), r.query().is_some()) {
            // The base's path, and its query unless the reference has one.
            (true, false) => (b.path_end(), b.query_end()),
            (true, true) => (b.path_end(), at(r.query_end())),
            (false, _) => (at(r.path_end()), at(r.query_end())),
        };
        Bounds::new(
            b.scheme_end(),
            b.host(),
            b.path_start(),
            path_end,
            query_end,
        )
    }
}

/// The target of `reference` against `base` as a [`Splice`], when it is
/// one (see the module's text); `None` leaves it to the step-by-step
/// writer.
#[inline]
pub(super) fn splice(base: Parts<'_>, reference: Parts<'_>) -> Option<Splice> {
    let (b, r) = (base.bounds, reference.bounds);
    let path = reference.path();
    let whole = |head: usize, slash: bool, tail: usize| Some(Splice { head, slash, tail });
    // 5.2.2: a scheme or an authority in the reference brings its path,
    // which must have no dot segment to stay as it is; the base gives its
    // scheme to a reference without one.
    if r.has_scheme() || r.host().is_some() {
        if has_dot_segment(path) {
            return None;
        }
        let head = if r.has_scheme() { 0 } else { b.scheme_end() };
        return whole(head, false, 0);
    }
    // From here the base brings the scheme and the authority, and the
    // reference starts with its path.
    let (host, path_start) = (b.host(), b.path_start());
    if path.is_empty() {
        // The base's path as it is, its query unless the reference has
        // one, then the reference ("?y#s", "#s" or "").
        let head = if r.query().is_some() {
            b.path_end()
        } else {
            b.query_end()
        };
        return whole(head, false, 0);
    }
    // The base's text up to `head` (its directory, or less once climbed),
    // maybe a "/", then the reference from `tail` (its path starts at 0).
    let (head, slash, tail) = if path.starts_with('/') {
        if has_dot_segment(path) {
            return None;
        }
        (path_start, false, 0)
    } else {
        let base_path = base.path();
        if host.is_some() && base_path.is_empty() {
            // 5.2.3: "/" then the reference's path.
            if has_dot_segment(path) {
                return None;
            }
            (path_start, true, 0)
        } else if let Some(last) = base_path.bytes().rposition(|c| c == b'/') {
            let directory = base_path.get(..=last).unwrap_or_default();
            if has_dot_segment(directory) {
                return None;
            }
            if path.starts_with('.') {
                // A leading "./" or "../" acts on the directory; `climb`
                // answers only if the rest has no dot segment. Climbing a
                // rootless directory above its first segment gives "/",
                // which is not a head of the base's path.
                let (kept, rest) = climb((directory, path))?;
                if kept == "/" && !base_path.starts_with('/') {
                    return None;
                }
                (path_start + kept.len(), false, path.len() - rest.len())
            } else if has_dot_segment(path) {
                return None;
            } else {
                (path_start + directory.len(), false, 0)
            }
        } else {
            // A base path without "/": the reference's path replaces it.
            if has_dot_segment(path) {
                return None;
            }
            (path_start, false, 0)
        }
    };
    // Without an authority, a path starting with "//" would read as one:
    // the step-by-step writer puts "/." in front.
    if host.is_none() {
        let kept = base.text.get(path_start..head).unwrap_or_default();
        let rest = reference.text.get(tail..r.path_end()).unwrap_or_default();
        let mut bytes = kept.bytes().chain(rest.bytes());
        if bytes.next() == Some(b'/') && bytes.next() == Some(b'/') {
            return None;
        }
    }
    whole(head, slash, tail)
}

#[cfg(test)]
mod tests {
    use super::super::stepwise;
    use super::*;
    use crate::{Uri, UriRef};

    /// Every string of up to six bytes over "a", "." and "/".
    fn paths() -> Vec<String> {
        super::super::dot_paths(6)
    }

    #[test]
    fn a_splice_writes_what_the_steps_write() {
        let bases = [
            "http://a/b/c/d;p?q",
            "http://a/b/c/d;p?q#f",
            "http://a",
            "http://a?q",
            "http://a/",
            "http://u@a:80/b/",
            "http://a/b/../c/d",
            "http://a/./b",
            "x:",
            "x:?q",
            "x:a",
            "x:a/",
            "x:a/b",
            "x:a/b/c?q",
            "x:/",
            "x:/a",
            "x:/a/b/",
            "x:/./a/b",
            "x://",
            "x:///a",
            "file:///x/y",
        ];
        let mut spliced = 0;
        for base in bases {
            let base = Uri::parse(base).unwrap();
            for prefix in ["", "s:", "//h", "s://h", "//"] {
                for path in paths() {
                    for suffix in ["", "?y", "#s", "?y#s"] {
                        let text = format!("{prefix}{path}{suffix}");
                        let Ok(reference) = UriRef::parse(&text) else {
                            continue;
                        };
                        let mut steps = String::new();
                        let expected = stepwise(base.parts(), reference.parts(), &mut steps);
                        let Some(splice) = splice(base.parts(), reference.parts()) else {
                            continue;
                        };
                        spliced += 1;
                        let mut out = String::from("x");
                        out.clear();
                        let bounds = splice.write(base.parts(), reference.parts(), &mut out);
                        let case = format!("{} + {text:?}", base.as_str());
                        assert_eq!(out, steps, "{case}");
                        assert_eq!(bounds, expected, "{case}");
                    }
                }
            }
        }
        // Most references are spliced, which is what makes it worth it.
        assert!(spliced > 100_000, "{spliced}");
    }
}
