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
//! [`Options::with_split`](crate::engine::Options::with_split) records RFC 3986
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

/// Where and why an input is not in a rule's language.
///
/// `offset` is the length of the longest prefix of the input that some
/// member of the language starts with: the input is refused at the first
/// character after it (or at its end, when the whole input is such a
/// prefix). It is a property of the language, not of a parser.
///
/// ```
/// let rule = xiri::Grammar::Uri.rule("scheme").unwrap();
/// let refusal = rule.automaton().unwrap().check("ht!tp").unwrap_err();
/// assert_eq!(refusal.offset, 2);
/// assert!(refusal.expected.iter().any(|e| e == "ALPHA"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Refusal {
    /// The byte offset of the first character no member can have there.
    pub offset: usize,
    /// What could continue the prefix: ABNF rule names (for a character
    /// of a rule that stands for one character, such as `ALPHA` or
    /// `sub-delims`) and quoted literals (`":"`, `"//"`).
    pub expected: Vec<Cow<'static, str>>,
    /// Whether the run gave up there rather than refused: a bracket
    /// opened there would nest deeper than the automaton's limit, or the
    /// readings of an ambiguous rule with calls would grow past the
    /// number a run follows at once (64; the built-in rules have at most
    /// two). The input may then be a member; the workbench's decider asks
    /// its general parser.
    pub too_deep: bool,
}

/// A rule compiled to a deterministic automaton over the bytes of UTF-8,
/// with calls for bracketed recursion. Built by
/// [`compile`](crate::engine::compile), or compiled into the library for
/// the built-in grammars' rules ([`Rule::automaton`](crate::Rule::automaton)).
///
/// ```
/// let rule = xiri::Grammar::Iri.rule("IRI-reference").unwrap();
/// let automaton = rule.automaton().unwrap();
/// assert!(automaton.check("http://r\u{e9}sum\u{e9}.example/").is_ok());
/// assert_eq!(automaton.check("http://a b").unwrap_err().offset, 8);
/// ```
#[derive(Clone, Debug)]
pub struct Automaton {
    /// The rule's name, as the grammar spells it.
    pub(crate) rule: Cow<'static, str>,
    /// The class of each byte (256 entries).
    pub(crate) byte_class: Cow<'static, [u8]>,
    /// Entries a state's row has: one per byte class, then its skip
    /// table's number.
    pub(crate) stride: usize,
    /// Whether `trans` names states by their row's offset (else by index).
    pub(crate) premultiplied: bool,
    /// The rows, state by state.
    pub(crate) trans: Cow<'static, [u16]>,
    /// The UTF-8 trie: for each lead byte from 0x80 up, 0 (no character
    /// starts so), [`TRIE_NODE`] `| row` or a column; each row of `trie`
    /// has 64 such entries, one per continuation byte.
    pub(crate) lead: Cow<'static, [u16]>,
    pub(crate) trie: Cow<'static, [u16]>,
    /// The start state's index.
    pub(crate) start: usize,
    /// How many states are accelerated: those of index `1..=accelerated`.
    pub(crate) accelerated: usize,
    /// How many states are tagged (RFC 3986 Appendix B's split, recorded):
    /// those of index `accelerated + 1..=accelerated + tagged`, their tags
    /// in their row's last column.
    pub(crate) tagged: usize,
    /// The skip tables, 256 entries each, the accelerated states' in order.
    pub(crate) skips: Cow<'static, [u8]>,
    /// Each skip table's bytes that keep the state as 32 nibble masks
    /// (src/engine/simd.rs), in the same order.
    pub(crate) skip_masks: Cow<'static, [u8]>,
    /// Whether each state accepts (at the outermost level).
    pub(crate) accept: Cow<'static, [bool]>,
    /// Each state's set of expected names (states share equal sets): set
    /// `k` is `expect[expect_at[k]..expect_at[k + 1]]`, state `s`'s is set
    /// `expect_of[s]`.
    pub(crate) expect_of: Cow<'static, [u16]>,
    pub(crate) expect_at: Cow<'static, [u32]>,
    /// Indexes into `names`.
    pub(crate) expect: Cow<'static, [u16]>,
    /// The names expected sets refer to.
    pub(crate) names: Cow<'static, [Cow<'static, str>]>,
    /// The bytes of the bracket pair (0 when the rule has no calls).
    pub(crate) open: u8,
    pub(crate) close: u8,
    /// Per state: where the opening byte enters a bracket's body, or 0.
    pub(crate) call: Cow<'static, [u16]>,
    /// Per state: which brackets' bodies may end here (bit `b` for bracket `b`).
    pub(crate) ret_mask: Cow<'static, [u64]>,
    /// Per calling state: `(ended brackets, state after the closing
    /// byte)`, `returns[returns_at[state]..returns_at[state + 1]]`.
    pub(crate) returns_at: Cow<'static, [u32]>,
    pub(crate) returns: Cow<'static, [(u64, u16)]>,
    /// How deep brackets may nest.
    pub(crate) max_depth: usize,
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

/// The delimiters of RFC 3986 Appendix B's split that a run records
/// (`compile/appendix_b.rs`), one bit each, and where a run saw them.
pub(crate) mod marks {
    /// The ":" after a scheme.
    pub(crate) const SCHEME_END: u8 = 1;
    /// The second "/" of the "//" before an authority.
    pub(crate) const AUTHORITY_START: u8 = 2;
    /// The "/", "?" or "#" after an authority.
    pub(crate) const AUTHORITY_END: u8 = 4;
    /// The "?" before a query.
    pub(crate) const QUERY: u8 = 8;
    /// The "#" before a fragment.
    pub(crate) const FRAGMENT: u8 = 16;
    /// The "@" after the user information.
    pub(crate) const USERINFO_END: u8 = 32;

    /// For each of the bits above, the offset after its delimiter, 0
    /// where the run saw none (no delimiter ends at offset 0).
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub(crate) struct Marks([usize; 6]);

    // build.rs compiles this file for the compiler alone, which reads the
    // bits, not the marks.
    #[allow(dead_code)]
    impl Marks {
        /// The run entered a state with `tags` before offset `at`.
        #[inline]
        pub(crate) fn record(&mut self, tags: usize, at: usize) {
            // A select per bit rather than a branch: which tags a state
            // carries varies from one to the next, and a mispredicted
            // branch costs more than the six selects.
            for (bit, slot) in self.0.iter_mut().enumerate() {
                *slot = if tags & (1 << bit) != 0 { at } else { *slot };
            }
        }

        /// Leaves out the delimiters seen after offset `end`: the marks
        /// of the run's prefix up to `end`.
        pub(crate) fn keep_until(&mut self, end: usize) {
            for slot in &mut self.0 {
                if *slot > end {
                    *slot = 0;
                }
            }
        }

        /// The offset after the delimiter of `tag` (one of the bits), if
        /// the run saw it.
        #[inline]
        pub(crate) fn after(&self, tag: u8) -> Option<usize> {
            let at = self.0.get(tag.trailing_zeros() as usize).copied();
            at.filter(|&a| a != 0)
        }
    }
}

use super::walk::Brackets;
use marks::Marks;

/// What [`Automaton::longest_from`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Longest {
    /// The end of the longest prefix that is a member, if any.
    pub(crate) end: Option<usize>,
    /// The delimiters of Appendix B's split in that prefix.
    pub(crate) marks: Marks,
    /// The offset where the run stopped: the bytes it read.
    pub(crate) read: usize,
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
    /// let rule = xiri::Grammar::Uri.rule("URI").unwrap();
    /// assert_eq!(rule.automaton().unwrap().rule(), "URI");
    /// ```
    pub fn rule(&self) -> &str {
        &self.rule
    }

    /// How many states it has (the dead state included).
    ///
    /// ```
    /// let rule = xiri::Grammar::Uri.rule("IPv4address").unwrap();
    /// assert!(rule.automaton().unwrap().states() > 10);
    /// ```
    pub fn states(&self) -> usize {
        self.accept.len()
    }

    /// How many classes the 256 bytes fall into.
    ///
    /// ```
    /// let a = xiri::engine::compile("a = 1*DIGIT\n", "a", &Default::default()).unwrap();
    /// assert_eq!(a.byte_classes(), 2);
    /// ```
    pub fn byte_classes(&self) -> usize {
        self.stride.saturating_sub(1)
    }

    /// How many states skip runs of the bytes they loop on.
    ///
    /// ```
    /// let rule = xiri::Grammar::Iri.rule("IRI-reference").unwrap();
    /// assert!(rule.automaton().unwrap().accelerated_states() > 0);
    /// ```
    pub fn accelerated_states(&self) -> usize {
        self.accelerated
    }

    /// Whether a run records RFC 3986 Appendix B's split (compiled with
    /// [`Options::with_split`](crate::engine::Options::with_split)), as
    /// the built-in reference rules of the URI, IRI and LEIRI grammars do.
    ///
    /// ```
    /// let rule = xiri::Grammar::Iri.rule("IRI-reference").unwrap();
    /// assert!(rule.automaton().unwrap().records_split());
    /// let rule = xiri::Grammar::Iri.rule("ipath-abempty").unwrap();
    /// assert!(!rule.automaton().unwrap().records_split());
    /// ```
    pub fn records_split(&self) -> bool {
        self.tagged > 0
    }

    /// The size of its tables in bytes.
    ///
    /// ```
    /// let rule = xiri::Grammar::Uri.rule("URI-reference").unwrap();
    /// assert!(rule.automaton().unwrap().table_bytes() < 100_000);
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
    /// let xri = xiri::Grammar::Xri.rule("XRI-reference").unwrap();
    /// assert!(xri.automaton().unwrap().has_calls());
    /// let uri = xiri::Grammar::Uri.rule("URI-reference").unwrap();
    /// assert!(!uri.automaton().unwrap().has_calls());
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
    /// let rule = xiri::Grammar::Uri.rule("URI").unwrap();
    /// assert!(rule.automaton().unwrap().matches("urn:example:a"));
    /// ```
    pub fn matches(&self, input: &str) -> bool {
        self.split_of(input).is_some()
    }

    /// [`matches`](Automaton::matches), with where the run saw the
    /// delimiters of Appendix B's split when it [records
    /// them](Automaton::records_split); no allocation.
    pub(crate) fn split_of(&self, input: &str) -> Option<Marks> {
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
    /// let rule = xiri::Grammar::Uri.rule("URI").unwrap();
    /// let refusal = rule.automaton().unwrap().check("http://[::1").unwrap_err();
    /// assert_eq!(refusal.offset, 11);
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
    pub(crate) fn check_split(&self, input: &str) -> Result<Marks, Refusal> {
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
    pub(crate) fn accepts(&self, state: usize) -> bool {
        self.accept.get(state).copied().unwrap_or(false)
    }

    /// The state after the character of bytes `c` in state `state`
    /// (indexes; 0, dead, when no transition takes it).
    pub(crate) fn next_char(&self, state: usize, c: &[u8]) -> usize {
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

    /// The refusal at `offset` with `states` alive before it.
    pub(super) fn refusal(&self, states: &[usize], offset: usize, too_deep: bool) -> Refusal {
        // The names are borrowed from the tables (a built-in automaton's
        // are static): a refusal allocates only this vector, sized once.
        let set_of = |state: usize| -> &[u16] {
            let set = self.expect_of.get(state).map_or(0, |&k| usize::from(k));
            let from = self.expect_at.get(set).map_or(0, |&a| a as usize);
            let to = self.expect_at.get(set + 1).map_or(from, |&a| a as usize);
            self.expect.get(from..to).unwrap_or(&[])
        };
        let end = states.iter().any(|&s| self.accepts(s));
        let most = usize::from(end) + states.iter().map(|&s| set_of(s).len()).sum::<usize>();
        let mut expected: Vec<Cow<'static, str>> = Vec::with_capacity(most);
        if end {
            expected.push(Cow::Borrowed("end of input"));
        }
        // A name has one index (the compiler interns them), and a state's
        // set holds each index once: only a later state's may repeat one.
        for (k, &state) in states.iter().enumerate() {
            let before = states.get(..k).unwrap_or_default();
            for &name in set_of(state) {
                if before.iter().any(|&s| set_of(s).contains(&name)) {
                    continue;
                }
                if let Some(name) = self.names.get(usize::from(name)) {
                    expected.push(name.clone());
                }
            }
        }
        Refusal {
            offset,
            expected,
            too_deep,
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
