//! What changing a component shares across the syntaxes: the text put
//! back together around a new component (RFC 3986 5.3), and the error
//! when the result would not be in the value's syntax or would read the
//! new component as something else.

use crate::syntax::error::ParseError;
use crate::syntax::grammar::Grammar;
use crate::syntax::mask::Masked;
use crate::syntax::pct::{self, Component};
use std::fmt;

/// Why a setter or a builder refused a value; the value it was called on
/// is unchanged.
///
/// ```
/// let mut uri: xiri::UriBuf = "http://example.com/a".parse().unwrap();
/// let err = uri.set_path("b").unwrap_err(); // under an authority, a path starts with "/"
/// assert_eq!(err.kind(), xiri::SetErrorKind::Structure);
/// assert_eq!(err.component(), "path");
/// assert_eq!(uri.as_str(), "http://example.com/a");
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct SetError {
    component: &'static str,
    kind: SetErrorKind,
    refusal: Option<ParseError>,
    /// What more is known, boxed so that a `Result` stays small.
    more: Option<Box<More>>,
}

/// What a [`SetError`] may say beyond its kind.
#[derive(Clone, Default, PartialEq, Eq)]
struct More {
    /// Why, where more can be said than the kind says.
    why: Option<&'static str>,
    /// The value given for the component.
    value: Option<Box<str>>,
}

/// What was wrong with the value a setter or builder was given.
///
/// ```
/// let mut iri: xiri::IriBuf = "http://example.com/".parse().unwrap();
/// assert_eq!(iri.set_fragment(Some("a b")).unwrap_err().kind(), xiri::SetErrorKind::Invalid);
/// assert_eq!(iri.set_query(Some("a#b")).unwrap_err().kind(), xiri::SetErrorKind::Structure);
/// assert_eq!(iri.set_scheme(None).unwrap_err().kind(), xiri::SetErrorKind::Required);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SetErrorKind {
    /// The result is not in the syntax: the value has a character the
    /// component does not allow there (encode it with
    /// [`pct::encode`](crate::pct::encode)).
    Invalid,
    /// The result is in the syntax but reads the value as other
    /// components: a delimiter in it ("#" in a query), a path that would
    /// read as an authority ("//a" with no authority) or lose its "/"
    /// under one, a first segment that would read as a scheme ("a:b" in a
    /// relative reference).
    Structure,
    /// The component cannot be absent here (the scheme of an absolute
    /// value), or needs another that is absent (user information or a
    /// port need an authority).
    Required,
}

impl SetError {
    pub(crate) fn new(component: &'static str, kind: SetErrorKind) -> SetError {
        SetError {
            component,
            kind,
            refusal: None,
            more: None,
        }
    }

    pub(crate) fn invalid(component: &'static str, refusal: ParseError) -> SetError {
        SetError {
            refusal: Some(refusal),
            ..SetError::new(component, SetErrorKind::Invalid)
        }
    }

    /// This error, naming `value`, the value given for the component.
    pub(crate) fn given(mut self, value: &str) -> SetError {
        self.more.get_or_insert_default().value = Some(value.into());
        self
    }

    /// This error, saying `why` instead of what its kind says.
    pub(crate) fn because(mut self, why: &'static str) -> SetError {
        self.more.get_or_insert_default().why = Some(why);
        self
    }

    fn why(&self) -> Option<&'static str> {
        self.more.as_ref()?.why
    }

    /// The value given, shown with what may be a password as `****`.
    fn shown_value(&self) -> Option<Masked<'_>> {
        let value = self.more.as_ref()?.value.as_deref()?;
        Some(match self.component {
            "userinfo" => Masked::Userinfo(value),
            "authority" => Masked::Authority(value),
            _ => Masked::Text(value),
        })
    }

    /// The component that was being set ("scheme", "authority",
    /// "userinfo", "host", "port", "path", "query", "fragment"), or
    /// "reference" for a builder.
    ///
    /// ```
    /// let mut uri: xiri::UriRefBuf = "a".parse().unwrap();
    /// assert_eq!(uri.set_fragment(Some("%")).unwrap_err().component(), "fragment");
    /// ```
    pub fn component(&self) -> &'static str {
        self.component
    }

    /// What was wrong.
    ///
    /// ```
    /// let mut uri: xiri::UriRefBuf = "a".parse().unwrap();
    /// assert_eq!(uri.set_port(Some(80)).unwrap_err().kind(), xiri::SetErrorKind::Required);
    /// ```
    pub fn kind(&self) -> SetErrorKind {
        self.kind
    }

    /// For [`SetErrorKind::Invalid`], the refusal of the text the change
    /// would have made: where it stopped matching and what was expected.
    ///
    /// ```
    /// let mut uri: xiri::UriRefBuf = "/a".parse().unwrap();
    /// let err = uri.set_query(Some("\u{e9}")).unwrap_err();
    /// assert_eq!(err.refusal().unwrap().input(), "/a?\u{e9}");
    /// assert_eq!(err.refusal().unwrap().offset(), 3);
    /// ```
    pub fn refusal(&self) -> Option<&ParseError> {
        self.refusal.as_ref()
    }
}

impl fmt::Display for SetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let why = self.why().unwrap_or(match self.kind {
            SetErrorKind::Invalid => "the result would not be in the syntax",
            SetErrorKind::Structure => "the result would read it as other components",
            SetErrorKind::Required => "it is required here, or needs an authority",
        });
        write!(f, "cannot set the {}", self.component)?;
        if let Some(value) = self.shown_value() {
            write!(f, " to {value:?}")?;
        }
        write!(f, ": {why}")?;
        match &self.refusal {
            // The refusal's Display masks a password its input carries.
            Some(refusal) => write!(f, "; {refusal}"),
            None => Ok(()),
        }
    }
}

/// The fields, the value's password as `****`.
impl fmt::Debug for SetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SetError")
            .field("component", &self.component)
            .field("kind", &self.kind)
            .field("refusal", &self.refusal)
            .field("why", &self.why())
            .field("value", &self.shown_value())
            .finish()
    }
}

impl std::error::Error for SetError {}

/// Why `path` cannot be the path of a reference with a scheme or not and
/// an authority or not, if it cannot (RFC 3986 3.3).
pub(crate) fn path_misread(path: &str, scheme: bool, authority: bool) -> Option<&'static str> {
    let first = path.split('/').next().unwrap_or_default();
    if authority && !path.is_empty() && !path.starts_with('/') {
        Some("under an authority a path is empty or starts with \"/\" (else it reads as more of the host or port)")
    } else if !authority && path.starts_with("//") {
        Some("without an authority a path cannot start with \"//\" (it would read as one)")
    } else if !scheme && first.contains(':') {
        Some("without a scheme the first segment of a path cannot hold \":\" (it would read as a scheme)")
    } else {
        None
    }
}

/// A reference put together from what comes before its path (scheme and
/// authority, with their delimiters), its path, query and fragment
/// (RFC 3986 5.3).
pub(crate) fn compose(
    head: &str,
    path: &str,
    query: Option<&str>,
    fragment: Option<&str>,
) -> String {
    let len = head.len()
        + path.len()
        + query.map_or(0, |q| q.len() + 1)
        + fragment.map_or(0, |f| f.len() + 1);
    let mut out = String::with_capacity(len);
    out.push_str(head);
    out.push_str(path);
    if let Some(q) = query {
        out.push('?');
        out.push_str(q);
    }
    if let Some(f) = fragment {
        out.push('#');
        out.push_str(f);
    }
    out
}

/// `path` with one more segment, given as plain text and encoded for a
/// segment of `grammar`: after the path's "/" if it ends with one, else
/// after a "/" added, but for an empty path that is not `rooted` (no
/// authority before it), which the segment starts. An empty segment
/// cannot start an empty path. (The whole new path, which the setters
/// set before issue 41; the unit property holds them to it.)
#[cfg(test)]
pub(crate) fn with_segment(
    path: &str,
    rooted: bool,
    segment: &str,
    grammar: Grammar,
) -> Result<String, SetError> {
    let piece = segment_piece(path, rooted, segment, grammar)?;
    Ok(format!("{path}{piece}"))
}

/// What [`with_segment`] appends to `path`.
pub(crate) fn segment_piece(
    path: &str,
    rooted: bool,
    segment: &str,
    grammar: Grammar,
) -> Result<String, SetError> {
    let encoded = pct::encode(segment, Component::PathSegment, grammar);
    if path.ends_with('/') || (path.is_empty() && !rooted) {
        if path.is_empty() && encoded.is_empty() {
            return Err(SetError::new("path", SetErrorKind::Structure));
        }
        return Ok(encoded.into_owned());
    }
    Ok(format!("/{encoded}"))
}

/// Appends "/" and `segment`, given as plain text, encoded for a segment
/// of `grammar` (what the builders' `path_segment` does).
pub(crate) fn push_segment(path: &mut String, segment: &str, grammar: Grammar) {
    path.push('/');
    path.push_str(&pct::encode(segment, Component::PathSegment, grammar));
}

/// `query` (none: empty) with one more pair, `key=value` or `key` alone,
/// both given as plain text and encoded as form fields of `grammar`. (The
/// whole new query, which the setters set before issue 41.)
#[cfg(test)]
pub(crate) fn with_pair(
    query: Option<&str>,
    key: &str,
    value: Option<&str>,
    grammar: Grammar,
) -> String {
    let mut query = query.unwrap_or_default().to_string();
    push_pair(&mut query, key, value, grammar);
    query
}

/// Appends to `query` a pair as [`with_pair`] does, in place: a builder
/// that adds pairs one by one copies each once.
pub(crate) fn push_pair(query: &mut String, key: &str, value: Option<&str>, grammar: Grammar) {
    query.push_str(pair_piece(query, key, value, grammar).as_str());
}

/// What [`with_pair`] appends to `query`: "&" unless it is empty or ends
/// with one, then the encoded pair.
pub(crate) fn pair_piece(query: &str, key: &str, value: Option<&str>, grammar: Grammar) -> String {
    let mut piece = String::new();
    if !query.is_empty() && !query.ends_with('&') {
        piece.push('&');
    }
    piece.push_str(&pct::encode(key, Component::QueryValue, grammar));
    if let Some(v) = value {
        piece.push('=');
        piece.push_str(&pct::encode(v, Component::QueryValue, grammar));
    }
    piece
}

/// What a piece is appended to.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Append {
    /// A path segment ([`segment_piece`]).
    Segment,
    /// A query pair ([`pair_piece`]).
    Pair,
}

/// Whether `piece`, appended to `current` (the path, or the query if
/// there is one) in `grammar`, makes a value that the full check would
/// accept and read back, so that only the piece need be checked: `false`
/// when the caller must check the whole text (which also says why it is
/// refused).
///
/// Why checking the piece alone gives the full check's answer:
///
/// - A query, in every grammar, is `*( pchar / "/" / "?" )` (`iquery`
///   adds `iprivate`): a run of characters and whole percent-triplets,
///   with no "#". An existing query followed by a piece that the query
///   rule matches alone is a query again (no triplet can straddle the
///   join: each side's are whole), and it still ends where the piece
///   ends, at the fragment's "#" or the end. Nothing before the "?"
///   changes. With no query, the "?" is new: the full check decides.
/// - A path of any form (`path-abempty`, `-absolute`, `-noscheme`,
///   `-rootless`, and the XRI ones) is its start then
///   `*( "/" segment )`. A non-empty path keeps its start: the piece is
///   "/" and a segment, or a segment after the path's final "/"
///   (extending an empty last segment, or the non-empty segment of a
///   bare "/"), so no "//" or first segment (read as a scheme or an
///   authority) appears and an authority's path still starts with "/". A
///   segment has no "/", "?" or "#", so the path ends where the piece
///   does. An empty path (what comes first decides: a scheme, an
///   authority) gets the full check.
pub(crate) fn piece_fits(grammar: Grammar, to: Append, current: Option<&str>, piece: &str) -> bool {
    let Some(current) = current else {
        return false;
    };
    let (rule, value) = match to {
        Append::Pair => (
            if grammar == Grammar::Uri {
                "query"
            } else {
                "iquery"
            },
            piece,
        ),
        Append::Segment => {
            // The "/" that separates the segment, unless the path ends
            // with one; any other "/" the segment rule refuses.
            let segment = match current.ends_with('/') {
                true => Some(piece),
                false => piece.strip_prefix('/'),
            };
            let rule = match grammar {
                Grammar::Uri => "segment",
                Grammar::Xri => "xri-segment",
                _ => "isegment",
            };
            match segment {
                Some(segment) if !current.is_empty() => (rule, segment),
                _ => return false,
            }
        }
    };
    let automaton = grammar.rule(rule).and_then(|r| r.automaton());
    automaton.is_some_and(|a| a.matches(value))
}
