//! From the NFA to the automaton's tables: character classes (the
//! partition of the code points by which of the NFA's sets hold them),
//! states trimmed to those that can still reach the end of their
//! fragment, subset construction, and the calls' returns.

use super::chars::CharDfa;
use super::error::CompileError;
use super::nfa::Nfa;
use rustc_hash::FxHashMap;
use std::cell::Cell;
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// The most DFA states the tables' `u16` indexes can name.
const MAX_STATES: usize = u16::MAX as usize;

/// How many steps the subset construction may take in all (each NFA
/// state a closure walks, each state and each pair of calling state and
/// returning fragments the search for returns looks at) before the rule
/// is refused as too large. A rule whose automaton blows up (`list = item *("," 203item)`
/// with `item = 2*DIGIT / "[" list "]"`, where the digits of the items
/// run together) would otherwise be refused only when its states passed
/// [`MAX_STATES`], after seconds of work and hundreds of megabytes of
/// subsets (some 32 million steps); the budget refuses it as soon as it
/// is spent. The built-in grammars' rules need less than a third of it
/// (XRI's `XRI-reference-x` with calls through `()`, the most, about 2
/// million: the test below).
const WORK_BUDGET: u64 = 8_000_000;

/// The character classes: the code points cut where any set starts or
/// ends, the pieces grouped by which sets hold them.
struct Classes {
    count: usize,
    /// `(first, last, class)`, sorted, classes other than 0 only.
    ranges: Vec<(u32, u32, u8)>,
    /// Per set: which classes it holds.
    holds: Vec<Vec<bool>>,
}

fn classes(nfa: &Nfa, extra: &[u32]) -> Result<Classes, CompileError> {
    let mut sets: Vec<Vec<(u32, u32)>> = nfa.sets.clone();
    // The bracket characters get classes of their own.
    for &c in extra {
        sets.push(vec![(c, c)]);
    }
    let mut cuts: BTreeSet<u32> = BTreeSet::new();
    cuts.insert(0);
    for set in &sets {
        for &(lo, hi) in set {
            cuts.insert(lo);
            cuts.insert(hi.saturating_add(1));
        }
    }
    let cuts: Vec<u32> = cuts.into_iter().filter(|&c| c <= 0x10_FFFF).collect();
    let mut signature_class: HashMap<Vec<usize>, u8> = HashMap::new();
    signature_class.insert(Vec::new(), 0);
    let mut ranges: Vec<(u32, u32, u8)> = Vec::new();
    let mut holds = vec![Vec::new(); nfa.sets.len()];
    for (k, &lo) in cuts.iter().enumerate() {
        let hi = cuts.get(k + 1).map_or(0x10_FFFF, |&next| next - 1);
        let signature: Vec<usize> = sets
            .iter()
            .enumerate()
            .filter(|(_, set)| set.iter().any(|&(a, b)| a <= lo && lo <= b))
            .map(|(i, _)| i)
            .collect();
        let next_class = signature_class.len();
        let class = match signature_class.get(&signature) {
            Some(&c) => c,
            None => {
                let c = u8::try_from(next_class).map_err(|_| {
                    CompileError::TooLarge("more than 256 character classes".into())
                })?;
                for &s in &signature {
                    if let Some(h) = holds.get_mut(s) {
                        h.push(c);
                    }
                }
                signature_class.insert(signature, c);
                c
            }
        };
        if class != 0 {
            match ranges.last_mut() {
                Some(last) if last.2 == class && last.1.saturating_add(1) == lo => last.1 = hi,
                _ => ranges.push((lo, hi, class)),
            }
        }
    }
    let count = signature_class.len();
    let holds = holds
        .into_iter()
        .map(|cs| {
            let mut row = vec![false; count];
            for c in cs {
                if let Some(x) = row.get_mut(usize::from(c)) {
                    *x = true;
                }
            }
            row
        })
        .collect();
    Ok(Classes {
        count,
        ranges,
        holds,
    })
}

/// Which NFA states can reach the end of their fragment (through calls to
/// fragments that can reach their own end), and which fragments can.
fn live(nfa: &Nfa) -> (Vec<bool>, Vec<bool>) {
    let n = nfa.states.len();
    let mut productive = vec![false; nfa.fragments.len()];
    loop {
        // Reverse edges, calls included where the fragment is productive.
        let mut back: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (q, s) in nfa.states.iter().enumerate() {
            let outs = s
                .eps
                .iter()
                .copied()
                .chain(
                    s.edges
                        .iter()
                        .filter(|e| nfa.sets.get(e.set).is_some_and(|r| !r.is_empty()))
                        .map(|e| e.to),
                )
                .chain(
                    s.calls
                        .iter()
                        .filter(|c| productive.get(c.fragment).copied() == Some(true))
                        .map(|c| c.to),
                );
            for to in outs {
                if let Some(b) = back.get_mut(to) {
                    b.push(q);
                }
            }
        }
        let mut live = vec![false; n];
        let mut stack: Vec<usize> = nfa.fragments.iter().map(|f| f.end).collect();
        while let Some(q) = stack.pop() {
            if let Some(l) = live.get_mut(q)
                && !*l
            {
                *l = true;
                stack.extend(back.get(q).into_iter().flatten().copied());
            }
        }
        let now: Vec<bool> = nfa
            .fragments
            .iter()
            .map(|f| live.get(f.start).copied() == Some(true))
            .collect();
        if now == productive {
            return (live, productive);
        }
        productive = now;
    }
}

/// The tables of `nfa` as a [`CharDfa`] deciding fragment 0.
pub(super) fn determinize(
    nfa: &Nfa,
    rule: &str,
    brackets: Option<(char, char)>,
    max_depth: usize,
) -> Result<CharDfa, CompileError> {
    determinize_counting(nfa, rule, brackets, max_depth).map(|(dfa, _)| dfa)
}

/// [`determinize`], with the work it took: how many NFA states its
/// closures visited, which [`WORK_BUDGET`] bounds.
fn determinize_counting(
    nfa: &Nfa,
    rule: &str,
    brackets: Option<(char, char)>,
    max_depth: usize,
) -> Result<(CharDfa, u64), CompileError> {
    let extra: Vec<u32> = brackets
        .map(|(o, c)| vec![u32::from(o), u32::from(c)])
        .unwrap_or_default();
    let cls = classes(nfa, &extra)?;
    let (live, productive) = live(nfa);
    if nfa.fragments.len() > 64 {
        return Err(CompileError::TooLarge("more than 64 bracket bodies".into()));
    }
    let is_live = |q: usize| live.get(q).copied() == Some(true);
    // A DFA state is the set of its NFA states that do something: read a
    // character, call, or end a fragment. The states that only pass on
    // (epsilon moves) are walked through, not kept: the sets, and the
    // sorting and hashing of them, are several times smaller.
    let mut kernel: Vec<bool> = nfa
        .states
        .iter()
        .map(|s| !s.edges.is_empty() || !s.calls.is_empty())
        .collect();
    for f in &nfa.fragments {
        if let Some(k) = kernel.get_mut(f.end) {
            *k = true;
        }
    }
    // Closures marked with a stamp per NFA state rather than a set, so a
    // closure costs its size, not a tree's allocations.
    let mut stamp: Vec<u32> = vec![0; nfa.states.len()];
    let mut epoch = 0u32;
    // The work done so far, spent by the closures and by the search for
    // returns, and refused past the budget.
    let work = Cell::new(0u64);
    let spend = |n: usize| -> Result<(), CompileError> {
        let spent = work
            .get()
            .saturating_add(u64::try_from(n).unwrap_or(u64::MAX));
        work.set(spent);
        if spent > WORK_BUDGET {
            return Err(CompileError::TooLarge(format!(
                "determinizing took more than {WORK_BUDGET} steps"
            )));
        }
        Ok(())
    };
    let mut closure = |seed: &mut Vec<usize>| -> Result<Vec<usize>, CompileError> {
        epoch = epoch.wrapping_add(1);
        let mut out = Vec::new();
        // The states visited, spent at the end: one closure visits each
        // NFA state once at most.
        let mut visited = 0;
        while let Some(q) = seed.pop() {
            match stamp.get_mut(q) {
                Some(mark) if *mark != epoch && is_live(q) => {
                    *mark = epoch;
                    visited += 1;
                    if kernel.get(q) == Some(&true) {
                        out.push(q);
                    }
                    match nfa.states.get(q) {
                        Some(s) if !s.eps.is_empty() => seed.extend_from_slice(&s.eps),
                        _ => {}
                    }
                }
                _ => {}
            }
        }
        spend(visited)?;
        out.sort_unstable();
        Ok(out)
    };
    // For each NFA character set, the classes it holds.
    let held: Vec<Vec<usize>> = cls
        .holds
        .iter()
        .map(|h| (0..h.len()).filter(|&c| h.get(c) == Some(&true)).collect())
        .collect();
    let mut ids: FxHashMap<Vec<usize>, u16> = FxHashMap::default();
    let mut subsets: Vec<Vec<usize>> = vec![Vec::new()];
    ids.insert(Vec::new(), 0);
    let mut intern =
        |set: Vec<usize>, subsets: &mut Vec<Vec<usize>>| -> Result<u16, CompileError> {
            if let Some(&id) = ids.get(&set) {
                return Ok(id);
            }
            if subsets.len() >= MAX_STATES {
                return Err(CompileError::TooLarge(format!(
                    "more than {MAX_STATES} states"
                )));
            }
            let id = u16::try_from(subsets.len())
                .map_err(|_| CompileError::TooLarge("states".into()))?;
            ids.insert(set.clone(), id);
            subsets.push(set);
            Ok(id)
        };
    let start = closure(&mut vec![nfa.fragments.first().map_or(0, |f| f.start)])?;
    if start.is_empty() {
        return Err(CompileError::Empty(rule.to_string()));
    }
    intern(start, &mut subsets)?;

    let mut trans: Vec<u16> = vec![0; cls.count];
    let mut call: Vec<u16> = vec![0];
    // Per state: the (fragment, return NFA state) calls it makes.
    let mut calls_of: Vec<Vec<(usize, usize)>> = vec![Vec::new()];
    let mut done = 1;
    let mut returns: BTreeMap<(u16, u64), u16> = BTreeMap::new();
    loop {
        while done < subsets.len() {
            let set = subsets.get(done).cloned().unwrap_or_default();
            // Each edge's target goes to the seeds of the classes its set
            // holds: one pass over the edges, whatever the classes.
            let mut seeds: Vec<Vec<usize>> = vec![Vec::new(); cls.count];
            for &q in &set {
                for e in nfa.states.get(q).map(|s| s.edges.as_slice()).unwrap_or(&[]) {
                    for &class in held.get(e.set).into_iter().flatten() {
                        if let Some(seed) = seeds.get_mut(class) {
                            seed.push(e.to);
                        }
                    }
                }
            }
            // Classes with the same seeds (most letters, say) share one
            // closure.
            let mut row = vec![0u16; cls.count];
            let mut known: FxHashMap<Vec<usize>, u16> = FxHashMap::default();
            for (slot, seed) in row.iter_mut().zip(seeds.iter_mut()).skip(1) {
                if seed.is_empty() {
                    continue;
                }
                seed.sort_unstable();
                seed.dedup();
                *slot = match known.get(seed.as_slice()) {
                    Some(&id) => id,
                    None => {
                        let key = seed.clone();
                        let id = intern(closure(seed)?, &mut subsets)?;
                        known.insert(key, id);
                        id
                    }
                };
            }
            trans.extend(row);
            let mut calls: Vec<(usize, usize)> = Vec::new();
            for &q in &set {
                for c in nfa.states.get(q).map(|s| s.calls.as_slice()).unwrap_or(&[]) {
                    if productive.get(c.fragment).copied() == Some(true) && is_live(c.to) {
                        calls.push((c.fragment, c.to));
                    }
                }
            }
            let callee = if calls.is_empty() {
                0
            } else {
                let mut seed: Vec<usize> = calls
                    .iter()
                    .filter_map(|&(f, _)| nfa.fragments.get(f).map(|f| f.start))
                    .collect();
                intern(closure(&mut seed)?, &mut subsets)?
            };
            call.push(callee);
            calls_of.push(calls);
            done += 1;
        }
        // Returns: for each calling state and each set of fragments some
        // state can end, the state after the closing character.
        spend(subsets.len())?;
        let masks: BTreeSet<u64> = subsets
            .iter()
            .map(|s| ends(nfa, s))
            .filter(|&m| m != 0)
            .collect();
        let before = subsets.len();
        for (caller, calls) in calls_of.iter().enumerate() {
            if calls.is_empty() {
                continue;
            }
            spend(masks.len())?;
            let called = calls.iter().fold(0u64, |m, &(f, _)| m | 1 << f);
            for &mask in &masks {
                let key = mask & called;
                let caller16 = u16::try_from(caller).unwrap_or(0);
                if key == 0 || returns.contains_key(&(caller16, key)) {
                    continue;
                }
                let mut seed: Vec<usize> = calls
                    .iter()
                    .filter(|&&(f, _)| key & (1 << f) != 0)
                    .map(|&(_, to)| to)
                    .collect();
                let target = intern(closure(&mut seed)?, &mut subsets)?;
                returns.insert((caller16, key), target);
            }
        }
        if subsets.len() == before {
            break;
        }
    }

    let top_end = nfa.fragments.first().map_or(usize::MAX, |f| f.end);
    let accept: Vec<bool> = subsets.iter().map(|s| s.contains(&top_end)).collect();
    let ret_mask: Vec<u64> = subsets.iter().map(|s| ends(nfa, s) & !1).collect();
    // Expected names: each live edge's name, and the names of the calls.
    let mut expect_at: Vec<u32> = vec![0];
    let mut expect: Vec<u16> = Vec::new();
    for (id, set) in subsets.iter().enumerate() {
        let mut names: BTreeSet<usize> = BTreeSet::new();
        if id != 0 {
            for &q in set {
                if let Some(s) = nfa.states.get(q) {
                    for e in &s.edges {
                        if is_live(e.to) && nfa.sets.get(e.set).is_some_and(|r| !r.is_empty()) {
                            names.insert(e.name);
                        }
                    }
                }
            }
            for &(f, _) in calls_of.get(id).into_iter().flatten() {
                if let Some(fr) = nfa.fragments.get(f) {
                    names.insert(fr.name);
                }
            }
        }
        for n in names {
            expect.push(u16::try_from(n).map_err(|_| CompileError::TooLarge("names".into()))?);
        }
        expect_at
            .push(u32::try_from(expect.len()).map_err(|_| CompileError::TooLarge("names".into()))?);
    }
    let mut returns_at: Vec<u32> = vec![0];
    let mut flat: Vec<(u64, u16)> = Vec::new();
    for caller in 0..subsets.len() {
        let caller16 = u16::try_from(caller).unwrap_or(0);
        flat.extend(
            returns
                .range((caller16, 0)..=(caller16, u64::MAX))
                .map(|(&(_, k), &t)| (k, t)),
        );
        returns_at
            .push(u32::try_from(flat.len()).map_err(|_| CompileError::TooLarge("returns".into()))?);
    }
    let mut ascii = vec![0u8; 128];
    let mut beyond: Vec<(u32, u32, u8)> = Vec::new();
    for &(lo, hi, class) in &cls.ranges {
        for c in lo..=hi.min(0x7F) {
            if let Some(slot) = ascii.get_mut(c as usize) {
                *slot = class;
            }
        }
        if hi >= 0x80 {
            beyond.push((lo.max(0x80), hi, class));
        }
    }
    let class_of = |c: Option<char>| c.and_then(|c| ascii.get(c as usize).copied()).unwrap_or(0);
    let open = if calls_of.iter().any(|c| !c.is_empty()) {
        class_of(brackets.map(|b| b.0))
    } else {
        0
    };
    Ok((
        CharDfa {
            rule: rule.to_string(),
            classes: cls.count,
            ascii,
            beyond,
            trans,
            accept,
            expect_at,
            expect,
            names: nfa.names.clone(),
            open,
            call,
            ret_mask,
            returns_at,
            returns: flat,
            max_depth,
            tags: Vec::new(),
        },
        work.get(),
    ))
}

/// The fragments whose end is in `set`, as a bit mask.
fn ends(nfa: &Nfa, set: &[usize]) -> u64 {
    nfa.fragments
        .iter()
        .enumerate()
        .filter(|(_, f)| set.binary_search(&f.end).is_ok())
        .fold(0, |m, (i, _)| m | 1 << i)
}

#[cfg(test)]
mod tests;
