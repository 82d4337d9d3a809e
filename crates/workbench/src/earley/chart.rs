//! The Earley recognizer: one set of items per position, built left to
//! right without recursion.
//!
//! An item is a dotted position (`Compiled::next` and friends index them)
//! and an origin. Set `j` is its *kernel*, the items that began earlier,
//! kept here, and the items that begin at `j`, which depend only on the
//! nonterminals the kernel predicts and are shared between sets
//! ([`super::closure`]: prediction and Aycock and Horspool's moving the
//! dot over nullable nonterminals, done once per distinct prediction).
//! Within a kernel:
//!
//! - a completed item advances the items of its origin's set that wait for
//!   its nonterminal (each set, once built, keeps them sorted by that
//!   nonterminal) — or, when recognizing and that set has one such item
//!   and it is complete once advanced, the topmost item of that chain of
//!   single completions goes in at once (Leo's items, [`super::leo`]), so
//!   right recursion costs a constant per set instead of the depth of the
//!   recursion;
//! - items are told apart by a hash set cleared per set.
//!
//! Scanning moves the items whose terminal matches the next character to
//! the next set; no two of them are the same item. The run stops at the
//! first empty set: the position before it is the longest prefix of the
//! input some member starts with, since every symbol left derives some
//! string.

use super::closure::{run_of, Closure, Closures};
use super::grammar::{Compiled, END, TERM};
use super::hash::FxSet;
use super::item::Item;
use super::leo::Leo;
use super::scan::Scanners;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// What a run keeps of its sets.
#[derive(Default)]
pub(super) struct Chart {
    /// Per set, the kernel's items waiting for a nonterminal, as
    /// (nonterminal, dot, origin), sorted: `waits[wait_at[j]..wait_at[j + 1]]`.
    waits: Vec<[u32; 3]>,
    wait_at: Vec<usize>,
    /// Per set, its closure (the items that begin there).
    closure_of: Vec<u32>,
    closures: Closures,
    /// Per set, when parsing: the completed items as (nonterminal, origin,
    /// dot), sorted.
    done: Vec<[u32; 3]>,
    done_at: Vec<usize>,
    /// Per set: whether the start rule derives the input up to it.
    pub(super) accept: Vec<bool>,
    /// The items of the last set built.
    pub(super) last: Vec<Item>,
    /// How many items all kernels and closures held.
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

/// The items of one set waiting for one nonterminal: the kernel's, then
/// the closure's (whose origin is the set's position).
#[derive(Clone, Copy)]
pub(super) struct Waiting<'a> {
    kernel: &'a [[u32; 3]],
    own: &'a [[u32; 2]],
    at: u32,
}

impl<'a> Waiting<'a> {
    pub(super) fn len(&self) -> usize {
        self.kernel.len() + self.own.len()
    }

    pub(super) fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// As (nonterminal, dot, origin).
    pub(super) fn iter(&self) -> impl Iterator<Item = [u32; 3]> + 'a + use<'a> {
        let at = self.at;
        let own = self.own.iter().map(move |w| [w[0], w[1], at]);
        self.kernel.iter().copied().chain(own)
    }
}

impl Chart {
    fn slice<'a>(v: &'a [[u32; 3]], at: &[usize], j: usize) -> &'a [[u32; 3]] {
        let from = at.get(j).copied().unwrap_or(0);
        let to = at.get(j + 1).copied().unwrap_or(from);
        v.get(from..to).unwrap_or(&[])
    }

    fn closure(&self, j: usize) -> Option<&Closure> {
        self.closures.get(*self.closure_of.get(j)?)
    }

    /// The items of set `j` that wait for `x`.
    pub(super) fn waiting(&self, j: usize, x: u32) -> Waiting<'_> {
        let all = Self::slice(&self.waits, &self.wait_at, j);
        Waiting {
            kernel: run_of(all, x),
            own: self.closure(j).map_or(&[][..], |c| c.waiting(x)),
            at: u32::try_from(j).unwrap_or(u32::MAX),
        }
    }

    /// Whether item (`dot`, `origin`), which waits for `x`, is in set `j`.
    pub(super) fn has_waiting(&self, j: usize, x: u32, dot: u32, origin: u32) -> bool {
        if origin as usize == j {
            return self
                .closure(j)
                .is_some_and(|c| c.waiting(x).binary_search(&[x, dot]).is_ok());
        }
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

    /// The one item of set `i` waiting for `x`, advanced over it, when it is
    /// the only one and then complete; with its nonterminal.
    fn single(&self, g: &Compiled, i: u32, x: u32) -> Option<(Item, u32)> {
        let waiting = self.waiting(i as usize, x);
        if waiting.len() != 1 {
            return None;
        }
        let w = waiting.iter().next()?;
        let dot = w[1] + 1;
        (g.dot_next(dot) == END).then(|| (Item { dot, origin: w[2] }, g.dot_lhs(dot)))
    }

    /// Ends set `j`: its kernel's waits, its closure and, when parsing, its
    /// completed items.
    fn close_set(&mut self, j: u32, closure: u32, waits: &mut Vec<[u32; 3]>, parse: bool) {
        waits.sort_unstable();
        self.waits.append(waits);
        self.wait_at.push(self.waits.len());
        self.closure_of.push(closure);
        if parse {
            if let Some(c) = self.closures.get(closure) {
                self.done.extend(c.done.iter().map(|d| [d[0], j, d[1]]));
            }
            let from = self.done_at.last().copied().unwrap_or(0);
            if let Some(d) = self.done.get_mut(from..) {
                d.sort_unstable();
            }
            self.done_at.push(self.done.len());
        }
    }

    /// The items of set `j`: its kernel `cur`, and its closure.
    fn items_of(&self, j: u32, cur: Vec<Item>, closure: Option<u32>) -> Vec<Item> {
        let mut all = cur;
        if let Some(c) = closure.and_then(|c| self.closures.get(c)) {
            all.extend(c.items.iter().map(|&dot| Item { dot, origin: j }));
        }
        all
    }
}

/// Builds the sets of `input`, keeping what parsing needs if `parse`.
///
/// With `scanners` (and not `parse`), the rules that have scanners are
/// run as automata, which make no items: faster, but the sets no longer
/// say what a refusal needs, nor what a parse needs.
pub(super) fn run(
    g: &Compiled,
    input: &[char],
    (parse, scanners): (bool, Option<&Scanners>),
    budget: usize,
) -> (Chart, Outcome) {
    let mut chart = Chart { ..Chart::default() };
    let scanners = scanners.filter(|_| !parse);
    // Completions the scanners found, by where they end.
    let mut pending: BinaryHeap<Reverse<(u32, u32, u32)>> = BinaryHeap::new();
    chart.wait_at.push(0);
    chart.done_at.push(0);
    let n = input.len();
    let mut nt_stamp = vec![u32::MAX; g.labels.len()];
    let mut seen = Seen::default();
    let mut leo = Leo::default();
    let mut cur: Vec<Item> = Vec::new();
    let mut waits: Vec<[u32; 3]> = Vec::new();
    let mut seeds: Vec<u32> = vec![g.start];
    // Completions looked at, which an ambiguous grammar makes more of
    // than items (cubic against quadratic).
    let mut work = 0usize;
    let work_budget = budget.saturating_mul(WORK_PER_ITEM);
    for j in 0..=n {
        let j32 = u32::try_from(j).unwrap_or(u32::MAX);
        let mut accept = j == 0 && g.is_nullable(g.start);
        // What the scanners completed here.
        while let Some(&Reverse((at, x, origin))) = pending.peek() {
            if at != j32 {
                break;
            }
            pending.pop();
            {
                accept |= x == g.start && origin == 0;
                let mut step = Step {
                    chart: &chart,
                    leo: &mut leo,
                    seen: &mut seen,
                    cur: &mut cur,
                    work: &mut work,
                };
                accept |= step.complete(g, x, origin, true);
            }
        }
        let mut k = 0;
        while let Some(&item) = cur.get(k) {
            k += 1;
            let Item { dot, origin } = item;
            let next = g.dot_next(dot);
            if next == END {
                let x = g.dot_lhs(dot);
                accept |= x == g.start && origin == 0;
                if parse {
                    chart.done.push([x, origin, dot]);
                }
                let mut step = Step {
                    chart: &chart,
                    leo: &mut leo,
                    seen: &mut seen,
                    cur: &mut cur,
                    work: &mut work,
                };
                accept |= step.complete(g, x, origin, !parse);
            } else if next & TERM == 0 {
                if let Some(s) = nt_stamp.get_mut(next as usize) {
                    if *s != j32 {
                        *s = j32;
                        seeds.push(next);
                    }
                }
                if g.is_nullable(next) {
                    let advanced = Item {
                        dot: dot + 1,
                        origin,
                    };
                    seen.add(&mut cur, advanced);
                }
                waits.push([next, dot, origin]);
            }
            if chart.items + cur.len() > budget || work > work_budget {
                chart.accept.push(accept);
                chart.last = cur;
                return (chart, Outcome::TooLarge(j));
            }
        }
        if seeds.len() > 1 {
            seeds.sort_unstable();
        }
        let (closure, made) = chart.closures.of(g, scanners, &seeds);
        seeds.clear();
        if made {
            chart.items += chart.closures.get(closure).map_or(0, Closure::size);
        }
        for &x in chart.closures.get(closure).map_or(&[][..], |c| &c.scanners) {
            if let Some(dfa) = scanners.and_then(|s| s.get(x)) {
                work += dfa.run(input, j, |k| {
                    let k = u32::try_from(k).unwrap_or(u32::MAX);
                    pending.push(Reverse((k, x, j32)));
                });
            }
        }
        chart.items += cur.len() + 1;
        if chart.items > budget {
            chart.accept.push(accept);
            chart.last = chart.items_of(j32, cur, Some(closure));
            return (chart, Outcome::TooLarge(j));
        }
        chart.accept.push(accept);
        chart.close_set(j32, closure, &mut waits, parse);
        let Some(&c) = input.get(j) else {
            chart.last = chart.items_of(j32, cur, Some(closure));
            return (chart, Outcome::Read);
        };
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
        if let Some(own) = chart.closures.get(closure) {
            for &dot in &own.scans {
                if g.term(g.dot_next(dot)).is_some_and(|t| t.matches(c)) {
                    next_set.push(Item {
                        dot: dot + 1,
                        origin: j32,
                    });
                }
            }
        }
        if next_set.is_empty() && pending.is_empty() {
            chart.last = chart.items_of(j32, cur, Some(closure));
            return (chart, Outcome::Stuck(j));
        }
        cur = next_set;
        seen.clear();
    }
    (chart, Outcome::Read)
}

/// What a completion needs of the run.
struct Step<'a> {
    chart: &'a Chart,
    leo: &'a mut Leo,
    seen: &'a mut Seen,
    cur: &'a mut Vec<Item>,
    work: &'a mut usize,
}

impl Step<'_> {
    /// Completes `x` from set `origin`: the items there waiting for it
    /// advance into the kernel (or, with `leo`, the top of their chain);
    /// whether that completed the start rule from 0 on the way.
    #[inline]
    fn complete(&mut self, g: &Compiled, x: u32, origin: u32, leo: bool) -> bool {
        let waiting = self.chart.waiting(origin as usize, x);
        let top = if !leo || waiting.len() != 1 {
            None
        } else {
            let chart = self.chart;
            self.leo
                .top(g.start, origin, x, |i, x| chart.single(g, i, x))
        };
        if let Some((top, start)) = top {
            self.seen.add(self.cur, top);
            return start;
        }
        *self.work += waiting.len();
        for w in waiting.iter() {
            let advanced = Item {
                dot: w[1] + 1,
                origin: w[2],
            };
            self.seen.add(self.cur, advanced);
        }
        false
    }
}

/// How many completions a run may look at per item of its budget.
pub(super) const WORK_PER_ITEM: usize = 4;

/// The items of the kernel being built, told apart: by looking through
/// them while they are few (most kernels), by a hash set past that.
#[derive(Default)]
struct Seen(FxSet<u64>);

/// How many items a kernel has before a hash set tells them apart.
const FEW: usize = 24;

impl Seen {
    /// Adds `item` to `cur` unless it is there.
    #[inline]
    fn add(&mut self, cur: &mut Vec<Item>, item: Item) {
        if cur.len() < FEW {
            if !cur.contains(&item) {
                cur.push(item);
            }
            return;
        }
        if self.0.is_empty() {
            self.0.extend(cur.iter().map(|&i| key(i)));
        }
        if self.0.insert(key(item)) {
            cur.push(item);
        }
    }

    fn clear(&mut self) {
        if !self.0.is_empty() {
            self.0.clear();
        }
    }
}

#[inline]
fn key(item: Item) -> u64 {
    u64::from(item.dot) << 32 | u64::from(item.origin)
}
