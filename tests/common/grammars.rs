//! ABNF grammars of about `n` bytes in the shapes that made loading a
//! grammar, or `rules` on it, quadratic (issue 41): rules each reaching
//! the next, towards left recursion, a prose value, a name defined
//! nowhere or the empty string, defined in either order; a chain of rules
//! matching the empty string towards an optional prose value; a ring of
//! rules each left-recursive through the next, and one with a chord from
//! each rule back to the first; a chain beside a left-recursive rule; a
//! hub every rule of which begins with it; many rules no other rule uses;
//! alternations and concatenations so wide that loading refuses them
//! ([`REFUSED`]); many rules each as wide as loading takes, in either
//! order; many rules using one chain of wide rules (`ui = "i" r0`); a
//! chain of wide rules whose last rule uses the first through brackets,
//! in either order. `tests/growth.rs` loads them with the library,
//! `crates/cli/tests/it/cli_growth.rs` gives them to `rules`, `grammar`,
//! `generate` and `compare`.
#![allow(dead_code)]

/// `r0`, `r1`, ... each defined by `line(i)` (which may use `r{i+1}`), to
/// about `n` bytes, then `last` (with `{}` for the last index, none when
/// empty); the lines reversed when `reversed`.
fn chain(n: usize, line: fn(usize) -> String, last: &str, reversed: bool) -> String {
    let mut lines = Vec::new();
    let mut size = 0;
    while size < n {
        let l = line(lines.len());
        size += l.len() + 1;
        lines.push(l);
    }
    if !last.is_empty() {
        lines.push(last.replace("{}", &lines.len().to_string()));
    }
    if reversed {
        lines.reverse();
    }
    lines.join("\n") + "\n"
}

/// `head`, then `item(0)`, `item(1)`, ... joined by `between`, to about
/// `n` bytes, then `tail`.
fn wide(n: usize, head: &str, item: fn(usize) -> String, between: &str, tail: &str) -> String {
    let mut text = head.to_string();
    let mut i = 0;
    while text.len() < n {
        if i > 0 {
            text.push_str(between);
        }
        text.push_str(&item(i));
        i += 1;
    }
    text + tail
}

/// `h = (a0 / ... / a999) / (a1000 / ...) / "z"`, each `ai = h "x"`: every
/// rule begins with `h` and `h` with each (groups of a thousand keep each
/// alternation below the width loading takes).
fn hub(n: usize) -> String {
    let count = n / 24;
    let groups: Vec<String> = (0..count)
        .step_by(1000)
        .map(|g| {
            let names: Vec<String> = (g..count.min(g + 1000)).map(|i| format!("a{i}")).collect();
            format!("({})", names.join(" / "))
        })
        .collect();
    let mut text = format!("h = {} / \"z\"\n", groups.join(" / "));
    for i in 0..count {
        text.push_str(&format!("a{i} = h \"x\"\n"));
    }
    text
}

/// `ri = r{i+1} / "0" / ... / "999"`: a rule as wide as loading takes,
/// using the next.
fn wide_rule(i: usize) -> String {
    let items: Vec<String> = (0..1000).map(|j| format!("\"{j}\"")).collect();
    format!("r{i} = r{} / {}", i + 1, items.join(" / "))
}

/// A ring of left-recursive rules with a chord from each rule back to the
/// first (`r0 = r1 "a" / "b"`, `ri = r{i+1} "a" / r0 "c" / "b"`, the
/// last back to `r0`): one component, a cycle through each rule (`ri`,
/// `r0`, ..., `r{i-1}`) as long as its place in the ring.
fn chords(n: usize) -> String {
    chain(
        n,
        |i| match i {
            0 => "r0 = r1 \"a\" / \"b\"".to_string(),
            _ => format!("r{i} = r{} \"a\" / r0 \"c\" / \"b\"", i + 1),
        },
        "r{} = r0 \"a\" / \"b\"",
        false,
    )
}

fn next(i: usize) -> String {
    format!("r{i} = r{}", i + 1)
}

/// A hostile grammar of about `n` bytes.
pub type Grammar = fn(usize) -> String;

/// Every shape, by name.
pub const HOSTILE_GRAMMARS: &[(&str, Grammar)] = &[
    ("left_recursive_chain", |n| {
        chain(
            n,
            |i| format!("r{i} = r{i} \"a\" / r{}", i + 1),
            "r{} = \"z\"",
            false,
        )
    }),
    ("left_recursive_ring", |n| {
        chain(
            n,
            |i| format!("r{i} = r{} \"a\" / \"b\"", i + 1),
            "r{} = r0 \"a\" / \"b\"",
            false,
        )
    }),
    ("left_recursion_beside_chain", |n| {
        let chain = chain(
            n,
            |i| format!("r{i} = r{} \"a\"", i + 1),
            "r{} = \"z\"",
            false,
        );
        format!("x = x \"a\" / \"b\"\n{chain}")
    }),
    ("hub", hub),
    ("chain_to_prose", |n| chain(n, next, "r{} = <prose>", false)),
    ("chain_to_prose_reversed", |n| {
        chain(n, next, "r{} = <prose>", true)
    }),
    ("chain_to_undefined", |n| chain(n, next, "", false)),
    ("chain_to_undefined_reversed", |n| chain(n, next, "", true)),
    ("chain_to_no_character", |n| {
        chain(n, next, "r{} = %x110000", false)
    }),
    ("chain_to_empty_reversed", |n| {
        chain(n, next, "r{} = \"\"", true)
    }),
    ("nullable_chain_to_prose", |n| {
        chain(n, next, "r{} = [<prose>]", false)
    }),
    ("nullable_chain_to_prose_reversed", |n| {
        chain(n, next, "r{} = [<prose>]", true)
    }),
    ("many_roots", |n| {
        chain(n, |i| format!("r{i} = 1000000*1000000\"a\""), "", false)
    }),
    ("wide_alternation", |n| {
        wide(n, "r = ", |i| format!("\"a{i}\""), " / ", "\n")
    }),
    ("wide_concatenation", |n| {
        wide(n, "r = ", |_| "x".into(), " ", "\nx = \"a\"\n")
    }),
    ("wide_by_increments", |n| {
        wide(n, "r = \"a\"\n", |i| format!("r =/ \"a{i}\""), "\n", "\n")
    }),
    ("wide_rules", |n| chain(n, wide_rule, "r{} = \"z\"", false)),
    ("wide_rules_reversed", |n| {
        chain(n, wide_rule, "r{} = \"z\"", true)
    }),
    ("left_recursion_with_chords", chords),
    ("one_large_rule_used_by_many", |n| {
        let users = chain(n / 2, |i| format!("u{i} = \"{i}\" r0"), "", false);
        users + &chain(n / 2, wide_rule, "r{} = \"z\"", false)
    }),
    ("wide_rules_through_brackets", |n| {
        chain(n, wide_rule, "r{} = \"(\" r0 \")\" / \"z\"", false)
    }),
    ("wide_rules_through_brackets_reversed", |n| {
        chain(n, wide_rule, "r{} = \"(\" r0 \")\" / \"z\"", true)
    }),
    // Each rule calls the next in brackets, the last the first: every
    // rule reaches every group (a walk a rule was quadratic: 20,000
    // rules, 83 s), and, from 100 rules on, past the depth limit without
    // brackets.
    ("ring_through_brackets", |n| {
        chain(
            n,
            |i| format!("r{i} = \"(\" r{} \")\" / \"x\"", i + 1),
            "r{} = \"(\" r0 \")\" / \"x\"",
            false,
        )
    }),
    // Each rule holds a group and inlines the next, the last calls the
    // first in brackets: a rule's calls are every group below it.
    ("groups_inlined_down_a_ring", |n| {
        chain(
            n,
            |i| format!("r{i} = \"(\" \"x\" \")\" r{}", i + 1),
            "r{} = \"(\" r0 \")\" / \"x\"",
            false,
        )
    }),
];

/// The shapes loading refuses once they are large enough: an alternation
/// or a concatenation wider than `MAX_GROUP_WIDTH` (4096 items).
pub const REFUSED: &[&str] = &[
    "wide_alternation",
    "wide_concatenation",
    "wide_by_increments",
];
