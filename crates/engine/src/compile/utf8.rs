//! The UTF-8 encodings of the character classes, as a trie over bytes.
//!
//! Every code point from U+0080 up is two to four bytes: a lead byte, then
//! one to three continuation bytes (`10xxxxxx`), each of which narrows the
//! code points left to a block of 64, 4,096 or 262,144. This file builds,
//! once per automaton, the nodes those blocks make when each code point is
//! replaced by its character class: a node is a row of 64 continuation
//! bytes, each leading to a class (the last byte) or to a smaller node, and
//! nodes with equal rows are one node. A block in which every code point
//! has the same class is one row of 64 equal entries, built without
//! looking at its code points one by one, so the work is in the blocks
//! where a class starts or ends.
//!
//! Only the shortest encoding of a scalar value is valid UTF-8: overlong
//! forms (`C0`, `C1`, `E0 80`–`E0 9F`, `F0 80`–`F0 8F`), surrogates (`ED
//! A0`–`ED BF`) and values past U+10FFFF (`F4 90` up, `F5`–`FF`) lead
//! nowhere, so the byte automaton refuses every byte string that is not
//! UTF-8, as the character automaton would refuse the characters.

// UTF-8's own shape (crate::utf8), handed on to the lowering beside the trie.
pub(super) use crate::utf8::{second_byte, width};
use std::collections::HashMap;

/// Where a byte leads in the trie: to a class (the byte ends a character;
/// class 0 is dead) or to a node (more bytes follow).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Step {
    Class(u8),
    Node(u32),
}

/// The trie of a set of classed ranges.
pub(super) struct Trie {
    /// Each node's row: continuation byte `0x80 + j` leads to `rows[n][j]`.
    pub(super) rows: Vec<[Step; 64]>,
    /// Lead bytes `0x80..=0xFF`: `lead[b - 0x80]`.
    pub(super) lead: [Step; 128],
}

/// The code points an encoding of `n` bytes may stand for.
const fn valid_range(n: u32) -> (u32, u32) {
    match n {
        2 => (0x80, 0x7FF),
        3 => (0x800, 0xFFFF),
        _ => (0x1_0000, 0x10_FFFF),
    }
}

struct Builder<'a> {
    /// `(first, last, class)` from U+0080 up, sorted and disjoint.
    ranges: &'a [(u32, u32, u8)],
    rows: Vec<[Step; 64]>,
    ids: HashMap<[Step; 64], u32>,
}

impl Builder<'_> {
    /// The one class of every code point of `first..=last`, if they share
    /// one (0 for code points in no range).
    fn uniform(&self, first: u32, last: u32) -> Option<u8> {
        let at = self.ranges.partition_point(|&(_, l, _)| l < first);
        match self.ranges.get(at) {
            Some(&(a, b, class)) if a <= first && last <= b => Some(class),
            Some(&(a, _, _)) if a > last => Some(0),
            None => Some(0),
            _ => None,
        }
    }

    /// The node of `row`, or class 0 when every entry is dead.
    fn intern(&mut self, row: [Step; 64]) -> Step {
        if row.iter().all(|&s| s == Step::Class(0)) {
            return Step::Class(0);
        }
        if let Some(&id) = self.ids.get(&row) {
            return Step::Node(id);
        }
        let id = u32::try_from(self.rows.len()).unwrap_or(u32::MAX);
        self.rows.push(row);
        self.ids.insert(row, id);
        Step::Node(id)
    }

    /// A node of `rem` continuation bytes in which every code point has
    /// class `class`.
    fn uniform_node(&mut self, rem: u32, class: u8) -> Step {
        if class == 0 {
            return Step::Class(0);
        }
        let child = if rem <= 1 {
            Step::Class(class)
        } else {
            self.uniform_node(rem - 1, class)
        };
        self.intern([child; 64])
    }

    /// The node of the block of `64^rem` code points from `base`, in an
    /// encoding of `n` bytes.
    fn block(&mut self, rem: u32, base: u32, n: u32) -> Step {
        let last = base + (1u32 << (6 * rem)) - 1;
        let (lo, hi) = valid_range(n);
        let surrogates = n == 3 && base <= 0xDFFF && last >= 0xD800;
        if last < lo || base > hi || (n == 3 && base >= 0xD800 && last <= 0xDFFF) {
            return Step::Class(0);
        }
        if base >= lo
            && last <= hi
            && !surrogates
            && let Some(class) = self.uniform(base, last)
        {
            return self.uniform_node(rem, class);
        }
        let mut row = [Step::Class(0); 64];
        for (j, slot) in (0u32..).zip(row.iter_mut()) {
            *slot = if rem <= 1 {
                let c = base + j;
                let valid = lo <= c && c <= hi && !(0xD800..=0xDFFF).contains(&c);
                Step::Class(if valid {
                    self.uniform(c, c).unwrap_or(0)
                } else {
                    0
                })
            } else {
                self.block(rem - 1, base + (j << (6 * (rem - 1))), n)
            };
        }
        self.intern(row)
    }
}

/// The trie of `ranges`: `(first, last, class)` from U+0080 up, sorted and
/// disjoint.
pub(super) fn trie(ranges: &[(u32, u32, u8)]) -> Trie {
    let mut b = Builder {
        ranges,
        rows: Vec::new(),
        ids: HashMap::new(),
    };
    let mut lead = [Step::Class(0); 128];
    for (byte, slot) in (0x80u32..).zip(lead.iter_mut()) {
        *slot = match byte {
            0xC2..=0xDF => b.block(1, (byte & 0x1F) << 6, 2),
            0xE0..=0xEF => b.block(2, (byte & 0x0F) << 12, 3),
            0xF0..=0xF4 => b.block(3, (byte & 0x07) << 18, 4),
            _ => Step::Class(0),
        };
    }
    Trie { rows: b.rows, lead }
}
