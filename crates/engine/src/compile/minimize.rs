//! Merging the states no input tells apart (partition refinement): same
//! acceptance, same expected names, same brackets ending, same tags
//! (`appendix_b.rs`), and, class by class, call by call and return by
//! return, successors in the same
//! block. The expected names are part of what tells states apart, so a
//! refusal names the same productions after minimization as before.
//!
//! Moore's refinement recomputes every state's block each round, and a
//! chain of n states (a rule repeated n times) takes n rounds: the
//! workbench fuzz target met a 60-byte grammar (`4444month`) that took a
//! minute (issue 27). The refinement here looks again only at the states
//! whose successors changed block, so a round costs what changed.

use super::chars::CharDfa;
use rustc_hash::FxHashMap as HashMap;

/// `a` with its indistinguishable states merged; state 0 stays dead and
/// state 1 the start.
pub(super) fn minimize(a: CharDfa) -> CharDfa {
    let n = a.accept.len();
    let row = |s: usize| {
        a.trans
            .get(s * a.classes..(s + 1) * a.classes)
            .unwrap_or(&[])
    };
    // The initial blocks: what a state shows without reading on.
    let initial: Vec<usize> = {
        let mut ids: HashMap<(bool, bool, u64, u8, &[u16]), usize> = HashMap::default();
        (0..n)
            .map(|s| {
                let key = (
                    s == 0,
                    a.accept.get(s).copied().unwrap_or(false),
                    a.ret_mask.get(s).copied().unwrap_or(0),
                    a.tags_of(s),
                    a.expected(s),
                );
                let next = ids.len();
                *ids.entry(key).or_insert(next)
            })
            .collect()
    };
    let successors = |s: usize| {
        let mut all: Vec<usize> = row(s).iter().map(|&t| usize::from(t)).collect();
        all.push(usize::from(a.call.get(s).copied().unwrap_or(0)));
        all.extend(a.returns_of(s).iter().map(|&(_, t)| usize::from(t)));
        all
    };
    // What tells a state apart from the others of its block: class by
    // class, the call and return by return, which block it goes to. In
    // `u16`s, which a block number fits (there are no more blocks than
    // states, which `u16`s number), a return's mask in four: the keys are
    // hashed, and a quarter of the bytes is a quarter of the hashing.
    let key = |s: usize, block: &[usize]| {
        let b = |t: u16| {
            let id = block.get(usize::from(t)).copied().unwrap_or(0);
            u16::try_from(id).unwrap_or(u16::MAX)
        };
        let mut key: Vec<u16> = row(s).iter().map(|&t| b(t)).collect();
        key.push(b(a.call.get(s).copied().unwrap_or(0)));
        for &(mask, target) in a.returns_of(s) {
            key.extend((0..4).map(|i| (mask >> (16 * i)) as u16));
            key.push(b(target));
        }
        key
    };
    let block = refine(initial, successors, key);
    let count = block.iter().max().map_or(0, |&m| m + 1);
    // Renumber: the dead state's block 0, the start's 1, the others in
    // order of first appearance.
    let mut order: Vec<Option<u16>> = vec![None; count];
    let mut representative: Vec<usize> = Vec::new();
    for s in [0, 1].into_iter().chain(2..n) {
        if let Some(slot) = block.get(s).and_then(|&b| order.get_mut(b))
            && slot.is_none()
        {
            *slot = u16::try_from(representative.len()).ok();
            representative.push(s);
        }
    }
    let map = |s: u16| -> u16 {
        block
            .get(usize::from(s))
            .and_then(|&b| order.get(b).copied().flatten())
            .unwrap_or(0)
    };
    let mut trans = Vec::with_capacity(representative.len() * a.classes);
    let mut expect_at = vec![0u32];
    let mut expect = Vec::new();
    let mut returns_at = vec![0u32];
    let mut flat = Vec::new();
    for &s in &representative {
        trans.extend(row(s).iter().map(|&t| map(t)));
        expect.extend_from_slice(a.expected(s));
        expect_at.push(u32::try_from(expect.len()).unwrap_or(u32::MAX));
        flat.extend(a.returns_of(s).iter().map(|&(m, t)| (m, map(t))));
        returns_at.push(u32::try_from(flat.len()).unwrap_or(u32::MAX));
    }
    let pick = |v: &[u64]| -> Vec<u64> {
        representative
            .iter()
            .map(|&s| v.get(s).copied().unwrap_or(0))
            .collect()
    };
    CharDfa {
        trans,
        accept: representative
            .iter()
            .map(|&s| a.accept.get(s).copied().unwrap_or(false))
            .collect(),
        expect_at,
        expect,
        call: representative
            .iter()
            .map(|&s| map(a.call.get(s).copied().unwrap_or(0)))
            .collect(),
        ret_mask: pick(&a.ret_mask),
        tags: if a.tags.is_empty() {
            Vec::new()
        } else {
            representative.iter().map(|&s| a.tags_of(s)).collect()
        },
        returns_at,
        returns: flat,
        ..a
    }
}

/// The coarsest partition finer than `block` (a block number for each
/// state) in which the states of a block have equal keys: `key(s, block)`
/// depends on the blocks of `successors(s)` only. The same partition as
/// Moore's refinement (it is unique), found by re-examining only the
/// states a move can have changed: the predecessors of each state that
/// left its block. A block keeps its number and its states that did not
/// change; those that did go to new blocks, one for each key.
fn refine(
    mut block: Vec<usize>,
    successors: impl Fn(usize) -> Vec<usize>,
    key: impl Fn(usize, &[usize]) -> Vec<u16>,
) -> Vec<usize> {
    let n = block.len();
    let count = block.iter().max().map_or(0, |&m| m + 1);
    let mut members: Vec<Vec<usize>> = vec![Vec::new(); count];
    let mut position = vec![0; n];
    let mut predecessors: Vec<Vec<usize>> = vec![Vec::new(); n];
    // The last state each state was found a successor of: `s` goes once
    // into each of its successors' lists, with no sorting of them.
    let mut last: Vec<Option<usize>> = vec![None; n];
    for (s, &b) in block.iter().enumerate() {
        if let (Some(m), Some(p)) = (members.get_mut(b), position.get_mut(s)) {
            *p = m.len();
            m.push(s);
        }
        for t in successors(s) {
            if let (Some(p), Some(seen)) = (predecessors.get_mut(t), last.get_mut(t))
                && *seen != Some(s)
            {
                *seen = Some(s);
                p.push(s);
            }
        }
    }
    // Every state is looked at once; then those a move may have changed.
    let mut dirty = vec![true; n];
    let mut dirty_in = members.clone();
    let mut queue: Vec<usize> = (0..count).collect();
    let mut queued = vec![true; count];
    while let Some(b) = queue.pop() {
        if let Some(q) = queued.get_mut(b) {
            *q = false;
        }
        let changed = dirty_in.get_mut(b).map(std::mem::take).unwrap_or_default();
        for &s in &changed {
            if let Some(d) = dirty.get_mut(s) {
                *d = false;
            }
        }
        let Some(m) = members.get_mut(b) else {
            continue;
        };
        // The changed states to the end of the block; the others, whose
        // keys are equal still, before them.
        let len = m.len();
        for (i, &s) in changed.iter().enumerate() {
            let (from, to) = (position.get(s).copied().unwrap_or(0), len - 1 - i);
            m.swap(from, to);
            if let Some(&other) = m.get(from)
                && let Some(p) = position.get_mut(other)
            {
                *p = from;
            }
            if let Some(p) = position.get_mut(s) {
                *p = to;
            }
        }
        let unchanged = m.first().copied().filter(|_| changed.len() < len);
        m.truncate(len - changed.len());
        let mut ids: HashMap<Vec<u16>, usize> = HashMap::default();
        if let Some(s) = unchanged {
            ids.insert(key(s, &block), b);
        }
        let mut moved = Vec::new();
        for &s in &changed {
            let fresh = match ids.is_empty() {
                true => b,
                false => members.len(),
            };
            let id = *ids.entry(key(s, &block)).or_insert(fresh);
            if id == members.len() {
                members.push(Vec::new());
                dirty_in.push(Vec::new());
                queued.push(false);
            }
            if let (Some(m), Some(p)) = (members.get_mut(id), position.get_mut(s)) {
                *p = m.len();
                m.push(s);
            }
            if id != b {
                moved.push((s, id));
            }
        }
        for &(s, id) in &moved {
            if let Some(slot) = block.get_mut(s) {
                *slot = id;
            }
        }
        for (s, _) in moved {
            for &p in predecessors.get(s).map_or(&[][..], |p| p) {
                let (Some(d), Some(&pb)) = (dirty.get_mut(p), block.get(p)) else {
                    continue;
                };
                if !*d {
                    *d = true;
                    if let Some(list) = dirty_in.get_mut(pb) {
                        list.push(p);
                    }
                    if let Some(q) = queued.get_mut(pb).filter(|q| !**q) {
                        *q = true;
                        queue.push(pb);
                    }
                }
            }
        }
    }
    block
}
