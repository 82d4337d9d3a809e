//! Reading a scheme back from its colon, and `www.` back from its dot:
//! where an identifier found by its delimiter starts.

use super::super::bytes::{is_scheme_byte, scheme_kind, starts_www, SCHEME_LETTER, SCHEME_OTHER};
use super::Scan;
use xiri_engine::BLOCK;

impl Scan<'_> {
    /// Where the scheme ending at the colon at `colon` starts: in the run
    /// of scheme characters (`ALPHA / DIGIT / "+" / "-" / "."`) before it,
    /// not before `floor`, the first ASCII letter that does not follow an
    /// ASCII letter or digit (so not inside a word: `3http:` has none,
    /// `-http:` has `http`). A letter of another script may come before
    /// it: Chinese and Japanese put no space there. The runs read back
    /// from two colons never overlap: a colon is not in a run.
    ///
    /// Where the colon is in the block last classified (the run to a
    /// delimiter before it read that block), the run is read off its
    /// mask of scheme bytes: when it starts in the block with a letter,
    /// that is the start; else a byte at a time.
    #[inline]
    pub(super) fn scheme_start(&mut self, floor: usize, colon: usize) -> Option<usize> {
        let bytes = self.text.as_bytes();
        let (base, [_, _, scheme]) = self.block;
        let at = colon.wrapping_sub(base);
        if at < BLOCK && self.reuse {
            // The bytes before the colon in its block that are not in a
            // scheme: the run starts after the last of them (and the one
            // before it is not a letter or digit).
            let others = !scheme & ((1u64 << at) - 1);
            let run = base + BLOCK - others.leading_zeros() as usize;
            if others != 0
                && run >= floor
                && bytes
                    .get(run)
                    .is_some_and(|&b| scheme_kind(b) == SCHEME_LETTER)
            {
                self.count(colon - run);
                return Some(run);
            }
        }
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
    pub(super) fn www_start(&self, floor: usize, dot: usize) -> Option<usize> {
        let start = dot.checked_sub(3).filter(|&s| s >= floor)?;
        let before = start
            .checked_sub(1)
            .and_then(|b| self.text.as_bytes().get(b).copied());
        (starts_www(self.text, start) && !before.is_some_and(|b| is_scheme_byte(b) || b == b'@'))
            .then_some(start)
    }
}
