//! Issue 11: every public operation, in all five grammars, answers any
//! hostile string without a panic, keeps its input, gives values that
//! re-parse in their own grammar, normalizes idempotently, relativizes to a
//! reference that resolves back, and keeps equivalence reflexive and
//! symmetric (`tests/common/props/`). Twice: as proptest properties, which
//! shrink a failure, and as a bounded, deterministic fuzz run, which lists
//! every distinct failure it meets, each shrunk.

use crate::common;

use common::hostile::{hostile_strategy, pair, pair_strategy, shrink, HEADS, PIECES};
use common::props::{self, Check, Family, CONVERSION, NORMALIZATION, PARSE, RESOLUTION};
use common::Rng;
use proptest::prelude::*;
use std::collections::BTreeMap;

fn holds(check: Check) -> Result<(), TestCaseError> {
    check.map_err(TestCaseError::fail)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]

    #[test]
    fn parsing_keeps_the_input(s in hostile_strategy()) {
        holds(props::all(PARSE, &s, ""))?;
    }

    #[test]
    fn relativize_then_resolve_gives_the_target((base, reference) in pair_strategy()) {
        holds(props::all(RESOLUTION, &base, &reference))?;
    }

    #[test]
    fn normalization_is_idempotent_and_equivalence_an_equivalence((a, b) in pair_strategy()) {
        holds(props::all(NORMALIZATION, &a, &b))?;
    }

    #[test]
    fn conversions_give_valid_values(s in hostile_strategy()) {
        holds(props::all(CONVERSION, &s, ""))?;
    }
}

/// Every check, with the name of its group of operations.
fn families() -> impl Iterator<Item = (&'static str, Family)> {
    let groups = [
        ("parse", PARSE),
        ("resolution", RESOLUTION),
        ("normalization", NORMALIZATION),
        ("conversion", CONVERSION),
    ];
    groups
        .into_iter()
        .flat_map(|(group, families)| families.iter().map(move |f| (group, *f)))
}

/// The failure of `family` on `(a, b)`, if any: (signature, message). A
/// panic's signature is where it happened.
fn failure((group, (name, check)): (&str, Family), a: &str, b: &str) -> Option<(String, String)> {
    match common::panics::catch_quietly(|| check(a, b)) {
        Ok(Ok(())) => None,
        Ok(Err(message)) => {
            let signature = message.split(" | ").next().unwrap_or_default();
            Some((signature.to_string(), message))
        }
        Err(panic) => Some((
            format!("{group} {name}: panic at {}", panic.location),
            panic.message,
        )),
    }
}

/// A smaller pair on which `family` fails the same way: both strings cut
/// at once while the second extends the first, then each alone.
fn smallest(family: (&str, Family), signature: &str, a: &str, b: &str) -> (String, String) {
    let same = |a: &str, b: &str| failure(family, a, b).is_some_and(|f| f.0 == signature);
    let (a, b) = match b.strip_prefix(a) {
        Some(rest) => {
            let a = shrink(a, &mut |a| same(a, &format!("{a}{rest}")));
            let b = format!("{a}{rest}");
            (a, b)
        }
        None => (a.to_string(), b.to_string()),
    };
    let a = shrink(&a, &mut |a| same(a, &b));
    let b = shrink(&b, &mut |b| same(&a, b));
    (a, b)
}

fn cases() -> usize {
    common::samples("XIRI_HOSTILE_CASES", 1000, 4000)
}

/// A fixed seed, a fixed count (`XIRI_HOSTILE_CASES`: 1000 by default,
/// 4000 with `XIRI_TEST_LONG=1`,
/// about 15 s in the test profile), every family on each pair of hostile
/// strings (`pair`). Each distinct failure is kept with the smallest pair
/// that shows it.
#[test]
fn bounded_fuzz_run() {
    let mut rng = Rng(0x1551_e11e_7a11_0b0d);
    let mut found: BTreeMap<String, (String, String, String)> = BTreeMap::new();
    for _ in 0..cases() {
        let (a, b) = pair(&mut rng);
        for family in families() {
            let Some((signature, _)) = failure(family, &a, &b) else {
                continue;
            };
            if found.contains_key(&signature) {
                continue;
            }
            let (a, b) = smallest(family, &signature, &a, &b);
            let message = failure(family, &a, &b).map(|f| f.1).unwrap_or_default();
            found.insert(signature, (a, b, message));
        }
    }
    let report: Vec<String> = found
        .iter()
        .map(|(signature, (a, b, message))| {
            format!("{signature}\n    on {a:?} and {b:?}\n    {message}")
        })
        .collect();
    assert!(
        report.is_empty(),
        "{} distinct failures:\n{}",
        report.len(),
        report.join("\n")
    );
}

/// `fuzz/hostile.dict`, libFuzzer's dictionary for the targets of `fuzz/`,
/// is the hostile alphabet: `XIRI_WRITE_DICT=1` writes it again.
#[test]
fn the_fuzz_dictionary_is_the_hostile_alphabet() {
    let mut dict = String::from(
        "# tests/common/hostile.rs: HEADS and PIECES (tests/it/hostile.rs writes it)\n",
    );
    for token in HEADS.iter().chain(PIECES).filter(|t| !t.is_empty()) {
        dict.push('"');
        for b in token.bytes() {
            match b {
                b'"' | b'\\' => dict.push_str(&format!("\\{}", b as char)),
                0x20..=0x7e => dict.push(b as char),
                _ => dict.push_str(&format!("\\x{b:02X}")),
            }
        }
        dict.push_str("\"\n");
    }
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/fuzz/hostile.dict");
    if std::env::var_os("XIRI_WRITE_DICT").is_some() {
        std::fs::write(path, &dict).unwrap();
    }
    assert_eq!(std::fs::read_to_string(path).unwrap_or_default(), dict);
}
