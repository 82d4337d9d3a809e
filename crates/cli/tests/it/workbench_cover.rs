//! Covering sets that cover (issue 25): `Generator::cover` and
//! `generate --cover` take every alternative of every reachable rule
//! that derives some string, however long the cycle of rules that leads
//! to it, and name the alternatives they cannot take.

use std::process::Command;
use xiri::workbench::{AbnfFile, Generator, LoadedGrammar, Why};

/// A cycle of `n` rules, `r1 = "a1" / "(" r2 ")"` to
/// `rn = "an" / "[" r1 "]" / "<" deep ">" / dead`, entered at `r1`: the
/// last rule's alternatives, and `deep`'s, are reached only the whole way
/// round. Halfway, one more alternative goes back to the start. `dead`
/// derives nothing and `orphan` is reached from nowhere.
fn cycle(n: usize) -> String {
    let mut text = String::new();
    for i in 1..n {
        let back = if i == n / 2 { " / \"{\" r1 \"}\"" } else { "" };
        text.push_str(&format!("r{i} = \"a{i}\" / \"(\" r{} \")\"{back}\n", i + 1));
    }
    text.push_str(&format!(
        "r{n} = \"a{n}\" / \"[\" r1 \"]\" / \"<\" deep \">\" / dead\n"
    ));
    text.push_str("deep = \"d1\" / \"d2\" *( \",\" ( \"x\" / \"y\" ) )\n");
    text.push_str("dead = \"z\" dead\n");
    text.push_str("orphan = \"o1\" / \"o2\"\n");
    text
}

/// The alternatives of [`cycle`] that can be taken: two a rule, one more
/// halfway and two more in the last rule, two of `deep` and two of its
/// group.
fn coverable(n: usize) -> usize {
    2 * n + 1 + 1 + 2 + 2
}

fn covers_the_cycle(n: usize) {
    let grammar = LoadedGrammar::load(&[AbnfFile::new("cycle.abnf", cycle(n))]).unwrap();
    let decider = grammar.decider("r1").unwrap();
    let set = Generator::new(&grammar, 1).cover("r1", 100).unwrap();
    assert_eq!(
        (set.covered, set.total),
        (coverable(n), coverable(n)),
        "{:?}",
        set.members.iter().map(|m| &m.text).collect::<Vec<_>>()
    );
    assert!(set.members.len() <= coverable(n));
    for m in &set.members {
        assert!(decider.decide(&m.text).unwrap().accepted, "{}", m.text);
    }
    // The whole way round and back to the start, in one string.
    let round = format!("{}[", "(".repeat(n - 1));
    assert!(
        set.members.iter().any(|m| m.text.starts_with(&round)),
        "{:?}",
        set.members.iter().map(|m| &m.text).collect::<Vec<_>>()
    );
    // What it cannot take, and why: `dead`, which derives nothing, and
    // `orphan`, which nothing reaches.
    let missed: Vec<(&str, usize, &str, Why)> = set
        .uncovered
        .iter()
        .map(|u| (u.rule.as_str(), u.alternative, u.abnf.as_str(), u.why))
        .collect();
    let last = format!("r{n}");
    assert_eq!(
        missed,
        [
            (last.as_str(), 4, "dead", Why::DerivesNothing),
            ("orphan", 1, "\"o1\"", Why::Unreachable),
            ("orphan", 2, "\"o2\"", Why::Unreachable),
        ]
    );
    // Deterministic: the same seed gives the same strings.
    let again = Generator::new(&grammar, 1).cover("r1", 100).unwrap();
    assert_eq!(again, set);
}

#[test]
fn cover_takes_every_alternative_of_a_25_rule_cycle() {
    covers_the_cycle(25);
}

#[test]
fn cover_takes_every_alternative_of_a_40_rule_cycle() {
    covers_the_cycle(40);
}

/// `generate --cover` on a file: the covering set, every string a member,
/// and the count on standard error.
#[test]
fn generate_cover_covers_a_40_rule_cycle() {
    let dir = std::env::temp_dir().join(format!("xiri-cover-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("cycle.abnf");
    std::fs::write(&file, cycle(40)).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_xiri"))
        .args(["generate", "--abnf", &file.display().to_string()])
        .args(["-R", "r1", "--cover", "-n", "200"])
        .output()
        .unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(out.status.code(), Some(0));
    let stderr = String::from_utf8(out.stderr).unwrap();
    let total = coverable(40);
    assert!(
        stderr.contains(&format!("covered {total} of {total} alternatives")),
        "{stderr}"
    );
    assert!(
        stderr.contains("xiri: not taken: r40, alternative 4: dead: it derives no string\n"),
        "{stderr}"
    );
    assert!(
        stderr.contains(
            "xiri: not taken: orphan, alternative 2: \"o2\": no string of the start rule reaches it\n"
        ),
        "{stderr}"
    );
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stdout.lines().count() <= total, "{stdout}");
    assert!(
        stdout.contains(&format!("{}<d2,", "(".repeat(39))),
        "{stdout}"
    );
}

/// A limit below what the set needs leaves alternatives untaken, each
/// said to be for the limit; a check that turns strings down leaves the
/// alternatives only those strings take, each said to be for the check.
#[test]
fn cover_says_why_an_alternative_was_not_taken() {
    let grammar = LoadedGrammar::load(&[AbnfFile::new("cycle.abnf", cycle(25))]).unwrap();
    let set = Generator::new(&grammar, 3).cover("r1", 5).unwrap();
    assert_eq!(set.members.len(), 5);
    let limited = set.uncovered.iter().filter(|u| u.why == Why::Limit).count();
    assert_eq!(limited, set.total - set.covered);
    assert!(limited > 0);
    // No string with a "<" is kept: deep's alternatives go, and so does
    // the last rule's third one.
    let set = Generator::new(&grammar, 3)
        .cover_checked("r1", 100, |m| !m.text.contains('<'))
        .unwrap();
    let refused: Vec<(&str, usize)> = set
        .uncovered
        .iter()
        .filter(|u| u.why == Why::Refused)
        .map(|u| (u.rule.as_str(), u.alternative))
        .collect();
    assert!(refused.contains(&("r25", 3)), "{refused:?}");
    assert_eq!(set.covered, coverable(25) - 5, "{refused:?}");
    let refused_or_never_reached = set
        .uncovered
        .iter()
        .filter(|u| matches!(u.why, Why::Refused | Why::Limit))
        .count();
    assert_eq!(refused_or_never_reached, 5, "{:?}", set.uncovered);
}

/// Other cycles: the ring of 25 rules, arithmetic through groups
/// (`factor` back to `expr`), and RFC 8259's JSON, whose escapes are
/// reached through `value`, `object`, `member` and `string`.
#[test]
fn cover_takes_every_alternative_of_other_cyclic_grammars() {
    let ring: String = (0..25)
        .map(|i| format!("r{i} = \"a{i}\" / \"(\" r{} \")\"\n", (i + 1) % 25))
        .collect();
    let arithmetic = "expr = term *( ( \"+\" / \"-\" ) term )\n\
                      term = factor *( ( \"*\" / \"/\" ) factor )\n\
                      factor = 1*DIGIT / \"(\" expr \")\" / \"-\" factor\n";
    let json = std::fs::read_to_string(format!(
        "{}/benches/earley_linear.rs",
        concat!(env!("CARGO_MANIFEST_DIR"), "/../..")
    ))
    .unwrap();
    let json = json
        .split("const JSON: &str = r#\"")
        .nth(1)
        .and_then(|rest| rest.split("\"#;").next())
        .unwrap()
        .to_string();
    for (text, rule, total) in [
        (ring, "r0", 50),
        (arithmetic.to_string(), "expr", 7),
        (json, "JSON-text", 38),
    ] {
        let grammar = LoadedGrammar::load(&[AbnfFile::new("cyclic.abnf", text)]).unwrap();
        let decider = grammar.decider(rule).unwrap();
        let set = Generator::new(&grammar, 9).cover(rule, 100).unwrap();
        assert_eq!((set.covered, set.total), (total, total), "{rule}");
        assert!(set.uncovered.is_empty(), "{rule}: {:?}", set.uncovered);
        for m in &set.members {
            assert!(
                decider.decide(&m.text).unwrap().accepted,
                "{rule}: {}",
                m.text
            );
        }
    }
}
