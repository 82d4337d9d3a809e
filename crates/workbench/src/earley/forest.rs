//! What a parse gives: the forest, and the trees, counts and ambiguities
//! read from it (the trees through the values of `values.rs`).

use super::grammar::Compiled;
use super::sppf::{Node, Sppf, NONE};
use super::tree::{Tree, TreeKind};
use super::values::{Interner, Leaf, Values, EMPTY};

/// All derivations of an input: a shared packed parse forest. Made by
/// [`Earley::parse`](super::Earley::parse).
///
/// ```
/// use xiri_workbench::earley::Earley;
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

impl<'e, 'i> Forest<'e, 'i> {
    /// The input parsed.
    ///
    /// ```
    /// use xiri_workbench::earley::Earley;
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
    /// use xiri_workbench::earley::Earley;
    /// let e = Earley::from_abnf("a = b / c\nb = \"x\"\nc = \"x\"\n", "a").unwrap();
    /// let tree = e.parse("x").unwrap().tree();
    /// assert_eq!(tree.children[0].rule, "b");
    /// ```
    pub fn tree(&self) -> Tree {
        let values = Values::of(self.g, &self.sppf, 1, false);
        match values.nth(0, 0) {
            NONE => self.root_only(),
            seq => self.build(&values.interner, seq),
        }
    }

    /// Up to `limit` distinct trees (after anonymous groups are spliced),
    /// and whether there are more. Each node of the forest keeps up to
    /// `limit + 1` values, so the work grows with the forest's size times
    /// `limit` squared at worst: ask for a few.
    ///
    /// ```
    /// use xiri_workbench::earley::Earley;
    /// let e = Earley::from_abnf("a = a / \"x\"\n", "a").unwrap();
    /// // `a` derives itself: a, a(a), a(a(a)), ...
    /// let (trees, more) = e.parse("x").unwrap().trees(3);
    /// assert_eq!((trees.len(), more), (3, true));
    /// ```
    pub fn trees(&self, limit: usize) -> (Vec<Tree>, bool) {
        let values = Values::of(self.g, &self.sppf, limit.saturating_add(1), false);
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
    /// use xiri_workbench::earley::Earley;
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
    /// use xiri_workbench::earley::Earley;
    /// let e = Earley::from_abnf("s = a b\na = \"x\" / \"xy\"\nb = \"y\" / \"\"\n", "s").unwrap();
    /// let (one, two) = e.parse("xy").unwrap().ambiguity().unwrap();
    /// assert_eq!((one.rule.as_str(), two.rule.as_str()), ("s", "s"));
    /// assert_ne!(one, two);
    /// assert!(e.parse("x").unwrap().ambiguity().is_none());
    /// ```
    pub fn ambiguity(&self) -> Option<(Tree, Tree)> {
        let plain = Values::of(self.g, &self.sppf, 2, false);
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
        let detailed = Values::of(self.g, &self.sppf, 2, true);
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
