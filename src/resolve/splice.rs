//! The common case of resolution (RFC 3986 5.2.2), written in a few
//! copies: the target is a head of the base's text (up to where the
//! reference takes over), maybe a "/" (the merge of 5.2.3 with an
//! authority and an empty base path), then a tail of the reference's
//! text, delimiters and all; where the tail's path has dot segments
//! (past a leading "./" or "../", which climb the head) and the target
//! has an authority, the path is written segment by segment
//! (`dots::segments_into`), cutting into the head for each "..". RFC
//! 3986 3 lays both out part after part, so each piece holds whole
//! components and the target's bounds are the base's up to the head's
//! end and the reference's, moved, after it. Anything else (a base
//! directory with dot segments, a rootless base path climbed above, dot
//! segments without an authority, a path that would read as an
//! authority) is left to the step-by-step writer. The test below holds
//! both to RFC 3986 5.2 as printed; the `resolution` fuzz target holds
//! every target to its re-parse.

use super::dots::{climb, segments_into};
use super::{has_dot_segment, Parts};
use crate::syntax::bounds::Bounds;

/// A target as `base[..head]`, a "/" if `slash`, then `reference[tail..]`;
/// with `dots`, the reference's path from there through
/// [`segments_into`] (its dot segments removed), then the rest of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Splice {
    head: usize,
    slash: bool,
    tail: usize,
    dots: Option<usize>,
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
        let (b, r) = (base.bounds, reference.bounds);
        let at = |p: usize| p - self.tail + self.head + usize::from(self.slash);
        let whole = r.has_scheme() || r.host().is_some();
        // Where the target's path ends, and so where the reference's text
        // after its path goes.
        let path_end = match self.dots {
            None => {
                out.push_str(reference.text.get(self.tail..).unwrap_or_default());
                at(r.path_end())
            }
            Some(from) => {
                out.push_str(reference.text.get(self.tail..from).unwrap_or_default());
                let path_start = if whole {
                    at(r.path_start())
                } else {
                    b.path_start()
                };
                let path = reference.text.get(from..r.path_end()).unwrap_or_default();
                segments_into(path_start, path, out);
                let path_end = out.len();
                out.push_str(reference.text.get(r.path_end()..).unwrap_or_default());
                path_end
            }
        };
        let query_end = r.query_end() - r.path_end() + path_end;
        if whole {
            // The reference from its start (after the base's scheme).
            let scheme_end = if r.has_scheme() {
                r.scheme_end()
            } else {
                self.head
            };
            let host = r.host().map(|(s, e, kind)| (at(s), at(e), kind));
            return Bounds::new(scheme_end, host, at(r.path_start()), path_end, query_end);
        }
        let (path_end, query_end) = match (reference.path().is_empty(), r.query().is_some()) {
            // The base's path, and its query unless the reference has one.
            (true, false) => (b.path_end(), b.query_end()),
            (true, true) => (b.path_end(), query_end),
            (false, _) => (path_end, query_end),
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
    // With an authority in the target, its path is empty or starts with
    // "/" (RFC 3986 3.3), which is what `segments_into` reads; without,
    // a path with dot segments is left to the step-by-step writer.
    let authority = r.host().is_some() || (!r.has_scheme() && b.host().is_some());
    let whole = |head: usize, slash: bool, tail: usize, from: Option<usize>| {
        let dots = match from {
            Some(from) if authority => Some(from),
            Some(_) => return None,
            None => None,
        };
        Some(Splice {
            head,
            slash,
            tail,
            dots,
        })
    };
    // Where dot segments are to be removed from, if `rest` (the
    // reference's path from `from` on) has any.
    let dots = |rest: &str, from: usize| has_dot_segment(rest).then_some(from);
    // 5.2.2: a scheme or an authority in the reference brings its path,
    // whose dot segments go; the base gives its scheme to a reference
    // without one.
    if r.has_scheme() || r.host().is_some() {
        let head = if r.has_scheme() { 0 } else { b.scheme_end() };
        // After the path's first "/".
        return whole(head, false, 0, dots(path, r.path_start() + 1));
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
        return whole(head, false, 0, None);
    }
    // The base's text up to `head` (its directory, or less once climbed),
    // maybe a "/", then the reference from `tail` (its path starts at 0),
    // dot segments removed from `from` on.
    let (head, slash, tail, from) = if path.starts_with('/') {
        (path_start, false, 0, dots(path, 1))
    } else {
        let base_path = base.path();
        if host.is_some() && base_path.is_empty() {
            // 5.2.3: "/" then the reference's path.
            (path_start, true, 0, dots(path, 0))
        } else if let Some(last) = base_path.bytes().rposition(|c| c == b'/') {
            let directory = base_path.get(..=last).unwrap_or_default();
            if has_dot_segment(directory) {
                return None;
            }
            if path.starts_with('.') {
                // A leading "./" or "../" acts on the directory. Climbing
                // a rootless directory above its first segment gives "/",
                // which is not a head of the base's path.
                let (kept, rest) = climb((directory, path))?;
                if kept == "/" && !base_path.starts_with('/') {
                    return None;
                }
                let tail = path.len() - rest.len();
                (path_start + kept.len(), false, tail, dots(rest, tail))
            } else {
                (path_start + directory.len(), false, 0, dots(path, 0))
            }
        } else {
            // A base path without "/": the reference's path replaces it.
            (path_start, false, 0, dots(path, 0))
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
    whole(head, slash, tail, from)
}

#[cfg(test)]
mod tests {
    use super::super::{as_printed_resolution, stepwise};
    use super::*;
    use crate::{Uri, UriRef};

    /// Every string of up to six bytes over "a", "." and "/".
    fn paths() -> Vec<String> {
        super::super::dot_paths(6)
    }

    /// Both writers against RFC 3986 5.2 as printed, the splice's bounds
    /// against the steps' and the target's parse: on 21 bases, every
    /// reference over "a", "." and "/" up to six bytes with five prefixes
    /// and four suffixes.
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
        let (mut spliced, mut dotted) = (0, 0);
        for base in bases {
            let base = Uri::parse(base).unwrap();
            for prefix in ["", "s:", "//h", "s://h", "//"] {
                for path in paths() {
                    for suffix in ["", "?y", "#s", "?y#s"] {
                        let text = format!("{prefix}{path}{suffix}");
                        let Ok(reference) = UriRef::parse(&text) else {
                            continue;
                        };
                        let case = format!("{} + {text:?}", base.as_str());
                        let mut steps = String::new();
                        let expected = stepwise(base.parts(), reference.parts(), &mut steps);
                        assert_eq!(steps, as_printed_resolution(&base, &reference), "{case}");
                        let Some(splice) = splice(base.parts(), reference.parts()) else {
                            continue;
                        };
                        spliced += 1;
                        dotted += usize::from(splice.dots.is_some());
                        let mut out = String::from("x");
                        out.clear();
                        let bounds = splice.write(base.parts(), reference.parts(), &mut out);
                        assert_eq!(out, steps, "{case}");
                        assert_eq!(bounds, expected, "{case}");
                        assert_eq!(Uri::parse(&out).unwrap().bounds(), bounds, "{case}");
                    }
                }
            }
        }
        // Most references are spliced, which is what makes it worth it,
        // and dot segments inside a path are removed on the way.
        assert!(spliced > 100_000, "{spliced}");
        assert!(dotted > 10_000, "{dotted}");
    }
}
