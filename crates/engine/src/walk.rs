//! The table loop: the one pass that runs an [`Automaton`]'s tables over
//! the bytes of the input, with the skip over the runs of bytes an
//! accelerated state loops on (skip.rs), and, for a rule with calls, the
//! brackets the one reading takes one way (reading.rs). Where it stops
//! ([`Stop`]) is read by the verdicts (verdict.rs) and the run with
//! calls (calls/).

use crate::automaton::Automaton;
use crate::limits::MAX_CALL_DEPTH;
use crate::marks::Marks;
use crate::reading::{Taken, Thread};
use crate::skip::last_unit;
use crate::tables::{GROUP, GROUP_SHIFT, MAX_GROUPS};
use crate::utf8;

/// How a run meets the bracket bytes of an automaton with calls.
pub(crate) enum Brackets<'t> {
    /// As data: the rule has no calls, or the run takes no bracket.
    Data,
    /// By stopping before each (several readings are alive).
    Stop,
    /// By taking each that the one reading can take only one way, and
    /// stopping before the others.
    Step(&'t mut Thread),
}

/// What [`Automaton::longest_from`] found.
///
/// ```
/// let a = xiri_engine::compile("a = 1*\"x\" [ \"y\" ]\n", "a", &Default::default()).unwrap();
/// let longest = a.longest_from(a.start, "xxyz").unwrap();
/// assert_eq!((longest.end, longest.read), (Some(3), 3));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Longest {
    /// The end of the longest prefix that is a member, if any.
    pub end: Option<usize>,
    /// The delimiters of Appendix B's split in that prefix.
    pub marks: Marks,
    /// The offset where the run stopped: the bytes it read.
    pub read: usize,
}

/// Where [`Automaton::run_from`] stopped (state indexes).
pub(crate) enum Stop {
    /// At the end of the input, in this state.
    End(usize),
    /// Before the byte at the offset, which no transition of the state
    /// takes.
    Dead(usize, usize),
    /// Before a bracket at the offset.
    Bracket(usize, usize),
}

/// [`Marks::record`] out of the loop of a parse's run: inlined, the marks
/// were copied in and out of the loop's registers at every run (1.7 runs
/// an XRI parse, one an IRI's) for the few delimiters it records (about
/// two a run). The longest prefix's run (`xiri::find`) keeps it inlined.
#[inline(never)]
fn record_apart(marks: &mut Marks, tags: usize, at: usize) {
    marks.record(tags, at);
}

impl Automaton {
    /// Runs the tables from state `state` at byte `i` of `input`, meeting
    /// the bracket bytes as `brackets` says. The tagged states it enters
    /// are noted in `marks`.
    #[inline]
    pub(crate) fn run_from(
        &self,
        input: &str,
        state: usize,
        i: usize,
        brackets: Brackets<'_>,
        marks: &mut Marks,
    ) -> Stop {
        let bytes = input.as_bytes();
        match brackets {
            Brackets::Data => self.run_plain(bytes, state, i, marks),
            Brackets::Stop => self.run_brackets(bytes, state, i, marks, None),
            Brackets::Step(t) => self.run_brackets(bytes, state, i, marks, Some(t)),
        }
    }

    /// [`run_from`](Automaton::run_from) with the brackets as data. Its
    /// own function, apart from the runs that meet brackets: the loop of
    /// the rules without calls (every URI and IRI) is compiled alone.
    #[inline(never)]
    fn run_plain(&self, bytes: &[u8], state: usize, i: usize, marks: &mut Marks) -> Stop {
        if self.premultiplied {
            self.walk::<true, false, false>(bytes, state, i, marks, None)
        } else {
            self.walk::<false, false, false>(bytes, state, i, marks, None)
        }
        .0
    }

    /// [`run_from`](Automaton::run_from) meeting the brackets: stopping
    /// before each, or taking with `reading` those it can.
    #[inline(never)]
    fn run_brackets(
        &self,
        bytes: &[u8],
        state: usize,
        i: usize,
        marks: &mut Marks,
        reading: Option<&mut Thread>,
    ) -> Stop {
        if self.premultiplied {
            self.walk::<true, true, false>(bytes, state, i, marks, reading)
        } else {
            self.walk::<false, true, false>(bytes, state, i, marks, reading)
        }
        .0
    }

    /// The longest prefix of `input` that the rule accepts when read from
    /// state `state` (the start, or a state [`next_char`] reached), in one
    /// run of the tables (the skip over accelerated states included), for
    /// `xiri::find`'s longest member. `None` for an automaton with calls,
    /// whose state is more than a number; otherwise the prefix's end
    /// (`None` when no prefix, not even the empty one, is a member), the
    /// delimiters of Appendix B's split the run saw in it (those it saw
    /// after it left out: along a run, each delimiter is seen once), and
    /// the offset where the run stopped (what it read).
    ///
    /// [`next_char`]: Automaton::next_char
    ///
    /// ```
    /// let a = xiri_engine::compile("a = 1*ALPHA\n", "a", &Default::default()).unwrap();
    /// let longest = a.longest_from(a.start, "word, and").unwrap();
    /// assert_eq!(longest.end, Some(4));
    /// ```
    pub fn longest_from(&self, state: usize, input: &str) -> Option<Longest> {
        if self.has_calls() {
            return None;
        }
        let bytes = input.as_bytes();
        let mut marks = Marks::default();
        let (stop, end) = if self.premultiplied {
            self.walk::<true, false, true>(bytes, state, 0, &mut marks, None)
        } else {
            self.walk::<false, false, true>(bytes, state, 0, &mut marks, None)
        };
        let read = match stop {
            Stop::End(_) => input.len(),
            Stop::Dead(_, i) | Stop::Bracket(_, i) => i,
        };
        if let Some(end) = end {
            marks.keep_until(end);
        }
        Some(Longest { end, marks, read })
    }

    /// The table loop. `bytes` are UTF-8 (the skip tables step over whole
    /// characters on their lead byte).
    ///
    /// The transitions are read unchecked: a state's id and a byte's class
    /// always fall within `trans`, because every automaton run keeps
    /// [`Automaton::is_consistent`]'s invariants (build.rs refuses to write
    /// a built-in one that does not, and `compile` to return one;
    /// tests/it/engine.rs holds every built-in automaton to them). Without
    /// the check, a reference's parse runs 3.6% fewer instructions
    /// (cachegrind, the peer benchmark's ASCII corpus).
    // The only other indexing is of 256-entry arrays by a byte: never out
    // of bounds, and with no check to pay for.
    ///
    /// With `LONGEST`, it also gives the end of the longest prefix read
    /// that is a member: the offset after each step into an accepting
    /// state (after a skip, the skip's end: the state is the same at every
    /// character it steps over).
    #[allow(clippy::indexing_slicing)]
    #[inline(always)]
    fn walk<const PREMULTIPLIED: bool, const BRACKETS: bool, const LONGEST: bool>(
        &self,
        bytes: &[u8],
        state: usize,
        mut i: usize,
        marks: &mut Marks,
        mut reading: Option<&mut Thread>,
    ) -> (Stop, Option<usize>) {
        let trans: &[u16] = &self.trans;
        let Some(class): Option<&[u8; 256]> = self.byte_class.as_ref().try_into().ok() else {
            return (Stop::Dead(state, i), None);
        };
        let mut longest = (LONGEST && self.accepts(state)).then_some(i);
        let stride = self.stride;
        let skip_column = stride.saturating_sub(1);
        let row = |id: usize| if PREMULTIPLIED { id } else { id * stride };
        let index = |id: usize| self.index_of(id);
        // The accelerated states are those with an id up to `last_fast`,
        // the tagged ones those after them up to `last_tagged`.
        let (last_fast, last_tagged) = if PREMULTIPLIED {
            (
                self.accelerated * stride,
                (self.accelerated + self.tagged) * stride,
            )
        } else {
            (self.accelerated, self.accelerated + self.tagged)
        };
        let mut id = if PREMULTIPLIED { state * stride } else { state };
        let depth_limit = self.max_depth.min(MAX_CALL_DEPTH);
        // The group of `id` (its number, with `GROUP`'s bit), else 0.
        let mut group = 0;
        while let Some(&b) = bytes.get(i) {
            if BRACKETS && (b == self.open || b == self.close) {
                // A bracket the one reading can take only one way is taken
                // here, without leaving the loop: shallow nesting stays in
                // the tables (crates/engine/src/calls/mod.rs takes the others).
                if let Some(t) = reading.as_deref_mut() {
                    let at = row(id) + usize::from(class[usize::from(b)]);
                    debug_assert!(at < trans.len());
                    // SAFETY: as for any byte's transition below.
                    let data = usize::from(unsafe { *trans.get_unchecked(at) });
                    match self.take_bracket(t, index(id), data, b, depth_limit) {
                        Taken::Data => id = data,
                        Taken::Moved(to) => id = if PREMULTIPLIED { to * stride } else { to },
                        Taken::No => return (Stop::Bracket(index(id), i), longest),
                    }
                    i += 1;
                    continue;
                }
                return (Stop::Bracket(index(id), i), longest);
            }
            let at = row(id) + usize::from(class[usize::from(b)]);
            debug_assert!(at < trans.len());
            // SAFETY: `id` names a state (the start, or a transition's
            // target) and a byte's class is below the stride, so `at` is
            // within the state's row: `is_consistent`'s shapes and targets.
            let mut next = usize::from(unsafe { *trans.get_unchecked(at) });
            if next != 0 {
                i += 1;
            } else {
                if b < 0x80 {
                    return (Stop::Dead(index(id), i), longest);
                }
                // A character from U+0080 up that an accelerated state
                // keeps, as its skip table says on the lead byte (every
                // character with that lead byte keeps it): the state stays,
                // and the skip below goes on from here, without the trie.
                // Not a group's table, whose units lead to a state of the
                // group that need not be this one.
                if id <= last_fast {
                    debug_assert!(row(id) + skip_column < trans.len());
                    // SAFETY: `id` names a state, whose row ends with this column.
                    let extra = usize::from(unsafe { *trans.get_unchecked(row(id) + skip_column) });
                    let keeps = extra & usize::from(GROUP) == 0
                        && self
                            .skips
                            .get(extra.wrapping_sub(1).wrapping_mul(256) + usize::from(b))
                            .is_some_and(|&n| (2..=4).contains(&n));
                    if keeps {
                        next = id;
                    }
                }
                let (column, width) = if next != 0 {
                    (0, utf8::width(b))
                } else {
                    // Its column through the trie.
                    self.wide(bytes, i)
                };
                if column != 0 {
                    next = usize::from(trans.get(row(id) + column).copied().unwrap_or(0));
                }
                if next == 0 {
                    return (Stop::Dead(index(id), i), longest);
                }
                i += width;
            }
            let mut in_group = 0;
            if next <= last_tagged {
                // The last column: a tagged state's tags, or an
                // accelerated state's skip table, run from the second
                // byte it loops on (a run of one costs no look ahead;
                // entering the skip on the first byte measured no faster
                // on the peer corpora, and states entered for one byte,
                // as in a typed XRI path, would pay for it).
                debug_assert!(row(next) + skip_column < trans.len());
                // SAFETY: `next` names a state, whose row ends with this column.
                let extra = usize::from(unsafe { *trans.get_unchecked(row(next) + skip_column) });
                if next > last_fast {
                    if LONGEST {
                        marks.record(extra, i);
                    } else {
                        record_apart(marks, extra, i);
                    }
                } else if BRACKETS && extra & usize::from(GROUP) != 0 {
                    // A group's state (only rules with calls have groups,
                    // and only they run with brackets), entered from one
                    // of the same group (the second unit of a run, as
                    // above): the group's table skips the run, and the
                    // state after it is the one the run's last unit leads
                    // to from any state of the group, `next` among them;
                    // that unit is stepped again. Where the [`AHEAD`](super::skip::AHEAD)
                    // bytes ahead are not all in the table, stepping them
                    // costs less than skipping and stepping the last unit
                    // again (a typed XRI path between cross-references:
                    // "*(+a)*b").
                    let number = extra >> GROUP_SHIFT;
                    let table = number & usize::from(MAX_GROUPS);
                    if !LONGEST && number == group && self.skips_ahead(bytes, i, table) {
                        let to = self.skip(bytes, i, table);
                        if to > i {
                            i = last_unit(bytes, i, to);
                            id = next;
                            // The unit stepped again does not skip again.
                            group = 0;
                            continue;
                        }
                    }
                    in_group = number;
                } else if next == id {
                    i = self.skip(bytes, i, extra);
                }
            }
            group = in_group;
            id = next;
            if LONGEST && self.accepts(index(id)) {
                longest = Some(i);
            }
        }
        (Stop::End(index(id)), longest)
    }
}

#[cfg(test)]
mod tests {
    use crate::fixtures::compiled;

    /// A xorshift stream: the same strings on every run.
    fn next(seed: &mut u64) -> u64 {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        *seed
    }

    #[test]
    fn longest_from_agrees_with_stepping_each_character() {
        let alphabet = [
            "a",
            "Z",
            "1",
            "-",
            ".",
            ":",
            "/",
            "//",
            "?",
            "#",
            "@",
            "%",
            "%4",
            "%41",
            "[",
            "]",
            "::1",
            "v1.",
            "!",
            "(",
            " ",
            "\u{e9}",
            "\u{4f8b}",
            "\u{3000}",
            "\u{a0}",
            "\u{e000}",
            "\u{1f600}",
            "\u{fff0}",
            "<",
            "\"",
            "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
            "http://",
        ];
        let mut seed = 0x2545_F491_4F6C_DD1D_u64;
        for (grammar, rule) in [
            ("uri", "URI-reference"),
            ("iri", "IRI-reference"),
            ("iri-bis", "IRI-reference"),
            ("leiri", "LEIRI-reference"),
        ] {
            let automaton = &compiled(grammar, rule, true);
            for _ in 0..3000 {
                let mut input = String::new();
                for _ in 0..next(&mut seed) % 16 {
                    input.push_str(alphabet[(next(&mut seed) % alphabet.len() as u64) as usize]);
                }
                // From the start, or from the state after "//".
                let from_slashes = next(&mut seed).is_multiple_of(4);
                let mut state = automaton.start;
                if from_slashes {
                    state = automaton.next_char(state, b"/");
                    state = automaton.next_char(state, b"/");
                }
                let found = automaton.longest_from(state, &input).unwrap();
                // One character at a time, to the first dead state.
                let mut end = automaton.accepts(state).then_some(0);
                let mut read = input.len();
                let mut buf = [0u8; 4];
                for (k, c) in input.char_indices() {
                    state = automaton.next_char(state, c.encode_utf8(&mut buf).as_bytes());
                    if state == 0 {
                        read = k;
                        break;
                    }
                    if automaton.accepts(state) {
                        end = Some(k + c.len_utf8());
                    }
                }
                assert_eq!(found.end, end, "{grammar} {input:?}");
                assert_eq!(found.read, read, "{grammar} {input:?}");
                // The marks are those of the prefix's own run.
                if let (Some(end), false) = (end, from_slashes) {
                    let prefix = &input[..end];
                    assert_eq!(Some(found.marks), automaton.split_of(prefix), "{prefix:?}");
                }
            }
        }
    }
}
