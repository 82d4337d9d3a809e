//! The stage's byte sets read off the typed XRI automata
//! (grammar/xri-typed.abnf compiled as build.rs compiles it), as
//! `xiri_engine::stage`'s derive.rs reads a reference stage's: a set is
//! the bytes the state a probe leaves an automaton in loops on, so
//! nothing of the grammar is written twice. Only what the bytes mean
//! between them ("*", "!", "/", "?", "#", "(", ")") is written by hand,
//! in mod.rs.

use super::{Tables, K, PCHAR, QF, SUB};
use crate::engine::Automaton;
use crate::syntax::builtin::xri_typed;

/// The automaton a probe is run on.
#[derive(Clone, Copy, PartialEq)]
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

/// The derived sets, in the order of [`PROBES`], then `HEXDIG`.
const P: usize = 0;
const NC: usize = 1;
const QUERY: usize = 2;
const FRAGMENT: usize = 3;
const HEX: usize = 4;

/// For each derived set, the probes that must all leave their automaton
/// in a state whose loop is the set (a query's: holds it): every place
/// the stage uses the set for. The first probe's loop is the set.
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

/// Where a cross-reference's query and fragment are tried (rule
/// `After`): the text before a character and after it. The character is
/// in `iquery-x` or `ifragment-x` there when it is in `QF` and is not a
/// parenthesis (which balance: the nested probes); "#" and "%" are the
/// structure's.
const X_PROBES: [(&str, &str); 6] = [
    ("/(@b?", ")"),
    ("/(@b?q", ")"),
    ("/(xri://@b/c?q(", "))"),
    ("/(@b#", ")"),
    ("/(@b?q#f", ")"),
    ("/(=b#(f(", ")))"),
];

/// How many probes there are.
const PROBE_COUNT: usize = 20;

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
    let digits = || (0u8..=u8::MAX).zip(hex).filter(|p| *p.1).map(|p| p.0);
    let is_digit = |b: u8| hex.get(usize::from(b)).copied().unwrap_or(false);
    let after_pct = (0u8..0x80).all(|b| (a.next_char(pct, &[b]) != 0) == is_digit(b));
    after_pct
        && digits().all(|h| {
            let first = a.next_char(pct, &[h]);
            digits().all(|l| a.next_char(first, &[l]) == state)
        })
}

/// The derived sets as bytes: `xri-pchar`, `xri-pchar-nc`, `iquery`,
/// `ifragment` (each but "%") and `HEXDIG`; `None` if a probe is refused.
pub(super) fn derived() -> Option<[[bool; 256]; 5]> {
    let mut sets = [[false; 256]; 5];
    let (rule, probe) = PROBES.first()?.first()?;
    let digits = hex(*rule, probe)?;
    for (set, probes) in sets.iter_mut().zip(PROBES) {
        let (rule, probe) = probes.first()?;
        *set = loop_set(*rule, probe, &digits)?;
    }
    *sets.get_mut(HEX)? = digits;
    Some(sets)
}

/// The sets the stage classifies, as bytes, in the order of
/// [`super::PCHAR`] to [`super::SUB`]: `xri-pchar`, `ifragment`, and the
/// hand-written "*" / "!".
pub(super) fn classified(derived: &[[bool; 256]; 5]) -> [[bool; 256]; K] {
    let [pchar, _, _, fragment, _] = derived;
    [*pchar, *fragment, of(b"*!")]
}

/// What the stage runs with, or `None` when it fails [`is_consistent`]
/// (the stage then defers every input to the walk).
pub(super) fn tables() -> Option<Tables> {
    let derived = derived()?;
    let tables = Tables {
        sets: classified(&derived).map(|s| xiri_engine::masks_of(&s)),
        hex: *derived.get(HEX)?,
    };
    is_consistent(&tables).then_some(tables)
}

/// Whether byte `b` is in the set of `table`, as [`xiri_engine::classify`]
/// reads it.
fn member(table: &[u8; 32], b: u8) -> bool {
    let mut m = [0u64];
    xiri_engine::classify(&[b], 0, &[*table], &mut m);
    m[0] & 1 != 0
}

/// The first and the last character whose UTF-8 form starts with `lead`
/// (none for a byte that starts none).
fn first_and_last(lead: u8) -> Option<[char; 2]> {
    let (low, span) = match lead {
        0xC2..=0xDF => (u32::from(lead & 0x1F) << 6, 1 << 6),
        0xE0..=0xEF => (u32::from(lead & 0x0F) << 12, 1 << 12),
        0xF0..=0xF4 => (u32::from(lead & 0x07) << 18, 1 << 18),
        _ => return None,
    };
    let high = (low + span - 1).min(0x10_FFFF);
    let leads = |c: &char| c.encode_utf8(&mut [0; 4]).as_bytes().first() == Some(&lead);
    let first = (low..=high).filter_map(char::from_u32).find(leads)?;
    let last = (low..=high).rev().filter_map(char::from_u32).find(leads)?;
    Some([first, last])
}

/// Whether `text` (at most 32 bytes) with `c` in its middle is in
/// `xri-after-authority` (run with calls; no allocation).
fn accepts(before: &str, c: char, after: &str) -> bool {
    let mut buf = [0u8; 32];
    let mut n = 0;
    for piece in [
        before.as_bytes(),
        c.encode_utf8(&mut [0; 4]).as_bytes(),
        after.as_bytes(),
    ] {
        for &b in piece {
            if let Some(slot) = buf.get_mut(n) {
                *slot = b;
                n += 1;
            }
        }
    }
    buf.get(..n)
        .and_then(|t| std::str::from_utf8(t).ok())
        .is_some_and(|t| automaton(Rule::After).matches(t))
}

/// Whether a cross-reference's query and fragment hold what
/// `Block::balanced` reads in them, by the automaton run with calls at
/// each of [`X_PROBES`]: an ASCII byte but "#", "%", "(" and ")" is in
/// them exactly when `has(QF, _)`; of a lead byte `QF` holds, the first
/// and the last character are in them (a query's `iprivate` is more,
/// which the stage leaves to the walk).
pub(super) fn cross_reference_parts(has: &dyn Fn(usize, u8) -> bool) -> bool {
    X_PROBES.iter().all(|&(before, after)| {
        let ascii = (0u8..0x80)
            .filter(|b| !b"#%()".contains(b))
            .all(|b| accepts(before, char::from(b), after) == has(QF, b));
        let wide = (0xC2u8..=0xF4)
            .filter(|&lead| has(QF, lead))
            .filter_map(first_and_last)
            .all(|cs| cs.iter().all(|&c| accepts(before, c, after)));
        ascii && wide && accepts(before, 'a', after)
    })
}

/// Whether `tables` are what the stage's structure needs, the sets read
/// through [`xiri_engine::classify`] itself: the state of every probe
/// loops on `PCHAR`'s bytes exactly (`xri-pchar`'s), on them but ":"
/// (`xri-pchar-nc`'s), on `QF`'s (`ifragment`'s) or on at least those
/// (`iquery`'s), as the set it stands for says, all 256 bytes a byte at a
/// time; in each of those states a "%" is followed by `hex`'s bytes
/// alone, and any two of them come back to it; "*" and "!" alone are in
/// `SUB`; no set holds "%", `PCHAR` none of the bytes the structure reads
/// itself, `QF` no "#"; and in a cross-reference's query and fragment,
/// `QF`'s bytes but the parentheses are what the automaton reads
/// ([`cross_reference_parts`]).
pub(super) fn is_consistent(tables: &Tables) -> bool {
    let has = |k: usize, b: u8| tables.sets.get(k).is_some_and(|t| member(t, b));
    let bytes = |k: usize| (0u8..=u8::MAX).filter(move |&b| has(k, b));
    // What each derived set must be (true: exactly; false: at least).
    let expected = |set: usize, b: u8| match set {
        P => (has(PCHAR, b), true),
        NC => (has(PCHAR, b) && b != b':', true),
        QUERY => (has(QF, b), false),
        FRAGMENT => (has(QF, b), true),
        _ => (true, true),
    };
    // Probes that reach the same state of the same rule are checked once
    // (the lead bytes' check reads the UTF-8 trie, the first use's cost).
    // (No allocation: this runs at the first parse.)
    let mut checked = [None; PROBE_COUNT];
    let mut n = 0;
    let derived = PROBES.iter().zip(0..).all(|(probes, set)| {
        probes.iter().all(|&(rule, probe)| {
            let key = Some((set, rule, after(rule, probe)));
            if checked.contains(&key) {
                return true;
            }
            if let Some(slot) = checked.get_mut(n) {
                *slot = key;
                n += 1;
            }
            pct_loops(rule, probe, &tables.hex)
                && loop_set(rule, probe, &tables.hex).is_some_and(|keeps| {
                    (0u8..=u8::MAX)
                        .zip(keeps)
                        .all(|(b, keep)| match expected(set, b) {
                            (want, true) => keep == want,
                            (want, false) => keep || !want,
                        })
                })
        })
    });
    derived
        && cross_reference_parts(&has)
        && tables.hex.iter().any(|&h| h)
        && bytes(SUB).eq([b'!', b'*'])
        && (0..K).all(|k| !has(k, b'%'))
        && STRUCTURE.iter().all(|&b| !has(PCHAR, b))
        && !has(QF, b'#')
}
