//! The run of an automaton with calls (src/engine/automaton.rs, module
//! documentation): every reading of the input followed at once, each a
//! state and the stack of states its open brackets return to.
//!
//! A reading is a fixed-size value (its stack holds at most
//! [`MAX_CALL_DEPTH`] states), and the readings alive at once are kept in
//! a small inline vector, so a run allocates nothing while at most four
//! readings are alive (XRI never has more than two) and nothing but the
//! refusal otherwise. While one reading is alive and the character is not
//! a bracket, a step is a table lookup, as without calls.

use super::automaton::{Automaton, Refusal, Stop};
use smallvec::SmallVec;

/// How deep a run with calls nests at most, whatever the automaton's
/// `max_depth` says (`Options::with_max_depth`).
///
/// ```
/// assert!(xiri::engine::MAX_CALL_DEPTH >= xiri::MAX_NESTING);
/// ```
pub const MAX_CALL_DEPTH: usize = 64;

/// One reading of the input so far: a state and the calling states below
/// it, `stack[..depth]`.
#[derive(Clone, Copy)]
struct Thread {
    state: u16,
    depth: usize,
    stack: [u16; MAX_CALL_DEPTH],
}

impl Thread {
    fn calls(&self) -> &[u16] {
        self.stack.get(..self.depth).unwrap_or_default()
    }

    fn same(&self, other: &Thread) -> bool {
        self.state == other.state && self.calls() == other.calls()
    }
}

type Threads = SmallVec<[Thread; 4]>;

/// One way a reading goes on.
#[derive(Clone, Copy)]
enum Move {
    /// Into a bracket, to this state, pushing the current one.
    Call(u16),
    /// Out of one, to this state.
    Return(u16),
    /// To this state, the stack kept.
    Data(u16),
}

impl Move {
    fn apply(self, t: &mut Thread) {
        match self {
            Move::Call(callee) => {
                if let Some(slot) = t.stack.get_mut(t.depth) {
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

impl Automaton {
    /// The run with calls.
    pub(super) fn check_with_calls(&self, input: &str) -> Result<(), Refusal> {
        let bytes = input.as_bytes();
        // Two buffers, read from one and written to the other by turns
        // (swapping the references, not the inline buffers).
        let (mut first, mut second): (Threads, Threads) = (SmallVec::new(), SmallVec::new());
        first.push(Thread {
            state: 1,
            depth: 0,
            stack: [0; MAX_CALL_DEPTH],
        });
        let (mut threads, mut next) = (&mut first, &mut second);
        let mut i = 0;
        while i < bytes.len() {
            if let [only] = threads.as_mut_slice() {
                // One reading: the tables alone, up to a bracket.
                match self.run_from(input, usize::from(only.state), i, true) {
                    Stop::End(state) => {
                        only.state = u16::try_from(state).unwrap_or(0);
                        break;
                    }
                    Stop::Dead(state, at) => {
                        only.state = u16::try_from(state).unwrap_or(0);
                        return Err(self.refusal_of(threads.as_slice(), at, false));
                    }
                    Stop::Bracket(state, at) => {
                        only.state = u16::try_from(state).unwrap_or(0);
                        i = at;
                    }
                }
            }
            let (class, width) = self.class_at(input, i);
            if let [only] = threads.as_mut_slice() {
                // One reading with one way on: moved in place.
                if let (
                    [Some(m), None, None] | [None, Some(m), None] | [None, None, Some(m)],
                    false,
                ) = self.moves(only, class)
                {
                    m.apply(only);
                    i += width;
                    continue;
                }
            }
            let mut too_deep = false;
            next.clear();
            for thread in threads.iter() {
                too_deep |= self.step(thread, class, next);
            }
            if next.is_empty() {
                return Err(self.refusal_of(threads.as_slice(), i, too_deep));
            }
            std::mem::swap(&mut threads, &mut next);
            i += width;
        }
        let accepted = threads
            .iter()
            .any(|t| t.depth == 0 && self.accept.get(usize::from(t.state)).copied() == Some(true));
        if accepted {
            Ok(())
        } else {
            Err(self.refusal_of(threads.as_slice(), input.len(), false))
        }
    }

    /// The readings `thread` has after a character of `class`, added to
    /// `out` (once each); whether a call was refused for its depth.
    fn step(&self, thread: &Thread, class: u8, out: &mut Threads) -> bool {
        let (moves, too_deep) = self.moves(thread, class);
        for m in moves.into_iter().flatten() {
            let mut t = *thread;
            m.apply(&mut t);
            if !out.iter().any(|o| o.same(&t)) {
                out.push(t);
            }
        }
        too_deep
    }

    /// What a character of `class` can do to `thread`: enter a bracket,
    /// leave one, or be data; and whether entering was refused for depth.
    fn moves(&self, thread: &Thread, class: u8) -> ([Option<Move>; 3], bool) {
        let state = usize::from(thread.state);
        let mut moves = [None; 3];
        let mut too_deep = false;
        if class == self.open {
            let callee = self.call.get(state).copied().unwrap_or(0);
            if callee != 0 {
                if thread.depth < self.max_depth.min(MAX_CALL_DEPTH) {
                    moves[0] = Some(Move::Call(callee));
                } else {
                    too_deep = true;
                }
            }
        } else if class == self.close {
            let ended = self.ret_mask.get(state).copied().unwrap_or(0);
            if let (true, Some(&caller)) = (ended != 0, thread.calls().last()) {
                moves[1] = self.return_to(usize::from(caller), ended).map(Move::Return);
            }
        }
        let data = self.next(state, class);
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
        let states: Vec<usize> = threads.iter().map(|t| usize::from(t.state)).collect();
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
            let close = self
                .ascii
                .iter()
                .position(|&c| c == self.close && c != 0)
                .and_then(|b| u8::try_from(b).ok())
                .map_or(String::from("\")\""), |b| {
                    format!("{:?}", char::from(b).to_string())
                });
            if !refusal.expected.contains(&close) {
                refusal.expected.push(close);
            }
        }
        refusal
    }
}
