//! The Earley grammar of one start rule: nonterminals, productions as
//! runs of dotted positions, and terminals as classes of characters. Made
//! by `lower`, read by everything else.

use super::expr::{Cursor, ExprId, Exprs};

/// Terminal symbols have this bit set; the rest is the terminal's index.
pub(super) const TERM: u32 = 1 << 31;
/// The symbol after the last dot of a production.
pub(super) const END: u32 = u32::MAX;

/// What a nonterminal stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Label {
    /// A named rule, by its index in [`Exprs::rules`].
    Rule(usize),
    /// An anonymous group: the element it derives.
    Group(ExprId),
}

/// A class of characters, with the names expected sets and trees give it.
#[derive(Clone, Debug)]
pub(super) struct Terminal {
    ascii: u128,
    ranges: Vec<(u32, u32)>,
    /// As the engine names it: the quoted string (`"xri://"`) or the
    /// numeric value (`%x30-39`) it is a character of.
    pub(super) name: String,
    /// This one character's own text, for detailed trees: `"x"`.
    pub(super) leaf: String,
}

impl Terminal {
    pub(super) fn new(ranges: Vec<(u32, u32)>, name: String, leaf: String) -> Terminal {
        // Scalar values only: no surrogate, nothing above U+10FFFF.
        let merged = xiri_engine::merge_ranges(
            ranges
                .into_iter()
                .flat_map(|(lo, hi)| [(lo, hi.min(0xD7FF)), (lo.max(0xE000), hi.min(0x10_FFFF))])
                .filter(|&(lo, hi)| lo <= hi)
                .collect(),
        );
        let mut ascii = 0u128;
        for &(lo, hi) in &merged {
            for c in lo..=hi.min(127) {
                ascii |= 1 << c;
            }
        }
        Terminal {
            ascii,
            ranges: merged,
            name,
            leaf,
        }
    }

    #[inline]
    pub(super) fn matches(&self, c: char) -> bool {
        let c = u32::from(c);
        if c < 128 {
            return self.ascii >> c & 1 == 1;
        }
        let at = self.ranges.partition_point(|&(_, hi)| hi < c);
        self.ranges.get(at).is_some_and(|&(lo, _)| lo <= c)
    }

    pub(super) fn is_empty(&self) -> bool {
        self.ranges.is_empty()
    }

    /// The scalar values it matches, as sorted disjoint ranges.
    pub(super) fn ranges(&self) -> &[(u32, u32)] {
        &self.ranges
    }
}

/// The Earley grammar of one start rule.
#[derive(Clone, Debug)]
pub(super) struct Compiled {
    pub(super) exprs: Exprs,
    pub(super) start: u32,
    /// Per nonterminal.
    pub(super) labels: Vec<Label>,
    pub(super) nullable: Vec<bool>,
    /// Per nonterminal `x`, the first dots of its productions:
    /// `firsts[first_at[x]..first_at[x + 1]]`.
    pub(super) first_at: Vec<u32>,
    pub(super) firsts: Vec<u32>,
    /// Per dot: the symbol after it (a nonterminal, `TERM | t`, or `END`).
    pub(super) next: Vec<u32>,
    /// Per dot: the nonterminal its production derives.
    pub(super) lhs: Vec<u32>,
    /// Per dot: how many symbols of its production are before it.
    pub(super) index: Vec<u32>,
    /// Per dot: where it stands in the ABNF.
    pub(super) cursor: Vec<Cursor>,
    /// Per dot: the element its production is made from (for traces).
    pub(super) source: Vec<ExprId>,
    /// Per dot: whether the symbol after it begins its production for the
    /// engine's naming (first of every concatenation around it).
    pub(super) inherit: Vec<bool>,
    pub(super) terms: Vec<Terminal>,
    /// Per rule of `exprs`: whether it stands for one unit.
    pub(super) unit: Vec<bool>,
}

impl Compiled {
    /// The productions of `x`, as ranges of first dots.
    #[inline]
    pub(super) fn firsts_of(&self, x: u32) -> &[u32] {
        let from = self.first_at.get(x as usize).copied().unwrap_or(0) as usize;
        let to = self.first_at.get(x as usize + 1).copied().unwrap_or(0) as usize;
        self.firsts.get(from..to).unwrap_or(&[])
    }

    pub(super) fn dot_next(&self, d: u32) -> u32 {
        self.next.get(d as usize).copied().unwrap_or(END)
    }

    pub(super) fn dot_lhs(&self, d: u32) -> u32 {
        self.lhs.get(d as usize).copied().unwrap_or(0)
    }

    pub(super) fn dot_index(&self, d: u32) -> u32 {
        self.index.get(d as usize).copied().unwrap_or(0)
    }

    pub(super) fn is_nullable(&self, x: u32) -> bool {
        flag(&self.nullable, x)
    }

    pub(super) fn term(&self, s: u32) -> Option<&Terminal> {
        self.terms.get((s & !TERM) as usize)
    }

    pub(super) fn label(&self, x: u32) -> Option<Label> {
        self.labels.get(x as usize).copied()
    }

    /// The rule `x` is named after, if it is not a group.
    pub(super) fn rule_of(&self, x: u32) -> Option<usize> {
        match self.label(x) {
            Some(Label::Rule(r)) => Some(r),
            _ => None,
        }
    }
}

pub(super) fn flag(v: &[bool], i: u32) -> bool {
    v.get(i as usize).copied().unwrap_or(false)
}
