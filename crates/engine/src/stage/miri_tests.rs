//! The stage's ways on a stage made by hand, for Miri (.ci/run), which
//! takes far too long to compile a built-in grammar: every way gives the
//! SWAR way's answer, on inputs of 16 to 200 bytes whose ends fall on
//! each side of the vectors' and the blocks' edges. Under Miri, each load
//! is checked to stay within the input; SSSE3 and AVX2 run where Miri is
//! given them (`-C target-feature`), NEON with `--target
//! aarch64-unknown-linux-gnu`. The tests in `tests.rs` hold the ways to
//! the walk on the built-in grammars.

use super::block::{AT, COLON, HASH, QUESTION, SLASH};
use super::tests::PATHS;
use super::{FRAGMENT, HEX, HOST, PATH, PORT, Path, QUERY, SCHEME, SETS, Stage, USERINFO};
use crate::marks::{FRAGMENT as FRAGMENT_MARK, QUERY as QUERY_MARK};
use crate::masks_of;

/// A stage close to URI's (with the lead bytes C2 to DF and the
/// continuation bytes in every component but the scheme and the port, so
/// that the wide half of the tables is read), made from byte predicates.
fn by_hand() -> Stage {
    let plain = |b: u8| b.is_ascii_alphanumeric() || b"-._~!$&'()*+,;=%:/?#@".contains(&b);
    let wide = |b: u8| (0x80..0xE0).contains(&b);
    let predicates: [&dyn Fn(u8) -> bool; SETS] = [
        &|b| b.is_ascii_alphanumeric() || b"+-.:/?#@".contains(&b),
        &|b| plain(b) || wide(b),
        &|b| plain(b) || wide(b),
        &|b| b.is_ascii_digit() || b":/?#@".contains(&b),
        &|b| plain(b) || wide(b),
        &|b| plain(b) || wide(b),
        &|b| plain(b) || wide(b),
        &|b| b.is_ascii_hexdigit(),
    ];
    let mut stage = Stage::NONE;
    let mut class = [0u8; 256];
    for (k, (set, picks)) in stage.sets.iter_mut().zip(predicates).enumerate() {
        let mut picked = [false; 256];
        for ((p, c), b) in picked.iter_mut().zip(class.iter_mut()).zip(0u8..=255) {
            *p = picks(b);
            *c |= u8::from(*p) << k;
        }
        *set = masks_of(&picked);
    }
    stage.class = class;
    let mut alpha = [false; 256];
    for (p, b) in alpha.iter_mut().zip(0u8..=255) {
        *p = b.is_ascii_alphabetic();
    }
    stage.scheme_first = masks_of(&alpha);
    let all = COLON | SLASH | QUESTION | HASH | AT;
    stage.outside[SCHEME] = all;
    stage.outside[USERINFO] = SLASH | QUESTION | HASH | AT;
    stage.outside[HOST] = all;
    stage.outside[PORT] = all;
    stage.outside[PATH] = QUESTION | HASH;
    stage.outside[QUERY] = HASH;
    stage.outside[FRAGMENT] = HASH;
    stage.outside[HEX] = 0;
    stage
}

#[test]
fn every_way_gives_the_portable_ways_answer_at_every_edge() {
    let stage = by_hand();
    let long = "http://user@host.example:8080/p%41th/\u{e9}t\u{e9}/".repeat(4);
    let mut inputs = Vec::new();
    for len in [
        16, 17, 31, 32, 33, 47, 48, 63, 64, 65, 79, 80, 127, 128, 129, 200,
    ] {
        let end = (0..=len)
            .rev()
            .find(|&n| long.is_char_boundary(n))
            .unwrap_or(0);
        let path = long[..end].to_string();
        inputs.push(path.clone());
        inputs.push(format!("{path}?q#f"));
        inputs.push(format!("{path}%4"));
        inputs.push(format!("{path} x"));
        inputs.push(format!("{path}\u{e000}"));
    }
    let mut decided = 0;
    for input in &inputs {
        let answers = PATHS.map(|p| stage.accept_with(input, p));
        assert!(
            answers.iter().all(|a| *a == answers[0]),
            "{input:?}: {answers:?}"
        );
        decided += usize::from(answers[0].is_some());
    }
    assert!(decided >= 20, "{decided} of {}", inputs.len());
    let marks = stage.accept_with("http://host.example/a%41?query#fragment", Path::Detect);
    let marks = marks.expect("a reference the stage decides");
    assert_eq!(marks.after(QUERY_MARK), Some(25));
    assert_eq!(marks.after(FRAGMENT_MARK), Some(31));
    assert_eq!(
        stage.accept_with("http://host.example/a%4G?query", Path::Detect),
        None
    );
}
