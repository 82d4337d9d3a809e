//! An identifier inside `<...>` (RFC 3986 Appendix C): `URL:` left out,
//! whitespace ignored, found by the scan (src/find/scan.rs) at its `<`.

use super::bytes::{
    ends_in_brackets, in_brackets, is_scheme, starts_www, ENDS_INSIDE, SPACE, WIDE,
};
use super::scan::Scan;
use super::{Found, MAX_BRACKETED};
use crate::syntax::GenericSyntax;
use std::ops::Range;

/// What is inside `<...>`: the identifier's span and text, the
/// reference's text when it differs (joined, or `//` and a `www.` host),
/// and where the scan goes on after the `>`.
type Inside<'a> = (Range<usize>, &'a str, Option<String>, usize);

impl<'a> Scan<'a> {
    /// The identifier inside `<...>` opened at `open` (RFC 3986 Appendix
    /// C), written to `out` (`true`), its marks in place
    /// ([`place`](Scan::place)). `false` when its `>` is not within
    /// [`MAX_BRACKETED`] bytes before the next `<`, or what is inside is
    /// not an absolute identifier (nor, when asked, a `www.` host); the
    /// scan then goes on inside.
    pub(super) fn bracketed<S: GenericSyntax>(
        &mut self,
        open: usize,
        out: &mut Option<Found<'a, S>>,
    ) -> bool {
        let (Some((span, text, joined, after)), Some(automaton)) =
            (self.inside(open), self.automaton)
        else {
            return false;
        };
        if self.place(automaton, out, span, text, joined) {
            self.at = after;
            return true;
        }
        false
    }

    /// What is inside `<...>` opened at `open`: `URL:` left out, the
    /// whitespace inside noted, if it can be an identifier.
    fn inside(&mut self, open: usize) -> Option<Inside<'a>> {
        let inside = self.text.get(open + 1..)?;
        // In bytes: a character across the window's end does not widen it
        // to the whole text.
        let bytes = inside.as_bytes();
        let window = bytes.get(..MAX_BRACKETED.min(bytes.len())).unwrap_or(bytes);
        let close = memchr::memchr2(b'<', b'>', window)?;
        self.count(close);
        if window.get(close) != Some(&b'>') {
            return None;
        }
        let body = inside.get(..close)?;
        let trimmed = body.trim_start();
        let mut from = open + 1 + body.len() - trimmed.len();
        let mut rest = trimmed.trim_end();
        if rest
            .get(..4)
            .is_some_and(|p| p.eq_ignore_ascii_case("URL:"))
        {
            let after = rest.get(4..)?;
            from += 4 + after.len() - after.trim_start().len();
            rest = after.trim_start();
        }
        let span = from..from + rest.len();
        let www = self.options.www() && starts_www(rest, 0);
        let scheme = if www {
            ""
        } else {
            rest.get(..memchr::memchr(b':', rest.as_bytes())?)?
        };
        let has_scheme = !www && is_scheme(scheme);
        if !(www || has_scheme) {
            return None;
        }
        // One pass: whitespace (ignored), what no identifier has, and
        // whether any character is not ASCII.
        let seen = rest.bytes().fold(0, |seen, b| seen | in_brackets(b));
        if seen & ENDS_INSIDE != 0 {
            return None;
        }
        let mut spaced = seen & SPACE != 0;
        if seen & WIDE != 0 {
            for c in rest.chars().filter(|c| !c.is_ascii()) {
                if ends_in_brackets(c) {
                    return None;
                }
                spaced |= c.is_whitespace();
            }
        }
        // Whitespace right after the scheme's colon (`<note: the>`) is
        // text, not a wrapped identifier.
        if spaced
            && has_scheme
            && rest
                .get(scheme.len() + 1..)
                .is_some_and(|t| t.starts_with(char::is_whitespace))
        {
            return None;
        }
        let text = self.text.get(span.clone())?;
        self.count(rest.len());
        let joined = if spaced || www {
            let mut joined = String::with_capacity(rest.len() + 2);
            if www {
                joined.push_str("//");
            }
            if seen & WIDE == 0 {
                // ASCII: the pieces between runs of ASCII whitespace, each
                // pushed once, found with no character decoded (the split
                // by a character's predicate was a third of this
                // function's time), eight bytes at a time where none of
                // them can be whitespace ([`below_space`]), else a byte
                // at a time.
                let bytes = rest.as_bytes();
                let (mut from, mut i) = (0, 0);
                while let Some(&b) = bytes.get(i) {
                    if let Some(word) = bytes.get(i..).and_then(|r| r.first_chunk::<8>())
                        && !below_space(u64::from_le_bytes(*word))
                    {
                        i += 8;
                        continue;
                    }
                    if in_brackets(b) == SPACE {
                        if i > from {
                            joined.push_str(rest.get(from..i)?);
                        }
                        from = i + 1;
                    }
                    i += 1;
                }
                joined.push_str(rest.get(from..)?);
            } else {
                for piece in rest.split(char::is_whitespace) {
                    joined.push_str(piece);
                }
            }
            Some(joined)
        } else {
            None
        };
        Some((span, text, joined, open + 1 + close + 1))
    }
}

/// Whether any of the eight ASCII bytes of `word` is below 0x21, as every
/// ASCII whitespace byte is: with no byte below 0x21 no subtraction
/// borrows and no top bit is set; the lowest byte below it sets its own
/// (`!word` keeps it: an ASCII byte's top bit is clear). Exact as a yes
/// or no on ASCII bytes, which is where it is asked.
#[inline]
fn below_space(word: u64) -> bool {
    const ONES: u64 = u64::from_le_bytes([0x01; 8]);
    word.wrapping_sub(ONES * 0x21) & !word & (ONES * 0x80) != 0
}

#[cfg(test)]
mod tests {
    use super::super::bytes::{in_brackets, SPACE};
    use super::super::scan::Scan;
    use super::super::Options;
    use super::below_space;
    use crate::syntax::grammar::Grammar;

    /// `below_space` on every ASCII byte at every place of a word, among
    /// bytes just above and far above 0x20.
    #[test]
    fn a_word_is_below_space_when_one_of_its_bytes_is() {
        for fill in [0x21u8, 0x22, b'a', 0x7F] {
            for place in 0..8 {
                for b in 0..0x80u8 {
                    let mut word = [fill; 8];
                    if let Some(w) = word.get_mut(place) {
                        *w = b;
                    }
                    let got = below_space(u64::from_le_bytes(word));
                    assert_eq!(got, b < 0x21, "{word:?}");
                }
            }
        }
    }

    /// An identifier wrapped across whitespace inside `<...>` is joined
    /// to the text without it: with each ASCII whitespace byte, one or
    /// two of them, at every place of identifiers around a word's eight
    /// bytes and across several.
    #[test]
    fn a_wrapped_identifier_is_joined_without_its_whitespace() {
        let spaces: Vec<u8> = (0..0x80u8).filter(|&b| in_brackets(b) == SPACE).collect();
        assert_eq!(spaces, b"\t\n\x0b\x0c\r ");
        let mut checked = 0;
        let long = "http://ab.example/cdefghijklmnopqrstuvwxyz0123456789".repeat(2);
        for len in [9usize, 15, 16, 17, 24, 40, 63, 64, 65, 80] {
            let body: String = long.chars().take(len).collect();
            for &space in &spaces {
                for place in 8..body.len() {
                    for run in 1..=2 {
                        let mut text = body.clone();
                        let space = char::from(space).to_string().repeat(run);
                        text.insert_str(place, &space);
                        let wrapped = format!("see <{text}> here");
                        let mut scan = Scan::new(&wrapped, Options::default(), Grammar::Iri, false);
                        let (_, _, joined, _) = scan.inside(4).expect("an identifier");
                        let expected: String = text.split(char::is_whitespace).collect();
                        assert_eq!(joined.as_deref(), Some(&*expected), "{wrapped:?}");
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 3_000, "{checked}");
    }
}
