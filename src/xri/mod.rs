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

use crate::syntax::builtin::xri_typed;
use crate::syntax::components::{AuthoritySpans, Span};
use crate::syntax::error::{ErrorKind, ParseError};
use crate::syntax::grammar::Grammar;
use crate::syntax::reference::{Iri, IriRef};

mod buf;
mod build;
mod debug;
mod http;
mod lend;
mod normal_form;
mod normalize;
mod parts;
#[cfg(feature = "internals")]
mod pest_path;
mod read;
mod recompose;
mod resolve;
mod set;
mod split;
mod stage;
mod syntax;

pub use build::XriBuilder;
pub use http::HttpXriWarning;

pub use lend::{AsXri, AsXriRef};

pub use buf::{XriBuf, XriRefBuf};

pub use syntax::Xri20;

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
#[derive(Clone, Copy)]
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
#[derive(Clone, Copy)]
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
    // Only the length is looked at here, and each way is a function of
    // its own: the stage's block stage for one block, for two, and the
    // walk beyond (docs/PERFORMANCE.md, ninth session: in one function,
    // each way paid for the others' registers and copies).
    #[inline]
    pub fn parse(input: &'a str) -> Result<Self, ParseError> {
        if input.len() <= xiri_engine::BLOCK {
            Self::one_block(input)
        } else if input.len() <= stage::LONGEST {
            Self::longer(input)
        } else {
            Self::walk(input)
        }
    }

    /// [`parse`](XriRef::parse) of an input of at most one block (64
    /// bytes): the stage's first way, then the walk.
    #[inline(never)]
    fn one_block(input: &'a str) -> Result<Self, ParseError> {
        if let Some(parsed) = stage::one_block(input) {
            return Ok(parsed);
        }
        Self::walk(input)
    }

    /// [`parse`](XriRef::parse) of an input over one block (64 bytes):
    /// the stage's second way, up to 128 bytes, then the walk. Out of
    /// line: see `stage::two_blocks`.
    #[inline(never)]
    fn longer(input: &'a str) -> Result<Self, ParseError> {
        if let Some(parsed) = stage::two_blocks(input) {
            return Ok(parsed);
        }
        Self::walk(input)
    }

    /// [`parse`](XriRef::parse) without the block stage: the table walk's
    /// reading, which the stage's is held to. Out of line: inlined, the
    /// stage's value was copied to the caller through the walk's
    /// `Result` (a `memcpy` of 176 bytes, about 30 instructions a parse).
    #[inline(never)]
    fn walk(input: &'a str) -> Result<Self, ParseError> {
        if let Some(reading) = split::xri_reading(input) {
            return reading.map_err(|refusal| refused(input, "typed-XRI-reference", refusal, true));
        }
        xri_typed::reference()
            .check_split_with_calls(input)
            .and_then(|marks| split::reference(input, marks))
            .map_err(|refusal| refused(input, "typed-XRI-reference", refusal, true))
    }

    /// Parses a relative XRI reference (`relative-XRI-ref`, its
    /// cross-references read by the policy): what [`parse`](XriRef::parse)
    /// accepts and does not read as absolute.
    ///
    /// ```
    /// assert!(xiri::XriRef::parse_relative("a/(+b)").is_ok());
    /// assert!(xiri::XriRef::parse_relative("@a").is_err());
    /// ```
    pub fn parse_relative(input: &'a str) -> Result<Self, ParseError> {
        xri_typed::relative()
            .check_split_with_calls(input)
            .and_then(|marks| split::reference(input, marks))
            .map_err(|refusal| refused(input, "relative-XRI-ref", refusal, false))
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
        if let Some(reading) = split::xri_reading(input) {
            return reading
                .map(Xri)
                .map_err(|refusal| refused(input, "typed-XRI", refusal, true));
        }
        xri_typed::absolute()
            .check(input)
            .and_then(|()| split::reference(input, None))
            .map(Xri)
            .map_err(|refusal| refused(input, "typed-XRI", refusal, true))
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

/// The policy: "xri://", a global context symbol or "(" first. The
/// persistent symbol is "!!" (pgcs-authority): a single "!" starts a
/// persistent sub-segment of a relative path, as in 2.4.2's "!g!g".
fn looks_absolute(input: &str) -> bool {
    let b = input.as_bytes();
    matches!(b.first(), Some(b'=' | b'@' | b'+' | b'$' | b'('))
        || b.starts_with(b"!!")
        || has_prefix(input)
}

/// Whether `input` starts with "xri://" (in any case).
#[inline]
fn has_prefix(input: &str) -> bool {
    // A byte with 0x20 set is a lowercase letter exactly when it is that
    // letter in either case: a few instructions where the comparison of
    // six bytes ignoring case, at every parse, took 27.
    matches!(input.as_bytes(), [x, r, i, b':', b'/', b'/', ..]
        if (x | 0x20, r | 0x20, i | 0x20) == (b'x', b'r', b'i'))
}

const PREFIX: &str = "xri://";

/// Whether `input`, which the policy reads as relative, is an absolute
/// XRI once "xri://" is put before it (the policy's `typed-XRI`): what
/// [`ErrorKind::NotAbsolute`] says of an XRI, so that its advice works
/// (docs/DECISIONS.md, "XRI: absolute or relative"). One run of a table
/// the build compiled, where Appendix A's `XRI` compiled on first use
/// (0.14 s optimized, 1.2 s not).
pub(super) fn absolute_with_prefix(input: &str) -> bool {
    xri_typed::absolute().matches(&format!("{PREFIX}{input}"))
}

/// The engine's refusal of `input` by the typed rule `rule`
/// (grammar/xri-typed.abnf) as a [`ParseError`]. With `not_absolute`, an
/// input the policy reads as relative that is an absolute XRI with the
/// prefix ([`absolute_with_prefix`]) gets [`ErrorKind::NotAbsolute`].
fn refused(
    input: &str,
    rule: &'static str,
    refusal: crate::engine::Refusal,
    not_absolute: bool,
) -> ParseError {
    let prefixed = || absolute_with_prefix(input);
    let (kind, offset, expected) = if not_absolute && !looks_absolute(input) && prefixed() {
        (
            ErrorKind::NotAbsolute,
            0,
            vec!["\"xri://\", a global context symbol or \"(\"".into()],
        )
    } else if refusal.too_deep {
        (ErrorKind::TooDeep, refusal.offset, refusal.expected)
    } else {
        (ErrorKind::Syntax, refusal.offset, refusal.expected)
    };
    ParseError {
        kind,
        grammar: Grammar::Xri,
        rule,
        offset,
        expected,
        input: input.into(),
    }
}

/// An absolute IRI, the value a cross-reference's content is when it is
/// not an XRI by the policy (decided by the IRI engine, whose refusal
/// needs no explanation: the content is then read as an XRI reference).
fn iri_value(content: &str) -> Option<Iri<'_>> {
    if looks_absolute(content) {
        return None;
    }
    let spans = crate::syntax::reference::try_spans(Grammar::Iri, false, content)?;
    IriRef::from_spans(content, spans).to_absolute()
}

#[cfg(feature = "internals")]
/// For the differential tests and the fuzz target (through
/// [`fast_path_check`](crate::fast_path_check)): whether the typed API
/// accepts `input`, when its reading agrees with the policy's definition
/// read by pest (the balanced grammar's tree, then the classification of
/// the reference and of each cross-reference's content): the same
/// components where both accept. The two verdicts may differ only on an
/// input with a cross-reference, where pest's reading commits to its first
/// choice (docs/DECISIONS.md, "XRI: absolute or relative").
pub(crate) fn fast_path_check(input: &str) -> Result<bool, String> {
    let pest = pest_path::parse(input);
    match (XriRef::parse(input), pest) {
        (Ok(engine), Ok(pest)) if engine.structure() == pest.structure() => Ok(true),
        (Err(_), Err(_)) => Ok(false),
        (Ok(_), Err(_)) if input.contains('(') => Ok(true),
        // (The reverse, pest's reading accepting what the ABNF refuses, is
        // not known to happen; tests/it/xri_typed.rs would show it.)
        (Err(_), Ok(_)) if input.contains('(') => Ok(false),
        (engine, pest) => Err(format!(
            "xri {input:?}: the engine gives {engine:?}, pest gives {pest:?}"
        )),
    }
}

/// Whether pest's reading of the typed policy (the balanced grammar's
/// tree, then the classification of each cross-reference's content)
/// accepts `input`: where it does, tests/it/fast_path.rs compares its parts
/// with the engine's.
#[cfg(feature = "internals")]
pub(crate) fn pest_reads(input: &str) -> bool {
    pest_path::parse(input).is_ok()
}

/// The block stage held to the walk (`xiri::xri_stage_check`).
#[cfg(feature = "internals")]
pub(crate) fn stage_check(input: &str) -> Result<bool, String> {
    stage::check(input)
}
