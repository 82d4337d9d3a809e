//! XRI references (OASIS XRI Syntax 2.0) as typed trees: authority, path
//! segments, sub-segments and cross-references nested to any depth.
//!
//! The ABNF makes almost anything an `XRI` (through `iauthority`, since
//! "xri://" is optional), so the typed API classifies by a policy
//! (docs/DECISIONS.md, "XRI: absolute or relative"): without "xri://", a
//! reference is absolute only when it starts with a global context symbol
//! (`=`, `@`, `+`, `$`, or `!!`, the persistent one) or a cross-reference
//! `(`; otherwise it is relative (`!g!g` is a relative path). The
//! content of a cross-reference is classified the same way, except that a
//! content with a scheme other than an XRI form is an IRI.

use crate::syntax::components::{AuthoritySpans, Span};
use crate::syntax::error::{ErrorKind, ParseError};
use crate::syntax::grammar::Grammar;
use crate::syntax::reference::{Iri, IriRef};
use std::fmt;

mod fast;
mod http;
mod normal_form;
mod normalize;
mod owned;
mod parts;
mod pest_path;
mod resolve;

pub use http::HttpXriWarning;

pub use owned::{XriBuf, XriRefBuf};

pub use parts::{
    CrossReference, CrossReferenceValue, Delimiter, GlobalContext, Segment, Segments, Subsegment,
    SubsegmentValue, Subsegments, XriAuthority,
};

/// An XRI reference, absolute or relative, borrowed from its input. It
/// holds where its components are; the segments, sub-segments and
/// cross-references are found when asked for, so parsing allocates
/// nothing.
///
/// ```
/// let x = xiri::XriRef::parse("xri://@example*home/(+contact)!1").unwrap();
/// assert!(x.has_prefix());
/// assert_eq!(x.authority().unwrap().as_str(), "@example*home");
/// assert_eq!(x.path(), "/(+contact)!1");
/// ```
#[derive(Clone, Copy, Debug)]
pub struct XriRef<'a> {
    text: &'a str,
    prefix: bool,
    authority: Option<Authority>,
    path: Span,
    query: Option<Span>,
    fragment: Option<Span>,
}

/// Where an XRI's authority is and how it is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Authority {
    /// `gcs-authority`: the symbol first, sub-segments after it.
    Global { span: Span, symbol: GlobalContext },
    /// `xref-authority`: a cross-reference ending at `xref_end`, then
    /// sub-segments.
    CrossReference { span: Span, xref_end: usize },
    /// `iauthority`.
    Iri(AuthoritySpans),
}

/// An absolute XRI: an [`XriRef`] with an authority.
///
/// ```
/// let x = xiri::Xri::parse("=example").unwrap();
/// assert_eq!(x.authority().as_str(), "=example");
/// assert!(xiri::Xri::parse("example").is_err());
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Xri<'a>(XriRef<'a>);

impl<'a> XriRef<'a> {
    /// Parses an XRI reference, absolute or relative by the policy in the
    /// module documentation. Cross-references are read to any depth up
    /// to [`MAX_NESTING`](crate::MAX_NESTING).
    ///
    /// ```
    /// assert!(xiri::XriRef::parse("@example/(+contact)").unwrap().is_absolute());
    /// assert!(!xiri::XriRef::parse("example/a").unwrap().is_absolute());
    /// ```
    pub fn parse(input: &'a str) -> Result<Self, ParseError> {
        match fast::reference(input) {
            Some(reference) => Ok(reference),
            None => pest_path::parse(input, pest_path::Content::Parse),
        }
    }

    /// Where its components are: what two readings of the same text must
    /// agree on (values compare by their text alone).
    #[cfg(feature = "internals")]
    fn structure(&self) -> (bool, Option<Authority>, Span, Option<Span>, Option<Span>) {
        (
            self.prefix,
            self.authority,
            self.path,
            self.query,
            self.fragment,
        )
    }

    /// The reference as written.
    ///
    /// ```
    /// assert_eq!(xiri::XriRef::parse("a*b").unwrap().as_str(), "a*b");
    /// ```
    pub fn as_str(&self) -> &'a str {
        self.text
    }

    /// Whether it is absolute (has an authority).
    ///
    /// ```
    /// assert!(xiri::XriRef::parse("xri://a").unwrap().is_absolute());
    /// ```
    pub fn is_absolute(&self) -> bool {
        self.authority.is_some()
    }

    /// Whether it starts with the optional "xri://".
    ///
    /// ```
    /// assert!(!xiri::XriRef::parse("@a").unwrap().has_prefix());
    /// ```
    pub fn has_prefix(&self) -> bool {
        self.prefix
    }

    /// The authority, for an absolute XRI.
    ///
    /// ```
    /// assert!(xiri::XriRef::parse("a/b").unwrap().authority().is_none());
    /// ```
    pub fn authority(&self) -> Option<XriAuthority<'a>> {
        let text = self.text;
        Some(match self.authority? {
            Authority::Global { span, symbol } => XriAuthority::Global {
                text: span.get(text),
                symbol,
            },
            Authority::CrossReference { span, xref_end } => XriAuthority::CrossReference {
                text: span.get(text),
                xref: CrossReference::new(&text[span.start..xref_end]),
            },
            Authority::Iri(a) => XriAuthority::Iri {
                text: a.whole.get(text),
                userinfo: a.userinfo.map(|s| s.get(text)),
                host: a.host(text),
                port: a.port.map(|s| s.get(text)),
            },
        })
    }

    /// The path as written (possibly empty).
    ///
    /// ```
    /// assert_eq!(xiri::XriRef::parse("@a/b/c?q").unwrap().path(), "/b/c");
    /// ```
    pub fn path(&self) -> &'a str {
        self.path.get(self.text)
    }

    /// The path's segments. A leading "/" does not make an empty first
    /// segment; "a//b" has an empty second one.
    ///
    /// ```
    /// let x = xiri::XriRef::parse("/a/b").unwrap();
    /// assert_eq!(x.segments().map(|s| s.as_str()).collect::<Vec<_>>(), ["a", "b"]);
    /// ```
    pub fn segments(&self) -> Segments<'a> {
        Segments::of(self.path())
    }

    /// The query, without its "?".
    ///
    /// ```
    /// assert_eq!(xiri::XriRef::parse("@a?x=(y)").unwrap().query(), Some("x=(y)"));
    /// ```
    pub fn query(&self) -> Option<&'a str> {
        self.query.map(|s| s.get(self.text))
    }

    /// The fragment, without its "#".
    ///
    /// ```
    /// assert_eq!(xiri::XriRef::parse("@a#f").unwrap().fragment(), Some("f"));
    /// ```
    pub fn fragment(&self) -> Option<&'a str> {
        self.fragment.map(|s| s.get(self.text))
    }

    /// The absolute XRI, if it is one.
    ///
    /// ```
    /// assert!(xiri::XriRef::parse("@a").unwrap().to_absolute().is_some());
    /// ```
    pub fn to_absolute(&self) -> Option<Xri<'a>> {
        self.is_absolute().then_some(Xri(*self))
    }
}

impl<'a> Xri<'a> {
    /// Parses an absolute XRI: "xri://", a global context symbol (`=`, `@`,
    /// `+`, `$`, `!!`) or a cross-reference must start it.
    ///
    /// ```
    /// assert!(xiri::Xri::parse("xri://www.example.com/a").is_ok());
    /// assert_eq!(xiri::Xri::parse("a/b").unwrap_err().kind(), xiri::ErrorKind::NotAbsolute);
    /// ```
    pub fn parse(input: &'a str) -> Result<Self, ParseError> {
        if looks_absolute(input) {
            return XriRef::parse(input).map(Xri);
        }
        // Relative by the policy: say why, with the XRI production's own
        // error when the input is not even that.
        let absolute = Grammar::Xri.absolute();
        absolute.check(input)?;
        Err(absolute.error(
            input,
            ErrorKind::NotAbsolute,
            0,
            vec!["\"xri://\", a global context symbol or \"(\"".to_string()],
        ))
    }

    /// The authority.
    ///
    /// ```
    /// assert_eq!(xiri::Xri::parse("+a").unwrap().authority().as_str(), "+a");
    /// ```
    // An `Xri` is made only from a reference with an authority.
    #[allow(clippy::expect_used)]
    pub fn authority(&self) -> XriAuthority<'a> {
        self.0.authority().expect("an Xri has an authority")
    }

    /// The same value as a reference, for the other accessors.
    ///
    /// ```
    /// assert_eq!(xiri::Xri::parse("+a/b").unwrap().as_reference().path(), "/b");
    /// ```
    pub fn as_reference(&self) -> &XriRef<'a> {
        &self.0
    }
}

impl<'a> std::ops::Deref for Xri<'a> {
    type Target = XriRef<'a>;

    fn deref(&self) -> &XriRef<'a> {
        &self.0
    }
}

impl<'a> From<Xri<'a>> for XriRef<'a> {
    fn from(x: Xri<'a>) -> Self {
        x.0
    }
}

impl<'a> TryFrom<&'a str> for XriRef<'a> {
    type Error = ParseError;

    fn try_from(input: &'a str) -> Result<Self, ParseError> {
        Self::parse(input)
    }
}

impl<'a> TryFrom<&'a str> for Xri<'a> {
    type Error = ParseError;

    fn try_from(input: &'a str) -> Result<Self, ParseError> {
        Self::parse(input)
    }
}

impl AsRef<str> for XriRef<'_> {
    fn as_ref(&self) -> &str {
        self.text
    }
}

impl AsRef<str> for Xri<'_> {
    fn as_ref(&self) -> &str {
        self.0.text
    }
}

impl fmt::Display for XriRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text)
    }
}

impl fmt::Display for Xri<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0.text)
    }
}

/// The policy: "xri://", a global context symbol or "(" first. The
/// persistent symbol is "!!" (pgcs-authority): a single "!" starts a
/// persistent sub-segment of a relative path, as in 2.4.2's "!g!g".
fn looks_absolute(input: &str) -> bool {
    pest_path::has_prefix(input)
        || input.starts_with(['=', '@', '+', '$', '('])
        || input.starts_with("!!")
}

/// An absolute IRI, the value a cross-reference's content is when it is
/// not an XRI by the policy (decided by the IRI engine, whose refusal
/// needs no explanation: the content is then read as an XRI reference).
fn iri_value(content: &str) -> Option<Iri<'_>> {
    if looks_absolute(content) {
        return None;
    }
    let spans = crate::syntax::reference::accepted_spans(Grammar::Iri, content)?;
    IriRef::from_spans(content, spans).to_absolute()
}

#[cfg(feature = "internals")]
/// For the differential tests and the fuzz target (through
/// [`fast_path_check`](crate::fast_path_check)): whether pest accepts
/// `input`, when the fast path, if it answers, finds what pest finds.
pub(crate) fn fast_path_check(input: &str) -> Result<bool, String> {
    let pest = pest_path::parse(input, pest_path::Content::Pest);
    match fast::reference(input) {
        None => Ok(pest.is_ok()),
        Some(fast)
            if pest
                .as_ref()
                .is_ok_and(|p| p.structure() == fast.structure()) =>
        {
            Ok(true)
        }
        Some(fast) => Err(format!(
            "xri {input:?}: the fast path gives {fast:?}, pest gives {pest:?}"
        )),
    }
}

/// Whether the XRI fast path (src/xri/fast.rs) answers for `input` rather
/// than leaving it to pest; for the tests that measure its coverage.
///
/// ```
/// assert!(xiri::xri_fast_path_answers("xri://@example*home/(+contact)"));
/// assert!(!xiri::xri_fast_path_answers("@a*b c"));
/// ```
#[cfg(feature = "internals")]
pub fn xri_fast_path_answers(input: &str) -> bool {
    fast::reference(input).is_some()
}
