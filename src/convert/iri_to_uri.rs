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
            return UriRefBuf::from_bounds(text.to_string(), self.bounds());
        }
        // Written piece by piece between the components' offsets, which
        // `map` gives in increasing order, so each offset's new place is
        // the length written when it is reached: one pass.
        let bytes = text.as_bytes();
        let length = text.len() + 2 * non_ascii(bytes);
        // Three bytes of slack: each byte writes four. Allocated, then
        // zeroed: `vec![0; n]` asks the allocator for zeroed memory
        // (`calloc`), which cost about 200 instructions more a call.
        #[allow(clippy::slow_vector_initialization)]
        let mut buffer = Vec::with_capacity(length + 3);
        buffer.resize(length + 3, 0);
        let mut out = Encoder {
            bytes: buffer,
            at: 0,
        };
        let mut at = 0;
        let bounds = self.bounds().map(|p| {
            out.encode(bytes.get(at..p).unwrap_or_default());
            at = p;
            out.at
        });
        out.encode(bytes.get(at..).unwrap_or_default());
        out.bytes.truncate(length);
        // Every byte is ASCII, so this is UTF-8 (the lossy branch is
        // never taken; it keeps this total without a second buffer).
        let out = String::from_utf8(out.bytes)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
        let uri = UriRefBuf::from_bounds(out, bounds);
        debug_assert_eq!(
            UriRef::parse(uri.as_str()).map(|u| u.bounds()).ok(),
            Some(bounds)
        );
        uri
    }
}

/// What each byte becomes, as the bytes of a little-endian word: the
/// byte itself for ASCII, `%HH` otherwise, then (in the last byte) how
/// many of the first three count.
// Evaluated at compile time: an index out of bounds would not compile.
#[allow(clippy::indexing_slicing)]
const ENCODED: [u32; 256] = {
    let mut t = [0u32; 256];
    let mut b = 0;
    while b < 256 {
        let [x, y, z] = pct::triplet(b as u8);
        t[b] = if b < 0x80 {
            b as u32 | 1 << 24
        } else {
            u32::from_le_bytes([x, y, z, 3])
        };
        b += 1;
    }
    t
};

/// A buffer written from the start, with three bytes of slack at its end.
struct Encoder {
    bytes: Vec<u8>,
    at: usize,
}

impl Encoder {
    /// Appends `bytes` with each byte outside ASCII written as `%HH`: a
    /// word stored for each, the position moved by the count it holds,
    /// so the loop has no branch on the byte.
    // A byte indexes a 256-entry table: never out of bounds.
    #[allow(clippy::indexing_slicing)]
    fn encode(&mut self, bytes: &[u8]) {
        let (out, mut at) = (self.bytes.as_mut_slice(), self.at);
        for &b in bytes {
            let word = ENCODED[usize::from(b)];
            if let Some(slot) = out.get_mut(at..).and_then(<[u8]>::first_chunk_mut::<4>) {
                *slot = word.to_le_bytes();
            }
            at += (word >> 24) as usize;
        }
        self.at = at;
    }
}

/// How many bytes of `bytes` are outside ASCII: each byte's high bit,
/// summed in a loop the compiler turns into vector code.
fn non_ascii(bytes: &[u8]) -> usize {
    bytes.iter().map(|&b| usize::from(b >> 7)).sum()
}
