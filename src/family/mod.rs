//! [`Syntax`]: one marker type per syntax, XRI included, naming the
//! syntax's four types and the operations every syntax has, so that code
//! generic over `S: Syntax` is written once for all five. It sits above
//! the layers whose types and operations it names (syntax, operations,
//! XRI), and none of them uses it.
//!
//! The folder is that top layer: everything written once over the five
//! syntaxes. Beside the trait, the operations of the owned types
//! (`buf_operations.rs`) and [`Conversion`](crate::Conversion), every
//! conversion chosen by grammar names (`conversion.rs`). They cannot live
//! lower: each names the XRI types and the operations (docs/DECISIONS.md,
//! "The top layer is `family/`").

pub(crate) mod buf_operations;
pub(crate) mod conversion;

use crate::normalize::Normalization;
use crate::syntax::error::ParseError;
use crate::syntax::grammar::Grammar;
use crate::syntax::{LeiriNote, Rfc3986, Rfc3987, Rfc3987bis};
use crate::xri::{Xri, Xri20, XriBuf, XriRef, XriRefBuf};
use std::borrow::Borrow;
use std::fmt::{Debug, Display};
use std::hash::Hash;
use std::str::FromStr;

/// A syntax: RFC 3986 URIs ([`Rfc3986`](crate::Rfc3986)), RFC 3987 IRIs
/// ([`Rfc3987`](crate::Rfc3987)), draft 3987bis IRIs
/// ([`Rfc3987bis`](crate::Rfc3987bis)), LEIRIs
/// ([`LeiriNote`](crate::LeiriNote)) or XRI 2.0 ([`Xri20`](crate::Xri20)).
/// Sealed: these five are all there are.
///
/// Each marker names its types (a reference, absolute or relative, and an
/// absolute one; borrowed and owned) and gives the operations all five
/// have, as associated functions. Every value they return was checked in
/// the syntax it belongs to. The four syntaxes shaped like RFC 3986's
/// generic syntax ([`GenericSyntax`](crate::GenericSyntax)) name the
/// generic types ([`Reference`](crate::Reference) and the others); XRI
/// names [`XriRef`](crate::XriRef), [`Xri`](crate::Xri),
/// [`XriRefBuf`](crate::XriRefBuf) and [`XriBuf`](crate::XriBuf).
///
/// ```
/// use xiri::{Normalization, Syntax};
///
/// // One function for the five syntaxes.
/// fn resolve_and_normalize<S: Syntax>(base: &str, reference: &str) -> Result<String, xiri::ParseError> {
///     let base = S::parse_absolute(base)?;
///     let target = S::resolve(&base, &S::parse_reference(reference)?)?;
///     let target: S::Ref<'_> = S::as_absolute(&target).into();
///     Ok(S::normalize(&target, Normalization::default())?.to_string())
/// }
/// assert_eq!(resolve_and_normalize::<xiri::Rfc3986>("HTTP://a/b/c", "../D%7e").unwrap(), "http://a/D~");
/// assert_eq!(resolve_and_normalize::<xiri::Xri20>("xri://@a*b/c/d", "../e").unwrap(), "xri://@a*b/e");
/// assert!(resolve_and_normalize::<xiri::Xri20>("xri://@a", "a b").is_err());
/// ```
pub trait Syntax: crate::syntax::sealed::Sealed {
    /// The grammar values of this syntax are parsed with and checked
    /// against.
    const GRAMMAR: Grammar;

    /// A reference, absolute or relative, borrowed from its text.
    type Ref<'a>: Copy
        + Debug
        + Display
        + AsRef<str>
        + Eq
        + Ord
        + Hash
        + PartialEq<str>
        + TryFrom<&'a str, Error = ParseError>
        + From<Self::Abs<'a>>;

    /// An absolute reference (one with a scheme, or for XRI an authority),
    /// borrowed from its text.
    type Abs<'a>: Copy
        + Debug
        + Display
        + AsRef<str>
        + Eq
        + Ord
        + Hash
        + PartialEq<str>
        + TryFrom<&'a str, Error = ParseError>;

    /// A reference that owns its text and the places of its components.
    type RefBuf: Clone
        + Debug
        + Display
        + AsRef<str>
        + Borrow<str>
        + Eq
        + Ord
        + Hash
        + PartialEq<str>
        + FromStr<Err = ParseError>
        + TryFrom<String, Error = ParseError>;

    /// An absolute reference that owns its text and the places of its
    /// components.
    type AbsBuf: Clone
        + Debug
        + Display
        + AsRef<str>
        + Borrow<str>
        + Eq
        + Ord
        + Hash
        + PartialEq<str>
        + FromStr<Err = ParseError>
        + TryFrom<String, Error = ParseError>;

    /// Parses a reference, absolute or relative.
    ///
    /// ```
    /// use xiri::Syntax;
    /// assert_eq!(xiri::Rfc3987::parse_reference("../r\u{e9}sum\u{e9}").unwrap().as_ref(), "../r\u{e9}sum\u{e9}");
    /// assert!(xiri::Rfc3986::parse_reference("../r\u{e9}sum\u{e9}").is_err());
    /// ```
    fn parse_reference(text: &str) -> Result<Self::Ref<'_>, ParseError>;

    /// Parses an absolute reference.
    ///
    /// ```
    /// use xiri::Syntax;
    /// assert!(xiri::Xri20::parse_absolute("=example").is_ok());
    /// assert!(xiri::Xri20::parse_absolute("example").is_err());
    /// ```
    fn parse_absolute(text: &str) -> Result<Self::Abs<'_>, ParseError>;

    /// An owned copy of a reference (its places copied, nothing parsed).
    ///
    /// ```
    /// use xiri::Syntax;
    /// let r = xiri::LeiriNote::parse_reference("a b").unwrap();
    /// assert_eq!(xiri::LeiriNote::to_reference_buf(&r).as_ref(), "a b");
    /// ```
    fn to_reference_buf(reference: &Self::Ref<'_>) -> Self::RefBuf;

    /// An owned copy of an absolute reference.
    ///
    /// ```
    /// use xiri::Syntax;
    /// let base = xiri::Rfc3986::parse_absolute("http://a/b").unwrap();
    /// let owned = xiri::Rfc3986::to_absolute_buf(&base);
    /// assert_eq!(xiri::Rfc3986::as_absolute(&owned), base);
    /// ```
    fn to_absolute_buf(absolute: &Self::Abs<'_>) -> Self::AbsBuf;

    /// Borrows an owned reference back, parsing nothing.
    ///
    /// ```
    /// use xiri::Syntax;
    /// let owned: <xiri::Xri20 as Syntax>::RefBuf = "a/(+b)".parse().unwrap();
    /// assert_eq!(xiri::Xri20::as_reference(&owned).as_ref(), "a/(+b)");
    /// ```
    fn as_reference(owned: &Self::RefBuf) -> Self::Ref<'_>;

    /// Borrows an owned absolute reference back, parsing nothing.
    ///
    /// ```
    /// use xiri::Syntax;
    /// let owned: <xiri::Rfc3987 as Syntax>::AbsBuf = "http://\u{e9}.example/".parse().unwrap();
    /// assert_eq!(xiri::Rfc3987::as_absolute(&owned).as_ref(), "http://\u{e9}.example/");
    /// ```
    fn as_absolute(owned: &Self::AbsBuf) -> Self::Abs<'_>;

    /// Resolves a reference against a base (RFC 3986 5.2; XRI 2.0 2.4.1).
    /// Only XRI resolution can fail: Appendix A is not closed under it
    /// (docs/DECISIONS.md).
    ///
    /// ```
    /// use xiri::Syntax;
    /// let base = xiri::Rfc3986::parse_absolute("http://a/b/c/d;p?q").unwrap();
    /// let r = xiri::Rfc3986::parse_reference("../g").unwrap();
    /// assert_eq!(xiri::Rfc3986::resolve(&base, &r).unwrap(), *"http://a/b/g");
    /// ```
    fn resolve(base: &Self::Abs<'_>, reference: &Self::Ref<'_>)
        -> Result<Self::AbsBuf, ParseError>;

    /// A reference that resolves against `base` to what `target` resolves
    /// to. Fails only where [`resolve`](Self::resolve) can.
    ///
    /// ```
    /// use xiri::Syntax;
    /// let base = xiri::Xri20::parse_absolute("xri://@a*a/b/c").unwrap();
    /// let target = xiri::Xri20::parse_absolute("xri://@a*a/b/d").unwrap();
    /// assert_eq!(xiri::Xri20::relativize(&base, &target).unwrap(), *"d");
    /// ```
    fn relativize(base: &Self::Abs<'_>, target: &Self::Abs<'_>)
        -> Result<Self::RefBuf, ParseError>;

    /// The normal form of a reference (RFC 3986 6.2.2, RFC 3987 5.3, XRI
    /// 2.0 2.3.1 for XRIs), with the `options`.
    ///
    /// ```
    /// use xiri::{Normalization, Syntax};
    /// let r = xiri::Rfc3987::parse_reference("HTTP://A/%7e").unwrap();
    /// assert_eq!(xiri::Rfc3987::normalize(&r, Normalization::default()).unwrap(), *"http://a/~");
    /// ```
    fn normalize(
        reference: &Self::Ref<'_>,
        options: Normalization,
    ) -> Result<Self::RefBuf, ParseError>;

    /// Whether two references have the same normal form.
    ///
    /// ```
    /// use xiri::{Normalization, Syntax};
    /// let a = xiri::Xri20::parse_reference("xri://@Example").unwrap();
    /// let b = xiri::Xri20::parse_reference("@Example").unwrap();
    /// assert!(xiri::Xri20::is_equivalent(&a, &b, Normalization::default()));
    /// ```
    fn is_equivalent(a: &Self::Ref<'_>, b: &Self::Ref<'_>, options: Normalization) -> bool;
}

/// [`Syntax`] for a marker of the generic reference types.
macro_rules! generic_family {
    ([$($generics:tt)*] $Marker:ty, $grammar:expr) => {
        impl<$($generics)*> Syntax for $Marker {
            const GRAMMAR: Grammar = $grammar;
            type Ref<'a> = $crate::Reference<'a, $Marker>;
            type Abs<'a> = $crate::Absolute<'a, $Marker>;
            type RefBuf = $crate::ReferenceBuf<$Marker>;
            type AbsBuf = $crate::AbsoluteBuf<$Marker>;

            fn parse_reference(text: &str) -> Result<Self::Ref<'_>, $crate::ParseError> {
                $crate::Reference::parse(text)
            }

            fn parse_absolute(text: &str) -> Result<Self::Abs<'_>, $crate::ParseError> {
                $crate::Absolute::parse(text)
            }

            fn to_reference_buf(reference: &Self::Ref<'_>) -> Self::RefBuf {
                reference.to_buf()
            }

            fn to_absolute_buf(absolute: &Self::Abs<'_>) -> Self::AbsBuf {
                absolute.to_buf()
            }

            fn as_reference(owned: &Self::RefBuf) -> Self::Ref<'_> {
                owned.as_borrowed()
            }

            fn as_absolute(owned: &Self::AbsBuf) -> Self::Abs<'_> {
                owned.as_borrowed()
            }

            fn resolve(
                base: &Self::Abs<'_>,
                reference: &Self::Ref<'_>,
            ) -> Result<Self::AbsBuf, $crate::ParseError> {
                Ok(base.resolve(reference))
            }

            fn relativize(
                base: &Self::Abs<'_>,
                target: &Self::Abs<'_>,
            ) -> Result<Self::RefBuf, $crate::ParseError> {
                Ok(base.relativize(target))
            }

            fn normalize(
                reference: &Self::Ref<'_>,
                options: $crate::Normalization,
            ) -> Result<Self::RefBuf, $crate::ParseError> {
                reference.normalize(options)
            }

            fn is_equivalent(
                a: &Self::Ref<'_>,
                b: &Self::Ref<'_>,
                options: $crate::Normalization,
            ) -> bool {
                a.is_equivalent(b, options)
            }
        }
    };
}

generic_family!([] Rfc3986, Grammar::Uri);
generic_family!([] Rfc3987, Grammar::Iri);
generic_family!([] Rfc3987bis, Grammar::IriBis);
generic_family!([] LeiriNote, Grammar::Leiri);
// RFC 6874's zone identifiers over any of the four.
generic_family!([S: crate::GenericSyntax] crate::Zoned<S>, <S as crate::syntax::sealed::Generic>::GRAMMAR);

/// XRI 2.0: its own types, resolution (fallible) and normal forms.
impl Syntax for Xri20 {
    const GRAMMAR: Grammar = Grammar::Xri;
    type Ref<'a> = XriRef<'a>;
    type Abs<'a> = Xri<'a>;
    type RefBuf = XriRefBuf;
    type AbsBuf = XriBuf;

    fn parse_reference(text: &str) -> Result<XriRef<'_>, ParseError> {
        XriRef::parse(text)
    }

    fn parse_absolute(text: &str) -> Result<Xri<'_>, ParseError> {
        Xri::parse(text)
    }

    fn to_reference_buf(reference: &XriRef<'_>) -> XriRefBuf {
        reference.to_buf()
    }

    fn to_absolute_buf(absolute: &Xri<'_>) -> XriBuf {
        absolute.to_buf()
    }

    fn as_reference(owned: &XriRefBuf) -> XriRef<'_> {
        owned.as_borrowed()
    }

    fn as_absolute(owned: &XriBuf) -> Xri<'_> {
        owned.as_xri()
    }

    fn resolve(base: &Xri<'_>, reference: &XriRef<'_>) -> Result<XriBuf, ParseError> {
        base.resolve(reference)
    }

    fn relativize(base: &Xri<'_>, target: &Xri<'_>) -> Result<XriRefBuf, ParseError> {
        base.relativize(target)
    }

    fn normalize(reference: &XriRef<'_>, options: Normalization) -> Result<XriRefBuf, ParseError> {
        reference.normalize(options)
    }

    fn is_equivalent(a: &XriRef<'_>, b: &XriRef<'_>, options: Normalization) -> bool {
        a.is_equivalent(b, options)
    }
}
