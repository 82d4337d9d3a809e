//! Reference resolution, RFC 3986 section 5.2 (strict), for URIs, IRIs (RFC
//! 3987 6.5: the same algorithm on characters) and LEIRIs (nothing is
//! percent-encoded on the way: LEIRI Note section 4).
//!
//! The target is written once, into one `String`, and its component spans
//! are recorded as it is written, so the result is an owned, already parsed
//! value. Relativization, the inverse, is in `relativize`; XRI
//! resolution, with cross-references opaque, in `crate::xri`.

use crate::syntax::bounds::Bounds;
use crate::syntax::components::Span;
use crate::syntax::parens;
use crate::syntax::reference::{Absolute, AbsoluteBuf, AsReference, Reference};
use crate::syntax::GenericSyntax;

/// One side of a resolution: a text and where its components are.
#[derive(Clone, Copy)]
pub(crate) struct Parts<'t> {
    text: &'t str,
    bounds: Bounds,
}

impl<'t> Parts<'t> {
    fn get(&self, span: Span) -> &'t str {
        span.get(self.text)
    }

    fn spans(&self) -> crate::syntax::components::Spans {
        self.bounds.spans(self.text.len())
    }

    fn path(&self) -> &'t str {
        self.get(self.bounds.path())
    }

    /// The text up to `end`.
    fn head(&self, end: usize) -> &'t str {
        self.text.get(..end).unwrap_or_default()
    }

    /// The query with its "?" ("" without one).
    fn query_with_mark(&self) -> &'t str {
        let (end, query_end) = (self.bounds.path_end(), self.bounds.query_end());
        self.text.get(end..query_end).unwrap_or_default()
    }

    /// The fragment with its "#" ("" without one).
    fn fragment_with_mark(&self) -> &'t str {
        self.text.get(self.bounds.query_end()..).unwrap_or_default()
    }
}

/// Writes the target of `reference` against `base` into `out` (cleared
/// first) and returns its bounds. RFC 3986 5.2.2, with 5.2.3 (merge), 5.2.4
/// (remove_dot_segments) and 5.3 (component recomposition).
fn resolve(base: Parts<'_>, reference: Parts<'_>, out: &mut String) -> Bounds {
    out.clear();
    let r = reference.bounds;
    let b = base.bounds;
    // Where the path comes from (RFC 3986 5.2.2).
    enum Path<'p> {
        /// The reference's, with dot segments removed.
        Reference,
        /// The base's, as it is.
        Base(&'p str),
        /// Merged (5.2.3), then dot segments removed.
        Merged,
    }
    // 5.2.2 and 5.3, the scheme and the authority first. RFC 3986 3 lays a
    // reference out part after part, so each is written as it stands in
    // its source, delimiters and all: the text before the path (the
    // scheme's ":", the authority's "//"), the query with its "?", the
    // fragment with its "#". The host moves by as much as its text did.
    let (host, path, query) = if r.has_scheme() {
        out.push_str(reference.head(r.path_start()));
        (r.host(), Path::Reference, reference)
    } else if r.host().is_some() {
        out.push_str(base.head(b.scheme_end()));
        out.push_str(reference.head(r.path_start()));
        let shift = b.scheme_end();
        let host = r.host().map(|(s, e, kind)| (s + shift, e + shift, kind));
        (host, Path::Reference, reference)
    } else {
        out.push_str(base.head(b.path_start()));
        if reference.path().is_empty() {
            let query = if r.query().is_some() { reference } else { base };
            (b.host(), Path::Base(base.path()), query)
        } else if reference.path().starts_with('/') {
            (b.host(), Path::Reference, reference)
        } else {
            (b.host(), Path::Merged, reference)
        }
    };
    let scheme_end = if r.has_scheme() {
        r.scheme_end()
    } else {
        b.scheme_end()
    };
    // Without an authority, a path starting with "//" would read as one:
    // "/." in front keeps it a path and resolves to the same path
    // (docs/DECISIONS.md, "Resolution").
    let path_start = out.len();
    match path {
        Path::Reference => remove_dot_segments_into((reference.path(), ""), Slashes::All, out),
        Path::Base(path) => out.push_str(path),
        Path::Merged => remove_dot_segments_into(merge(base, reference.path()), Slashes::All, out),
    }
    if host.is_none() && out.get(path_start..).is_some_and(|p| p.starts_with("//")) {
        out.insert_str(path_start, "/.");
    }
    let path_end = out.len();
    out.push_str(query.query_with_mark());
    let query_end = out.len();
    out.push_str(reference.fragment_with_mark());
    Bounds::new(scheme_end, host, path_start, path_end, query_end)
}

/// RFC 3986 5.2.3: the reference's path after the base path's last "/"
/// (or after "/" when the base has an authority and an empty path), as two
/// pieces to read one after the other.
fn merge<'p>(base: Parts<'p>, reference_path: &'p str) -> (&'p str, &'p str) {
    let base_path = base.path();
    if base.bounds.authority().is_some() && base_path.is_empty() {
        return ("/", reference_path);
    }
    // Paths are short: a plain look back rather than a search.
    match base_path.bytes().rposition(|b| b == b'/') {
        Some(last) => (base_path.get(..=last).unwrap_or(base_path), reference_path),
        None => (reference_path, ""),
    }
}

/// Where "/" delimits path segments.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Slashes {
    /// Every "/" (URIs, IRIs, LEIRIs).
    All,
    /// Only a "/" outside parentheses: in an XRI, a cross-reference is one
    /// opaque unit (XRI 2.0 2.4.1).
    OutsideParentheses,
}

impl Slashes {
    /// Where the segment starting at `start` of `input` ends: at the next
    /// delimiting "/", or the end.
    fn segment_end(self, input: Input<'_>, start: usize) -> usize {
        if self == Slashes::All {
            // The next "/" from `start`, in the first piece, else in the second.
            let (first, second) = (input.0.as_bytes(), input.1.as_bytes());
            // Segments are short: a plain look.
            let next = |rest: &[u8]| rest.iter().position(|&b| b == b'/');
            let in_first = first.get(start..).and_then(next);
            if let Some(at) = in_first {
                return start + at;
            }
            let from = start.saturating_sub(first.len());
            let rest = second.get(from..).unwrap_or_default();
            return first.len() + from + next(rest).unwrap_or(rest.len());
        }
        let bytes = input
            .0
            .bytes()
            .chain(input.1.bytes())
            .enumerate()
            .skip(start);
        parens::nesting_of(bytes)
            .find(|n| n.byte == b'/' && (n.depth == 0 || self == Slashes::All))
            .map_or(input.0.len() + input.1.len(), |n| n.at)
    }

    /// The byte offsets of the delimiting "/" in `text`.
    fn positions(self, text: &str) -> impl Iterator<Item = usize> + '_ {
        self.delimiters(text.as_bytes())
    }

    /// The offset of the last delimiting "/" in `text`, read from the end:
    /// as far back as that "/" and no farther. For XRIs, a ")" read
    /// backwards opens a cross-reference and its "(" closes it (the
    /// parentheses of a valid XRI path balance: docs/DECISIONS.md).
    fn last_delimiter(self, text: &str) -> Option<usize> {
        match self {
            // Segments are short: a plain look back rather than `memrchr`.
            Slashes::All => text.bytes().rposition(|b| b == b'/'),
            Slashes::OutsideParentheses => parens::last_outside(text.as_bytes(), |b| b == b'/'),
        }
    }

    /// The offsets, in `bytes`, of the "/" that delimit (for XRIs, those
    /// outside parentheses).
    fn delimiters(self, bytes: &[u8]) -> impl Iterator<Item = usize> + '_ {
        let outside = self == Slashes::OutsideParentheses;
        parens::nesting(bytes)
            .filter(move |n| n.byte == b'/' && (n.depth == 0 || !outside))
            .map(|n| n.at)
    }
}

/// RFC 3986 5.2.4, step by step: the input buffer is consumed from the
/// front, the output buffer grows at the back.
pub(crate) fn remove_dot_segments(path: &str, slashes: Slashes) -> String {
    let mut output = String::with_capacity(path.len());
    remove_dot_segments_into((path, ""), slashes, &mut output);
    output
}

/// The input buffer of 5.2.4: two pieces read one after the other (a
/// merged path is the base's directory, then the reference's path), so
/// that merging copies nothing.
#[derive(Clone, Copy)]
struct Input<'p>(&'p str, &'p str);

impl<'p> Input<'p> {
    fn is_empty(self) -> bool {
        self.0.is_empty() && self.1.is_empty()
    }

    /// The byte at `i`, across the pieces.
    fn at(self, i: usize) -> Option<u8> {
        match self.0.as_bytes().get(i) {
            Some(&b) => Some(b),
            None => self.1.as_bytes().get(i - self.0.len()).copied(),
        }
    }

    /// Without its first `n` bytes.
    fn skip(self, n: usize) -> Input<'p> {
        if n <= self.0.len() {
            Input(&self.0[n..], self.1)
        } else {
            Input(self.1.get(n - self.0.len()..).unwrap_or(""), "")
        }
    }

    /// Appends its first `n` bytes to `out`.
    fn push_to(self, n: usize, out: &mut String) {
        let first = n.min(self.0.len());
        out.push_str(&self.0[..first]);
        if n > first {
            out.push_str(&self.1[..n - first]);
        }
    }
}

/// [`remove_dot_segments`] of the pieces `path` read one after the other,
/// appending to `out`: what was there before is left alone.
fn remove_dot_segments_into(path: (&str, &str), slashes: Slashes, out: &mut String) {
    // Most paths have no dot segment, and come out as they went in. The
    // first piece of a merged path ends with "/", so no segment spans the
    // two pieces.
    if slashes == Slashes::All && !has_dot_segment(path.0) {
        if !has_dot_segment(path.1) {
            out.push_str(path.0);
            out.push_str(path.1);
            return;
        }
        // A merged path whose reference climbs ("../g"): its leading "./"
        // and "../" act on the directory, which has no dot segment.
        if let Some((directory, rest)) = climb(path) {
            out.push_str(directory);
            out.push_str(rest);
            return;
        }
    }
    let floor = out.len();
    let mut input = Input(path.0, path.1);
    while !input.is_empty() {
        // Rules A to D all start with "." or "/.", and look at most four
        // bytes ahead ("/../"); anything else is E. `None` is the end.
        let ahead = [input.at(0), input.at(1), input.at(2), input.at(3)];
        match ahead {
            // A: drop a leading "../" or "./".
            [Some(b'.'), Some(b'.'), Some(b'/'), _] => input = input.skip(3),
            [Some(b'.'), Some(b'/'), _, _] => input = input.skip(2),
            // B: "/./" becomes "/".
            [Some(b'/'), Some(b'.'), Some(b'/'), _] => input = input.skip(2),
            // B at the end: "/." becomes "/", which E then moves.
            [Some(b'/'), Some(b'.'), None, _] => {
                out.push('/');
                break;
            }
            // C: "/../" becomes "/", and the last output segment goes.
            [Some(b'/'), Some(b'.'), Some(b'.'), Some(b'/')] => {
                input = input.skip(3);
                pop_segment(out, floor, slashes);
            }
            [Some(b'/'), Some(b'.'), Some(b'.'), None] => {
                pop_segment(out, floor, slashes);
                out.push('/');
                break;
            }
            // D: "." or ".." alone.
            [Some(b'.'), None, _, _] | [Some(b'.'), Some(b'.'), None, _] => break,
            _ => {
                // E: move the first segment (with its leading "/") to the
                // output.
                let end = slashes.segment_end(input, usize::from(ahead[0] == Some(b'/')));
                input.push_to(end, out);
                input = input.skip(end);
            }
        }
    }
}

/// A merged path `(directory, reference)` read as 5.2.4 reads it, when
/// the directory ends with "/" and has no dot segment: the reference's
/// leading "./" go (B), each leading "../" takes the directory's last
/// segment (C), and a last "." or ".." does as much. The directory left
/// and the rest of the reference, when the rest has no dot segment
/// either (`None` otherwise).
fn climb<'p>((mut directory, mut rest): (&'p str, &'p str)) -> Option<(&'p str, &'p str)> {
    if !directory.ends_with('/') {
        return None;
    }
    // The directory without its last segment and the "/" before it, and
    // with the "/" that ended it: "/b/c/" is "/b/", "a/" and "/" are "/".
    let parent = |d: &'p str| {
        let inner = d.get(..d.len() - 1).unwrap_or_default();
        let last = inner.bytes().rposition(|b| b == b'/');
        last.map_or("/", |k| d.get(..=k).unwrap_or("/"))
    };
    loop {
        if let Some(r) = rest.strip_prefix("./") {
            rest = r;
        } else if let Some(r) = rest.strip_prefix("../") {
            rest = r;
            directory = parent(directory);
        } else if rest == "." {
            rest = "";
        } else if rest == ".." {
            rest = "";
            directory = parent(directory);
        } else {
            break;
        }
    }
    (!has_dot_segment(rest)).then_some((directory, rest))
}

/// Removes the last segment of the output (`out` from `floor`) and the "/"
/// before it, if any. It reads the output backwards from its end, and
/// only as far as the cut: each byte it reads is one it removes, so
/// removing dot segments stays linear however many ".." there are.
fn pop_segment(out: &mut String, floor: usize, slashes: Slashes) {
    let tail = out.get(floor..).unwrap_or_default();
    let cut = slashes.last_delimiter(tail).map_or(floor, |i| floor + i);
    out.truncate(cut);
}

/// In tests, that the target parses with the bounds it was written with.
fn debug_assert_reparses<S: GenericSyntax>(target: &str, bounds: Bounds) {
    debug_assert_eq!(
        Absolute::<S>::parse(target).map(|t| t.bounds()).ok(),
        Some(bounds),
        "{target:?}"
    );
}

impl<'a, S: GenericSyntax> Absolute<'a, S> {
    /// Resolves a reference against this base (RFC 3986 5.2; for IRIs RFC
    /// 3987 6.5, the same algorithm on characters; for LEIRIs nothing is
    /// percent-encoded on the way, LEIRI Note section 4): the target, owned
    /// and parsed. A fragment of the base is ignored.
    ///
    /// ```
    /// let base = xiri::Uri::parse("http://a/b/c/d;p?q").unwrap();
    /// let reference = xiri::UriRef::parse("../g?y#s").unwrap();
    /// assert_eq!(base.resolve(&reference).as_str(), "http://a/b/g?y#s");
    /// let base = xiri::Leiri::parse("http://a/b c/d").unwrap();
    /// assert_eq!(base.resolve(&xiri::LeiriRef::parse("../e f").unwrap()).as_str(), "http://a/e f");
    /// ```
    pub fn resolve(&self, reference: &impl AsReference<S>) -> AbsoluteBuf<S> {
        let reference = reference.borrow_reference();
        // Enough for any target: it is made of pieces of the two.
        let mut out = String::with_capacity(self.as_str().len() + reference.as_str().len() + 3);
        let bounds = resolve(self.parts(), reference.parts(), &mut out);
        debug_assert_reparses::<S>(&out, bounds);
        AbsoluteBuf::from_bounds(out, bounds)
    }

    /// Resolves a reference into the caller's buffer, which is cleared
    /// first; the target borrows it. No allocation when the buffer is large
    /// enough.
    ///
    /// ```
    /// let base = xiri::Iri::parse("http://\u{e9}x.org/a/b").unwrap();
    /// let reference = xiri::IriRef::parse("../\u{e9}t\u{e9}?\u{e0}").unwrap();
    /// let mut buffer = String::new();
    /// let target = base.resolve_into(&reference, &mut buffer);
    /// assert_eq!(target.as_str(), "http://\u{e9}x.org/\u{e9}t\u{e9}?\u{e0}");
    /// ```
    pub fn resolve_into<'b>(
        &self,
        reference: &impl AsReference<S>,
        buffer: &'b mut String,
    ) -> Absolute<'b, S> {
        let reference = reference.borrow_reference();
        let bounds = resolve(self.parts(), reference.parts(), buffer);
        debug_assert_reparses::<S>(buffer, bounds);
        Absolute::from_bounds(buffer.as_str(), bounds)
    }

    pub(crate) fn parts(&self) -> Parts<'_> {
        Parts {
            text: self.as_str(),
            bounds: self.bounds(),
        }
    }
}

impl<S: GenericSyntax> Reference<'_, S> {
    pub(crate) fn parts(&self) -> Parts<'_> {
        Parts {
            text: self.as_str(),
            bounds: self.bounds(),
        }
    }
}

mod relativize;

pub(crate) use relativize::{has_dot_segment, relative_path};

#[cfg(test)]
mod tests {
    use super::*;

    /// Every string of up to seven bytes over "a", "." and "/".
    fn paths() -> Vec<String> {
        let mut all = vec![String::new()];
        let mut last = vec![String::new()];
        for _ in 0..7 {
            last = last
                .iter()
                .flat_map(|p| ["a", ".", "/"].map(|c| format!("{p}{c}")))
                .collect();
            all.extend(last.iter().cloned());
        }
        all
    }

    /// RFC 3986 5.2.4 as printed, on one string, with string operations.
    fn as_printed(path: &str) -> String {
        let (mut input, mut output) = (path.to_string(), String::new());
        let pop = |output: &mut String| {
            let cut = output.rfind('/').unwrap_or(0);
            output.truncate(cut);
        };
        while !input.is_empty() {
            if let Some(rest) = input.strip_prefix("../").or(input.strip_prefix("./")) {
                input = rest.to_string();
            } else if input.starts_with("/./") || input == "/." {
                input = format!("/{}", &input[3.min(input.len())..]);
            } else if input.starts_with("/../") || input == "/.." {
                input = format!("/{}", &input[4.min(input.len())..]);
                pop(&mut output);
            } else if input == "." || input == ".." {
                input.clear();
            } else {
                let end = input[1..].find('/').map_or(input.len(), |i| i + 1);
                output.push_str(&input[..end]);
                input = input[end..].to_string();
            }
        }
        output
    }

    #[test]
    fn dot_segments_go_as_rfc_3986_prints_it() {
        for path in paths() {
            let printed = as_printed(&path);
            assert_eq!(
                remove_dot_segments(&path, Slashes::All),
                printed,
                "{path:?}"
            );
            // A merged path: in two pieces, the first ending with "/".
            for (i, _) in path.match_indices('/') {
                let mut out = String::from("x:");
                let pieces = (&path[..=i], &path[i + 1..]);
                remove_dot_segments_into(pieces, Slashes::All, &mut out);
                assert_eq!(out, format!("x:{printed}"), "{pieces:?}");
            }
        }
    }

    #[test]
    fn a_path_without_dot_segments_comes_out_as_it_went_in() {
        for path in paths() {
            let dotted = path.split('/').any(|s| s == "." || s == "..");
            assert_eq!(has_dot_segment(&path), dotted, "{path:?}");
            // The step-by-step algorithm, which the fast path skips.
            let mut stepped = String::new();
            remove_dot_segments_into((&path, ""), Slashes::OutsideParentheses, &mut stepped);
            assert_eq!(
                remove_dot_segments(&path, Slashes::All),
                stepped,
                "{path:?}"
            );
            if !dotted {
                assert_eq!(stepped, path);
            }
        }
    }
}
