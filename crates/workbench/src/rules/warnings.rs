//! What an author needs a word about, though the grammar loads: a core
//! rule redefined, a rule referred to in another case than its
//! definition's (BAP's warning), values above `%x7F` (read as code
//! points) or that are no character at all, `<">` (RFC 2616's notation
//! for a double quote), a repeat count of zero, and a nullable element
//! under an unbounded repetition.

use super::names::CORE_RULES;
use crate::figures::{Diagnostic, Read, Severity, Values};
use abnf_oracle::{CheckedGrammar, Definition, Element, Node, NumVal, Span};
use std::collections::BTreeMap;

/// The warnings about the definitions as written.
pub(crate) fn written(
    definitions: &[Definition],
    files: &[Read],
    values: Values,
) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let mut spelled: BTreeMap<String, &str> = CORE_RULES
        .iter()
        .map(|c| (c.to_ascii_lowercase(), *c))
        .collect();
    for d in definitions {
        let name = d.name.as_str();
        if let Some(core) = CORE_RULES.iter().find(|c| c.eq_ignore_ascii_case(name)) {
            if d.defined_as == abnf_oracle::DefinedAs::Base {
                out.push(warn(
                    files,
                    "core-redefined",
                    name,
                    format!("`{name}` redefines RFC 5234's core rule {core} (Appendix B.1)"),
                    d.span.0,
                ));
            }
        }
    }
    for d in definitions {
        spelled.insert(d.name.key(), d.name.as_str());
    }
    let mut above = Vec::new();
    for d in definitions {
        let rule = d.name.as_str();
        let mut stack = vec![&d.body];
        while let Some(e) = stack.pop() {
            match e {
                Element::Alt(items) | Element::Concat(items) => stack.extend(items),
                Element::Optional(body) => stack.push(body),
                Element::Repeat { repeat, body, span } => {
                    if repeat.max == Some(0) {
                        out.push(warn(
                            files,
                            "zero-repeat",
                            rule,
                            "a repeat count of 0: the element matches only the empty string"
                                .to_string(),
                            span.0,
                        ));
                    }
                    stack.push(body);
                }
                Element::RuleRef { name, span } => {
                    if let Some(defined) = spelled.get(&name.key()) {
                        if *defined != name.as_str() {
                            out.push(warn(
                                files,
                                "case",
                                rule,
                                format!("`{name}` refers to `{defined}` in another case"),
                                span.0,
                            ));
                        }
                    }
                }
                Element::NumVal { value, span } => {
                    let (_, hi) = bounds(value);
                    if !value.is_representable() || surrogate(value) {
                        out.push(warn(files, "no-character", rule, format!("{} is no character (above %x10FFFF, or a surrogate, %xD800-DFFF): it matches nothing", shown(value)), span.0));
                    } else if hi > 0xFF && values == Values::Octets {
                        out.push(Diagnostic::at(
                            Severity::Error,
                            "not-an-octet",
                            Some(rule.to_string()),
                            format!(
                                "{} is above %xFF, and values are read as octets",
                                shown(value)
                            ),
                            files,
                            span.0,
                        ));
                    } else if hi > 0x7F {
                        above.push((rule, value, span.0));
                    }
                }
                Element::ProseVal { text, span } if text == "\"" => {
                    out.push(warn(files, "prose-quote", rule, "`<\">` is a prose value (RFC 2616's notation for a double quote): write DQUOTE or %x22".to_string(), span.0));
                }
                Element::ProseVal { .. } | Element::CharVal(_) => {}
            }
        }
    }
    // Once, at the first: a grammar over characters has many.
    if let Some((rule, value, span)) = above.iter().min_by_key(|(_, _, span)| span.start) {
        let more = match above.len() {
            1 => String::new(),
            n => format!(" (and {} more values above %x7F)", n - 1),
        };
        let reading = match values {
            Values::CodePoints => "values are read as code points (characters U+0080 and up), not as octets of an encoding",
            Values::Octets => "values are read as octets (matched as the characters U+0080 to U+00FF, one a byte), not as code points",
        };
        out.push(warn(
            files,
            "above-ascii",
            rule,
            format!("{} is above %x7F{more}: {reading}", shown(value)),
            *span,
        ));
    }
    in_file_order(&mut out, files);
    out
}

/// Sorts findings in the order of the files, as the author reads them.
fn in_file_order(out: &mut [Diagnostic], files: &[Read]) {
    out.sort_by_key(|d| {
        d.location.as_ref().map(|l| {
            (
                files.iter().position(|f| f.name == l.file),
                l.line,
                l.column,
            )
        })
    });
}

/// The nullable elements under an unbounded repetition (`*( *"x" )`),
/// which match the empty string over and over.
pub(crate) fn nullable_repeats(checked: &CheckedGrammar, files: &[Read]) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for rule in checked.rules() {
        let mut stack = vec![rule.body];
        while let Some(id) = stack.pop() {
            match checked.node(id) {
                Node::Alt { branches: items } | Node::Concat { items } => stack.extend(items),
                Node::Optional { body } => stack.push(*body),
                Node::Repeat { repeat, body, span } => {
                    if repeat.max.is_none() && checked.is_nullable(*body) {
                        out.push(warn(files, "nullable-repeat", rule.name.as_str(), "a nullable element under an unbounded repetition: it matches the empty string any number of times (make the element non-empty)".to_string(), span.0));
                    }
                    stack.push(*body);
                }
                Node::RuleRef { .. }
                | Node::CharVal(_)
                | Node::NumVal { .. }
                | Node::ProseVal(_) => {}
            }
        }
    }
    // The checked grammar's rules are in the order `check` was given
    // them (`reach::check_order`), not the files'.
    in_file_order(&mut out, files);
    out
}

fn warn(files: &[Read], kind: &'static str, rule: &str, message: String, span: Span) -> Diagnostic {
    Diagnostic::at(
        Severity::Warning,
        kind,
        Some(rule.to_string()),
        message,
        files,
        span,
    )
}

fn bounds(value: &NumVal) -> (u64, u64) {
    match value {
        NumVal::Scalar(v) => (*v, *v),
        NumVal::Range { lo, hi } => (*lo, *hi),
        NumVal::Concat(vs) => (
            vs.iter().copied().min().unwrap_or(0),
            vs.iter().copied().max().unwrap_or(0),
        ),
    }
}

/// A single value or a concatenation with a surrogate in it (a range
/// may span the block: the characters around it are still matched).
fn surrogate(value: &NumVal) -> bool {
    let s = |v: &u64| (0xD800..=0xDFFF).contains(v);
    match value {
        NumVal::Scalar(v) => s(v),
        NumVal::Range { lo, hi } => s(lo) || s(hi),
        NumVal::Concat(vs) => vs.iter().any(s),
    }
}

fn shown(value: &NumVal) -> String {
    match value {
        NumVal::Scalar(v) => format!("%x{v:X}"),
        NumVal::Range { lo, hi } => format!("%x{lo:X}-{hi:X}"),
        NumVal::Concat(vs) => {
            let parts: Vec<String> = vs.iter().map(|v| format!("{v:X}")).collect();
            format!("%x{}", parts.join("."))
        }
    }
}
