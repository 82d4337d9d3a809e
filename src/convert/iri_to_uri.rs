//! IRI → URI by percent-encoding (RFC 3987 3.1 step 2), for either IRI
//! syntax; the options of 3.1 and 3987bis 3.6 are in `options`.

use crate::syntax::pct;
use crate::syntax::reference::{Reference, UriRef, UriRefBuf};
use crate::syntax::IriSyntax;

impl<S: IriSyntax> Reference<'_, S> {
    /// The URI reference (RFC 3987 3.1): every character outside ASCII is
    /// percent-encoded as UTF-8, with uppercase hex, in every component, the
    /// host's registered name included (IDNA is a separate step). The
    /// identity on URIs, and idempotent.
    ///
    /// ```
    /// let iri = xiri::IriRef::parse("http://r\u{e9}sum\u{e9}.example.org").unwrap();
    /// assert_eq!(iri.to_uri().as_str(), "http://r%C3%A9sum%C3%A9.example.org");
    /// ```
    pub fn to_uri(&self) -> UriRefBuf {
        let text = self.as_str();
        if text.is_ascii() {
            // An ASCII IRI is a URI with the same components (RFC 3987
            // 2.2's i-rules are RFC 3986's rules on ASCII).
            return UriRefBuf::from_parts(text.to_string(), self.spans());
        }
        // Written piece by piece between the components' offsets, which
        // `map` gives in increasing order, so each offset's new place is
        // the length written when it is reached: one pass.
        let bytes = text.as_bytes();
        let outside = bytes.iter().filter(|b| !b.is_ascii()).count();
        let mut out = Vec::with_capacity(text.len() + 2 * outside);
        let mut at = 0;
        let spans = self.spans().map(|p| {
            if p < at {
                // Not in order after all: counted from the start.
                let before = bytes.get(..p).unwrap_or_default();
                return p + 2 * before.iter().filter(|b| !b.is_ascii()).count();
            }
            encode(bytes.get(at..p).unwrap_or_default(), &mut out);
            at = p;
            out.len()
        });
        encode(bytes.get(at..).unwrap_or_default(), &mut out);
        // Every byte is ASCII, so this is UTF-8 (the lossy branch is
        // never taken; it keeps this total without a second buffer).
        let out = String::from_utf8(out)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
        let uri = UriRefBuf::from_parts(out, spans);
        debug_assert_eq!(
            UriRef::parse(uri.as_str()).map(|u| u.spans()).ok(),
            Some(spans)
        );
        uri
    }
}

/// Appends `bytes` with each byte outside ASCII written as `%HH`.
fn encode(bytes: &[u8], out: &mut Vec<u8>) {
    for &b in bytes {
        if b.is_ascii() {
            out.push(b);
        } else {
            out.extend_from_slice(&pct::triplet(b));
        }
    }
}
