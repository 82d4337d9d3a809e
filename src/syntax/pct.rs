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
    let mut i = 0;
    std::iter::from_fn(move || {
        let rest = text.get(i..).filter(|r| !r.is_empty())?;
        let at = i;
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

/// The octet a `%HH` triplet stands for, if `t` is one.
fn octet(t: &str) -> Option<u8> {
    let hex = t.strip_prefix('%')?;
    if hex.len() != 2 || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    u8::from_str_radix(hex, 16).ok()
}

/// Appends `c`'s UTF-8 octets as `%HH` triplets with uppercase hex.
pub(crate) fn encode(c: char, out: &mut String) {
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
pub(crate) fn triplet(byte: u8) -> [u8; 3] {
    let hex = |n: u8| match n {
        0..=9 => b'0' + n,
        _ => b'A' + (n - 10),
    };
    [b'%', hex(byte >> 4), hex(byte & 15)]
}
