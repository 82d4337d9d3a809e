//! The subcommands of the `xiri` binary.

/// Runs `$body` with `$S` the [`xiri::Syntax`] marker of a grammar: one
/// code path for the five syntaxes, generic over the marker.
macro_rules! with_syntax {
    ($grammar:expr, $S:ident => $body:expr) => {
        match $grammar {
            xiri::Grammar::Uri => {
                type $S = xiri::Rfc3986;
                $body
            }
            xiri::Grammar::Iri => {
                type $S = xiri::Rfc3987;
                $body
            }
            xiri::Grammar::IriBis => {
                type $S = xiri::Rfc3987bis;
                $body
            }
            xiri::Grammar::Leiri => {
                type $S = xiri::LeiriNote;
                $body
            }
            xiri::Grammar::Xri => {
                type $S = xiri::Xri20;
                $body
            }
        }
    };
}

/// [`with_syntax!`], with the syntax's RFC 6874 [`xiri::Zoned`] marker
/// when `$zone` (`--zone-id`; [`zone_id`] refuses it for XRI first).
macro_rules! with_zoned_syntax {
    ($grammar:expr, $zone:expr, $S:ident => $body:expr) => {
        match ($grammar, $zone) {
            (xiri::Grammar::Uri, true) => {
                type $S = xiri::Zoned<xiri::Rfc3986>;
                $body
            }
            (xiri::Grammar::Iri, true) => {
                type $S = xiri::Zoned<xiri::Rfc3987>;
                $body
            }
            (xiri::Grammar::IriBis, true) => {
                type $S = xiri::Zoned<xiri::Rfc3987bis>;
                $body
            }
            (xiri::Grammar::Leiri, true) => {
                type $S = xiri::Zoned<xiri::LeiriNote>;
                $body
            }
            (grammar, _) => with_syntax!(grammar, $S => $body),
        }
    };
}

/// Refuses `--zone-id` where RFC 6874 does not apply: XRI has no IPv6
/// literals of its own to update.
pub fn zone_id(grammar: Grammar, zone_id: bool) -> Result<(), String> {
    if zone_id && grammar == Grammar::Xri {
        Err("--zone-id (RFC 6874) is for -g uri, iri, iri-bis and leiri".into())
    } else {
        Ok(())
    }
}

/// The `language` an answer names: the grammar, with `+rfc6874` when
/// zone identifiers were allowed.
pub fn language(grammar: Grammar, zone_id: bool) -> String {
    if zone_id {
        format!("{}+rfc6874", grammar.name())
    } else {
        grammar.name().to_string()
    }
}

pub mod appendix_a;
pub mod args;
pub mod batch;
pub mod blocks;
pub mod browser;
pub mod check;
pub mod commands;
pub mod compare;
pub mod conformance;
pub mod convert;
pub mod draft;
pub mod edit;
pub mod encode;
pub mod examples;
pub mod extract;
pub mod fields;
pub mod find;
pub mod generate;
pub mod lint;
pub mod loaded;
pub mod normalize;
pub mod parse;
pub mod resolve;
pub mod rules;
pub mod show;
pub mod source;
pub mod template;
pub mod uri_template;

use serde_json::{json, Value};
use std::io::Write;
use std::process::ExitCode;
use xiri::{Grammar, ParseError, Rule};

/// The bound on every command's output (README, "Hostile input"): at most
/// this many bytes a byte of input (`tree`: twice as many), plus 512
/// bytes an input...
pub const OUTPUT_PER_BYTE: usize = 128;

/// ...plus this many. `crates/cli/tests/it/cli_growth.rs` holds every command to it;
/// `template expand` refuses an expansion that could pass it.
pub const OUTPUT_SLACK: usize = 64 * 1024;

/// A rule by the name given on the command line, or a usage error.
pub fn rule(grammar: Grammar, name: &str) -> Result<Rule, String> {
    grammar.rule(name).ok_or_else(|| {
        format!("the {grammar} grammar has no rule {name:?} (try `xiri grammar {grammar}` for the list, or reference, absolute, relative)")
    })
}

/// The JSON form of an error: offset, expected, message.
pub fn error_json(error: &ParseError) -> Value {
    json!({
        "offset": error.offset(),
        "expected": error.expected(),
        "message": error.message(),
    })
}

/// Writes to standard output. A reader that went away (a closed pipe, as
/// with `| head`) ends the output quietly; other failures are I/O errors.
pub fn emit(text: &str) -> Result<(), String> {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => std::process::exit(0),
        Err(e) => Err(format!("writing standard output: {e}")),
    }
}

/// `xiri tree`: the parse tree, or the error with its caret.
pub fn tree(rule: &Rule, input: &str) -> Result<ExitCode, String> {
    match rule.parse_tree(input) {
        Ok(tree) => {
            let mut out = String::new();
            for root in tree.roots() {
                for (depth, node) in root.walk() {
                    let span = node.span();
                    let label = format_args!("{} {}..{}", node.name(), span.start, span.end);
                    tree_line(&mut out, depth, label, tree.text(node))?;
                }
            }
            emit(&out)?;
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            emit(&format!("{e}\n"))?;
            Ok(ExitCode::from(1))
        }
    }
}

/// How many bytes of its production's text a `tree` line quotes; a longer
/// text is cut there (at a character boundary), "…" after the quote. Each
/// line quoted its whole text, so a tree printed its input once a level:
/// a deep one, as cross-references nested in an XRI make, its square.
pub const TREE_QUOTED: usize = 40;

/// How deep `tree` indents (two spaces a level); a deeper line keeps that
/// indentation, its depth written first as `N>`.
pub const TREE_INDENTED: usize = 32;

/// One line of a parse tree: indentation, `label`, the text quoted (cut
/// at [`TREE_QUOTED`] bytes). `out` is written out every 64 KB: a tree's
/// text can be a hundred times its input's.
pub fn tree_line(
    out: &mut String,
    depth: usize,
    label: std::fmt::Arguments<'_>,
    text: &str,
) -> Result<(), String> {
    use std::fmt::Write as _;
    out.extend(std::iter::repeat_n("  ", depth.min(TREE_INDENTED)));
    if depth > TREE_INDENTED {
        let _ = write!(out, "{depth}> ");
    }
    let cut = (0..=TREE_QUOTED.min(text.len()))
        .rev()
        .find(|&at| text.is_char_boundary(at))
        .unwrap_or(0);
    let quoted = text.get(..cut).unwrap_or_default();
    let more = if cut < text.len() { "…" } else { "" };
    let _ = writeln!(out, "{label} {quoted:?}{more}");
    if out.len() >= 1 << 16 {
        emit(out)?;
        out.clear();
    }
    Ok(())
}

/// `xiri grammar`: each rule's ABNF production above its pest transcription.
pub fn grammar(grammar: Grammar, rule_name: Option<&str>) -> Result<ExitCode, String> {
    let rules: Vec<Rule> = match rule_name {
        Some(name) => vec![rule(grammar, name)?],
        None => grammar.productions().collect(),
    };
    let effective = grammar.abnf();
    let mut text = String::new();
    for (i, rule) in rules.iter().enumerate() {
        if i > 0 {
            text.push('\n');
        }
        if rule.abnf().is_empty() {
            text.push_str(&format!(
                "; {}, up to the end of the input (a PEG entry point)\n",
                rule.name()
            ));
        } else {
            text.push_str(&format!(
                "; ABNF, grammar/{}\n{}\n",
                rule.abnf_file(),
                rule.abnf()
            ));
            if let Some(mended) = mended(grammar, &effective, rule) {
                text.push_str(&mended);
            }
        }
        text.push_str(&format!(
            "// pest, grammar/{}\n{}\n",
            rule.pest_file(),
            rule.pest()
        ));
    }
    emit(&text)?;
    Ok(ExitCode::SUCCESS)
}

/// Where xiri holds the pest rule to a production other than the one
/// printed (`Grammar::abnf`, the spec's ABNF with xiri's documented
/// decisions), that production and why, as ABNF comments.
fn mended(grammar: Grammar, effective: &str, rule: &Rule) -> Option<String> {
    let (name, printed) = rule.abnf().split_once('=')?;
    let prefix = format!("{} = ", name.trim());
    let body = effective.lines().find_map(|l| l.strip_prefix(&prefix))?;
    if words(body) == words(printed) {
        return None;
    }
    let why = match grammar {
        Grammar::IriBis => {
            "the draft's production lost pct-form (docs/DECISIONS.md, \"`ireg-name` in draft 3987bis\")"
        }
        Grammar::Xri => {
            "xiri's cross-reference policy, grammar/xri-balanced.abnf (docs/DECISIONS.md, \"Parentheses inside cross-references\"); check -g xri-appendix-a asks Appendix A as printed"
        }
        _ => "docs/DECISIONS.md",
    };
    Some(format!(
        "; mended: the pest rule below transcribes this instead, {why}\n; {prefix}{body}\n"
    ))
}

/// ABNF text without its comments (";" to the end of the line, outside a
/// quoted string), its words separated by one space.
fn words(abnf: &str) -> String {
    let mut out = Vec::new();
    for line in abnf.lines() {
        let mut quoted = false;
        let end = line
            .char_indices()
            .find(|&(_, c)| {
                quoted ^= c == '"';
                c == ';' && !quoted
            })
            .map_or(line.len(), |(at, _)| at);
        out.extend(line.get(..end).unwrap_or_default().split_whitespace());
    }
    out.join(" ")
}
