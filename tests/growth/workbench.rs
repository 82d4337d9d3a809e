//! Growth of the workbench's commands (`xiri::workbench`): loading,
//! classifying and drawing hostile grammars (issue 41).

use super::{grammars, grows_linearly};

/// A grammar of rules each reaching the next, or of many roots, loaded
/// and classified (`rules`): each rule was classified on its own, through
/// the whole grammar, and abnf-oracle's check took a pass a rule of a
/// chain (issue 41). A chain beside a left-recursive rule, and a hub
/// every rule of which begins with it: each rule was searched for a cycle
/// through all it reaches. An alternation of 50,000 items: abnf-oracle's
/// check is quadratic in a node's width, so loading refuses one wider
/// than `MAX_GROUP_WIDTH`. `n` is the grammar's size in bytes.
#[test]
fn a_hostile_grammar_loads_and_is_classified_in_linear_time() {
    use xiri::workbench::{rules, AbnfFile, LoadedGrammar};
    for (shape, make) in grammars::HOSTILE_GRAMMARS {
        grows_linearly(shape, 4_000, |n| {
            match LoadedGrammar::analyze(&[AbnfFile::new("g.abnf", make(n))]) {
                Ok(g) => assert!(!rules(&g, &[]).rules.is_empty()),
                Err(e) => {
                    assert!(grammars::REFUSED.contains(shape), "{shape}: {e:?}");
                    assert!(
                        e.diagnostics().iter().any(|d| d.kind == "too-wide"),
                        "{shape}: {e:?}"
                    );
                }
            }
        });
    }
}

/// A chain of rules of a thousand alternatives each (`r0 = r1 / "0" /
/// ... / "999"`, ...): `rules` compiled each rule with the engine, every
/// rule it reaches inlined, so each rule cost the rest of the chain (80
/// rules took 1.85 s, 20 rules 0.17 s; issue 41). A rule that compiles
/// now tells that the rules it reaches do.
#[test]
fn a_chain_of_wide_rules_is_classified_in_linear_time() {
    classified_in_linear_time("wide_rules", 40_000, |kind| {
        *kind == xiri::workbench::RuleKind::Regular
    });
}

/// The same chain defined from its last rule up: `rules` took the rules
/// in the order defined, so each compiled the rest of the chain again.
#[test]
fn a_chain_of_wide_rules_defined_from_its_last_rule_is_classified_in_linear_time() {
    classified_in_linear_time("wide_rules_reversed", 40_000, |kind| {
        *kind == xiri::workbench::RuleKind::Regular
    });
}

/// Many rules each using one chain of wide rules (`ui = "i" r0`): each
/// compiled the chain again (20 KB and 200 KB: 0.44 and 28 s of `rules`).
/// The engine now measures each rule once (`xiri_engine::Structures`).
#[test]
fn many_rules_using_one_large_rule_are_classified_in_linear_time() {
    classified_in_linear_time("one_large_rule_used_by_many", 40_000, |kind| {
        *kind == xiri::workbench::RuleKind::Regular
    });
}

/// A chain of wide rules whose last rule uses the first through brackets
/// (`rN = "(" r0 ")" / "z"`): every rule is on the cycle, so no rule is
/// unused and none is taken first, and each is compiled with the bracket
/// pair on its own.
#[test]
fn a_chain_of_wide_rules_used_again_through_brackets_is_classified_in_linear_time() {
    for shape in [
        "wide_rules_through_brackets",
        "wide_rules_through_brackets_reversed",
    ] {
        classified_in_linear_time(shape, 40_000, |kind| {
            *kind == xiri::workbench::RuleKind::Brackets('(', ')')
        });
    }
}

/// `diagram` of every rule of a chain of 20,000 rules: it looked each
/// rule named up in the list of those drawn, and through every rule, and
/// took a vector of every node for each rule (2,000 and 20,000 rules:
/// 0.04 and 2.6 s).
#[test]
fn a_diagram_of_many_rules_is_drawn_in_linear_time() {
    use xiri::workbench::{diagram, AbnfFile, LoadedGrammar};
    for shape in [
        "chain_to_prose",
        "nullable_chain_to_prose_reversed",
        "left_recursion_with_chords",
        "one_large_rule_used_by_many",
    ] {
        let make = grammar(shape);
        grows_linearly(shape, 10_000, |n| {
            let g = LoadedGrammar::load(&[AbnfFile::new("g.abnf", make(n))]).unwrap();
            let page = diagram(&g, None).unwrap();
            assert!(page.contains("<section id=\"r1\">"), "{shape}");
        });
    }
}

/// The hostile grammar named `shape`.
fn grammar(shape: &str) -> grammars::Grammar {
    grammars::HOSTILE_GRAMMARS
        .iter()
        .find(|(name, _)| *name == shape)
        .map(|(_, make)| *make)
        .unwrap()
}

/// `r0 = r1`, ..., `rN = [<prose>]`: each rule matches the empty string
/// and reaches prose, and abnf-oracle's check, whichever order it is
/// given the rules in, took a pass over the grammar a rule (20,000 rules:
/// 1.7 s, 50 times 2,000 rules). Those rules are kept out of its check.
#[test]
fn a_nullable_chain_to_prose_loads_in_linear_time() {
    for shape in [
        "nullable_chain_to_prose",
        "nullable_chain_to_prose_reversed",
    ] {
        classified_in_linear_time(
            shape,
            20_000,
            |kind| matches!(kind, xiri::workbench::RuleKind::Prose(p) if p == "prose"),
        );
    }
}

/// A ring with a chord from each rule back to the first: one component
/// of left recursion with a cycle through each rule as long as its place
/// in the ring, and a warning for each cycle, in full, made the warnings
/// quadratic in the grammar. One warning now names the component.
#[test]
fn a_ring_with_chords_is_warned_of_in_linear_time() {
    classified_in_linear_time("left_recursion_with_chords", 4_000, |kind| {
        matches!(kind, xiri::workbench::RuleKind::LeftRecursive { .. })
    });
}

/// A ring of rules each calling the next in brackets: each rule reaches
/// every group, and a walk from each rule through them was quadratic
/// (20,000 rules: 83 s). Past 100 rules the engine's walk without
/// brackets meets the depth limit before the recursion, and `rules`
/// called them "regular, too large". The groups are summed once now.
#[test]
fn a_ring_through_brackets_is_classified_in_linear_time() {
    use xiri::workbench::RuleKind;
    classified_in_linear_time("ring_through_brackets", 20_000, |kind| {
        *kind == RuleKind::Brackets('(', ')')
    });
    // 800 rules and more, each inlining the next: too deep even with
    // brackets, and recursive, never "regular, too large".
    classified_in_linear_time("groups_inlined_down_a_ring", 20_000, |kind| {
        *kind == RuleKind::Recursive
    });
}

/// The hostile grammar `shape` loads, `rules` classifies each of its rules
/// as `expected` says, and the two grow linearly in the grammar's size
/// (from `n` bytes).
fn classified_in_linear_time(
    shape: &str,
    n: usize,
    expected: fn(&xiri::workbench::RuleKind) -> bool,
) {
    use xiri::workbench::{rules, AbnfFile, LoadedGrammar};
    let make = grammar(shape);
    grows_linearly(shape, n, |n| {
        let g = LoadedGrammar::load(&[AbnfFile::new("g.abnf", make(n))]).unwrap();
        let report = rules(&g, &[]);
        let shown: usize = g.diagnostics().iter().map(|d| d.to_string().len()).sum();
        assert!(
            shown <= 64 * n,
            "{shape}: {shown} bytes of warnings for {n} bytes"
        );
        for r in &report.rules {
            assert!(expected(&r.kind), "{shape}: {} is {:?}", r.name, r.kind);
        }
    });
}

/// What `rules` says of each rule the engine may compile (regular, too
/// large, recursive only through brackets, recursive) is what compiling
/// that rule on its own says: `rules` compiles only the rules no rule
/// found regular reaches. On every hostile shape and the RFC grammars of
/// grammar/ and tests/data.
#[test]
fn rules_classifies_each_rule_as_compiling_it_on_its_own_would() {
    use xiri::workbench::{rules, AbnfFile, LoadedGrammar, RuleKind};
    use xiri_engine::{structure, CompileError};
    let root = env!("CARGO_MANIFEST_DIR");
    let mut grammars: Vec<(String, String)> = grammars::HOSTILE_GRAMMARS
        .iter()
        .flat_map(|(shape, make)| {
            [3_000, 30_000].map(|n| (format!("{shape} ({n} bytes)"), make(n)))
        })
        .collect();
    // `a` compiles with brackets, building the group around `x` once;
    // `x`, which it reaches, is too large on its own: inlined, then the
    // group (docs/DECISIONS.md, "The engine measures each rule once").
    let near_budget = "a = \"(\" x \")\" / \"y\"\nx = b / a\nb = 30c\nc = 9999\"x\"\n";
    grammars.push(("near the budget".into(), near_budget.into()));
    for dir in ["grammar", "tests/data", "tests/data/workbench"] {
        for entry in std::fs::read_dir(format!("{root}/{dir}")).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "abnf") {
                let text = std::fs::read_to_string(&path).unwrap();
                grammars.push((path.display().to_string(), text));
            }
        }
    }
    let mut compared = 0;
    for (name, text) in &grammars {
        let Ok(g) = LoadedGrammar::analyze(&[AbnfFile::new("g.abnf", text.as_str())]) else {
            continue;
        };
        let checked = g.checked();
        for r in rules(&g, &[]).rules {
            if !matches!(
                r.kind,
                RuleKind::Regular
                    | RuleKind::TooLarge
                    | RuleKind::Brackets(..)
                    | RuleKind::Recursive
            ) {
                continue;
            }
            let key = r.name.to_ascii_lowercase();
            let i = checked
                .rules()
                .iter()
                .position(|c| c.name.key() == key)
                .unwrap();
            let id = abnf_oracle::RuleId::User(u32::try_from(i).unwrap());
            let alone = match structure(checked, id, None) {
                Ok(()) => RuleKind::Regular,
                Err(CompileError::Recursive(_)) => [('(', ')'), ('[', ']'), ('{', '}'), ('<', '>')]
                    .into_iter()
                    .find(|&pair| structure(checked, id, Some(pair)).is_ok())
                    .map_or(RuleKind::Recursive, |(o, c)| RuleKind::Brackets(o, c)),
                // A rule on or reaching a cycle is recursive, whatever the
                // walk without brackets met first (a ring of 100 rules
                // each using the next in brackets passes its depth limit).
                Err(CompileError::TooLarge(_)) if reaches_a_cycle(checked, id) => {
                    [('(', ')'), ('[', ']'), ('{', '}'), ('<', '>')]
                        .into_iter()
                        .find(|&pair| structure(checked, id, Some(pair)).is_ok())
                        .map_or(RuleKind::Recursive, |(o, c)| RuleKind::Brackets(o, c))
                }
                Err(CompileError::TooLarge(_)) => RuleKind::TooLarge,
                Err(_) => RuleKind::Recursive,
            };
            assert_eq!(r.kind, alone, "{} of {name}", r.name);
            compared += 1;
        }
    }
    assert!(compared > 1_000, "{compared} rules compared");
}

/// Whether rule `id` is on a cycle of references or reaches one: a depth
/// first search from it finds an edge back to a rule still on its path
/// (the oracle for `rules`' linear pass; a search a rule).
fn reaches_a_cycle(g: &abnf_oracle::CheckedGrammar, id: abnf_oracle::RuleId) -> bool {
    use abnf_oracle::Node;
    use std::collections::HashMap;
    // The rules a rule's body names (any repetition of it: a body
    // repeated at most zero times never reaches the engine's walk).
    let names = |rule: abnf_oracle::RuleId| {
        let mut found = Vec::new();
        let mut stack = vec![g.rule_by_id(rule).body];
        while let Some(node) = stack.pop() {
            match g.node(node) {
                Node::Concat { items } => stack.extend(items),
                Node::Alt { branches } => stack.extend(branches),
                Node::Repeat { repeat, body, .. } if repeat.max != Some(0) => stack.push(*body),
                Node::Optional { body } => stack.push(*body),
                Node::RuleRef { .. } => found.extend(g.target(node)),
                _ => {}
            }
        }
        found
    };
    // 1: on the path; 2: done, no cycle below.
    let mut state: HashMap<abnf_oracle::RuleId, u8> = HashMap::new();
    let mut frames = vec![(id, names(id), 0)];
    state.insert(id, 1);
    while let Some((rule, next, at)) = frames.last_mut() {
        let Some(&t) = next.get(*at) else {
            state.insert(*rule, 2);
            frames.pop();
            continue;
        };
        *at += 1;
        match state.get(&t) {
            Some(1) => return true,
            Some(_) => {}
            None => {
                state.insert(t, 1);
                let out = names(t);
                frames.push((t, out, 0));
            }
        }
    }
    false
}
