//! The syntaxes of the generic reference types: one marker type each, which
//! carries its grammar and what the operations on it need to know.
//!
//! [`Reference`](crate::Reference), [`Absolute`](crate::Absolute) and their
//! owned forms are generic over a [`Syntax`]; `UriRef`, `Iri`, `LeiriBuf`
//! and the other familiar names are aliases. XRIs are not in this family:
//! their structure (authorities, sub-segments, cross-references) is not
//! RFC 3986's, and they have types of their own ([`XriRef`](crate::XriRef)).

pub(crate) mod abnf;
pub(crate) mod chars;
pub(crate) mod components;
pub(crate) mod error;
pub(crate) mod grammar;
pub(crate) mod parens;
pub(crate) mod pct;
pub(crate) mod reference;
pub(crate) mod split;
pub(crate) mod text;
pub(crate) mod tree;

use grammar::Grammar;
use std::fmt::Debug;
use std::hash::Hash;

mod sealed {
    /// What the crate needs of a syntax; not implementable outside it.
    pub trait Sealed {
        /// Whether percent-encoded characters outside ASCII may be decoded
        /// in normalization (`iunreserved`, RFC 3987 5.3.2.3) rather than
        /// only ASCII `unreserved` (RFC 3986 6.2.2.2).
        const UNICODE: bool;
    }
}

/// A syntax of the generic reference types: RFC 3986 URIs, RFC 3987 IRIs,
/// draft 3987bis IRIs, or LEIRIs. Sealed: the four markers are all there
/// are.
///
/// ```
/// use xiri::{Grammar, Rfc3986, Syntax};
/// assert_eq!(Rfc3986::GRAMMAR, Grammar::Uri);
/// fn scheme_of<S: Syntax>(text: &str) -> Option<&str> {
///     xiri::Reference::<S>::parse(text).ok()?.scheme()
/// }
/// assert_eq!(scheme_of::<xiri::Rfc3987>("http://\u{e9}.example/"), Some("http"));
/// ```
pub trait Syntax:
    sealed::Sealed + Copy + Clone + Debug + Default + PartialEq + Eq + Hash + Send + Sync + 'static
{
    /// The grammar values of this syntax are parsed with and checked
    /// against.
    const GRAMMAR: Grammar;
}

/// The syntaxes whose references are IRIs, with the IRI → URI mapping
/// (RFC 3987 3.1, 3987bis 3.6).
///
/// ```
/// fn as_uri<S: xiri::IriSyntax>(iri: &xiri::Reference<'_, S>) -> String {
///     iri.to_uri().into_string()
/// }
/// let iri = xiri::IriRef::parse("/r\u{e9}sum\u{e9}").unwrap();
/// assert_eq!(as_uri(&iri), "/r%C3%A9sum%C3%A9");
/// ```
pub trait IriSyntax: Syntax {}

macro_rules! syntax {
    ($(#[$doc:meta])* $Marker:ident, $grammar:expr, $unicode:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct $Marker;

        impl sealed::Sealed for $Marker {
            const UNICODE: bool = $unicode;
        }

        impl Syntax for $Marker {
            const GRAMMAR: Grammar = $grammar;
        }
    };
}

syntax!(
    /// RFC 3986 URIs (`UriRef`, `Uri`, `UriRefBuf`, `UriBuf`).
    ///
    /// ```
    /// assert_eq!(<xiri::Rfc3986 as xiri::Syntax>::GRAMMAR, xiri::Grammar::Uri);
    /// ```
    Rfc3986,
    Grammar::Uri,
    false
);
syntax!(
    /// RFC 3987 IRIs (`IriRef`, `Iri`, `IriRefBuf`, `IriBuf`).
    ///
    /// ```
    /// assert_eq!(<xiri::Rfc3987 as xiri::Syntax>::GRAMMAR, xiri::Grammar::Iri);
    /// ```
    Rfc3987,
    Grammar::Iri,
    true
);
syntax!(
    /// IRIs by draft-ietf-iri-3987bis-07 (`IriBisRef`, `IriBis`,
    /// `IriBisRefBuf`, `IriBisBuf`), which also allows the tag characters
    /// U+E0000-E0FFF in the query.
    ///
    /// ```
    /// assert_eq!(<xiri::Rfc3987bis as xiri::Syntax>::GRAMMAR, xiri::Grammar::IriBis);
    /// ```
    Rfc3987bis,
    Grammar::IriBis,
    true
);
syntax!(
    /// Legacy Extended IRIs, the W3C Note (`LeiriRef`, `Leiri`,
    /// `LeiriRefBuf`, `LeiriBuf`).
    ///
    /// ```
    /// assert_eq!(<xiri::LeiriNote as xiri::Syntax>::GRAMMAR, xiri::Grammar::Leiri);
    /// ```
    LeiriNote,
    Grammar::Leiri,
    true
);

impl IriSyntax for Rfc3987 {}
impl IriSyntax for Rfc3987bis {}

/// Whether normalization may decode `iunreserved` characters in `S`.
pub(crate) fn unicode<S: Syntax>() -> bool {
    <S as sealed::Sealed>::UNICODE
}
