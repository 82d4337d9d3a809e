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
//! oracle the byte-level automaton is held to ([`CharAutomaton`]).

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

/// A rule's character-class automaton, run a character at a time with no
/// acceleration: the oracle the byte-level automaton is tested against
/// (`tests/engine_bytes.rs`). Only for rules without calls.
///
/// ```
/// let a = xiri_engine::CharAutomaton::compile("a = 1*%x61-7A %xE9\n", "a").unwrap();
/// assert!(a.matches("abc\u{e9}"));
/// assert!(!a.matches("abc"));
/// ```
#[derive(Clone, Debug)]
pub struct CharAutomaton(pub(crate) CharDfa);

impl CharAutomaton {
    /// Compiles `rule` of the ABNF `text` to the character-class stage,
    /// without brackets.
    ///
    /// ```
    /// assert!(xiri_engine::CharAutomaton::compile("a = \"x\"\n", "a").is_ok());
    /// ```
    pub fn compile(text: &str, rule: &str) -> Result<Self, super::CompileError> {
        let grammar = super::checked(text)?;
        super::char_dfa(&grammar, rule, &super::Options::new()).map(CharAutomaton)
    }

    /// How many states it has (the dead state included).
    ///
    /// ```
    /// let a = xiri_engine::CharAutomaton::compile("a = \"x\"\n", "a").unwrap();
    /// assert_eq!(a.states(), 3);
    /// ```
    pub fn states(&self) -> usize {
        self.0.states()
    }

    /// Whether `input` is in the rule's language, decoding each
    /// character and looking its class up.
    ///
    /// ```
    /// let a = xiri_engine::CharAutomaton::compile("a = \"x\"\n", "a").unwrap();
    /// assert!(a.matches("x") && !a.matches("xx"));
    /// ```
    pub fn matches(&self, input: &str) -> bool {
        self.refusal_offset(input).is_none()
    }

    /// Where `input` is refused: the byte offset of the first character
    /// no transition takes, or the input's length when it ends short of
    /// the language; `None` when it is a member.
    ///
    /// ```
    /// let a = xiri_engine::CharAutomaton::compile("a = \"x\" \"y\"\n", "a").unwrap();
    /// assert_eq!(a.refusal_offset("xz"), Some(1));
    /// assert_eq!(a.refusal_offset("x"), Some(1));
    /// assert_eq!(a.refusal_offset("xy"), None);
    /// ```
    pub fn refusal_offset(&self, input: &str) -> Option<usize> {
        let dfa = &self.0;
        let mut state = 1usize;
        for (at, c) in input.char_indices() {
            state = usize::from(dfa.next(state, dfa.class_of(u32::from(c))));
            if state == 0 {
                return Some(at);
            }
        }
        (!dfa.accept.get(state).copied().unwrap_or(false)).then_some(input.len())
    }
}
