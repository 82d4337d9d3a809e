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
    match splice(base, reference) {
        Some(splice) => splice.write(base, reference, out),
        None => stepwise(base, reference, out),
    }
}

/// [`resolve`] step by step: each component written from where it comes,
/// the path through 5.2.3 and 5.2.4 as needed.
fn stepwise(base: Parts<'_>, reference: Parts<'_>, out: &mut String) -> Bounds {
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
    #[inline]
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
    #[inline]
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

mod dots;
mod relativize;
mod splice;

use dots::remove_dot_segments_into;
pub(crate) use dots::{remove_dot_segments, Slashes};
use splice::splice;

pub(crate) use relativize::{has_dot_segment, relative_path};

/// Every string of up to `n` bytes over "a", "." and "/": the paths the
/// tests of dot-segment removal and of the splice run through.
#[cfg(test)]
fn dot_paths(n: usize) -> Vec<String> {
    let mut all = vec![String::new()];
    let mut last = vec![String::new()];
    for _ in 0..n {
        last = last
            .iter()
            .flat_map(|p| ["a", ".", "/"].map(|c| format!("{p}{c}")))
            .collect();
        all.extend(last.iter().cloned());
    }
    all
}

/// RFC 3986 5.2.4 as printed, on one string, with string operations.
#[cfg(test)]
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

/// RFC 3986 5.2.2 as printed (with 5.2.3, [`as_printed`] for 5.2.4, and
/// 5.3), on the components as strings: what the splice and the
/// step-by-step writer are held to. A target without an authority whose
/// path starts with "//" gets "/." in front (docs/DECISIONS.md,
/// "Resolution").
#[cfg(test)]
fn as_printed_resolution(base: &crate::Uri<'_>, r: &crate::UriRef<'_>) -> String {
    let merge = || match (base.authority(), base.path().rfind('/')) {
        (Some(_), _) if base.path().is_empty() => format!("/{}", r.path()),
        (_, Some(last)) => format!("{}{}", &base.path()[..=last], r.path()),
        (_, None) => r.path().to_string(),
    };
    let (scheme, authority, path, query) = if let Some(scheme) = r.scheme() {
        (scheme, r.authority(), as_printed(r.path()), r.query())
    } else if r.authority().is_some() {
        (
            base.scheme(),
            r.authority(),
            as_printed(r.path()),
            r.query(),
        )
    } else if r.path().is_empty() {
        let query = r.query().or(base.query());
        (
            base.scheme(),
            base.authority(),
            base.path().to_string(),
            query,
        )
    } else if r.path().starts_with('/') {
        (
            base.scheme(),
            base.authority(),
            as_printed(r.path()),
            r.query(),
        )
    } else {
        (
            base.scheme(),
            base.authority(),
            as_printed(&merge()),
            r.query(),
        )
    };
    let mut target = format!("{scheme}:");
    if let Some(authority) = authority {
        target += &format!("//{authority}");
    } else if path.starts_with("//") {
        target += "/.";
    }
    target += &path;
    if let Some(query) = query {
        target += &format!("?{query}");
    }
    if let Some(fragment) = r.fragment() {
        target += &format!("#{fragment}");
    }
    target
}
