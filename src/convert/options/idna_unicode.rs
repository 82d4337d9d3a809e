//! IDNA ToUnicode for the registered name of a URI on its way to an IRI,
//! the other way from `idna_host`: an opt-in step of URI → IRI
//! ([`UriRef::to_iri_with`](crate::Reference::to_iri_with)), since RFC
//! 3987 3.2 leaves Punycode labels as they are.

use super::idna_host::uses_dns;
use super::UriOptions;
use crate::syntax::error::ParseError;
use crate::syntax::grammar::Grammar;
use crate::syntax::reference::{IriBuf, IriRefBuf, Uri, UriRef};
use crate::HostKind;
use idna::uts46::{AsciiDenyList, Hyphens, Uts46};

/// `iri` (made from `uri` by RFC 3987 3.2) with the `xn--` labels of its
/// registered name through UTS #46 ToUnicode, when the scheme uses DNS
/// names (or there is none); a name UTS #46 refuses, or whose Unicode
/// form an IRI host cannot hold, is an error.
fn unicode_host(uri: &UriRef<'_>, mut iri: IriRefBuf) -> Result<IriRefBuf, ParseError> {
    if !uri.scheme().is_none_or(uses_dns) {
        return Ok(iri);
    }
    let Some(host) = iri.host().filter(|h| h.kind() == HostKind::RegName) else {
        return Ok(iri);
    };
    let name = host.as_str();
    let punycode = name.split('.').any(|label| {
        label
            .get(..4)
            .is_some_and(|p| p.eq_ignore_ascii_case("xn--"))
    });
    if !punycode {
        return Ok(iri);
    }
    let fail = |what: &str| {
        let at = uri.spans().authority.map_or(0, |a| a.host.start);
        ParseError::not_convertible(Grammar::Uri, "URI-reference", uri.as_str(), at, what.into())
    };
    let (unicode, checked) =
        Uts46::new().to_unicode(name.as_bytes(), AsciiDenyList::STD3, Hyphens::Check);
    if checked.is_err() {
        return Err(fail("a host name that passes IDNA ToUnicode (UTS #46)"));
    }
    let unicode = unicode.into_owned();
    iri.set_host(&unicode)
        .map_err(|_| fail("a host whose Unicode form an IRI allows"))?;
    Ok(iri)
}

impl UriRef<'_> {
    /// The IRI reference (RFC 3987 3.2, [`to_iri`](Self::to_iri)), with
    /// `options.idna` also the host's Punycode labels through IDNA
    /// ToUnicode (UTS #46 with UseSTD3ASCIIRules; a name it refuses is an
    /// error, [`ErrorKind::NotConvertible`](crate::ErrorKind::NotConvertible)).
    /// As for ToASCII, only a scheme whose hosts are DNS names (http,
    /// https, ftp, ...: docs/DECISIONS.md, "IDNA for registered names")
    /// or a relative reference has its host mapped; another scheme's host
    /// stays as it is, since it need not be a DNS name at all.
    ///
    /// ```
    /// let uri = xiri::UriRef::parse("http://xn--rsum-bpad.example.org/r%C3%A9sum%C3%A9").unwrap();
    /// let idna = xiri::UriOptions::default().with_idna(true);
    /// assert_eq!(uri.to_iri_with(&idna).unwrap().as_str(), "http://r\u{e9}sum\u{e9}.example.org/r\u{e9}sum\u{e9}");
    /// assert_eq!(uri.to_iri().as_str(), "http://xn--rsum-bpad.example.org/r\u{e9}sum\u{e9}");
    /// let other = xiri::UriRef::parse("foo://xn--rsum-bpad.example.org/").unwrap();
    /// assert_eq!(other.to_iri_with(&idna).unwrap().as_str(), "foo://xn--rsum-bpad.example.org/");
    /// let bad = xiri::UriRef::parse("http://xn--a.example/").unwrap();
    /// assert_eq!(bad.to_iri_with(&idna).unwrap_err().kind(), xiri::ErrorKind::NotConvertible);
    /// ```
    pub fn to_iri_with(&self, options: &UriOptions) -> Result<IriRefBuf, ParseError> {
        let iri = self.to_iri();
        if options.idna {
            unicode_host(self, iri)
        } else {
            Ok(iri)
        }
    }
}

impl Uri<'_> {
    /// The IRI with the options ([`UriRef::to_iri_with`](crate::Reference::to_iri_with)),
    /// absolute as the URI is.
    ///
    /// ```
    /// let uri = xiri::Uri::parse("http://xn--rsum-bpad.example.org/").unwrap();
    /// let iri: xiri::IriBuf = uri.to_iri_with(&xiri::UriOptions::default().with_idna(true)).unwrap();
    /// assert_eq!(iri.as_str(), "http://r\u{e9}sum\u{e9}.example.org/");
    /// ```
    pub fn to_iri_with(&self, options: &UriOptions) -> Result<IriBuf, ParseError> {
        Ok(self.as_reference().to_iri_with(options)?.assume_absolute())
    }
}
