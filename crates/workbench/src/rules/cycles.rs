//! The cycles of a graph of rules (which rule begins with which), a
//! cycle through every rule on one, found in time linear in the graph.
//!
//! A search from every rule through every rule it reaches was quadratic
//! (issue 41): on a chain of rules beside one left-recursive rule (200 KB,
//! 3.8 s), and on a hub `h = a0 / a1 / ...` with each `ai = h "x"`. So the
//! strongly connected components come first (Tarjan's, with an explicit
//! stack: a chain of rules as long as the grammar recurses no deeper than
//! one frame), and a component that has a cycle is searched once from its
//! first rule, forwards and backwards: a cycle through any other of its
//! rules goes back to the first rule and forwards again. A cycle through
//! each rule written in full was quadratic too (a ring with a chord from
//! each rule back to the first): a component is named once, and each rule
//! shows the first few rules of its cycle.

use super::reach::Rules;
use abnf_oracle::Span;
use std::collections::VecDeque;
use xiri_engine::graph::components;

const NONE: usize = usize::MAX;

/// A cycle through one rule: its first rules (at most the number asked
/// for), how many rules it has, and where its first rule begins with the
/// second.
#[derive(Clone, Debug)]
pub(crate) struct Walk {
    pub(crate) shown: Vec<usize>,
    pub(crate) length: usize,
    pub(crate) span: Span,
}

/// Calls `found` once for each strongly connected component of the graph
/// that has a cycle, in the order of its first rule: the shortest cycle
/// through its first rule (each rule beginning with the next, the last
/// with the first), where the first begins with the second, and every
/// rule of the component, in order. `first[u]` are the rules `u` can
/// begin with and where. Returns for each rule on a cycle a cycle through
/// it, its first `shown` rules: that shortest cycle when the rule is on
/// it, else from the rule back to its component's first rule along a
/// shortest path, then on to the rule along a shortest path (the loops of
/// that walk are not cut: it may pass a rule twice).
/// One cycle a component, and `shown` rules a rule, keep it linear: a
/// cycle through each rule, written in full, was quadratic on a ring with
/// a chord from each rule back to the first (issue 41).
pub(crate) fn cycles(
    first: &[Vec<(usize, Span)>],
    shown: usize,
    found: &mut impl FnMut(&[usize], Span, &[usize]),
) -> Vec<Option<Walk>> {
    let n = first.len();
    let edges: Vec<Vec<usize>> = first
        .iter()
        .map(|out| out.iter().map(|(t, _)| *t).filter(|&t| t < n).collect())
        .collect();
    let component = components(&edges);
    let mut members: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (u, &c) in component.iter().enumerate() {
        if let Some(m) = members.get_mut(c) {
            m.push(u);
        }
    }
    let mut cyclic = vec![false; n];
    let mut back: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (u, out) in edges.iter().enumerate() {
        let c = get(&component, u);
        if out.contains(&u) || members.get(c).is_some_and(|m| m.len() > 1) {
            set_flag(&mut cyclic, c);
        }
        for &t in out.iter().filter(|&&t| get(&component, t) == c) {
            if let Some(b) = back.get_mut(t) {
                b.push(u);
            }
        }
    }
    let component = &component;
    let same = |c: usize| move |t: &usize| get(component, *t) == c;
    let span_of = |u: usize, next: usize| {
        first
            .get(u)
            .and_then(|out| out.iter().find(|(t, _)| *t == next))
            .map_or_else(Span::default, |(_, s)| *s)
    };
    let mut parent = vec![NONE; n];
    let mut toward = vec![NONE; n];
    // How far each rule is from its component's first rule, and back.
    let (mut forth, mut back_to) = (vec![0; n], vec![0; n]);
    // The first `shown + 1` rules of the path from the component's first
    // rule to each rule along `parent`.
    let mut head: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut walks: Vec<Option<Walk>> = vec![None; n];
    for r in 0..n {
        let c = get(component, r);
        let Some(rules) = members.get(c).filter(|m| m.first() == Some(&r)) else {
            continue;
        };
        if !cyclic.get(c).copied().unwrap_or(false) {
            continue;
        }
        for &u in &search(r, &edges, same(c), &mut parent) {
            let p = get(&parent, u);
            let mut h = match p == u {
                true => Vec::new(),
                false => head.get(p).cloned().unwrap_or_default(),
            };
            if h.len() <= shown {
                h.push(u);
            }
            let d = if p == u { 0 } else { get(&forth, p) + 1 };
            set(&mut forth, u, d);
            if let Some(slot) = head.get_mut(u) {
                *slot = h;
            }
        }
        for &u in &search(r, &back, same(c), &mut toward) {
            let t = get(&toward, u);
            let d = if t == u { 0 } else { get(&back_to, t) + 1 };
            set(&mut back_to, u, d);
        }
        let cycle = shortest(r, &edges, &parent);
        let span = span_of(r, cycle.get(1).copied().unwrap_or(r));
        found(&cycle, span, rules);
        let walk = |shown: Vec<usize>, length: usize, span: Span| Walk {
            shown,
            length,
            span,
        };
        // The rules on it show it; each other rule a walk through it.
        let first_walk = walk(
            cycle.iter().take(shown).copied().collect(),
            cycle.len(),
            span,
        );
        for &x in &cycle {
            set_walk(&mut walks, x, first_walk.clone());
        }
        for &u in rules.iter() {
            if walks.get(u).is_some_and(Option::is_some) {
                continue;
            }
            // Back to `r`, then on along the path from `r` without its ends.
            let mut shown_rules = vec![u];
            let mut at = u;
            while at != r && at != NONE && shown_rules.len() < shown {
                at = get(&toward, at);
                shown_rules.push(at);
            }
            let forward = head.get(u).map_or(&[][..], Vec::as_slice);
            for &x in forward.iter().skip(1).filter(|&&x| x != u) {
                if shown_rules.len() < shown {
                    shown_rules.push(x);
                }
            }
            let length = get(&back_to, u) + get(&forth, u);
            let span = span_of(u, shown_rules.get(1).copied().unwrap_or(u));
            set_walk(&mut walks, u, walk(shown_rules, length, span));
        }
    }
    walks
}

fn set_walk(walks: &mut [Option<Walk>], u: usize, walk: Walk) {
    if let Some(slot) = walks.get_mut(u) {
        *slot = Some(walk);
    }
}

/// Breadth first from `r` along `edges` to the nodes `keep` keeps: each
/// node's `tree` is the node it was reached from (`r`'s is `r`). Returns
/// the nodes in the order reached, `r` first.
fn search(
    r: usize,
    edges: &[Vec<usize>],
    keep: impl Fn(&usize) -> bool,
    tree: &mut [usize],
) -> Vec<usize> {
    set(tree, r, r);
    let mut order = vec![r];
    let mut at = 0;
    while let Some(&u) = order.get(at) {
        at += 1;
        for &t in edges.get(u).into_iter().flatten().filter(|t| keep(t)) {
            if get(tree, t) == NONE {
                set(tree, t, u);
                order.push(t);
            }
        }
    }
    order
}

/// The path from `r` to `u` in the tree of a search from `r`, `r` first.
fn down(r: usize, u: usize, tree: &[usize]) -> Vec<usize> {
    let mut path = vec![u];
    let mut at = u;
    while at != r && at != NONE {
        at = get(tree, at);
        path.push(at);
    }
    path.reverse();
    path
}

/// The shortest cycle through `r`, from `r`: the first node the search
/// from `r` reached (breadth first) that begins with `r` closes it.
fn shortest(r: usize, edges: &[Vec<usize>], tree: &[usize]) -> Vec<usize> {
    let mut queue = VecDeque::from([r]);
    while let Some(u) = queue.pop_front() {
        for &t in edges.get(u).into_iter().flatten() {
            if t == r {
                return down(r, u, tree);
            }
            // The search's own order: along the edges of its tree.
            if get(tree, t) == u {
                queue.push_back(t);
            }
        }
    }
    vec![r]
}

/// For each rule, whether it is on a cycle of references (outside a body
/// repeated at most zero times) or reaches one: the strongly connected
/// components once, then back from each rule on a cycle through its
/// users, each rule once; linear in the grammar.
pub(crate) fn recursive(rules: &Rules<'_>) -> Vec<bool> {
    let users = rules.users();
    let mut uses: Vec<Vec<usize>> = vec![Vec::new(); users.len()];
    for (used, by) in users.iter().enumerate() {
        for &user in by {
            if let Some(out) = uses.get_mut(user) {
                out.push(used);
            }
        }
    }
    let component = components(&uses);
    let mut size = vec![0usize; uses.len()];
    for &c in &component {
        if let Some(s) = size.get_mut(c) {
            *s += 1;
        }
    }
    let mut found = vec![false; uses.len()];
    let mut queue: Vec<usize> = Vec::new();
    for (r, out) in uses.iter().enumerate() {
        let shared = component
            .get(r)
            .and_then(|&c| size.get(c))
            .is_some_and(|&s| s > 1);
        if let (true, Some(slot)) = (shared || out.contains(&r), found.get_mut(r)) {
            *slot = true;
            queue.push(r);
        }
    }
    while let Some(r) = queue.pop() {
        for &user in users.get(r).map_or(&[][..], Vec::as_slice) {
            if let Some(slot @ false) = found.get_mut(user) {
                *slot = true;
                queue.push(user);
            }
        }
    }
    found
}

fn set_flag(v: &mut [bool], i: usize) {
    if let Some(slot) = v.get_mut(i) {
        *slot = true;
    }
}

fn get(v: &[usize], i: usize) -> usize {
    v.get(i).copied().unwrap_or_default()
}

fn set(v: &mut [usize], i: usize, value: usize) {
    if let Some(slot) = v.get_mut(i) {
        *slot = value;
    }
}

#[cfg(test)]
mod tests {
    use super::{components, cycles};
    use abnf_oracle::Span;

    type Found = (
        Vec<(Vec<usize>, Vec<usize>)>,
        Vec<Option<(Vec<usize>, usize)>>,
    );

    /// The cycle and the rules of each component found, and each rule's
    /// walk (its first 4 rules and its length).
    fn all(edges: &[&[usize]]) -> Found {
        let first: Vec<Vec<(usize, Span)>> = edges
            .iter()
            .map(|out| out.iter().map(|&t| (t, Span::default())).collect())
            .collect();
        let mut found = Vec::new();
        let walks = cycles(&first, 4, &mut |path, _, rules| {
            found.push((path.to_vec(), rules.to_vec()))
        });
        let walks = walks
            .into_iter()
            .map(|w| w.map(|w| (w.shown, w.length)))
            .collect();
        (found, walks)
    }

    #[test]
    fn a_hub_is_one_component_with_a_cycle_through_each_rule() {
        // h = a1 / a2 / a3, each ai = h "x"; then a rule on no cycle.
        let (found, walks) = all(&[&[1, 2, 3], &[0], &[0], &[0], &[0]]);
        assert_eq!(found, [(vec![0, 1], vec![0, 1, 2, 3])]);
        let walk = |shown: &[usize]| Some((shown.to_vec(), shown.len()));
        assert_eq!(
            walks,
            [
                walk(&[0, 1]),
                walk(&[0, 1]),
                walk(&[2, 0]),
                walk(&[3, 0]),
                None
            ]
        );
    }

    #[test]
    fn a_walk_goes_back_to_the_first_rule_and_forth() {
        // 0 -> 1 -> 2 -> 0, and 3 between 1 and 2 both ways: 3's walk is
        // 3 -> 2 -> 0 (back), 0 -> 1 -> 3 (forth); and a self-loop.
        let (found, walks) = all(&[&[1], &[2, 3], &[0, 3], &[2, 1], &[4]]);
        assert_eq!(
            found,
            [(vec![0, 1, 2], vec![0, 1, 2, 3]), (vec![4], vec![4])]
        );
        assert_eq!(walks[3], Some((vec![3, 2, 0, 1], 4)));
        assert_eq!(walks[4], Some((vec![4], 1)));
    }

    #[test]
    fn a_ring_with_chords_shows_a_few_rules_of_each_walk() {
        // 0 -> 1 -> ... -> 9 -> 0, and each rule to 0: one component, and
        // rule i's walk is i -> 0 -> 1 -> ... -> i - 1.
        let edges: Vec<Vec<usize>> = (0..10).map(|i| vec![(i + 1) % 10, 0]).collect();
        let edges: Vec<&[usize]> = edges.iter().map(Vec::as_slice).collect();
        let (found, walks) = all(&edges);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].1.len(), 10);
        assert_eq!(walks[7], Some((vec![7, 0, 1, 2], 8)));
        assert_eq!(walks[2], Some((vec![2, 0, 1], 3)));
    }

    #[test]
    fn cycles_share_a_component_and_a_chain_does_not() {
        // 0 -> 1 -> 2 -> 0, 2 -> 3, 3 -> 3, 4 -> 3.
        let c = components(&[vec![1], vec![2], vec![0, 3], vec![3], vec![3]]);
        assert!(c[0] == c[1] && c[1] == c[2]);
        assert!(c[3] != c[0] && c[4] != c[3] && c[4] != c[0]);
        // Edges lead to components closed earlier.
        assert!(c[3] < c[2] && c[3] < c[4]);
    }

    #[test]
    fn a_long_chain_needs_no_recursion() {
        let n = 1_000_000;
        let edges: Vec<Vec<usize>> = (0..n).map(|i| vec![(i + 1) % n]).collect();
        let c = components(&edges);
        assert!(c.iter().all(|&x| x == c[0]));
        let chain: Vec<Vec<usize>> = (0..n).map(|i| vec![i + 1]).collect();
        let c = components(&chain);
        assert_eq!(c[0], n - 1);
        assert_eq!(c[n - 1], 0);
    }
}
