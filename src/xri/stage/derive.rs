//! The stage's byte sets read off the typed XRI automata
//! (grammar/xri-typed.abnf compiled as build.rs compiles it), as
//! `xiri_engine::stage`'s derive.rs reads a reference stage's: a set is
//! the bytes the state a probe leaves an automaton in loops on, so
//! nothing of the grammar is written twice. Only what the bytes mean
//! between them ("*", "!", "/", "?", "#", "(", ")") is written by hand,
//! in mod.rs.

use super::{FRAGMENT, HEX, K, NC, PCHAR, PCT, QUERY, SUB};
use crate::engine::Automaton;
use crate::syntax::builtin::xri_typed;

/// The automaton a probe is run on.
#[derive(Clone, Copy)]
enum Rule {
    /// `typed-XRI-reference`.
    Reference,
    /// `xri-authority`.
    Authority,
    /// `xri-path-abempty [ "?" iquery ] [ "#" ifragment ]`.
    After,
}

fn automaton(rule: Rule) -> &'static Automaton {
    match rule {
        Rule::Reference => xri_typed::reference(),
        Rule::Authority => xri_typed::xri_authority(),
        Rule::After => xri_typed::after_authority(),
    }
}

/// For each derived set, the probes that must all leave their automaton
/// in a state whose loop is the set: every place the stage
/// uses the set for. The first probe's loop is the set.
const PROBES: [&[(Rule, &str)]; 4] = [
    // PCHAR, `xri-pchar` (not "%"): an authority's segment (after the
    // symbol, and after a "*" or "!"), a path's segment after "/" in an
    // absolute XRI and in a relative one.
    &[
        (Rule::Authority, "@a"),
        (Rule::Authority, "@a*a"),
        (Rule::Authority, "!!a!a"),
        (Rule::After, "/a"),
        (Rule::After, "/a!a"),
        (Rule::Reference, "@a/a"),
        (Rule::Reference, "xri://=a/a*a"),
        (Rule::Reference, "/a"),
        (Rule::Reference, "a/a"),
    ],
    // NC, `xri-pchar-nc`: a relative path's first segment
    // (`xri-path-noscheme`).
    &[
        (Rule::Reference, "a"),
        (Rule::Reference, "*a"),
        (Rule::Reference, "a!a"),
    ],
    // QUERY, `iquery`.
    &[
        (Rule::Reference, "?q"),
        (Rule::Reference, "a?q"),
        (Rule::Reference, "@a?q"),
        (Rule::After, "?q"),
    ],
    // FRAGMENT, `ifragment`.
    &[
        (Rule::Reference, "#f"),
        (Rule::Reference, "a?q#f"),
        (Rule::Reference, "@a#f"),
        (Rule::After, "#f"),
    ],
];

/// The bytes the structure in mod.rs reads itself: no derived set may
/// hold them where the structure must see them.
const STRUCTURE: &[u8] = b"*!/?#()%";

/// The state `probe` leaves `rule`'s automaton in (0, dead, if refused).
fn after(rule: Rule, probe: &str) -> usize {
    let a = automaton(rule);
    probe
        .bytes()
        .fold(a.start, |state, b| a.next_char(state, &[b]))
}

/// The bytes the state after `probe` loops on: its ASCII bytes as the
/// engine derives a reference stage's sets ([`Automaton::loop_bytes`]),
/// but "%" (a `pct-encoded` is read apart, its digits `hex`); the lead
/// bytes all of whose characters keep it ([`Automaton::keeps_lead`]: a
/// state's skip table does not say it of a state in a group), and then
/// the continuation bytes.
fn loop_set(rule: Rule, probe: &str, hex: &[bool; 256]) -> Option<[bool; 256]> {
    let state = after(rule, probe);
    if state == 0 {
        return None;
    }
    let a = automaton(rule);
    let mut set = a.loop_bytes(state, hex);
    *set.get_mut(usize::from(b'%'))? = false;
    for (b, keep) in (0u8..=u8::MAX).zip(set.iter_mut()).skip(0xC2) {
        *keep = a.keeps_lead(state, b);
    }
    let leads = set.iter().skip(0xC2).any(|&k| k);
    set.get_mut(0x80..0xC0)?.fill(leads);
    Some(set)
}

/// A hand-written set: `bytes`.
fn of(bytes: &[u8]) -> [bool; 256] {
    let mut set = [false; 256];
    for (b, keep) in (0u8..=u8::MAX).zip(set.iter_mut()) {
        *keep = bytes.contains(&b);
    }
    set
}

/// The bytes that may follow a "%" in the state after `probe`: the
/// automaton's `HEXDIG`.
fn hex(rule: Rule, probe: &str) -> Option<[bool; 256]> {
    let a = automaton(rule);
    let pct = a.next_char(after(rule, probe), b"%");
    if pct == 0 {
        return None;
    }
    let mut set = [false; 256];
    for (b, keep) in (0u8..0x80).zip(set.iter_mut()) {
        *keep = a.next_char(pct, &[b]) != 0;
    }
    Some(set)
}

/// Whether, in the state after `probe`, a "%" and any two of `hex`'s
/// bytes, and only those after a "%", come back to the state.
fn pct_loops(rule: Rule, probe: &str, hex: &[bool; 256]) -> bool {
    let a = automaton(rule);
    let state = after(rule, probe);
    let pct = a.next_char(state, b"%");
    let digits: Vec<u8> = (0u8..=u8::MAX)
        .zip(hex)
        .filter(|p| *p.1)
        .map(|p| p.0)
        .collect();
    let after_pct = (0u8..0x80).all(|b| (a.next_char(pct, &[b]) != 0) == digits.contains(&b));
    after_pct
        && digits.iter().all(|&h| {
            let first = a.next_char(pct, &[h]);
            digits.iter().all(|&l| a.next_char(first, &[l]) == state)
        })
}

/// The stage's sets as bytes, in the order of [`super::PCHAR`] to
/// [`super::SUB`]: `None` if a probe is refused.
pub(super) fn sets() -> Option<[[bool; 256]; K]> {
    let mut sets = [[false; 256]; K];
    let (rule, probe) = PROBES.first()?.first()?;
    let digits = hex(*rule, probe)?;
    for (set, probes) in sets.iter_mut().zip(PROBES) {
        let (rule, probe) = probes.first()?;
        *set = loop_set(*rule, probe, &digits)?;
    }
    *sets.get_mut(HEX)? = digits;
    *sets.get_mut(SUB)? = of(b"*!");
    *sets.get_mut(PCT)? = of(b"%");
    Some(sets)
}

/// The nibble tables of the stage's sets, or `None` when they fail
/// [`is_consistent`] (the stage then defers every input to the walk).
pub(super) fn tables() -> Option<[[u8; 32]; K]> {
    let tables = sets()?.map(|s| xiri_engine::masks_of(&s));
    is_consistent(&tables).then_some(tables)
}

/// Whether byte `b` is in the set of `table`, as [`xiri_engine::classify`]
/// reads it.
fn member(table: &[u8; 32], b: u8) -> bool {
    let mut m = [0u64];
    xiri_engine::classify(&[b], 0, &[*table], &mut m);
    m[0] & 1 != 0
}

/// Whether `tables` are what the stage's structure needs, read through
/// [`xiri_engine::classify`] itself: each derived set is the loop of every
/// probe's state (a byte at a time, all 256); in each of those states a
/// "%" is followed by `HEXDIG`'s bytes alone, and any two of them come
/// back to it, `HEXDIG` being in each set; "*" and "!" alone are in `SUB`
/// and "%" alone in `PCT`; no set holds "%" but `PCT`, and those three
/// no byte from 0x80 up; the
/// segment sets hold none of the structure's bytes, and `xri-pchar-nc`
/// is `xri-pchar` without ":"; the query's and fragment's hold no "#".
pub(super) fn is_consistent(tables: &[[u8; 32]; K]) -> bool {
    let has = |k: usize, b: u8| tables.get(k).is_some_and(|t| member(t, b));
    let bytes = |k: usize| (0u8..=u8::MAX).filter(move |&b| has(k, b));
    let mut hex = [false; 256];
    for (b, h) in (0u8..=u8::MAX).zip(hex.iter_mut()) {
        *h = has(HEX, b);
    }
    let derived = PROBES.iter().zip(tables).all(|(probes, table)| {
        probes.iter().all(|&(rule, probe)| {
            loop_set(rule, probe, &hex).is_some_and(|set| {
                (0u8..=u8::MAX)
                    .zip(set)
                    .all(|(b, keep)| member(table, b) == keep)
            })
        })
    });
    let pct = PROBES
        .iter()
        .flat_map(|p| p.iter())
        .all(|&(rule, probe)| pct_loops(rule, probe, &hex))
        && [PCHAR, NC, QUERY, FRAGMENT]
            .iter()
            .all(|&k| bytes(HEX).all(|h| has(k, h)));
    derived
        && pct
        && bytes(SUB).eq([b'!', b'*'])
        && bytes(PCT).eq([b'%'])
        && (0..K).all(|k| bytes(k).all(|b| b != b'%' || k == PCT))
        && [HEX, SUB, PCT].iter().all(|&k| bytes(k).all(|b| b < 0x80))
        && [PCHAR, NC]
            .iter()
            .all(|&k| STRUCTURE.iter().all(|&b| !has(k, b)))
        && (0u8..=u8::MAX).all(|b| has(NC, b) == (has(PCHAR, b) && b != b':'))
        && !has(QUERY, b'#')
        && !has(FRAGMENT, b'#')
}
