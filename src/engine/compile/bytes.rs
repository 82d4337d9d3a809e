//! Lowering the character-class automaton (`chars.rs`) to the byte-level
//! [`Automaton`] the library runs.
//!
//! Each state's transitions on characters from U+0080 up become the UTF-8
//! trie of `utf8.rs` with the classes replaced by the states they lead to;
//! equal rows are one state, so the states inside a character are shared
//! by every state whose characters lead to the same places. The states of
//! the character automaton keep their meaning (acceptance, expected sets,
//! calls, returns); the states inside a character have none.
//!
//! Then:
//! - the 256 bytes are grouped into classes, two bytes sharing a class
//!   when every state treats them alike;
//! - a state is *accelerated* when it loops on many bytes (a path, a query):
//!   its skip table says, for each byte, how many bytes the run may skip
//!   without leaving the state: 1 for a byte that loops, 2 to 4 for the
//!   lead byte of a character all of whose encodings loop, and
//!   [`SKIP_PCT`] for a `%` that two hexadecimal digits bring back;
//! - the states are renumbered: the dead state 0, the accelerated states
//!   `1..=accelerated`, then the others, then the states inside a
//!   character, so that one comparison tells the run that a state is
//!   accelerated;
//! - each state's row has one column per byte class and a last column
//!   that holds its skip table's number (0 for none); where the tables are
//!   small enough the states are named by their row's offset
//!   (premultiplied), so a step is one addition and one load.

use super::chars::CharDfa;
use super::utf8::{self, Step};
use super::CompileError;
use crate::engine::automaton::{Automaton, SKIP_PCT};
use std::borrow::Cow;
use std::collections::HashMap;

/// How many bytes a state must loop on to be accelerated.
const ACCELERATE_AT: usize = 12;

/// A lowered state's target: a state of the character automaton (0 dead)
/// or a node inside a character.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Target {
    Char(u16),
    Inner(u32),
}

const DEAD: Target = Target::Char(0);

struct Lowering<'a> {
    dfa: &'a CharDfa,
    trie: utf8::Trie,
    /// The nodes inside characters: continuation byte `0x80 + j` leads to
    /// `inner[n][j]`.
    inner: Vec<[Target; 64]>,
    ids: HashMap<[Target; 64], u32>,
    /// `(trie node, the states its classes lead to)` to the lowered node.
    memo: HashMap<(u32, Vec<u16>), Target>,
}

impl Lowering<'_> {
    fn intern(&mut self, row: [Target; 64]) -> Target {
        if row.iter().all(|&t| t == DEAD) {
            return DEAD;
        }
        if let Some(&id) = self.ids.get(&row) {
            return Target::Inner(id);
        }
        let id = u32::try_from(self.inner.len()).unwrap_or(u32::MAX);
        self.inner.push(row);
        self.ids.insert(row, id);
        Target::Inner(id)
    }

    /// Trie node `node` from state `state`.
    fn node(&mut self, node: u32, state: usize) -> Target {
        let at = usize::try_from(node).unwrap_or(usize::MAX);
        let classes = self.trie.classes.get(at).cloned().unwrap_or_default();
        let key = (
            node,
            classes
                .iter()
                .map(|&c| self.dfa.next(state, c))
                .collect::<Vec<u16>>(),
        );
        if let Some(&t) = self.memo.get(&key) {
            return t;
        }
        let row = self.trie.rows.get(at).copied();
        let mut out = [DEAD; 64];
        for (slot, step) in out.iter_mut().zip(row.into_iter().flatten()) {
            *slot = self.step(step, state);
        }
        let t = self.intern(out);
        self.memo.insert(key, t);
        t
    }

    fn step(&mut self, step: Step, state: usize) -> Target {
        match step {
            Step::Class(c) => Target::Char(self.dfa.next(state, c)),
            Step::Node(n) => self.node(n, state),
        }
    }

    /// State `state`'s row over the 256 bytes.
    fn char_row(&mut self, state: usize) -> [Target; 256] {
        let mut row = [DEAD; 256];
        for (b, slot) in row.iter_mut().enumerate() {
            *slot = if b < 0x80 {
                let class = self.dfa.ascii.get(b).copied().unwrap_or(0);
                Target::Char(self.dfa.next(state, class))
            } else {
                let lead = self.trie.lead.get(b - 0x80).copied();
                lead.map_or(DEAD, |step| self.step(step, state))
            };
        }
        row
    }
}

/// Lowers `dfa`; `brackets` are the bytes of the bracket pair, when the
/// rule has calls.
pub(super) fn lower(dfa: &CharDfa, brackets: Option<(u8, u8)>) -> Result<Automaton, CompileError> {
    let mut l = Lowering {
        dfa,
        trie: utf8::trie(&dfa.beyond),
        inner: Vec::new(),
        ids: HashMap::new(),
        memo: HashMap::new(),
    };
    let n = dfa.states();
    let char_rows: Vec<[Target; 256]> = (0..n).map(|s| l.char_row(s)).collect();
    let inner = std::mem::take(&mut l.inner);
    let total = n + inner.len();
    if total > usize::from(u16::MAX) {
        return Err(CompileError::TooLarge(format!(
            "{total} states at the byte level"
        )));
    }
    // Every state's row over bytes, in terms of the old numbering: the
    // character states, then the inner ones.
    let old = |t: Target| -> usize {
        match t {
            Target::Char(s) => usize::from(s),
            Target::Inner(k) => n + usize::try_from(k).unwrap_or(0),
        }
    };
    let row_of = |s: usize, b: usize| -> usize {
        if s < n {
            char_rows
                .get(s)
                .and_then(|r| r.get(b))
                .map_or(0, |&t| old(t))
        } else if (0x80..0xC0).contains(&b) {
            inner
                .get(s - n)
                .and_then(|r| r.get(b - 0x80))
                .map_or(0, |&t| old(t))
        } else {
            0
        }
    };

    let skips: Vec<Option<[u8; 256]>> = (0..n).map(|s| skip_table(s, &row_of, brackets)).collect();
    // The new numbering: dead, accelerated, other character states, inner.
    let mut order: Vec<usize> = vec![0];
    order.extend((1..n).filter(|&s| matches!(skips.get(s), Some(Some(_)))));
    let accelerated = order.len() - 1;
    order.extend((1..n).filter(|&s| matches!(skips.get(s), Some(None))));
    order.extend(n..total);
    let mut new_of = vec![0usize; total];
    for (new, &old) in order.iter().enumerate() {
        if let Some(slot) = new_of.get_mut(old) {
            *slot = new;
        }
    }
    let renumber = |old: usize| new_of.get(old).copied().unwrap_or(0);

    // Byte classes: bytes whose columns agree in every state.
    let mut byte_class = vec![0u8; 256];
    let mut columns: HashMap<Vec<usize>, u8> = HashMap::new();
    let mut representative: Vec<usize> = Vec::new();
    for (b, slot) in byte_class.iter_mut().enumerate() {
        let column: Vec<usize> = (0..total).map(|s| row_of(s, b)).collect();
        let next = columns.len();
        let class = *columns.entry(column).or_insert_with(|| {
            representative.push(b);
            u8::try_from(next).unwrap_or(u8::MAX)
        });
        *slot = class;
    }
    let classes = representative.len();
    let stride = classes + 1;
    let premultiplied = total * stride <= usize::from(u16::MAX);
    let id = |new: usize| -> Result<u16, CompileError> {
        let v = if premultiplied { new * stride } else { new };
        u16::try_from(v).map_err(|_| CompileError::TooLarge("state ids".into()))
    };
    let mut trans: Vec<u16> = Vec::with_capacity(total * stride);
    let mut flat_skips: Vec<u8> = Vec::with_capacity(accelerated * 256);
    for (new, &old_state) in order.iter().enumerate() {
        for &b in &representative {
            trans.push(id(renumber(row_of(old_state, b)))?);
        }
        if (1..=accelerated).contains(&new) {
            flat_skips.extend(skips.get(old_state).copied().flatten().unwrap_or([0; 256]));
            trans.push(u16::try_from(new).map_err(|_| CompileError::TooLarge("skips".into()))?);
        } else {
            trans.push(0);
        }
    }

    // What the character states mean, in the new numbering.
    let pick = |old_state: usize| (old_state < n).then_some(old_state);
    let mut expect_at = vec![0u32];
    let mut expect: Vec<u16> = Vec::new();
    let mut returns_at = vec![0u32];
    let mut returns: Vec<(u64, u16)> = Vec::new();
    let mut call = Vec::with_capacity(total);
    let (mut accept, mut ret_mask) = (Vec::with_capacity(total), Vec::with_capacity(total));
    let index = |old: u16| -> u16 { u16::try_from(renumber(usize::from(old))).unwrap_or(0) };
    for &old_state in &order {
        let s = pick(old_state);
        accept.push(s.and_then(|s| dfa.accept.get(s).copied()).unwrap_or(false));
        ret_mask.push(s.and_then(|s| dfa.ret_mask.get(s).copied()).unwrap_or(0));
        call.push(index(s.and_then(|s| dfa.call.get(s).copied()).unwrap_or(0)));
        if let Some(s) = s {
            expect.extend_from_slice(dfa.expected(s));
            returns.extend(dfa.returns_of(s).iter().map(|&(m, t)| (m, index(t))));
        }
        expect_at.push(u32::try_from(expect.len()).unwrap_or(u32::MAX));
        returns_at.push(u32::try_from(returns.len()).unwrap_or(u32::MAX));
    }
    let (open, close) = brackets.unwrap_or((0, 0));
    Ok(Automaton {
        rule: Cow::Owned(dfa.rule.clone()),
        byte_class: Cow::Owned(byte_class),
        stride,
        premultiplied,
        trans: Cow::Owned(trans),
        start: renumber(1),
        accelerated,
        skips: Cow::Owned(flat_skips),
        accept: Cow::Owned(accept),
        expect_at: Cow::Owned(expect_at),
        expect: Cow::Owned(expect),
        names: Cow::Owned(dfa.names.iter().map(|s| Cow::Owned(s.clone())).collect()),
        open,
        close,
        call: Cow::Owned(call),
        ret_mask: Cow::Owned(ret_mask),
        returns_at: Cow::Owned(returns_at),
        returns: Cow::Owned(returns),
        max_depth: dfa.max_depth,
    })
}

/// State `s`'s skip table, if it loops on enough bytes to be worth it.
/// Bracket bytes are never skipped: the run with calls must see them.
fn skip_table(
    s: usize,
    row_of: &dyn Fn(usize, usize) -> usize,
    brackets: Option<(u8, u8)>,
) -> Option<[u8; 256]> {
    if s == 0 {
        return None;
    }
    let mut table = [0u8; 256];
    let mut looping = 0;
    for (b, slot) in table.iter_mut().enumerate().take(0x80) {
        let bracket = brackets.is_some_and(|(o, c)| usize::from(o) == b || usize::from(c) == b);
        if !bracket && row_of(s, b) == s {
            *slot = 1;
            looping += 1;
        }
    }
    if looping < ACCELERATE_AT {
        return None;
    }
    let mut memo: HashMap<usize, bool> = HashMap::new();
    for lead in 0xC2u8..=0xF4 {
        let width = utf8::width(lead);
        let after = row_of(s, usize::from(lead));
        let (lo, hi) = utf8::second_byte(lead);
        if after != 0 && comes_back(after, lo, hi, width - 1, s, row_of, &mut memo) {
            if let Some(slot) = table.get_mut(usize::from(lead)) {
                *slot = u8::try_from(width).unwrap_or(0);
            }
        }
    }
    let hex = |b: u8| b.is_ascii_hexdigit();
    let p1 = row_of(s, usize::from(b'%'));
    if p1 != 0 {
        let p2 = row_of(p1, usize::from(b'0'));
        let all = (0u8..=0x7F).filter(|&b| hex(b));
        if p2 != 0
            && all.clone().all(|h| row_of(p1, usize::from(h)) == p2)
            && all.clone().all(|h| row_of(p2, usize::from(h)) == s)
        {
            if let Some(slot) = table.get_mut(usize::from(b'%')) {
                *slot = SKIP_PCT;
            }
        }
    }
    Some(table)
}

/// Whether every valid continuation of `rem` bytes from inner state `at`,
/// the first in `lo..=hi`, comes back to `home`.
fn comes_back(
    at: usize,
    lo: u8,
    hi: u8,
    rem: usize,
    home: usize,
    row_of: &dyn Fn(usize, usize) -> usize,
    memo: &mut HashMap<usize, bool>,
) -> bool {
    if rem == 0 {
        return at == home;
    }
    // Below the first continuation byte every range is the full one, so
    // the answer depends on the state alone.
    if lo == 0x80 && hi == 0xBF {
        if let Some(&known) = memo.get(&at) {
            return known;
        }
    }
    let ok = (lo..=hi).all(|b| {
        let next = row_of(at, usize::from(b));
        next != 0 && comes_back(next, 0x80, 0xBF, rem - 1, home, row_of, memo)
    });
    if lo == 0x80 && hi == 0xBF {
        memo.insert(at, ok);
    }
    ok
}
