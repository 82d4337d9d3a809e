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
//! rules goes back to the first rule and forwards again, its loops cut.

use abnf_oracle::Span;
use std::collections::{HashMap, VecDeque};

const NONE: usize = usize::MAX;

/// Calls `found` with a cycle through each rule of the graph on one (the
/// rules of the cycle, each beginning with the next, the last with the
/// first, and where the first begins with the second), the rules taken in
/// order and a rule skipped when an earlier cycle holds it. `first[u]`
/// are the rules `u` can begin with and where. Returns each rule's cycle,
/// numbered in the order `found` was called.
pub(crate) fn cycles(
    first: &[Vec<(usize, Span)>],
    found: &mut impl FnMut(&[usize], Span),
) -> Vec<Option<usize>> {
    let n = first.len();
    let edges: Vec<Vec<usize>> = first
        .iter()
        .map(|out| out.iter().map(|(t, _)| *t).filter(|&t| t < n).collect())
        .collect();
    let component = components(&edges);
    let mut size = vec![0usize; n];
    for &c in &component {
        if let Some(s) = size.get_mut(c) {
            *s += 1;
        }
    }
    let mut cyclic = vec![false; n];
    let mut back: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (u, out) in edges.iter().enumerate() {
        let c = get(&component, u);
        if out.contains(&u) || get(&size, c) > 1 {
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
    // The first rule of each component searched, and the trees of its search.
    let mut root = vec![NONE; n];
    let mut parent = vec![NONE; n];
    let mut toward = vec![NONE; n];
    let mut cycle_of: Vec<Option<usize>> = vec![None; n];
    let mut count = 0;
    for r in 0..n {
        let c = get(component, r);
        if cycle_of.get(r).copied().flatten().is_some() || !cyclic.get(c).copied().unwrap_or(false)
        {
            continue;
        }
        let path = match get(&root, c) {
            NONE => {
                set(&mut root, c, r);
                search(r, &edges, same(c), &mut parent);
                search(r, &back, same(c), &mut toward);
                shortest(r, &edges, &parent)
            }
            v => through(r, v, &parent, &toward),
        };
        let next = path.get(1).copied().unwrap_or(r);
        let span = first
            .get(r)
            .and_then(|out| out.iter().find(|(t, _)| *t == next))
            .map_or_else(Span::default, |(_, s)| *s);
        for &x in &path {
            if let Some(slot @ None) = cycle_of.get_mut(x) {
                *slot = Some(count);
            }
        }
        found(&path, span);
        count += 1;
    }
    cycle_of
}

/// Breadth first from `r` along `edges` to the nodes `keep` keeps: each
/// node's `tree` is the node it was reached from (`r`'s is `r`).
fn search(r: usize, edges: &[Vec<usize>], keep: impl Fn(&usize) -> bool, tree: &mut [usize]) {
    set(tree, r, r);
    let mut queue = VecDeque::from([r]);
    while let Some(u) = queue.pop_front() {
        for &t in edges.get(u).into_iter().flatten().filter(|t| keep(t)) {
            if get(tree, t) == NONE {
                set(tree, t, u);
                queue.push_back(t);
            }
        }
    }
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

/// A cycle through `u`: back to `v` along `toward` (the tree of a search
/// from `v` against the edges), then from `v` to `u` along `parent`, with
/// the loops of that walk cut out.
fn through(u: usize, v: usize, parent: &[usize], toward: &[usize]) -> Vec<usize> {
    let mut walk = vec![u];
    let mut at = u;
    while at != v && at != NONE {
        at = get(toward, at);
        walk.push(at);
    }
    let forward = down(v, u, parent);
    walk.extend(forward.iter().skip(1).take(forward.len().saturating_sub(2)));
    let mut path: Vec<usize> = Vec::new();
    let mut at: HashMap<usize, usize> = HashMap::new();
    for x in walk {
        if let Some(&p) = at.get(&x) {
            for y in path.drain(p + 1..) {
                at.remove(&y);
            }
        } else {
            at.insert(x, path.len());
            path.push(x);
        }
    }
    path
}

fn set_flag(v: &mut [bool], i: usize) {
    if let Some(slot) = v.get_mut(i) {
        *slot = true;
    }
}

/// The component of each node of the graph whose edges from node `u` are
/// `edges[u]` (an edge to a node out of range is ignored). Components are
/// numbered from 0 in the order Tarjan's algorithm closes them: a
/// component's edges lead only to components of lower or equal numbers.
fn components(edges: &[Vec<usize>]) -> Vec<usize> {
    let n = edges.len();
    let mut index = vec![NONE; n];
    let mut low = vec![0; n];
    let mut component = vec![NONE; n];
    let mut stack: Vec<usize> = Vec::new();
    let mut next_index = 0;
    let mut count = 0;
    // Frames: a node and the next of its edges to follow.
    let mut frames: Vec<(usize, usize)> = Vec::new();
    let successor = |v: usize, e: usize| edges.get(v).and_then(|out| out.get(e)).copied();
    for root in 0..n {
        if index.get(root).copied() != Some(NONE) {
            continue;
        }
        frames.push((root, 0));
        while let Some(&(v, e)) = frames.last() {
            if e == 0 && index.get(v).copied() == Some(NONE) {
                set(&mut index, v, next_index);
                set(&mut low, v, next_index);
                next_index += 1;
                stack.push(v);
            }
            if let Some(w) = successor(v, e) {
                if let Some(f) = frames.last_mut() {
                    f.1 += 1;
                }
                match index.get(w).copied() {
                    Some(NONE) => frames.push((w, 0)),
                    // On the stack: not yet in a component.
                    Some(i) if component.get(w).copied() == Some(NONE) => {
                        let m = get(&low, v).min(i);
                        set(&mut low, v, m);
                    }
                    _ => {}
                }
                continue;
            }
            frames.pop();
            if let Some(&(parent, _)) = frames.last() {
                let m = get(&low, parent).min(get(&low, v));
                set(&mut low, parent, m);
            }
            if get(&low, v) == get(&index, v) {
                while let Some(w) = stack.pop() {
                    set(&mut component, w, count);
                    if w == v {
                        break;
                    }
                }
                count += 1;
            }
        }
    }
    component
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

    fn all(edges: &[&[usize]]) -> (Vec<Vec<usize>>, Vec<Option<usize>>) {
        let first: Vec<Vec<(usize, Span)>> = edges
            .iter()
            .map(|out| out.iter().map(|&t| (t, Span::default())).collect())
            .collect();
        let mut found = Vec::new();
        let of = cycles(&first, &mut |path, _| found.push(path.to_vec()));
        (found, of)
    }

    #[test]
    fn a_hub_gets_a_cycle_through_each_rule() {
        // h = a1 / a2 / a3, each ai = h "x"; then a rule on no cycle.
        let (found, of) = all(&[&[1, 2, 3], &[0], &[0], &[0], &[0]]);
        assert_eq!(found, [vec![0, 1], vec![2, 0], vec![3, 0]]);
        assert_eq!(of, [Some(0), Some(0), Some(1), Some(2), None]);
    }

    #[test]
    fn the_walk_back_and_forth_loses_its_loops() {
        // 0 -> 1 -> 2 -> 0, and 3 between 1 and 2 both ways: 3's walk is
        // 3 -> 2 -> 0 (back), 0 -> 1 -> 3 (forth); and a self-loop.
        let (found, _) = all(&[&[1], &[2, 3], &[0, 3], &[2, 1], &[4]]);
        assert_eq!(found, [vec![0, 1, 2], vec![3, 2, 0, 1], vec![4]]);
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
