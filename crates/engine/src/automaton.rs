//! A compiled rule: its tables (`tables.rs`) held to their invariants
//! (`consistent/`), with what it says of itself and the reads of the
//! tables every run makes: whether a state accepts, where a character
//! leads, a state's index, a wide character's column through the UTF-8
//! trie. The runs that read it are above it (`walk.rs`, `skip.rs`,
//! `reading.rs`, `calls/`), and the verdicts on top (`verdict.rs`).

use crate::tables::{Parts, TRIE_NODE};
use crate::utf8;

/// A rule compiled to a deterministic automaton over the bytes of UTF-8,
/// with calls for bracketed recursion. Built by
/// [`compile`](crate::compile()), or made from its [`Parts`] (the Rust source
/// [`to_rust`](crate::to_rust) writes, which xiri's `build.rs` compiles
/// into the library for the rules it runs on every input).
///
/// An automaton is its parts, whose invariants hold (module documentation of
/// `tables.rs`; [`is_consistent`](Automaton::is_consistent)): it derefs
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

    /// Whether every character whose UTF-8 form starts with `lead` takes
    /// `state` (an index) back to itself: for a lead byte of two or three
    /// bytes (0xC2 to 0xEF; a four-byte one is never said to), every
    /// character a `str` may hold, read off the UTF-8 trie, each column
    /// met once in a row (and each trie row met once in a row) looked up
    /// in `state`'s row. For sets derived
    /// outside the engine (the XRI block stage), where a state's skip
    /// table does not say ([`loop_bytes`](Automaton::loop_bytes)).
    ///
    /// ```
    /// let a = xiri_engine::compile("r = \"a\" *%xC0-D7FF\n", "r", &Default::default()).unwrap();
    /// let s = a.next_char(a.start, b"a");
    /// assert!(a.keeps_lead(s, 0xC3) && a.keeps_lead(s, 0xE0));
    /// assert!(!a.keeps_lead(s, 0xC2) && !a.keeps_lead(s, 0xEE) && !a.keeps_lead(s, b'a'));
    /// ```
    pub fn keeps_lead(&self, state: usize, lead: u8) -> bool {
        let width = utf8::width(lead);
        if !(2..=3).contains(&width) {
            return false;
        }
        let row = |state: usize, column: u16| {
            self.trans
                .get(state * self.stride + usize::from(column))
                .map_or(0, |&s| self.index_of(usize::from(s)))
        };
        let entry = |node: u16, byte: u8| {
            let at = usize::from(node & !TRIE_NODE) * 64 + usize::from(byte & 0x3F);
            self.trie.get(at).copied().unwrap_or(0)
        };
        let leaf_keeps = |leaf: u16, last: &mut u16| {
            if leaf & TRIE_NODE != 0 || leaf == 0 {
                return false;
            }
            if leaf != *last {
                if row(state, leaf) != state {
                    return false;
                }
                *last = leaf;
            }
            true
        };
        let top = self
            .lead
            .get(usize::from(lead.wrapping_sub(0x80)))
            .copied()
            .unwrap_or(0);
        if top & TRIE_NODE == 0 {
            return false;
        }
        // The second bytes a `str` holds after `lead` (no overlong form, no
        // surrogate).
        let (low, high) = match lead {
            0xE0 => (0xA0, 0xBF),
            0xED => (0x80, 0x9F),
            _ => (0x80u8, 0xBFu8),
        };
        let (mut last, mut last_row) = (0, None);
        (low..=high).all(|second| {
            let e = entry(top, second);
            if width == 2 {
                return leaf_keeps(e, &mut last);
            }
            // A row met just before (the trie shares them) keeps it too.
            if last_row == Some(e) {
                return true;
            }
            let keeps = e & TRIE_NODE != 0
                && (0x80..=0xBFu8).all(|third| leaf_keeps(entry(e, third), &mut last));
            last_row = Some(e);
            keeps
        })
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

    /// The column of the character from U+0080 up at byte `i` (0 when it
    /// is in no class the rule names), and its width in bytes.
    #[inline]
    pub(super) fn wide(&self, bytes: &[u8], i: usize) -> (usize, usize) {
        let lead = bytes.get(i).copied().unwrap_or(0);
        let width = utf8::width(lead);
        let mut entry = self
            .lead
            .get(usize::from(lead.wrapping_sub(0x80)))
            .copied()
            .unwrap_or(0);
        for k in 1..width {
            if entry & TRIE_NODE == 0 {
                return (0, width.max(1));
            }
            let continuation = bytes.get(i + k).map_or(0, |&b| usize::from(b & 0x3F));
            let at = usize::from(entry & !TRIE_NODE) * 64 + continuation;
            entry = self.trie.get(at).copied().unwrap_or(0);
        }
        if entry & TRIE_NODE != 0 {
            return (0, width.max(1));
        }
        (usize::from(entry), width.max(1))
    }
}

#[cfg(test)]
mod tests {
    use super::RECIPROCAL;

    /// `keeps_lead` is every character of the lead byte taken one at a
    /// time, in every state of a rule with ranges that split lead bytes
    /// and trie rows.
    #[test]
    fn keeps_lead_is_each_character_s_transition() {
        let grammar =
            "r = *( %x61 / %xC0-D7FF / %xE000-E0FF ) [ %x62 *( %xA0-FF / %x800-FFFD ) ]\n";
        let a = crate::compile(grammar, "r", &Default::default()).unwrap();
        let mut kept = [0; 2];
        for state in 1..a.states() {
            for lead in 0xC2u8..=0xEF {
                let mut all = true;
                for c in (0x80u32..0x10000).filter_map(char::from_u32) {
                    let mut buf = [0; 4];
                    let bytes = c.encode_utf8(&mut buf).as_bytes();
                    if bytes[0] == lead {
                        all &= a.next_char(state, bytes) == state;
                    }
                }
                assert_eq!(
                    a.keeps_lead(state, lead),
                    all,
                    "state {state}, lead {lead:#x}"
                );
                kept[usize::from(all)] += 1;
            }
        }
        assert!(kept[0] > 10 && kept[1] > 10, "{kept:?}");
    }

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
