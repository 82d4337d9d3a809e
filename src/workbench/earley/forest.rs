//! What a parse gives: the forest, and the trees, counts and ambiguities
//! read from it.
//!
//! Trees are computed bottom up over the forest's strongly connected
//! components (children first; a cyclic component is evaluated until it
//! stops changing), each node keeping at most `limit` distinct values. A
//! value is a sequence of trees, hash-consed: a sequence is its last tree
//! and the sequence before it, a tree its rule, span and sequence of
//! children, so equal trees are equal numbers and shared subtrees are
//! stored once. Keeping `limit` values per node is enough for `limit`
//! distinct trees of the whole input: with everything around it fixed,
//! different values of a node give different trees of the root.

use super::expr::ExprId;
use super::hash::FxMap;
use super::lower::{Compiled, Label, TERM};
use super::sppf::{Node, Sppf, NONE};
use super::tree::{Tree, TreeKind};

/// All derivations of an input: a shared packed parse forest. Made by
/// [`Earley::parse`](super::Earley::parse).
///
/// ```
/// use xiri::workbench::earley::Earley;
/// let e = Earley::from_abnf("e = e \"+\" e / \"x\"\n", "e").unwrap();
/// let forest = e.parse("x+x+x").unwrap();
/// assert_eq!(forest.count(100), 2);
/// let (trees, more) = forest.trees(10);
/// assert_eq!((trees.len(), more), (2, false));
/// ```
pub struct Forest<'e, 'i> {
    pub(super) g: &'e Compiled,
    pub(super) input: &'i str,
    /// The byte offset of each character position.
    pub(super) bytes: Vec<usize>,
    pub(super) sppf: Sppf,
}

impl std::fmt::Debug for Forest<'_, '_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Forest")
            .field("input_len", &self.input.len())
            .field("nodes", &self.sppf.nodes.len())
            .field("packs", &self.sppf.packs.len())
            .finish()
    }
}

/// A tree node of a value: a rule, group or terminal over a span.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Rec {
    label: Leaf,
    i: u32,
    j: u32,
    seq: u32,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Leaf {
    Rule(usize),
    Group(ExprId),
    Term(u32),
}

/// Hash-consed sequences of trees and trees.
#[derive(Default)]
struct Interner {
    /// Sequence `s > 0` is `seqs[s] = (sequence before, last tree)`; 0 is
    /// the empty one.
    seqs: Vec<(u32, u32)>,
    seq_ids: FxMap<(u32, u32), u32>,
    trees: Vec<Rec>,
    tree_ids: FxMap<Rec, u32>,
}

const EMPTY: u32 = 0;

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
    fn items(&self, mut seq: u32) -> Vec<u32> {
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
struct Values {
    /// Each node's first value, `NONE` while it has none.
    first: Vec<u32>,
    /// The further values of the nodes that have several.
    rest: FxMap<u32, Vec<u32>>,
    interner: Interner,
}

impl Values {
    /// How many values node `n` has (the empty side, `NONE`, has one).
    fn len(&self, n: u32) -> usize {
        if n == NONE {
            return 1;
        }
        match self.first.get(n as usize) {
            Some(&NONE) | None => 0,
            Some(_) => 1 + self.rest.get(&n).map_or(0, Vec::len),
        }
    }

    /// Node `n`'s `k`-th value (the empty side's is the empty sequence).
    fn nth(&self, n: u32, k: usize) -> u32 {
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

    fn all(&self, n: u32) -> Vec<u32> {
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

impl<'e, 'i> Forest<'e, 'i> {
    /// The input parsed.
    ///
    /// ```
    /// use xiri::workbench::earley::Earley;
    /// let e = Earley::from_abnf("a = \"x\"\n", "a").unwrap();
    /// assert_eq!(e.parse("x").unwrap().input(), "x");
    /// ```
    pub fn input(&self) -> &'i str {
        self.input
    }

    /// One tree of the input: where there are several, the first in the
    /// grammar's order of alternatives and of shorter-first splits.
    ///
    /// ```
    /// use xiri::workbench::earley::Earley;
    /// let e = Earley::from_abnf("a = b / c\nb = \"x\"\nc = \"x\"\n", "a").unwrap();
    /// let tree = e.parse("x").unwrap().tree();
    /// assert_eq!(tree.children[0].rule, "b");
    /// ```
    pub fn tree(&self) -> Tree {
        let values = self.values(1, false);
        match values.nth(0, 0) {
            NONE => self.root_only(),
            seq => self.build(&values.interner, seq),
        }
    }

    /// Up to `limit` distinct trees (after anonymous groups are spliced),
    /// and whether there are more.
    ///
    /// ```
    /// use xiri::workbench::earley::Earley;
    /// let e = Earley::from_abnf("a = a / \"x\"\n", "a").unwrap();
    /// // `a` derives itself: a, a(a), a(a(a)), ...
    /// let (trees, more) = e.parse("x").unwrap().trees(3);
    /// assert_eq!((trees.len(), more), (3, true));
    /// ```
    pub fn trees(&self, limit: usize) -> (Vec<Tree>, bool) {
        let values = self.values(limit.saturating_add(1), false);
        let root = values.all(0);
        let trees = root
            .iter()
            .take(limit)
            .map(|&seq| self.build(&values.interner, seq))
            .collect();
        (trees, root.len() > limit)
    }

    /// How many derivations the input has, up to `cap`: one per choice of
    /// alternative and split of a concatenation or repetition, so two
    /// derivations may show the same tree once groups are spliced
    /// (`*"x" *"x"` on "xx" has three). A forest with a cycle has
    /// infinitely many: `cap`.
    ///
    /// ```
    /// use xiri::workbench::earley::Earley;
    /// let e = Earley::from_abnf("a = *\"x\" *\"x\"\n", "a").unwrap();
    /// let forest = e.parse("xx").unwrap();
    /// assert_eq!(forest.count(u64::MAX), 3);
    /// assert_eq!(forest.count(2), 2);
    /// assert_eq!(forest.trees(10).0.len(), 1);
    /// ```
    pub fn count(&self, cap: u64) -> u64 {
        if self.sppf.cyclic() {
            return cap;
        }
        self.counts(cap).first().copied().unwrap_or(0).min(cap)
    }

    /// Two different trees when the input has more than one derivation,
    /// of the smallest rule where they differ: the first rule node, from
    /// the leaves up, with two distinct trees over the same span. When
    /// every derivation shows the same tree once groups are spliced (the
    /// derivations differ only in how a group split its text), the two are
    /// detailed trees of the smallest group or rule that differs, with a
    /// node per group and per character; only a grammar with two
    /// identical alternatives (`"x" / "x"`) can give two equal trees.
    ///
    /// ```
    /// use xiri::workbench::earley::Earley;
    /// let e = Earley::from_abnf("s = a b\na = \"x\" / \"xy\"\nb = \"y\" / \"\"\n", "s").unwrap();
    /// let (one, two) = e.parse("xy").unwrap().ambiguity().unwrap();
    /// assert_eq!((one.rule.as_str(), two.rule.as_str()), ("s", "s"));
    /// assert_ne!(one, two);
    /// assert!(e.parse("x").unwrap().ambiguity().is_none());
    /// ```
    pub fn ambiguity(&self) -> Option<(Tree, Tree)> {
        let plain = self.values(2, false);
        if let Some(pair) = self.first_pair(&plain, false) {
            return Some(pair);
        }
        let counts = if self.sppf.cyclic() {
            Vec::new()
        } else {
            self.counts(2)
        };
        if !self.sppf.cyclic() && counts.first().copied().unwrap_or(0) < 2 {
            return None;
        }
        let detailed = self.values(2, true);
        if let Some(pair) = self.first_pair(&detailed, true) {
            return Some(pair);
        }
        // Identical alternatives: the lowest node with two derivations.
        let lowest = self
            .sppf
            .components()
            .flat_map(|(c, _)| c.iter().copied())
            .find(|&n| {
                matches!(self.sppf.node(n), Some(Node::Symbol { .. }))
                    && counts.get(n as usize).copied().unwrap_or(2) >= 2
            })
            .unwrap_or(0);
        let seq = Some(detailed.nth(lowest, 0)).filter(|&s| s != NONE)?;
        let tree = self.build(&detailed.interner, seq);
        Some((tree.clone(), tree))
    }

    /// The first symbol node, children first, with two values (a rule's,
    /// or in detailed trees any).
    fn first_pair(&self, values: &Values, any: bool) -> Option<(Tree, Tree)> {
        for (component, _) in self.sppf.components() {
            for &n in component {
                let Some(Node::Symbol { x, .. }) = self.sppf.node(n) else {
                    continue;
                };
                if !any && self.g.rule_of(x).is_none() {
                    continue;
                }
                if values.len(n) >= 2 {
                    return Some((
                        self.build(&values.interner, values.nth(n, 0)),
                        self.build(&values.interner, values.nth(n, 1)),
                    ));
                }
            }
        }
        None
    }

    /// Derivations per node, capped (for a forest without cycles).
    fn counts(&self, cap: u64) -> Vec<u64> {
        let mut c = vec![0u64; self.sppf.nodes.len()];
        let get = |c: &[u64], n: u32| {
            if n == NONE {
                1
            } else {
                c.get(n as usize).copied().unwrap_or(0)
            }
        };
        for (component, _) in self.sppf.components() {
            for &n in component {
                let total = match self.sppf.node(n) {
                    Some(Node::Inter { dot, .. }) if self.g.dot_index(dot) == 0 => 1,
                    _ => self.sppf.packs_of(n).iter().fold(0u64, |sum, p| {
                        let ways = get(&c, p.left).saturating_mul(get(&c, p.right));
                        sum.saturating_add(ways).min(cap)
                    }),
                };
                if let Some(slot) = c.get_mut(n as usize) {
                    *slot = total.min(cap);
                }
            }
        }
        c
    }

    /// Up to `limit` values per node; `detailed` keeps groups and
    /// terminals as tree nodes.
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

    /// The tree of a value of the root (a sequence of one tree).
    fn build(&self, interner: &Interner, seq: u32) -> Tree {
        let Some(&top) = interner.items(seq).first() else {
            return self.root_only();
        };
        let make = |t: u32| {
            let rec = interner.trees.get(t as usize).copied();
            let (rule, kind) = match rec.map(|r| r.label) {
                Some(Leaf::Rule(r)) => (self.g.exprs.rule_name(r).to_string(), TreeKind::Rule),
                Some(Leaf::Group(e)) => (self.g.exprs.render(e, None), TreeKind::Group),
                Some(Leaf::Term(t)) => (
                    self.g.term(t).map_or_else(String::new, |t| t.leaf.clone()),
                    TreeKind::Terminal,
                ),
                None => (String::new(), TreeKind::Rule),
            };
            let (i, j, seq) = rec.map_or((0, 0, EMPTY), |r| (r.i, r.j, r.seq));
            let node = Tree {
                rule,
                start: self.byte(i),
                end: self.byte(j),
                children: Vec::new(),
                kind,
            };
            (node, interner.items(seq))
        };
        // Post-order, with an explicit stack: a frame per open node.
        let (node, kids) = make(top);
        let mut frames: Vec<(Tree, Vec<u32>, usize)> = vec![(node, kids, 0)];
        loop {
            let Some(frame) = frames.last_mut() else {
                return self.root_only();
            };
            if let Some(&kid) = frame.1.get(frame.2) {
                frame.2 += 1;
                let (node, kids) = make(kid);
                frames.push((node, kids, 0));
                continue;
            }
            let Some((done, _, _)) = frames.pop() else {
                return self.root_only();
            };
            match frames.last_mut() {
                Some(parent) => parent.0.children.push(done),
                None => return done,
            }
        }
    }

    fn byte(&self, i: u32) -> usize {
        self.bytes
            .get(i as usize)
            .copied()
            .unwrap_or(self.input.len())
    }

    /// The start rule over the whole input, without children: what is
    /// returned if the forest had no value (it always has one).
    fn root_only(&self) -> Tree {
        Tree {
            rule: self.g.exprs.rule_name(0).to_string(),
            start: 0,
            end: self.input.len(),
            children: Vec::new(),
            kind: TreeKind::Rule,
        }
    }
}
