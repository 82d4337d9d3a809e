//! Merging the states no input tells apart (Moore's partition refinement):
//! same acceptance, same expected names, same brackets ending, same tags
//! (`appendix_b.rs`), and, class
//! by class, call by call and return by return, successors in the same
//! block. The expected names are part of what tells states apart, so a
//! refusal names the same productions after minimization as before.

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
    let mut block: Vec<usize> = {
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
    let mut count = block.iter().max().map_or(0, |&m| m + 1);
    loop {
        let mut ids: HashMap<Vec<u64>, usize> = HashMap::default();
        let next: Vec<usize> = (0..n)
            .map(|s| {
                let b = |t: u16| block.get(usize::from(t)).copied().unwrap_or(0) as u64;
                let mut key: Vec<u64> = vec![block.get(s).copied().unwrap_or(0) as u64];
                key.extend(row(s).iter().map(|&t| b(t)));
                key.push(b(a.call.get(s).copied().unwrap_or(0)));
                for &(mask, target) in a.returns_of(s) {
                    key.push(mask);
                    key.push(b(target));
                }
                let fresh = ids.len();
                *ids.entry(key).or_insert(fresh)
            })
            .collect();
        let now = ids.len();
        block = next;
        if now == count {
            break;
        }
        count = now;
    }
    // Renumber: the dead state's block 0, the start's 1, the others in
    // order of first appearance.
    let mut order: Vec<Option<u16>> = vec![None; count];
    let mut representative: Vec<usize> = Vec::new();
    for s in [0, 1].into_iter().chain(2..n) {
        if let Some(slot) = block.get(s).and_then(|&b| order.get_mut(b)) {
            if slot.is_none() {
                *slot = u16::try_from(representative.len()).ok();
                representative.push(s);
            }
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
