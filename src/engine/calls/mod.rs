//! The run of an automaton with calls (src/engine/automaton.rs, module
//! documentation): every reading of the input followed at once, each a
//! state and the stack of states its open brackets return to.
//!
//! A reading is a fixed-size value (its stack holds at most
//! [`MAX_CALL_DEPTH`] states), and the readings alive at once are kept in
//! a small inline vector, so a run allocates nothing while at most four
//! readings are alive (XRI never has more than two) and nothing but the
//! refusal otherwise. Between brackets the readings do not interact, so each
//! runs the table loop, as without calls, up to the next bracket; only a
//! bracket is stepped reading by reading.

use super::automaton::marks::Marks;
use super::automaton::{Automaton, Refusal, Stop};
use super::walk::Brackets;
use crate::engine::utf8_width;
use smallvec::SmallVec;

/// How deep a run with calls nests at most, whatever the automaton's
/// `max_depth` says (`Options::with_max_depth`): the library's own limit.
/// A reading is copied whole where the readings part, so its stack is
/// kept small enough (68 bytes a reading) to be copied inline.
///
/// ```
/// assert!(xiri::engine::MAX_CALL_DEPTH >= xiri::MAX_NESTING);
/// ```
pub const MAX_CALL_DEPTH: usize = 32;

/// One reading of the input so far: a state and the calling states below
/// it, `stack[..depth]`.
#[derive(Clone, Copy)]
pub(super) struct Thread {
    pub(super) state: u16,
    depth: u8,
    stack: [u16; MAX_CALL_DEPTH],
}

impl Thread {
    fn calls(&self) -> &[u16] {
        self.stack
            .get(..usize::from(self.depth))
            .unwrap_or_default()
    }

    fn same(&self, other: &Thread) -> bool {
        self.state == other.state && self.calls() == other.calls()
    }
}

type Threads = SmallVec<[Thread; 4]>;

/// One way a reading goes on.
#[derive(Clone, Copy)]
pub(super) enum Move {
    /// Into a bracket, to this state, pushing the current one.
    Call(u16),
    /// Out of one, to this state.
    Return(u16),
    /// To this state, the stack kept.
    Data(u16),
}

impl Move {
    pub(super) fn apply(self, t: &mut Thread) {
        match self {
            Move::Call(callee) => {
                if let Some(slot) = t.stack.get_mut(usize::from(t.depth)) {
                    *slot = t.state;
                    t.depth += 1;
                    t.state = callee;
                }
            }
            Move::Return(target) => {
                t.depth = t.depth.saturating_sub(1);
                t.state = target;
            }
            Move::Data(state) => t.state = state,
        }
    }
}

/// What [`Automaton::take_bracket`] did with a bracket.
pub(super) enum Taken {
    /// It read it as data, to the state the table gives.
    Data,
    /// It entered or left a bracket, to the state of this index.
    Moved(usize),
    /// Not one way: the reading stops before it.
    No,
}

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
    pub(super) fn check_with_calls(&self, input: &str) -> Result<(), Refusal> {
        self.check_split_with_calls(input).map(drop)
    }

    /// [`check_with_calls`](Automaton::check_with_calls), with the marks
    /// of Appendix B's split (cross-references opaque) when the automaton
    /// [records them](Automaton::records_split) and one reading ran the
    /// whole input; `None` when every reading ran, whose marks are not
    /// kept.
    pub(crate) fn check_split_with_calls(&self, input: &str) -> Result<Option<Marks>, Refusal> {
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
    pub(super) fn matches_with_calls(&self, input: &str) -> bool {
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
    #[inline]
    pub(crate) fn member_before(&self, input: &str, ends: &[u8]) -> Option<Result<usize, ()>> {
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

    /// The one way the bracket byte `b` moves `thread`, when it has
    /// exactly one and entering a bracket is not refused for depth.
    // As `moves` would say, with one of its moves and none of the others,
    // but without building them all: the table loop asks at every bracket
    // of a run with one reading.
    pub(super) fn only_move(&self, thread: &Thread, b: u8) -> Option<Move> {
        let state = usize::from(thread.state);
        let column = usize::from(self.byte_class.get(usize::from(b)).copied().unwrap_or(0));
        let data = self
            .trans
            .get(state * self.stride + column)
            .map_or(0, |&s| usize::from(s));
        let as_data = || u16::try_from(self.index_of(data)).ok().map(Move::Data);
        if b == self.open {
            let callee = self.call.get(state).copied().unwrap_or(0);
            match (callee != 0, data != 0) {
                (true, false) => (usize::from(thread.depth) < self.max_depth.min(MAX_CALL_DEPTH))
                    .then_some(Move::Call(callee)),
                (false, true) => as_data(),
                _ => None,
            }
        } else if b == self.close {
            let ended = self.ret_mask.get(state).copied().unwrap_or(0);
            let back = match (ended != 0, thread.calls().last()) {
                (true, Some(&caller)) => self.return_to(usize::from(caller), ended),
                _ => None,
            };
            match (back, data != 0) {
                (Some(to), false) => Some(Move::Return(to)),
                (None, true) => as_data(),
                _ => None,
            }
        } else if data != 0 {
            as_data()
        } else {
            None
        }
    }

    /// [`only_move`](Automaton::only_move) taken in place, for the table
    /// loop: `state` is the reading's state (its index; `thread.state`
    /// need not be it), `data` the id the bracket byte `b` leads to as
    /// data from it, `limit` the depth a call may not reach. The reading's
    /// stack is moved; its state is left for the caller to set.
    #[inline(always)]
    pub(super) fn take_bracket(
        &self,
        thread: &mut Thread,
        state: usize,
        data: usize,
        b: u8,
        limit: usize,
    ) -> Taken {
        let depth = usize::from(thread.depth);
        if b == self.open {
            let callee = self.call.get(state).copied().unwrap_or(0);
            if callee == 0 {
                return if data != 0 { Taken::Data } else { Taken::No };
            }
            if data != 0 || depth >= limit {
                return Taken::No;
            }
            match thread.stack.get_mut(depth) {
                Some(slot) => {
                    *slot = u16::try_from(state).unwrap_or(0);
                    thread.depth += 1;
                    Taken::Moved(usize::from(callee))
                }
                None => Taken::No,
            }
        } else {
            let ended = self.ret_mask.get(state).copied().unwrap_or(0);
            let back = match (ended, depth.checked_sub(1)) {
                (0, _) | (_, None) => None,
                (_, Some(top)) => thread
                    .stack
                    .get(top)
                    .and_then(|&caller| self.return_to(usize::from(caller), ended)),
            };
            match (back, data != 0) {
                (Some(to), false) => {
                    thread.depth -= 1;
                    Taken::Moved(usize::from(to))
                }
                (None, true) => Taken::Data,
                _ => Taken::No,
            }
        }
    }

    /// What the character of bytes `c` can do to `thread`: enter a
    /// bracket, leave one, or be data; and whether entering was refused
    /// for depth.
    fn moves(&self, thread: &Thread, c: &[u8]) -> ([Option<Move>; 3], bool) {
        let state = usize::from(thread.state);
        let mut moves = [None; 3];
        let mut too_deep = false;
        if c == [self.open] {
            let callee = self.call.get(state).copied().unwrap_or(0);
            if callee != 0 {
                if usize::from(thread.depth) < self.max_depth.min(MAX_CALL_DEPTH) {
                    moves[0] = Some(Move::Call(callee));
                } else {
                    too_deep = true;
                }
            }
        } else if c == [self.close] {
            let ended = self.ret_mask.get(state).copied().unwrap_or(0);
            if let (true, Some(&caller)) = (ended != 0, thread.calls().last()) {
                moves[1] = self.return_to(usize::from(caller), ended).map(Move::Return);
            }
        }
        let data = self.next_char(state, c);
        if data != 0 {
            moves[2] = u16::try_from(data).ok().map(Move::Data);
        }
        (moves, too_deep)
    }

    /// Where a bracket called from `caller` returns to when the brackets
    /// of `ended` may end.
    fn return_to(&self, caller: usize, ended: u64) -> Option<u16> {
        let from = self.returns_at.get(caller).map_or(0, |&a| a as usize);
        let to = self
            .returns_at
            .get(caller + 1)
            .map_or(from, |&a| a as usize);
        let entries = self.returns.get(from..to).unwrap_or(&[]);
        // The entries are keyed by the brackets the caller calls that may
        // end: the ended set restricted to those.
        let called = entries.iter().fold(0u64, |m, &(k, _)| m | k);
        let key = ended & called;
        entries.iter().find(|&&(k, _)| k == key).map(|&(_, s)| s)
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
