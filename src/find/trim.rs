//! The trim: an identifier's end moved back past the sentence
//! punctuation after it and the closing brackets it does not open
//! (src/find/delimit.rs lists them), quickly when its last character
//! stays or a few go, carefully otherwise.

use super::delimit::{bracket, trailing, PAIRS};
use super::scan::Scan;

/// How many characters the quick trim looks at before it leaves the
/// span to the careful one.
const QUICK: usize = 8;

/// How long a span the quick trim counts brackets in.
const QUICK_SPAN: usize = 256;

impl Scan<'_> {
    /// Whether the span ending at `end` keeps its last character, as
    /// [`quick_trim`](Scan::quick_trim) would say on its first look: it
    /// is after `floor`, and an ASCII letter, digit or `/`, or a character
    /// from U+0080 on that is neither trailing punctuation nor a closing
    /// bracket (most identifiers end so: one look, no call).
    #[inline]
    pub(super) fn stays(&self, floor: usize, end: usize) -> bool {
        let Some(&last) = self.text.as_bytes().get(end.wrapping_sub(1)) else {
            return false;
        };
        if end <= floor {
            return false;
        }
        if last.is_ascii() {
            return last.is_ascii_alphanumeric() || last == b'/';
        }
        let c = self.text.get(..end).and_then(|t| t.chars().next_back());
        c.is_some_and(|c| !trailing(c) && !matches!(bracket(c), Some((_, false))))
    }

    /// [`quick_trim`](Scan::quick_trim)'s answer when only ASCII sentence
    /// punctuation (`.` `,` `;` `:` `!` `?`) goes, fewer than [`QUICK`]
    /// bytes of it, and an ASCII letter, digit or `/` after `floor` is
    /// then last (`None` for any other span: `quick_trim` decides it). No
    /// call, no character decoded: most trimmed identifiers end so.
    #[inline]
    pub(super) fn punctuation_trim(&self, floor: usize, mut end: usize) -> Option<usize> {
        let bytes = self.text.as_bytes();
        for _ in 1..QUICK {
            let &last = bytes.get(end.checked_sub(1)?)?;
            if end <= floor {
                return None;
            }
            match last {
                b'.' | b',' | b';' | b':' | b'!' | b'?' => end -= 1,
                _ if last.is_ascii_alphanumeric() || last == b'/' => return Some(end),
                _ => return None,
            }
        }
        None
    }

    /// [`trim`](Scan::trim) when at most [`QUICK`] characters go, and a
    /// closing bracket ends the span only if it is at most [`QUICK_SPAN`]
    /// bytes long (`None` otherwise): its work is bounded by a constant,
    /// whatever the span.
    pub(super) fn quick_trim(
        &mut self,
        start: usize,
        floor: usize,
        mut end: usize,
    ) -> Option<usize> {
        let stays = |end: usize| {
            let last = self.text.as_bytes().get(end.wrapping_sub(1));
            end > floor && last.is_some_and(|&b| b.is_ascii_alphanumeric() || b == b'/')
        };
        // Most often the last character stays: a letter, a digit or "/".
        if stays(end) {
            return Some(end);
        }
        let mut quote = self.text.get(..start).is_some_and(|t| t.ends_with('\''));
        let mut balance: [Option<isize>; PAIRS.len()] = [None; PAIRS.len()];
        for _ in 0..QUICK {
            if stays(end) {
                return Some(end);
            }
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
    pub(super) fn trim(&mut self, start: usize, floor: usize, mut end: usize) -> usize {
        // For each pair, its openings less its closings in the span,
        // counted when one of its closings ends the span.
        let mut balance: [Option<isize>; PAIRS.len()] = [None; PAIRS.len()];
        let mut quote = self.text.get(..start).is_some_and(|t| t.ends_with('\''));
        while end > floor {
            let Some(c) = self.text.get(..end).and_then(|t| t.chars().next_back()) else {
                break;
            };
            self.count(1);
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
    pub(super) fn balance(&mut self, start: usize, end: usize, k: usize) -> isize {
        let span = self.text.get(start..end).unwrap_or_default();
        self.count(span.len());
        let Some(&(open, close)) = PAIRS.get(k) else {
            return 0;
        };
        match (u8::try_from(open), u8::try_from(close)) {
            // One pass the compiler vectorizes, in byte-wide counts of up
            // to 255 bytes: a span is mostly short, where memchr's set-up
            // costs more than the count.
            (Ok(open), Ok(close)) if open.is_ascii() && close.is_ascii() => span
                .as_bytes()
                .chunks(255)
                .map(|chunk| {
                    let (opens, closes) = chunk.iter().fold((0u8, 0u8), |(o, c), &b| {
                        (o + u8::from(b == open), c + u8::from(b == close))
                    });
                    isize::from(opens) - isize::from(closes)
                })
                .sum(),
            // Each occurrence of either character's last byte (memchr,
            // which skips the rest), counted where the character's whole
            // encoding ends there: UTF-8 matches a character's encoding
            // only where the character is. Two `str::matches` counts cost
            // five times as much on the spans a `”` or `»` ends.
            _ => {
                let (mut o, mut c) = ([0; 4], [0; 4]);
                let (o, c) = (
                    open.encode_utf8(&mut o).as_bytes(),
                    close.encode_utf8(&mut c).as_bytes(),
                );
                let (Some(&o_last), Some(&c_last)) = (o.last(), c.last()) else {
                    return 0;
                };
                let bytes = span.as_bytes();
                memchr::memchr2_iter(o_last, c_last, bytes)
                    .map(|i| {
                        let upto = bytes.get(..=i).unwrap_or_default();
                        isize::from(upto.ends_with(o)) - isize::from(upto.ends_with(c))
                    })
                    .sum()
            }
        }
    }
}
