//! Graphs of nodes numbered from 0, an edge list a node: their strongly
//! connected components, found in time linear in the graph (Tarjan's,
//! with an explicit stack, so a chain of a million nodes is no deeper a
//! stack than one). The engine closes the bracketed groups each rule
//! calls over them; the workbench finds recursion and left recursion.

const NONE: usize = usize::MAX;

/// The component of each node of the graph whose edges from node `u` are
/// `edges[u]` (an edge to a node out of range is ignored). Components are
/// numbered from 0 in the order Tarjan's algorithm closes them: a
/// component's edges lead only to components of lower or equal numbers.
///
/// ```
/// // 0 -> 1 -> 2 -> 1, and 3 alone.
/// let edges = vec![vec![1], vec![2], vec![1], vec![]];
/// let c = xiri_engine::graph::components(&edges);
/// assert_eq!(c[1], c[2]);
/// assert!(c[0] > c[1]);
/// assert_ne!(c[3], c[0]);
/// ```
pub fn components(edges: &[Vec<usize>]) -> Vec<usize> {
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
