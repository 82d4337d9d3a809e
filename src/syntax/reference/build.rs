//! A builder for the owned generic types: one method per component, then
//! `build()`, which puts the text together (RFC 3986 5.3), parses it once
//! in the syntax and checks that every component reads back as given.

use super::{AbsoluteBuf, AsReference, Reference, ReferenceBuf};
use crate::pct::{encode, Component};
use crate::syntax::error::ParseError;
use crate::syntax::set::{compose, path_misread, push_pair, push_segment, SetError, SetErrorKind};
use crate::syntax::GenericSyntax;
use std::marker::PhantomData;

mod target {
    /// What a [`Builder`](super::Builder) builds: [`ReferenceBuf`] or
    /// [`AbsoluteBuf`](super::AbsoluteBuf) of a syntax. Sealed.
    pub trait Target: Sized {
        /// The syntax.
        type Syntax: super::GenericSyntax;
        /// Parses the built text.
        fn parse_text(text: String) -> Result<Self, super::ParseError>;
        /// Borrows the value as a reference.
        fn reference(&self) -> super::Reference<'_, Self::Syntax>;
    }
}

use target::Target;

impl<S: GenericSyntax> Target for ReferenceBuf<S> {
    type Syntax = S;
    fn parse_text(text: String) -> Result<Self, ParseError> {
        ReferenceBuf::parse(text)
    }
    fn reference(&self) -> Reference<'_, S> {
        self.as_borrowed()
    }
}

impl<S: GenericSyntax> Target for AbsoluteBuf<S> {
    type Syntax = S;
    fn parse_text(text: String) -> Result<Self, ParseError> {
        AbsoluteBuf::parse(text)
    }
    fn reference(&self) -> Reference<'_, S> {
        self.borrow_reference()
    }
}

/// Builds an owned reference (`IriRefBuf::builder()`) or absolute one
/// (`IriBuf::builder()`), component by component. The components are
/// given as they are written (percent-encoded where need be); the
/// `_encoded` methods ([`userinfo_encoded`](Self::userinfo_encoded),
/// [`host_encoded`](Self::host_encoded), [`path_encoded`](Self::path_encoded),
/// [`query_encoded`](Self::query_encoded),
/// [`fragment_encoded`](Self::fragment_encoded)),
/// [`path_segment`](Self::path_segment) and
/// [`query_pair`](Self::query_pair) take plain text and encode it for the
/// component ([`pct::encode`](crate::pct::encode): a "%" becomes "%25",
/// so nothing is encoded twice). [`build`](Self::build) checks the result
/// in its syntax.
///
/// ```
/// let iri = xiri::IriBuf::builder()
///     .scheme("https")
///     .host("例え.jp")
///     .path_segment("r\u{e9}sum\u{e9} 2024")
///     .query_pair("lang", "fr")
///     .fragment("top")
///     .build()
///     .unwrap();
/// assert_eq!(iri.as_str(), "https://例え.jp/r\u{e9}sum\u{e9}%202024?lang=fr#top");
/// assert!(xiri::UriBuf::builder().host("a").build().is_err()); // no scheme
/// ```
#[derive(Clone)]
#[must_use]
pub struct Builder<T> {
    scheme: Option<String>,
    userinfo: Option<String>,
    host: Option<String>,
    port: Option<u16>,
    path: String,
    query: Option<String>,
    fragment: Option<String>,
    target: PhantomData<T>,
}

/// The components given so far, the password of the user information
/// as `****` (`Display` shows none: there is no text until `build`).
impl<T> std::fmt::Debug for Builder<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use crate::syntax::mask::Masked;
        f.debug_struct("Builder")
            .field("scheme", &self.scheme)
            .field("userinfo", &self.userinfo.as_deref().map(Masked::Userinfo))
            .field("host", &self.host)
            .field("port", &self.port)
            .field("path", &Masked::Text(&self.path))
            .field("query", &self.query.as_deref().map(Masked::Text))
            .field("fragment", &self.fragment.as_deref().map(Masked::Text))
            .finish()
    }
}

impl<T: Target> Builder<T> {
    fn grammar() -> crate::syntax::grammar::Grammar {
        <T::Syntax as crate::syntax::sealed::Generic>::GRAMMAR
    }

    fn new() -> Self {
        Builder {
            scheme: None,
            userinfo: None,
            host: None,
            port: None,
            path: String::new(),
            query: None,
            fragment: None,
            target: PhantomData,
        }
    }

    /// The scheme, without ":".
    ///
    /// ```
    /// let uri = xiri::UriBuf::builder().scheme("urn").path("a:b").build().unwrap();
    /// assert_eq!(uri.as_str(), "urn:a:b");
    /// ```
    pub fn scheme(mut self, scheme: &str) -> Self {
        self.scheme = Some(scheme.to_string());
        self
    }

    /// The user information, without "@" (it makes an authority).
    ///
    /// ```
    /// let uri = xiri::UriRefBuf::builder().userinfo("anne").host("h").build().unwrap();
    /// assert_eq!(uri.as_str(), "//anne@h");
    /// ```
    pub fn userinfo(mut self, userinfo: &str) -> Self {
        self.userinfo = Some(userinfo.to_string());
        self
    }

    /// The user information given as plain text, encoded for it in the
    /// syntax (":" kept, so "name:password" stays two halves; "@", "/"
    /// and "%" encoded).
    ///
    /// ```
    /// let uri = xiri::UriBuf::builder().scheme("ftp").userinfo_encoded("anne@x:p w").host("h").build().unwrap();
    /// assert_eq!(uri.as_str(), "ftp://anne%40x:p%20w@h");
    /// assert_eq!(uri.password(), Some("p%20w"));
    /// ```
    pub fn userinfo_encoded(self, userinfo: &str) -> Self {
        let encoded = encode(userinfo, Component::Userinfo, Self::grammar());
        self.userinfo(&encoded)
    }

    /// The host (an IP literal with its brackets); it makes an authority.
    ///
    /// ```
    /// let uri = xiri::UriBuf::builder().scheme("http").host("[::1]").build().unwrap();
    /// assert_eq!(uri.as_str(), "http://[::1]");
    /// ```
    pub fn host(mut self, host: &str) -> Self {
        self.host = Some(host.to_string());
        self
    }

    /// A registered name given as plain text, encoded for a host of the
    /// syntax (an IRI keeps its non-ASCII letters; a URI encodes their
    /// UTF-8). Not for an IP literal, whose brackets it would encode.
    ///
    /// ```
    /// let iri = xiri::IriBuf::builder().scheme("s").host_encoded("caf\u{e9} 1").build().unwrap();
    /// assert_eq!(iri.as_str(), "s://caf\u{e9}%201");
    /// let uri = xiri::UriBuf::builder().scheme("s").host_encoded("caf\u{e9}").build().unwrap();
    /// assert_eq!(uri.as_str(), "s://caf%C3%A9");
    /// ```
    pub fn host_encoded(self, host: &str) -> Self {
        let encoded = encode(host, Component::Host, Self::grammar());
        self.host(&encoded)
    }

    /// The port (it makes an authority).
    ///
    /// ```
    /// let uri = xiri::UriBuf::builder().scheme("http").host("a").port(8080).build().unwrap();
    /// assert_eq!(uri.as_str(), "http://a:8080");
    /// ```
    pub fn port(mut self, port: u16) -> Self {
        self.port = Some(port);
        self
    }

    /// The path, as written; it replaces what the path was.
    ///
    /// ```
    /// let uri = xiri::UriRefBuf::builder().path("../a").build().unwrap();
    /// assert_eq!(uri.as_str(), "../a");
    /// ```
    pub fn path(mut self, path: &str) -> Self {
        self.path = path.to_string();
        self
    }

    /// The path given as plain text, encoded for a path of the syntax
    /// ("/" stays; "?", "#" and "%" are encoded); it replaces what the
    /// path was.
    ///
    /// ```
    /// let uri = xiri::UriBuf::builder().scheme("s").host("h").path_encoded("/a b/50%?").build().unwrap();
    /// assert_eq!(uri.as_str(), "s://h/a%20b/50%25%3F");
    /// ```
    pub fn path_encoded(self, path: &str) -> Self {
        let encoded = encode(path, Component::Path, Self::grammar());
        self.path(&encoded)
    }

    /// Appends "/" and a segment given as plain text, percent-encoded
    /// for a segment of the syntax ([`pct::encode`](crate::pct::encode)).
    ///
    /// ```
    /// let uri = xiri::UriBuf::builder().scheme("s").host("h").path_segment("a/b").path_segment("c").build().unwrap();
    /// assert_eq!(uri.as_str(), "s://h/a%2Fb/c");
    /// ```
    pub fn path_segment(mut self, segment: &str) -> Self {
        push_segment(&mut self.path, segment, Self::grammar());
        self
    }

    /// The query, as written, without "?"; it replaces what the query was.
    ///
    /// ```
    /// let uri = xiri::UriRefBuf::builder().query("a=1").build().unwrap();
    /// assert_eq!(uri.as_str(), "?a=1");
    /// ```
    pub fn query(mut self, query: &str) -> Self {
        self.query = Some(query.to_string());
        self
    }

    /// The query given as plain text, encoded for a query of the syntax
    /// ("#" and "%" encoded, "&" and "=" kept); it replaces what the
    /// query was.
    ///
    /// ```
    /// let uri = xiri::UriRefBuf::builder().query_encoded("q=100% sure#1").build().unwrap();
    /// assert_eq!(uri.as_str(), "?q=100%25%20sure%231");
    /// ```
    pub fn query_encoded(self, query: &str) -> Self {
        let encoded = encode(query, Component::Query, Self::grammar());
        self.query(&encoded)
    }

    /// Appends a `key=value` pair to the query, both given as plain text
    /// and encoded as form fields ([`Component::QueryValue`](crate::pct::Component::QueryValue)).
    ///
    /// ```
    /// let uri = xiri::UriRefBuf::builder().query_pair("a", "1 2").query_pair("b&", "=").build().unwrap();
    /// assert_eq!(uri.as_str(), "?a=1%202&b%26=%3D");
    /// ```
    pub fn query_pair(mut self, key: &str, value: &str) -> Self {
        let query = self.query.get_or_insert_with(String::new);
        push_pair(query, key, Some(value), Self::grammar());
        self
    }

    /// The fragment, as written, without "#".
    ///
    /// ```
    /// let uri = xiri::UriRefBuf::builder().fragment("f").build().unwrap();
    /// assert_eq!(uri.as_str(), "#f");
    /// ```
    pub fn fragment(mut self, fragment: &str) -> Self {
        self.fragment = Some(fragment.to_string());
        self
    }

    /// The fragment given as plain text, encoded for a fragment of the
    /// syntax.
    ///
    /// ```
    /// let iri = xiri::IriRefBuf::builder().fragment_encoded("r\u{e9}sum\u{e9} #2").build().unwrap();
    /// assert_eq!(iri.as_str(), "#r\u{e9}sum\u{e9}%20%232");
    /// ```
    pub fn fragment_encoded(self, fragment: &str) -> Self {
        let encoded = encode(fragment, Component::Fragment, Self::grammar());
        self.fragment(&encoded)
    }

    /// The value: its text put together, parsed in the syntax, and each
    /// component read back as given, or an error naming the first, in the
    /// order they are written, that is not (a "/" in a host reads as the
    /// start of the path; a path without "/" after an authority, as more
    /// of the host or port).
    ///
    /// ```
    /// let err = xiri::UriBuf::builder().scheme("http").host("a/b").build().unwrap_err();
    /// assert_eq!((err.component(), err.kind()), ("host", xiri::SetErrorKind::Structure));
    /// let err = xiri::UriBuf::builder().scheme("http").host("a b").build().unwrap_err();
    /// assert_eq!(err.kind(), xiri::SetErrorKind::Invalid);
    /// ```
    pub fn build(self) -> Result<T, SetError> {
        let port = self.port.map(|p| p.to_string());
        let has_authority = self.userinfo.is_some() || self.host.is_some() || port.is_some();
        // A path that would read as other components is named as such,
        // before the text it would misread is put together.
        if let Some(why) = path_misread(&self.path, self.scheme.is_some(), has_authority) {
            let error = SetError::new("path", SetErrorKind::Structure).because(why);
            return Err(error.given(&self.path));
        }
        let mut head = String::new();
        if let Some(s) = &self.scheme {
            head.push_str(s);
            head.push(':');
        }
        if has_authority {
            head.push_str("//");
            if let Some(u) = &self.userinfo {
                head.push_str(u);
                head.push('@');
            }
            head.push_str(self.host.as_deref().unwrap_or_default());
            if let Some(p) = &port {
                head.push(':');
                head.push_str(p);
            }
        }
        let text = compose(
            &head,
            &self.path,
            self.query.as_deref(),
            self.fragment.as_deref(),
        );
        let value = T::parse_text(text).map_err(|e| SetError::invalid("reference", e))?;
        let host = self.host.as_deref().unwrap_or_default();
        let r = value.reference();
        // Each component as it reads back, and as it was given.
        let checks = [
            ("scheme", r.scheme(), self.scheme.as_deref()),
            ("userinfo", r.userinfo(), self.userinfo.as_deref()),
            (
                "host",
                r.host().map(|h| h.as_str()),
                has_authority.then_some(host),
            ),
            ("port", r.port(), port.as_deref()),
            ("path", Some(r.path()), Some(self.path.as_str())),
            ("query", r.query(), self.query.as_deref()),
            ("fragment", r.fragment(), self.fragment.as_deref()),
        ];
        match checks.iter().find(|(_, read, given)| read != given) {
            Some((component, _, given)) => {
                let error = SetError::new(component, SetErrorKind::Structure);
                Err(match given {
                    Some(v) => error.given(v),
                    None => error,
                })
            }
            None => Ok(value),
        }
    }
}

impl<S: GenericSyntax> ReferenceBuf<S> {
    /// A [`Builder`] for a reference, relative or absolute.
    ///
    /// ```
    /// let r = xiri::IriRefBuf::builder().path("a").fragment("b").build().unwrap();
    /// assert_eq!(r.as_str(), "a#b");
    /// ```
    pub fn builder() -> Builder<ReferenceBuf<S>> {
        Builder::new()
    }
}

impl<S: GenericSyntax> AbsoluteBuf<S> {
    /// A [`Builder`] for an absolute reference: `build` refuses one
    /// without a scheme.
    ///
    /// ```
    /// let r = xiri::LeiriBuf::builder().scheme("file").host("").path("/a b").build().unwrap();
    /// assert_eq!(r.as_str(), "file:///a b");
    /// ```
    pub fn builder() -> Builder<AbsoluteBuf<S>> {
        Builder::new()
    }
}
