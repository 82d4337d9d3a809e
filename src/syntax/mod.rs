//! The syntaxes of the generic reference types: one marker type each, which
//! carries its grammar and what the operations on it need to know.
//!
//! Every syntax has a marker type that implements [`Syntax`](crate::Syntax), which names
//! its four types (a reference and an absolute one, borrowed and owned)
//! and the operations every syntax has: parse, resolve, relativize,
//! normalize, compare. Code generic over `S: Syntax` works on URIs, IRIs
//! (RFC 3987 and 3987bis), LEIRIs and XRIs alike.
//!
//! Four of them are shaped like RFC 3986's generic syntax
//! ([`GenericSyntax`]): [`Reference`](crate::Reference),
//! [`Absolute`](crate::Absolute) and their owned forms are generic over
//! those, and `UriRef`, `Iri`, `LeiriBuf` and the other familiar names
//! are aliases. XRI 2.0's structure (authorities, sub-segments,
//! cross-references) is not RFC 3986's: its types are its own
//! ([`XriRef`](crate::XriRef) and the others), and its marker is
//! [`Xri20`](crate::Xri20).

pub(crate) mod blame;
pub(crate) mod bounds;
pub(crate) mod builtin;
pub(crate) mod chars;
pub(crate) mod components;
pub(crate) mod error;
pub(crate) mod grammar;
pub(crate) mod mask;
pub(crate) mod parens;
pub(crate) mod parts;
pub mod pct;
pub(crate) mod reference;
pub(crate) mod set;
pub(crate) mod split;
pub(crate) mod text;
#[cfg(feature = "trees")]
pub(crate) mod tree;
pub(crate) mod zone;

use grammar::Grammar;
use std::fmt::Debug;
use std::hash::Hash;

pub(crate) mod sealed {
    use std::fmt::Debug;
    use std::hash::Hash;

    /// Not implementable outside the crate: the five markers are all
    /// there are. What every marker is: a value-less, thread-safe type.
    pub trait Sealed:
        Copy + Clone + Debug + Default + PartialEq + Eq + Hash + Send + Sync + 'static
    {
    }

    /// What the generic reference types need of a syntax.
    pub trait Generic {
        /// The grammar values of this syntax are parsed with.
        const GRAMMAR: super::Grammar;
        /// Whether percent-encoded characters outside ASCII may be decoded
        /// in normalization (`iunreserved`, RFC 3987 5.3.2.3) rather than
        /// only ASCII `unreserved` (RFC 3986 6.2.2.2).
        const UNICODE: bool;
        /// The aliases of the reference, absolute, owned reference and
        /// owned absolute types, which `Debug` prints.
        const NAMES: [&'static str; 4];
        /// Whether an IP literal may hold an IPv6 zone identifier (RFC
        /// 6874): the [`Zoned`](super::zone::Zoned) markers.
        const ZONE_ID: bool = false;
    }
}

/// A syntax shaped like RFC 3986's generic syntax (scheme, authority
/// with user information, host and port, path, query, fragment, "/"
/// delimiting segments): RFC 3986 URIs, RFC 3987 IRIs, draft 3987bis
/// IRIs and LEIRIs, the syntaxes of the generic reference types
/// [`Reference`](crate::Reference), [`Absolute`](crate::Absolute) and
/// their owned forms. XRI 2.0 is a [`Syntax`](crate::Syntax) and not one of these: its
/// authorities, cross-references and resolution are its own
/// (docs/DECISIONS.md, "XRI in the family of syntaxes").
///
/// ```
/// use xiri::{GenericSyntax, Grammar, Rfc3986, Syntax};
/// assert_eq!(Rfc3986::GRAMMAR, Grammar::Uri);
/// fn scheme_of<S: GenericSyntax>(text: &str) -> Option<&str> {
///     xiri::Reference::<S>::parse(text).ok()?.scheme()
/// }
/// assert_eq!(scheme_of::<xiri::Rfc3987>("http://\u{e9}.example/"), Some("http"));
/// ```
pub trait GenericSyntax: sealed::Sealed + sealed::Generic {}

macro_rules! syntax {
    ($(#[$doc:meta])* $Marker:ident, $grammar:expr, $unicode:expr, $names:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct $Marker;

        impl sealed::Sealed for $Marker {}

        impl sealed::Generic for $Marker {
            const GRAMMAR: Grammar = $grammar;
            const UNICODE: bool = $unicode;
            const NAMES: [&'static str; 4] = $names;
        }

        impl GenericSyntax for $Marker {}
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
    false,
    ["UriRef", "Uri", "UriRefBuf", "UriBuf"]
);
syntax!(
    /// RFC 3987 IRIs (`IriRef`, `Iri`, `IriRefBuf`, `IriBuf`).
    ///
    /// ```
    /// assert_eq!(<xiri::Rfc3987 as xiri::Syntax>::GRAMMAR, xiri::Grammar::Iri);
    /// ```
    Rfc3987,
    Grammar::Iri,
    true,
    ["IriRef", "Iri", "IriRefBuf", "IriBuf"]
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
    true,
    ["IriBisRef", "IriBis", "IriBisRefBuf", "IriBisBuf"]
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
    true,
    ["LeiriRef", "Leiri", "LeiriRefBuf", "LeiriBuf"]
);

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
pub trait IriSyntax: GenericSyntax {}

impl IriSyntax for Rfc3987 {}
impl IriSyntax for Rfc3987bis {}

/// The alias of a generic type of `S`, by its place in `NAMES`
/// (reference, absolute, owned reference, owned absolute).
pub(crate) fn type_name<S: GenericSyntax>(which: usize) -> &'static str {
    <S as sealed::Generic>::NAMES
        .get(which)
        .copied()
        .unwrap_or_default()
}

/// Whether normalization may decode `iunreserved` characters in `S`.
pub(crate) fn unicode<S: GenericSyntax>() -> bool {
    <S as sealed::Generic>::UNICODE
}
