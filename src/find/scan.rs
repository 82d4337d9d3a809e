//! The scan: memchr finds each `:`, `<` and (for `www.`) `.`; a scheme
//! (`ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`, not inside a word) is
//! read back from its colon. From the scheme, the run up to the first
//! character that ends identifiers, its trailing punctuation left out, is
//! read by the syntax's reference automaton once, which accepts it and
//! notes where its components are (the [`Found`] keeps those marks);
//! when it does not accept it, one run of the same tables over the whole
//! run gives its longest prefix that is a member, with its marks, which is
//! then trimmed the same way (and read again only if trimming shortened
//! it).
//!
//! Linear: the search reads each byte once, and the runs read back from
//! two colons never overlap; the run to a delimiter is kept, so a later
//! candidate inside it reads it no more; an automaton run stops at the
//! first character no member has there, and what it read past the
//! identifier it found is read again only by the search; trimming looks
//! at a few characters, or counts one pair of brackets in the span; a `<`
//! looks for its `>` no further than the next `<`.

use super::bytes::{
    class, ends_in_brackets, in_brackets, is_scheme, is_scheme_byte, may_end, scheme_kind,
    starts_www, ENDS, ENDS_INSIDE, GOES_ON, GOES_ON_MASKS, SCHEME_LETTER, SCHEME_OTHER, SPACE,
    WIDE,
};
use super::delimit::ends;
use super::{Found, Options, MAX_BRACKETED};
use crate::engine::Automaton;
use crate::syntax::grammar::Grammar;
use crate::syntax::GenericSyntax;
use std::ops::Range;
use xiri_engine::marks::Marks;

/// How many bytes the run to a delimiter reads one at a time after its
/// vectors stop ([`Scan::extent_end`]) before it tries them again.
const SCALAR: usize = 16;

#[derive(Clone)]
pub(crate) struct Scan<'a> {
    pub(super) text: &'a str,
    at: usize,
    options: Options,
    /// The syntax's reference rule (with zone identifiers when it has
    /// them), which records where the components are: an identifier read
    /// back from its scheme is a member of it exactly when it is one of
    /// the absolute rule (its first segment has the scheme's colon, which
    /// no relative reference's has).
    automaton: Option<&'static Automaton>,
    /// The syntax whose reference rule's first stage decides most
    /// identifiers before the automaton's walk (none with zone
    /// identifiers, which the stage does not read).
    stage: Option<Grammar>,
    /// The last run without a character that ends identifiers.
    extent: Range<usize>,
    /// How many bytes were looked at, for the test that the work is
    /// linear (counted in tests only).
    #[cfg(test)]
    pub(crate) steps: usize,
}

/// Where the scan is, not the text (which may carry a password) nor the
/// automaton (tables, not state).
impl std::fmt::Debug for Scan<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Scan")
            .field("at", &self.at)
            .field("len", &self.text.len())
            .field("options", &self.options)
            .finish_non_exhaustive()
    }
}

impl<'a> Scan<'a> {
    pub(super) fn new(text: &'a str, options: Options, grammar: Grammar, zone_id: bool) -> Self {
        Self {
            text,
            at: 0,
            options,
            automaton: crate::syntax::reference::automaton(grammar, zone_id),
            stage: (!zone_id).then_some(grammar),
            extent: 0..0,
            #[cfg(test)]
            steps: 0,
        }
    }

    /// The same scan with the first stage left out, so that the
    /// automaton's walk decides every identifier, and with it the trim's
    /// shortcut ([`punctuation_trim`](Scan::punctuation_trim)), so that
    /// `quick_trim` trims every one (the tests hold the two to each
    /// other).
    #[cfg(any(test, feature = "internals"))]
    pub(super) fn without_stage(self) -> Self {
        Self {
            stage: None,
            ..self
        }
    }

    /// Counts `n` bytes looked at ([`steps`](Scan::steps), in tests).
    #[inline(always)]
    pub(super) fn count(&mut self, n: usize) {
        #[cfg(test)]
        {
            self.steps += n;
        }
        let _ = n;
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
                self.count(rest.len());
                break;
            };
            self.count(k + 1);
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
        // One pass back: each letter that does not follow a letter or
        // digit is a start, and the last one seen is the first in the run.
        let mut start = None;
        let mut run = colon;
        let mut after = 0;
        while run > floor {
            let Some(&b) = bytes.get(run - 1) else { break };
            let kind = scheme_kind(b);
            if kind == 0 {
                break;
            }
            if after == SCHEME_LETTER && kind == SCHEME_OTHER {
                start = Some(run);
            }
            after = kind;
            run -= 1;
        }
        self.count(colon - run);
        // The run's first byte: the byte before it is not a letter or a
        // digit, or it is before `floor`.
        if after == SCHEME_LETTER {
            let before = run.checked_sub(1).and_then(|b| bytes.get(b));
            if !before.is_some_and(u8::is_ascii_alphanumeric) {
                start = Some(run);
            }
        }
        start
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
        let automaton = self.automaton?;
        // Most often the run up to the first delimiter, its few trailing
        // marks left out, is a member: one pass of the automaton.
        let extent = self.extent_end(start);
        let quick = if self.stays(colon + 1, extent) {
            Some(extent)
        } else {
            // The shortcut only with the stage: the scan without it (the
            // tests' reference) always trims the careful way.
            self.stage
                .and_then(|_| self.punctuation_trim(colon + 1, extent))
                .or_else(|| self.quick_trim(start, colon + 1, extent))
        };
        if let Some(end) = quick {
            let text = self.text.get(start..end)?;
            // A refusal stops where the run below stops, whose steps are
            // counted there; an acceptance is counted here.
            if let Some(marks) = self.split_of(automaton, text) {
                self.count(text.len());
                self.at = end;
                return Some(Found::new(start..end, text, None, marks));
            }
        }
        let rest = self.text.get(start..extent)?;
        let longest = automaton.longest_from(automaton.start, rest)?;
        self.count(longest.read);
        let longest_end = start + longest.end?;
        let end = self.trim(start, colon + 1, longest_end);
        if end <= colon + 1 {
            return None;
        }
        let text = self.text.get(start..end)?;
        self.count(text.len());
        // Trimmed, the prefix is read again (it may not be a member).
        let marks = if end == longest_end {
            longest.marks
        } else {
            self.split_of(automaton, text)?
        };
        self.at = end;
        Some(Found::new(start..end, text, None, marks))
    }

    /// The marks of `text`'s split if the reference rule accepts it: the
    /// first stage decides first, the automaton's walk the rest. The
    /// stage is asked within its bounds of length only, not after
    /// `stage::takes`' look for an IP literal's `[` (which the stage
    /// finds itself): such identifiers are rare in text, and the look
    /// cost every other one about 16 instructions.
    #[inline]
    fn split_of(&self, automaton: &Automaton, text: &str) -> Option<Marks> {
        use xiri_engine::stage::{Path, LONGEST, SHORTEST};
        if let Some(grammar) = self.stage
            && (SHORTEST..=LONGEST).contains(&text.len())
            && let Some(marks) = crate::syntax::builtin::staged_with(grammar, text, Path::Detect)
        {
            return Some(marks);
        }
        automaton.split_of(text)
    }

    /// The host starting `www.` at `start`, read as `//` and the text.
    fn www<S: GenericSyntax>(&mut self, start: usize) -> Option<Found<'a, S>> {
        // No host after `www.`: refused before any run (`www./www./...`
        // would have each run read the rest of the text).
        let first = self.text.get(start + 4..)?.chars().next()?;
        if ends(first) || matches!(first, '.' | '/' | '?' | '#' | ':') {
            return None;
        }
        let automaton = self.automaton?;
        let extent = self.extent_end(start);
        let rest = self.text.get(start..extent)?;
        // The longest prefix that is a member after `//`.
        let slashes = automaton.next_char(automaton.start, b"/");
        let slashes = automaton.next_char(slashes, b"/");
        let longest = automaton.longest_from(slashes, rest)?;
        self.count(longest.read);
        let end = self.trim(start, start + 4, start + longest.end?);
        let text = self.text.get(start..end)?;
        let host = self.text.get(start + 4..end)?;
        if host.is_empty() || host.starts_with(['.', '/', '?', '#', ':']) {
            return None;
        }
        self.count(text.len());
        let joined = format!("//{text}");
        let marks = self.split_of(automaton, &joined)?;
        self.at = end;
        Some(Found::new(start..end, text, Some(joined), marks))
    }

    /// The first character from `start` that ends identifiers ([`ends`]),
    /// or the text's end. The run last found is kept: a later candidate
    /// starting inside it ends where it does, so no byte is read twice.
    pub(super) fn extent_end(&mut self, start: usize) -> usize {
        if self.extent.contains(&start) {
            return self.extent.end;
        }
        let bytes = self.text.as_bytes();
        let mut i = start;
        loop {
            // The bytes that go on: sixteen at a time where the processor
            // can, then one at a time for at most `SCALAR` bytes (or to
            // the end, when fewer are left than the vectors read): in
            // Chinese or Japanese text a lead byte that may end an
            // identifier comes every few bytes, and each would stop the
            // vectors again.
            let from = i;
            i = xiri_engine::plain_run(bytes, i, &GOES_ON_MASKS);
            let limit = if bytes.len() - i < 2 * SCALAR {
                bytes.len()
            } else {
                i + SCALAR
            };
            let stopped = 'scalar: {
                while i < limit {
                    let Some(&b) = bytes.get(i) else {
                        break 'scalar true;
                    };
                    match class(b) {
                        GOES_ON => i += 1,
                        ENDS => break 'scalar true,
                        // A lead byte of class LOOK: most of its characters
                        // go on, as its second byte tells.
                        _ if bytes.get(i + 1).is_some_and(|&second| !may_end(b, second)) => {
                            i += xiri_engine::utf8_width(b).max(1);
                        }
                        _ => match self.text.get(i..).and_then(|t| t.chars().next()) {
                            Some(c) if !ends(c) => i += c.len_utf8(),
                            _ => break 'scalar true,
                        },
                    }
                }
                i >= bytes.len()
            };
            self.count(i - from + 1);
            if stopped {
                break;
            }
        }
        self.extent = start..i;
        i
    }

    /// The identifier inside `<...>` opened at `open` (RFC 3986 Appendix
    /// C): `URL:` left out, whitespace ignored. None when its `>` is not
    /// within [`MAX_BRACKETED`] bytes before the next `<`, or what is
    /// inside is not an absolute identifier (nor, when asked, a `www.`
    /// host); the scan then goes on inside.
    fn bracketed<S: GenericSyntax>(&mut self, open: usize) -> Option<Found<'a, S>> {
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
