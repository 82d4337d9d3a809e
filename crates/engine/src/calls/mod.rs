//! The run of an automaton with calls (crates/engine/src/tables.rs, module
//! documentation): every reading of the input followed at once, each a
//! state and the stack of states its open brackets return to.
//!
//! A reading is a fixed-size value (`reading.rs`: its stack holds at most
//! [`MAX_CALL_DEPTH`] states), and the readings alive at once are kept in
//! a small inline vector, so a run allocates nothing while at most four
//! readings are alive (XRI never has more than two) and nothing but the
//! refusal otherwise. Between brackets the readings do not interact, so each
//! runs the table loop, as without calls, up to the next bracket; only a
//! bracket is stepped reading by reading.

use crate::automaton::Automaton;
use crate::limits::{MAX_CALL_DEPTH, MAX_READINGS};
use crate::marks::Marks;
use crate::reading::Thread;
use crate::refusal::Refusal;
use crate::utf8::width as utf8_width;
use crate::walk::{Brackets, Stop};
use smallvec::SmallVec;

type Threads = SmallVec<[Thread; 4]>;

/// Where [`Automaton::run_apart`] stopped.
enum Apart {
    /// One reading, moved in place, at the end of the input.
    End,
    /// One reading, moved in place, before the bracket at the offset.
    Bracket(usize),
    /// Every reading died; the last ones before the byte at the offset.
    Dead(usize),
    /// Several readings, written to the other buffer, before the bracket
    /// at the offset or at the end.
    Moved(usize),
}

/// Where the run with calls stopped.
enum Outcome<'t> {
    /// At the end of the input, with these readings.
    End(&'t [Thread]),
    /// Before the byte at the offset, with these readings; whether a call
    /// was refused for its depth.
    Dead(&'t [Thread], usize, bool),
}

impl Automaton {
    /// The run with calls: one reading moved in place while each bracket
    /// moves it one way (as most inputs have it), else every reading,
    /// from the start. It reads each byte at most twice.
    pub(crate) fn check_with_calls(&self, input: &str) -> Result<(), Refusal> {
        self.check_split_with_calls(input).map(drop)
    }

    /// [`check`](Automaton::check) of a rule with calls, with the marks
    /// of Appendix B's split (cross-references opaque) when the automaton
    /// [records them](Automaton::records_split) and one reading ran the
    /// whole input; `None` when every reading ran, whose marks are not
    /// kept.
    ///
    /// ```
    /// use xiri_engine::{compile, marks::QUERY, Options};
    /// let abnf = "r = *( ALPHA / \"(\" r \")\" ) [ \"?\" *ALPHA ]\n";
    /// let options = Options::new().with_brackets('(', ')').with_split();
    /// let a = compile(abnf, "r", &options).unwrap();
    /// let marks = a.check_split_with_calls("a(b?)?c").unwrap().unwrap();
    /// assert_eq!(marks.after(QUERY), Some(6));
    /// ```
    pub fn check_split_with_calls(&self, input: &str) -> Result<Option<Marks>, Refusal> {
        // One reading's end or death is the run's (`run_calls` would find
        // the same, with one reading all along).
        let (mut only, mut marks) = (self.first_reading(), Marks::default());
        match self.run_one(input, &mut only, &mut marks) {
            Stop::End(state) if only.depth == 0 && self.accepts(state) => {
                Ok(self.records_split().then_some(marks))
            }
            Stop::End(state) => Err(self.refusal_of_one(only, state, input.len())),
            Stop::Dead(state, at) => Err(self.refusal_of_one(only, state, at)),
            Stop::Bracket(..) => self.every_reading(input, |outcome| match outcome {
                Outcome::End(threads) if self.any_accepts(threads) => Ok(None),
                Outcome::End(threads) => Err(self.refusal_of(threads, input.len(), false)),
                Outcome::Dead(threads, at, too_deep) => Err(self.refusal_of(threads, at, too_deep)),
            }),
        }
    }

    /// The verdict of [`check_with_calls`](Automaton::check_with_calls)
    /// alone, for `matches`: the same runs, no refusal built.
    pub(crate) fn matches_with_calls(&self, input: &str) -> bool {
        let (mut only, mut marks) = (self.first_reading(), Marks::default());
        match self.run_one(input, &mut only, &mut marks) {
            Stop::End(state) => only.depth == 0 && self.accepts(state),
            Stop::Dead(..) => false,
            Stop::Bracket(..) => self.every_reading(
                input,
                |outcome| matches!(outcome, Outcome::End(threads) if self.any_accepts(threads)),
            ),
        }
    }

    /// Where the longest member of the rule that starts `input` ends,
    /// when the one reading dies right after it (or at the end) and the
    /// byte it dies on is one of `ends`: `Some(Ok(end))`. `Some(Err(()))`
    /// when the reading dies otherwise, `None` when a bracket parts the
    /// readings (the caller decides another way). For a language of
    /// balanced brackets none of whose members has a byte of `ends`
    /// outside them (an XRI authority and "/", "?", "#"), that end is the
    /// first byte of `ends` outside brackets, and the prefix before it is
    /// a member exactly when `Some(Ok(_))` is given.
    ///
    /// ```
    /// let abnf = "g = 1*( ALPHA / \"(\" g \")\" )\n";
    /// let options = xiri_engine::Options::new().with_brackets('(', ')');
    /// let a = xiri_engine::compile(abnf, "g", &options).unwrap();
    /// assert_eq!(a.member_before("a(b/c)/d", b"/"), Some(Err(())));
    /// assert_eq!(a.member_before("a(b)c/d", b"/"), Some(Ok(5)));
    /// ```
    #[inline]
    pub fn member_before(&self, input: &str, ends: &[u8]) -> Option<Result<usize, ()>> {
        let (mut only, mut marks) = (self.first_reading(), Marks::default());
        let stop = self.run_one(input, &mut only, &mut marks);
        let member = |state: usize| only.depth == 0 && self.accepts(state);
        match stop {
            Stop::End(state) if member(state) => Some(Ok(input.len())),
            Stop::Dead(state, at) if member(state) => {
                let ended = input.as_bytes().get(at).is_some_and(|b| ends.contains(b));
                Some(if ended { Ok(at) } else { Err(()) })
            }
            Stop::End(_) | Stop::Dead(..) => Some(Err(())),
            Stop::Bracket(..) => None,
        }
    }

    /// Runs `only`, the first reading, in place from the start, until it
    /// ends, dies, or meets a bracket that parts it, noting in `marks`
    /// the marks it records. Where it stopped; the state it stopped in is
    /// the stop's, not left in `only`.
    // The reading and marks are the caller's, not returned: 116 bytes
    // copied out at every run otherwise.
    fn run_one(&self, input: &str, only: &mut Thread, marks: &mut Marks) -> Stop {
        self.run_from(input, self.start, 0, Brackets::Step(only), marks)
    }

    /// The refusal when `only`, the one reading, was in state `state`
    /// before `offset`.
    #[cold]
    fn refusal_of_one(&self, mut only: Thread, state: usize, offset: usize) -> Refusal {
        only.state = u16::try_from(state).unwrap_or(0);
        self.refusal_of(&[only], offset, false)
    }

    /// What `verdict` makes of the run of every reading of `input`.
    fn every_reading<T>(&self, input: &str, verdict: impl FnOnce(Outcome<'_>) -> T) -> T {
        let (mut first, mut second): (Threads, Threads) = (SmallVec::new(), SmallVec::new());
        verdict(self.run_calls(input, &mut first, &mut second))
    }

    /// Whether one of `threads`, at the end of the input, is a member.
    fn any_accepts(&self, threads: &[Thread]) -> bool {
        threads
            .iter()
            .any(|t| t.depth == 0 && self.accepts(usize::from(t.state)))
    }

    /// The reading a run starts with: the start state, nothing called.
    fn first_reading(&self) -> Thread {
        Thread {
            state: u16::try_from(self.start).unwrap_or(0),
            depth: 0,
            stack: [0; MAX_CALL_DEPTH],
        }
    }

    /// Runs every reading of `input`, in two buffers read from one and
    /// written to the other by turns (swapping the references, not the
    /// inline buffers).
    fn run_calls<'t>(
        &self,
        input: &str,
        first: &'t mut Threads,
        second: &'t mut Threads,
    ) -> Outcome<'t> {
        let bytes = input.as_bytes();
        first.clear();
        first.push(self.first_reading());
        let (mut threads, mut next) = (first, second);
        let mut i = 0;
        while i < bytes.len() {
            // The tables alone, up to the next bracket.
            match self.run_apart(input, i, threads, next) {
                Apart::End => break,
                Apart::Bracket(at) => i = at,
                Apart::Dead(at) => return Outcome::Dead(threads.as_slice(), at, false),
                Apart::Moved(at) => {
                    std::mem::swap(&mut threads, &mut next);
                    if at >= bytes.len() {
                        break;
                    }
                    i = at;
                }
            }
            let width = bytes.get(i).map_or(1, |&b| utf8_width(b).max(1));
            let c = bytes.get(i..i + width).unwrap_or_default();
            if let ([only], &[b]) = (threads.as_mut_slice(), c) {
                // One reading with one way on: moved in place.
                if let Some(m) = self.only_move(only, b) {
                    m.apply(only);
                    i += width;
                    continue;
                }
            }
            let mut too_deep = false;
            next.clear();
            for thread in threads.iter() {
                too_deep |= self.step(thread, c, next);
            }
            if next.is_empty() {
                return Outcome::Dead(threads.as_slice(), i, too_deep);
            }
            // More readings than the run follows: it gives up there, as for
            // a bracket too deep (the workbench asks its general parser).
            if next.len() > MAX_READINGS {
                return Outcome::Dead(threads.as_slice(), i, true);
            }
            std::mem::swap(&mut threads, &mut next);
            i += width;
        }
        Outcome::End(threads.as_slice())
    }

    /// Runs `threads` from byte `i` on the tables alone, up to the next
    /// bracket: between brackets the readings do not interact, so each
    /// runs as without calls. One reading moves in place; several are
    /// written to `next` (once each). When all die, `threads` are left as
    /// the readings alive where the last ones died.
    fn run_apart(&self, input: &str, i: usize, threads: &mut Threads, next: &mut Threads) -> Apart {
        // The marks of a run of several readings are not kept (each
        // reading would have its own).
        let mut marks = Marks::default();
        let state = |s: usize| u16::try_from(s).unwrap_or(0);
        if let [only] = threads.as_mut_slice() {
            let from = usize::from(only.state);
            return match self.run_from(input, from, i, Brackets::Step(only), &mut marks) {
                Stop::End(s) => {
                    only.state = state(s);
                    Apart::End
                }
                Stop::Dead(s, at) => {
                    only.state = state(s);
                    Apart::Dead(at)
                }
                Stop::Bracket(s, at) => {
                    only.state = state(s);
                    Apart::Bracket(at)
                }
            };
        }
        let mut dead = Threads::new();
        let mut furthest = 0;
        let mut bracket = None;
        next.clear();
        for thread in threads.iter() {
            let mut t = *thread;
            match self.run_from(input, usize::from(t.state), i, Brackets::Stop, &mut marks) {
                Stop::End(s) => t.state = state(s),
                Stop::Bracket(s, at) => {
                    t.state = state(s);
                    bracket = Some(at);
                }
                Stop::Dead(s, at) => {
                    t.state = state(s);
                    if at > furthest {
                        furthest = at;
                        dead.clear();
                    }
                    if at == furthest {
                        dead.push(t);
                    }
                    continue;
                }
            }
            if !next.iter().any(|o| o.same(&t)) {
                next.push(t);
            }
        }
        if next.is_empty() {
            threads.clear();
            threads.extend(dead);
            return Apart::Dead(furthest);
        }
        // The readings alive stop at the same place: the bracket, or the end.
        Apart::Moved(bracket.unwrap_or(input.len()))
    }

    /// The readings `thread` has after the character of bytes `c`, added
    /// to `out` (once each); whether a call was refused for its depth.
    fn step(&self, thread: &Thread, c: &[u8], out: &mut Threads) -> bool {
        let (moves, too_deep) = self.moves(thread, c);
        for m in moves.into_iter().flatten() {
            let mut t = *thread;
            m.apply(&mut t);
            if !out.iter().any(|o| o.same(&t)) {
                out.push(t);
            }
        }
        too_deep
    }

    /// The refusal when `threads` were alive before `offset`.
    fn refusal_of(&self, threads: &[Thread], offset: usize, too_deep: bool) -> Refusal {
        let states: SmallVec<[usize; 4]> = threads.iter().map(|t| usize::from(t.state)).collect();
        let mut refusal = self.refusal(&states, offset, too_deep);
        let closing = threads.iter().any(|t| {
            t.depth > 0
                && self
                    .ret_mask
                    .get(usize::from(t.state))
                    .copied()
                    .unwrap_or(0)
                    != 0
        });
        if closing {
            let close = format!("{:?}", char::from(self.close).to_string());
            if !refusal.expected.iter().any(|e| *e == close) {
                refusal.expected.push(close.into());
            }
        }
        refusal
    }
}

#[cfg(test)]
mod tests;
