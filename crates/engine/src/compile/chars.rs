//! The compiler's middle stage: a deterministic automaton over character
//! classes, made by subset construction (`dfa.rs`) and minimized
//! (`minimize.rs`), before `bytes.rs` lowers it to the byte-level
//! [`Automaton`](crate::Automaton) the library runs.
//!
//! `trans[state * classes + class]` is the next state; state 0 is dead and
//! state 1 starts. A character maps to its class through `ascii` below
//! U+0080 and through the sorted, disjoint ranges of `beyond` above it; a
//! character in no range is class 0, on which every transition is dead.
//! The calls' tables are the byte-level automaton's (see
//! `crates/engine/src/tables.rs`), indexed by these states.
//!
//! It also runs, character by character, with no acceleration: the test
//! oracle the byte-level automaton is held to
//! ([`CharAutomaton`](crate::CharAutomaton), in `mod.rs`).

/// The character-class automaton of a rule.
#[derive(Clone, Debug)]
pub(crate) struct CharDfa {
    pub(crate) rule: String,
    /// How many character classes there are (class 0 included).
    pub(crate) classes: usize,
    /// The class of each character below U+0080.
    pub(crate) ascii: Vec<u8>,
    /// `(first, last, class)` from U+0080 up, sorted; others are class 0.
    pub(crate) beyond: Vec<(u32, u32, u8)>,
    pub(crate) trans: Vec<u16>,
    pub(crate) accept: Vec<bool>,
    pub(crate) expect_at: Vec<u32>,
    pub(crate) expect: Vec<u16>,
    pub(crate) names: Vec<String>,
    /// The class of the opening bracket (0 when the rule has no calls).
    pub(crate) open: u8,
    pub(crate) call: Vec<u16>,
    pub(crate) ret_mask: Vec<u64>,
    pub(crate) returns_at: Vec<u32>,
    pub(crate) returns: Vec<(u64, u16)>,
    pub(crate) max_depth: usize,
    /// Per state, the mask of Appendix B's delimiters whose run enters it
    /// (`appendix_b.rs`); empty when the rule records none.
    pub(crate) tags: Vec<u8>,
}

impl CharDfa {
    /// How many states (the dead state included).
    pub(crate) fn states(&self) -> usize {
        self.accept.len()
    }

    /// The state after `class` in `state` (0 outside the tables).
    pub(crate) fn next(&self, state: usize, class: u8) -> u16 {
        self.trans
            .get(state * self.classes + usize::from(class))
            .copied()
            .unwrap_or(0)
    }

    /// The class of the code point `c`.
    pub(crate) fn class_of(&self, c: u32) -> u8 {
        if c < 0x80 {
            return self.ascii.get(c as usize).copied().unwrap_or(0);
        }
        let at = self.beyond.partition_point(|&(_, last, _)| last < c);
        match self.beyond.get(at) {
            Some(&(first, _, class)) if first <= c => class,
            _ => 0,
        }
    }

    /// State `state`'s tags (0 for none).
    pub(crate) fn tags_of(&self, state: usize) -> u8 {
        self.tags.get(state).copied().unwrap_or(0)
    }

    /// State `state`'s expected names (indexes into `names`).
    pub(crate) fn expected(&self, state: usize) -> &[u16] {
        let from = self.expect_at.get(state).map_or(0, |&x| x as usize);
        let to = self.expect_at.get(state + 1).map_or(from, |&x| x as usize);
        self.expect.get(from..to).unwrap_or(&[])
    }

    /// State `state`'s returns: `(ended brackets, state after ")")`.
    pub(crate) fn returns_of(&self, state: usize) -> &[(u64, u16)] {
        let from = self.returns_at.get(state).map_or(0, |&x| x as usize);
        let to = self.returns_at.get(state + 1).map_or(from, |&x| x as usize);
        self.returns.get(from..to).unwrap_or(&[])
    }
}
