//! The ABNF texts in `grammar/`, split into productions.
//!
//! This file is compiled twice: into the library (for `xiri grammar` and the
//! differential tests) and into `build.rs` (which checks every pest rule's
//! doc comment against the production it names). It uses only `std`.

/// One ABNF production: its name as printed and its text, continuation lines
/// joined, with the `name =` prefix and every `;` comment removed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Production {
    /// The rule name as the specification spells it, e.g. `IPv6address`.
    pub name: String,
    /// The right-hand side, whitespace folded to single spaces.
    pub body: String,
    /// The production as printed, continuation lines and comments included.
    pub text: String,
}

/// How a grammar file lays out its productions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notation {
    /// RFC 5234: `name = elements`, continuation lines indented.
    Rfc5234,
    /// The LEIRI Note: `[N]   name   ::=   elements`, continuation lines not
    /// indented, and `'"'` for the double quote.
    W3cNote,
}

/// Rewrites a grammar file into RFC 5234 layout. For [`Notation::Rfc5234`]
/// this is the identity; for [`Notation::W3cNote`] it does exactly what
/// `grammar/leiri.abnf`'s header says: `[N]   name   ::=   ` becomes
/// `name = `, `'"'` becomes `%x22`, and other non-comment lines are indented.
pub fn to_rfc5234(source: &str, notation: Notation) -> String {
    if notation == Notation::Rfc5234 {
        return source.to_string();
    }
    let mut out = String::with_capacity(source.len());
    for line in source.lines() {
        let trimmed = line.trim_start();
        if trimmed.is_empty() || trimmed.starts_with(';') {
            out.push_str(line);
        } else if let Some((name, body)) = w3c_rule_start(trimmed) {
            out.push_str(name);
            out.push_str(" = ");
            out.push_str(&body.replace("'\"'", "%x22"));
        } else {
            out.push_str("    ");
            out.push_str(&trimmed.replace("'\"'", "%x22"));
        }
        out.push('\n');
    }
    out
}

/// Each production of a W3C-notation grammar as printed: its `[N] name ::=`
/// line and the continuation lines after it, by name.
// Only build.rs, which compiles this file too, calls it.
#[allow(dead_code)]
pub fn w3c_printed(source: &str) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    for line in source.lines() {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with(';') {
            continue;
        }
        match w3c_rule_start(trimmed) {
            Some((name, _)) => out.push((name.to_string(), line.trim_end().to_string())),
            None => {
                if let Some((_, text)) = out.last_mut() {
                    text.push('\n');
                    text.push_str(line.trim_end());
                }
            }
        }
    }
    out
}

/// `[N]   name   ::=   body` gives `(name, body)`.
fn w3c_rule_start(line: &str) -> Option<(&str, &str)> {
    let rest = line.strip_prefix('[')?;
    let close = rest.find(']')?;
    if !rest[..close].bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let (name, body) = rest[close + 1..].split_once("::=")?;
    Some((name.trim(), body.trim()))
}

/// The productions of an RFC 5234-layout grammar, in file order. A line
/// starts a production when it reads `name =` (after any indentation); any
/// other non-comment line continues the one before.
pub fn productions(source: &str) -> Vec<Production> {
    let mut result: Vec<Production> = Vec::new();
    for line in source.lines() {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with(';') {
            continue;
        }
        match trimmed.split_once('=') {
            Some((name, body)) if is_rule_name(name.trim()) => result.push(Production {
                name: name.trim().to_string(),
                body: strip_comment(body).to_string(),
                text: line.trim_end().to_string(),
            }),
            _ => {
                if let Some(last) = result.last_mut() {
                    last.body.push(' ');
                    last.body.push_str(strip_comment(trimmed));
                    last.text.push('\n');
                    last.text.push_str(line.trim_end());
                }
            }
        }
    }
    for production in &mut result {
        production.body = fold_whitespace(&production.body);
        production.text = dedent(&production.text);
    }
    result
}

fn is_rule_name(name: &str) -> bool {
    let mut chars = name.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '-')
}

/// Removes a `;` comment, minding quoted strings (`";"` is not a comment).
pub fn strip_comment(text: &str) -> &str {
    let mut quoted = false;
    for (i, c) in text.char_indices() {
        match c {
            '"' => quoted = !quoted,
            ';' if !quoted => return &text[..i],
            _ => {}
        }
    }
    text
}

/// Folds runs of white space outside quoted strings into one space.
pub fn fold_whitespace(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut quoted = false;
    let mut pending_space = false;
    for c in text.trim().chars() {
        if c.is_whitespace() && !quoted {
            pending_space = true;
            continue;
        }
        if pending_space {
            out.push(' ');
            pending_space = false;
        }
        if c == '"' {
            quoted = !quoted;
        }
        out.push(c);
    }
    out
}

fn dedent(text: &str) -> String {
    let indent = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.len() - l.trim_start().len())
        .min()
        .unwrap_or(0);
    text.lines()
        .map(|l| {
            if l.len() >= indent {
                &l[indent..]
            } else {
                l.trim_start()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The pest spelling of an ABNF rule name: `-` becomes `_`. Build-time
/// only (build.rs's rule reader and generator); `Grammar::rule` compares
/// the spellings without writing one out.
#[allow(dead_code)]
pub fn pest_name(abnf_name: &str) -> String {
    abnf_name.replace('-', "_")
}

/// Joins RFC 5234-layout grammars: a production of a later text replaces the
/// one of the same name from an earlier text, in place; new ones are added at
/// the end. The result has one production a line, comments dropped.
pub fn compose(texts: &[&str]) -> String {
    let mut merged: Vec<Production> = Vec::new();
    for text in texts {
        for production in productions(text) {
            match merged.iter_mut().find(|p| p.name == production.name) {
                Some(existing) => *existing = production,
                None => merged.push(production),
            }
        }
    }
    merged
        .iter()
        .map(|p| format!("{} = {}\n", p.name, p.body))
        .collect()
}

/// The draft 3987bis lost `pct-form` from `ireg-name`; xiri restores it
/// (docs/DECISIONS.md, "`ireg-name` in draft 3987bis").
pub const IRI_BIS_IREG_NAME: &str = "ireg-name = *( iunreserved / pct-form / sub-delims )\n";

/// The bracket pair a grammar's recursion passes through, which the
/// engine's compiler makes calls of (`engine::Options::with_brackets`):
/// XRI's cross-references, "(" and ")"; the other grammars are regular.
/// build.rs and the rules compiled at run time (src/syntax/builtin.rs)
/// compile with it alike.
pub fn brackets(grammar: &str) -> Option<(char, char)> {
    matches!(grammar, "xri" | "xri-typed").then_some(('(', ')'))
}

/// The ABNF a grammar (`uri`, `iri`, `iri-bis`, `leiri`, `xri`, and
/// `xri-typed`, the typed API's XRI policy) is held to,
/// in RFC 5234 layout: the specification's text with xiri's documented
/// decisions (3987bis's `ireg-name` restored, XRI's cross-reference
/// policy). `read` gives a file of `grammar/` by name. The differential
/// tests check pest against it, and `build.rs` compiles the engine's
/// tables from it.
pub fn effective(grammar: &str, read: &dyn Fn(&str) -> String) -> Option<String> {
    Some(match grammar {
        "uri" => compose(&[&read("rfc3986.abnf")]),
        "iri" => compose(&[&read("rfc3987.abnf")]),
        "iri-bis" => compose(&[
            &read("rfc3987.abnf"),
            &read("iri-3987bis.abnf"),
            IRI_BIS_IREG_NAME,
        ]),
        "leiri" => compose(&[&to_rfc5234(&read("leiri.abnf"), Notation::W3cNote)]),
        "xri" => compose(&[&read("xri.abnf"), &read("xri-balanced.abnf")]),
        "xri-typed" => compose(&[
            &read("xri.abnf"),
            &read("xri-balanced.abnf"),
            &read("xri-typed.abnf"),
        ]),
        _ => return None,
    })
}
