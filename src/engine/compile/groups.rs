//! Groups of states a run of bytes may skip through with one table: the
//! path states of rules with calls (XRI's), whose state changes at nearly
//! every byte, so no state's own skip table covers a run.

use super::bytes::ACCELERATE_AT;
use super::chars::CharDfa;
use super::utf8;
use crate::engine::automaton::SKIP_PCT;

/// The groups of states a run of bytes may skip through with one table
/// (`Automaton`'s documentation, src/engine/automaton.rs): sets `S` of
/// two or more untagged states, each with the table of the units (a plain
/// byte, a `%XX`, the lead byte of a character) that every state of `S`
/// takes to one same state of `S`. Where a unit goes then depends on the
/// unit alone, so after a run of them the state is the one the last
/// unit leads to from any state of `S`. Disjoint; each at least as wide
/// as the skip tables of its states, which it stands in for.
pub(super) fn groups(
    dfa: &CharDfa,
    skips: &[Option<[u8; 256]>],
    lead_classes: &[(u8, Vec<u8>)],
    brackets: Option<(u8, u8)>,
) -> Vec<(Vec<usize>, [u8; 256])> {
    let n = dfa.states();
    let on = |state: usize, b: u8| usize::from(dfa.next(state, dfa.class_of(u32::from(b))));
    let bracket = |b: u8| brackets.is_some_and(|(o, c)| o == b || c == b);
    let untagged = |s: usize| s != 0 && dfa.tags_of(s) == 0;
    // From each state, the largest set its bytes close under (shrinking
    // the bytes until every state of the set agrees on each).
    let mut candidates: Vec<Vec<usize>> = Vec::new();
    for s0 in (1..n).filter(|&s| untagged(s)) {
        let mut units: Vec<u8> = (0u8..0x80)
            .filter(|&b| !bracket(b) && untagged(on(s0, b)))
            .collect();
        // First the states the units lead to that disagree with `s0` on
        // more units than lead to them (a query's state from a path's,
        // say): the units to them go.
        loop {
            let mut set: Vec<usize> = units.iter().map(|&b| on(s0, b)).collect();
            set.sort_unstable();
            set.dedup();
            let worst = set
                .iter()
                .filter(|&&t| t != s0)
                .map(|&t| {
                    let bad = units.iter().filter(|&&b| on(t, b) != on(s0, b)).count();
                    let leading = units.iter().filter(|&&b| on(s0, b) == t).count();
                    (bad.saturating_sub(leading), t)
                })
                .max();
            match worst {
                Some((excess @ 1.., t)) => {
                    let _ = excess;
                    units.retain(|&b| on(s0, b) != t);
                }
                _ => break,
            }
        }
        let set = loop {
            let mut set: Vec<usize> = units.iter().map(|&b| on(s0, b)).collect();
            set.push(s0);
            set.sort_unstable();
            set.dedup();
            let before = units.len();
            units.retain(|&b| set.iter().all(|&s| on(s, b) == on(s0, b)));
            if units.len() == before {
                break set;
            }
        };
        if set.len() >= 2 && units.len() >= ACCELERATE_AT && !candidates.contains(&set) {
            candidates.push(set);
        }
    }
    let mut tables: Vec<(Vec<usize>, [u8; 256], usize)> = candidates
        .into_iter()
        .filter_map(|set| {
            let table = group_table(dfa, &set, lead_classes, brackets)?;
            // Each state's own skip table, if any, within the group's.
            let covers = set.iter().all(|&s| match skips.get(s) {
                Some(Some(own)) => own.iter().zip(&table).all(|(&o, &g)| o == 0 || o == g),
                _ => true,
            });
            let width = table.iter().filter(|&&e| e != 0).count();
            let path = table.get(usize::from(b'/')).is_some_and(|&e| e != 0);
            (covers && path && width >= ACCELERATE_AT).then_some((set, table, width))
        })
        .collect();
    // The widest first, then the smallest; each state in one group.
    tables.sort_by(|a, b| b.2.cmp(&a.2).then(a.0.len().cmp(&b.0.len())));
    let mut taken = vec![false; n];
    let mut chosen = Vec::new();
    for (set, table, _) in tables {
        if set.iter().any(|&s| taken.get(s).copied().unwrap_or(true)) {
            continue;
        }
        for &s in &set {
            if let Some(t) = taken.get_mut(s) {
                *t = true;
            }
        }
        chosen.push((set, table));
    }
    chosen
}

/// The table of the units every state of `set` takes to one same state
/// of `set` (brackets never: the run with calls must see them); `None`
/// when no byte is one.
fn group_table(
    dfa: &CharDfa,
    set: &[usize],
    lead_classes: &[(u8, Vec<u8>)],
    brackets: Option<(u8, u8)>,
) -> Option<[u8; 256]> {
    let on = |state: usize, b: u8| usize::from(dfa.next(state, dfa.class_of(u32::from(b))));
    let bracket = |b: u8| brackets.is_some_and(|(o, c)| o == b || c == b);
    // The one state of `set` every state of it goes to, if any.
    let agree = |to: &dyn Fn(usize) -> usize| -> bool {
        let first = set.first().map_or(0, |&s| to(s));
        first != 0 && set.contains(&first) && set.iter().all(|&s| to(s) == first)
    };
    let mut table = [0u8; 256];
    for (b, slot) in (0u8..0x80).zip(table.iter_mut()) {
        if !bracket(b) && agree(&|s| on(s, b)) {
            *slot = 1;
        }
    }
    for (lead, classes) in lead_classes {
        let keeps = !classes.is_empty()
            && classes
                .iter()
                .all(|&c| c != 0 && agree(&|s| usize::from(dfa.next(s, c))));
        if keeps {
            if let Some(slot) = table.get_mut(usize::from(*lead)) {
                *slot = u8::try_from(utf8::width(*lead)).unwrap_or(0);
            }
        }
    }
    let hex: Vec<u8> = (0u8..0x80).filter(u8::is_ascii_hexdigit).collect();
    // Every "%XX" to one state: the state after "%00" from each, then
    // every "%XX" from each to it.
    let pct = |s: usize, h: u8, g: u8| on(on(on(s, b'%'), h), g);
    let untagged = |s: usize| s != 0 && dfa.tags_of(s) == 0;
    let percent = table.get(usize::from(b'%')) == Some(&0)
        && agree(&|s| pct(s, b'0', b'0'))
        && set.iter().all(|&s| {
            let p1 = on(s, b'%');
            untagged(p1) && hex.iter().all(|&h| untagged(on(p1, h)))
        })
        && set.iter().all(|&s| {
            let to = pct(s, b'0', b'0');
            hex.iter().all(|&h| hex.iter().all(|&g| pct(s, h, g) == to))
        });
    if percent {
        if let Some(slot) = table.get_mut(usize::from(b'%')) {
            *slot = SKIP_PCT;
        }
    }
    table.iter().any(|&e| e != 0).then_some(table)
}
