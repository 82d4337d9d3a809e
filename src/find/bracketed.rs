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
    /// ([`place`](Scan::place)). None when its `>` is not within
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
                // ASCII: the pieces between runs of ASCII whitespace, found
                // a byte at a time (no character decoded: the split by a
                // character's predicate was a third of this function's
                // time), each pushed once.
                let mut from = 0;
                for (i, &b) in rest.as_bytes().iter().enumerate() {
                    if in_brackets(b) == SPACE {
                        if i > from {
                            joined.push_str(rest.get(from..i)?);
                        }
                        from = i + 1;
                    }
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
