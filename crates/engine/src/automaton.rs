//! A compiled rule as plain data (the pass that runs it is in walk.rs).
//!
//! An [`Automaton`] is a deterministic automaton over the bytes of the
//! input's UTF-8 (made from the ABNF's character ranges by
//! `compile/bytes.rs`): each byte maps to its class through `byte_class`,
//! and `trans[row + class]` is the next state, where `row` is the state's
//! row offset (the state's id itself when `premultiplied`, else its index
//! times `stride`). State 0 is dead; `start` starts. Every byte from 0x80
//! up is in a class whose column is dead: there the run reads the
//! character's bytes through the UTF-8 trie (`lead`, then `trie`, one row
//! of 64 per continuation byte), whose last entry is the column of the
//! state's row to take. Nothing is decoded, and a byte string that is not
//! UTF-8 finds no column.
//!
//! A reference rule compiled with
//! [`Options::with_split`](crate::Options::with_split) records RFC 3986
//! Appendix B's split as it runs (`compile/appendix_b.rs`): the `tagged`
//! states after the accelerated ones are those a delimiter of the split
//! enters, and the last column of their row holds which ([`marks`]); the
//! run notes the offset after the delimiter in a [`marks::Marks`].
//!
//! The states `1..=accelerated` loop on many bytes; the last column of
//! each such state's row numbers its skip table (`skips`, 256 bytes each),
//! which the run reads without waiting on the transition tables: 1 for a
//! byte that keeps the state, 2 to 4 for the lead byte of a character
//! every encoding of which keeps it (the input is UTF-8, so the
//! continuation bytes need no look), [`SKIP_PCT`] for a `%` that keeps it
//! when two hexadecimal digits follow.
//!
//! In a rule with calls, some of the accelerated states form *groups*
//! (`compile/groups.rs`): sets of untagged states and a skip table of the
//! units (a byte, a character on its lead byte, a `%XX`) that take every
//! state of the group to one same state of it, whichever state the unit
//! is read in; brackets are never such a unit. A run of such units from a
//! state of the group then ends in the state its last unit leads to from
//! any state of the group: the run skips it with the table and steps that
//! unit again from the state it started in. A typed XRI path (`*a/b!c`)
//! changes state at nearly every byte, but within a group. Such a state's
//! last column has [`GROUP`] and the group's number, its table's.
//!
//! Rules whose recursion passes only through a bracket pair (XRI's
//! cross-references under the balanced-parentheses policy) compile to the
//! same tables plus calls: in a state with `call[state] != 0`, the opening
//! byte may enter the bracket's body (state `call[state]`), pushing the
//! state to return to; in a state with `ret_mask[state] != 0`, the closing
//! byte may leave it, to the state `returns` gives for the state on top of
//! the stack. Where the opening character is also data (RFC 3987's
//! `ireg-name` allows "(" where an XRI authority would read a
//! cross-reference), both readings are followed side by side; the stack is
//! bounded by `max_depth`, so the work per character is bounded too.
//!
//! Invariants, established by the compiler and checked by
//! [`Automaton::is_consistent`]: every transition names a state; every
//! per-state table has one entry a state; every skip table entry is
//! sound (the bytes it skips do keep the state; a group's take each of
//! its states to one same state of it); every name is listed once, and
//! every expected set holds a name once; every state is live
//! (some continuation of the input read so far is in the language),
//! except 0.

use std::borrow::Cow;

/// The tables of an [`Automaton`], as data: what each field holds is in
/// the module documentation of `automaton.rs` and beside the field; the
/// invariants an automaton's parts keep are those
/// [`Automaton::is_consistent`] checks.
///
/// ```
/// let a = xiri_engine::compile("a = 1*DIGIT\n", "a", &Default::default()).unwrap();
/// let parts: xiri_engine::Parts = (*a).clone();
/// assert_eq!(parts.rule, "a");
/// assert!(xiri_engine::Automaton::from_parts(parts).is_some());
/// ```
#[derive(Clone, Debug)]
pub struct Parts {
    /// The rule's name, as the grammar spells it.
    pub rule: Cow<'static, str>,
    /// The class of each byte (256 entries).
    pub byte_class: Cow<'static, [u8]>,
    /// Entries a state's row has: one per byte class, then its skip
    /// table's number.
    pub stride: usize,
    /// Whether `trans` names states by their row's offset (else by index).
    pub premultiplied: bool,
    /// The rows, state by state.
    pub trans: Cow<'static, [u16]>,
    /// The UTF-8 trie: for each lead byte from 0x80 up, 0 (no character
    /// starts so), `0x8000 | row` (a row of `trie`) or a column; each row of `trie`
    /// has 64 such entries, one per continuation byte.
    pub lead: Cow<'static, [u16]>,
    /// The UTF-8 trie's rows (see `lead`).
    pub trie: Cow<'static, [u16]>,
    /// The start state's index.
    pub start: usize,
    /// How many states are accelerated: those of index `1..=accelerated`.
    pub accelerated: usize,
    /// How many states are tagged (RFC 3986 Appendix B's split, recorded):
    /// those of index `accelerated + 1..=accelerated + tagged`, their tags
    /// in their row's last column.
    pub tagged: usize,
    /// The skip tables, 256 entries each, the accelerated states' in order.
    pub skips: Cow<'static, [u8]>,
    /// Each skip table's bytes that keep the state as 32 nibble masks
    /// (crates/engine/src/simd.rs), in the same order.
    pub skip_masks: Cow<'static, [u8]>,
    /// Whether each state accepts (at the outermost level).
    pub accept: Cow<'static, [bool]>,
    /// Each state's set of expected names (states share equal sets): set
    /// `k` is `expect[expect_at[k]..expect_at[k + 1]]`, state `s`'s is set
    /// `expect_of[s]`.
    pub expect_of: Cow<'static, [u16]>,
    /// Where each expected set starts in `expect` (see `expect_of`).
    pub expect_at: Cow<'static, [u32]>,
    /// Indexes into `names`.
    pub expect: Cow<'static, [u16]>,
    /// The names expected sets refer to.
    pub names: Cow<'static, [Cow<'static, str>]>,
    /// The bytes of the bracket pair (0 when the rule has no calls).
    pub open: u8,
    /// The closing byte of the bracket pair (0 when the rule has no calls).
    pub close: u8,
    /// Per state: where the opening byte enters a bracket's body, or 0.
    pub call: Cow<'static, [u16]>,
    /// Per state: which brackets' bodies may end here (bit `b` for bracket `b`).
    pub ret_mask: Cow<'static, [u64]>,
    /// Per calling state: `(ended brackets, state after the closing
    /// byte)`, `returns[returns_at[state]..returns_at[state + 1]]`.
    pub returns_at: Cow<'static, [u32]>,
    /// The `(ended brackets, state after the closing byte)` pairs (see
    /// `returns_at`).
    pub returns: Cow<'static, [(u64, u16)]>,
    /// How deep brackets may nest.
    pub max_depth: usize,
}

/// A rule compiled to a deterministic automaton over the bytes of UTF-8,
/// with calls for bracketed recursion. Built by
/// [`compile`](crate::compile), or made from its [`Parts`] (the Rust source
/// [`to_rust`](crate::to_rust) writes, which xiri's `build.rs` compiles
/// into the library for the rules it runs on every input).
///
/// An automaton is its parts, whose invariants hold (module documentation of
/// `automaton.rs`; [`is_consistent`](Automaton::is_consistent)): it derefs
/// to them, read-only, and is made from them by
/// [`from_parts`](Automaton::from_parts), which checks them.
///
/// ```
/// let abnf = "word = 1*( ALPHA / %xE9 )\n";
/// let automaton = xiri_engine::compile(abnf, "word", &Default::default()).unwrap();
/// assert!(automaton.check("r\u{e9}sum\u{e9}").is_ok());
/// assert_eq!(automaton.check("a b").unwrap_err().offset, 1);
/// // Its parts, read through `Deref`: state 0 is dead, the start is not.
/// assert_ne!(automaton.start, 0);
/// ```
#[derive(Clone, Debug)]
pub struct Automaton(pub(crate) Parts);

impl std::ops::Deref for Automaton {
    type Target = Parts;

    fn deref(&self) -> &Parts {
        &self.0
    }
}

/// For each stride `s` up to 256, `ceil(2^32 / s)`: a premultiplied id
/// `k * s` (below 2^16) times it, shifted right by 32, is `k` exactly
/// (`k * s * ceil(2^32 / s) = k * 2^32 + k * e` with `e < s`, and
/// `k * e < 2^32`). A state's index without a division: the run with
/// calls asks for it at every bracket.
// Built at compile time, within its bounds.
#[allow(clippy::indexing_slicing)]
static RECIPROCAL: [u64; 257] = {
    let mut t = [0u64; 257];
    let mut s = 1;
    while s < 257 {
        t[s] = (1u64 << 32).div_ceil(s as u64);
        s += 1;
    }
    t
};

/// The bit of a UTF-8 trie entry that names a row rather than a column.
pub(crate) const TRIE_NODE: u16 = 0x8000;

/// The skip table's entry for a `%` that two hexadecimal digits bring back
/// to the state.
pub(crate) const SKIP_PCT: u8 = 5;

/// The bit of an accelerated state's last column that makes it a
/// group's (module documentation): the column then holds the group's
/// number, which is its skip table's (from 1), at [`GROUP_SHIFT`].
pub(crate) const GROUP: u16 = 0x4000;
/// Where a group's number starts in the last column.
pub(crate) const GROUP_SHIFT: u16 = 8;
/// How many groups an automaton has at most.
pub(crate) const MAX_GROUPS: u16 = 0x3F;

use super::walk::Brackets;
use crate::Refusal;
use crate::marks::Marks;

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
pub(super) enum Stop {
    /// At the end of the input, in this state.
    End(usize),
    /// Before the byte at the offset, which no transition of the state
    /// takes.
    Dead(usize, usize),
    /// Before a bracket at the offset.
    Bracket(usize, usize),
}

impl Automaton {
    /// The name of the rule this automaton decides.
    ///
    /// ```
    /// let a = xiri_engine::compile("URI = 1*ALPHA\n", "URI", &Default::default()).unwrap();
    /// assert_eq!(a.rule(), "URI");
    /// ```
    pub fn rule(&self) -> &str {
        &self.rule
    }

    /// How many states it has (the dead state included).
    ///
    /// ```
    /// let a = xiri_engine::compile("octet = 1*3DIGIT\n", "octet", &Default::default()).unwrap();
    /// assert_eq!(a.states(), 5);
    /// ```
    pub fn states(&self) -> usize {
        self.accept.len()
    }

    /// How many classes the 256 bytes fall into.
    ///
    /// ```
    /// let a = xiri_engine::compile("a = 1*DIGIT\n", "a", &Default::default()).unwrap();
    /// assert_eq!(a.byte_classes(), 2);
    /// ```
    pub fn byte_classes(&self) -> usize {
        self.stride.saturating_sub(1)
    }

    /// How many states skip runs of the bytes they loop on.
    ///
    /// ```
    /// let a = xiri_engine::compile("path = *( ALPHA / \"/\" )\n", "path", &Default::default()).unwrap();
    /// assert_eq!(a.accelerated_states(), 1);
    /// ```
    pub fn accelerated_states(&self) -> usize {
        self.accelerated
    }

    /// Whether a run records RFC 3986 Appendix B's split (compiled with
    /// [`Options::with_split`](crate::Options::with_split)), as
    /// the built-in reference rules of the URI, IRI and LEIRI grammars do.
    ///
    /// ```
    /// use xiri_engine::{compile, Options};
    /// let abnf = "r = *ALPHA [ \"?\" *ALPHA ]\n";
    /// assert!(compile(abnf, "r", &Options::new().with_split()).unwrap().records_split());
    /// assert!(!compile(abnf, "r", &Options::new()).unwrap().records_split());
    /// ```
    pub fn records_split(&self) -> bool {
        self.tagged > 0
    }

    /// The size of its tables in bytes.
    ///
    /// ```
    /// let a = xiri_engine::compile("a = 1*DIGIT\n", "a", &Default::default()).unwrap();
    /// assert!(a.table_bytes() > 256 && a.table_bytes() < 2_000);
    /// ```
    pub fn table_bytes(&self) -> usize {
        let states = self.states();
        256 + 2 * (self.trans.len() + self.lead.len() + self.trie.len())
            + self.skips.len()
            + self.skip_masks.len()
            + states * (1 + 2 + 8)
            + 2 * self.expect_of.len()
            + 4 * (self.expect_at.len() + self.returns_at.len())
            + 2 * self.expect.len()
            + 10 * self.returns.len()
    }

    /// Whether the rule's recursion is compiled to calls (a stack of
    /// return states) rather than being regular.
    ///
    /// ```
    /// use xiri_engine::{compile, Options};
    /// let abnf = "g = *( \"a\" / \"(\" g \")\" )\n";
    /// let options = Options::new().with_brackets('(', ')');
    /// assert!(compile(abnf, "g", &options).unwrap().has_calls());
    /// assert!(!compile("a = 1*DIGIT\n", "a", &options).unwrap().has_calls());
    /// ```
    pub fn has_calls(&self) -> bool {
        self.open != 0
    }

    /// Whether `input` is in the rule's language, in one pass. For a rule
    /// with calls, `false` also where the run gives up
    /// ([`Refusal::too_deep`]: a bracket nested past the limit, or more
    /// readings than a run follows at once); [`check`](Automaton::check)
    /// tells the two apart.
    ///
    /// ```
    /// let abnf = "urn = \"urn:\" 1*( ALPHA / \":\" )\n";
    /// let a = xiri_engine::compile(abnf, "urn", &Default::default()).unwrap();
    /// assert!(a.matches("urn:example:a"));
    /// ```
    pub fn matches(&self, input: &str) -> bool {
        self.split_of(input).is_some()
    }

    /// [`matches`](Automaton::matches), with where the run saw the
    /// delimiters of Appendix B's split when it [records
    /// them](Automaton::records_split); no allocation.
    ///
    /// ```
    /// use xiri_engine::{compile, marks::QUERY, Options};
    /// let a = compile("r = *ALPHA [ \"?\" *ALPHA ]\n", "r", &Options::new().with_split()).unwrap();
    /// assert_eq!(a.split_of("ab?c").unwrap().after(QUERY), Some(3));
    /// assert!(a.split_of("ab?c?").is_none());
    /// ```
    pub fn split_of(&self, input: &str) -> Option<Marks> {
        let mut marks = Marks::default();
        if self.has_calls() {
            return self.matches_with_calls(input).then_some(marks);
        }
        let end = self.run_from(input, self.start, 0, Brackets::Data, &mut marks);
        matches!(end, Stop::End(s) if self.accepts(s)).then_some(marks)
    }

    /// The verdict on `input`, with the [`Refusal`] when it is not in the
    /// language. Linear in the input; without calls it allocates only for
    /// the refusal.
    ///
    /// ```
    /// let abnf = "host = \"[\" 1*( HEXDIG / \":\" ) \"]\"\n";
    /// let a = xiri_engine::compile(abnf, "host", &Default::default()).unwrap();
    /// let refusal = a.check("[::1").unwrap_err();
    /// assert_eq!(refusal.offset, 4);
    /// assert!(refusal.expected.iter().any(|e| e == "\"]\""));
    /// ```
    pub fn check(&self, input: &str) -> Result<(), Refusal> {
        if self.has_calls() {
            return self.check_with_calls(input);
        }
        self.check_split(input).map(drop)
    }

    /// [`check`](Automaton::check), with where the run saw the delimiters
    /// of Appendix B's split when it [records them](Automaton::records_split).
    ///
    /// ```
    /// use xiri_engine::{compile, marks::QUERY, Options};
    /// let a = compile("r = *ALPHA [ \"?\" *ALPHA ]\n", "r", &Options::new().with_split()).unwrap();
    /// assert_eq!(a.check_split("ab?c").unwrap().after(QUERY), Some(3));
    /// assert_eq!(a.check_split("ab?c?").unwrap_err().offset, 4);
    /// ```
    pub fn check_split(&self, input: &str) -> Result<Marks, Refusal> {
        let mut marks = Marks::default();
        if self.has_calls() {
            return self.check_with_calls(input).map(|()| marks);
        }
        match self.run_from(input, self.start, 0, Brackets::Data, &mut marks) {
            Stop::End(state) if self.accepts(state) => Ok(marks),
            Stop::End(state) => Err(self.refusal(&[state], input.len(), false)),
            Stop::Dead(state, i) | Stop::Bracket(state, i) => Err(self.refusal(&[state], i, false)),
        }
    }

    /// Whether state `state` accepts: the prefix read so far, ending in
    /// it, is a member.
    ///
    /// ```
    /// let a = xiri_engine::compile("a = \"x\"\n", "a", &Default::default()).unwrap();
    /// assert!(!a.accepts(a.start));
    /// assert!(a.accepts(a.next_char(a.start, b"x")));
    /// ```
    pub fn accepts(&self, state: usize) -> bool {
        self.accept.get(state).copied().unwrap_or(false)
    }

    /// The state after the character of bytes `c` in state `state`
    /// (indexes; 0, dead, when no transition takes it).
    ///
    /// ```
    /// let a = xiri_engine::compile("a = \"x\" %xE9\n", "a", &Default::default()).unwrap();
    /// let after_x = a.next_char(a.start, b"x");
    /// assert_ne!(after_x, 0);
    /// assert!(a.accepts(a.next_char(after_x, "\u{e9}".as_bytes())));
    /// assert_eq!(a.next_char(a.start, b"y"), 0);
    /// ```
    pub fn next_char(&self, state: usize, c: &[u8]) -> usize {
        let column = match c {
            [b] => usize::from(self.byte_class.get(usize::from(*b)).copied().unwrap_or(0)),
            _ => match self.wide(c, 0) {
                (0, _) => return 0,
                (column, _) => column,
            },
        };
        let next = self
            .trans
            .get(state * self.stride + column)
            .map_or(0, |&s| usize::from(s));
        self.index_of(next)
    }

    /// The index of the state named `id` in `trans`: `id / stride` when
    /// the ids are premultiplied (exact multiples of the stride).
    #[inline]
    pub(super) fn index_of(&self, id: usize) -> usize {
        if self.premultiplied {
            match RECIPROCAL.get(self.stride) {
                Some(&reciprocal) => ((id as u64 * reciprocal) >> 32) as usize,
                None => id / self.stride.max(1),
            }
        } else {
            id
        }
    }
}

#[cfg(test)]
mod tests {
    use super::RECIPROCAL;

    #[test]
    fn the_reciprocal_divides_every_premultiplied_id() {
        for (stride, &reciprocal) in RECIPROCAL.iter().enumerate().skip(1) {
            for k in 0..=usize::from(u16::MAX) / stride {
                let id = (k * stride) as u64;
                assert_eq!((id * reciprocal) >> 32, k as u64, "{k} * {stride}");
            }
        }
    }
}
