//! Parse trees, and what is done to them without recursion (printing,
//! comparing, cloning, dropping): a tree can be as deep as its input is
//! long.

use std::fmt;

/// One derivation of a rule over a span of the input: a node per named
/// ABNF rule, anonymous groups (alternations, options, repetitions inside
/// a rule) spliced into their rule, terminals left out.
///
/// The detailed trees [`Forest::ambiguity`](super::Forest::ambiguity)
/// falls back to also have a node per group ([`TreeKind::Group`], named by
/// its ABNF text) and per character ([`TreeKind::Terminal`]).
///
/// ```
/// use xiri_workbench::earley::Earley;
/// let e = Earley::from_abnf("pair = key \"=\" value\nkey = 1*ALPHA\nvalue = *DIGIT\n", "pair").unwrap();
/// let input = "ab=1";
/// let tree = e.parse(input).unwrap().tree();
/// assert_eq!(tree.display(input).to_string(), "\
/// pair [0..4] \"ab=1\"
///   key [0..2] \"ab\"
///     ALPHA [0..1] \"a\"
///     ALPHA [1..2] \"b\"
///   value [3..4] \"1\"
///     DIGIT [3..4] \"1\"
/// ");
/// ```
pub struct Tree {
    /// The rule's name (or, in a detailed tree, the group's or the
    /// terminal's ABNF text).
    pub rule: String,
    /// Byte offset of the start of the span.
    pub start: usize,
    /// Byte offset of its end.
    pub end: usize,
    /// The nodes below, in input order.
    pub children: Vec<Tree>,
    /// What the node stands for.
    pub kind: TreeKind,
}

/// What a [`Tree`] node stands for.
///
/// ```
/// use xiri_workbench::earley::{Earley, TreeKind};
/// let e = Earley::from_abnf("a = \"x\"\n", "a").unwrap();
/// assert_eq!(e.parse("x").unwrap().tree().kind, TreeKind::Rule);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum TreeKind {
    /// A named rule.
    Rule,
    /// An anonymous group (detailed trees only).
    Group,
    /// A character (detailed trees only).
    Terminal,
}

impl Tree {
    /// The nodes in pre-order, each with its depth (the root's is 0).
    ///
    /// ```
    /// use xiri_workbench::earley::Earley;
    /// let e = Earley::from_abnf("a = b b\nb = \"x\"\n", "a").unwrap();
    /// let tree = e.parse("xx").unwrap().tree();
    /// let rules: Vec<_> = tree.walk().map(|(d, t)| (d, t.rule.as_str())).collect();
    /// assert_eq!(rules, [(0, "a"), (1, "b"), (1, "b")]);
    /// ```
    pub fn walk(&self) -> impl Iterator<Item = (usize, &Tree)> {
        let mut stack = vec![(0, self)];
        std::iter::from_fn(move || {
            let (depth, t) = stack.pop()?;
            stack.extend(t.children.iter().rev().map(|c| (depth + 1, c)));
            Some((depth, t))
        })
    }

    /// The text the node spans (empty if the offsets do not fit `input`).
    ///
    /// ```
    /// use xiri_workbench::earley::Earley;
    /// let e = Earley::from_abnf("a = %xE9 b\nb = \"x\"\n", "a").unwrap();
    /// let tree = e.parse("éx").unwrap().tree();
    /// assert_eq!(tree.children[0].text("éx"), "x");
    /// ```
    pub fn text<'i>(&self, input: &'i str) -> &'i str {
        input.get(self.start..self.end).unwrap_or("")
    }

    /// The tree printed one node a line, two spaces of indent per level:
    /// `rule [start..end] "text"`.
    ///
    /// ```
    /// use xiri_workbench::earley::Earley;
    /// let e = Earley::from_abnf("a = \"x\"\n", "a").unwrap();
    /// assert_eq!(e.parse("X").unwrap().tree().display("X").to_string(), "a [0..1] \"X\"\n");
    /// ```
    pub fn display<'a>(&'a self, input: &'a str) -> TreeDisplay<'a> {
        TreeDisplay { tree: self, input }
    }
}

/// A [`Tree`] with the input it spans, to print: see [`Tree::display`].
///
/// ```
/// use xiri_workbench::earley::Earley;
/// let e = Earley::from_abnf("a = \"x\"\n", "a").unwrap();
/// let tree = e.parse("x").unwrap().tree();
/// println!("{}", tree.display("x"));
/// ```
pub struct TreeDisplay<'a> {
    tree: &'a Tree,
    input: &'a str,
}

impl fmt::Display for TreeDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (depth, t) in self.tree.walk() {
            indent(f, depth)?;
            writeln!(
                f,
                "{} [{}..{}] {:?}",
                t.rule,
                t.start,
                t.end,
                t.text(self.input)
            )?;
        }
        Ok(())
    }
}

impl fmt::Debug for Tree {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (depth, t) in self.walk() {
            indent(f, depth)?;
            writeln!(f, "{} [{}..{}] {:?}", t.rule, t.start, t.end, t.kind)?;
        }
        Ok(())
    }
}

/// Two spaces per level, written a run at a time.
fn indent(f: &mut fmt::Formatter<'_>, depth: usize) -> fmt::Result {
    const SPACES: &str = "                                                                ";
    let mut left = depth.saturating_mul(2);
    while left > 0 {
        let n = left.min(SPACES.len());
        f.write_str(SPACES.get(..n).unwrap_or(""))?;
        left -= n;
    }
    Ok(())
}

impl PartialEq for Tree {
    fn eq(&self, other: &Tree) -> bool {
        let same = |a: &Tree, b: &Tree| {
            a.rule == b.rule
                && a.start == b.start
                && a.end == b.end
                && a.kind == b.kind
                && a.children.len() == b.children.len()
        };
        // Pre-order walks of two trees with the same shape so far line up.
        let mut a = self.walk();
        let mut b = other.walk();
        loop {
            match (a.next(), b.next()) {
                (None, None) => return true,
                (Some((da, x)), Some((db, y))) if da == db && same(x, y) => {}
                _ => return false,
            }
        }
    }
}

impl Eq for Tree {}

impl Clone for Tree {
    fn clone(&self) -> Tree {
        // Post-order: each node once its children are copied.
        let leaf = |t: &Tree| Tree {
            rule: t.rule.clone(),
            start: t.start,
            end: t.end,
            children: Vec::with_capacity(t.children.len()),
            kind: t.kind,
        };
        let mut frames: Vec<(&Tree, usize, Tree)> = vec![(self, 0, leaf(self))];
        loop {
            let Some(top) = frames.last_mut() else {
                return leaf(self);
            };
            if let Some(c) = top.0.children.get(top.1) {
                top.1 += 1;
                frames.push((c, 0, leaf(c)));
                continue;
            }
            let Some((_, _, done)) = frames.pop() else {
                return leaf(self);
            };
            match frames.last_mut() {
                Some(parent) => parent.2.children.push(done),
                None => return done,
            }
        }
    }
}

impl Drop for Tree {
    fn drop(&mut self) {
        // Children are taken out before they drop, so no drop recurses.
        let mut stack = std::mem::take(&mut self.children);
        while let Some(mut t) = stack.pop() {
            stack.append(&mut t.children);
        }
    }
}
