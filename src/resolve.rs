//! Reference resolution, RFC 3986 section 5.2 (strict), for URIs, IRIs (RFC
//! 3987 6.5: the same algorithm on characters) and LEIRIs (nothing is
//! percent-encoded on the way: LEIRI Note section 4).
//!
//! The target is written once, into one `String`, and its component spans
//! are recorded as it is written, so the result is an owned, already parsed
//! value.

use crate::components::{AuthoritySpans, Span, Spans};
use crate::error::ParseError;
use crate::parens;
use crate::reference::{Absolute, AbsoluteBuf, Reference, ReferenceBuf};
use crate::syntax::Syntax;
use crate::xri::{Xri, XriBuf, XriRef, XriRefBuf};

/// One side of a resolution: a text and where its components are.
#[derive(Clone, Copy)]
struct Parts<'t> {
    text: &'t str,
    spans: Spans,
}

impl<'t> Parts<'t> {
    fn get(&self, span: Span) -> &'t str {
        span.get(self.text)
    }

    fn path(&self) -> &'t str {
        self.get(self.spans.path)
    }
}

/// Writes the target of `reference` against `base` into `out` (cleared
/// first) and returns its spans. RFC 3986 5.2.2, with 5.2.3 (merge), 5.2.4
/// (remove_dot_segments) and 5.3 (component recomposition).
fn resolve(base: Parts<'_>, reference: Parts<'_>, out: &mut String) -> Spans {
    out.clear();
    let r = reference.spans;
    let b = base.spans;
    let scheme = if r.scheme.is_some() { reference } else { base };
    // Where the path comes from (RFC 3986 5.2.2).
    enum Path<'p> {
        /// The reference's, with dot segments removed.
        Reference,
        /// The base's, as it is.
        Base(&'p str),
        /// Merged (5.2.3), then dot segments removed.
        Merged,
    }
    // (where the authority comes from, the path, where the query comes from)
    let (authority, path, query) = if r.scheme.is_some() || r.authority.is_some() {
        (
            r.authority.map(|a| (reference, a)),
            Path::Reference,
            r.query.map(|q| (reference, q)),
        )
    } else if reference.path().is_empty() {
        (
            b.authority.map(|a| (base, a)),
            Path::Base(base.path()),
            r.query
                .map(|q| (reference, q))
                .or(b.query.map(|q| (base, q))),
        )
    } else if reference.path().starts_with('/') {
        (
            b.authority.map(|a| (base, a)),
            Path::Reference,
            r.query.map(|q| (reference, q)),
        )
    } else {
        (
            b.authority.map(|a| (base, a)),
            Path::Merged,
            r.query.map(|q| (reference, q)),
        )
    };

    // 5.3: recompose, recording each component's span in `out`.
    let scheme_span = scheme.spans.scheme.map(|s| push(out, scheme.get(s)));
    out.push(':');
    let authority_spans = authority.map(|(source, a)| {
        out.push_str("//");
        let shift = out.len() - a.whole.start;
        out.push_str(source.get(a.whole));
        let moved = |s: Span| Span {
            start: s.start + shift,
            end: s.end + shift,
        };
        AuthoritySpans {
            whole: moved(a.whole),
            userinfo: a.userinfo.map(moved),
            host: moved(a.host),
            host_kind: a.host_kind,
            port: a.port.map(moved),
        }
    });
    // Without an authority, a path starting with "//" would read as one:
    // "/." in front keeps it a path and resolves to the same path
    // (docs/DECISIONS.md, "Resolution").
    let path_start = out.len();
    match path {
        Path::Reference => remove_dot_segments_into((reference.path(), ""), Slashes::All, out),
        Path::Base(path) => out.push_str(path),
        Path::Merged => remove_dot_segments_into(merge(base, reference.path()), Slashes::All, out),
    }
    if authority_spans.is_none() && out[path_start..].starts_with("//") {
        out.insert_str(path_start, "/.");
    }
    let path_span = Span {
        start: path_start,
        end: out.len(),
    };
    let query_span = query.map(|(source, q)| {
        out.push('?');
        push(out, source.get(q))
    });
    let fragment_span = r.fragment.map(|f| {
        out.push('#');
        push(out, reference.get(f))
    });
    Spans {
        scheme: scheme_span,
        authority: authority_spans,
        path: path_span,
        query: query_span,
        fragment: fragment_span,
    }
}

/// Appends `text` and returns where it went.
fn push(out: &mut String, text: &str) -> Span {
    let start = out.len();
    out.push_str(text);
    Span {
        start,
        end: out.len(),
    }
}

/// RFC 3986 5.2.3: the reference's path after the base path's last "/"
/// (or after "/" when the base has an authority and an empty path), as two
/// pieces to read one after the other.
fn merge<'p>(base: Parts<'p>, reference_path: &'p str) -> (&'p str, &'p str) {
    let base_path = base.path();
    if base.spans.authority.is_some() && base_path.is_empty() {
        return ("/", reference_path);
    }
    match base_path.rfind('/') {
        Some(last) => (&base_path[..=last], reference_path),
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
            Slashes::All => text.rfind('/'),
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

    fn starts_with(self, prefix: &str) -> bool {
        prefix
            .bytes()
            .enumerate()
            .all(|(i, b)| self.at(i) == Some(b))
    }

    fn is(self, whole: &str) -> bool {
        self.0.len() + self.1.len() == whole.len() && self.starts_with(whole)
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
    let floor = out.len();
    let mut input = Input(path.0, path.1);
    while !input.is_empty() {
        if input.starts_with("../") {
            // A: drop a leading "../" or "./".
            input = input.skip(3);
        } else if input.starts_with("./") || input.starts_with("/./") {
            // A, or B: "/./" becomes "/".
            input = input.skip(2);
        } else if input.is("/.") {
            // B at the end: "/." becomes "/", which E then moves.
            out.push('/');
            break;
        } else if input.starts_with("/../") {
            // C: "/../" becomes "/", and the last output segment goes.
            input = input.skip(3);
            pop_segment(out, floor, slashes);
        } else if input.is("/..") {
            pop_segment(out, floor, slashes);
            out.push('/');
            break;
        } else if input.is(".") || input.is("..") {
            // D
            break;
        } else {
            // E: move the first segment (with its leading "/") to the output.
            let end = slashes.segment_end(input, usize::from(input.at(0) == Some(b'/')));
            input.push_to(end, out);
            input = input.skip(end);
        }
    }
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

impl<'a, S: Syntax> Absolute<'a, S> {
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
    pub fn resolve(&self, reference: &Reference<'_, S>) -> AbsoluteBuf<S> {
        // Enough for any target: it is made of pieces of the two.
        let mut out = String::with_capacity(self.as_str().len() + reference.as_str().len() + 3);
        let spans = resolve(self.parts(), reference.parts(), &mut out);
        AbsoluteBuf::from_parts(out, spans)
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
        reference: &Reference<'_, S>,
        buffer: &'b mut String,
    ) -> Absolute<'b, S> {
        let spans = resolve(self.parts(), reference.parts(), buffer);
        Absolute::from_spans(buffer.as_str(), spans)
    }

    fn parts(&self) -> Parts<'_> {
        Parts {
            text: self.as_str(),
            spans: self.spans(),
        }
    }
}

impl<S: Syntax> Reference<'_, S> {
    fn parts(&self) -> Parts<'_> {
        Parts {
            text: self.as_str(),
            spans: self.spans(),
        }
    }
}

/// The candidates for a reference from `base` to `target`; the caller keeps
/// the shortest that parses and resolves back to the
/// target. The last candidate is the target itself, which always does.
fn relative_candidates(base: Parts<'_>, target: Parts<'_>) -> Vec<String> {
    let t = target.spans;
    let b = base.spans;
    let suffix = |with_query: bool| {
        let mut s = String::new();
        if with_query {
            if let Some(q) = t.query {
                s.push('?');
                s.push_str(target.get(q));
            }
        }
        if let Some(f) = t.fragment {
            s.push('#');
            s.push_str(target.get(f));
        }
        s
    };
    let mut candidates = Vec::new();
    let same_scheme = t.scheme.map(|s| target.get(s)) == b.scheme.map(|s| base.get(s));
    if same_scheme && authority_text(target) == authority_text(base) {
        let (base_path, target_path) = (base.path(), target.path());
        if base_path == target_path {
            // Same document: nothing, or just the query and fragment.
            candidates.push(suffix(
                t.query.map(|q| target.get(q)) != b.query.map(|q| base.get(q)),
            ));
        }
        // A path relative to the base's directory, also behind "./" (for a
        // first segment with a colon, or an empty one).
        let relative = relative_path(base_path, target_path, Slashes::All);
        candidates.push(format!("{relative}{}", suffix(true)));
        candidates.push(format!("./{relative}{}", suffix(true)));
        if relative.is_empty() {
            // The base's directory itself.
            candidates.push(format!(".{}", suffix(true)));
        }
        if target_path.starts_with('/') {
            candidates.push(format!("{target_path}{}", suffix(true)));
        }
    }
    if same_scheme {
        if let Some(a) = authority_text(target) {
            candidates.push(format!("//{a}{}{}", target.path(), suffix(true)));
        }
    }
    candidates.push(target.text.to_string());
    candidates
}

/// The path from the directory of `base_path` to `target_path`: as many
/// "../" as the base's directory has segments beyond what the two share,
/// then the rest of the target's path. Directories end at the "/" that
/// `slashes` says delimit; a shared prefix ends at one. The directory is
/// read with its dot segments removed: a reference is merged with it as
/// written and the dot segments go after, which comes to the same
/// (`/b/./` and `/b/` both take `c` to `/b/c`). Linear: the common prefix
/// is measured once.
fn relative_path(base_path: &str, target_path: &str, slashes: Slashes) -> String {
    let directory_end = slashes.last_delimiter(base_path).map_or(0, |i| i + 1);
    let directory = base_path.get(..directory_end).unwrap_or_default();
    let directory = if has_dot_segment(directory) {
        std::borrow::Cow::Owned(remove_dot_segments(directory, slashes))
    } else {
        std::borrow::Cow::Borrowed(directory)
    };
    let common = directory
        .bytes()
        .zip(target_path.bytes())
        .take_while(|(a, b)| a == b)
        .count();
    // The last delimiter of the directory within the common prefix.
    let shared = slashes
        .positions(&directory)
        .map(|i| i + 1)
        .take_while(|&end| end <= common)
        .last()
        .unwrap_or(0);
    let rest_of_directory = directory.get(shared..).unwrap_or_default();
    let ups = slashes.positions(rest_of_directory).count();
    let mut path = "../".repeat(ups);
    path.push_str(target_path.get(shared..).unwrap_or_default());
    path
}

/// Whether `path` has a "." or ".." segment (by any "/": a dot segment
/// inside a cross-reference only makes the check cost a copy).
pub(crate) fn has_dot_segment(path: &str) -> bool {
    path.split('/')
        .any(|segment| segment == "." || segment == "..")
}

fn authority_text(p: Parts<'_>) -> Option<&str> {
    p.spans.authority.map(|a| a.whole.get(p.text))
}

impl<S: Syntax> Absolute<'_, S> {
    /// A reference that resolves against this base to what the target
    /// resolves to (the target with its dot segments removed, RFC 3986
    /// 5.2.2): the shortest of a few forms (nothing, a fragment, a query,
    /// a relative path, an absolute path, a network path) that does, else
    /// that target itself. A target with dot segments has no reference
    /// that resolves to it as written, since resolution removes them; this
    /// gives the one to its dot-free form (docs/DECISIONS.md,
    /// "Relativization").
    ///
    /// ```
    /// let base = xiri::Uri::parse("http://a/b/c/d;p?q").unwrap();
    /// let target = xiri::Uri::parse("http://a/b/g?y#s").unwrap();
    /// let reference = base.relativize(&target);
    /// assert_eq!(reference.as_str(), "../g?y#s");
    /// assert_eq!(base.resolve(&reference.as_borrowed()).as_borrowed(), target);
    /// let dotted = xiri::Uri::parse("http://a/./c").unwrap();
    /// assert_eq!(base.resolve(&base.relativize(&dotted).as_borrowed()).as_str(), "http://a/c");
    /// ```
    pub fn relativize(&self, target: &Absolute<'_, S>) -> ReferenceBuf<S> {
        // What the target resolves to, which every candidate must.
        let goal = self.resolve(target.as_reference());
        let goal = goal.as_borrowed();
        let mut buffer = String::new();
        let mut best: Option<ReferenceBuf<S>> = None;
        for candidate in relative_candidates(self.parts(), goal.parts()) {
            if best
                .as_ref()
                .is_some_and(|b| b.as_str().len() <= candidate.len())
            {
                continue;
            }
            if let Ok(reference) = Reference::<S>::parse(&candidate) {
                if self.resolve_into(&reference, &mut buffer).as_str() == goal.as_str() {
                    best = Some(reference.to_buf());
                }
            }
        }
        // The goal resolves to itself (its dot segments are gone), so the
        // last candidate is always kept; the goal as a reference is the
        // answer that needs no search.
        best.unwrap_or_else(|| goal.as_reference().to_buf())
    }
}

impl Xri<'_> {
    /// Resolves an XRI reference against this base (XRI 2.0 2.4.1): RFC
    /// 3986 5.2 on the XRI-normal form, with each cross-reference an opaque
    /// unit, so a "/" inside one delimits nothing. The target is checked
    /// and owned. It fails when the target is not an XRI: Appendix A is
    /// not closed under RFC 3986's algorithm in general (2.4.2.2 prints
    /// targets that are not XRIs; docs/DECISIONS.md), though no valid base
    /// and reference the tests have generated gives one.
    ///
    /// ```
    /// let base = xiri::Xri::parse("xri://@a*a/!b!b/c*c/(xri://@d*d/e)?q").unwrap();
    /// let reference = xiri::XriRef::parse("../!g!g").unwrap();
    /// assert_eq!(base.resolve(&reference).unwrap().as_str(), "xri://@a*a/!b!b/!g!g");
    /// ```
    pub fn resolve(&self, reference: &XriRef<'_>) -> Result<XriBuf, ParseError> {
        let mut text = String::new();
        self.resolve_text(reference, &mut text);
        XriBuf::parse(text)
    }

    /// Resolves an XRI reference into the caller's buffer (cleared first);
    /// the target borrows it. Fails as [`resolve`](Self::resolve) does.
    ///
    /// ```
    /// let base = xiri::Xri::parse("@a/b/c").unwrap();
    /// let mut buffer = String::new();
    /// let target = base.resolve_into(&xiri::XriRef::parse("../d").unwrap(), &mut buffer).unwrap();
    /// assert_eq!(target.path(), "/d");
    /// ```
    pub fn resolve_into<'b>(
        &self,
        reference: &XriRef<'_>,
        buffer: &'b mut String,
    ) -> Result<Xri<'b>, ParseError> {
        self.resolve_text(reference, buffer);
        Xri::parse(buffer)
    }

    /// A reference that resolves against this base to what the target
    /// resolves to (the target with its dot segments removed): the
    /// shortest of a few forms that does, that target itself at worst.
    /// Cross-references are opaque, as in resolution. Fails only when the
    /// target does not resolve ([`resolve`](Self::resolve)).
    ///
    /// ```
    /// let base = xiri::Xri::parse("xri://@a*a/!b!b/c*c/(xri://@d*d/e)?q").unwrap();
    /// let target = xiri::Xri::parse("xri://@a*a/!b!b/!g!g").unwrap();
    /// let reference = base.relativize(&target).unwrap();
    /// assert_eq!(reference.as_str(), "../!g!g");
    /// ```
    pub fn relativize(&self, target: &Xri<'_>) -> Result<XriRefBuf, ParseError> {
        let goal = self.resolve(target.as_reference())?;
        let target = goal.as_xri();
        let suffix = |with_query: bool| {
            let mut s = String::new();
            if let (true, Some(q)) = (with_query, target.query()) {
                s.push('?');
                s.push_str(q);
            }
            if let Some(f) = target.fragment() {
                s.push('#');
                s.push_str(f);
            }
            s
        };
        let mut candidates = Vec::new();
        if self.has_prefix() == target.has_prefix()
            && self.authority().as_str() == target.authority().as_str()
        {
            if self.path() == target.path() {
                candidates.push(suffix(self.query() != target.query()));
            }
            let relative = relative_path(self.path(), target.path(), Slashes::OutsideParentheses);
            candidates.push(format!("{relative}{}", suffix(true)));
            candidates.push(format!("./{relative}{}", suffix(true)));
            if relative.is_empty() {
                candidates.push(format!(".{}", suffix(true)));
            }
            if relative.is_empty() {
                // The base's directory itself.
                candidates.push(format!(".{}", suffix(true)));
            }
            candidates.push(format!("{}{}", target.path(), suffix(true)));
        }
        let mut buffer = String::new();
        let mut best: Option<XriRef<'_>> = None;
        for candidate in &candidates {
            let shorter = best.map_or(target.as_str().len(), |b| b.as_str().len());
            if candidate.len() < shorter {
                if let Ok(reference) = XriRef::parse(candidate) {
                    let back = self.resolve_into(&reference, &mut buffer);
                    if back.is_ok_and(|back| back.as_str() == target.as_str()) {
                        best = Some(reference);
                    }
                }
            }
        }
        // The target itself is the answer when no shorter form resolves to
        // it (it resolves to itself: its dot segments are gone).
        Ok(best.unwrap_or(*target.as_reference()).to_buf())
    }

    fn resolve_text(&self, reference: &XriRef<'_>, text: &mut String) {
        let (prefix, authority, path, query) = match reference.authority() {
            Some(authority) => (
                reference.has_prefix(),
                authority.as_str(),
                remove_dot_segments(reference.path(), Slashes::OutsideParentheses),
                reference.query(),
            ),
            None => {
                let path = if reference.path().is_empty() {
                    self.path().to_string()
                } else if reference.path().starts_with('/') {
                    remove_dot_segments(reference.path(), Slashes::OutsideParentheses)
                } else {
                    // 5.2.3, with the base's last segment found by its
                    // segments, which know where cross-references are.
                    let base_path = self.path();
                    let last = self.segments().last().map_or(0, |s| s.as_str().len());
                    let directory = if base_path.is_empty() {
                        "/"
                    } else {
                        &base_path[..base_path.len() - last]
                    };
                    remove_dot_segments(
                        &format!("{directory}{}", reference.path()),
                        Slashes::OutsideParentheses,
                    )
                };
                let query = if reference.path().is_empty() {
                    reference.query().or(self.query())
                } else {
                    reference.query()
                };
                (self.has_prefix(), self.authority().as_str(), path, query)
            }
        };
        text.clear();
        if prefix {
            text.push_str("xri://");
        }
        text.push_str(authority);
        text.push_str(&path);
        if let Some(q) = query {
            text.push('?');
            text.push_str(q);
        }
        if let Some(f) = reference.fragment() {
            text.push('#');
            text.push_str(f);
        }
    }
}
