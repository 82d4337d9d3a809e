//! Scanners: the named rules that are regular, run as automata inside the
//! recognizer. A string, a number or white space of a JSON text is then
//! one completion, not a few items per character: only the recursive
//! structure makes items.
//!
//! A rule is regular here when what it reaches recurses only the way a
//! repetition is lowered (`R = X / R Y`, left recursion of a group on
//! itself alone). Its productions become a nondeterministic automaton
//! (each rule it uses inlined), made deterministic over the classes of
//! characters its terminals tell apart; a rule whose automaton would pass
//! [`MAX_STATES`] states, or nests deeper than [`MAX_DEPTH`], stays Earley
//! items. Recognition only: a parse needs the items inside each rule.

use super::grammar::{Compiled, Label, END, TERM};
use super::hash::FxMap;

/// The most states of one scanner's automaton (either kind).
const MAX_STATES: usize = 512;
/// How deep rules may nest inside a scanner.
const MAX_DEPTH: usize = 24;
/// The most transitions all of a grammar's scanners may have together.
const MAX_TABLE: usize = 1 << 22;
/// No state.
const DEAD: u32 = u32::MAX;

/// One rule's automaton over classes of characters.
#[derive(Clone, Debug)]
pub(super) struct Dfa {
    /// Class of each ASCII character.
    ascii: [u16; 128],
    /// The first scalar value of each class's interval above ASCII, sorted,
    /// with its class.
    bounds: Vec<(u32, u16)>,
    classes: usize,
    /// `next[state * classes + class]`.
    next: Vec<u32>,
    accept: Vec<bool>,
}

impl Dfa {
    #[inline]
    fn class(&self, c: char) -> usize {
        let c = u32::from(c);
        if let Some(&k) = self.ascii.get(c as usize) {
            return usize::from(k);
        }
        let at = self.bounds.partition_point(|&(b, _)| b <= c);
        at.checked_sub(1)
            .and_then(|i| self.bounds.get(i))
            .map_or(0, |&(_, k)| usize::from(k))
    }

    /// Calls `end(k)` for each `k > from` where the rule derives
    /// `input[from..k]`; how many characters it read.
    pub(super) fn run(&self, input: &[char], from: usize, mut end: impl FnMut(usize)) -> usize {
        let mut state = 0u32;
        let mut read = 0;
        for (k, &c) in input.iter().enumerate().skip(from) {
            let at = state as usize * self.classes + self.class(c);
            state = self.next.get(at).copied().unwrap_or(DEAD);
            read += 1;
            if state == DEAD {
                break;
            }
            if self.accept.get(state as usize).copied().unwrap_or(false) {
                end(k + 1);
            }
        }
        read
    }
}

/// The scanners of a grammar: per nonterminal, its automaton's index.
#[derive(Clone, Debug, Default)]
pub(super) struct Scanners {
    of: Vec<u32>,
    pub(super) dfas: Vec<Dfa>,
}

impl Scanners {
    /// The automaton of nonterminal `x`, if it has one.
    #[inline]
    pub(super) fn get(&self, x: u32) -> Option<&Dfa> {
        let i = *self.of.get(x as usize)?;
        self.dfas.get(i as usize)
    }

    /// The scanners of every named rule of `g` that is regular.
    pub(super) fn build(g: &Compiled) -> Scanners {
        let mut s = Scanners {
            of: vec![DEAD; g.labels.len()],
            dfas: Vec::new(),
        };
        let mut table = 0;
        for x in 0..g.labels.len() {
            if !matches!(g.labels.get(x), Some(Label::Rule(_))) {
                continue;
            }
            let x32 = u32::try_from(x).unwrap_or(DEAD);
            let mut nfa = Nfa::default();
            let Some((start, end)) = nfa.fragment(g, x32, &mut Vec::new()) else {
                continue;
            };
            let Some(dfa) = nfa.determinize(g, start, end) else {
                continue;
            };
            table += dfa.next.len();
            if table > MAX_TABLE {
                break;
            }
            if let Some(slot) = s.of.get_mut(x) {
                *slot = u32::try_from(s.dfas.len()).unwrap_or(DEAD);
            }
            s.dfas.push(dfa);
        }
        s
    }
}

/// A nondeterministic automaton: per state, its empty moves and its moves
/// on a terminal.
#[derive(Default)]
struct Nfa {
    eps: Vec<Vec<u32>>,
    moves: Vec<Vec<(u32, u32)>>,
}

impl Nfa {
    fn state(&mut self) -> Option<u32> {
        if self.eps.len() >= MAX_STATES * 4 {
            return None;
        }
        self.eps.push(Vec::new());
        self.moves.push(Vec::new());
        u32::try_from(self.eps.len() - 1).ok()
    }

    fn eps(&mut self, from: u32, to: u32) {
        if let Some(e) = self.eps.get_mut(from as usize) {
            e.push(to);
        }
    }

    /// The automaton of nonterminal `x` inlined: its start and end, or
    /// `None` when it is not regular (or too large). `open` are the rules
    /// being inlined around it. Recursion is bounded by [`MAX_DEPTH`].
    fn fragment(&mut self, g: &Compiled, x: u32, open: &mut Vec<u32>) -> Option<(u32, u32)> {
        if open.len() >= MAX_DEPTH || open.contains(&x) {
            return None;
        }
        open.push(x);
        let (start, end) = (self.state()?, self.state()?);
        for &first in g.firsts_of(x) {
            let mut syms = Vec::new();
            let mut dot = first;
            while g.dot_next(dot) != END {
                syms.push(g.dot_next(dot));
                dot += 1;
            }
            let (from, to, body) = match syms.split_first() {
                // R = R Y: after an R, Y again is an R.
                Some((&s, rest)) if s == x => (end, end, rest),
                _ => (start, end, &syms[..]),
            };
            let (s, e) = self.sequence(g, body, open)?;
            self.eps(from, s);
            self.eps(e, to);
        }
        open.pop();
        Some((start, end))
    }

    fn sequence(&mut self, g: &Compiled, syms: &[u32], open: &mut Vec<u32>) -> Option<(u32, u32)> {
        let start = self.state()?;
        let mut at = start;
        for &s in syms {
            if s & TERM != 0 {
                let next = self.state()?;
                if let Some(m) = self.moves.get_mut(at as usize) {
                    m.push((s, next));
                }
                at = next;
            } else {
                let (fs, fe) = self.fragment(g, s, open)?;
                self.eps(at, fs);
                at = fe;
            }
        }
        Some((start, at))
    }

    /// `states` and all they reach by empty moves, sorted.
    fn closure(&self, mut states: Vec<u32>) -> Vec<u32> {
        let mut k = 0;
        while let Some(&s) = states.get(k) {
            k += 1;
            for &t in self.eps.get(s as usize).map_or(&[][..], Vec::as_slice) {
                if !states.contains(&t) {
                    states.push(t);
                }
            }
        }
        states.sort_unstable();
        states
    }

    fn determinize(&self, g: &Compiled, start: u32, end: u32) -> Option<Dfa> {
        // Classes: the intervals between the terminals' range ends.
        let mut cuts = vec![0u32, 128];
        for m in self.moves.iter().flatten() {
            for &(lo, hi) in g.term(m.0).map_or(&[][..], |t| t.ranges()) {
                cuts.push(lo);
                cuts.push(hi.saturating_add(1));
            }
        }
        cuts.sort_unstable();
        cuts.dedup();
        let reps: Vec<u32> = cuts.iter().copied().filter(|&c| c <= 0x10_FFFF).collect();
        let classes = reps.len();
        let class_of = |c: u32| reps.partition_point(|&r| r <= c).saturating_sub(1);
        let mut ascii = [0u16; 128];
        for (c, slot) in ascii.iter_mut().enumerate() {
            *slot = u16::try_from(class_of(c as u32)).ok()?;
        }
        let bounds = reps
            .iter()
            .enumerate()
            .filter(|&(_, &r)| r >= 128)
            .map(|(k, &r)| Some((r, u16::try_from(k).ok()?)))
            .collect::<Option<Vec<_>>>()?;
        let mut ids: FxMap<Vec<u32>, u32> = FxMap::default();
        let mut sets = vec![self.closure(vec![start])];
        ids.insert(sets.first()?.clone(), 0);
        let mut next = Vec::new();
        let mut at = 0;
        while let Some(set) = sets.get(at).cloned() {
            at += 1;
            for &rep in &reps {
                let c = char::from_u32(rep);
                let mut to = Vec::new();
                for &s in &set {
                    for &(t, n) in self.moves.get(s as usize).map_or(&[][..], Vec::as_slice) {
                        if c.is_some_and(|c| g.term(t).is_some_and(|t| t.matches(c))) {
                            to.push(n);
                        }
                    }
                }
                if to.is_empty() {
                    next.push(DEAD);
                    continue;
                }
                let to = self.closure(to);
                let id = match ids.get(&to) {
                    Some(&id) => id,
                    None => {
                        if sets.len() >= MAX_STATES {
                            return None;
                        }
                        let id = u32::try_from(sets.len()).ok()?;
                        ids.insert(to.clone(), id);
                        sets.push(to);
                        id
                    }
                };
                next.push(id);
            }
        }
        let accept = sets.iter().map(|s| s.binary_search(&end).is_ok()).collect();
        Some(Dfa {
            ascii,
            bounds,
            classes,
            next,
            accept,
        })
    }
}
