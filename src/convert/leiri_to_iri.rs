//! LEIRI → IRI (LEIRI Note section 4) and LEIRI → URI through it.

use super::{ascii_outside_iris, encode_where, iri_allows};
use crate::syntax::reference::{IriRef, IriRefBuf, LeiriRef, UriRefBuf};

impl LeiriRef<'_> {
    /// The IRI reference (LEIRI Note section 4): each character a LEIRI
    /// allows and an IRI does not at its place is percent-encoded (UTF-8,
    /// uppercase hex); existing percent-encodings are left alone. Private
    /// use characters stay in the query, where IRIs allow them.
    ///
    /// ```
    /// let leiri = xiri::LeiriRef::parse("http://example.org/a b/\u{202e}?\u{e000}#{x}").unwrap();
    /// assert_eq!(leiri.to_iri().as_str(), "http://example.org/a%20b/%E2%80%AE?\u{e000}#%7Bx%7D");
    /// ```
    pub fn to_iri(&self) -> IriRefBuf {
        let (text, bounds) = encode_where(self.as_str(), self.bounds(), |c, in_query| {
            if c.is_ascii() {
                !ascii_outside_iris(c)
            } else {
                iri_allows(c, in_query)
            }
        });
        // Each character a LEIRI has beyond an IRI is allowed only where
        // an IRI allows pct-encoded (LEIRI Note [1]-[39]), so what is left
        // is an IRI with the same components (property-tested in
        // tests/it/hostile.rs: the output re-parses as itself).
        let iri = IriRefBuf::from_bounds(text, bounds);
        debug_assert_eq!(
            IriRef::parse(iri.as_str()).map(|i| i.bounds()).ok(),
            Some(bounds)
        );
        iri
    }

    /// The URI reference: [`to_iri`](Self::to_iri), then
    /// [`IriRef::to_uri`](crate::Reference::to_uri).
    ///
    /// ```
    /// let leiri = xiri::LeiriRef::parse("file:///My Documents/r\u{e9}sum\u{e9}.xml").unwrap();
    /// assert_eq!(leiri.to_uri().as_str(), "file:///My%20Documents/r%C3%A9sum%C3%A9.xml");
    /// ```
    pub fn to_uri(&self) -> UriRefBuf {
        self.to_iri().as_borrowed().to_uri()
    }
}
