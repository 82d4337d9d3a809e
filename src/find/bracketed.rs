//! An identifier inside `<...>` (RFC 3986 Appendix C): `URL:` left out,
//! whitespace ignored, found by the scan (src/find/scan.rs) at its `<`.

use super::bytes::{
    ends_in_brackets, in_brackets, is_scheme, starts_www, ENDS_INSIDE, SPACE, WIDE,
};
use super::scan::Scan;
use super::{Found, MAX_BRACKETED};
use crate::syntax::GenericSyntax;

impl<'a> Scan<'a> {
    /// The identifier inside `<...>` opened at `open` (RFC 3986 Appendix
    /// C): `URL:` left out, whitespace ignored. None when its `>` is not
    /// within [`MAX_BRACKETED`] bytes before the next `<`, or what is
    /// inside is not an absolute identifier (nor, when asked, a `www.`
    /// host); the scan then goes on inside.
    pub(super) fn bracketed<S: GenericSyntax>(&mut self, open: usize) -> Option<Found<'a, S>> {
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
        let automaton = self.automaton?;
        let (joined, marks) = if spaced || www {
            let mut joined = String::with_capacity(rest.len() + 2);
            if www {
                joined.push_str("//");
            }
            if seen & WIDE == 0 {
                // ASCII: the pieces between ASCII whitespace.
                let space = |c: char| u8::try_from(c).is_ok_and(|b| in_brackets(b) == SPACE);
                for piece in rest.split(space) {
                    joined.push_str(piece);
                }
            } else {
                for piece in rest.split(char::is_whitespace) {
                    joined.push_str(piece);
                }
            }
            let marks = self.split_of(automaton, &joined)?;
            (Some(joined), marks)
        } else {
            (None, self.split_of(automaton, rest)?)
        };
        self.at = open + 1 + close + 1;
        Some(Found::new(span, text, joined, marks))
    }
}
