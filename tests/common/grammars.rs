//! ABNF grammars of about `n` bytes in the shapes that made loading a
//! grammar, or `rules` on it, quadratic (issue 41): rules each reaching
//! the next, towards left recursion, a prose value, a name defined
//! nowhere or the empty string, defined in either order, and many rules
//! no other rule uses. `tests/growth.rs` loads them with the library,
//! `tests/cli_growth.rs` gives them to `rules` and `grammar`.
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
    ("many_roots", |n| {
        chain(n, |i| format!("r{i} = 1000000*1000000\"a\""), "", false)
    }),
];
