//! The parts, one at a time: what the ABNF is printed as, how repetitions
//! are expanded, character classes, nullable and unproductive rules,
//! which rules are units, the forest's cycles and counts.

use super::expr::{Cursor, Expr};
use super::grammar::TERM;
use super::*;

fn compile(text: &str, rule: &str) -> Earley {
    Earley::from_abnf(text, rule).unwrap_or_else(|e| panic!("{e}"))
}

/// The rendering of rule `a`'s body with the dot where `cursor` puts it.
fn rendered(text: &str, cursor: impl Fn(&Exprs) -> Option<Cursor>) -> String {
    let e = compile(text, "a");
    let x = &e.g.exprs;
    let body = x.rules[0].body;
    x.render(body, cursor(x))
}

#[test]
fn elements_print_as_abnf_oracle_prints_them() {
    let text = "a = *(\"/\" b) 2*4%x41-5A [b] 3b *2b 2*b (b / %s\"Q\") %x0D.0A\nb = \"x\"\n";
    assert_eq!(
        rendered(text, |_| None),
        "*(\"/\" b) 2*4%x41-5A [b] 3b *2b 2*b (b / %s\"Q\") %x0D.0A"
    );
}

fn find(x: &Exprs, f: &dyn Fn(&Expr) -> bool) -> Option<usize> {
    x.exprs.iter().position(f)
}

fn string(x: &Exprs) -> Option<usize> {
    find(
        x,
        &|e| matches!(e, Expr::Str { text, .. } if text == "xri://"),
    )
}

fn numbers(x: &Exprs) -> Option<usize> {
    find(x, &|e| {
        matches!(e, Expr::Num(abnf_oracle::NumVal::Concat(_)))
    })
}

fn slash(x: &Exprs) -> Option<usize> {
    find(x, &|e| matches!(e, Expr::Str { text, .. } if text == "/"))
}

fn body(x: &Exprs) -> Option<usize> {
    let repeat = find(x, &|e| matches!(e, Expr::Repeat { .. }))?;
    match x.get(repeat) {
        Some(Expr::Repeat { body, .. }) => Some(*body),
        _ => None,
    }
}

#[test]
fn a_dot_goes_before_an_element_or_inside_a_string() {
    let text = "a = \"xri://\" b %x0D.0A *(\"/\" b)\nb = \"x\"\n";
    let at = |f: fn(&Exprs) -> Option<usize>, n| move |x: &Exprs| Some(Cursor::Before(f(x)?, n));
    assert_eq!(
        rendered(text, at(string, 0)),
        "• \"xri://\" b %x0D.0A *(\"/\" b)"
    );
    assert_eq!(
        rendered(text, at(string, 3)),
        "\"xri•://\" b %x0D.0A *(\"/\" b)"
    );
    assert_eq!(
        rendered(text, at(numbers, 1)),
        "\"xri://\" b %x0D.•0A *(\"/\" b)"
    );
    assert_eq!(
        rendered(text, at(slash, 0)),
        "\"xri://\" b %x0D.0A *(• \"/\" b)"
    );
    assert_eq!(
        rendered(text, at(body, 0)),
        "\"xri://\" b %x0D.0A *•(\"/\" b)"
    );
    assert_eq!(
        rendered(text, |x| Some(Cursor::After(x.rules[0].body))),
        "\"xri://\" b %x0D.0A *(\"/\" b) •"
    );
}

#[test]
fn repetitions_take_exactly_their_bounds() {
    for (bounds, lo, hi) in [
        ("*", 0, None),
        ("2*", 2, None),
        ("*3", 0, Some(3)),
        ("2*4", 2, Some(4)),
        ("3", 3, Some(3)),
        ("0", 0, Some(0)),
        ("1*1", 1, Some(1)),
    ] {
        for body in ["\"x\"", "b", "(\"x\" / %x58)", "(b)"] {
            let e = compile(&format!("a = {bounds}{body} \"!\"\nb = \"x\"\n"), "a");
            for n in 0..8usize {
                let input = format!("{}!", "x".repeat(n));
                let member = n >= lo && hi.is_none_or(|h| n <= h);
                assert_eq!(
                    e.recognize(&input).is_ok(),
                    member,
                    "{bounds}{body} on {input}"
                );
                if member {
                    // One way to take n characters: no ambiguity from the
                    // expansion itself.
                    let forest = e.parse(&input).unwrap();
                    assert_eq!(forest.count(10), 1, "{bounds}{body} on {input}");
                }
            }
        }
    }
}

#[test]
fn character_classes_have_exact_ends() {
    let e = compile("a = %x41-5A / %xD7FF-E000 / %x10FFFF-110005 / \"b\"\n", "a");
    let ok = |c: char| e.recognize(&c.to_string()).is_ok();
    assert!(ok('A') && ok('Z') && !ok('@') && !ok('['));
    assert!(ok('\u{d7ff}') && ok('\u{e000}') && !ok('\u{d7fe}') && !ok('\u{e001}'));
    assert!(ok('\u{10ffff}') && !ok('\u{10fffe}'));
    assert!(ok('b') && ok('B'));
    let terms = &e.g.terms;
    assert!(terms.iter().all(|t| !t.name.is_empty()));
}

#[test]
fn nullable_rules_and_empty_strings() {
    let e = compile("a = b c \"\" d\nb = [\"x\"]\nc = *\"y\"\nd = 0\"z\"\n", "a");
    assert!(e.recognize("").is_ok());
    assert!(e.recognize("xyy").is_ok());
    assert!(e.recognize("z").is_err());
    let a = e.g.start;
    assert!(e.g.is_nullable(a));
    let tree = e.parse("").unwrap().tree();
    let rules: Vec<_> = tree.walk().map(|(_, t)| t.rule.as_str()).collect();
    assert_eq!(rules, ["a", "b", "c", "d"]);
}

#[test]
fn unproductive_productions_are_dropped() {
    let e = compile("a = \"x\" b / \"y\" / c\nb = \"z\" b\nc = %xD800\n", "a");
    // Only `"y"` is left of `a`.
    assert_eq!(e.g.firsts_of(e.g.start).len(), 1);
    let f = e.recognize("").unwrap_err();
    assert_eq!(f.expected, ["\"y\""]);
}

#[test]
fn unit_rules_are_the_engines() {
    let text = "a = pct b c d\npct = \"%\" HEXDIG HEXDIG\nb = ALPHA / pct / \":\"\nc = 1*4HEXDIG\nd = \"abcd\"\n";
    let e = compile(text, "a");
    let x = &e.g.exprs;
    let unit = |name: &str| {
        let r = x.rules.iter().position(|r| r.name == name).unwrap();
        e.g.unit[r]
    };
    assert!(unit("pct") && unit("b") && unit("HEXDIG") && unit("ALPHA"));
    assert!(!unit("a") && !unit("c") && !unit("d"));
    assert_eq!(e.recognize("").unwrap_err().expected, ["pct"]);
    assert_eq!(e.recognize("%").unwrap_err().expected, ["HEXDIG"]);
    assert_eq!(e.recognize("%41").unwrap_err().expected, ["b"]);
    assert_eq!(
        e.recognize("%41:A").unwrap_err().expected,
        ["\"abcd\"", "HEXDIG"]
    );
    assert_eq!(e.recognize("%41:Aabc").unwrap_err().expected, ["\"abcd\""]);
}

#[test]
fn symbols_are_tagged() {
    let e = compile("a = \"x\" b\nb = \"y\"\n", "a");
    let firsts = e.g.firsts_of(e.g.start);
    let first = firsts[0];
    assert!(e.g.dot_next(first) & TERM != 0);
    assert_eq!(e.g.dot_next(first + 1) & TERM, 0);
    assert_eq!(e.g.dot_next(first + 2), grammar::END);
}

#[test]
fn cycles_are_found_and_counts_multiply() {
    let parse = |text: &str, input: &str, f: &dyn Fn(&Forest)| {
        let e = compile(text, "a");
        let forest = e.parse(input).unwrap();
        f(&forest);
    };
    parse("a = a / \"x\"\n", "x", &|f| assert!(f.sppf.cyclic()));
    parse("a = *[\"x\"]\n", "x", &|f| assert!(f.sppf.cyclic()));
    parse("a = a \"+\" a / \"x\"\n", "x+x+x", &|f| {
        assert!(!f.sppf.cyclic());
        assert_eq!(f.count(100), 2);
    });
    // Compositions of 6 into parts of one and two: 13.
    parse("a = *b\nb = \"x\" / \"xx\"\n", "xxxxxx", &|f| {
        assert_eq!(f.count(100), 13);
        assert_eq!(f.trees(100).0.len(), 13);
        assert_eq!(f.trees(5), (f.trees(5).0, true));
    });
    // Two independent choices of two: four trees.
    parse("a = b b\nb = c / d\nc = \"x\"\nd = \"x\"\n", "xx", &|f| {
        assert_eq!(f.count(100), 4);
        let (trees, more) = f.trees(10);
        assert_eq!((trees.len(), more), (4, false));
        let (one, two) = f.ambiguity().unwrap();
        assert_eq!((one.rule.as_str(), one.end), ("b", 1));
        assert_eq!((two.rule.as_str(), two.end), ("b", 1));
    });
}

#[test]
fn trees_compare_clone_and_drop_without_recursion() {
    let mut deep = Tree {
        rule: "a".into(),
        start: 0,
        end: 0,
        children: Vec::new(),
        kind: TreeKind::Rule,
    };
    for _ in 0..200_000 {
        deep = Tree {
            rule: "a".into(),
            start: 0,
            end: 0,
            children: vec![deep],
            kind: TreeKind::Rule,
        };
    }
    let copy = deep.clone();
    assert_eq!(copy, deep);
    assert_eq!(copy.walk().count(), 200_001);
    let mut other = copy.clone();
    other.children.clear();
    assert_ne!(other, deep);
    assert_eq!(format!("{other:?}"), "a [0..0] Rule\n");
    drop(copy);
    drop(deep);
}

#[test]
fn units_are_worked_out_once_per_rule() {
    // Each rule is three alternatives of the next: followed naively, 3^40
    // paths.
    let mut text = String::from("a = r0\n");
    for i in 0..40 {
        text.push_str(&format!("r{i} = r{n} / r{n} / r{n}\n", n = i + 1));
    }
    text.push_str("r40 = \"x\"\n");
    let e = compile(&text, "a");
    assert!(e.recognize("x").is_ok());
}

/// The named rules that are regular get scanners, the recursive ones do
/// not; and recognizing with them agrees with recognizing without them
/// (sets of items only), on members and on refusals.
#[test]
fn regular_rules_are_scanned_and_agree_with_items() {
    let json = include_str!("../../../../tests/data/rfc8259.abnf");
    let e = compile(json, "JSON-text");
    let g = &e.g;
    let scanned: Vec<&str> = (0..g.labels.len())
        .filter(|&x| e.scanners().get(x as u32).is_some())
        .filter_map(|x| g.rule_of(x as u32))
        .map(|r| g.exprs.rule_name(r))
        .collect();
    for regular in ["string", "number", "ws", "begin-array", "value-separator"] {
        assert!(scanned.contains(&regular), "{regular}: {scanned:?}");
    }
    for recursive in ["value", "object", "array", "member", "JSON-text"] {
        assert!(!scanned.contains(&recursive), "{recursive}");
    }
    let inputs = [
        "[1, -2.5e+3, \"a\\u00e9\\n\", {\"k\" : [true, null]}]",
        " { } ",
        "[1,]",
        "\"open",
        "[\"\\x\"]",
        "",
    ];
    for input in inputs {
        let chars: Vec<char> = input.chars().collect();
        let accepted = |scan: bool| {
            let (chart, outcome) =
                chart::run(g, &chars, (false, scan.then(|| e.scanners())), 1_000_000);
            outcome == Outcome::Read && chart.accept.last() == Some(&true)
        };
        assert_eq!(accepted(true), accepted(false), "{input:?}");
    }
}
