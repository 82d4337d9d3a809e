//! The predicted part of an Earley set, shared between sets.
//!
//! The items of set `j` whose origin is `j` are those the predictions of
//! its other items make: the productions of each nonterminal predicted,
//! the dot moved over nullable nonterminals (Aycock and Horspool), and so
//! on. They depend only on which nonterminals the other items (the
//! *kernel*) predict, so each distinct set of predicted nonterminals (its
//! *seeds*) is closed once per run and every set with the same seeds
//! points at it. A JSON text's sets, say, have a handful of distinct
//! seeds, so prediction costs nothing per character and a set keeps only
//! its kernel.

use super::grammar::{Compiled, END, TERM};
use super::hash::FxMap;
use super::scan::Scanners;

/// The closure of one set of seeds: the items, all with the set's own
/// position as origin, by what comes after their dot.
#[derive(Default)]
pub(super) struct Closure {
    /// Every item's dotted position.
    pub(super) items: Vec<u32>,
    /// The items waiting for a nonterminal, as (nonterminal, dot), sorted.
    pub(super) waits: Vec<[u32; 2]>,
    /// The items with a terminal after the dot.
    pub(super) scans: Vec<u32>,
    /// The completed items (productions that derive the empty string
    /// here), as (nonterminal, dot), sorted.
    pub(super) done: Vec<[u32; 2]>,
    /// The nonterminals predicted whose scanners run instead.
    pub(super) scanners: Vec<u32>,
}

impl Closure {
    /// The items waiting for `x`, as (x, dot).
    pub(super) fn waiting(&self, x: u32) -> &[[u32; 2]] {
        run_of(&self.waits, x)
    }

    /// The size counted against the item budget.
    pub(super) fn size(&self) -> usize {
        self.items.len() + 1
    }
}

/// The closures a run has made, by their seeds.
#[derive(Default)]
pub(super) struct Closures {
    pub(super) list: Vec<Closure>,
    ids: FxMap<Vec<u32>, u32>,
    /// The seeds asked for last, and their closure.
    last: Option<(Vec<u32>, u32)>,
    /// The closure of no seeds, once made.
    empty: Option<u32>,
    /// Scratch for closing: a stamp per dot and per nonterminal.
    dot_stamp: Vec<u32>,
    nt_stamp: Vec<u32>,
    stamp: u32,
}

impl Closures {
    pub(super) fn get(&self, id: u32) -> Option<&Closure> {
        self.list.get(id as usize)
    }

    /// The closure of `seeds` (sorted, without duplicates), made if new;
    /// its id, and whether it was made now. The rules `scanners` has an
    /// automaton for are not predicted: their scanners stand for them (a
    /// run passes the same `scanners` every time).
    pub(super) fn of(
        &mut self,
        g: &Compiled,
        scanners: Option<&Scanners>,
        seeds: &[u32],
    ) -> (u32, bool) {
        // Inside what a scanner reads, nothing is predicted.
        if seeds.is_empty() {
            if let Some(id) = self.empty {
                return (id, false);
            }
        }
        // Runs of sets predict the same.
        if let Some((last, id)) = &self.last {
            if last == seeds {
                return (*id, false);
            }
        }
        if let Some(&id) = self.ids.get(seeds) {
            self.last = Some((seeds.to_vec(), id));
            return (id, false);
        }
        let closure = self.close(g, scanners, seeds);
        let id = u32::try_from(self.list.len()).unwrap_or(u32::MAX);
        self.list.push(closure);
        self.ids.insert(seeds.to_vec(), id);
        self.last = Some((seeds.to_vec(), id));
        if seeds.is_empty() {
            self.empty = Some(id);
        }
        (id, true)
    }

    fn close(&mut self, g: &Compiled, scanners: Option<&Scanners>, seeds: &[u32]) -> Closure {
        if self.dot_stamp.len() != g.next.len() {
            self.dot_stamp = vec![u32::MAX; g.next.len()];
            self.nt_stamp = vec![u32::MAX; g.labels.len()];
        }
        self.stamp = self.stamp.wrapping_add(1);
        let stamp = self.stamp;
        let mut c = Closure::default();
        for &x in seeds {
            self.predict(g, scanners, x, stamp, &mut c);
        }
        let mut k = 0;
        while let Some(&dot) = c.items.get(k) {
            k += 1;
            let next = g.dot_next(dot);
            if next == END {
                c.done.push([g.dot_lhs(dot), dot]);
            } else if next & TERM != 0 {
                c.scans.push(dot);
            } else {
                self.predict(g, scanners, next, stamp, &mut c);
                if g.is_nullable(next) {
                    self.add(dot + 1, stamp, &mut c.items);
                }
                c.waits.push([next, dot]);
            }
        }
        c.waits.sort_unstable();
        c.done.sort_unstable();
        c
    }

    fn predict(
        &mut self,
        g: &Compiled,
        scanners: Option<&Scanners>,
        x: u32,
        stamp: u32,
        c: &mut Closure,
    ) {
        match self.nt_stamp.get_mut(x as usize) {
            Some(s) if *s != stamp => *s = stamp,
            _ => return,
        }
        if scanners.is_some_and(|s| s.get(x).is_some()) {
            c.scanners.push(x);
            return;
        }
        for &dot in g.firsts_of(x) {
            self.add(dot, stamp, &mut c.items);
        }
    }

    fn add(&mut self, dot: u32, stamp: u32, items: &mut Vec<u32>) {
        if let Some(s) = self.dot_stamp.get_mut(dot as usize) {
            if *s != stamp {
                *s = stamp;
                items.push(dot);
            }
        }
    }
}

/// The run of `all` (sorted) whose first element is `x`: found by a
/// binary search for its start, then read to its end (runs are short).
#[inline]
pub(super) fn run_of<const N: usize>(all: &[[u32; N]], x: u32) -> &[[u32; N]] {
    let from = all.partition_point(|w| w.first().is_some_and(|&y| y < x));
    let rest = all.get(from..).unwrap_or(&[]);
    let len = rest.iter().take_while(|w| w.first() == Some(&x)).count();
    rest.get(..len).unwrap_or(&[])
}
