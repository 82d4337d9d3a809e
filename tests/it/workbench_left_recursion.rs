//! Left-recursive ABNF loaded by the workbench: a left-recursive list
//! decided as its right-recursive and repeated equivalents are (on their
//! members and near-misses), left recursion found wherever abnf-oracle
//! finds it (on random grammars), and indirect left recursion. The
//! commands' side is crates/cli/tests/it/workbench_cli_drafts.rs. Sample count:
//! XIRI_WORKBENCH_SAMPLES (members and near-misses, each; default 300).

use crate::common;

use common::Rng;
use xiri::workbench::{near_misses, rules, AbnfFile, Engine, Generator, LoadedGrammar, RuleKind};

fn load(text: &str) -> LoadedGrammar {
    LoadedGrammar::load(&[AbnfFile::new("g.abnf", text)]).unwrap_or_else(|e| panic!("{e}"))
}

const LEFT: &str = "list = list \",\" item / item\nitem = 1*DIGIT / \"(\" list \")\"\n";
const RIGHT: &str = "list = item \",\" list / item\nitem = 1*DIGIT / \"(\" list \")\"\n";
const REPEATED: &str = "list = item *(\",\" item)\nitem = 1*DIGIT / \"(\" list \")\"\n";

#[test]
fn a_left_recursive_list_agrees_with_its_right_recursive_equivalent() {
    let n = common::env_number("XIRI_WORKBENCH_SAMPLES", 300);
    let (left, right, repeated) = (load(LEFT), load(RIGHT), load(REPEATED));
    let l = left.decider("list").unwrap();
    let r = right.decider("list").unwrap();
    let p = repeated.decider("list").unwrap();
    assert_eq!(
        l.engine(),
        Engine::Earley,
        "only the Earley parser takes it"
    );
    assert_eq!(
        p.engine(),
        Engine::Automaton,
        "recursive through brackets only"
    );
    assert!(right.left_recursion("list").is_none() && left.left_recursion("list").is_some());

    let mut generator = Generator::new(&right, 7);
    let mut samples: Vec<String> = (0..n)
        .map(|_| generator.member("list").unwrap().text)
        .collect();
    samples.extend(
        near_misses(&r, &mut generator, n)
            .unwrap()
            .into_iter()
            .map(|m| m.text),
    );
    samples.extend(
        generator
            .cover("list", n)
            .unwrap()
            .members
            .into_iter()
            .map(|m| m.text),
    );
    let (mut accepted, mut refused) = (0, 0);
    for s in &samples {
        let (a, b, c) = (
            l.decide(s).unwrap(),
            r.decide(s).unwrap(),
            p.decide(s).unwrap(),
        );
        assert_eq!(
            (a.accepted, a.offset),
            (b.accepted, b.offset),
            "left and right recursion on {s:?}"
        );
        assert_eq!(
            (a.accepted, a.offset),
            (c.accepted, c.offset),
            "and the repetition on {s:?}"
        );
        if a.accepted {
            accepted += 1;
        } else {
            refused += 1;
        }
    }
    assert!(
        accepted >= n && refused >= n / 2,
        "{accepted} accepted, {refused} refused"
    );
    // Members of the left-recursive rule are its trees' texts: a list of
    // three items has exactly one derivation.
    let forest = l.parse("1,(2,3),4").unwrap().unwrap();
    assert_eq!(forest.count(10), 1);
}

#[test]
fn indirect_left_recursion_is_a_cycle_of_rules() {
    let g = load("a = b \"x\" / \"y\"\nb = a \"z\" / \"w\"\nc = a / \"c\"\nd = 1*DIGIT\n");
    let report = rules(&g, &["c"]);
    let kinds: Vec<&RuleKind> = report.rules.iter().map(|r| &r.kind).collect();
    let cycle = vec!["a".to_string(), "b".to_string()];
    assert_eq!(
        kinds,
        [
            &RuleKind::LeftRecursive {
                cycle: cycle.clone(),
                length: 2
            },
            &RuleKind::LeftRecursive { cycle, length: 2 },
            &RuleKind::ReachesLeftRecursion("a".into()),
            &RuleKind::Regular,
        ]
    );
    assert_eq!(
        report.rules[0].kind.to_string(),
        "left-recursive: a -> b -> a"
    );
    let findings: Vec<(&str, Option<&str>)> = report
        .diagnostics
        .iter()
        .map(|d| (d.kind, d.rule.as_deref()))
        .collect();
    assert_eq!(
        findings,
        [("left-recursion", Some("a")), ("unused", Some("d"))]
    );
    let d = g.decider("c").unwrap();
    for (input, ok) in [
        ("y", true),
        ("wx", true),
        ("yzx", true),
        ("wxzx", true),
        ("c", true),
        ("yz", false),
    ] {
        assert_eq!(d.decide(input).unwrap().accepted, ok, "{input}");
    }
    // What reaches no left recursion is still abnf-oracle's, and generates.
    assert_eq!(g.decider("d").unwrap().engine(), Engine::Automaton);
    assert!(Generator::new(&g, 1).member("d").is_ok());
    assert!(Generator::new(&g, 1).member("c").is_err());
}

/// A random grammar of four rules, every one defined.
fn random_grammar(rng: &mut Rng) -> String {
    let atoms = [
        "a",
        "b",
        "c",
        "d",
        "\"x\"",
        "\"\"",
        "[a]",
        "[b]",
        "*c",
        "0*0a",
        "1*b",
        "DIGIT",
        "LWSP",
        "%x79",
        "(c / \"q\")",
    ];
    let mut text = String::new();
    for rule in ["a", "b", "c", "d"] {
        let branches: Vec<String> = (0..1 + rng.below(3))
            .map(|_| {
                let mut items: Vec<&str> = (0..1 + rng.below(3))
                    .map(|_| atoms[rng.below(atoms.len())])
                    .collect();
                // Half the branches begin with a character, so that about
                // as many grammars have left recursion as have none.
                if rng.below(2) == 0 {
                    items.insert(0, "\"t\"");
                }
                items.join(" ")
            })
            .collect();
        text.push_str(&format!("{rule} = {}\n", branches.join(" / ")));
    }
    text
}

#[test]
fn left_recursion_is_found_wherever_abnf_oracle_finds_it() {
    let mut rng = Rng(0x5eed_1ef7);
    let (mut with, mut without) = (0, 0);
    for _ in 0..500 {
        let text = random_grammar(&mut rng);
        let oracle = abnf_oracle::Grammar::parse(&text).unwrap().check();
        // abnf-oracle refuses only left recursion here; the workbench loads
        // it, and abnf-oracle checks the rest.
        let g = load(&text);
        let names = ["a", "b", "c", "d"];
        for name in names {
            assert_eq!(
                g.left_recursion(name).is_none(),
                g.checked()
                    .rule(name)
                    .is_some_and(|r| r.name.as_str() == name),
                "{name} is checked by abnf-oracle or meets left recursion in\n{text}"
            );
        }
        // The warnings for authors (issue 26) that random grammars meet:
        // `0*0a`, `*( "" )`.
        let found: Vec<&str> = g
            .diagnostics()
            .iter()
            .map(|d| d.kind)
            .filter(|k| !["zero-repeat", "nullable-repeat"].contains(k))
            .collect();
        match oracle {
            Ok(_) => {
                without += 1;
                assert!(
                    names.iter().all(|n| g.left_recursion(n).is_none()),
                    "{text}"
                );
                assert!(found.is_empty(), "{text}");
            }
            Err(errors) => {
                with += 1;
                for e in errors.iter() {
                    let abnf_oracle::CheckError::LeftRecursion { cycle } = e else {
                        panic!("only left recursion: {e}\n{text}");
                    };
                    for rule in cycle {
                        let found = g.left_recursion(rule).unwrap();
                        assert!(found.on_cycle, "{rule} of {cycle:?} in\n{text}");
                    }
                }
                assert_eq!(found.first(), Some(&"left-recursion"), "{text}");
            }
        }
    }
    assert!(
        with > 100 && without > 100,
        "{with} with, {without} without"
    );
}

/// A ring of rules, each left-recursive through the next: every rule of
/// it showed the whole ring (2,000 rules: `rules` printed 33 MB, issue
/// 41). Each shows its first `CYCLE_SHOWN` rules and how many more; the
/// grammar's one `left-recursion` warning names every rule, once.
#[test]
fn a_ring_of_left_recursive_rules_is_named_in_full_once() {
    use xiri::workbench::CYCLE_SHOWN;
    let n = 300;
    let text: String = (0..n)
        .map(|i| format!("r{i} = r{} \"a\" / \"b\"\n", (i + 1) % n))
        .collect();
    let g = load(&text);
    let report = rules(&g, &[]);
    assert_eq!(report.rules.len(), n);
    for r in &report.rules {
        let RuleKind::LeftRecursive { cycle, length } = &r.kind else {
            panic!("{}: {}", r.name, r.kind);
        };
        assert_eq!((cycle.len(), *length), (CYCLE_SHOWN, n), "{}", r.name);
        assert_eq!(
            r.kind.to_string(),
            format!(
                "left-recursive: r0 -> r1 -> r2 -> r3 -> r4 -> r5 -> r6 -> r7 -> ... ({} more) -> r0 \
                 (a cycle of {n} rules)",
                n - CYCLE_SHOWN
            )
        );
    }
    let warnings: Vec<_> = report
        .diagnostics
        .iter()
        .filter(|d| d.kind == "left-recursion")
        .collect();
    assert_eq!(warnings.len(), 1);
    let whole: Vec<String> = (0..n)
        .map(|i| format!("r{i}"))
        .chain(["r0".into()])
        .collect();
    assert!(
        warnings[0]
            .message
            .starts_with(&format!("`r0` is left-recursive ({}):", whole.join(" -> "))),
        "{}",
        warnings[0].message
    );
    // A rule reaching the ring names the rule it reaches, not the ring.
    let g = load(&format!("top = \"x\" r5\n{text}"));
    let top = g.left_recursion("top").unwrap();
    assert_eq!(
        (top.rule.as_str(), top.cycle.len(), top.length),
        ("r5", CYCLE_SHOWN, n)
    );
}

/// A ring with a chord from each rule back to the first (`ri = r{i+1} "a"
/// / r0 "c" / "b"`): one set of rules that begin with one another, with a
/// cycle through each rule as long as its place in the ring. A warning a
/// cycle, each in full, was quadratic in the grammar (issue 41: 200 KB
/// printed 166 MB); it is one warning, naming a shortest cycle through
/// `r0` and the first rules of the set, and each rule shows the first
/// rules of a cycle through itself.
#[test]
fn a_ring_with_chords_is_one_warning_naming_its_rules() {
    use xiri::workbench::CYCLE_SHOWN;
    let n = 300;
    let mut text = "r0 = r1 \"a\" / \"b\"\n".to_string();
    for i in 1..n {
        text.push_str(&format!(
            "r{i} = r{} \"a\" / r0 \"c\" / \"b\"\n",
            (i + 1) % n
        ));
    }
    let g = load(&text);
    let report = rules(&g, &[]);
    let warnings: Vec<_> = report
        .diagnostics
        .iter()
        .filter(|d| d.kind == "left-recursion")
        .collect();
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(
        warnings[0].message.starts_with(&format!(
            "`r0` is left-recursive (r0 -> r1 -> r0); {n} rules begin with one another through it \
             (r0, r1, r2, r3, r4, r5, r6, r7, ... ({} more): `rules` gives a cycle through each): ",
            n - CYCLE_SHOWN
        )),
        "{}",
        warnings[0].message
    );
    for (i, r) in report.rules.iter().enumerate().skip(2) {
        let RuleKind::LeftRecursive { cycle, length } = &r.kind else {
            panic!("{}: {}", r.name, r.kind);
        };
        // ri -> r0 -> r1 -> ... -> r(i-1) -> ri.
        let walk: Vec<String> = [i]
            .into_iter()
            .chain(0..i)
            .map(|j| format!("r{j}"))
            .collect();
        assert_eq!(*length, i + 1, "{}", r.name);
        assert_eq!(cycle[..], walk[..walk.len().min(CYCLE_SHOWN)], "{}", r.name);
    }
}
