//! The Earley parser (crates/workbench/src/earley/) held to the ABNF.
//!
//! For every rule of every grammar of the library (the effective ABNF of
//! `Grammar::abnf`: RFC 3986, RFC 3987, 3987bis over 3987, the LEIRI Note,
//! XRI 2.0 Appendix A with xri-balanced.abnf's `xref` in place of
//! Appendix A's, which `Grammar::abnf` does by dropping the earlier
//! definition) and of XRI's Appendix A as printed (grammar/xri.abnf
//! alone), on members abnf-oracle generates and near-misses of them (a
//! character inserted, deleted or replaced) and the empty string:
//!
//! - the verdict is abnf-oracle's (inputs it cannot decide are skipped
//!   and counted);
//! - a refusal's offset is a character boundary, and its expected set is
//!   not empty;
//! - a member's first tree spans it, with children in order inside their
//!   parent.
//!
//! For every rule the engine compiles (`Rule::automaton`), on the same
//! inputs: the same verdict, the same refusal offset (both the longest
//! prefix some member starts with) and the same expected set (but for
//! the "(" of an XRI cross-reference, which the engine names `xref`).
//!
//! On random grammars over four rules (alternation, concatenation,
//! repetitions with every kind of bound, options, strings of both cases
//! and `%s`, ranges, numeric concatenations, empty strings, recursion; the
//! ones abnf-oracle checks), on members and short strings: the verdict is
//! abnf-oracle's, and a member's tree is well formed.
//!
//! Then, by hand: ambiguity, tree shapes, counts, cyclic grammars, errors,
//! and inputs nested 10 000 deep on a 256 KB stack. The 10 KB XRI inputs
//! and 100 000-deep nesting are timed by the tests marked `#[ignore]`
//! (`cargo test --release --all-features --test it earley:: -- --ignored --nocapture`).
//!
//! `XIRI_EARLEY_SAMPLES=N` sets how many members are generated per rule
//! (default 15, 50 with `XIRI_TEST_LONG=1`; each gets six near-misses), `XIRI_EARLEY_GRAMMARS=N` how
//! many random grammars (default 600, 3 000 with `XIRI_TEST_LONG=1`; 20
//! inputs each),
//! `XIRI_EARLEY_SEED=S` the seed.

use crate::common;

use abnf_oracle::CheckedGrammar;
use common::abnf::{near_misses, oracle, paren_depth, verdict, Generation, Generators};
use common::Rng;
use std::collections::BTreeSet;
use std::sync::OnceLock;
use std::time::Instant;
use xiri::workbench::earley::{Earley, EarleyError, FailureKind, Tree, TreeKind};
use xiri::{Grammar, MAX_NESTING};

fn samples() -> usize {
    common::samples("XIRI_EARLEY_SAMPLES", 15, 50)
}

fn seed() -> u64 {
    common::env_number("XIRI_EARLEY_SEED", 0xea_41e7)
}

/// A grammar, checked, with inputs for each of its rules abnf-oracle can
/// recognize.
struct Fixture {
    name: String,
    checked: CheckedGrammar,
    rules: Vec<Case>,
}

struct Case {
    rule: String,
    members: Vec<String>,
    /// The empty string and near-misses of the members.
    near: Vec<String>,
}

impl Case {
    fn inputs(&self) -> impl Iterator<Item = &String> {
        self.members.iter().chain(&self.near)
    }
}

/// The grammars: the library's five, and XRI's Appendix A as printed.
const NAMES: [&str; 6] = ["uri", "iri", "iri-bis", "leiri", "xri", "xri-appendix-a"];

fn abnf(name: &str) -> String {
    match name {
        "xri-appendix-a" => {
            std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/grammar/xri.abnf"))
                .expect("grammar/xri.abnf")
        }
        _ => name.parse::<Grammar>().expect("a grammar").abnf(),
    }
}

fn fixture(name: &str) -> &'static Fixture {
    static FIXTURES: [OnceLock<Fixture>; 6] = [const { OnceLock::new() }; 6];
    let at = NAMES.iter().position(|&n| n == name).expect("a known name");
    FIXTURES[at].get_or_init(|| {
        let text = abnf(name);
        let checked = oracle(&text);
        let generation = Generation::new(&text);
        let mut rng = Rng(seed() ^ (at as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15));
        let mut rules = Vec::new();
        for rule in checked.rules() {
            let rule = rule.name.as_str().to_string();
            if checked.can_recognize(&rule).is_err() {
                continue;
            }
            let mut generators = Generators::new(&generation.grammar, &mut rng);
            let members: Vec<String> = (0..samples())
                .filter_map(|i| generators.generate(i, &rule))
                .map(|m| generation.repair(m, &mut rng))
                .collect();
            let mut near = vec![String::new()];
            for m in &members {
                near.extend(near_misses(m, &mut rng));
            }
            rules.push(Case {
                rule,
                members,
                near,
            });
        }
        Fixture {
            name: name.to_string(),
            checked,
            rules,
        }
    })
}

/// Counts and failures of one test.
#[derive(Default)]
struct Tally {
    checked: usize,
    skipped: usize,
    failures: Vec<String>,
}

impl Tally {
    fn finish(self, what: &str, started: Instant) {
        eprintln!(
            "{what}: {} inputs checked, {} skipped, in {:.1} s",
            self.checked,
            self.skipped,
            started.elapsed().as_secs_f64()
        );
        assert!(
            self.failures.is_empty(),
            "{what}: {} failures, the first ones:\n{}",
            self.failures.len(),
            self.failures[..self.failures.len().min(20)].join("\n")
        );
        assert!(self.checked >= 100, "{what}: too few inputs");
    }
}

/// Whether a tree's nodes each lie within their parent, in order.
fn well_formed(tree: &Tree, input: &str) -> bool {
    let mut ok = tree.start <= tree.end && tree.end <= input.len();
    for (_, t) in tree.walk() {
        let mut at = t.start;
        for c in &t.children {
            ok &= at <= c.start && c.start <= c.end && c.end <= t.end;
            at = c.end;
        }
    }
    ok
}

fn agrees_with_the_oracle(name: &str) {
    let started = Instant::now();
    let f = fixture(name);
    let mut tally = Tally::default();
    for case in &f.rules {
        let earley = match Earley::new(&f.checked, &case.rule) {
            Ok(e) => e,
            Err(e) => {
                tally.failures.push(format!("{}: {e}", case.rule));
                continue;
            }
        };
        for (k, input) in case.inputs().enumerate() {
            let Some(expected) = verdict(&f.checked, &case.rule, input) else {
                tally.skipped += 1;
                continue;
            };
            tally.checked += 1;
            let got = earley.recognize(input);
            if got.is_ok() != expected {
                tally.failures.push(format!(
                    "{} on {input:?}: abnf-oracle says {expected}, Earley {got:?}",
                    case.rule
                ));
                continue;
            }
            if let Err(refusal) = &got {
                let o = refusal.offset;
                if o > input.len() || !input.is_char_boundary(o) || refusal.expected.is_empty() {
                    tally
                        .failures
                        .push(format!("{} on {input:?}: {refusal:?}", case.rule));
                }
            } else if k < case.members.len() {
                let tree = earley.parse(input).map(|forest| forest.tree());
                match tree {
                    Ok(t) if t.end == input.len() && t.start == 0 && well_formed(&t, input) => {}
                    other => tally
                        .failures
                        .push(format!("{} on {input:?}: tree {other:?}", case.rule)),
                }
            }
        }
    }
    tally.finish(&format!("{} against abnf-oracle", f.name), started);
}

fn agrees_with_the_engine(name: &str) {
    let started = Instant::now();
    let grammar: Grammar = name.parse().expect("a grammar");
    let f = fixture(name);
    let mut tally = Tally::default();
    for rule in grammar.productions() {
        let Some(automaton) = rule.automaton() else {
            continue;
        };
        let Some(case) = f.rules.iter().find(|c| c.rule == rule.name()) else {
            continue;
        };
        let earley = Earley::new(&f.checked, rule.name()).expect("compiles");
        for input in case.inputs() {
            // Beyond the engine's nesting limit the ABNF, not the engine,
            // decides.
            if grammar == Grammar::Xri && paren_depth(input) > MAX_NESTING {
                tally.skipped += 1;
                continue;
            }
            tally.checked += 1;
            match (automaton.check(input), earley.recognize(input)) {
                (Ok(()), Ok(())) => {}
                (Err(a), Err(b)) => {
                    // The engine names the "(" of a cross-reference after
                    // the rule whose whole body the bracket pair is (its
                    // calls, for XRI's recursion); Earley after the string.
                    let ea: BTreeSet<&str> = a
                        .expected
                        .iter()
                        .map(|e| if e == "xref" { "\"(\"" } else { e.as_ref() })
                        .collect();
                    let eb: BTreeSet<&str> = b.expected.iter().map(String::as_str).collect();
                    if a.offset != b.offset || ea != eb {
                        tally.failures.push(format!(
                            "{} on {input:?}: engine {} {:?}, Earley {} {:?}",
                            case.rule, a.offset, a.expected, b.offset, b.expected
                        ));
                    }
                }
                (a, b) => tally.failures.push(format!(
                    "{} on {input:?}: engine {a:?}, Earley {b:?}",
                    case.rule
                )),
            }
        }
    }
    tally.finish(&format!("{} against the engine", f.name), started);
}

macro_rules! per_grammar {
    ($($oracle:ident, $engine:ident, $name:literal;)*) => {$(
        #[test]
        fn $oracle() {
            agrees_with_the_oracle($name);
        }

        #[test]
        fn $engine() {
            agrees_with_the_engine($name);
        }
    )*};
}

per_grammar! {
    uri_agrees_with_the_oracle, uri_agrees_with_the_engine, "uri";
    iri_agrees_with_the_oracle, iri_agrees_with_the_engine, "iri";
    iri_bis_agrees_with_the_oracle, iri_bis_agrees_with_the_engine, "iri-bis";
    leiri_agrees_with_the_oracle, leiri_agrees_with_the_engine, "leiri";
    xri_agrees_with_the_oracle, xri_agrees_with_the_engine, "xri";
}

#[test]
fn xri_appendix_a_agrees_with_the_oracle() {
    agrees_with_the_oracle("xri-appendix-a");
}

/// Compiles `rule` of `text`, or panics.
fn earley(text: &str, rule: &str) -> Earley {
    Earley::from_abnf(text, rule).unwrap_or_else(|e| panic!("{rule}: {e}"))
}

/// A rule of the library's grammar `name` (its effective ABNF).
fn library(name: &str, rule: &str) -> Earley {
    Earley::new(&fixture(name).checked, rule).unwrap_or_else(|e| panic!("{rule}: {e}"))
}

/// The rules of a tree, in pre-order, indented by depth.
fn shape(tree: &Tree) -> Vec<String> {
    tree.walk()
        .map(|(d, t)| format!("{}{}", "  ".repeat(d), t.rule))
        .collect()
}

#[test]
fn an_xri_authority_that_is_also_an_iri_authority_is_ambiguous() {
    let xri = library("xri", "XRI-reference");
    let forest = xri.parse("@example").expect("a member");
    assert_eq!(forest.count(100), 2);
    let (one, two) = forest.ambiguity().expect("two trees");
    assert_ne!(one, two);
    assert_eq!(
        (one.rule.as_str(), one.start, one.end),
        ("xri-hier-part", 0, 8)
    );
    assert_eq!(
        (two.rule.as_str(), two.start, two.end),
        ("xri-hier-part", 0, 8)
    );
    let uses = |t: &Tree, rule: &str| t.walk().any(|(_, n)| n.rule == rule);
    assert!(uses(&one, "xri-authority") != uses(&two, "xri-authority"));
    assert!(uses(&one, "iauthority") != uses(&two, "iauthority"));
    let (trees, more) = forest.trees(10);
    assert_eq!((trees.len(), more), (2, false));
}

#[test]
fn unambiguous_inputs_have_one_tree() {
    let uri = library("uri", "URI-reference");
    for input in [
        "http://a/b?c#d",
        "//host:80/p",
        "a:b",
        "../x",
        "",
        "mailto:x@y",
    ] {
        let forest = uri.parse(input).expect("a member");
        assert_eq!(forest.count(10), 1, "{input}");
        assert!(forest.ambiguity().is_none(), "{input}");
        let (trees, more) = forest.trees(5);
        assert_eq!((trees.len(), more), (1, false), "{input}");
        assert_eq!(trees[0], forest.tree());
    }
}

#[test]
fn a_left_recursive_sum_has_two_trees_on_three_terms() {
    let e = earley("e = e \"+\" e / \"x\"\n", "e");
    let forest = e.parse("x+x+x").expect("a member");
    assert_eq!(forest.count(100), 2);
    let (trees, more) = forest.trees(10);
    assert!(!more);
    let shapes: BTreeSet<Vec<String>> = trees.iter().map(shape).collect();
    let left = ["e", "  e", "    e", "    e", "  e"]
        .map(String::from)
        .to_vec();
    let right = ["e", "  e", "  e", "    e", "    e"]
        .map(String::from)
        .to_vec();
    assert_eq!(shapes, BTreeSet::from([left, right]));
    let (one, two) = forest.ambiguity().expect("ambiguous");
    assert_ne!(one, two);
    assert_eq!(e.parse("x+x").expect("a member").count(100), 1);
    assert_eq!(e.parse("x+x+x+x").expect("a member").count(100), 5);
    assert!(e.parse("x+x+x+x").expect("a member").ambiguity().is_some());
}

#[test]
fn a_tree_has_a_node_per_named_rule() {
    let text =
        "uri = scheme \":\" *( \"/\" seg )\nscheme = ALPHA *( ALPHA / DIGIT )\nseg = *%x61-7A\n";
    let e = earley(text, "uri");
    let input = "h2:/ab/";
    let tree = e.parse(input).expect("a member").tree();
    assert_eq!(
        tree.display(input).to_string(),
        "uri [0..7] \"h2:/ab/\"\n  scheme [0..2] \"h2\"\n    ALPHA [0..1] \"h\"\n    \
         DIGIT [1..2] \"2\"\n  seg [4..6] \"ab\"\n  seg [7..7] \"\"\n"
    );
    assert!(tree.walk().all(|(_, t)| t.kind == TreeKind::Rule));
    assert_eq!(tree.clone(), tree);
}

#[test]
fn groups_that_split_text_differently_are_told_apart_in_detail() {
    let e = earley("a = *\"x\" *\"x\"\n", "a");
    let forest = e.parse("xx").expect("a member");
    assert_eq!(forest.count(100), 3);
    assert_eq!(forest.trees(10), (vec![forest.tree()], false));
    let (one, two) = forest.ambiguity().expect("three derivations");
    assert_ne!(one, two);
    assert!(one.walk().any(|(_, t)| t.kind == TreeKind::Group));
    assert!(one
        .walk()
        .any(|(_, t)| t.kind == TreeKind::Terminal && t.rule == "\"x\""));
}

#[test]
fn cyclic_grammars_have_infinitely_many_derivations() {
    // `a` derives itself: every tree a(a(...a...)) is one.
    let e = earley("a = a / \"x\"\n", "a");
    let forest = e.parse("x").expect("a member");
    assert_eq!(forest.count(10), 10);
    assert_eq!(forest.count(u64::MAX), u64::MAX);
    let (trees, more) = forest.trees(3);
    assert!(more);
    let depths: Vec<usize> = trees.iter().map(|t| t.walk().count()).collect();
    assert_eq!(depths, [1, 2, 3]);
    assert_eq!(forest.tree().walk().count(), 1);
    assert!(forest.ambiguity().is_some());
    assert!(e.recognize("xx").is_err());
    // A repetition of something nullable: as many empty rounds as one likes.
    let e = earley("a = *[\"x\"]\n", "a");
    let forest = e.parse("xx").expect("a member");
    assert_eq!(forest.count(7), 7);
    assert_eq!(forest.trees(5).0.len(), 1);
    let (one, two) = forest.ambiguity().expect("ambiguous");
    assert_ne!(one, two);
}

#[test]
fn strings_fold_ascii_case_unless_percent_s() {
    let e = earley("a = \"Ab\" %s\"Cd\" %i\"ef\"\n", "a");
    assert!(e.recognize("aBCdEF").is_ok());
    assert!(e.recognize("abCdef").is_ok());
    let f = e.recognize("aBcdEF").unwrap_err();
    assert_eq!(
        (f.offset, f.expected.as_slice()),
        (2, &["%s\"Cd\"".to_string()][..])
    );
    // ASCII case only.
    let e = earley("a = \"k\"\n", "a");
    assert!(
        e.recognize("\u{212a}").is_err(),
        "the Kelvin sign is not a K"
    );
}

#[test]
fn offsets_are_bytes_and_values_are_scalars() {
    let e = earley("a = %xE9 1*%x1F600-1F64F \"x\"\n", "a");
    assert!(e.recognize("é😀😁x").is_ok());
    let f = e.recognize("é😀y").unwrap_err();
    assert_eq!(f.offset, 6);
    assert_eq!(f.expected, ["\"x\"", "%x1F600-1F64F"]);
    let input = "é😀x";
    let tree = e.parse(input).expect("a member").tree();
    assert_eq!((tree.start, tree.end, tree.text(input)), (0, 7, input));
}

#[test]
fn what_derives_nothing_is_never_expected() {
    // `b` never ends, and no scalar value is above U+10FFFF.
    let e = earley("a = \"x\" b / \"y\" / %x110000\nb = \"z\" b\n", "a");
    let f = e.recognize("xz").unwrap_err();
    assert_eq!(
        (f.offset, f.expected.as_slice()),
        (0, &["\"y\"".to_string()][..])
    );
    assert!(matches!(
        Earley::from_abnf("a = \"x\" a\n", "a"),
        Err(EarleyError::Empty(r)) if r == "a"
    ));
}

#[test]
fn a_refusal_says_what_was_under_way() {
    let uri = library("uri", "IPv6address");
    let f = uri.recognize("1:2:3:4:5:6:7:8:9").unwrap_err();
    assert_eq!(f.kind, FailureKind::Rejected);
    assert_eq!(f.offset, 15);
    assert_eq!(f.expected, ["end of input", "HEXDIG"]);
    let shown: Vec<String> = f.trace.iter().map(ToString::to_string).collect();
    assert!(
        shown.contains(&"h16 [14]: 1*4•HEXDIG".to_string()),
        "{shown:#?}"
    );
    let empty = uri.recognize("").unwrap_err();
    assert_eq!(empty.offset, 0);
    assert!(
        empty.expected.contains(&"\"::\"".to_string()),
        "{:?}",
        empty.expected
    );
    assert!(!empty.trace.is_empty());
}

#[test]
fn errors() {
    assert_eq!(
        Earley::from_abnf("a = \"x\"\n", "b").unwrap_err(),
        EarleyError::UnknownRule("b".into())
    );
    assert_eq!(
        Earley::from_abnf("a = b\nb = \"x\" / <anything>\n", "a").unwrap_err(),
        EarleyError::Prose {
            rule: "b".into(),
            prose: "anything".into()
        }
    );
    // A prose value behind a repetition of none is never reached.
    assert!(Earley::from_abnf("a = \"x\" 0<anything>\n", "a").is_ok());
    assert!(matches!(
        Earley::from_abnf("a = 99999\"x\"\n", "a"),
        Err(EarleyError::TooLarge(_))
    ));
    assert!(matches!(
        Earley::from_abnf("a = *99999\"x\"\n", "a"),
        Err(EarleyError::TooLarge(_))
    ));
    assert!(matches!(
        Earley::from_abnf("a = \n", "a"),
        Err(EarleyError::Abnf(_))
    ));
    // Left recursion is taken; other errors still are errors.
    assert!(matches!(
        Earley::from_abnf("a = a \"x\" / b\n", "a"),
        Err(EarleyError::Abnf(m)) if m.contains("b")
    ));
    assert!(matches!(
        Earley::from_abnf("a = a \"x\" / \"y\"\na = \"z\"\n", "a"),
        Err(EarleyError::Abnf(_))
    ));
    let e = earley("a = a \"x\" / \"y\"\na =/ \"z\"\n", "A");
    assert!(e.recognize("zxx").is_ok() && e.recognize("yx").is_ok());
    assert_eq!(e.rule(), "a");
    // A core rule is a rule, and the user's names come first.
    assert!(earley("a = a DIGIT / DIGIT\nDIGIT = \"d\"\n", "a")
        .recognize("ddd")
        .is_ok());
    assert!(earley("a = a \"x\" / HEXDIG\n", "a")
        .recognize("Fxx")
        .is_ok());
    assert!(earley("a = \"x\"\n", "hexdig").recognize("e").is_ok());
}

#[test]
fn the_item_budget_bounds_a_run() {
    let e = earley("a = *\"x\"\n", "a").with_max_items(1_000);
    let f = e.recognize(&"x".repeat(10_000)).unwrap_err();
    assert_eq!(f.kind, FailureKind::TooLarge);
    assert!(f.offset < 10_000);
    assert!(e.recognize(&"x".repeat(100)).is_ok());
    let f = e.parse(&"x".repeat(400)).expect_err("too large");
    assert_eq!(f.kind, FailureKind::TooLarge);
}

/// Runs `f` on a thread with a 256 KB stack: anything that recursed once
/// per level of nesting would overflow it long before 10 000 levels.
fn on_a_small_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(f)
        .expect("a thread")
        .join()
        .expect("no overflow, no panic");
}

fn nested(open: &str, middle: &str, close: &str, n: usize) -> String {
    format!("{}{middle}{}", open.repeat(n), close.repeat(n))
}

fn deep_brackets(n: usize) {
    let e = earley("a = \"(\" a \")\" / \"x\"\n", "a");
    let input = nested("(", "x", ")", n);
    assert!(e.recognize(&input).is_ok());
    let forest = e.parse(&input).expect("a member");
    assert_eq!(forest.count(10), 1);
    assert!(forest.ambiguity().is_none());
    let tree = forest.tree();
    assert_eq!(tree.walk().count(), n + 1);
    assert_eq!(tree.walk().map(|(d, _)| d).max(), Some(n));
    // Printed, it is quadratic (indents), so only counted.
    struct Lines(usize);
    impl std::fmt::Write for Lines {
        fn write_str(&mut self, s: &str) -> std::fmt::Result {
            self.0 += s.matches('\n').count();
            Ok(())
        }
    }
    if n <= 10_000 {
        let mut lines = Lines(0);
        std::fmt::write(&mut lines, format_args!("{}", tree.display(&input))).expect("printed");
        assert_eq!(lines.0, n + 1);
    }
    assert_eq!(tree.clone(), tree);
    let f = e.recognize(&input[..input.len() - 1]).unwrap_err();
    assert_eq!(
        (f.offset, f.expected.as_slice()),
        (input.len() - 1, &["\")\"".to_string()][..])
    );
}

/// Cross-references nested `n` deep, in the effective XRI grammar, where
/// parentheses inside a cross-reference are balanced. (In Appendix A as
/// printed, every "(" may also begin an IRI authority's user info or host
/// that runs to the end of the input, so the sets grow with the depth:
/// quadratic, as for any parser that keeps every partial derivation.)
fn deep_cross_references(n: usize) {
    // About 200 forest nodes a level; a forest may take a fifth of the
    // bound.
    let xri = library("xri", "XRI-reference").with_max_items(2_000 * n);
    let input = nested("(", "@a", ")", n);
    assert!(xri.recognize(&input).is_ok());
    let forest = xri.parse(&input).expect("a member");
    // "@a" inside is an XRI authority or an IRI one; and the whole is also
    // an IRI authority, user info "((..." and host "a))...".
    assert_eq!(forest.count(10), 3);
    let tree = forest.tree();
    assert!(tree.walk().filter(|(_, t)| t.rule == "xref").count() == n);
    assert!(forest.ambiguity().is_some());
    let refused = format!("{input}#%");
    let f = xri.recognize(&refused).unwrap_err();
    assert_eq!(
        (f.offset, f.expected.as_slice()),
        (refused.len(), &["HEXDIG".to_string()][..])
    );
}

#[test]
fn ten_thousand_nested_brackets_on_a_small_stack() {
    on_a_small_stack(|| deep_brackets(10_000));
}

#[test]
fn ten_thousand_nested_cross_references_on_a_small_stack() {
    on_a_small_stack(|| deep_cross_references(10_000));
}

#[test]
#[ignore = "slow in a debug build: run with --release"]
fn deeper_nesting() {
    let started = Instant::now();
    on_a_small_stack(|| deep_brackets(50_000));
    eprintln!(
        "50 000 nested brackets: {:.2} s",
        started.elapsed().as_secs_f64()
    );
    let started = Instant::now();
    on_a_small_stack(|| deep_cross_references(100_000));
    eprintln!(
        "100 000 nested cross-references: {:.2} s",
        started.elapsed().as_secs_f64()
    );
}

/// XRIs of about `len` bytes: a long path of subsegments with
/// cross-references, a long IRI authority, and a long query.
fn long_xris(len: usize) -> Vec<(&'static str, String)> {
    let mut path = String::from("xri://@example");
    while path.len() < len {
        path.push_str("/*abc!def*(@x*y)!(http://a/b?c)");
    }
    let mut host = String::from("xri://user@");
    while host.len() < len {
        host.push_str("www.example.");
    }
    host.push_str("com/p");
    let mut query = String::from("=example*name/path?");
    while query.len() < len {
        query.push_str("key=va%20lue&");
    }
    vec![("path", path), ("host", host), ("query", query)]
}

#[test]
#[ignore = "timing: run with --release"]
fn ten_kilobytes_of_xri() {
    let xri = library("xri", "XRI-reference");
    for (what, input) in long_xris(10_000) {
        let started = Instant::now();
        assert!(xri.recognize(&input).is_ok(), "{what}");
        let recognized = started.elapsed();
        let started = Instant::now();
        let forest = xri.parse(&input).expect("a member");
        let parsed = started.elapsed();
        let started = Instant::now();
        let tree = forest.tree();
        let built = started.elapsed();
        let started = Instant::now();
        let count = forest.count(1_000_000);
        let ambiguous = forest.ambiguity().is_some();
        let analysed = started.elapsed();
        eprintln!(
            "{what}: {} bytes, recognize {:.0} ms, parse {:.0} ms, tree ({} nodes) {:.0} ms, \
             count ({count}) and ambiguity ({ambiguous}) {:.0} ms",
            input.len(),
            recognized.as_secs_f64() * 1e3,
            parsed.as_secs_f64() * 1e3,
            tree.walk().count(),
            built.as_secs_f64() * 1e3,
            analysed.as_secs_f64() * 1e3,
        );
        if !cfg!(debug_assertions) {
            assert!(recognized.as_secs_f64() < 1.0, "{what}: {recognized:?}");
            assert!(
                (parsed + built).as_secs_f64() < 1.0,
                "{what}: {parsed:?} {built:?}"
            );
        }
    }
}

/// A random element over the letters a, b, c and rules `r0`..`r3`, at
/// most `depth` deep.
fn random_element(rng: &mut Rng, depth: usize) -> String {
    let leaf = |rng: &mut Rng| match rng.below(9) {
        0 => "\"a\"".to_string(),
        1 => "\"Ab\"".to_string(),
        2 => "%s\"b\"".to_string(),
        3 => "%x61-62".to_string(),
        4 => "%x63.61".to_string(),
        5 => "\"\"".to_string(),
        _ => format!("r{}", rng.below(4)),
    };
    if depth == 0 {
        return leaf(rng);
    }
    match rng.below(6) {
        0 => {
            let n = 2 + rng.below(2);
            let parts: Vec<String> = (0..n).map(|_| random_element(rng, depth - 1)).collect();
            format!("({})", parts.join(" / "))
        }
        1 => {
            let n = 2 + rng.below(2);
            let parts: Vec<String> = (0..n).map(|_| random_element(rng, depth - 1)).collect();
            format!("({})", parts.join(" "))
        }
        2 => {
            let bounds = ["*", "1*", "*2", "2", "1*3", "0", "2*"][rng.below(7)];
            format!("{bounds}({})", random_element(rng, depth - 1))
        }
        3 => format!("[{}]", random_element(rng, depth - 1)),
        _ => leaf(rng),
    }
}

#[test]
fn random_grammars_agree_with_the_oracle() {
    let started = Instant::now();
    let mut rng = Rng(seed() ^ 0x5eed);
    let mut tally = Tally::default();
    let mut grammars = 0;
    let wanted = common::samples("XIRI_EARLEY_GRAMMARS", 600, 3_000);
    while grammars < wanted {
        let text: String = (0..4)
            .map(|i| format!("r{i} = {}\n", random_element(&mut rng, 3)))
            .collect();
        // Left recursion, which abnf-oracle refuses, and empty languages.
        let Ok(checked) = abnf_oracle::Grammar::parse(&text)
            .map_err(|_| ())
            .and_then(|g| g.check().map_err(|_| ()))
        else {
            continue;
        };
        let earley = match Earley::new(&checked, "r0") {
            Ok(e) => e,
            Err(EarleyError::Empty(_)) => continue,
            Err(e) => panic!("{text}: {e}"),
        };
        grammars += 1;
        // abnf-oracle 0.1.1's generator overflows its stack on some
        // grammars with unproductive rules (`r0 = "a" *r1`,
        // `r1 = r2 "b"`, `r2 = 1*("c" r1)`): members only from grammars
        // without any.
        let productive = checked
            .rules()
            .iter()
            .all(|r| checked.min_len(r.body).is_finite());
        let options = abnf_oracle::GenOptions {
            max_output_len: Some(300),
            ..abnf_oracle::GenOptions::default()
        };
        let mut generator = abnf_oracle::Generator::new(&checked, rng.next()).with_options(options);
        let mut inputs: Vec<String> = (0..5)
            .filter(|_| productive)
            .filter_map(|_| generator.generate("r0").ok())
            .collect();
        for _ in 0..15 {
            let len = rng.below(7);
            inputs.push(
                (0..len)
                    .map(|_| ['a', 'b', 'A', 'B', 'c'][rng.below(5)])
                    .collect(),
            );
        }
        for input in &inputs {
            let Some(expected) = verdict(&checked, "r0", input) else {
                tally.skipped += 1;
                continue;
            };
            let got = earley.recognize(input);
            if got.as_ref().is_err_and(|f| f.kind == FailureKind::TooLarge) {
                tally.skipped += 1;
                continue;
            }
            tally.checked += 1;
            if got.is_ok() != expected {
                tally.failures.push(format!(
                    "{text}on {input:?}: abnf-oracle {expected}, Earley {got:?}"
                ));
            } else if expected {
                match earley
                    .parse(input)
                    .map(|f| (f.tree(), f.trees(3), f.count(3)))
                {
                    Ok((t, (trees, _), count))
                        if well_formed(&t, input)
                            && !trees.is_empty()
                            && count >= trees.len() as u64 => {}
                    Err(f) if f.kind == FailureKind::TooLarge => {}
                    other => tally
                        .failures
                        .push(format!("{text}on {input:?}: {other:?}")),
                }
            }
        }
    }
    tally.finish(
        &format!("{grammars} random grammars against abnf-oracle"),
        started,
    );
}
