//! What a line that starts a rule looks like, to tell ABNF figures from
//! examples and prose.

/// A line that starts a rule: indentation, a name, and `=` or `=/` (or the
/// `::=` and `:=` of other notations, which the loader reports).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct RuleStart {
    /// Leading spaces.
    pub(crate) indent: usize,
    /// Where the name ends.
    pub(crate) name_end: usize,
    /// Where the operator starts and ends.
    pub(crate) operator: (usize, usize),
}

/// The line as a rule's start: `name =`, `name =/`, `name ::=` or
/// `name := `, the name ALPHA *(ALPHA / DIGIT / "-" / "_").
pub(crate) fn rule_start(line: &str) -> Option<RuleStart> {
    let bytes = line.as_bytes();
    let indent = bytes.iter().take_while(|&&b| b == b' ').count();
    if !bytes.get(indent)?.is_ascii_alphabetic() {
        return None;
    }
    let name_end = indent
        + bytes
            .get(indent..)?
            .iter()
            .take_while(|b| b.is_ascii_alphanumeric() || **b == b'-' || **b == b'_')
            .count();
    let op_start = name_end
        + bytes
            .get(name_end..)?
            .iter()
            .take_while(|b| **b == b' ' || **b == b'\t')
            .count();
    let rest = line.get(op_start..)?;
    let len = ["::=", ":=", "=/", "="]
        .iter()
        .find(|op| rest.starts_with(*op))?
        .len();
    // `a == b` and `a => b` are not definitions.
    if rest.get(len..).is_some_and(|r| r.starts_with(['=', '>'])) {
        return None;
    }
    Some(RuleStart {
        indent,
        name_end,
        operator: (op_start, op_start + len),
    })
}

/// Whether a figure's text parses, entirely, as one or more ABNF rules
/// (RFC 9110's lists allowed).
pub(crate) fn parses_as_rules(text: &str) -> bool {
    let (text, _) = super::lists::mark(text);
    xiri_engine::too_deep(&text).is_none()
        && abnf_oracle::Grammar::parse(&text).is_ok_and(|g| !g.definitions().is_empty())
}

/// Whether the text's first production is in the W3C Note's layout:
/// `[N] name ::= ...` (rewritten into RFC 5234's layout, line for line,
/// by the engine's `abnf` module).
pub(crate) fn is_w3c(text: &str) -> bool {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_starts_and_lines_that_are_not() {
        let start = rule_start("   token = 1*tchar").unwrap();
        assert_eq!(
            (start.indent, start.name_end, start.operator),
            (3, 8, (9, 10))
        );
        assert_eq!(rule_start("a=/b").unwrap().operator, (1, 3));
        assert_eq!(rule_start("a ::= b").unwrap().operator, (2, 5));
        assert!(rule_start("a_b = c").is_some());
        for line in [
            "\"g\" = \"x\"",
            "T.scheme = R.scheme;",
            "a == b",
            "Host: x",
            "",
            "  ; c",
        ] {
            assert!(rule_start(line).is_none(), "{line}");
        }
    }

    #[test]
    fn only_rules_parse_as_rules() {
        assert!(parses_as_rules("a = \"x\"\nb = a\n"));
        assert!(!parses_as_rules("GET / HTTP/1.1\n"));
        assert!(!parses_as_rules("; only a comment\n"));
        assert!(parses_as_rules("a = 1#b\n"));
    }
}
