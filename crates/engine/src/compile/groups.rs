//! Groups of states a run of bytes may skip through with one table: the
//! path states of rules with calls (XRI's), whose state changes at nearly
//! every byte, so no state's own skip table covers a run.

use super::chars::CharDfa;
use super::utf8;
use crate::tables::{ACCELERATE_AT, SKIP_PCT};

/// The groups of states a run of bytes may skip through with one table
/// (the tables' documentation, crates/engine/src/tables.rs): sets `S` of
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
    let steps = Steps::new(dfa);
    let bracket = |b: u8| brackets.is_some_and(|(o, c)| o == b || c == b);
    let untagged = |s: usize| s != 0 && dfa.tags_of(s) == 0;
    // From each state, the largest set its bytes close under (shrinking
    // the bytes until every state of the set agrees on each). The bytes
    // are a mask, bit `b` for byte `b`.
    let mut candidates: Vec<Vec<usize>> = Vec::new();
    for s0 in (1..n).filter(|&s| untagged(s)) {
        let row0 = steps.row(s0);
        let mut units = (0u8..0x80)
            .filter(|&b| !bracket(b) && untagged(steps.on(s0, b)))
            .fold(0u128, |m, b| m | 1 << b);
        // Per state met, the bytes on which it and `s0` part, and those
        // `s0` takes to it.
        let mut met: Vec<(usize, u128, u128)> = Vec::new();
        let mut masks = |t: usize| -> (u128, u128) {
            if let Some(&(_, differ, to)) = met.iter().find(|m| m.0 == t) {
                return (differ, to);
            }
            let (differ, to) = steps.compare(t, row0);
            met.push((t, differ, to));
            (differ, to)
        };
        // First the states the units lead to that disagree with `s0` on
        // more units than lead to them (a query's state from a path's,
        // say): the units to them go. `set` is the states the units lead
        // to, so dropping the units to one state drops that state alone.
        let mut set = targets(row0, units);
        loop {
            let worst = set
                .iter()
                .copied()
                .filter(|&t| t != s0)
                .map(|t| {
                    let (differ, to) = masks(t);
                    let bad = (differ & units).count_ones();
                    let leading = (to & units).count_ones();
                    (bad.saturating_sub(leading), t)
                })
                .max();
            match worst {
                Some((excess @ 1.., t)) => {
                    let _ = excess;
                    units &= !masks(t).1;
                    set.retain(|&s| s != t);
                }
                _ => break,
            }
        }
        let set = loop {
            set.push(s0);
            set.sort_unstable();
            set.dedup();
            let before = units;
            for &s in &set {
                units &= !masks(s).0;
            }
            if units == before {
                break set;
            }
            set = targets(row0, units);
        };
        let width = usize::try_from(units.count_ones()).unwrap_or(0);
        if set.len() >= 2 && width >= ACCELERATE_AT && !candidates.contains(&set) {
            candidates.push(set);
        }
    }
    let mut tables: Vec<(Vec<usize>, [u8; 256], usize)> = candidates
        .into_iter()
        .filter_map(|set| {
            let table = group_table(dfa, &steps, &set, lead_classes, brackets)?;
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
    steps: &Steps,
    set: &[usize],
    lead_classes: &[(u8, Vec<u8>)],
    brackets: Option<(u8, u8)>,
) -> Option<[u8; 256]> {
    let on = |state: usize, b: u8| steps.on(state, b);
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
        if keeps && let Some(slot) = table.get_mut(usize::from(*lead)) {
            *slot = u8::try_from(utf8::width(*lead)).unwrap_or(0);
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
            // The states after "%h", each tried once with every "g".
            let p1 = on(s, b'%');
            let mut seconds: Vec<usize> = hex.iter().map(|&h| on(p1, h)).collect();
            seconds.sort_unstable();
            seconds.dedup();
            seconds
                .iter()
                .all(|&p2| hex.iter().all(|&g| on(p2, g) == to))
        });
    if percent && let Some(slot) = table.get_mut(usize::from(b'%')) {
        *slot = SKIP_PCT;
    }
    table.iter().any(|&e| e != 0).then_some(table)
}

/// The states `row` leads to on the bytes of `units` (bit `b` for byte
/// `b`), sorted, each once.
fn targets(row: &[u16; 128], units: u128) -> Vec<usize> {
    let mut set: Vec<usize> = Vec::new();
    let mut rest = units;
    while rest != 0 {
        let b = rest.trailing_zeros();
        rest &= rest - 1;
        let t = usize::try_from(b)
            .ok()
            .and_then(|b| row.get(b))
            .map_or(0, |&t| usize::from(t));
        if !set.contains(&t) {
            set.push(t);
        }
    }
    set.sort_unstable();
    set
}

/// Each state's successor on each ASCII byte, looked up once: the search
/// for groups asks for them over and over, and each lookup through the
/// byte's class is several calls where the build script runs
/// unoptimized (a dependent's).
struct Steps(Vec<[u16; 128]>);

impl Steps {
    fn new(dfa: &CharDfa) -> Self {
        let classes: Vec<u8> = (0u32..0x80).map(|b| dfa.class_of(b)).collect();
        let rows = (0..dfa.states())
            .map(|s| {
                let mut row = [0u16; 128];
                for (slot, &class) in row.iter_mut().zip(&classes) {
                    *slot = dfa.next(s, class);
                }
                row
            })
            .collect();
        Steps(rows)
    }

    /// State `s`'s successors (all dead outside the tables).
    fn row(&self, s: usize) -> &[u16; 128] {
        self.0.get(s).unwrap_or(&[0; 128])
    }

    /// The state after byte `b` (below 0x80) in state `s`.
    fn on(&self, s: usize, b: u8) -> usize {
        self.row(s)
            .get(usize::from(b))
            .map_or(0, |&t| usize::from(t))
    }

    /// As masks of bytes: those on which state `t` goes elsewhere than
    /// `row` does, and those on which `row` goes to `t`.
    fn compare(&self, t: usize, row: &[u16; 128]) -> (u128, u128) {
        let (mut differ, mut to) = (0u128, 0u128);
        for (b, (&x, &y)) in self.row(t).iter().zip(row).enumerate() {
            if x != y {
                differ |= 1 << b;
            }
            if usize::from(y) == t {
                to |= 1 << b;
            }
        }
        (differ, to)
    }
}
