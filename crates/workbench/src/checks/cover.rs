//! Covering sets (abnfgen's `-c`): strings that take every alternative
//! of every rule reachable from the start that derives some string.
//!
//! Each string is steered to an alternative not taken yet along the
//! shortest way there (in nodes and characters, by Dijkstra over the
//! grammar's nodes read backwards): the node holding the steering token
//! hands it to the child nearest a wanted alternative, so the way is
//! followed however long the cycle of rules it goes round. Off that way
//! the walk takes any wanted branch it passes, and takes the shortest way
//! out past a length or a nesting of nodes. An alternative whose strings
//! fail [`TRIES`] times is given up, and [`Cover::uncovered`] says why.

use super::cover_report::{reach, uncovered, Uncovered, Why};
use super::generate::{node_id, GenerateError, Generated, Generator};
use abnf_oracle::{CheckedGrammar, MinLen, Node, NodeId};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// How many strings steered to an alternative may fail (grow past the
/// generator's bounds, or be turned down by the caller) before it is
/// given up.
const TRIES: u8 = 4;

/// A covering set: the strings, how many alternatives of the rules
/// reachable from the start they take, of how many there are, and the
/// alternatives not taken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cover {
    /// Each string takes at least one alternative no string before it took
    /// (where there is none to take, one string stands for the rule).
    pub members: Vec<Generated>,
    /// Alternatives taken.
    pub covered: usize,
    /// Alternatives that derive some string, reachable from the start by
    /// a way that derives some string.
    pub total: usize,
    /// Every alternative not taken, and why: those of `total` no string
    /// took, those reachable that derive nothing, and those of the
    /// grammar's rules (not the core rules) the start does not reach.
    pub uncovered: Vec<Uncovered>,
}

impl Generator<'_> {
    /// A covering set of `rule`, of at most `limit` strings: each string
    /// is steered to an alternative not taken yet, and kept, until every
    /// alternative is taken or given up.
    ///
    /// ```
    /// use xiri_workbench::{AbnfFile, Generator, LoadedGrammar};
    /// let text = "a = b / c\nb = \"x\" / \"y\"\nc = \"z\" a\n";
    /// let g = LoadedGrammar::load(&[AbnfFile::new("g", text)]).unwrap();
    /// let set = Generator::new(&g, 1).cover("a", 10).unwrap();
    /// assert_eq!(set.covered, set.total);
    /// assert!(set.members.len() <= 4);
    /// let g = LoadedGrammar::load(&[AbnfFile::new("g", "a = \"x\"\n")]).unwrap();
    /// let set = Generator::new(&g, 1).cover("a", 10).unwrap();
    /// assert_eq!((set.members.len(), set.total), (1, 0));
    /// ```
    pub fn cover(&mut self, rule: &str, limit: usize) -> Result<Cover, GenerateError> {
        self.cover_checked(rule, limit, |_| true)
    }

    /// [`cover`](Self::cover), keeping only the strings `keep` accepts
    /// (the caller's check that they are members).
    ///
    /// ```
    /// use xiri_workbench::{AbnfFile, Generator, LoadedGrammar, Why};
    /// let g = LoadedGrammar::load(&[AbnfFile::new("g", "a = \"x\" / \"y\"\n")]).unwrap();
    /// let set = Generator::new(&g, 1).cover_checked("a", 10, |m| !m.text.eq_ignore_ascii_case("y")).unwrap();
    /// assert_eq!((set.covered, set.total), (1, 2));
    /// assert_eq!(set.uncovered[0].why, Why::Refused);
    /// ```
    pub fn cover_checked(
        &mut self,
        rule: &str,
        limit: usize,
        mut keep: impl FnMut(&Generated) -> bool,
    ) -> Result<Cover, GenerateError> {
        let body = self.start(rule)?;
        let g = self.grammar;
        let units = units(g, body);
        let total = units.len();
        let parents = parents(g);
        // Per unit: the strings steered to it that failed, and why.
        let mut failed = vec![(0u8, Why::Limit); total];
        let mut members = Vec::new();
        let mut stuck = 0;
        while members.len() < limit {
            // With no alternative to take, one string stands for the rule.
            let one = total == 0 && members.is_empty();
            self.wanted = units
                .iter()
                .zip(&failed)
                .filter(|&(&u, f)| f.0 < TRIES && !self.is_taken(u))
                .map(|(&u, _)| u)
                .collect();
            if (self.wanted.is_empty() && !one) || stuck >= TRIES {
                break;
            }
            let (distance, origin) = distances(g, &parents, &self.wanted);
            self.distance = distance;
            let heading = origin
                .get(body.index())
                .and_then(|&k| self.wanted.get(k))
                .copied();
            let before = self.taken.clone();
            let covered_before = self.count(&units);
            (self.covering, self.token, self.reached) = (true, Some(body), None);
            let generated = self.attempt(rule, body);
            (self.covering, self.token) = (false, None);
            let why = match generated {
                Some(m) if self.count(&units) > covered_before || one => {
                    if keep(&m) {
                        members.push(m);
                        continue;
                    }
                    Why::Refused
                }
                _ => Why::Bounds,
            };
            self.taken = before;
            stuck += u8::from(one);
            let blamed = self.reached.or(heading);
            if let Some(f) = blamed
                .and_then(|u| units.binary_search(&u).ok())
                .and_then(|k| failed.get_mut(k))
            {
                *f = (f.0.saturating_add(1), why);
            }
        }
        self.wanted.clear();
        self.distance.clear();
        let why = |u: (usize, usize)| {
            units
                .binary_search(&u)
                .ok()
                .and_then(|k| failed.get(k))
                .filter(|f| f.0 >= TRIES)
                .map_or(Why::Limit, |f| f.1)
        };
        let uncovered = uncovered(g, body, |u| self.is_taken(u), &units, why);
        Ok(Cover {
            members,
            covered: self.count(&units),
            total,
            uncovered,
        })
    }

    fn is_taken(&self, (n, b): (usize, usize)) -> bool {
        self.taken
            .get(n)
            .and_then(|t| t.get(b))
            .copied()
            .unwrap_or(false)
    }

    fn count(&self, units: &[(usize, usize)]) -> usize {
        units.iter().filter(|&&u| self.is_taken(u)).count()
    }

    /// Where the steering token is at an alternation: the wanted branch,
    /// taken (the token is spent), or the branch nearest one, which the
    /// token goes to; `None` when no branch leads to one.
    pub(super) fn steer(&mut self, id: NodeId) -> Option<usize> {
        if let Some(b) = self.wanted_branch(id) {
            self.reached = Some((id.index(), b));
            return Some(b);
        }
        let b = self.nearest(id)?;
        let Node::Alt { branches } = self.grammar.node(id) else {
            return None;
        };
        self.token = branches.get(b).copied();
        Some(b)
    }

    /// The first branch of an alternation a covering set still wants.
    pub(super) fn wanted_branch(&self, id: NodeId) -> Option<usize> {
        let Node::Alt { branches } = self.grammar.node(id) else {
            return None;
        };
        (0..branches.len()).find(|&b| {
            !self.is_taken((id.index(), b)) && self.wanted.binary_search(&(id.index(), b)).is_ok()
        })
    }

    /// The position (branch, item; 0 for a body) of the child by which a
    /// wanted alternative is nearest, when one is.
    pub(super) fn nearest(&self, id: NodeId) -> Option<usize> {
        edges(self.grammar, id)
            .into_iter()
            .filter_map(|(at, child, weight)| {
                let d = self.dist(child);
                (d != u64::MAX).then(|| (d.saturating_add(weight), at))
            })
            .min()
            .map(|(_, at)| at)
    }
}

/// The length of the shortest string a node matches, saturated.
fn shortest(g: &CheckedGrammar, id: NodeId) -> Option<u64> {
    match g.min_len(id) {
        MinLen::Finite(n) => Some(n),
        MinLen::Infinite => None,
    }
}

/// The ways out of a node that derive some string: (position, child, the
/// cost of going there: one node and the shortest strings of the
/// siblings written on the way). None out of a node that derives nothing.
fn edges(g: &CheckedGrammar, id: NodeId) -> Vec<(usize, NodeId, u64)> {
    if shortest(g, id).is_none() {
        return Vec::new();
    }
    match g.node(id) {
        Node::Alt { branches } => branches
            .iter()
            .enumerate()
            .filter(|&(_, &b)| shortest(g, b).is_some())
            .map(|(at, &b)| (at, b, 1))
            .collect(),
        Node::Concat { items } => {
            let all = items
                .iter()
                .filter_map(|&i| shortest(g, i))
                .fold(0u64, u64::saturating_add);
            items
                .iter()
                .enumerate()
                .map(|(at, &i)| {
                    let others = all.saturating_sub(shortest(g, i).unwrap_or(0));
                    (at, i, others.saturating_add(1))
                })
                .collect()
        }
        Node::Repeat { repeat, body, .. } if repeat.max != Some(0) => shortest(g, *body)
            .map(|each| {
                let more = repeat.min.max(1) - 1;
                vec![(0, *body, each.saturating_mul(more).saturating_add(1))]
            })
            .unwrap_or_default(),
        Node::Optional { body } if shortest(g, *body).is_some() => vec![(0, *body, 1)],
        Node::RuleRef { .. } => g
            .target(id)
            .map(|t| vec![(0, g.rule_by_id(t).body, 1)])
            .unwrap_or_default(),
        _ => Vec::new(),
    }
}

/// Per node, the nodes whose [`edges`] lead to it, with the cost.
fn parents(g: &CheckedGrammar) -> Vec<Vec<(usize, u64)>> {
    let mut parents = vec![Vec::new(); g.node_count()];
    for n in 0..g.node_count() {
        for (_, child, weight) in edges(g, node_id(n)) {
            if let Some(p) = parents.get_mut(child.index()) {
                p.push((n, weight));
            }
        }
    }
    parents
}

/// Every node's distance to the nearest wanted alternative, and which
/// one (an index into `wanted`): Dijkstra from the alternations, along
/// [`parents`].
fn distances(
    g: &CheckedGrammar,
    parents: &[Vec<(usize, u64)>],
    wanted: &[(usize, usize)],
) -> (Vec<u64>, Vec<usize>) {
    let n = g.node_count();
    let (mut d, mut origin) = (vec![u64::MAX; n], vec![usize::MAX; n]);
    let mut heap = BinaryHeap::new();
    for (k, &(alt, _)) in wanted.iter().enumerate() {
        if let (Some(slot), Some(o)) = (d.get_mut(alt), origin.get_mut(alt)) {
            if *slot != 0 {
                (*slot, *o) = (0, k);
                heap.push(Reverse((0, alt, k)));
            }
        }
    }
    while let Some(Reverse((dist, node, k))) = heap.pop() {
        if d.get(node).is_some_and(|&best| dist > best) {
            continue;
        }
        for &(p, weight) in parents.get(node).map_or(&[][..], Vec::as_slice) {
            let through = dist.saturating_add(weight);
            if let (Some(slot), Some(o)) = (d.get_mut(p), origin.get_mut(p)) {
                if through < *slot {
                    (*slot, *o) = (through, k);
                    heap.push(Reverse((through, p, k)));
                }
            }
        }
    }
    (d, origin)
}

/// The alternatives (alternation, branch) that derive some string,
/// reachable from `body` by a way that derives some string, sorted.
pub(super) fn units(g: &CheckedGrammar, body: NodeId) -> Vec<(usize, usize)> {
    let mut units = Vec::new();
    for id in reach(g, body, |n| edges(g, n).into_iter().map(|e| e.1).collect()) {
        if let Node::Alt { branches } = g.node(id) {
            for (b, &br) in branches.iter().enumerate() {
                if shortest(g, br).is_some() {
                    units.push((id.index(), b));
                }
            }
        }
    }
    units.sort_unstable();
    units
}
