//! One derivation read straight off the chart, without the forest: from
//! the start rule over the whole input down, each node takes its first
//! completed production and, for each symbol of it from the last, the
//! first split the chart confirms. The forest of an ambiguous grammar can
//! be cubic in the input (`S = S S / "a"`); one tree of it costs the
//! tree's size times the splits looked at. Nothing recurses: an explicit
//! stack holds the open nodes.
//!
//! A node that derives itself over the same span (a cyclic grammar,
//! `a = a / "x"`) is never taken below itself; if that leaves a node no
//! way down, there is no answer here (the caller says undecided).

use super::chart::Chart;
use super::grammar::{Compiled, Label, END, TERM};
use super::hash::FxSet;
use super::tree::{Tree, TreeKind};

/// A node being built: nonterminal `x` over characters `i..j`, its
/// children (symbol nodes) still to build, and the trees made so far.
struct Frame {
    x: u32,
    i: u32,
    j: u32,
    todo: Vec<(u32, u32, u32)>,
    kids: Vec<Tree>,
}

/// One tree of the start rule over all `n` characters of the chart;
/// `None` when a cycle leaves a node no way down, or more than `budget`
/// splits would be looked at.
pub(super) fn tree(
    g: &Compiled,
    chart: &Chart,
    n: u32,
    bytes: &[usize],
    mut budget: usize,
) -> Option<Tree> {
    let byte = |i: u32| bytes.get(i as usize).copied().unwrap_or(0);
    let mut open: FxSet<(u32, u32, u32)> = FxSet::default();
    let root = (g.start, 0, n);
    open.insert(root);
    let mut frames = vec![frame(g, chart, root, &open, &mut budget)?];
    loop {
        let top = frames.last_mut()?;
        if let Some(child) = top.todo.pop() {
            open.insert(child);
            let f = frame(g, chart, child, &open, &mut budget)?;
            frames.push(f);
            continue;
        }
        let done = frames.pop()?;
        open.remove(&(done.x, done.i, done.j));
        let made = match g.label(done.x) {
            Some(Label::Rule(r)) => vec![Tree {
                rule: g.exprs.rule_name(r).to_string(),
                start: byte(done.i),
                end: byte(done.j),
                children: done.kids,
                kind: TreeKind::Rule,
            }],
            _ => done.kids,
        };
        match frames.last_mut() {
            Some(parent) => parent.kids.extend(made),
            None => return made.into_iter().next(),
        }
    }
}

/// The frame of node (`x`, `i`, `j`): the children of its first
/// production with a derivation that avoids the `open` nodes, stacked
/// last first (so the first pops first).
fn frame(
    g: &Compiled,
    chart: &Chart,
    (x, i, j): (u32, u32, u32),
    open: &FxSet<(u32, u32, u32)>,
    budget: &mut usize,
) -> Option<Frame> {
    for d in chart.completed_from(j as usize, x, i) {
        if d[1] != i {
            break;
        }
        if let Some(todo) = split(g, chart, d[2], i, j, open, budget) {
            return Some(Frame {
                x,
                i,
                j,
                todo,
                kids: Vec::new(),
            });
        }
        *budget = budget.checked_sub(1)?;
    }
    None
}

/// The symbol nodes of one derivation of the production ending at `end`
/// over `i..j`, last first; `None` if every split meets an open node.
fn split(
    g: &Compiled,
    chart: &Chart,
    end: u32,
    i: u32,
    j: u32,
    open: &FxSet<(u32, u32, u32)>,
    budget: &mut usize,
) -> Option<Vec<(u32, u32, u32)>> {
    let mut out = Vec::new();
    let (mut dot, mut to) = (end, j);
    while g.dot_index(dot) > 0 {
        let prev = dot - 1;
        let first = g.dot_index(prev) == 0;
        let s = g.dot_next(prev);
        if s == END {
            return None;
        }
        if s & TERM != 0 {
            to = to.checked_sub(1)?;
        } else {
            let mut found = None;
            let mut last = u32::MAX;
            for d in chart.completed_from(to as usize, s, i) {
                let k = d[1];
                if k == last {
                    continue;
                }
                last = k;
                *budget = budget.checked_sub(1)?;
                let fits = if first {
                    k == i
                } else {
                    chart.has_waiting(k as usize, s, prev, i)
                };
                if fits && !open.contains(&(s, k, to)) {
                    found = Some(k);
                    break;
                }
                if first && k > i {
                    break;
                }
            }
            let k = found?;
            out.push((s, k, to));
            to = k;
        }
        dot = prev;
    }
    (to == i).then_some(out)
}
