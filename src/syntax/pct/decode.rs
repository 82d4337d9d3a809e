//! Percent-decoding: to octets, to UTF-8 strictly or lossily, and as a
//! form-urlencoded query pair. One pass over the text each, and a borrow
//! when there is nothing to decode.

use std::borrow::Cow;
use std::fmt;

/// The octet the two bytes after a "%" stand for, if they are hex digits.
fn hex_pair(high: u8, low: u8) -> Option<u8> {
    let digit = |b: u8| char::from(b).to_digit(16);
    let (h, l) = (digit(high)?, digit(low)?);
    u8::try_from(h * 16 + l).ok()
}

/// The octets `text` stands for: each `%HH` triplet (either case of hex)
/// is one octet; everything else, a "%" that starts no triplet included,
/// is its own UTF-8. Borrowed when `text` has no triplet.
///
/// ```
/// use xiri::pct::decode;
/// assert_eq!(&*decode("a%2Fb%ff"), b"a/b\xff");
/// assert_eq!(&*decode("%%41%4"), b"%A%4");
/// assert_eq!(&*decode("%\u{e9}"), "%\u{e9}".as_bytes());
/// ```
pub fn decode(text: &str) -> Cow<'_, [u8]> {
    decode_bytes(text, false)
}

/// [`decode`], and with `plus`, "+" read as a space.
fn decode_bytes(text: &str, plus: bool) -> Cow<'_, [u8]> {
    let bytes = text.as_bytes();
    let first = (0..bytes.len()).find(|&i| changes(bytes, i, plus));
    let Some(first) = first else {
        return Cow::Borrowed(bytes);
    };
    let mut out = Vec::with_capacity(bytes.len());
    out.extend_from_slice(bytes.get(..first).unwrap_or_default());
    let mut i = first;
    while let Some(&b) = bytes.get(i) {
        match (b, bytes.get(i + 1), bytes.get(i + 2)) {
            (b'%', Some(&h), Some(&l)) if hex_pair(h, l).is_some() => {
                out.extend(hex_pair(h, l));
                i += 3;
            }
            (b'+', _, _) if plus => {
                out.push(b' ');
                i += 1;
            }
            _ => {
                out.push(b);
                i += 1;
            }
        }
    }
    Cow::Owned(out)
}

/// Whether decoding changes the byte at `i`: a "%" before two hex
/// digits, or with `plus` a "+".
fn changes(bytes: &[u8], i: usize, plus: bool) -> bool {
    match (bytes.get(i), bytes.get(i + 1), bytes.get(i + 2)) {
        (Some(b'%'), Some(&h), Some(&l)) => hex_pair(h, l).is_some(),
        (Some(b'+'), _, _) => plus,
        _ => false,
    }
}

/// The text `text` stands for, when its octets are UTF-8; otherwise a
/// [`Utf8Error`] saying where in `text` the first octet that is not
/// begins.
///
/// ```
/// use xiri::pct::decode_utf8;
/// assert_eq!(decode_utf8("caf%C3%A9").unwrap(), "caf\u{e9}");
/// let err = decode_utf8("ab%C3%28").unwrap_err();
/// assert_eq!(err.offset(), 2);
/// ```
pub fn decode_utf8(text: &str) -> Result<Cow<'_, str>, Utf8Error> {
    match decode(text) {
        Cow::Borrowed(_) => Ok(Cow::Borrowed(text)),
        Cow::Owned(bytes) => String::from_utf8(bytes)
            .map(Cow::Owned)
            .map_err(|e| Utf8Error {
                offset: encoded_offset(text, e.utf8_error().valid_up_to()),
            }),
    }
}

/// The text `text` stands for, each octet sequence that is not UTF-8
/// replaced by U+FFFD (as [`String::from_utf8_lossy`] does).
///
/// ```
/// use xiri::pct::decode_utf8_lossy;
/// assert_eq!(decode_utf8_lossy("a%FFb%C3%A9"), "a\u{FFFD}b\u{e9}");
/// ```
pub fn decode_utf8_lossy(text: &str) -> Cow<'_, str> {
    lossy(text, decode(text))
}

/// A key or value of a query pair as `application/x-www-form-urlencoded`
/// reads it (the WHATWG URL Standard's form parser): "+" is a space,
/// triplets are decoded, and octets that are not UTF-8 become U+FFFD.
///
/// ```
/// use xiri::pct::decode_form;
/// assert_eq!(decode_form("a+b%2Bc"), "a b+c");
/// ```
pub fn decode_form(text: &str) -> Cow<'_, str> {
    lossy(text, decode_bytes(text, true))
}

fn lossy<'t>(text: &'t str, bytes: Cow<'_, [u8]>) -> Cow<'t, str> {
    match bytes {
        Cow::Borrowed(_) => Cow::Borrowed(text),
        Cow::Owned(bytes) => Cow::Owned(String::from_utf8_lossy(&bytes).into_owned()),
    }
}

/// The offset in `text` of the place where `decoded` octets of its
/// decoding end.
fn encoded_offset(text: &str, decoded: usize) -> usize {
    let bytes = text.as_bytes();
    let (mut i, mut n) = (0, 0);
    while n < decoded {
        i += match (bytes.get(i), bytes.get(i + 1), bytes.get(i + 2)) {
            (Some(b'%'), Some(&h), Some(&l)) if hex_pair(h, l).is_some() => 3,
            (Some(_), _, _) => 1,
            (None, _, _) => break,
        };
        n += 1;
    }
    i
}

/// Percent-encoded octets that are not UTF-8: where in the encoded text
/// the first octet of the first sequence that is not begins.
///
/// ```
/// let err = xiri::pct::decode_utf8("%FF").unwrap_err();
/// assert_eq!(err.offset(), 0);
/// assert_eq!(err.to_string(), "percent-encoded octets at byte 0 are not UTF-8");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Utf8Error {
    offset: usize,
}

impl Utf8Error {
    /// The byte offset in the encoded text.
    ///
    /// ```
    /// assert_eq!(xiri::pct::decode_utf8("a/%C3").unwrap_err().offset(), 2);
    /// ```
    pub fn offset(&self) -> usize {
        self.offset
    }
}

impl fmt::Display for Utf8Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "percent-encoded octets at byte {} are not UTF-8",
            self.offset
        )
    }
}

impl std::error::Error for Utf8Error {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn malformed_escapes_stay_as_written() {
        for text in ["%", "%4", "%zz", "%\u{e9}", "%4\u{e9}", "a%", "%%"] {
            assert_eq!(&*decode(text), text.as_bytes(), "{text:?}");
            assert!(matches!(decode(text), Cow::Borrowed(_)), "{text:?}");
        }
        assert_eq!(&*decode("%%41"), b"%A");
        assert_eq!(&*decode("%41%"), b"A%");
    }

    #[test]
    fn offsets_point_into_the_encoded_text() {
        assert_eq!(decode_utf8("%C3%A9%FF").unwrap_err().offset(), 6);
        assert_eq!(decode_utf8("\u{e9}%FF").unwrap_err().offset(), 2);
        assert_eq!(decode_utf8("ab%E2%82").unwrap_err().offset(), 2);
    }

    #[test]
    fn plus_is_a_space_only_in_forms() {
        assert_eq!(&*decode("a+b"), b"a+b");
        assert_eq!(decode_form("a+b"), "a b");
        assert_eq!(decode_form("%2B+"), "+ ");
    }
}
