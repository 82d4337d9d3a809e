//! The Earley recognizer: one set of items per position, built left to
//! right without recursion.
//!
//! An item is a dotted position (`Compiled::next` and friends index them)
//! and an origin. Within the set at `j`:
//!
//! - a nonterminal after the dot is predicted once per set (a stamp per
//!   nonterminal), and when it is nullable the dot moves over it at once
//!   (Aycock and Horspool), so items completed where they started never
//!   need completing;
//! - a completed item with an earlier origin advances the items of its
//!   origin's set that wait for its nonterminal (each set, once built,
//!   keeps them sorted by that nonterminal);
//! - items with the set's own origin are told apart by a stamp per dotted
//!   position, the others by a hash set cleared per set.
//!
//! Scanning moves the items whose terminal matches the next character to
//! the next set; no two of them are the same item. The run stops at the
//! first empty set: the position before it is the longest prefix of the
//! input some member starts with, since every symbol left derives some
//! string.

use super::grammar::{Compiled, END, TERM};
use super::hash::FxSet;

/// An item: dotted position and origin (a position in characters).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(super) struct Item {
    pub(super) dot: u32,
    pub(super) origin: u32,
}

/// What a run keeps of its sets.
#[derive(Default)]
pub(super) struct Chart {
    /// Per set, the items waiting for a nonterminal, as (nonterminal, dot,
    /// origin), sorted: `waits[wait_at[j]..wait_at[j + 1]]`.
    waits: Vec<[u32; 3]>,
    wait_at: Vec<usize>,
    /// Per set, when parsing: the completed items as (nonterminal, origin,
    /// dot), sorted.
    done: Vec<[u32; 3]>,
    done_at: Vec<usize>,
    /// Per set: whether the start rule derives the input up to it.
    pub(super) accept: Vec<bool>,
    /// The items of the last set built.
    pub(super) last: Vec<Item>,
    /// How many items all sets held.
    pub(super) items: usize,
}

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Outcome {
    /// Every character was read and the last set was built.
    Read,
    /// The set after this position is empty.
    Stuck(usize),
    /// The item budget ran out while building the set at this position.
    TooLarge(usize),
}

impl Chart {
    fn slice<'a>(v: &'a [[u32; 3]], at: &[usize], j: usize) -> &'a [[u32; 3]] {
        let from = at.get(j).copied().unwrap_or(0);
        let to = at.get(j + 1).copied().unwrap_or(from);
        v.get(from..to).unwrap_or(&[])
    }

    /// The items of set `j` that wait for `x`, as (x, dot, origin).
    pub(super) fn waiting(&self, j: usize, x: u32) -> &[[u32; 3]] {
        let all = Self::slice(&self.waits, &self.wait_at, j);
        let from = all.partition_point(|w| w[0] < x);
        let to = all.partition_point(|w| w[0] <= x);
        all.get(from..to).unwrap_or(&[])
    }

    /// Whether item (`dot`, `origin`), which waits for `x`, is in set `j`.
    pub(super) fn has_waiting(&self, j: usize, x: u32, dot: u32, origin: u32) -> bool {
        Self::slice(&self.waits, &self.wait_at, j)
            .binary_search(&[x, dot, origin])
            .is_ok()
    }

    /// The completed items of set `j` for `x` whose origin is `origin` or
    /// later, as (x, origin, dot).
    pub(super) fn completed_from(&self, j: usize, x: u32, origin: u32) -> &[[u32; 3]] {
        let all = Self::slice(&self.done, &self.done_at, j);
        let from = all.partition_point(|d| (d[0], d[1]) < (x, origin));
        let to = all.partition_point(|d| d[0] <= x);
        all.get(from..to).unwrap_or(&[])
    }
}

/// Builds the sets of `input`, keeping what parsing needs if `parse`.
pub(super) fn run(g: &Compiled, input: &[char], parse: bool, budget: usize) -> (Chart, Outcome) {
    let mut chart = Chart::default();
    chart.wait_at.push(0);
    chart.done_at.push(0);
    let n = input.len();
    let mut dot_stamp = vec![u32::MAX; g.next.len()];
    let mut nt_stamp = vec![u32::MAX; g.labels.len()];
    let mut seen = FxSet::default();
    let mut cur: Vec<Item> = Vec::new();
    let mut waits: Vec<[u32; 3]> = Vec::new();
    // Set 0: the start rule predicted.
    predict(g, g.start, 0, &mut nt_stamp, &mut dot_stamp, &mut cur);
    for j in 0..=n {
        let j32 = u32::try_from(j).unwrap_or(u32::MAX);
        let mut accept = false;
        let mut k = 0;
        while let Some(&item) = cur.get(k) {
            k += 1;
            let Item { dot, origin } = item;
            let next = g.dot_next(dot);
            if next == END {
                let x = g.dot_lhs(dot);
                if x == g.start && origin == 0 {
                    accept = true;
                }
                if parse {
                    chart.done.push([x, origin, dot]);
                }
                if origin < j32 {
                    for w in chart.waiting(origin as usize, x) {
                        let advanced = Item {
                            dot: w[1] + 1,
                            origin: w[2],
                        };
                        if seen.insert(key(advanced)) {
                            cur.push(advanced);
                        }
                    }
                }
            } else if next & TERM == 0 {
                predict(g, next, j32, &mut nt_stamp, &mut dot_stamp, &mut cur);
                if g.is_nullable(next) {
                    let advanced = Item {
                        dot: dot + 1,
                        origin,
                    };
                    if origin == j32 {
                        add_own(&mut dot_stamp, j32, advanced, &mut cur);
                    } else if seen.insert(key(advanced)) {
                        cur.push(advanced);
                    }
                }
                waits.push([next, dot, origin]);
            }
            if chart.items + cur.len() > budget {
                chart.accept.push(accept);
                chart.last = cur;
                return (chart, Outcome::TooLarge(j));
            }
        }
        chart.items += cur.len();
        chart.accept.push(accept);
        waits.sort_unstable();
        chart.waits.append(&mut waits);
        chart.wait_at.push(chart.waits.len());
        if parse {
            let from = chart.done_at.last().copied().unwrap_or(0);
            if let Some(d) = chart.done.get_mut(from..) {
                d.sort_unstable();
            }
            chart.done_at.push(chart.done.len());
        }
        let Some(&c) = input.get(j) else { break };
        let mut next_set = Vec::new();
        for &Item { dot, origin } in &cur {
            let s = g.dot_next(dot);
            if s != END && s & TERM != 0 && g.term(s).is_some_and(|t| t.matches(c)) {
                next_set.push(Item {
                    dot: dot + 1,
                    origin,
                });
            }
        }
        if next_set.is_empty() {
            chart.last = cur;
            return (chart, Outcome::Stuck(j));
        }
        cur = next_set;
        seen.clear();
    }
    chart.last = cur;
    (chart, Outcome::Read)
}

#[inline]
fn key(item: Item) -> u64 {
    u64::from(item.dot) << 32 | u64::from(item.origin)
}

/// Adds an item whose origin is the set being built, once.
#[inline]
fn add_own(dot_stamp: &mut [u32], j: u32, item: Item, cur: &mut Vec<Item>) {
    if let Some(s) = dot_stamp.get_mut(item.dot as usize) {
        if *s != j {
            *s = j;
            cur.push(item);
        }
    }
}

/// Predicts `x` in set `j`, once.
#[inline]
fn predict(
    g: &Compiled,
    x: u32,
    j: u32,
    nt_stamp: &mut [u32],
    dot_stamp: &mut [u32],
    cur: &mut Vec<Item>,
) {
    match nt_stamp.get_mut(x as usize) {
        Some(s) if *s != j => *s = j,
        _ => return,
    }
    for &dot in g.firsts_of(x) {
        add_own(dot_stamp, j, Item { dot, origin: j }, cur);
    }
}
