//! Percent-encoding, read and written: text split into plain characters and
//! runs of `%HH` triplets decoded as far as they are UTF-8. Normalization
//! and URI → IRI both decide, piece by piece, what to decode.

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

/// The pieces of `text` (valid in one of the grammars, so every "%" starts
/// a triplet), each with its byte offset, in order. Nothing is allocated.
pub(crate) fn pieces(text: &str) -> impl Iterator<Item = (usize, Piece<'_>)> {
    let bytes = text.as_bytes();
    let mut i = 0;
    std::iter::from_fn(move || {
        if i >= bytes.len() {
            return None;
        }
        let at = i;
        if bytes[i] != b'%' || i + 3 > bytes.len() {
            let c = text[i..].chars().next().expect("a character at a boundary");
            i += c.len_utf8();
            return Some((at, Piece::Plain(c)));
        }
        // Up to four triplets in a row: the longest a UTF-8 character is.
        let mut octets = [0u8; 4];
        let mut m = 0;
        while m < 4 && bytes.get(i + 3 * m) == Some(&b'%') && i + 3 * m + 3 <= bytes.len() {
            let hex = &text[i + 3 * m + 1..i + 3 * m + 3];
            octets[m] = u8::from_str_radix(hex, 16).expect("pct-encoded has two HEXDIG");
            m += 1;
        }
        let decoded = (1..=m)
            .find_map(|n| std::str::from_utf8(&octets[..n]).ok().map(|s| (n, s)))
            .and_then(|(n, s)| s.chars().next().map(|c| (n, c)));
        Some(match decoded {
            Some((n, c)) => {
                i += 3 * n;
                (
                    at,
                    Piece::Char {
                        c,
                        triplets: &text[at..at + 3 * n],
                    },
                )
            }
            None => {
                i += 3;
                (
                    at,
                    Piece::Octet {
                        byte: octets[0],
                        triplet: &text[at..at + 3],
                    },
                )
            }
        })
    })
}

/// Appends `c`'s UTF-8 octets as `%HH` triplets with uppercase hex.
pub(crate) fn encode(c: char, out: &mut String) {
    for &b in c.encode_utf8(&mut [0; 4]).as_bytes() {
        encode_octet(b, out);
    }
}

/// Appends one octet as a `%HH` triplet with uppercase hex.
pub(crate) fn encode_octet(byte: u8, out: &mut String) {
    out.push_str(std::str::from_utf8(&triplet(byte)).expect("ASCII"));
}

/// `%HH` for an octet, uppercase hex.
pub(crate) fn triplet(byte: u8) -> [u8; 3] {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    [
        b'%',
        HEX[usize::from(byte >> 4)],
        HEX[usize::from(byte & 15)],
    ]
}
