//! `Structures` held to the builder (`measure.rs`).

use super::Structures;
use abnf_oracle::RuleId;

/// Each rule's verdict and reason, measured and built, without
/// brackets and with `(` `)`.
fn both(text: &str) -> Vec<(String, String)> {
    let g = abnf_oracle::Grammar::parse(text).unwrap().check().unwrap();
    let mut found = Vec::new();
    for brackets in [None, Some(('(', ')'))] {
        let structures = Structures::new(&g, brackets);
        for id in (0..g.rules().len() as u32).map(RuleId::User) {
            let built = format!("{:?}", super::super::structure(&g, id, brackets));
            found.push((format!("{:?}", structures.of(id)), built));
        }
    }
    found
}

/// At and past each limit, around recursion, prose, repetitions the
/// builder skips and groups between brackets, and on the built-in
/// grammars: what is measured is what is built.
#[test]
fn measuring_says_what_building_says() {
    let chain = |n: usize, last: &str| {
        let mut text: String = (0..n).map(|i| format!("r{i} = r{}\n", i + 1)).collect();
        text.push_str(&format!("r{n} = {last}\n"));
        text
    };
    let mut texts = vec![
        // 255 rules above a character: the first at 256 levels, the
        // second one past; then a group at the bottom.
        chain(255, "\"x\""),
        chain(256, "\"x\""),
        chain(254, "(\"x\" / \"y\")"),
        chain(3, "\"(\" r0 \")\" / \"z\""),
        chain(3, "\"(\" r0 \")\" / \"(\" \"z\" \")\" / r0"),
        // A group called from two rules, and from itself; chains closed
        // through a group, at the depth limit's edge; a group whose
        // middle reaches 256 levels, and one past.
        "a = \"(\" b \")\" c\nb = \"x\" / \"(\" b \")\"\nc = \"(\" b \")\"\n".into(),
        "a = \"(\" (\"(\" 9998\"x\" \")\" / a) \")\"\n".into(),
        // `a` builds the group around `x` once; `x` on its own inlines
        // `b`, then builds the group, `b` again: too large.
        "a = \"(\" x \")\" / \"y\"\nx = b / a\nb = 30c\nc = 9999\"x\"\n".into(),
        chain(255, "\"(\" r0 \")\""),
        chain(256, "\"(\" r0 \")\""),
        format!("a = \"(\" r0 \")\"\n{}", chain(254, "\"x\"")),
        format!("a = \"(\" r0 \")\"\n{}", chain(255, "\"x\"")),
        chain(3, "<prose>"),
        chain(3, "0*0r0 \"x\""),
        chain(3, "0r0 / 20001\"x\""),
        chain(3, "9999\"ab\" 2*\"c\" 1*3 \"d\""),
        // 400,000 states (the start, 39 times 10,000, then 9,998);
        // then one more.
        "a = 39b c\nb = 9999\"x\"\nc = 9997\"x\"\n".into(),
        "a = 39b c\nb = 9999\"x\"\nc = 9998\"x\"\n".into(),
        // The same with a call for `c` (the state after it, the
        // group's start, 9,995 characters and the loop's state).
        "a = 39b c\nb = 9999\"x\"\nc = \"(\" 9995\"x\" \")\"\n".into(),
        "a = 39b c\nb = 9999\"x\"\nc = \"(\" 9996\"x\" \")\"\n".into(),
        "a = b \"x\" / 1*b\nb = [ %x30-39.41 ] *c\nc = d d\nd = \"\"\n".into(),
    ];
    for grammar in crate::fixtures::GRAMMARS {
        texts.push(crate::fixtures::abnf(grammar));
    }
    let mut compared = 0;
    for text in &texts {
        let Ok(Ok(_)) = abnf_oracle::Grammar::parse(text).map(|g| g.check()) else {
            continue;
        };
        for (i, (measured, built)) in both(text).into_iter().enumerate() {
            assert_eq!(
                measured,
                built,
                "rule {i} of {}",
                &text[..text.len().min(200)]
            );
            compared += 1;
        }
    }
    assert!(compared > 1_000, "{compared}");
}

/// A rule that compiles with brackets tells nothing of the rules it
/// reaches: `a` builds the group around `x` once, `x` inlines `b` and
/// then builds the group, `b` again.
#[test]
fn a_rule_reached_from_one_that_compiles_may_be_too_large() {
    let text = "a = \"(\" x \")\" / \"y\"\nx = b / a\nb = 30c\nc = 9999\"x\"\n";
    let found: Vec<String> = both(text).into_iter().map(|(m, _)| m).collect();
    assert_eq!(found[4], "Ok(())");
    assert!(found[5].starts_with("Err(TooLarge"), "{}", found[5]);
}
