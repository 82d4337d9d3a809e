//! The owned forms of [`Reference`] and [`Absolute`]: the text as a
//! `String` and the spans of its components, so that borrowing it back
//! costs nothing and parses nothing.

use super::{parse_bounds, Absolute, Reference};
use crate::syntax::bounds::Bounds;
use crate::syntax::components::Spans;
use crate::syntax::error::ParseError;
use crate::syntax::{GenericSyntax, LeiriNote, Rfc3986, Rfc3987, Rfc3987bis};
use std::marker::PhantomData;

/// An owned reference of syntax `S`: a `String` and where its components
/// are. [`as_borrowed`](Self::as_borrowed) gives the [`Reference`] with
/// every accessor. `UriRefBuf`, `IriRefBuf`, `IriBisRefBuf` and
/// `LeiriRefBuf` are its aliases.
///
/// ```
/// let owned = xiri::IriRefBuf::parse("http://r\u{e9}sum\u{e9}.example.org/".to_string()).unwrap();
/// assert_eq!(owned.as_borrowed().host().unwrap().as_str(), "r\u{e9}sum\u{e9}.example.org");
/// ```
#[derive(Clone)]
pub struct ReferenceBuf<S> {
    text: String,
    bounds: Bounds,
    syntax: PhantomData<S>,
}

/// An owned absolute reference of syntax `S`. `UriBuf`, `IriBuf`,
/// `IriBisBuf` and `LeiriBuf` are its aliases.
///
/// ```
/// let owned = xiri::UriBuf::parse("urn:example:animal:ferret:nose".to_string()).unwrap();
/// assert_eq!(owned.as_borrowed().scheme(), "urn");
/// ```
#[derive(Clone)]
pub struct AbsoluteBuf<S> {
    text: String,
    bounds: Bounds,
    syntax: PhantomData<S>,
}

/// An owned URI reference.
pub type UriRefBuf = ReferenceBuf<Rfc3986>;
/// An owned absolute URI.
pub type UriBuf = AbsoluteBuf<Rfc3986>;
/// An owned IRI reference (RFC 3987).
pub type IriRefBuf = ReferenceBuf<Rfc3987>;
/// An owned absolute IRI (RFC 3987).
pub type IriBuf = AbsoluteBuf<Rfc3987>;
/// An owned IRI reference by draft 3987bis.
pub type IriBisRefBuf = ReferenceBuf<Rfc3987bis>;
/// An owned absolute IRI by draft 3987bis.
pub type IriBisBuf = AbsoluteBuf<Rfc3987bis>;
/// An owned LEIRI reference.
pub type LeiriRefBuf = ReferenceBuf<LeiriNote>;
/// An owned absolute LEIRI.
pub type LeiriBuf = AbsoluteBuf<LeiriNote>;

macro_rules! owned {
    ($Buf:ident, $Borrowed:ident, $absolute:expr, $example:literal) => {
        impl<S: GenericSyntax> $Buf<S> {
            /// Text whose spans were recorded as it was written (by
            /// resolution, a conversion); the caller vouches for them.
            pub(crate) fn from_parts(text: String, spans: Spans) -> Self {
                let bounds = Bounds::of(spans, text.len());
                Self::from_bounds(text, bounds)
            }

            /// Text with its bounds, which the caller vouches for.
            pub(crate) fn from_bounds(text: String, bounds: Bounds) -> Self {
                Self {
                    text,
                    bounds,
                    syntax: PhantomData,
                }
            }

            /// Inserts `piece` at `at`, the end of the path or of the query,
            /// where the caller has checked it belongs to that component:
            /// it and what follows move. At the end of the text (no
            /// fragment after it) this is a push, amortized constant.
            pub(super) fn insert_at(&mut self, at: usize, piece: &str) {
                if !self.text.is_char_boundary(at) {
                    return;
                }
                self.text.insert_str(at, piece);
                let n = piece.len();
                self.bounds = self.bounds.map(|p| if p >= at { p + n } else { p });
            }

            /// Parses a string it takes, as the borrowed form's `parse`
            /// does.
            ///
            /// ```
            #[doc = concat!("assert!(xiri::", stringify!($Buf), "::<xiri::Rfc3986>::parse(", $example, ".to_string()).is_ok());")]
            /// ```
            pub fn parse(text: String) -> Result<Self, ParseError> {
                let bounds = parse_bounds(S::GRAMMAR, S::ZONE_ID, &text, $absolute)?;
                Ok(Self::from_bounds(text, bounds))
            }

            /// The borrowed form, with every accessor; no parsing.
            ///
            /// ```
            #[doc = concat!("let owned = xiri::", stringify!($Buf), "::<xiri::Rfc3986>::parse(", $example, ".to_string()).unwrap();")]
            #[doc = concat!("assert_eq!(owned.as_borrowed(), xiri::", stringify!($Borrowed), "::<xiri::Rfc3986>::parse(", $example, ").unwrap());")]
            /// ```
            pub fn as_borrowed(&self) -> $Borrowed<'_, S> {
                $Borrowed::from_bounds(&self.text, self.bounds)
            }

            /// The text.
            ///
            /// ```
            #[doc = concat!("let owned = xiri::", stringify!($Buf), "::<xiri::Rfc3986>::parse(", $example, ".to_string()).unwrap();")]
            #[doc = concat!("assert_eq!(owned.as_str(), ", $example, ");")]
            /// ```
            pub fn as_str(&self) -> &str {
                &self.text
            }

            /// The text, given back.
            ///
            /// ```
            #[doc = concat!("let owned = xiri::", stringify!($Buf), "::<xiri::Rfc3986>::parse(", $example, ".to_string()).unwrap();")]
            #[doc = concat!("assert_eq!(owned.into_string(), ", $example, ");")]
            /// ```
            pub fn into_string(self) -> String {
                self.text
            }
        }

        impl<S: GenericSyntax> $Borrowed<'_, S> {
            /// An owned copy.
            ///
            /// ```
            #[doc = concat!("let borrowed = xiri::", stringify!($Borrowed), "::<xiri::Rfc3986>::parse(", $example, ").unwrap();")]
            /// assert_eq!(borrowed.to_buf().as_borrowed(), borrowed);
            /// ```
            pub fn to_buf(&self) -> $Buf<S> {
                $Buf::from_bounds(self.as_str().to_string(), self.bounds())
            }
        }

        impl<S: GenericSyntax> From<$Borrowed<'_, S>> for $Buf<S> {
            fn from(borrowed: $Borrowed<'_, S>) -> Self {
                borrowed.to_buf()
            }
        }

        impl<S: GenericSyntax> TryFrom<String> for $Buf<S> {
            type Error = ParseError;

            fn try_from(text: String) -> Result<Self, ParseError> {
                Self::parse(text)
            }
        }

        impl<S: GenericSyntax> TryFrom<&str> for $Buf<S> {
            type Error = ParseError;

            fn try_from(text: &str) -> Result<Self, ParseError> {
                Self::parse(text.to_string())
            }
        }

        impl<S: GenericSyntax> std::str::FromStr for $Buf<S> {
            type Err = ParseError;

            fn from_str(text: &str) -> Result<Self, ParseError> {
                Self::parse(text.to_string())
            }
        }

        impl<S> AsRef<str> for $Buf<S> {
            fn as_ref(&self) -> &str {
                &self.text
            }
        }
    };
}

owned!(
    ReferenceBuf,
    Reference,
    false,
    "\"http://example.com/a?b#c\""
);
owned!(
    AbsoluteBuf,
    Absolute,
    true,
    "\"urn:example:animal:ferret:nose\""
);

impl IriRefBuf {
    /// Parses an owned IRI reference by draft 3987bis: the same as
    /// [`IriBisRefBuf::parse`](ReferenceBuf::parse), kept for the name it
    /// had.
    ///
    /// ```
    /// assert!(xiri::IriRefBuf::parse_3987bis("?\u{E0001}".to_string()).is_ok());
    /// ```
    pub fn parse_3987bis(text: String) -> Result<IriBisRefBuf, ParseError> {
        IriBisRefBuf::parse(text)
    }
}

impl IriBuf {
    /// Parses an owned absolute IRI by draft 3987bis: the same as
    /// [`IriBisBuf::parse`](AbsoluteBuf::parse), kept for the name it had.
    ///
    /// ```
    /// assert!(xiri::IriBuf::parse_3987bis("x:?\u{E0001}".to_string()).is_ok());
    /// ```
    pub fn parse_3987bis(text: String) -> Result<IriBisBuf, ParseError> {
        IriBisBuf::parse(text)
    }
}
