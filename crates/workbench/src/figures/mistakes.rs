//! The mistakes authors make in ABNF, each with a message that says what
//! to write instead: the parser's first error in a rule, explained when
//! the rule shows one of them (as BAP words them where it has a word).

use crate::source::rule_start;
use abnf_oracle::{Definition, Element, NumVal, Span};

/// The ranges and repeat counts that go down (`%x5A-41`, `5*2`), each
/// with its place and message, turned the right way up so that the rest
/// of the grammar can be analyzed.
pub(crate) fn reversed(definitions: &mut [Definition]) -> Vec<(Span, String)> {
    let mut found = Vec::new();
    for d in definitions {
        turn(&mut d.body, &mut found);
    }
    found
}

/// Elements nest no deeper than the loader lets groups nest
/// (`MAX_GROUP_NESTING`), so this recursion is bounded.
fn turn(element: &mut Element, found: &mut Vec<(Span, String)>) {
    match element {
        Element::Alt(items) | Element::Concat(items) => {
            for item in items {
                turn(item, found);
            }
        }
        Element::Optional(body) => turn(body, found),
        Element::Repeat { repeat, body, span } => {
            if let Some(max) = repeat.max.filter(|&max| max < repeat.min) {
                found.push((
                    span.0,
                    format!(
                        "the repeat count `{}*{max}` goes down: write `{max}*{}`",
                        repeat.min, repeat.min
                    ),
                ));
                (repeat.min, repeat.max) = (max, Some(repeat.min));
            }
            turn(body, found);
        }
        Element::NumVal {
            value: NumVal::Range { lo, hi },
            span,
        } => {
            if lo > hi {
                found.push((
                    span.0,
                    format!("the range `%x{lo:X}-{hi:X}` goes down: write `%x{hi:X}-{lo:X}`"),
                ));
                std::mem::swap(lo, hi);
            }
        }
        Element::NumVal { .. }
        | Element::RuleRef { .. }
        | Element::CharVal(_)
        | Element::ProseVal { .. } => {}
    }
}

/// The place and message for the parser's error at `span` in one rule's
/// `text`: a specific one when the rule shows a known mistake, the
/// parser's otherwise.
pub(crate) fn explain(text: &str, span: Span, message: String) -> (Span, String) {
    let at = span.start as usize;
    let point = |i: usize, len: usize| Span::new(i as u32, (i + len) as u32);
    if let Some(start) = rule_start(text) {
        let (op_start, op_end) = start.operator;
        let op = text.get(op_start..op_end).unwrap_or_default();
        if op == "::=" || op == ":=" {
            return (
                point(op_start, op.len()),
                format!(
                    "`{op}` is not ABNF: a rule is defined with `=` (and `=/` adds alternatives)"
                ),
            );
        }
        if let Some(u) = text
            .get(start.indent..start.name_end)
            .and_then(|n| n.find('_'))
        {
            return (
                point(start.indent + u, 1),
                "`_` is not allowed in a rule name (ALPHA *(ALPHA / DIGIT / \"-\")): write `-`"
                    .to_string(),
            );
        }
    }
    if let Some(open) = unclosed_prose(text) {
        if open <= at {
            return (
                point(open, 1),
                "a prose value runs over several lines: `<` and `>` must be on one line"
                    .to_string(),
            );
        }
    }
    if let Some(c) = text
        .get(at..)
        .and_then(|t| t.chars().next())
        .filter(|c| !c.is_ascii())
    {
        let ascii = match c {
            '\u{2018}' | '\u{2019}' => " (a typographic quote: write `'`)",
            '\u{201C}' | '\u{201D}' => " (a typographic quote: write `\"`)",
            '\u{A0}' => " (a no-break space: write a space)",
            _ => "",
        };
        return (
            point(at, c.len_utf8()),
            format!(
                "`{c}` (U+{:04X}) is not ASCII, and ABNF is{ascii}",
                u32::from(c)
            ),
        );
    }
    let bytes = text.as_bytes();
    let here = bytes.get(at).copied();
    let before = at.checked_sub(1).and_then(|i| bytes.get(i)).copied();
    match here {
        Some(b'|') => {
            return (
                point(at, 1),
                "`|` is not ABNF: alternatives are separated by `/`".to_string(),
            )
        }
        Some(b'.') if before == Some(b'.') || bytes.get(at + 1) == Some(&b'.') => {
            let dots = if before == Some(b'.') { at - 1 } else { at };
            return (
                point(dots, 2),
                "`..` is not an ABNF range: write `%x30-39` (a hyphen between the bounds)"
                    .to_string(),
            );
        }
        Some(b) if starts_element(b) && before.is_some_and(ends_element) => {
            return (
                point(at, 1),
                "missing whitespace? elements are separated by spaces".to_string(),
            )
        }
        _ => {}
    }
    (span, message)
}

fn starts_element(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'"' | b'%' | b'(' | b'[' | b'<' | b'*')
}

fn ends_element(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'"' | b')' | b']' | b'>')
}

/// Where a `<` opens a prose value that its line does not close (outside
/// quoted strings and comments).
fn unclosed_prose(text: &str) -> Option<usize> {
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let mut quoted = false;
        let mut open = None;
        for (i, b) in line.bytes().enumerate() {
            match b {
                b'"' if open.is_none() => quoted = !quoted,
                b';' if !quoted && open.is_none() => break,
                b'<' if !quoted && open.is_none() => open = Some(offset + i),
                b'>' if open.is_some() => open = None,
                _ => {}
            }
        }
        if open.is_some() {
            return open;
        }
        offset += line.len();
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The message for the rule's first error, and its column (from 1).
    fn message(text: &str) -> (usize, String) {
        let e = abnf_oracle::Grammar::parse(text).unwrap_err();
        let (span, m) = explain(text, e.span(), e.to_string());
        (span.start as usize + 1, m)
    }

    #[test]
    fn each_mistake_has_its_message() {
        let cases = [
            ("a = \"x\"\"y\"\n", 8, "missing whitespace?"),
            ("a = b\"y\"\n", 6, "missing whitespace?"),
            ("a = \"x\" | \"y\"\n", 9, "`|` is not ABNF"),
            ("a ::= \"x\"\n", 3, "`::=` is not ABNF"),
            ("a := \"x\"\n", 3, "`:=` is not ABNF"),
            ("a_b = \"x\"\n", 2, "`_` is not allowed"),
            (
                "a = <one\n  two>\n",
                5,
                "a prose value runs over several lines",
            ),
            ("a = %x30..39\n", 9, "`..` is not an ABNF range"),
            (
                "a = \"\u{2019}\"\n",
                6,
                "`\u{2019}` (U+2019) is not ASCII, and ABNF is (a typographic quote: write `'`)",
            ),
        ];
        for (text, column, start) in cases {
            let (c, m) = message(text);
            assert!(m.starts_with(start), "{text:?}: {m}");
            assert_eq!(c, column, "{text:?}: {m}");
        }
    }

    #[test]
    fn other_errors_keep_the_parsers_message() {
        let (_, m) = message("a = (\"x\"\n");
        assert!(!m.contains("whitespace"), "{m}");
    }
}
