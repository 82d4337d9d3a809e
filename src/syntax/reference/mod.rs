//! URI, IRI (RFC 3987 and 3987bis) and LEIRI references and their absolute
//! forms: one family of types generic over the [`GenericSyntax`], borrowing the
//! input they were parsed from ([`owned`] has the owned forms), with the
//! familiar names as aliases.

use crate::syntax::bounds::Bounds;
use crate::syntax::components::{Host, Spans};
use crate::syntax::error::ParseError;
use crate::syntax::grammar::Grammar;
use crate::syntax::{GenericSyntax, LeiriNote, Rfc3986, Rfc3987, Rfc3987bis};
use std::marker::PhantomData;

mod buf;
mod build;
mod lend;
mod parse;
mod read;
mod set;
mod tail;

#[cfg(test)]
mod append_tests;

pub use buf::{
    AbsoluteBuf, IriBisBuf, IriBisRefBuf, IriBuf, IriRefBuf, LeiriBuf, LeiriRefBuf, ReferenceBuf,
    UriBuf, UriRefBuf,
};
pub use build::Builder;
pub use lend::{AsAbsolute, AsReference};
#[cfg(feature = "internals")]
pub(crate) use parse::fast_path_check;
use parse::is_valid;
pub(crate) use parse::{automaton, parse_bounds, parse_spans, try_spans};

/// A reference of syntax `S` (absolute or relative), borrowed from the
/// string it was parsed from: `UriRef`, `IriRef`, `IriBisRef` and
/// `LeiriRef` are its aliases.
///
/// Every component is a slice of the input; `Display` and
/// [`as_str`](Self::as_str) give the input back unchanged. Values compare,
/// hash and order as their text.
///
/// ```
/// let r = xiri::UriRef::parse("http://example.com/a?b#c").unwrap();
/// assert_eq!(r.as_str(), "http://example.com/a?b#c");
/// let i = xiri::IriRef::parse("../r\u{e9}sum\u{e9}").unwrap();
/// assert_eq!(i.path(), "../r\u{e9}sum\u{e9}");
/// ```
#[derive(Clone, Copy)]
pub struct Reference<'a, S> {
    text: &'a str,
    bounds: Bounds,
    syntax: PhantomData<S>,
}

/// An absolute reference of syntax `S`: one with a scheme (a fragment is
/// allowed). `Uri`, `Iri`, `IriBis` and `Leiri` are its aliases. It
/// dereferences to [`Reference`] for the component accessors.
///
/// ```
/// let r = xiri::Uri::parse("urn:example:animal:ferret:nose").unwrap();
/// assert_eq!(r.scheme(), "urn");
/// assert!(xiri::Uri::parse("/relative").is_err());
/// ```
#[derive(Clone, Copy)]
pub struct Absolute<'a, S>(Reference<'a, S>);

/// A URI reference (RFC 3986 4.1, `URI-reference`).
pub type UriRef<'a> = Reference<'a, Rfc3986>;
/// An absolute URI (RFC 3986 3, `URI`).
pub type Uri<'a> = Absolute<'a, Rfc3986>;
/// An IRI reference (RFC 3987 2.2, `IRI-reference`).
pub type IriRef<'a> = Reference<'a, Rfc3987>;
/// An absolute IRI (RFC 3987 2.2, `IRI`).
pub type Iri<'a> = Absolute<'a, Rfc3987>;
/// An IRI reference by draft 3987bis (section 2.2, `IRI-reference`).
pub type IriBisRef<'a> = Reference<'a, Rfc3987bis>;
/// An absolute IRI by draft 3987bis (section 2.2, `IRI`).
pub type IriBis<'a> = Absolute<'a, Rfc3987bis>;
/// A LEIRI reference (LEIRI Note \[3\], `LEIRI-reference`).
pub type LeiriRef<'a> = Reference<'a, LeiriNote>;
/// An absolute LEIRI (LEIRI Note \[1\], `LEIRI`).
pub type Leiri<'a> = Absolute<'a, LeiriNote>;

impl<'a, S: GenericSyntax> Reference<'a, S> {
    #[inline]
    pub(crate) fn from_bounds(text: &'a str, bounds: Bounds) -> Self {
        Self {
            text,
            bounds,
            syntax: PhantomData,
        }
    }

    /// A reference to `text` whose components are `spans` (laid out as
    /// every reference's are).
    pub(crate) fn from_spans(text: &'a str, spans: Spans) -> Self {
        Self::from_bounds(text, Bounds::of(spans, text.len()))
    }

    pub(crate) fn bounds(&self) -> Bounds {
        self.bounds
    }

    pub(crate) fn spans(&self) -> Spans {
        self.bounds.spans(self.text.len())
    }

    /// Parses a reference of this syntax. The error says at which byte the
    /// input stopped matching and what was expected there.
    ///
    /// ```
    /// assert!(xiri::UriRef::parse("http://example.com/a?b#c").is_ok());
    /// assert_eq!(xiri::IriRef::parse("a#b#c").unwrap_err().offset(), 3);
    /// ```
    pub fn parse(input: &'a str) -> Result<Self, ParseError> {
        Ok(Self::from_bounds(
            input,
            parse_bounds(S::GRAMMAR, S::ZONE_ID, input, false)?,
        ))
    }

    /// Whether `input` is a reference of this syntax: the verdict of
    /// [`parse`](Self::parse), without the value or the error, and
    /// without allocating. The first stage decides most inputs of 16 to
    /// 256 bytes at once, the table walk the rest.
    ///
    /// ```
    /// assert!(xiri::IriRef::is_valid("http://r\u{e9}sum\u{e9}.example.org/a?b#c"));
    /// assert!(!xiri::UriRef::is_valid("http://r\u{e9}sum\u{e9}.example.org/"));
    /// assert!(!xiri::IriRef::is_valid("http://example.org/a b"));
    /// ```
    #[inline]
    pub fn is_valid(input: &str) -> bool {
        is_valid(S::GRAMMAR, S::ZONE_ID, input, false)
    }

    /// The grammar of its syntax, the one it was parsed with.
    ///
    /// ```
    /// let r = xiri::IriBisRef::parse("?\u{E0001}").unwrap();
    /// assert_eq!(r.grammar(), xiri::Grammar::IriBis);
    /// ```
    pub fn grammar(&self) -> Grammar {
        S::GRAMMAR
    }

    /// The text, exactly as parsed.
    ///
    /// ```
    /// assert_eq!(xiri::UriRef::parse("../a").unwrap().as_str(), "../a");
    /// ```
    pub fn as_str(&self) -> &'a str {
        self.text
    }

    /// Whether it has a scheme (is absolute rather than relative).
    ///
    /// ```
    /// assert!(!xiri::LeiriRef::parse("../a").unwrap().is_absolute());
    /// ```
    pub fn is_absolute(&self) -> bool {
        self.bounds.has_scheme()
    }

    /// The absolute form, if it has a scheme.
    ///
    /// ```
    /// let r = xiri::UriRef::parse("urn:example:animal").unwrap();
    /// assert!(r.to_absolute().is_some());
    /// ```
    pub fn to_absolute(&self) -> Option<Absolute<'a, S>> {
        self.is_absolute().then_some(Absolute(*self))
    }

    /// The scheme, without its ":"; `None` for a relative reference.
    ///
    /// ```
    /// assert_eq!(xiri::UriRef::parse("x:y").unwrap().scheme(), Some("x"));
    /// ```
    pub fn scheme(&self) -> Option<&'a str> {
        self.bounds.scheme().map(|s| s.get(self.text))
    }

    /// The authority, without the leading "//"; `None` when there is no
    /// "//" (an empty authority after "//" is `Some("")`).
    ///
    /// ```
    /// let r = xiri::UriRef::parse("//u@h:1/p").unwrap();
    /// assert_eq!(r.authority(), Some("u@h:1"));
    /// ```
    pub fn authority(&self) -> Option<&'a str> {
        self.bounds.authority().map(|a| a.whole.get(self.text))
    }

    /// The userinfo, without its "@".
    ///
    /// ```
    /// let r = xiri::IriRef::parse("//u@h:1/p").unwrap();
    /// assert_eq!(r.userinfo(), Some("u"));
    /// ```
    pub fn userinfo(&self) -> Option<&'a str> {
        self.bounds
            .authority()
            .and_then(|a| a.userinfo)
            .map(|s| s.get(self.text))
    }

    /// The host, typed: registered name, IPv4, IPv6 or IPvFuture.
    ///
    /// ```
    /// let r = xiri::UriRef::parse("//u@h:1/p").unwrap();
    /// assert_eq!(r.host().unwrap().as_str(), "h");
    /// assert_eq!(r.host().unwrap().kind(), xiri::HostKind::RegName);
    /// ```
    pub fn host(&self) -> Option<Host<'a>> {
        self.bounds.authority().map(|a| a.host(self.text))
    }

    /// The port, without its ":" (possibly empty: `//h:` has port
    /// `Some("")`).
    ///
    /// ```
    /// let r = xiri::UriRef::parse("//u@h:1/p").unwrap();
    /// assert_eq!(r.port(), Some("1"));
    /// ```
    pub fn port(&self) -> Option<&'a str> {
        self.bounds
            .authority()
            .and_then(|a| a.port)
            .map(|s| s.get(self.text))
    }

    /// The path; always present, possibly empty.
    ///
    /// ```
    /// let r = xiri::UriRef::parse("//u@h:1/p").unwrap();
    /// assert_eq!(r.path(), "/p");
    /// ```
    pub fn path(&self) -> &'a str {
        self.bounds.path().get(self.text)
    }

    /// The query, without its "?".
    ///
    /// ```
    /// let r = xiri::UriRef::parse("?q#f").unwrap();
    /// assert_eq!(r.query(), Some("q"));
    /// ```
    pub fn query(&self) -> Option<&'a str> {
        self.bounds.query().map(|s| s.get(self.text))
    }

    /// The fragment, without its "#".
    ///
    /// ```
    /// let r = xiri::UriRef::parse("?q#f").unwrap();
    /// assert_eq!(r.fragment(), Some("f"));
    /// ```
    pub fn fragment(&self) -> Option<&'a str> {
        self.bounds
            .fragment(self.text.len())
            .map(|s| s.get(self.text))
    }
}

impl<'a, S: GenericSyntax> Absolute<'a, S> {
    pub(crate) fn from_bounds(text: &'a str, bounds: Bounds) -> Self {
        Self(Reference::from_bounds(text, bounds))
    }

    pub(crate) fn bounds(&self) -> Bounds {
        self.0.bounds
    }

    pub(crate) fn spans(&self) -> Spans {
        self.0.spans()
    }

    /// Parses an absolute reference of this syntax; a relative reference
    /// is refused with [`ErrorKind::NotAbsolute`](crate::syntax::error::ErrorKind::NotAbsolute).
    ///
    /// ```
    /// assert!(xiri::Uri::parse("urn:example:animal:ferret:nose").is_ok());
    /// let err = xiri::Iri::parse("/a").unwrap_err();
    /// assert_eq!(err.kind(), xiri::ErrorKind::NotAbsolute);
    /// ```
    pub fn parse(input: &'a str) -> Result<Self, ParseError> {
        Ok(Self(Reference::from_bounds(
            input,
            parse_bounds(S::GRAMMAR, S::ZONE_ID, input, true)?,
        )))
    }

    /// Whether `input` is an absolute reference of this syntax: the
    /// verdict of [`parse`](Self::parse), without the value or the error,
    /// and without allocating.
    ///
    /// ```
    /// assert!(xiri::Iri::is_valid("urn:example:r\u{e9}sum\u{e9}"));
    /// assert!(!xiri::Iri::is_valid("/a"));
    /// ```
    #[inline]
    pub fn is_valid(input: &str) -> bool {
        is_valid(S::GRAMMAR, S::ZONE_ID, input, true)
    }

    /// The text, exactly as parsed.
    ///
    /// ```
    /// assert_eq!(xiri::Uri::parse("x:y").unwrap().as_str(), "x:y");
    /// ```
    pub fn as_str(&self) -> &'a str {
        self.0.text
    }

    /// The scheme, without its ":".
    ///
    /// ```
    /// assert_eq!(xiri::Uri::parse("x:y").unwrap().scheme(), "x");
    /// ```
    pub fn scheme(&self) -> &'a str {
        self.0.scheme().unwrap_or_default()
    }

    /// The same value as a reference, for the reference accessors
    /// (`authority`, `host`, `path`, ...).
    ///
    /// ```
    /// let r = xiri::Uri::parse("x://h/p").unwrap();
    /// assert_eq!(r.as_reference().path(), "/p");
    /// assert_eq!(r.path(), "/p"); // the same, through Deref
    /// ```
    pub fn as_reference(&self) -> &Reference<'a, S> {
        &self.0
    }
}

impl<'a, S> std::ops::Deref for Absolute<'a, S> {
    type Target = Reference<'a, S>;

    fn deref(&self) -> &Reference<'a, S> {
        &self.0
    }
}

impl<'a, S> From<Absolute<'a, S>> for Reference<'a, S> {
    fn from(absolute: Absolute<'a, S>) -> Self {
        absolute.0
    }
}

impl<'a, S: GenericSyntax> TryFrom<&'a str> for Reference<'a, S> {
    type Error = ParseError;

    fn try_from(input: &'a str) -> Result<Self, ParseError> {
        Self::parse(input)
    }
}

impl<'a, S: GenericSyntax> TryFrom<&'a str> for Absolute<'a, S> {
    type Error = ParseError;

    fn try_from(input: &'a str) -> Result<Self, ParseError> {
        Self::parse(input)
    }
}

impl<S> AsRef<str> for Reference<'_, S> {
    fn as_ref(&self) -> &str {
        self.text
    }
}

impl<S> AsRef<str> for Absolute<'_, S> {
    fn as_ref(&self) -> &str {
        self.0.text
    }
}

// RFC 3987 → 3987bis: every RFC 3987 IRI is a 3987bis IRI with the same
// components (docs/DECISIONS.md, "Grammar versions"). The other way is
// fallible: the tag characters 3987bis adds to the query are not RFC 3987.

impl<'a> From<IriRef<'a>> for IriBisRef<'a> {
    fn from(iri: IriRef<'a>) -> Self {
        Reference::from_bounds(iri.text, iri.bounds)
    }
}

impl<'a> From<Iri<'a>> for IriBis<'a> {
    fn from(iri: Iri<'a>) -> Self {
        Absolute(iri.0.into())
    }
}

impl<'a> TryFrom<IriBisRef<'a>> for IriRef<'a> {
    type Error = ParseError;

    fn try_from(iri: IriBisRef<'a>) -> Result<Self, ParseError> {
        IriRef::parse(iri.as_str())
    }
}

impl<'a> TryFrom<IriBis<'a>> for Iri<'a> {
    type Error = ParseError;

    fn try_from(iri: IriBis<'a>) -> Result<Self, ParseError> {
        Iri::parse(iri.as_str())
    }
}

impl<'a> IriRef<'a> {
    /// Parses an IRI reference by draft-ietf-iri-3987bis-07, which also
    /// allows the tag characters U+E0000-E0FFF in the query: the same as
    /// [`IriBisRef::parse`], kept for the name it had.
    ///
    /// ```
    /// assert!(xiri::IriRef::parse("?\u{E0001}").is_err());
    /// let bis = xiri::IriRef::parse_3987bis("?\u{E0001}").unwrap();
    /// assert_eq!(bis.grammar(), xiri::Grammar::IriBis);
    /// ```
    pub fn parse_3987bis(input: &'a str) -> Result<IriBisRef<'a>, ParseError> {
        IriBisRef::parse(input)
    }
}

impl<'a> Iri<'a> {
    /// Parses an absolute IRI by draft-ietf-iri-3987bis-07: the same as
    /// [`IriBis::parse`], kept for the name it had.
    ///
    /// ```
    /// assert!(xiri::Iri::parse_3987bis("x:?\u{E0001}").is_ok());
    /// ```
    pub fn parse_3987bis(input: &'a str) -> Result<IriBis<'a>, ParseError> {
        IriBis::parse(input)
    }
}
