//! Reference resolution, RFC 3986 section 5.2 (strict), for URIs, IRIs (RFC
//! 3987 6.5: the same algorithm on characters) and LEIRIs (nothing is
//! percent-encoded on the way: LEIRI Note section 4).
//!
//! The target is written once, into one `String`, and its component spans
//! are recorded as it is written, so the result is an owned, already parsed
//! value.

use crate::components::{AuthoritySpans, Span, Spans};
use crate::reference::{
    Iri, IriBuf, IriRef, IriRefBuf, Leiri, LeiriBuf, LeiriRef, LeiriRefBuf, Uri, UriBuf, UriRef,
    UriRefBuf,
};
use crate::xri::{Xri, XriBuf, XriRef};

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
    // (where the authority comes from, the path, where the query comes from)
    let (authority, path, query) = if r.scheme.is_some() || r.authority.is_some() {
        (
            r.authority.map(|a| (reference, a)),
            remove_dot_segments(reference.path(), Slashes::All),
            r.query.map(|q| (reference, q)),
        )
    } else if reference.path().is_empty() {
        (
            b.authority.map(|a| (base, a)),
            base.path().to_string(),
            r.query
                .map(|q| (reference, q))
                .or(b.query.map(|q| (base, q))),
        )
    } else if reference.path().starts_with('/') {
        (
            b.authority.map(|a| (base, a)),
            remove_dot_segments(reference.path(), Slashes::All),
            r.query.map(|q| (reference, q)),
        )
    } else {
        (
            b.authority.map(|a| (base, a)),
            remove_dot_segments(&merge(base, reference.path()), Slashes::All),
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
    if authority_spans.is_none() && path.starts_with("//") {
        out.push_str("/.");
    }
    push(out, &path);
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
/// (or after "/" when the base has an authority and an empty path).
fn merge(base: Parts<'_>, reference_path: &str) -> String {
    let base_path = base.path();
    if base.spans.authority.is_some() && base_path.is_empty() {
        return format!("/{reference_path}");
    }
    match base_path.rfind('/') {
        Some(last) => format!("{}{reference_path}", &base_path[..=last]),
        None => reference_path.to_string(),
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
    /// The byte offsets of the delimiting "/" in `text`.
    fn positions(self, text: &str) -> impl Iterator<Item = usize> + '_ {
        let mut depth = 0usize;
        text.bytes().enumerate().filter_map(move |(i, b)| {
            match b {
                b'(' if self == Slashes::OutsideParentheses => depth += 1,
                b')' if self == Slashes::OutsideParentheses => depth = depth.saturating_sub(1),
                b'/' if depth == 0 => return Some(i),
                _ => {}
            }
            None
        })
    }
}

/// RFC 3986 5.2.4, step by step: the input buffer is consumed from the
/// front, the output buffer grows at the back.
pub(crate) fn remove_dot_segments(path: &str, slashes: Slashes) -> String {
    let mut input = path;
    let mut output = String::with_capacity(path.len());
    while !input.is_empty() {
        if let Some(rest) = input
            .strip_prefix("../")
            .or_else(|| input.strip_prefix("./"))
        {
            // A: drop a leading "../" or "./".
            input = rest;
        } else if input.starts_with("/./") {
            // B: "/./" becomes "/".
            input = &input[2..];
        } else if input == "/." {
            // B at the end: "/." becomes "/", which E then moves.
            output.push('/');
            break;
        } else if input.starts_with("/../") {
            // C: "/../" becomes "/", and the last output segment goes.
            input = &input[3..];
            pop_segment(&mut output, slashes);
        } else if input == "/.." {
            pop_segment(&mut output, slashes);
            output.push('/');
            break;
        } else if input == "." || input == ".." {
            // D
            break;
        } else {
            // E: move the first segment (with its leading "/") to the output.
            let start = usize::from(input.starts_with('/'));
            let end = slashes
                .positions(&input[start..])
                .next()
                .map_or(input.len(), |i| i + start);
            output.push_str(&input[..end]);
            input = &input[end..];
        }
    }
    output
}

/// Removes the last segment of `output` and the "/" before it, if any.
fn pop_segment(output: &mut String, slashes: Slashes) {
    let cut = slashes.positions(output).last().unwrap_or(0);
    output.truncate(cut);
}

macro_rules! resolution {
    ($Abs:ident, $Ref:ident, $Buf:ident, $rfc:literal, $base:literal, $reference:literal, $target:literal) => {
        impl<'a> $Abs<'a> {
            #[doc = concat!("Resolves a reference against this base (", $rfc, "): the target, owned and parsed. A fragment of the base is ignored.")]
            ///
            /// ```
            #[doc = concat!("let base = xiri::", stringify!($Abs), "::parse(", $base, ").unwrap();")]
            #[doc = concat!("let reference = xiri::", stringify!($Ref), "::parse(", $reference, ").unwrap();")]
            #[doc = concat!("assert_eq!(base.resolve(&reference).as_str(), ", $target, ");")]
            /// ```
            pub fn resolve(&self, reference: &$Ref<'_>) -> $Buf {
                let mut out = String::new();
                let spans = resolve(self.parts(), reference.parts(), &mut out);
                $Buf { text: out, spans }
            }

            /// Resolves a reference into the caller's buffer, which is
            /// cleared first; the target borrows it. No allocation when the
            /// buffer is large enough.
            ///
            /// ```
            #[doc = concat!("let base = xiri::", stringify!($Abs), "::parse(", $base, ").unwrap();")]
            #[doc = concat!("let reference = xiri::", stringify!($Ref), "::parse(", $reference, ").unwrap();")]
            /// let mut buffer = String::new();
            /// let target = base.resolve_into(&reference, &mut buffer);
            #[doc = concat!("assert_eq!(target.as_str(), ", $target, ");")]
            /// ```
            pub fn resolve_into<'b>(&self, reference: &$Ref<'_>, buffer: &'b mut String) -> $Abs<'b> {
                let spans = resolve(self.parts(), reference.parts(), buffer);
                $Abs::from_spans(buffer.as_str(), spans)
            }

            fn parts(&self) -> Parts<'_> {
                Parts {
                    text: self.as_str(),
                    spans: self.spans(),
                }
            }
        }

        impl $Ref<'_> {
            fn parts(&self) -> Parts<'_> {
                Parts {
                    text: self.as_str(),
                    spans: self.spans(),
                }
            }
        }
    };
}

resolution!(
    Uri,
    UriRef,
    UriBuf,
    "RFC 3986 5.2",
    "\"http://a/b/c/d;p?q\"",
    "\"../g?y#s\"",
    "\"http://a/b/g?y#s\""
);
resolution!(
    Iri,
    IriRef,
    IriBuf,
    "RFC 3987 6.5, which is RFC 3986 5.2 on characters",
    "\"http://\u{e9}x.org/a/b\"",
    "\"../\u{e9}t\u{e9}?\u{e0}\"",
    "\"http://\u{e9}x.org/\u{e9}t\u{e9}?\u{e0}\""
);
resolution!(
    Leiri,
    LeiriRef,
    LeiriBuf,
    "RFC 3986 5.2; LEIRI Note section 4: nothing is percent-encoded on the way",
    "\"http://a/b c/d\"",
    "\"../e f\"",
    "\"http://a/e f\""
);

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
/// `slashes` says delimit; a shared prefix ends at one.
fn relative_path(base_path: &str, target_path: &str, slashes: Slashes) -> String {
    let directory = &base_path[..slashes.positions(base_path).last().map_or(0, |i| i + 1)];
    let shared = slashes
        .positions(directory)
        .map(|i| i + 1)
        .take_while(|&end| target_path.starts_with(&directory[..end]))
        .last()
        .unwrap_or(0);
    let ups = slashes.positions(&directory[shared..]).count();
    format!("{}{}", "../".repeat(ups), &target_path[shared..])
}

fn authority_text(p: Parts<'_>) -> Option<&str> {
    p.spans.authority.map(|a| a.whole.get(p.text))
}

macro_rules! relativization {
    ($Abs:ident, $Ref:ident, $RefBuf:ident, $base:literal, $target:literal, $reference:literal) => {
        impl<'a> $Abs<'a> {
            /// A reference that resolves against this base to `target`: the
            /// shortest of a few forms (nothing, a fragment, a query, a
            /// relative path, an absolute path, a network path) that does,
            /// else the target itself.
            ///
            /// ```
            #[doc = concat!("let base = xiri::", stringify!($Abs), "::parse(", $base, ").unwrap();")]
            #[doc = concat!("let target = xiri::", stringify!($Abs), "::parse(", $target, ").unwrap();")]
            /// let reference = base.relativize(&target);
            #[doc = concat!("assert_eq!(reference.as_str(), ", $reference, ");")]
            /// assert_eq!(base.resolve(&reference.as_borrowed()).as_borrowed(), target);
            /// ```
            pub fn relativize(&self, target: &$Abs<'_>) -> $RefBuf {
                let target_parts = Parts {
                    text: target.as_str(),
                    spans: target.spans(),
                };
                let mut buffer = String::new();
                let mut best: Option<$RefBuf> = None;
                for candidate in relative_candidates(self.parts(), target_parts) {
                    if best.as_ref().is_some_and(|b| b.as_str().len() <= candidate.len()) {
                        continue;
                    }
                    if let Ok(reference) = $Ref::parse(&candidate) {
                        if self.resolve_into(&reference, &mut buffer).as_str() == target.as_str() {
                            best = Some(reference.to_buf());
                        }
                    }
                }
                best.expect("the last candidate is the target, which resolves to itself")
            }
        }
    };
}

relativization!(
    Uri,
    UriRef,
    UriRefBuf,
    "\"http://a/b/c/d;p?q\"",
    "\"http://a/b/g?y#s\"",
    "\"../g?y#s\""
);
relativization!(
    Iri,
    IriRef,
    IriRefBuf,
    "\"http://\u{e9}x.org/a/b\"",
    "\"http://\u{e9}x.org/a/\u{e9}t\u{e9}\"",
    "\"\u{e9}t\u{e9}\""
);
relativization!(
    Leiri,
    LeiriRef,
    LeiriRefBuf,
    "\"http://a/b c/d\"",
    "\"http://a/e f\"",
    "\"/e f\""
);

impl Xri<'_> {
    /// Resolves an XRI reference against this base (XRI 2.0 2.4.1): RFC
    /// 3986 5.2 on the XRI-normal form, with each cross-reference an opaque
    /// unit, so a "/" inside one delimits nothing. The target is checked and
    /// owned.
    ///
    /// ```
    /// let base = xiri::Xri::parse("xri://@a*a/!b!b/c*c/(xri://@d*d/e)?q").unwrap();
    /// let reference = xiri::XriRef::parse("../!g!g").unwrap();
    /// assert_eq!(base.resolve(&reference).as_str(), "xri://@a*a/!b!b/!g!g");
    /// ```
    pub fn resolve(&self, reference: &XriRef<'_>) -> XriBuf {
        let mut text = String::new();
        self.resolve_text(reference, &mut text);
        XriBuf::checked(text)
    }

    /// Resolves an XRI reference into the caller's buffer (cleared first);
    /// the target borrows it.
    ///
    /// ```
    /// let base = xiri::Xri::parse("@a/b/c").unwrap();
    /// let mut buffer = String::new();
    /// let target = base.resolve_into(&xiri::XriRef::parse("../d").unwrap(), &mut buffer);
    /// assert_eq!(target.path(), "/d");
    /// ```
    pub fn resolve_into<'b>(&self, reference: &XriRef<'_>, buffer: &'b mut String) -> Xri<'b> {
        self.resolve_text(reference, buffer);
        Xri::parse(buffer).expect("resolution keeps an XRI valid")
    }

    /// A reference that resolves against this base to `target`: the
    /// shortest of a few forms that does (the target itself at worst).
    /// Cross-references are opaque, as in resolution.
    ///
    /// ```
    /// let base = xiri::Xri::parse("xri://@a*a/!b!b/c*c/(xri://@d*d/e)?q").unwrap();
    /// let target = xiri::Xri::parse("xri://@a*a/!b!b/!g!g").unwrap();
    /// let reference = base.relativize(&target);
    /// assert_eq!(reference.as_str(), "../!g!g");
    /// ```
    pub fn relativize(&self, target: &Xri<'_>) -> String {
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
            candidates.push(format!("{}{}", target.path(), suffix(true)));
        }
        let mut buffer = String::new();
        let mut best = target.as_str().to_string();
        for candidate in candidates {
            if candidate.len() < best.len() {
                if let Ok(reference) = XriRef::parse(&candidate) {
                    if self.resolve_into(&reference, &mut buffer).as_str() == target.as_str() {
                        best = candidate;
                    }
                }
            }
        }
        best
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
