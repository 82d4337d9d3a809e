//! Tests of the run with calls.
use crate::fixtures::xri_typed;
use crate::limits::MAX_CALL_DEPTH;
use crate::reading::{Move, Taken, Thread};
use crate::{Options, compile};

/// With one reading alive, the table loop takes each bracket itself
/// (crates/engine/src/walk.rs): the verdicts, the refusal with its closing
/// bracket, and the depth limit are those of the run bracket by bracket.
#[test]
fn one_reading_takes_its_brackets_in_the_table_loop() {
    let abnf = "g = 1*( \"a\" / p )\np = \"(\" g \")\"\n";
    let options = Options::new().with_brackets('(', ')').with_max_depth(3);
    let a = compile(abnf, "g", &options).unwrap();
    assert!(a.matches("a(a(a)a)a"));
    assert!(a.matches("(((a)))"));
    assert!(!a.matches("a(a(a)a"));
    assert!(!a.matches("a)"));
    let refusal = a.check("a(a(a)a").unwrap_err();
    assert_eq!(refusal.offset, 7);
    assert!(refusal.expected.iter().any(|e| e == "\")\""));
    let refusal = a.check("a()").unwrap_err();
    assert_eq!(refusal.offset, 2);
    let refusal = a.check("((((a))))").unwrap_err();
    assert_eq!(refusal.offset, 3);
    assert!(refusal.too_deep);
}

/// `matches` (one reading in place, every reading where a bracket
/// parts them) agrees with the run of every reading, on random texts
/// of the typed XRI rules' pieces, nesting past the depth limit
/// included.
#[test]
fn matches_agrees_with_check_on_random_xri_texts() {
    let pieces = [
        "xri://", "=", "@", "+", "$", "!!", "!", "*", "(", ")", "/", "?", "#", "a", "b.c", "%41",
        ":", "[", "]", "::1", "http://", "@x", "\u{e9}", "&", ",", "-", "~",
    ];
    let mut seed = 0x2545_F491_4F6C_DD1D_u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let automata = xri_typed();
    let (mut accepted, mut tried) = (0, 0);
    for _ in 0..20_000 {
        let mut text = String::new();
        for _ in 0..next() % 14 {
            text.push_str(pieces[(next() % pieces.len() as u64) as usize]);
        }
        if next() % 8 == 0 {
            text = format!("@a/{}x{}", "(".repeat(40), ")".repeat(40));
        }
        for a in automata {
            let verdict = a.check(&text).is_ok();
            assert_eq!(a.matches(&text), verdict, "{text:?}");
            tried += 1;
            accepted += usize::from(verdict);
        }
    }
    // Both verdicts are met often enough to compare.
    assert!(
        accepted > tried / 20 && accepted < tried - tried / 20,
        "{accepted} of {tried}"
    );
}

/// Each reading the bracket tests try on automaton `a`: every state, at
/// depths 0, 1 and the limit, under several callers (the stack filled
/// with one), with a description for the assertions.
fn readings(a: &crate::Automaton) -> impl Iterator<Item = (Thread, String)> + '_ {
    let states = a.trans.len() / a.stride;
    let limit = a.max_depth.min(MAX_CALL_DEPTH);
    (0..states).flat_map(move |state| {
        [0, 1, limit].into_iter().flat_map(move |depth| {
            (0..states)
                .step_by(97)
                .chain([states - 1])
                .map(move |caller| {
                    let mut stack = [0u16; MAX_CALL_DEPTH];
                    stack[..depth].fill(caller as u16);
                    let t = Thread {
                        state: state as u16,
                        depth: depth as u8,
                        stack,
                    };
                    (t, format!("state {state} depth {depth} caller {caller}"))
                })
        })
    })
}

/// `only_move` is `moves` when that gives exactly one move and no
/// depth refusal: every state of the typed XRI rules, both brackets
/// and another byte, at depths 0, 1 and the limit, under several
/// callers.
#[test]
fn only_move_is_the_one_move_of_moves() {
    let key = |m: Option<Move>| match m {
        Some(Move::Call(s)) => Some((0, s)),
        Some(Move::Return(s)) => Some((1, s)),
        Some(Move::Data(s)) => Some((2, s)),
        None => None,
    };
    let [reference, _, _, xri_authority, after_authority] = xri_typed();
    for a in [reference, xri_authority, after_authority] {
        for (t, context) in readings(a) {
            for b in [a.open, a.close, b'a'] {
                let want = match a.moves(&t, &[b]) {
                    ([Some(m), None, None], false)
                    | ([None, Some(m), None], false)
                    | ([None, None, Some(m)], false) => Some(m),
                    _ => None,
                };
                assert_eq!(key(a.only_move(&t, b)), key(want), "{context} byte {b}");
            }
        }
    }
}

/// `take_bracket`, the table loop's step, is `only_move` applied: the
/// same move to the same state, the same stack after it, on every state
/// of the typed XRI rules, both brackets, at depths 0, 1 and the limit,
/// under several callers.
#[test]
fn take_bracket_is_only_move_applied() {
    let [reference, _, relative, xri_authority, after_authority] = xri_typed();
    for a in [reference, xri_authority, after_authority, relative] {
        let limit = a.max_depth.min(MAX_CALL_DEPTH);
        let id = |s: usize| if a.premultiplied { s * a.stride } else { s };
        for (t, context) in readings(a) {
            let state = usize::from(t.state);
            for b in [a.open, a.close] {
                let column = usize::from(a.byte_class[usize::from(b)]);
                let data = usize::from(a.trans[id(state) + column]);
                // The reading's state in the loop is not kept in it.
                let mut taken = Thread { state: 0, ..t };
                let got = a.take_bracket(&mut taken, state, data, b, limit);
                let mut applied = t;
                let want = a.only_move(&t, b);
                if let Some(m) = want {
                    m.apply(&mut applied);
                }
                let context = format!("{context} byte {b}");
                match (want, got) {
                    (None, Taken::No) => continue,
                    (Some(Move::Data(s)), Taken::Data) => {
                        assert_eq!(a.index_of(data), usize::from(s), "{context}");
                    }
                    (Some(Move::Call(s) | Move::Return(s)), Taken::Moved(to)) => {
                        assert_eq!(to, usize::from(s), "{context}");
                    }
                    _ => panic!("{context}: another move"),
                }
                assert_eq!(taken.depth, applied.depth, "{context}");
                assert_eq!(taken.calls(), applied.calls(), "{context}");
            }
        }
    }
}

/// "(" is both a bracket (in `x`) and data (in `y`): two readings run
/// apart between brackets, and die at different places.
#[test]
fn readings_that_die_apart_are_refused_where_the_last_one_died() {
    let abnf = "g = x / y\nx = p \"c\"\np = \"(\" g \")\"\ny = \"(\" \"bd\"\n";
    let a = compile(abnf, "g", &Options::new().with_brackets('(', ')')).unwrap();
    assert!(a.matches("(bd"));
    assert!(a.matches("((bd)c"));
    // The bracket's reading dies at "b" (offset 1: its body starts with
    // "("), the data reading at "x", one byte later: the refusal is the
    // data reading's.
    let refusal = a.check("(bx").unwrap_err();
    assert_eq!(refusal.offset, 2);
    assert_eq!(refusal.expected, ["\"bd\""]);
    let refusal = a.check("((bd)x").unwrap_err();
    assert_eq!(refusal.offset, 5);
}

/// A run follows at most [`MAX_READINGS`](crate::limits::MAX_READINGS) readings:
/// where "(" is data and a bracket alike, the readings part at every "(",
/// and the run gives up (a refusal that is `too_deep`, which `matches`
/// answers `false`, as for nesting past the limit) rather than follow
/// them all. A run of 4,000 brackets then costs what a run of 64 does.
#[test]
fn readings_past_the_bound_are_given_up() {
    let abnf = "a = \"(\" / c\nc = \"(\" 12a \")\" / \" \"\n";
    let a = compile(abnf, "a", &Options::new().with_brackets('(', ')')).unwrap();
    // Few readings: decided by the run.
    assert!(a.matches(&format!("({})", " ".repeat(12))));
    let refusal = a.check("( )").unwrap_err();
    assert!(!refusal.too_deep);
    // A member whose thirteen "(" part the readings past the bound: given
    // up, not refused (the workbench's decider asks its general parser).
    let member = format!("({})", "(".repeat(12));
    let refusal = a.check(&member).unwrap_err();
    assert!(refusal.too_deep, "{refusal:?}");
    assert!(!a.matches(&member));
    let long = "(".repeat(4000);
    let refusal = a.check(&long).unwrap_err();
    assert!(refusal.too_deep);
    assert!(refusal.offset < 64);
}
