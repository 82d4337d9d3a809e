//! Leo's items (Joop Leo, 1991): right recursion in linear time.
//!
//! When nonterminal `B` completes from set `i`, and set `i` holds exactly
//! one item waiting for `B`, `A → α • B`, with `B` the last symbol, the
//! completion can only make `A → α B •` from `A`'s origin `k`; which in
//! turn completes `A` from `k`, and so on up a chain of single
//! completions. Leo's insight is that only the top of the chain matters to
//! later sets: each intermediate item's one use is to complete the next.
//! So the recognizer adds the top item at once, and the chain's top is
//! remembered per (set, nonterminal), computed without recursion: a
//! right-recursive list costs a constant per set instead of one item per
//! open level.
//!
//! The start rule completed from set 0 is what acceptance reads, so a
//! chain that passes through it says so. Parsing keeps every completion
//! (the forest is read off them) and does not use Leo's items.

use super::hash::FxMap;
use super::item::Item;

/// Chains this long or shorter are walked again each time rather than
/// remembered: most are a rule completing its one caller (a character
/// class in a string, say), and remembering one per set would cost more
/// memory than walking it again costs time. Right recursion makes longer
/// ones, and each node of those is remembered.
const SHORT: usize = 8;

/// The top of a chain: the item to add, and whether the chain passed
/// through the start rule completed from set 0.
type Top = Option<(Item, bool)>;

/// The tops of long chains found so far, by (set, nonterminal).
#[derive(Default)]
pub(super) struct Leo {
    memo: FxMap<(u32, u32), Top>,
    path: Vec<((u32, u32), Item, bool)>,
}

impl Leo {
    /// The top of the chain of single completions that `x` completed from
    /// set `i` (built) starts, if `i` has one item waiting for `x` and it
    /// ends with `x`: `single(i, x)` is that item advanced over `x`, with
    /// its nonterminal, when it is the only one and then complete;
    /// `start` is the start rule.
    pub(super) fn top(
        &mut self,
        start: u32,
        i: u32,
        x: u32,
        single: impl Fn(u32, u32) -> Option<(Item, u32)>,
    ) -> Top {
        if !self.memo.is_empty() {
            if let Some(&top) = self.memo.get(&(i, x)) {
                return top;
            }
        }
        self.path.clear();
        let mut at = (i, x);
        let mut top: Top = loop {
            if let Some(&known) = self.memo.get(&at) {
                break known;
            }
            let Some((item, lhs)) = single(at.0, at.1) else {
                if self.path.len() > SHORT {
                    self.memo.insert(at, None);
                }
                break None;
            };
            let next = (item.origin, lhs);
            // Only nodes of the same set can repeat, and they are the
            // path's last (origins never grow along it).
            let repeats = at == next
                || self
                    .path
                    .iter()
                    .rev()
                    .take_while(|(p, _, _)| p.0 == next.0)
                    .any(|(p, _, _)| *p == next);
            if repeats {
                // A cycle of unit rules within one set: no chain to skip.
                for (p, _, _) in self.path.drain(..) {
                    self.memo.insert(p, None);
                }
                self.memo.insert(at, None);
                return None;
            }
            let begins = lhs == start && item.origin == 0;
            self.path.push((at, item, begins));
            at = next;
        };
        let keep = self.path.len() > SHORT;
        while let Some((p, item, start)) = self.path.pop() {
            top = match top {
                Some((t, s)) => Some((t, s || start)),
                None => Some((item, start)),
            };
            if keep {
                self.memo.insert(p, top);
            }
        }
        top
    }
}
