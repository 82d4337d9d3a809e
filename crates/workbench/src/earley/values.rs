//! The values of the forest's nodes: up to `limit` distinct sequences of
//! trees each, computed bottom up over the strongly connected components
//! (children first; a cyclic component is evaluated until it stops
//! changing). Sequences and trees are hash-consed: a sequence is its last
//! tree and the sequence before it, a tree its label, span and sequence of
//! children, so equal trees are equal numbers and shared subtrees are
//! stored once. Keeping `limit` values per node is enough for `limit`
//! distinct trees of the whole input: with everything around it fixed,
//! different values of a node give different trees of the root.

use super::expr::ExprId;
use super::grammar::{Compiled, Label, TERM};
use super::hash::FxMap;
use super::sppf::{Node, Sppf, NONE};

/// A tree node of a value: a rule, group or terminal over a span.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(super) struct Rec {
    pub(super) label: Leaf,
    pub(super) i: u32,
    pub(super) j: u32,
    pub(super) seq: u32,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum Leaf {
    Rule(usize),
    Group(ExprId),
    Term(u32),
}

/// Hash-consed sequences of trees and trees.
#[derive(Default)]
pub(super) struct Interner {
    /// Sequence `s > 0` is `seqs[s] = (sequence before, last tree)`; 0 is
    /// the empty one.
    seqs: Vec<(u32, u32)>,
    seq_ids: FxMap<(u32, u32), u32>,
    pub(super) trees: Vec<Rec>,
    tree_ids: FxMap<Rec, u32>,
}

pub(super) const EMPTY: u32 = 0;

impl Interner {
    fn new() -> Interner {
        Interner {
            seqs: vec![(NONE, NONE)],
            ..Interner::default()
        }
    }

    fn snoc(&mut self, seq: u32, tree: u32) -> u32 {
        if let Some(&s) = self.seq_ids.get(&(seq, tree)) {
            return s;
        }
        let s = u32::try_from(self.seqs.len()).unwrap_or(NONE);
        self.seqs.push((seq, tree));
        self.seq_ids.insert((seq, tree), s);
        s
    }

    fn tree(&mut self, rec: Rec) -> u32 {
        if let Some(&t) = self.tree_ids.get(&rec) {
            return t;
        }
        let t = u32::try_from(self.trees.len()).unwrap_or(NONE);
        self.trees.push(rec);
        self.tree_ids.insert(rec, t);
        t
    }

    /// The trees of `seq`, in order.
    pub(super) fn items(&self, mut seq: u32) -> Vec<u32> {
        let mut out = Vec::new();
        while seq != EMPTY {
            let Some(&(before, last)) = self.seqs.get(seq as usize) else {
                break;
            };
            out.push(last);
            seq = before;
        }
        out.reverse();
        out
    }

    /// The children of the one tree of `seq` (`seq` itself if it is not
    /// one tree).
    fn content(&self, seq: u32) -> u32 {
        match self.seqs.get(seq as usize) {
            Some(&(EMPTY, t)) if seq != EMPTY => self.trees.get(t as usize).map_or(seq, |r| r.seq),
            _ => seq,
        }
    }

    fn concat(&mut self, a: u32, b: u32) -> u32 {
        if b == EMPTY {
            return a;
        }
        if a == EMPTY {
            return b;
        }
        if let Some(&(EMPTY, t)) = self.seqs.get(b as usize) {
            return self.snoc(a, t);
        }
        self.items(b).into_iter().fold(a, |s, t| self.snoc(s, t))
    }
}

/// Per node, up to `limit` distinct values: most nodes have one.
pub(super) struct Values {
    /// Each node's first value, `NONE` while it has none.
    first: Vec<u32>,
    /// The further values of the nodes that have several.
    rest: FxMap<u32, Vec<u32>>,
    pub(super) interner: Interner,
}

impl Values {
    /// How many values node `n` has (the empty side, `NONE`, has one).
    pub(super) fn len(&self, n: u32) -> usize {
        if n == NONE {
            return 1;
        }
        match self.first.get(n as usize) {
            Some(&NONE) | None => 0,
            Some(_) => 1 + self.rest.get(&n).map_or(0, Vec::len),
        }
    }

    /// Node `n`'s `k`-th value (the empty side's is the empty sequence).
    pub(super) fn nth(&self, n: u32, k: usize) -> u32 {
        if n == NONE {
            return EMPTY;
        }
        match k {
            0 => self.first.get(n as usize).copied().unwrap_or(NONE),
            _ => self
                .rest
                .get(&n)
                .and_then(|r| r.get(k - 1))
                .copied()
                .unwrap_or(NONE),
        }
    }

    pub(super) fn all(&self, n: u32) -> Vec<u32> {
        (0..self.len(n)).map(|k| self.nth(n, k)).collect()
    }

    fn store(&mut self, n: u32, vals: &[u32]) {
        if let (Some(slot), Some(&first)) = (self.first.get_mut(n as usize), vals.first()) {
            *slot = first;
        }
        if let Some(rest) = vals.get(1..).filter(|r| !r.is_empty()) {
            self.rest.insert(n, rest.to_vec());
        }
    }
}

impl Values {
    /// Up to `limit` values per node of the forest `sppf` of `g`;
    /// `detailed` keeps groups and terminals as tree nodes.
    pub(super) fn of(g: &Compiled, sppf: &Sppf, limit: usize, detailed: bool) -> Values {
        Evaluation { g, sppf }.values(limit, detailed)
    }
}

/// A forest's nodes, evaluated.
struct Evaluation<'a> {
    g: &'a Compiled,
    sppf: &'a Sppf,
}

impl Evaluation<'_> {
    fn values(&self, limit: usize, detailed: bool) -> Values {
        let mut v = Values {
            first: vec![NONE; self.sppf.nodes.len()],
            rest: FxMap::default(),
            interner: Interner::new(),
        };
        let mut out = Vec::new();
        for (component, cycle) in self.sppf.components() {
            loop {
                let mut grew = false;
                for &n in component {
                    grew |= self.evaluate(&mut v, n, limit, detailed, &mut out);
                }
                if !cycle || !grew {
                    break;
                }
            }
        }
        v
    }

    /// Adds to node `n`'s values what its packs give; whether it grew.
    fn evaluate(
        &self,
        v: &mut Values,
        n: u32,
        limit: usize,
        detailed: bool,
        out: &mut Vec<u32>,
    ) -> bool {
        let Some(node) = self.sppf.node(n) else {
            return false;
        };
        out.clear();
        out.extend(v.all(n));
        let before = out.len();
        let add = |out: &mut Vec<u32>, s: u32| {
            if s != NONE && out.len() < limit && !out.contains(&s) {
                out.push(s);
            }
        };
        match node {
            Node::Symbol { x, i, j } => {
                let label = match self.g.label(x) {
                    Some(Label::Rule(r)) => Some(Leaf::Rule(r)),
                    Some(Label::Group(e)) if detailed => Some(Leaf::Group(e)),
                    _ => None,
                };
                for p in self.sppf.packs_of(n) {
                    for k in 0..v.len(p.right) {
                        if out.len() >= limit {
                            break;
                        }
                        let seq = v.nth(p.right, k);
                        let seq = match label {
                            Some(label) => {
                                let t = v.interner.tree(Rec { label, i, j, seq });
                                v.interner.snoc(EMPTY, t)
                            }
                            None => seq,
                        };
                        add(out, seq);
                    }
                }
            }
            Node::Inter { dot, .. } if self.g.dot_index(dot) == 0 => add(out, EMPTY),
            Node::Inter { dot, .. } => {
                for p in self.sppf.packs_of(n) {
                    let leaf = if p.right == NONE && detailed {
                        let t = self.g.dot_next(dot - 1) & !TERM;
                        let rec = Rec {
                            label: Leaf::Term(t),
                            i: p.k,
                            j: p.k + 1,
                            seq: EMPTY,
                        };
                        let t = v.interner.tree(rec);
                        v.interner.snoc(EMPTY, t)
                    } else {
                        EMPTY
                    };
                    // A repetition's earlier rounds, in detail: its own
                    // children, not a node of the same group.
                    let splice = detailed && p.right != NONE && self.same_group(dot, p.right);
                    let (lefts, rights) = (v.len(p.left), v.len(p.right));
                    'pairs: for a in 0..lefts {
                        let l = v.nth(p.left, a);
                        for b in 0..rights {
                            if out.len() >= limit {
                                break 'pairs;
                            }
                            let r = match p.right {
                                NONE => leaf,
                                r if splice => v.interner.content(v.nth(r, b)),
                                r => v.nth(r, b),
                            };
                            let s = v.interner.concat(l, r);
                            add(out, s);
                        }
                    }
                }
            }
        }
        let grew = out.len() > before;
        if grew {
            v.store(n, out);
        }
        grew
    }

    /// Whether node `r` is the group `dot`'s production derives (a
    /// repetition's `R` or `T(k)` in its own production).
    fn same_group(&self, dot: u32, r: u32) -> bool {
        let lhs = self.g.label(self.g.dot_lhs(dot));
        match self.sppf.node(r) {
            Some(Node::Symbol { x, .. }) => {
                matches!(lhs, Some(Label::Group(_))) && self.g.label(x) == lhs
            }
            _ => false,
        }
    }
}
