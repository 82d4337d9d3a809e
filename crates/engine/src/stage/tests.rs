//! The stage on the built-in reference rules, against the walk, with
//! each way of classifying: the quick check of the engine's own tests
//! (tests/it/first_stage.rs in the library holds it to the walk on the
//! corpora, every byte at every place and every UTF-8 boundary).

use super::{Path, Stage};
use crate::fixtures::compiled;

/// Each way the stage classifies, forced.
pub(super) const PATHS: [Path; 5] = [
    Path::Swar,
    Path::Ssse3,
    Path::Avx2,
    Path::Neon,
    Path::Detect,
];

#[test]
fn the_stage_accepts_only_what_the_walk_accepts_with_the_same_marks() {
    let inputs = [
        "http://user:pw@host.example:8080/a/b;c?q=1&r#frag",
        "http://a/b/c/d;p?q",
        "a:b",
        "//h",
        "//h?",
        "//@h:",
        "?q?#f",
        "#f#",
        "",
        "1a:b",
        ":b",
        "a%41b/c",
        "a%4",
        "a%",
        "http://[::1]/",
        "http://h/%c3%a9\u{e9}",
        "http://h/\u{fffe}",
        "http://h?\u{e000}",
        "http://h/\u{e000}",
        "s://u@@h",
        "s://h:12a",
        "s://h:1:2",
        "s:/a//b",
    ];
    let long = format!("http://h/{}%41?{}#x", "a".repeat(60), "b".repeat(70));
    for grammar in ["uri", "iri", "iri-bis", "leiri"] {
        let rule = if grammar == "leiri" {
            "LEIRI-reference"
        } else if grammar == "uri" {
            "URI-reference"
        } else {
            "IRI-reference"
        };
        let a = compiled(grammar, rule, true);
        let stage = Stage::derive(&a).unwrap_or_else(|| panic!("{grammar}: no stage"));
        assert!(stage.is_consistent(&a));
        let mut decided = 0;
        for input in inputs.iter().copied().chain([long.as_str()]) {
            let walk = a.split_of(input);
            let answers = PATHS.map(|p| stage.accept_with(input, p));
            assert!(
                answers.iter().all(|x| *x == answers[0]),
                "{grammar} {input:?}: {answers:?}"
            );
            if let Some(marks) = answers[0] {
                assert_eq!(walk, Some(marks), "{grammar} {input:?}");
                decided += 1;
            }
        }
        assert!(decided >= 10, "{grammar}: {decided}");
    }
}

#[test]
fn the_bracket_check_finds_a_bracket_in_the_first_sixteen_bytes_only() {
    // Every place of a "[" among bytes next to it in value (Z, \, and
    // bytes whose difference from "[" is one bit), and none.
    for filler in [b'Z', b'\\', 0x5A, 0x5F, 0x1B, 0xDB, 0x00, 0xFF] {
        for len in [16, 17, 24, 40] {
            let none = vec![filler; len];
            assert!(!super::opens_bracket(&none), "{filler:#x} {len}");
            for at in 0..len {
                let mut bytes = none.clone();
                bytes[at] = b'[';
                assert_eq!(
                    super::opens_bracket(&bytes),
                    at < 16,
                    "{filler:#x} {len} {at}"
                );
            }
        }
    }
    assert!(super::opens_bracket(b"//[::1]"));
    assert!(!super::opens_bracket(b"//h/"));
}

#[test]
fn components_that_differ_only_in_delimiters_share_one_table() {
    use super::block::{AT, COLON, HASH, QUESTION, SLASH};
    use super::{FRAGMENT, HOST, PATH, PORT, QUERY, USERINFO};
    let uri = Stage::derive(&compiled("uri", "URI-reference", true)).expect("URI's stage");
    for k in [USERINFO, HOST, QUERY, FRAGMENT] {
        assert_eq!(uri.sets[k], uri.sets[PATH], "URI set {k}");
    }
    assert_ne!(uri.sets[PORT], uri.sets[PATH]);
    assert_eq!(uri.outside[USERINFO], SLASH | QUESTION | HASH | AT);
    assert_eq!(uri.outside[HOST], COLON | SLASH | QUESTION | HASH | AT);
    assert_eq!(uri.outside[PATH], QUESTION | HASH);
    assert_eq!(uri.outside[QUERY], HASH);
    assert_eq!(uri.outside[FRAGMENT], HASH);
    // IRI's query alone takes private use (`iprivate`, its lead byte EE).
    let iri = Stage::derive(&compiled("iri", "IRI-reference", true)).expect("IRI's stage");
    for k in [USERINFO, HOST, FRAGMENT] {
        assert_eq!(iri.sets[k], iri.sets[PATH], "IRI set {k}");
    }
    assert_ne!(iri.sets[QUERY], iri.sets[PATH]);
    assert_eq!(iri.sets[QUERY][..16], iri.sets[PATH][..16]);
}

/// Every ASCII byte and a few characters (one the stage takes, private
/// use, non-characters) at every place of the prefixes of a reference
/// longer than a block that end near a vector's edge, each way against the walk: the loads at the
/// vectors' and the block's edges (16, 32 and 64 bytes) of each way,
/// which the engine's own run holds on every architecture (under qemu
/// for NEON, .ci/run). Too long for Miri, which runs the test above.
#[test]
#[cfg_attr(miri, ignore)]
fn every_byte_at_every_place_of_every_prefix_gives_each_way_the_walks_answer() {
    let base = "http://u@host.example:80/pa%41th/to?query=1&r#frag-past-sixty-four/x";
    let probes: Vec<String> = (0x20u8..0x7F)
        .map(|b| char::from(b).to_string())
        .chain(["\u{e9}", "\u{e000}", "\u{fffe}", "\u{10ffff}"].map(String::from))
        .collect();
    for (grammar, rule) in [("uri", "URI-reference"), ("iri", "IRI-reference")] {
        let a = compiled(grammar, rule, true);
        let stage = Stage::derive(&a).unwrap_or_else(|| panic!("{grammar}: no stage"));
        let (mut inputs, mut decided) = (0, 0);
        // The lengths on each side of the vectors' edges, and the whole.
        let edges = (16..base.len()).filter(|n| !(3..14).contains(&(n % 16)));
        for len in edges.chain([base.len()]) {
            let prefix = &base[..len];
            for at in 0..len {
                for probe in &probes {
                    let input = format!("{}{probe}{}", &prefix[..at], &prefix[at + 1..]);
                    let answers = PATHS.map(|p| stage.accept_with(&input, p));
                    assert!(
                        answers.iter().all(|x| *x == answers[0]),
                        "{grammar} {input:?}: {answers:?}"
                    );
                    if let Some(marks) = answers[0] {
                        assert_eq!(a.split_of(&input), Some(marks), "{grammar} {input:?}");
                        decided += 1;
                    }
                    inputs += 1;
                }
            }
        }
        assert!(decided * 2 > inputs, "{grammar}: {decided} of {inputs}");
    }
}
