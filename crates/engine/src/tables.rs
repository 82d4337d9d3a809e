//! The tables of an automaton, as data: their layout, and the constants
//! their columns are read with. The ground floor of the engine: the
//! compiler (`compile/`) writes these tables, the runs (`walk.rs`,
//! `skip.rs`, `calls/`) read them, and `consistent/` checks them.
//!
//! An [`Automaton`](crate::Automaton) is a deterministic automaton over
//! the bytes of the input's UTF-8 (made from the ABNF's character ranges by
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
//! enters, and the last column of their row holds which
//! ([`marks`](crate::marks)); the run notes the offset after the
//! delimiter in a [`Marks`](crate::marks::Marks).
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
//! [`Automaton::is_consistent`](crate::Automaton::is_consistent): every
//! transition names a state; every per-state table has one entry a
//! state; every skip table entry is
//! sound (the bytes it skips do keep the state; a group's take each of
//! its states to one same state of it); every name is listed once, and
//! every expected set holds a name once; every state is live
//! (some continuation of the input read so far is in the language),
//! except 0.

use std::borrow::Cow;

/// The tables of an [`Automaton`](crate::Automaton), as data: what each
/// field holds is in the module documentation of `tables.rs` and beside
/// the field; the invariants an automaton's parts keep are those
/// [`Automaton::is_consistent`](crate::Automaton::is_consistent) checks.
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

/// How many bytes a state must loop on to be accelerated (`compile/bytes.rs`),
/// and how many a group's table must cover to stand in for the tables of
/// its states (`compile/groups.rs`).
pub(crate) const ACCELERATE_AT: usize = 12;
