//! The conversions of an absolute value give an absolute value: each
//! keeps the scheme as it is (it is ASCII, nothing encodes or decodes
//! it), so `Iri → Uri`, not `UriRef`, and the caller parses nothing.

use super::UriOptions;
use crate::syntax::error::ParseError;
use crate::syntax::reference::{Absolute, IriBuf, Leiri, Uri, UriBuf};
use crate::syntax::IriSyntax;

impl<S: IriSyntax> Absolute<'_, S> {
    /// The URI (RFC 3987 3.1), absolute as the IRI is
    /// ([`Reference::to_uri`](crate::Reference::to_uri)).
    ///
    /// ```
    /// let iri = xiri::Iri::parse("http://example.org/r\u{e9}sum\u{e9}").unwrap();
    /// let uri: xiri::UriBuf = iri.to_uri();
    /// assert_eq!(uri.scheme(), "http");
    /// assert_eq!(uri.as_str(), "http://example.org/r%C3%A9sum%C3%A9");
    /// ```
    pub fn to_uri(&self) -> UriBuf {
        self.as_reference().to_uri().assume_absolute()
    }

    /// The URI with the options for registered names and the query
    /// ([`Reference::to_uri_with`](crate::Reference::to_uri_with)),
    /// absolute as the IRI is.
    ///
    /// ```
    /// # #[cfg(feature = "idna")] {
    /// let iri = xiri::Iri::parse("http://\u{e9}x.example/").unwrap();
    /// let uri: xiri::UriBuf = iri.to_uri_with(&xiri::UriOptions::default().with_idna(true)).unwrap();
    /// assert_eq!(uri.as_str(), "http://xn--x-9fa.example/");
    /// # }
    /// ```
    pub fn to_uri_with(&self, options: &UriOptions) -> Result<UriBuf, ParseError> {
        Ok(self.as_reference().to_uri_with(options)?.assume_absolute())
    }
}

impl Uri<'_> {
    /// The IRI (RFC 3987 3.2), absolute as the URI is
    /// ([`UriRef::to_iri`](crate::Reference::to_iri)).
    ///
    /// ```
    /// let uri = xiri::Uri::parse("http://example.org/D%C3%BCrst").unwrap();
    /// let iri: xiri::IriBuf = uri.to_iri();
    /// assert_eq!(iri.as_str(), "http://example.org/D\u{fc}rst");
    /// ```
    pub fn to_iri(&self) -> IriBuf {
        self.as_reference().to_iri().assume_absolute()
    }
}

impl Leiri<'_> {
    /// The IRI (LEIRI Note section 4), absolute as the LEIRI is.
    ///
    /// ```
    /// let leiri = xiri::Leiri::parse("http://example.org/a b").unwrap();
    /// let iri: xiri::IriBuf = leiri.to_iri();
    /// assert_eq!(iri.as_str(), "http://example.org/a%20b");
    /// ```
    pub fn to_iri(&self) -> IriBuf {
        self.as_reference().to_iri().assume_absolute()
    }

    /// The URI, absolute as the LEIRI is.
    ///
    /// ```
    /// let leiri = xiri::Leiri::parse("http://example.org/a b/\u{e9}").unwrap();
    /// let uri: xiri::UriBuf = leiri.to_uri();
    /// assert_eq!(uri.as_str(), "http://example.org/a%20b/%C3%A9");
    /// ```
    pub fn to_uri(&self) -> UriBuf {
        self.as_reference().to_uri().assume_absolute()
    }
}
