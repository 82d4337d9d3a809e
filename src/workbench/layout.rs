//! How an ABNF file is laid out, and its rewriting into RFC 5234's
//! layout, line for line: rules indented as an RFC prints them, and the
//! W3C Note's `[N] name ::= ...`; and where each file's spans sit once
//! the files are joined (one after the other, each one byte past the
//! last).

use abnf_oracle::{Definition, Element, Span};

/// The indentation of the least indented line that starts a rule
/// (`name =` or `name =/`).
pub(super) fn indentation(text: &str) -> usize {
    text.lines()
        .filter(|l| {
            let t = l.trim_start();
            !t.starts_with(';')
                && t.split_once('=').is_some_and(|(name, _)| {
                    let name = name.trim_end();
                    name.starts_with(|c: char| c.is_ascii_alphabetic())
                        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
                })
        })
        .map(|l| l.len() - l.trim_start_matches(' ').len())
        .min()
        .unwrap_or(0)
}

/// Every line with at least `indent` leading spaces loses that many; line
/// for line, so lines keep their numbers.
pub(super) fn dedent(text: &str, indent: usize) -> String {
    if indent == 0 {
        return text.to_string();
    }
    let prefix = " ".repeat(indent);
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        out.push_str(line.strip_prefix(prefix.as_str()).unwrap_or(line));
    }
    out
}

/// Whether the text's first production is in the W3C Note's layout:
/// `[N] name ::= ...`.
pub(super) fn is_w3c(text: &str) -> bool {
    text.lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with(';'))
        .is_some_and(|l| {
            l.starts_with('[')
                && l.split_once(']').is_some_and(|(n, rest)| {
                    n.get(1..)
                        .is_some_and(|n| n.bytes().all(|b| b.is_ascii_digit()))
                        && rest.contains("::=")
                })
        })
}

pub(super) fn shifted(span: Span, base: u32) -> Span {
    Span::new(
        span.start.saturating_add(base),
        span.end.saturating_add(base),
    )
}

/// Where the file after one of this text starts: one past its end, so
/// that an offset at the end of a file stays in it.
pub(super) fn next_base(base: u32, text: &str) -> u32 {
    base.saturating_add(u32::try_from(text.len()).unwrap_or(u32::MAX))
        .saturating_add(1)
}

pub(super) fn shift_definition(definition: &mut Definition, base: u32) {
    definition.span.0 = shifted(definition.span.0, base);
    shift_element(&mut definition.body, base);
}

fn shift_element(element: &mut Element, base: u32) {
    match element {
        Element::Alt(items) | Element::Concat(items) => {
            for item in items {
                shift_element(item, base);
            }
        }
        Element::Repeat { body, span, .. } => {
            span.0 = shifted(span.0, base);
            shift_element(body, base);
        }
        Element::Optional(body) => shift_element(body, base),
        Element::RuleRef { span, .. }
        | Element::NumVal { span, .. }
        | Element::ProseVal { span, .. } => span.0 = shifted(span.0, base),
        Element::CharVal(_) => {}
    }
}
