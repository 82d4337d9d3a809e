//! The scan: memchr finds each `:`, `<` and (for `www.`) `.`; a scheme
//! (`ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`, not inside a word) is
//! read back from its colon. From the scheme, the run up to the first
//! character that ends identifiers, its trailing punctuation left out, is
//! parsed in the syntax once; when that fails, the grammar's automaton
//! runs one character at a time to the longest prefix that is a member,
//! which is then trimmed the same way and parsed.
//!
//! Linear: the search reads each byte once, and the runs read back from
//! two colons never overlap; the run to a delimiter is kept, so a later
//! candidate inside it reads it no more; a parse or an automaton run stops
//! at the first character no member has there, and what it read past the
//! identifier it found is read again only by the search; trimming looks
//! at a few characters, or counts one pair of brackets in the span; a `<`
//! looks for its `>` no further than the next `<`.

use super::delimit::{bracket, ends, trailing, PAIRS};
use super::{Found, Held, Options, MAX_BRACKETED};
use crate::engine::Automaton;
use crate::syntax::grammar::Grammar;
use crate::syntax::reference::{Reference, ReferenceBuf};
use crate::syntax::GenericSyntax;
use std::ops::Range;

/// How many characters the quick trim looks at before it leaves the
/// span to the careful one.
const QUICK: usize = 8;

/// How long a span the quick trim counts brackets in.
const QUICK_SPAN: usize = 256;

#[derive(Clone, Debug)]
pub(crate) struct Scan<'a> {
    text: &'a str,
    at: usize,
    options: Options,
    /// The absolute rule's automaton and the reference rule's (for
    /// `//www.`).
    absolute: Option<&'static Automaton>,
    reference: Option<&'static Automaton>,
    /// The last run without a character that ends identifiers.
    extent: Range<usize>,
    /// How many bytes were looked at, for the test that the work is
    /// linear.
    pub(crate) steps: usize,
}

impl<'a> Scan<'a> {
    pub(super) fn new(text: &'a str, options: Options, grammar: Grammar) -> Self {
        Self {
            text,
            at: 0,
            options,
            absolute: grammar.absolute().automaton(),
            reference: grammar.reference().automaton(),
            extent: 0..0,
            steps: 0,
        }
    }

    /// The next candidate after `at`, and `at` moved past it: the text is
    /// searched for `:`, `<` (and `.` for `www.`) with memchr, and a
    /// scheme is read back from its colon.
    #[inline]
    pub(super) fn next_hit<S: GenericSyntax>(&mut self) -> Option<Found<'a, S>> {
        let bytes = self.text.as_bytes();
        let floor = self.at;
        let mut i = self.at;
        while let Some(rest) = bytes.get(i..) {
            let next = if self.options.www() {
                memchr::memchr3(b':', b'<', b'.', rest)
            } else {
                memchr::memchr2(b':', b'<', rest)
            };
            let Some(k) = next else {
                self.steps += rest.len();
                break;
            };
            self.steps += k + 1;
            let t = i + k;
            let hit = match bytes.get(t) {
                Some(b'<') => self.bracketed::<S>(t),
                // `note: the`: nothing after the colon continues it.
                Some(b':') if bytes.get(t + 1).is_none_or(|&b| class(b) == ENDS) => None,
                Some(b':') => match self.scheme_start(floor, t) {
                    Some(start) => self.absolute::<S>(start, t),
                    None => None,
                },
                _ => match self.www_start(floor, t) {
                    Some(start) => self.www::<S>(start),
                    None => None,
                },
            };
            if hit.is_some() {
                return hit;
            }
            i = t + 1;
        }
        self.at = self.text.len();
        None
    }

    /// Where the scheme ending at the colon at `colon` starts: in the run
    /// of scheme characters (`ALPHA / DIGIT / "+" / "-" / "."`) before it,
    /// not before `floor`, the first ASCII letter that does not follow an
    /// ASCII letter or digit (so not inside a word: `3http:` has none,
    /// `-http:` has `http`). A letter of another script may come before
    /// it: Chinese and Japanese put no space there. The runs read back
    /// from two colons never overlap: a colon is not in a run.
    fn scheme_start(&mut self, floor: usize, colon: usize) -> Option<usize> {
        let bytes = self.text.as_bytes();
        let mut run = colon;
        while run > floor && bytes.get(run - 1).copied().is_some_and(is_scheme_byte) {
            run -= 1;
        }
        self.steps += 2 * (colon - run);
        (run..colon).find(|&p| {
            bytes.get(p).is_some_and(u8::is_ascii_alphabetic)
                && (p == 0 || !bytes.get(p - 1).is_some_and(u8::is_ascii_alphanumeric))
        })
    }

    /// Where `www.` starts when the `.` at `dot` ends it, not before
    /// `floor` and not after a scheme character or `@` (`awww.`, `a.www.`,
    /// `me@www.` are not hosts starting `www.`).
    fn www_start(&self, floor: usize, dot: usize) -> Option<usize> {
        let start = dot.checked_sub(3).filter(|&s| s >= floor)?;
        let before = start
            .checked_sub(1)
            .and_then(|b| self.text.as_bytes().get(b).copied());
        (starts_www(self.text, start) && !before.is_some_and(|b| is_scheme_byte(b) || b == b'@'))
            .then_some(start)
    }

    /// The identifier whose scheme starts at `start` and ends at the
    /// colon at `colon`.
    #[inline]
    fn absolute<S: GenericSyntax>(&mut self, start: usize, colon: usize) -> Option<Found<'a, S>> {
        // Most often the run up to the first delimiter, its few trailing
        // marks left out, parses: one pass of the automaton.
        let extent = self.extent_end(start);
        if let Some(end) = self.quick_trim(start, colon + 1, extent) {
            let text = self.text.get(start..end)?;
            // A refusal stops where the run below stops, whose steps are
            // counted there; an acceptance is counted here.
            if let Some(reference) = Reference::try_parse(text) {
                self.steps += text.len();
                self.at = end;
                return Some(Found {
                    span: start..end,
                    text,
                    held: Held::Borrowed(reference),
                });
            }
        }
        let end = self.longest(self.absolute, "", start)?;
        let end = self.trim(start, colon + 1, end);
        if end <= colon + 1 {
            return None;
        }
        let text = self.text.get(start..end)?;
        self.steps += text.len();
        let reference = Reference::try_parse(text)?;
        self.at = end;
        Some(Found {
            span: start..end,
            text,
            held: Held::Borrowed(reference),
        })
    }

    /// The host starting `www.` at `start`, read as `//` and the text.
    fn www<S: GenericSyntax>(&mut self, start: usize) -> Option<Found<'a, S>> {
        // No host after `www.`: refused before any run (`www./www./...`
        // would have each run read the rest of the text).
        let first = self.text.get(start + 4..)?.chars().next()?;
        if ends(first) || matches!(first, '.' | '/' | '?' | '#' | ':') {
            return None;
        }
        let end = self.longest(self.reference, "//", start)?;
        let end = self.trim(start, start + 4, end);
        let text = self.text.get(start..end)?;
        let host = self.text.get(start + 4..end)?;
        if host.is_empty() || host.starts_with(['.', '/', '?', '#', ':']) {
            return None;
        }
        self.steps += text.len();
        let reference = ReferenceBuf::parse(format!("//{text}")).ok()?;
        self.at = end;
        Some(Found {
            span: start..end,
            text,
            held: Held::Owned(reference),
        })
    }

    /// The end of the longest prefix from `start` that, after `before`,
    /// is a member of the automaton's rule and has no character that ends
    /// identifiers ([`ends`]); without an automaton, the end of the run
    /// of such characters (the parse decides). When the whole run is a
    /// member (most often), one pass of the automaton says so; otherwise
    /// it runs again a character at a time, to where it stopped.
    fn longest(
        &mut self,
        automaton: Option<&Automaton>,
        before: &str,
        start: usize,
    ) -> Option<usize> {
        let end = self.extent_end(start);
        let rest = self.text.get(start..end)?;
        let Some(automaton) = automaton else {
            return Some(end);
        };
        if before.is_empty() && automaton.matches(rest) {
            self.steps += rest.len();
            return Some(end);
        }
        let mut state = automaton.stepper()?;
        for b in before.bytes() {
            state = automaton.step_char(state, &[b]);
        }
        let mut last = automaton.is_member(state).then_some(start);
        let mut buf = [0u8; 4];
        for (k, c) in rest.char_indices() {
            self.steps += 2;
            state = automaton.step_char(state, c.encode_utf8(&mut buf).as_bytes());
            if state == 0 {
                break;
            }
            if automaton.is_member(state) {
                last = Some(start + k + c.len_utf8());
            }
        }
        last
    }

    /// The first character from `start` that ends identifiers ([`ends`]),
    /// or the text's end. The run last found is kept: a later candidate
    /// starting inside it ends where it does, so no byte is read twice.
    fn extent_end(&mut self, start: usize) -> usize {
        if self.extent.contains(&start) {
            return self.extent.end;
        }
        let bytes = self.text.as_bytes();
        let mut i = start;
        loop {
            // The bytes that go on, in one tight loop.
            let rest = bytes.get(i..).unwrap_or_default();
            let run = rest
                .iter()
                .position(|&b| class(b) != GOES_ON)
                .unwrap_or(rest.len());
            self.steps += run + 1;
            i += run;
            let Some(&b) = bytes.get(i) else { break };
            if class(b) == ENDS {
                break;
            }
            match self.text.get(i..).and_then(|t| t.chars().next()) {
                Some(c) if !ends(c) => i += c.len_utf8(),
                _ => break,
            }
        }
        self.extent = start..i;
        i
    }

    /// [`trim`](Scan::trim) when at most [`QUICK`] characters go, and a
    /// closing bracket ends the span only if it is at most [`QUICK_SPAN`]
    /// bytes long (`None` otherwise): its work is bounded by a constant,
    /// whatever the span.
    fn quick_trim(&mut self, start: usize, floor: usize, mut end: usize) -> Option<usize> {
        let mut quote = self.text.get(..start).is_some_and(|t| t.ends_with('\''));
        let mut balance: [Option<isize>; PAIRS.len()] = [None; PAIRS.len()];
        for _ in 0..QUICK {
            let c = self.text.get(..end)?.chars().next_back()?;
            if end <= floor {
                return None;
            }
            if let Some((k, false)) = bracket(c) {
                if end - start > QUICK_SPAN {
                    return None;
                }
                let n = balance.get_mut(k)?;
                let n = n.get_or_insert_with(|| self.balance(start, end, k));
                if *n < 0 {
                    *n += 1;
                    end -= c.len_utf8();
                    continue;
                }
                return Some(end);
            }
            if trailing(c) || (c == '\'' && std::mem::take(&mut quote)) {
                end -= c.len_utf8();
            } else {
                return Some(end);
            }
        }
        None
    }

    /// `end` moved back past trailing punctuation and closing brackets the
    /// span `start..end` does not open, but not before `floor`.
    fn trim(&mut self, start: usize, floor: usize, mut end: usize) -> usize {
        // For each pair, its openings less its closings in the span,
        // counted when one of its closings ends the span.
        let mut balance: [Option<isize>; PAIRS.len()] = [None; PAIRS.len()];
        let mut quote = self.text.get(..start).is_some_and(|t| t.ends_with('\''));
        while end > floor {
            let Some(c) = self.text.get(..end).and_then(|t| t.chars().next_back()) else {
                break;
            };
            self.steps += 1;
            let unbalanced = match bracket(c) {
                Some((k, false)) => match balance.get_mut(k) {
                    Some(n) => {
                        let n = n.get_or_insert_with(|| self.balance(start, end, k));
                        (*n < 0).then(|| *n += 1)
                    }
                    None => None,
                },
                _ => None,
            };
            // A `'` before the identifier wraps it: the one that ends it
            // closes the pair.
            let quoted = c == '\'' && std::mem::take(&mut quote);
            if trailing(c) || unbalanced.is_some() || quoted {
                end -= c.len_utf8();
            } else {
                break;
            }
        }
        end
    }

    /// The openings less the closings of the pair `PAIRS[k]` in
    /// `start..end`.
    fn balance(&mut self, start: usize, end: usize, k: usize) -> isize {
        let span = self.text.get(start..end).unwrap_or_default();
        self.steps += span.len();
        let Some(&(open, close)) = PAIRS.get(k) else {
            return 0;
        };
        let count = |c: char| -> isize {
            if c.is_ascii() {
                span.bytes().filter(|&b| char::from(b) == c).count() as isize
            } else {
                span.matches(c).count() as isize
            }
        };
        count(open) - count(close)
    }

    /// The identifier inside `<...>` opened at `open` (RFC 3986 Appendix
    /// C): `URL:` left out, whitespace ignored. None when its `>` is not
    /// within [`MAX_BRACKETED`] bytes before the next `<`, or what is
    /// inside is not an absolute identifier (nor, when asked, a `www.`
    /// host); the scan then goes on inside.
    fn bracketed<S: GenericSyntax>(&mut self, open: usize) -> Option<Found<'a, S>> {
        let inside = self.text.get(open + 1..)?;
        let window = inside
            .get(..MAX_BRACKETED.min(inside.len()))
            .map_or(inside.as_bytes(), str::as_bytes);
        let close = memchr::memchr2(b'<', b'>', window)?;
        self.steps += close;
        if window.get(close) != Some(&b'>') {
            return None;
        }
        let body = inside.get(..close)?;
        let lead = body.len() - body.trim_start().len();
        let mut from = open + 1 + lead;
        let mut rest = body.trim();
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
        let scheme = if www { "" } else { rest.split_once(':')?.0 };
        let has_scheme = !www && is_scheme(scheme);
        if !(www || has_scheme) {
            return None;
        }
        // One pass: whitespace (ignored) and what no identifier has.
        let mut spaced = false;
        for b in rest.bytes() {
            match b {
                b' ' | b'\t' | b'\n' | b'\r' | 0x0B | 0x0C => spaced = true,
                _ if b.is_ascii() && ends_in_brackets(char::from(b)) => return None,
                _ => {}
            }
        }
        if !rest.is_ascii() {
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
        self.steps += rest.len();
        let held = if spaced || www {
            let mut joined = String::with_capacity(rest.len() + 2);
            if www {
                joined.push_str("//");
            }
            joined.extend(rest.chars().filter(|c| !c.is_whitespace()));
            Held::Owned(ReferenceBuf::parse(joined).ok()?)
        } else {
            Held::Borrowed(Reference::try_parse(rest)?)
        };
        self.at = open + 1 + close + 1;
        Some(Found { span, text, held })
    }
}

/// Whether `b` may be in a scheme: `ALPHA / DIGIT / "+" / "-" / "."`.
fn is_scheme_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.')
}

/// What a byte says of [`ends`]: an ASCII byte that goes on or ends, a
/// continuation byte or the lead byte of a character that never ends
/// (goes on), or the lead byte of one that may (C2: U+0080-00BF, E1:
/// U+1680, E2: U+2000-202F, U+205F, E3: U+3000-3011, EF: U+FF01-FF64).
const GOES_ON: u8 = 0;
const ENDS: u8 = 1;
const LOOK: u8 = 2;
fn class(b: u8) -> u8 {
    match b {
        0..=b' ' | 0x7F | b'<' | b'>' | b'"' | b'{' | b'}' | b'|' | b'\\' | b'^' | b'`' => ENDS,
        0xC2 | 0xE1 | 0xE2 | 0xE3 | 0xEF => LOOK,
        _ => GOES_ON,
    }
}

/// Whether `text` has `www.` at `at`, any case.
fn starts_www(text: &str, at: usize) -> bool {
    text.get(at..at + 4)
        .is_some_and(|w| w.eq_ignore_ascii_case("www."))
}

/// Whether `s` is a scheme: `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`.
fn is_scheme(s: &str) -> bool {
    let mut bytes = s.bytes();
    bytes.next().is_some_and(|b| b.is_ascii_alphabetic())
        && bytes.all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
}

/// Whether `c` ends an identifier inside `<...>`: what ends one anywhere
/// but whitespace (ignored there) and the punctuation of unspaced scripts
/// (the brackets delimit).
fn ends_in_brackets(c: char) -> bool {
    matches!(c, '<' | '>' | '"' | '{' | '}' | '|' | '\\' | '^' | '`')
        || (c.is_control() && !c.is_whitespace())
}
