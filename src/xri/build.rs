//! A builder for the owned XRI types, as the generic types have one:
//! one method per component, then `build()`, which checks the text in
//! XRI 2.0 (with the typed policy) and that every component reads back.

use super::buf::{XriBuf, XriRefBuf};
use super::set::Wanted;
use super::XriRef;
use crate::pct::{encode, Component};
use crate::syntax::error::ParseError;
use crate::syntax::grammar::Grammar;
use crate::syntax::set::{push_pair, push_segment, SetError, SetErrorKind};
use std::marker::PhantomData;

mod target {
    /// What an [`XriBuilder`](super::XriBuilder) builds: [`XriRefBuf`](super::XriRefBuf)
    /// or [`XriBuf`](super::XriBuf). Sealed.
    pub trait XriTarget: Sized {
        /// Parses the built text.
        fn parse_text(text: String) -> Result<Self, super::ParseError>;
        /// Borrows the value as a reference.
        fn reference(&self) -> super::XriRef<'_>;
    }
}

use target::XriTarget;

impl XriTarget for XriRefBuf {
    fn parse_text(text: String) -> Result<Self, ParseError> {
        XriRefBuf::parse(text)
    }
    fn reference(&self) -> XriRef<'_> {
        self.as_borrowed()
    }
}

impl XriTarget for XriBuf {
    fn parse_text(text: String) -> Result<Self, ParseError> {
        XriBuf::parse(text)
    }
    fn reference(&self) -> XriRef<'_> {
        *self.as_xri()
    }
}

/// Builds an owned XRI reference (`XriRefBuf::builder()`) or absolute XRI
/// (`XriBuf::builder()`): the components as written, but for
/// [`path_encoded`](Self::path_encoded), [`query_encoded`](Self::query_encoded),
/// [`fragment_encoded`](Self::fragment_encoded),
/// [`path_segment`](Self::path_segment) and [`query_pair`](Self::query_pair),
/// which take plain text and encode it for the component ("%" included,
/// so nothing is encoded twice). [`build`](Self::build) checks the result.
///
/// ```
/// let x = xiri::XriBuf::builder()
///     .prefix()
///     .authority("@example*home")
///     .path("/(+contact)")
///     .path_segment("r\u{e9}sum\u{e9} (1)")
///     .query_pair("k", "v")
///     .build()
///     .unwrap();
/// assert_eq!(x.as_str(), "xri://@example*home/(+contact)/r\u{e9}sum\u{e9}%20%281%29?k=v");
/// assert!(xiri::XriBuf::builder().path("/a").build().is_err()); // no authority
/// ```
#[derive(Clone)]
#[must_use]
pub struct XriBuilder<T> {
    prefix: bool,
    authority: Option<String>,
    path: String,
    query: Option<String>,
    fragment: Option<String>,
    target: PhantomData<T>,
}

/// The components given so far, the password of an IRI authority (and
/// of an IRI in a cross-reference) as `****`.
impl<T> std::fmt::Debug for XriBuilder<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use crate::syntax::mask::Masked;
        f.debug_struct("XriBuilder")
            .field("prefix", &self.prefix)
            .field(
                "authority",
                &self.authority.as_deref().map(Masked::Authority),
            )
            .field("path", &Masked::Text(&self.path))
            .field("query", &self.query.as_deref().map(Masked::Text))
            .field("fragment", &self.fragment.as_deref().map(Masked::Text))
            .finish()
    }
}

impl<T: XriTarget> XriBuilder<T> {
    fn new() -> Self {
        XriBuilder {
            prefix: false,
            authority: None,
            path: String::new(),
            query: None,
            fragment: None,
            target: PhantomData,
        }
    }

    /// Starts the XRI with "xri://".
    ///
    /// ```
    /// let x = xiri::XriBuf::builder().prefix().authority("=a").build().unwrap();
    /// assert_eq!(x.as_str(), "xri://=a");
    /// ```
    pub fn prefix(mut self) -> Self {
        self.prefix = true;
        self
    }

    /// The authority: an XRI authority (`@a*b`, `(+x)`), or an IRI
    /// authority after [`prefix`](Self::prefix).
    ///
    /// ```
    /// let x = xiri::XriBuf::builder().prefix().authority("example.com:80").build().unwrap();
    /// assert_eq!(x.as_str(), "xri://example.com:80");
    /// ```
    pub fn authority(mut self, authority: &str) -> Self {
        self.authority = Some(authority.to_string());
        self
    }

    /// The path, as written; it replaces what the path was.
    ///
    /// ```
    /// let x = xiri::XriRefBuf::builder().path("a/*b").build().unwrap();
    /// assert_eq!(x.as_str(), "a/*b");
    /// ```
    pub fn path(mut self, path: &str) -> Self {
        self.path = path.to_string();
        self
    }

    /// The path given as plain text, encoded for an XRI path ("/", `*`
    /// and `!` kept; "(", ")", "?", "#" and "%" encoded).
    ///
    /// ```
    /// let x = xiri::XriBuf::builder().authority("=a").path_encoded("/b (c)").build().unwrap();
    /// assert_eq!(x.as_str(), "=a/b%20%28c%29");
    /// ```
    pub fn path_encoded(self, path: &str) -> Self {
        let encoded = encode(path, Component::Path, Grammar::Xri);
        self.path(&encoded)
    }

    /// Appends "/" and a segment given as plain text, encoded for an XRI
    /// segment ("(" and ")" encoded, `*` and `!` kept).
    ///
    /// ```
    /// let x = xiri::XriBuf::builder().authority("=a").path_segment("b/c").build().unwrap();
    /// assert_eq!(x.as_str(), "=a/b%2Fc");
    /// ```
    pub fn path_segment(mut self, segment: &str) -> Self {
        push_segment(&mut self.path, segment, Grammar::Xri);
        self
    }

    /// The query, as written, without "?".
    ///
    /// ```
    /// let x = xiri::XriBuf::builder().authority("=a").query("k=(+v)").build().unwrap();
    /// assert_eq!(x.query(), Some("k=(+v)"));
    /// ```
    pub fn query(mut self, query: &str) -> Self {
        self.query = Some(query.to_string());
        self
    }

    /// The query given as plain text, encoded for an XRI query.
    ///
    /// ```
    /// let x = xiri::XriBuf::builder().authority("=a").query_encoded("k=(+v)#1").build().unwrap();
    /// assert_eq!(x.query(), Some("k=%28+v%29%231"));
    /// ```
    pub fn query_encoded(self, query: &str) -> Self {
        let encoded = encode(query, Component::Query, Grammar::Xri);
        self.query(&encoded)
    }

    /// Appends a `key=value` pair, both given as plain text and encoded as
    /// form fields.
    ///
    /// ```
    /// let x = xiri::XriBuf::builder().authority("=a").query_pair("k", "a&b").build().unwrap();
    /// assert_eq!(x.query(), Some("k=a%26b"));
    /// ```
    pub fn query_pair(mut self, key: &str, value: &str) -> Self {
        let query = self.query.get_or_insert_with(String::new);
        push_pair(query, key, Some(value), Grammar::Xri);
        self
    }

    /// The fragment, as written, without "#".
    ///
    /// ```
    /// let x = xiri::XriRefBuf::builder().path("a").fragment("f").build().unwrap();
    /// assert_eq!(x.as_str(), "a#f");
    /// ```
    pub fn fragment(mut self, fragment: &str) -> Self {
        self.fragment = Some(fragment.to_string());
        self
    }

    /// The fragment given as plain text, encoded for an XRI fragment.
    ///
    /// ```
    /// let x = xiri::XriRefBuf::builder().path("a").fragment_encoded("b c#").build().unwrap();
    /// assert_eq!(x.as_str(), "a#b%20c%23");
    /// ```
    pub fn fragment_encoded(self, fragment: &str) -> Self {
        let encoded = encode(fragment, Component::Fragment, Grammar::Xri);
        self.fragment(&encoded)
    }

    /// The value, checked: it parses (an `XriBuf` needs an authority) and
    /// reads every component back as given.
    ///
    /// ```
    /// let err = xiri::XriBuf::builder().authority("=a").path("b").build().unwrap_err();
    /// assert_eq!(err.kind(), xiri::SetErrorKind::Structure); // "=ab": more of the authority
    /// ```
    pub fn build(self) -> Result<T, SetError> {
        let mut head = String::new();
        if self.prefix {
            head.push_str(super::PREFIX);
        }
        head.push_str(self.authority.as_deref().unwrap_or_default());
        let wanted = Wanted {
            head,
            path: self.path,
            query: self.query,
            fragment: self.fragment,
        };
        let value = T::parse_text(wanted.text()).map_err(|e| SetError::invalid("reference", e))?;
        if wanted.reads_back(&value.reference()) {
            Ok(value)
        } else {
            Err(SetError::new("reference", SetErrorKind::Structure))
        }
    }
}

impl XriRefBuf {
    /// An [`XriBuilder`] for an XRI reference, absolute or relative.
    ///
    /// ```
    /// let x = xiri::XriRefBuf::builder().path("../a").build().unwrap();
    /// assert!(!x.is_absolute());
    /// ```
    pub fn builder() -> XriBuilder<XriRefBuf> {
        XriBuilder::new()
    }
}

impl XriBuf {
    /// An [`XriBuilder`] for an absolute XRI.
    ///
    /// ```
    /// let x = xiri::XriBuf::builder().authority("@a").build().unwrap();
    /// assert_eq!(x.authority().as_str(), "@a");
    /// ```
    pub fn builder() -> XriBuilder<XriBuf> {
        XriBuilder::new()
    }
}
