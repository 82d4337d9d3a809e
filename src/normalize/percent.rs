//! Percent-encodings in a normal form (RFC 3986 6.2.2.2): decoded where
//! the grammar allows the character, the others in uppercase hex.

use super::{allowed, Decode};
use crate::syntax::pct::{self, Piece};

/// Appends `component` with its percent-encodings of unreserved characters
/// decoded and the others in uppercase hex.
pub(crate) fn percent(component: &str, decode: Decode, out: &mut String) {
    if !pct::has_escape(component) {
        out.push_str(component);
        return;
    }
    // The text up to each "%" is copied as it is (the normalization fuzz
    // target spent a tenth of its time reading it character by character,
    // callgrind, issue 41); from the "%", one piece.
    let mut rest = component;
    while let Some((plain, from)) = rest.find('%').and_then(|at| rest.split_at_checked(at)) {
        out.push_str(plain);
        let Some((_, piece)) = pct::pieces(from).next() else {
            return;
        };
        write(piece, decode, out);
        rest = from.get(piece.text_len()..).unwrap_or_default();
    }
    out.push_str(rest);
}

/// Appends one piece: decoded if `decode` allows its character, else as
/// triplets in uppercase hex.
fn write(piece: Piece<'_>, decode: Decode, out: &mut String) {
    match piece {
        Piece::Plain(c) => out.push(c),
        Piece::Char { c, .. } if allowed(c, decode) => out.push(c),
        Piece::Char { c, .. } => pct::encode_char(c, out),
        Piece::Octet { byte, .. } => pct::encode_octet(byte, out),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `percent` as it was written before it copied the text between
    /// escapes whole: every piece, one at a time.
    fn piece_by_piece(component: &str, decode: Decode) -> String {
        let mut out = String::new();
        for (_, piece) in pct::pieces(component) {
            write(piece, decode, &mut out);
        }
        out
    }

    #[test]
    fn copying_the_text_between_escapes_writes_what_each_piece_would() {
        let texts = [
            "",
            "plain",
            "%",
            "a%",
            "%4",
            "%41",
            "%7euser%2Fx",
            "r%C3%A9sum%c3%a9/%7bfoo%7D",
            "%E2%80%AEbidi%e2%80%ae",
            "%FF%e9%C3",
            "%F0%9F%98%80%F0%9F%98",
            "é%zz%%41%",
            "a/./b%2e%2E/..%2f?q=%20#%23",
        ];
        for text in texts {
            for decode in [Decode::Unreserved, Decode::IUnreserved, Decode::Nothing] {
                let mut out = String::from("before:");
                percent(text, decode, &mut out);
                let expected = format!("before:{}", piece_by_piece(text, decode));
                assert_eq!(out, expected, "{text:?}");
            }
        }
    }
}
