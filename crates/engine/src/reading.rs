//! One reading of a run with calls: a state and the stack of states its
//! open brackets return to, and a bracket's step for it: the moves the
//! opening or closing byte has, and the one it takes when it has one.
//! The table loop (`walk.rs`) takes a bracket for the one reading it runs
//! with; the run of every reading (`calls/`) steps each.

use crate::automaton::Automaton;
use crate::limits::MAX_CALL_DEPTH;

/// One reading of the input so far: a state and the calling states below
/// it, `stack[..depth]`.
#[derive(Clone, Copy)]
pub(crate) struct Thread {
    pub(crate) state: u16,
    pub(crate) depth: u8,
    pub(crate) stack: [u16; MAX_CALL_DEPTH],
}

impl Thread {
    pub(crate) fn calls(&self) -> &[u16] {
        self.stack
            .get(..usize::from(self.depth))
            .unwrap_or_default()
    }

    pub(crate) fn same(&self, other: &Thread) -> bool {
        self.state == other.state && self.calls() == other.calls()
    }
}

/// One way a reading goes on.
#[derive(Clone, Copy)]
pub(crate) enum Move {
    /// Into a bracket, to this state, pushing the current one.
    Call(u16),
    /// Out of one, to this state.
    Return(u16),
    /// To this state, the stack kept.
    Data(u16),
}

impl Move {
    pub(crate) fn apply(self, t: &mut Thread) {
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
pub(crate) enum Taken {
    /// It read it as data, to the state the table gives.
    Data,
    /// It entered or left a bracket, to the state of this index.
    Moved(usize),
    /// Not one way: the reading stops before it.
    No,
}

impl Automaton {
    /// The one way the bracket byte `b` moves `thread`, when it has
    /// exactly one and entering a bracket is not refused for depth.
    // As `moves` would say, with one of its moves and none of the others,
    // but without building them all: the table loop asks at every bracket
    // of a run with one reading.
    pub(crate) fn only_move(&self, thread: &Thread, b: u8) -> Option<Move> {
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
    pub(crate) fn take_bracket(
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
    pub(crate) fn moves(&self, thread: &Thread, c: &[u8]) -> ([Option<Move>; 3], bool) {
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
        // A caller with one entry (those of the common cross-references
        // of a path, `*(+a)`, are): it is the one when the ended set
        // holds all its key (`ended & called == called` below), found
        // without the two loops (about 30 instructions a closing bracket).
        if let [(key, to)] = entries {
            return (ended & key == *key).then_some(*to);
        }
        Self::search_returns(entries, ended)
    }

    /// [`return_to`](Automaton::return_to)'s answer among `entries` by
    /// their search, any number of them.
    fn search_returns(entries: &[(u64, u16)], ended: u64) -> Option<u16> {
        // The entries are keyed by the brackets the caller calls that may
        // end: the ended set restricted to those.
        let called = entries.iter().fold(0u64, |m, &(k, _)| m | k);
        let key = ended & called;
        entries.iter().find(|&&(k, _)| k == key).map(|&(_, s)| s)
    }
}

#[cfg(test)]
mod tests {
    use crate::fixtures::xri_typed;

    /// A caller with one return entry is answered without the search,
    /// as the search answers, for every ended set a state of each typed
    /// XRI rule can end with (and the empty and full ones): about a
    /// third of the callers have one entry (1,016 of 2,931).
    #[test]
    fn one_entry_is_answered_as_the_search_answers() {
        let (mut single, mut several) = (0, 0);
        for a in xri_typed() {
            let mut ends: Vec<u64> = a.ret_mask.iter().copied().collect();
            ends.extend([0, u64::MAX]);
            ends.sort_unstable();
            ends.dedup();
            for caller in 0..a.returns_at.len().saturating_sub(1) {
                let from = a.returns_at[caller] as usize;
                let entries = &a.returns[from..a.returns_at[caller + 1] as usize];
                match entries.len() {
                    1 => single += 1,
                    0 => continue,
                    _ => several += 1,
                }
                for &ended in &ends {
                    assert_eq!(
                        a.return_to(caller, ended),
                        crate::Automaton::search_returns(entries, ended),
                        "{} caller {caller} ended {ended:#x}",
                        a.rule
                    );
                }
            }
        }
        assert!(
            single > 500 && several > 500,
            "{single} single, {several} several"
        );
    }
}
