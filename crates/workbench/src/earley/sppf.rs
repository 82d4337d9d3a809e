//! The shared packed parse forest, read off the chart from the root down.
//!
//! Two kinds of node: a *symbol* node (`x`, `i`, `j`) says nonterminal `x`
//! derives the input from `i` to `j`; its families are the productions of
//! `x` completed there, each an *intermediate* node (`dot`, `i`, `j`) for
//! the part of the production before `dot`. An intermediate node's packed
//! children are its ways to split: the part before the last symbol (to
//! `k`) and that symbol (from `k`), a terminal or a symbol node. Only
//! nodes that take part in some derivation of the whole input are made,
//! breadth first, so nothing here recurses. A cycle (a rule deriving
//! itself through nullable rules, `a = a / "x"` or `*[x]`) is a cycle of
//! nodes; [`Sppf::order`] lists the strongly connected components.

use super::chart::Chart;
use super::grammar::{Compiled, END, TERM};
use super::hash::FxMap;

/// No node.
pub(super) const NONE: u32 = u32::MAX;

/// A node.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Node {
    Symbol {
        x: u32,
        i: u32,
        j: u32,
    },
    /// The production of `dot` up to it; at index 0, the empty prefix.
    Inter {
        dot: u32,
        i: u32,
        j: u32,
    },
}

/// A way to derive a node. For a symbol node, `right` is the family (an
/// intermediate node at the end of a production) and `left` is `NONE`; for
/// an intermediate node, `left` is the prefix before the last symbol
/// (`NONE` when it is empty) and `right` that symbol's node (`NONE` for a
/// terminal, the character at `k`).
#[derive(Clone, Copy, Debug)]
pub(super) struct Pack {
    pub(super) left: u32,
    pub(super) right: u32,
    pub(super) k: u32,
}

/// The forest.
pub(super) struct Sppf {
    pub(super) nodes: Vec<Node>,
    /// `packs[pack_at[n]..pack_at[n + 1]]` are node `n`'s.
    pub(super) pack_at: Vec<u32>,
    pub(super) packs: Vec<Pack>,
    /// The nodes, strongly connected component by component, children
    /// before parents.
    order: Vec<u32>,
    /// Each component: where it ends in `order`, and whether it has a
    /// cycle.
    components: Vec<(u32, bool)>,
}

impl Sppf {
    pub(super) fn packs_of(&self, n: u32) -> &[Pack] {
        let from = self.pack_at.get(n as usize).map_or(0, |&a| a as usize);
        let to = self
            .pack_at
            .get(n as usize + 1)
            .map_or(from, |&a| a as usize);
        self.packs.get(from..to).unwrap_or(&[])
    }

    pub(super) fn node(&self, n: u32) -> Option<Node> {
        self.nodes.get(n as usize).copied()
    }

    /// Whether the forest has a cycle, so infinitely many derivations.
    pub(super) fn cyclic(&self) -> bool {
        self.components.iter().any(|&(_, c)| c)
    }

    /// The strongly connected components, children before parents: their
    /// nodes and whether they have a cycle.
    pub(super) fn components(&self) -> impl Iterator<Item = (&[u32], bool)> + '_ {
        let mut from = 0usize;
        self.components.iter().map(move |&(end, cycle)| {
            let nodes = self.order.get(from..end as usize).unwrap_or(&[]);
            from = end as usize;
            (nodes, cycle)
        })
    }

    /// The forest of the start rule over all `n` characters; `None` when the
    /// node budget runs out.
    pub(super) fn build(g: &Compiled, chart: &Chart, n: u32, budget: usize) -> Option<Sppf> {
        let mut b = Builder {
            g,
            chart,
            ids: FxMap::default(),
            sppf: Sppf {
                nodes: Vec::new(),
                pack_at: vec![0],
                packs: Vec::new(),
                order: Vec::new(),
                components: Vec::new(),
            },
        };
        b.id(Node::Symbol {
            x: g.start,
            i: 0,
            j: n,
        });
        let mut at = 0;
        while let Some(&node) = b.sppf.nodes.get(at) {
            b.expand(node);
            b.sppf.pack_at.push(u32::try_from(b.sppf.packs.len()).ok()?);
            if b.sppf.nodes.len() + b.sppf.packs.len() > budget {
                return None;
            }
            at += 1;
        }
        let mut sppf = b.sppf;
        (sppf.order, sppf.components) = components(&sppf);
        Some(sppf)
    }
}

struct Builder<'a> {
    g: &'a Compiled,
    chart: &'a Chart,
    ids: FxMap<Node, u32>,
    sppf: Sppf,
}

impl Builder<'_> {
    fn id(&mut self, node: Node) -> u32 {
        if let Some(&id) = self.ids.get(&node) {
            return id;
        }
        let id = u32::try_from(self.sppf.nodes.len()).unwrap_or(NONE);
        self.sppf.nodes.push(node);
        self.ids.insert(node, id);
        id
    }

    fn pack(&mut self, left: u32, right: u32, k: u32) {
        self.sppf.packs.push(Pack { left, right, k });
    }

    /// Finds the packed children of `node`.
    fn expand(&mut self, node: Node) {
        let (g, chart) = (self.g, self.chart);
        match node {
            Node::Symbol { x, i, j } => {
                for d in chart.completed_from(j as usize, x, i) {
                    if d[1] != i {
                        break;
                    }
                    let family = self.id(Node::Inter { dot: d[2], i, j });
                    self.pack(NONE, family, i);
                }
            }
            Node::Inter { dot, i, j } => {
                if g.dot_index(dot) == 0 {
                    return;
                }
                let prev = dot - 1;
                let first = g.dot_index(prev) == 0;
                let s = g.dot_next(prev);
                if s == END {
                    return;
                }
                if s & TERM != 0 {
                    let Some(k) = j.checked_sub(1) else { return };
                    if first && k != i {
                        return;
                    }
                    let left = if first {
                        NONE
                    } else {
                        self.id(Node::Inter { dot: prev, i, j: k })
                    };
                    self.pack(left, NONE, k);
                    return;
                }
                let mut last = NONE;
                for d in chart.completed_from(j as usize, s, i) {
                    let k = d[1];
                    if k == last {
                        continue;
                    }
                    last = k;
                    if first {
                        if k != i {
                            break;
                        }
                    } else if !chart.has_waiting(k as usize, s, prev, i) {
                        continue;
                    }
                    let left = if first {
                        NONE
                    } else {
                        self.id(Node::Inter { dot: prev, i, j: k })
                    };
                    let right = self.id(Node::Symbol { x: s, i: k, j });
                    self.pack(left, right, k);
                }
            }
        }
    }
}

/// The `c`-th child slot of `n` (two per pack, `NONE` when empty), or
/// `None` past the last.
fn child(sppf: &Sppf, n: u32, c: usize) -> Option<u32> {
    let p = sppf.packs_of(n).get(c / 2)?;
    Some(if c.is_multiple_of(2) { p.left } else { p.right })
}

/// Tarjan's strongly connected components, with an explicit stack: the
/// components come out children first.
fn components(sppf: &Sppf) -> (Vec<u32>, Vec<(u32, bool)>) {
    let count = sppf.nodes.len();
    let mut index = vec![NONE; count];
    let mut low = vec![0u32; count];
    let mut on_stack = vec![false; count];
    let mut stack: Vec<u32> = Vec::new();
    let mut order = Vec::with_capacity(count);
    let mut ends = Vec::new();
    let mut next_index = 0u32;
    // Frames: a node and the next child slot to look at.
    let mut frames: Vec<(u32, usize)> = Vec::new();
    for root in 0..u32::try_from(count).unwrap_or(0) {
        if get(&index, root as usize) != NONE {
            continue;
        }
        set(&mut index, root as usize, next_index);
        set(&mut low, root as usize, next_index);
        next_index += 1;
        stack.push(root);
        set(&mut on_stack, root as usize, true);
        frames.push((root, 0));
        while let Some(&(v, c)) = frames.last() {
            let vi = v as usize;
            match child(sppf, v, c) {
                Some(w) => {
                    if let Some(f) = frames.last_mut() {
                        f.1 += 1;
                    }
                    if w == NONE {
                        continue;
                    }
                    let wi = w as usize;
                    if get(&index, wi) == NONE {
                        set(&mut index, wi, next_index);
                        set(&mut low, wi, next_index);
                        next_index += 1;
                        stack.push(w);
                        set(&mut on_stack, wi, true);
                        frames.push((w, 0));
                    } else if get(&on_stack, wi) {
                        let m = get(&low, vi).min(get(&index, wi));
                        set(&mut low, vi, m);
                    }
                }
                None => {
                    frames.pop();
                    if let Some(&(parent, _)) = frames.last() {
                        let m = get(&low, parent as usize).min(get(&low, vi));
                        set(&mut low, parent as usize, m);
                    }
                    if get(&low, vi) == get(&index, vi) {
                        let from = order.len();
                        while let Some(w) = stack.pop() {
                            set(&mut on_stack, w as usize, false);
                            order.push(w);
                            if w == v {
                                break;
                            }
                        }
                        let cycle = order.len() - from > 1
                            || sppf.packs_of(v).iter().any(|p| p.left == v || p.right == v);
                        ends.push((u32::try_from(order.len()).unwrap_or(NONE), cycle));
                    }
                }
            }
        }
    }
    (order, ends)
}

fn get<T: Copy + Default>(v: &[T], i: usize) -> T {
    v.get(i).copied().unwrap_or_default()
}

fn set<T>(v: &mut [T], i: usize, value: T) {
    if let Some(slot) = v.get_mut(i) {
        *slot = value;
    }
}
