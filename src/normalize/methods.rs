//! The public methods: the normal form of a reference or an absolute
//! identifier of any syntax, and equivalence by it.

use super::{normalize, Decode, Normalization, Source};
use crate::syntax::bounds::Bounds;
use crate::syntax::error::ParseError;
use crate::syntax::reference::{
    parse_bounds, Absolute, AbsoluteBuf, AsReference, Reference, ReferenceBuf,
};
use crate::syntax::GenericSyntax;

/// The normal form's text of a reference of syntax `S`, with the bounds
/// recorded as it was written, once the engine has checked that it is
/// still in the grammar (an error, never a value its type refuses).
fn normal_text<S: GenericSyntax>(
    text: &str,
    bounds: Bounds,
    options: Normalization,
) -> Result<(String, Bounds), ParseError> {
    let source = Source {
        text,
        bounds,
        grammar: S::GRAMMAR,
        zone_id: S::ZONE_ID,
    };
    let decode = if crate::syntax::unicode::<S>() {
        Decode::IUnreserved
    } else {
        Decode::Unreserved
    };
    let (normal, written, unchanged_characters) = normalize(source, decode, options)?;
    // Decoding and the forms change characters, decided one at a time
    // (`allowed`, `forms::culprit`), so the engine checks their result (a
    // check no test meets: tests/it/normalization.rs holds every normal form
    // to its grammar and spans). Without them each character is the
    // source's, in its component: dot segments, ports and an added "/"
    // are the grammar's own structure.
    if !unchanged_characters {
        crate::syntax::zone::check_reference(S::GRAMMAR, S::ZONE_ID, &normal)?;
    }
    debug_assert_eq!(
        parse_bounds(S::GRAMMAR, S::ZONE_ID, &normal, false).ok(),
        Some(written),
        "{normal:?}"
    );
    Ok((normal, written))
}

impl<S: GenericSyntax> Reference<'_, S> {
    /// The normal form of a reference, relative or absolute: every step of
    /// RFC 3986 6.2.2 (RFC 3987 5.3.2) that needs no base, so an absolute
    /// one gets what [`Absolute::normalize`] gives. Scheme-based
    /// normalization needs a scheme, and a relative path keeps its ".."
    /// segments, which only a base can remove; its "." segments go, which
    /// changes no target it resolves to (docs/DECISIONS.md,
    /// "Normalization and equivalence"). Fails only when NFC or NFKC is
    /// asked for and would change the structure
    /// ([`ErrorKind::NotNormalizable`](crate::ErrorKind::NotNormalizable)).
    ///
    /// ```
    /// use xiri::{Normalization, UriRef};
    /// let n = UriRef::parse("//[2001:DB8::1]/a/./b")?.normalize(Normalization::default())?;
    /// assert_eq!(n.as_str(), "//[2001:db8::1]/a/b");
    /// let r = UriRef::parse("../%7euser/./a/../b")?.normalize(Normalization::default())?;
    /// assert_eq!(r.as_str(), "../~user/a/../b");
    /// # Ok::<(), xiri::ParseError>(())
    /// ```
    pub fn normalize(&self, options: Normalization) -> Result<ReferenceBuf<S>, ParseError> {
        let (text, bounds) = normal_text::<S>(self.as_str(), self.bounds(), options)?;
        Ok(ReferenceBuf::from_bounds(text, bounds))
    }

    /// Whether two references, relative or absolute, are equivalent: equal
    /// once both are normalized with the same options
    /// ([`normalize`](Self::normalize)); one whose normal form does not
    /// exist is equivalent only to the same text, as with
    /// [`Absolute::is_equivalent`].
    ///
    /// ```
    /// use xiri::{IriRef, Normalization};
    /// let a = IriRef::parse("r%C3%A9sum%C3%A9/./a?q").unwrap();
    /// let b = IriRef::parse("r\u{e9}sum\u{e9}/a?q").unwrap();
    /// assert!(a.is_equivalent(&b, Normalization::default()));
    /// let up = IriRef::parse("a/../b").unwrap();
    /// assert!(!up.is_equivalent(&IriRef::parse("b").unwrap(), Normalization::default()));
    /// ```
    pub fn is_equivalent(&self, other: &impl AsReference<S>, options: Normalization) -> bool {
        let other = other.borrow_reference();
        match (self.normalize(options), other.normalize(options)) {
            (Ok(a), Ok(b)) => a.as_str() == b.as_str(),
            _ => self.as_str() == other.as_str(),
        }
    }
}

impl<S: GenericSyntax> Absolute<'_, S> {
    /// The normal form (RFC 3986 6.2.2; for IRIs and LEIRIs RFC 3987
    /// 5.3.2): scheme and US-ASCII-only host in lowercase, percent-encodings
    /// of unreserved characters decoded and the others in uppercase hex, an
    /// empty port dropped, dot segments removed; more with `options`. Fails
    /// only when NFC or NFKC is asked for and would change the structure
    /// ([`ErrorKind::NotNormalizable`](crate::ErrorKind::NotNormalizable)).
    ///
    /// ```
    /// let x = xiri::Uri::parse("eXAMPLE://a/./b/../b/%63/%7bfoo%7d").unwrap();
    /// assert_eq!(x.normalize(xiri::Normalization::default())?.as_str(), "example://a/b/c/%7Bfoo%7D");
    /// let i = xiri::Iri::parse("HTTP://www.EXAMPLE.org/r%C3%A9sum%c3%a9/%7euser").unwrap();
    /// assert_eq!(i.normalize(xiri::Normalization::default())?.as_str(), "http://www.example.org/r\u{e9}sum\u{e9}/~user");
    /// # Ok::<(), xiri::ParseError>(())
    /// ```
    pub fn normalize(&self, options: Normalization) -> Result<AbsoluteBuf<S>, ParseError> {
        // The scheme stays: the normal form is absolute too.
        let (text, bounds) = normal_text::<S>(self.as_str(), self.bounds(), options)?;
        Ok(AbsoluteBuf::from_bounds(text, bounds))
    }

    /// Whether two are equivalent: equal once both are normalized with the
    /// same options (the comparison ladder's syntax-based step, and the
    /// scheme-based one if asked for). One whose normal form with these
    /// options does not exist (a form that would change its structure) is
    /// equivalent only to the same text: the ladder's first rung, simple
    /// string comparison (RFC 3986 6.2.1), which never gives a false
    /// positive.
    ///
    /// ```
    /// let a = xiri::Uri::parse("eXAMPLE://a/./b/../b/%63/%7bfoo%7d").unwrap();
    /// let b = xiri::Uri::parse("example://a/b/c/%7Bfoo%7D").unwrap();
    /// assert!(a.is_equivalent(&b, xiri::Normalization::default()));
    /// ```
    pub fn is_equivalent(&self, other: &impl AsReference<S>, options: Normalization) -> bool {
        self.as_reference().is_equivalent(other, options)
    }
}
