//! The operations of the borrowed types on the owned ones, so that an
//! owned value needs no `as_borrowed()`: resolve, relativize, normalize,
//! compare, convert. Each borrows the value and calls the borrowed
//! operation; the arguments are owned or borrowed alike
//! ([`AsReference`](crate::AsReference), [`AsXriRef`](crate::AsXriRef)).
//! It sits above the operations it names, beside the `Syntax` trait.

use crate::convert::UriOptions;
use crate::normalize::Normalization;
use crate::syntax::error::ParseError;
use crate::syntax::reference::{
    AbsoluteBuf, AsAbsolute, AsReference, IriBuf, IriRefBuf, LeiriBuf, LeiriRefBuf, ReferenceBuf,
    UriBuf, UriRefBuf,
};
use crate::syntax::{GenericSyntax, IriSyntax};
use crate::xri::{AsXri, AsXriRef, XriBuf, XriRefBuf};

impl<S: GenericSyntax> AbsoluteBuf<S> {
    /// Resolves a reference against this base
    /// ([`Absolute::resolve`](crate::Absolute::resolve)).
    ///
    /// ```
    /// let base: xiri::UriBuf = "http://a/b/c".parse().unwrap();
    /// let reference: xiri::UriRefBuf = "../d".parse().unwrap();
    /// assert_eq!(base.resolve(&reference).as_str(), "http://a/d");
    /// ```
    pub fn resolve(&self, reference: &impl AsReference<S>) -> AbsoluteBuf<S> {
        self.as_borrowed().resolve(reference)
    }

    /// A reference from this base to the target
    /// ([`Absolute::relativize`](crate::Absolute::relativize)).
    ///
    /// ```
    /// let base: xiri::IriBuf = "http://a/b/c".parse().unwrap();
    /// let target: xiri::IriBuf = "http://a/b/d?q".parse().unwrap();
    /// assert_eq!(base.relativize(&target).as_str(), "d?q");
    /// ```
    pub fn relativize(&self, target: &impl AsAbsolute<S>) -> ReferenceBuf<S> {
        self.as_borrowed().relativize(target)
    }

    /// The normal form ([`Absolute::normalize`](crate::Absolute::normalize)).
    ///
    /// ```
    /// let x: xiri::UriBuf = "HTTP://A/./b".parse().unwrap();
    /// assert_eq!(x.normalize(Default::default()).unwrap().as_str(), "http://a/b");
    /// ```
    pub fn normalize(&self, options: Normalization) -> Result<AbsoluteBuf<S>, ParseError> {
        self.as_borrowed().normalize(options)
    }

    /// Whether the two are equivalent
    /// ([`Absolute::is_equivalent`](crate::Absolute::is_equivalent)).
    ///
    /// ```
    /// let a: xiri::UriBuf = "HTTP://A/%7e".parse().unwrap();
    /// assert!(a.is_equivalent(&xiri::Uri::parse("http://a/~").unwrap(), Default::default()));
    /// ```
    pub fn is_equivalent(&self, other: &impl AsReference<S>, options: Normalization) -> bool {
        self.as_borrowed().is_equivalent(other, options)
    }
}

impl<S: GenericSyntax> ReferenceBuf<S> {
    /// The normal form ([`Reference::normalize`](crate::Reference::normalize)).
    ///
    /// ```
    /// let x: xiri::IriRefBuf = "./a/%7e".parse().unwrap();
    /// assert_eq!(x.normalize(Default::default()).unwrap().as_str(), "a/~");
    /// ```
    pub fn normalize(&self, options: Normalization) -> Result<ReferenceBuf<S>, ParseError> {
        self.as_borrowed().normalize(options)
    }

    /// Whether the two are equivalent
    /// ([`Reference::is_equivalent`](crate::Reference::is_equivalent)).
    ///
    /// ```
    /// let a: xiri::IriRefBuf = "./a".parse().unwrap();
    /// assert!(a.is_equivalent(&xiri::IriRef::parse("a").unwrap(), Default::default()));
    /// ```
    pub fn is_equivalent(&self, other: &impl AsReference<S>, options: Normalization) -> bool {
        self.as_borrowed().is_equivalent(other, options)
    }
}

impl<S: IriSyntax> ReferenceBuf<S> {
    /// The URI reference ([`Reference::to_uri`](crate::Reference::to_uri)).
    ///
    /// ```
    /// let iri: xiri::IriRefBuf = "/\u{e9}".parse().unwrap();
    /// assert_eq!(iri.to_uri().as_str(), "/%C3%A9");
    /// ```
    pub fn to_uri(&self) -> UriRefBuf {
        self.as_borrowed().to_uri()
    }

    /// The URI reference with options
    /// ([`Reference::to_uri_with`](crate::Reference::to_uri_with)).
    ///
    /// ```
    /// let iri: xiri::IriRefBuf = "/\u{e9}".parse().unwrap();
    /// assert_eq!(iri.to_uri_with(&Default::default()).unwrap().as_str(), "/%C3%A9");
    /// ```
    pub fn to_uri_with(&self, options: &UriOptions) -> Result<UriRefBuf, ParseError> {
        self.as_borrowed().to_uri_with(options)
    }
}

impl<S: IriSyntax> AbsoluteBuf<S> {
    /// The URI, absolute as the IRI is
    /// ([`Absolute::to_uri`](crate::Absolute::to_uri)).
    ///
    /// ```
    /// let iri: xiri::IriBuf = "http://a/\u{e9}".parse().unwrap();
    /// let uri: xiri::UriBuf = iri.to_uri();
    /// assert_eq!(uri.as_str(), "http://a/%C3%A9");
    /// ```
    pub fn to_uri(&self) -> UriBuf {
        self.as_borrowed().to_uri()
    }

    /// The URI with options, absolute as the IRI is.
    ///
    /// ```
    /// let iri: xiri::IriBuf = "http://a/\u{e9}".parse().unwrap();
    /// let uri: xiri::UriBuf = iri.to_uri_with(&Default::default()).unwrap();
    /// assert_eq!(uri.as_str(), "http://a/%C3%A9");
    /// ```
    pub fn to_uri_with(&self, options: &UriOptions) -> Result<UriBuf, ParseError> {
        self.as_borrowed().to_uri_with(options)
    }
}

impl UriRefBuf {
    /// The IRI reference ([`UriRef::to_iri`](crate::Reference::to_iri)).
    ///
    /// ```
    /// let uri: xiri::UriRefBuf = "/%C3%A9".parse().unwrap();
    /// assert_eq!(uri.to_iri().as_str(), "/\u{e9}");
    /// ```
    pub fn to_iri(&self) -> IriRefBuf {
        self.as_borrowed().to_iri()
    }

    /// The IRI reference with options
    /// ([`UriRef::to_iri_with`](crate::Reference::to_iri_with)).
    ///
    /// ```
    /// let uri: xiri::UriRefBuf = "//xn--rsum-bpad.example/".parse().unwrap();
    /// let iri = uri.to_iri_with(&xiri::UriOptions::default().with_idna(true)).unwrap();
    /// assert_eq!(iri.as_str(), "//r\u{e9}sum\u{e9}.example/");
    /// ```
    #[cfg(feature = "idna")]
    pub fn to_iri_with(&self, options: &UriOptions) -> Result<IriRefBuf, ParseError> {
        self.as_borrowed().to_iri_with(options)
    }
}

impl UriBuf {
    /// The IRI, absolute as the URI is
    /// ([`Uri::to_iri`](crate::Absolute::to_iri)).
    ///
    /// ```
    /// let uri: xiri::UriBuf = "http://a/%C3%A9".parse().unwrap();
    /// let iri: xiri::IriBuf = uri.to_iri();
    /// assert_eq!(iri.as_str(), "http://a/\u{e9}");
    /// ```
    pub fn to_iri(&self) -> IriBuf {
        self.as_borrowed().to_iri()
    }

    /// The IRI with options, absolute as the URI is
    /// ([`Uri::to_iri_with`](crate::Absolute::to_iri_with)).
    ///
    /// ```
    /// let uri: xiri::UriBuf = "http://xn--rsum-bpad.example/".parse().unwrap();
    /// let iri: xiri::IriBuf = uri.to_iri_with(&xiri::UriOptions::default().with_idna(true)).unwrap();
    /// assert_eq!(iri.as_str(), "http://r\u{e9}sum\u{e9}.example/");
    /// ```
    #[cfg(feature = "idna")]
    pub fn to_iri_with(&self, options: &UriOptions) -> Result<IriBuf, ParseError> {
        self.as_borrowed().to_iri_with(options)
    }
}

impl LeiriRefBuf {
    /// The IRI reference ([`LeiriRef::to_iri`](crate::Reference::to_iri)).
    ///
    /// ```
    /// let leiri: xiri::LeiriRefBuf = "a b".parse().unwrap();
    /// assert_eq!(leiri.to_iri().as_str(), "a%20b");
    /// ```
    pub fn to_iri(&self) -> IriRefBuf {
        self.as_borrowed().to_iri()
    }

    /// The URI reference ([`LeiriRef::to_uri`](crate::Reference::to_uri)).
    ///
    /// ```
    /// let leiri: xiri::LeiriRefBuf = "a b\u{e9}".parse().unwrap();
    /// assert_eq!(leiri.to_uri().as_str(), "a%20b%C3%A9");
    /// ```
    pub fn to_uri(&self) -> UriRefBuf {
        self.as_borrowed().to_uri()
    }
}

impl LeiriBuf {
    /// The IRI, absolute as the LEIRI is.
    ///
    /// ```
    /// let leiri: xiri::LeiriBuf = "x:a b".parse().unwrap();
    /// let iri: xiri::IriBuf = leiri.to_iri();
    /// assert_eq!(iri.as_str(), "x:a%20b");
    /// ```
    pub fn to_iri(&self) -> IriBuf {
        self.as_borrowed().to_iri()
    }

    /// The URI, absolute as the LEIRI is.
    ///
    /// ```
    /// let leiri: xiri::LeiriBuf = "x:a b".parse().unwrap();
    /// let uri: xiri::UriBuf = leiri.to_uri();
    /// assert_eq!(uri.as_str(), "x:a%20b");
    /// ```
    pub fn to_uri(&self) -> UriBuf {
        self.as_borrowed().to_uri()
    }
}

impl XriBuf {
    /// Resolves an XRI reference against this base
    /// ([`Xri::resolve`](crate::Xri::resolve)).
    ///
    /// ```
    /// let base: xiri::XriBuf = "@a/b/c".parse().unwrap();
    /// assert_eq!(base.resolve(&xiri::XriRef::parse("d").unwrap()).unwrap().as_str(), "@a/b/d");
    /// ```
    pub fn resolve(&self, reference: &impl AsXriRef) -> Result<XriBuf, ParseError> {
        self.as_xri().resolve(reference)
    }

    /// A reference from this base to the target
    /// ([`Xri::relativize`](crate::Xri::relativize)).
    ///
    /// ```
    /// let base: xiri::XriBuf = "@a/b/c".parse().unwrap();
    /// let target: xiri::XriBuf = "@a/b/d".parse().unwrap();
    /// assert_eq!(base.relativize(&target).unwrap().as_str(), "d");
    /// ```
    pub fn relativize(&self, target: &impl AsXri) -> Result<XriRefBuf, ParseError> {
        self.as_xri().relativize(target)
    }

    /// The normal form ([`Xri::normalize`](crate::Xri::normalize)).
    ///
    /// ```
    /// let x: xiri::XriBuf = "@A/./b".parse().unwrap();
    /// assert_eq!(x.normalize(Default::default()).unwrap().as_str(), "xri://@a/b");
    /// ```
    pub fn normalize(&self, options: Normalization) -> Result<XriBuf, ParseError> {
        self.as_xri().normalize(options)
    }

    /// Whether the two are equivalent
    /// ([`Xri::is_equivalent`](crate::Xri::is_equivalent)).
    ///
    /// ```
    /// let a: xiri::XriBuf = "@A".parse().unwrap();
    /// assert!(a.is_equivalent(&xiri::Xri::parse("xri://@a").unwrap(), Default::default()));
    /// ```
    pub fn is_equivalent(&self, other: &impl AsXriRef, options: Normalization) -> bool {
        self.as_xri().is_equivalent(other, options)
    }
}

impl XriRefBuf {
    /// The normal form ([`XriRef::normalize`](crate::XriRef::normalize)).
    ///
    /// ```
    /// let x: xiri::XriRefBuf = "./a".parse().unwrap();
    /// assert_eq!(x.normalize(Default::default()).unwrap().as_str(), "a");
    /// ```
    pub fn normalize(&self, options: Normalization) -> Result<XriRefBuf, ParseError> {
        self.as_borrowed().normalize(options)
    }

    /// Whether the two are equivalent
    /// ([`XriRef::is_equivalent`](crate::XriRef::is_equivalent)).
    ///
    /// ```
    /// let a: xiri::XriRefBuf = "./a".parse().unwrap();
    /// assert!(a.is_equivalent(&xiri::XriRef::parse("a").unwrap(), Default::default()));
    /// ```
    pub fn is_equivalent(&self, other: &impl AsXriRef, options: Normalization) -> bool {
        self.as_borrowed().is_equivalent(other, options)
    }
}
