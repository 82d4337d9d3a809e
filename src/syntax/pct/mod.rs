//! Percent-encoding (RFC 3986 2.1), read and written.
//!
//! [`encode`] makes any text fit one component of one syntax: what the
//! component allows as itself stays, everything else becomes `%HH`
//! triplets of its UTF-8. [`decode`] gives the octets back,
//! [`decode_utf8`] as UTF-8 or a typed error, [`decode_utf8_lossy`] with
//! U+FFFD for what is not UTF-8, and [`decode_form`] as
//! `application/x-www-form-urlencoded` reads a query pair ("+" is a
//! space). Decoding never fails on a "%" that does not start a triplet
//! (`%`, `%z1`, `%é`): it stays as written.
//!
//! ```
//! use xiri::pct::{self, Component};
//! use xiri::Grammar;
//! // An IRI keeps "é" (ucschar); a URI encodes its UTF-8.
//! assert_eq!(pct::encode("r\u{e9}sum\u{e9} 1/2", Component::PathSegment, Grammar::Iri), "r\u{e9}sum\u{e9}%201%2F2");
//! assert_eq!(pct::encode("r\u{e9}sum\u{e9} 1/2", Component::PathSegment, Grammar::Uri), "r%C3%A9sum%C3%A9%201%2F2");
//! assert_eq!(pct::decode_utf8("r%C3%A9sum%C3%A9").unwrap(), "r\u{e9}sum\u{e9}");
//! assert_eq!(pct::decode_utf8_lossy("%FF%e9"), "\u{FFFD}\u{FFFD}");
//! assert_eq!(&*pct::decode("100%"), b"100%");
//! ```
//!
//! Inside the crate, `pieces` splits a text into plain characters and
//! runs of triplets decoded as far as they are UTF-8: normalization and
//! URI → IRI decide, piece by piece, what to decode.

mod decode;
mod encode;

pub use decode::{decode, decode_form, decode_utf8, decode_utf8_lossy, Utf8Error};
pub use encode::{encode, Component};

/// One piece of a text read for decoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Piece<'t> {
    /// A character written as itself.
    Plain(char),
    /// Triplets whose octets are the UTF-8 of one character.
    Char { c: char, triplets: &'t str },
    /// One triplet whose octet is not part of any UTF-8 character there.
    Octet { byte: u8, triplet: &'t str },
}

impl Piece<'_> {
    /// How many bytes of the text it stands for.
    pub(crate) fn text_len(&self) -> usize {
        match self {
            Piece::Plain(c) => c.len_utf8(),
            Piece::Char { triplets, .. } => triplets.len(),
            Piece::Octet { triplet, .. } => triplet.len(),
        }
    }
}

/// The pieces of `text` (valid in one of the grammars, so every "%" starts
/// a triplet), each with its byte offset, in order. Nothing is allocated.
pub(crate) fn pieces(text: &str) -> impl Iterator<Item = (usize, Piece<'_>)> {
    let mut i = 0;
    std::iter::from_fn(move || {
        let rest = text.get(i..).filter(|r| !r.is_empty())?;
        let at = i;
        if !rest.starts_with('%') {
            // Most characters: no triplet to look for.
            let c = rest.chars().next()?;
            i += c.len_utf8();
            return Some((at, Piece::Plain(c)));
        }
        // Up to four triplets in a row: the longest a UTF-8 character is.
        let mut octets = [0u8; 4];
        let mut m = 0;
        for slot in octets.iter_mut() {
            match rest.get(3 * m..3 * m + 3).and_then(octet) {
                Some(byte) => *slot = byte,
                None => break,
            }
            m += 1;
        }
        if m == 0 {
            // Not a triplet (a "%" too near the end, or no "%"): the
            // character as written.
            let c = rest.chars().next()?;
            i += c.len_utf8();
            return Some((at, Piece::Plain(c)));
        }
        let decoded = (1..=m).find_map(|n| {
            let s = std::str::from_utf8(octets.get(..n)?).ok()?;
            s.chars().next().map(|c| (n, c))
        });
        Some(match decoded {
            Some((n, c)) => {
                i += 3 * n;
                let triplets = rest.get(..3 * n).unwrap_or_default();
                (at, Piece::Char { c, triplets })
            }
            None => {
                i += 3;
                let triplet = rest.get(..3).unwrap_or_default();
                (
                    at,
                    Piece::Octet {
                        byte: octets[0],
                        triplet,
                    },
                )
            }
        })
    })
}

/// Whether `text` has a "%" (a percent-encoding, in a valid component).
/// Under sixteen bytes, they are looked at one by one, which costs less
/// than `memchr`'s setup; a longer text is searched with it (both ways
/// fewer instructions than `str::contains`, by cachegrind on the
/// normalization benchmark).
// `<[u8]>::contains` would call `memchr` for the short texts too.
#[allow(clippy::manual_contains)]
#[inline]
pub(crate) fn has_escape(text: &str) -> bool {
    let bytes = text.as_bytes();
    if bytes.len() < 16 {
        bytes.iter().any(|&b| b == b'%')
    } else {
        memchr::memchr(b'%', bytes).is_some()
    }
}

/// The octet a `%HH` triplet stands for, if `t` is one.
pub(crate) fn octet(t: &str) -> Option<u8> {
    let hex = t.strip_prefix('%')?;
    if hex.len() != 2 || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    u8::from_str_radix(hex, 16).ok()
}

/// Appends `c`'s UTF-8 octets as `%HH` triplets with uppercase hex.
pub(crate) fn encode_char(c: char, out: &mut String) {
    for &b in c.encode_utf8(&mut [0; 4]).as_bytes() {
        encode_octet(b, out);
    }
}

/// Appends one octet as a `%HH` triplet with uppercase hex.
pub(crate) fn encode_octet(byte: u8, out: &mut String) {
    for b in triplet(byte) {
        out.push(char::from(b));
    }
}

/// `%HH` for an octet, uppercase hex.
// A nibble indexes a 16-entry table: never out of bounds.
#[allow(clippy::indexing_slicing)]
pub(crate) const fn triplet(byte: u8) -> [u8; 3] {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    [b'%', HEX[(byte >> 4) as usize], HEX[(byte & 15) as usize]]
}
