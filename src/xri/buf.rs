//! The owned XRI types: the text as a `String` and where its components
//! are, recorded when it was checked, so that borrowing it back parses
//! nothing.

use super::{Authority, Xri, XriRef};
use crate::syntax::components::Span;
use crate::syntax::error::ParseError;

/// Where an XRI reference's components are.
#[derive(Clone, Copy, Debug)]
struct Places {
    prefix: bool,
    authority: Option<Authority>,
    path: Span,
    query: Option<Span>,
    fragment: Option<Span>,
}

impl Places {
    fn of(x: &XriRef<'_>) -> Places {
        Places {
            prefix: x.prefix,
            authority: x.authority,
            path: x.path,
            query: x.query,
            fragment: x.fragment,
        }
    }

    /// These places after `n` bytes were inserted at `at`, the end of
    /// the path or of the query: a span ending there grows, and what
    /// starts after it moves.
    fn grown(self, at: usize, n: usize) -> Places {
        let end = |p: usize| if p >= at { p + n } else { p };
        let start = |p: usize| if p > at { p + n } else { p };
        let span = |s: Span| Span::new(start(s.start), end(s.end));
        Places {
            path: span(self.path),
            query: self.query.map(span),
            fragment: self.fragment.map(span),
            ..self
        }
    }

    fn on(self, text: &str) -> XriRef<'_> {
        XriRef {
            text,
            prefix: self.prefix,
            authority: self.authority,
            path: self.path,
            query: self.query,
            fragment: self.fragment,
        }
    }
}

/// An owned XRI reference, absolute or relative (by the policy of
/// [`XriRef::parse`]): [`as_borrowed`](Self::as_borrowed) gives the typed
/// tree without parsing again.
///
/// ```
/// let base = xiri::Xri::parse("xri://@a*a/b/c").unwrap();
/// let target = xiri::Xri::parse("xri://@a*a/d").unwrap();
/// let reference: xiri::XriRefBuf = base.relativize(&target).unwrap();
/// assert_eq!(reference.as_str(), "/d"); // shorter than "../d"
/// assert!(!reference.as_borrowed().is_absolute());
/// ```
#[derive(Clone)]
pub struct XriRefBuf {
    text: String,
    places: Places,
}

/// An owned absolute XRI: [`as_xri`](Self::as_xri) gives the typed tree
/// without parsing again.
///
/// ```
/// let base = xiri::Xri::parse("xri://@a*a/b").unwrap();
/// let target: xiri::XriBuf = base.resolve(&xiri::XriRef::parse("c").unwrap()).unwrap();
/// assert_eq!(target.as_str(), "xri://@a*a/c");
/// assert_eq!(target.as_xri().segments().count(), 1);
/// ```
#[derive(Clone)]
pub struct XriBuf {
    text: String,
    places: Places,
}

impl XriRefBuf {
    /// Parses a string it takes, as [`XriRef::parse`] does.
    ///
    /// ```
    /// assert!(xiri::XriRefBuf::parse("../a*b".to_string()).is_ok());
    /// ```
    pub fn parse(text: String) -> Result<Self, ParseError> {
        let places = Places::of(&XriRef::parse(&text)?);
        Ok(Self { text, places })
    }

    /// The typed tree, from the places recorded when it was checked.
    ///
    /// ```
    /// let x = xiri::XriRefBuf::parse("a/b".to_string()).unwrap();
    /// assert_eq!(x.as_borrowed().segments().count(), 2);
    /// ```
    pub fn as_borrowed(&self) -> XriRef<'_> {
        self.places.on(&self.text)
    }

    /// The absolute XRI it is, without parsing again; its text if it is
    /// relative.
    pub(super) fn into_absolute(self) -> Result<XriBuf, String> {
        match self.places.authority {
            Some(_) => Ok(XriBuf {
                text: self.text,
                places: self.places,
            }),
            None => Err(self.text),
        }
    }
}

impl XriBuf {
    /// Parses a string it takes, as [`Xri::parse`] does.
    ///
    /// ```
    /// assert!(xiri::XriBuf::parse("=example".to_string()).is_ok());
    /// ```
    pub fn parse(text: String) -> Result<Self, ParseError> {
        let places = Places::of(&Xri::parse(&text)?.0);
        Ok(Self { text, places })
    }

    /// The typed tree, from the places recorded when it was checked.
    ///
    /// ```
    /// let x = xiri::XriBuf::parse("@a*b".to_string()).unwrap();
    /// assert_eq!(x.as_xri().authority().subsegments().count(), 2);
    /// ```
    pub fn as_xri(&self) -> Xri<'_> {
        Xri(self.places.on(&self.text))
    }
}

macro_rules! owned_xri {
    ($Buf:ident, $Borrowed:ident, $example:literal) => {
        impl $Buf {
            /// The text.
            ///
            /// ```
            #[doc = concat!("let x = xiri::", stringify!($Buf), "::parse(", $example, ".to_string()).unwrap();")]
            #[doc = concat!("assert_eq!(x.as_str(), ", $example, ");")]
            /// ```
            pub fn as_str(&self) -> &str {
                &self.text
            }

            /// Inserts `piece` at `at`, the end of the path or of the
            /// query, where the caller has checked that it belongs to that
            /// component (`set::piece_fits`).
            pub(super) fn insert_at(&mut self, at: usize, piece: &str) {
                if !self.text.is_char_boundary(at) {
                    return;
                }
                self.text.insert_str(at, piece);
                self.places = self.places.grown(at, piece.len());
            }

            /// The text, given back.
            ///
            /// ```
            #[doc = concat!("let x = xiri::", stringify!($Buf), "::parse(", $example, ".to_string()).unwrap();")]
            #[doc = concat!("assert_eq!(x.into_string(), ", $example, ");")]
            /// ```
            pub fn into_string(self) -> String {
                self.text
            }
        }

        impl $Borrowed<'_> {
            /// An owned copy.
            ///
            /// ```
            #[doc = concat!("let x = xiri::", stringify!($Borrowed), "::parse(", $example, ").unwrap();")]
            #[doc = concat!("assert_eq!(x.to_buf().as_str(), ", $example, ");")]
            /// ```
            pub fn to_buf(&self) -> $Buf {
                $Buf {
                    text: self.as_str().to_string(),
                    places: Places::of(self.as_ref_xri()),
                }
            }
        }

        impl From<$Borrowed<'_>> for $Buf {
            fn from(x: $Borrowed<'_>) -> Self {
                x.to_buf()
            }
        }

        impl TryFrom<String> for $Buf {
            type Error = ParseError;

            fn try_from(text: String) -> Result<Self, ParseError> {
                Self::parse(text)
            }
        }

        impl TryFrom<&str> for $Buf {
            type Error = ParseError;

            fn try_from(text: &str) -> Result<Self, ParseError> {
                Self::parse(text.to_string())
            }
        }

        impl std::str::FromStr for $Buf {
            type Err = ParseError;

            fn from_str(text: &str) -> Result<Self, ParseError> {
                Self::parse(text.to_string())
            }
        }

        impl AsRef<str> for $Buf {
            fn as_ref(&self) -> &str {
                &self.text
            }
        }
    };
}

owned_xri!(XriRefBuf, XriRef, "\"../a*b\"");
owned_xri!(XriBuf, Xri, "\"xri://@example*home\"");

impl XriRef<'_> {
    fn as_ref_xri(&self) -> &XriRef<'_> {
        self
    }
}

impl Xri<'_> {
    fn as_ref_xri(&self) -> &XriRef<'_> {
        &self.0
    }
}

crate::syntax::text::text_identity!(
    [] XriRef<'_> => "XriRef",
    [] Xri<'_> => "Xri",
    [] XriBuf => "XriBuf",
    [] XriRefBuf => "XriRefBuf",
);

crate::syntax::text::owned_text!([] XriBuf, [] XriRefBuf);

crate::syntax::text::borrowed_text!([] XriRef<'a>, [] Xri<'a>);
