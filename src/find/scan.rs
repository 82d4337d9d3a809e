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
//! The run to a delimiter reads the text's blocks of 64 bytes, each
//! classified at once (`xiri_engine::classify`) into the candidates, the
//! bytes where a run may stop and the scheme bytes; the block it ends in
//! is kept, and the next candidates and the scheme before a colon in it
//! are read off its masks rather than by memchr and a byte at a time
//! (where identifiers are dense, as in unspaced scripts, most are; in
//! text with few, memchr skips faster than blocks are classified).
//!
//! Linear: memchr reads each byte once; a block is classified again only
//! when a run comes back to it after another run went past it, once for
//! each identifier that ends or is refused there; the runs read back from
//! two colons never overlap; the run to a delimiter is kept, so a later
//! candidate inside it reads it no more; an automaton run stops at the
//! first character no member has there, and what it read past the
//! identifier it found is read again only by the search; trimming looks
//! at a few characters, or counts one pair of brackets in the span; a
//! `<` looks for its `>` no further than the next `<` (src/find/bracketed.rs).

use super::bytes::{block_sets, class, may_end, ENDS};
use super::delimit::ends;
use super::{Found, Options};
use crate::engine::Automaton;
use crate::syntax::grammar::Grammar;
use crate::syntax::GenericSyntax;
use std::ops::Range;
use xiri_engine::marks::Marks;
use xiri_engine::stage::{Path, Way};
use xiri_engine::BLOCK;

mod scheme;

/// Where the block last classified starts before any is: no offset
/// `i` of a text (at most `isize::MAX` bytes) has `i - NO_BLOCK`, wrapping,
/// below [`BLOCK`].
const NO_BLOCK: usize = usize::MAX / 2 + 1;

#[derive(Clone)]
pub(crate) struct Scan<'a> {
    pub(super) text: &'a str,
    pub(super) at: usize,
    pub(super) options: Options,
    /// The syntax's reference rule (with zone identifiers when it has
    /// them), which records where the components are: an identifier read
    /// back from its scheme is a member of it exactly when it is one of
    /// the absolute rule (its first segment has the scheme's colon, which
    /// no relative reference's has).
    pub(super) automaton: Option<&'static Automaton>,
    /// The syntax whose reference rule's first stage decides most
    /// identifiers before the automaton's walk (none with zone
    /// identifiers, which the stage does not read).
    stage: Option<Grammar>,
    /// The way the stage classifies, the processor's features tested
    /// once for the whole text.
    way: Way,
    /// Whether the candidates and the schemes' starts are read off the
    /// block last classified when it holds them (else by memchr and a
    /// byte at a time: the tests' reference, [`without_stage`]).
    ///
    /// [`without_stage`]: Scan::without_stage
    reuse: bool,
    /// The last run without a character that ends identifiers.
    extent: Range<usize>,
    /// The block last classified: where it starts (a multiple of
    /// [`BLOCK`]), and its masks: the candidates', where a run to a
    /// delimiter may stop, and the scheme bytes' ([`block_sets`]).
    block: (usize, [u64; 3]),
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
            way: Way::of(Path::Detect),
            reuse: true,
            extent: 0..0,
            block: (NO_BLOCK, [0; 3]),
            #[cfg(test)]
            steps: 0,
        }
    }

    /// The same scan with the first stage left out, so that the
    /// automaton's walk decides every identifier, and with it the trim's
    /// shortcut ([`punctuation_trim`](Scan::punctuation_trim)), so that
    /// `quick_trim` trims every one, and the candidates and schemes read
    /// off the blocks' masks, so that memchr finds each candidate and
    /// each scheme is read back a byte at a time (the tests and the
    /// `find` fuzz target hold the two scans to each other).
    #[cfg(any(test, feature = "internals"))]
    pub(super) fn without_stage(self) -> Self {
        Self {
            stage: None,
            reuse: false,
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

    /// The masks of the block from `base` (a multiple of [`BLOCK`]):
    /// classified when it is not the one last classified.
    #[inline]
    fn block(&mut self, base: usize) -> &[u64; 3] {
        if self.block.0 != base {
            let sets = block_sets(self.options.www());
            xiri_engine::classify(self.text.as_bytes(), base, sets, &mut self.block.1);
            self.block.0 = base;
            self.count(self.text.len().saturating_sub(base).min(BLOCK));
        }
        &self.block.1
    }

    /// The next candidate at or after `i`: from the masks of the block
    /// last classified when `i` is in it (the run to a delimiter of the
    /// identifier before classified it, most often), else by memchr,
    /// which skips text without candidates faster than the blocks are
    /// classified.
    #[inline(always)]
    fn candidate(&mut self, mut i: usize) -> Option<usize> {
        let (base, [candidates, ..]) = self.block;
        let at = i.wrapping_sub(base);
        if at < BLOCK && self.reuse {
            // `at` is below BLOCK, 64: the shift is in range.
            let left = candidates & (u64::MAX << at);
            if left != 0 {
                return Some(base + left.trailing_zeros() as usize);
            }
            i = base + BLOCK;
        }
        let rest = self.text.as_bytes().get(i..)?;
        let next = if self.options.www() {
            memchr::memchr3(b':', b'<', b'.', rest)
        } else {
            memchr::memchr2(b':', b'<', rest)
        };
        self.count(next.map_or(rest.len(), |k| k + 1));
        next.map(|k| i + k)
    }

    /// The next candidate after `at`, and `at` moved past it: each `:`,
    /// `<` (and `.` for `www.`), a scheme read back from its colon.
    #[inline]
    pub(super) fn next_hit<S: GenericSyntax>(&mut self) -> Option<Found<'a, S>> {
        let mut found = None;
        self.next_hit_into(&mut found);
        found
    }

    /// [`next_hit`](Scan::next_hit), written to `out` (left `None` when
    /// there is none). Not inlined: the caller's `out` is then the slot it
    /// returns, which the identifier is written to in place (a copy of it
    /// right after its fields' stores waits for them, docs/PERFORMANCE.md).
    #[inline(never)]
    fn next_hit_into<S: GenericSyntax>(&mut self, out: &mut Option<Found<'a, S>>) {
        let bytes = self.text.as_bytes();
        let floor = self.at;
        let mut i = floor;
        while let Some(t) = self.candidate(i) {
            let hit = match bytes.get(t) {
                Some(b'<') => self.bracketed::<S>(t, out),
                // `note: the`: nothing after the colon continues it.
                Some(b':') if bytes.get(t + 1).is_none_or(|&b| class(b) == ENDS) => false,
                Some(b':') => match self.scheme_start(floor, t) {
                    Some(start) => self.absolute::<S>(start, t, out),
                    None => false,
                },
                _ => match self.www_start(floor, t) {
                    Some(start) => {
                        *out = self.www::<S>(start);
                        out.is_some()
                    }
                    None => false,
                },
            };
            if hit {
                return;
            }
            i = t + 1;
        }
        self.at = self.text.len();
    }

    /// The identifier whose scheme starts at `start` and ends at the
    /// colon at `colon`.
    #[inline]
    fn absolute<S: GenericSyntax>(
        &mut self,
        start: usize,
        colon: usize,
        out: &mut Option<Found<'a, S>>,
    ) -> bool {
        let Some(automaton) = self.automaton else {
            return false;
        };
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
        // A refusal stops where the run below stops, whose steps are
        // counted there; an acceptance is counted here.
        if let Some(end) = quick
            && let Some(text) = self.text.get(start..end)
            && self.place(automaton, out, start..end, text, None)
        {
            self.count(text.len());
            self.at = end;
            return true;
        }
        match self.longest::<S>(automaton, start, colon, extent) {
            Some(found) => {
                *out = Some(found);
                true
            }
            None => false,
        }
    }

    /// The longest prefix of the run from `start` to `extent` that is a
    /// member, trimmed: [`absolute`](Scan::absolute) when the run itself,
    /// trimmed as quickly as it can be, is not one.
    fn longest<S: GenericSyntax>(
        &mut self,
        automaton: &Automaton,
        start: usize,
        colon: usize,
        extent: usize,
    ) -> Option<Found<'a, S>> {
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
    pub(super) fn split_of(&self, automaton: &Automaton, text: &str) -> Option<Marks> {
        let mut marks = Marks::default();
        self.split_into(automaton, text, &mut marks)
            .then_some(marks)
    }

    /// [`split_of`](Scan::split_of), the marks written to `marks` (`true`)
    /// where the caller keeps them in the value it returns: no copy of the
    /// stage's marks follows its stores (`stage::accept_into`).
    #[inline]
    fn split_into(&self, automaton: &Automaton, text: &str, marks: &mut Marks) -> bool {
        use crate::syntax::builtin::staged_into;
        use xiri_engine::stage::{LONGEST, SHORTEST};
        if let Some(grammar) = self.stage
            && (SHORTEST..=LONGEST).contains(&text.len())
            && staged_into(grammar, text, self.way, marks)
        {
            return true;
        }
        match automaton.split_of(text) {
            Some(walked) => {
                *marks = walked;
                true
            }
            None => false,
        }
    }

    /// Writes the identifier at `span` (`text`, and the reference's text
    /// when it differs) to `out` if the reference rule accepts it (`true`),
    /// with its marks: the `Found` is placed first, and the stage writes
    /// the marks into it (`split_into`), so that neither is copied right
    /// after its stores (docs/PERFORMANCE.md).
    pub(super) fn place<S: GenericSyntax>(
        &self,
        automaton: &Automaton,
        out: &mut Option<Found<'a, S>>,
        span: Range<usize>,
        text: &'a str,
        joined: Option<String>,
    ) -> bool {
        let found = out.insert(Found::new(span, text, joined, Marks::default()));
        let reference = found.joined.as_deref().unwrap_or(found.text);
        if self.split_into(automaton, reference, &mut found.marks) {
            return true;
        }
        *out = None;
        false
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
    /// or the text's end: the first byte of the blocks' stop mask that is
    /// of class [`ENDS`], or a lead byte of class `LOOK` whose character
    /// ends them. The run last found is kept: a later candidate starting
    /// inside it ends where it does, so no byte is read twice.
    #[inline]
    pub(super) fn extent_end(&mut self, start: usize) -> usize {
        if self.extent.contains(&start) {
            return self.extent.end;
        }
        let bytes = self.text.as_bytes();
        let mut base = start - start % BLOCK;
        let mut from = start;
        let end = 'end: loop {
            if base >= bytes.len() {
                break bytes.len();
            }
            let stops = self.block(base)[1];
            // `from - base` is below BLOCK, 64: the shift is in range.
            let mut left = stops & (u64::MAX << (from - base));
            while left != 0 {
                let i = base + left.trailing_zeros() as usize;
                left &= left - 1;
                let Some(&b) = bytes.get(i) else {
                    break 'end bytes.len();
                };
                // A lead byte of class LOOK: most of its characters go
                // on, as its second byte tells.
                let goes_on = class(b) != ENDS
                    && (bytes.get(i + 1).is_some_and(|&second| !may_end(b, second))
                        || self
                            .text
                            .get(i..)
                            .and_then(|t| t.chars().next())
                            .is_some_and(|c| !ends(c)));
                if !goes_on {
                    break 'end i;
                }
            }
            base += BLOCK;
            from = base;
        };
        self.extent = start..end;
        end
    }
}
