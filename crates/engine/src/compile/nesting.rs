//! How deep an ABNF text nests its groups and options, found before
//! `abnf-oracle` parses it: its parser, and every pass over the parsed
//! rules (the compiler, the Earley parser's lowering, the workbench's
//! analyses and diagrams), recurse once per level, so a text of
//! thousands of `(` or `[` (a hostile draft) would overflow the stack.

/// How deep groups (`( )`) and options (`[ ]`) may nest in one rule: no
/// specification comes near (RFC 3986's deepest is 3, RFC 5322's 4), and
/// the passes that recurse over a rule stay far from the stack's end.
pub const MAX_GROUP_NESTING: usize = 64;

/// The byte offset of the first `(` or `[` of `text` nested deeper than
/// [`MAX_GROUP_NESTING`], outside strings, prose values and comments.
///
/// ```
/// let deep = format!("a = {}\"x\"{}\n", "(".repeat(65), ")".repeat(65));
/// assert_eq!(xiri_engine::too_deep(&deep), Some(4 + 64));
/// assert_eq!(xiri_engine::too_deep("a = \"((((\"\n"), None);
/// ```
pub fn too_deep(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    let mut bytes = text.bytes().enumerate();
    while let Some((i, b)) = bytes.next() {
        match b {
            b'(' | b'[' => {
                depth += 1;
                if depth > MAX_GROUP_NESTING {
                    return Some(i);
                }
            }
            b')' | b']' => depth = depth.saturating_sub(1),
            // A string, a prose value or a comment ends at its closing
            // character or, unterminated (which the parser refuses), at
            // the end of the line.
            b'"' | b'<' | b';' => {
                let close = match b {
                    b'"' => b'"',
                    b'<' => b'>',
                    _ => b'\n',
                };
                for (_, c) in bytes.by_ref() {
                    if c == close || c == b'\n' {
                        break;
                    }
                }
            }
            _ => {}
        }
    }
    None
}

/// The message for a group at byte `offset` of `text` nested too deep,
/// with its line and column (1-based, the column in characters).
///
/// ```
/// let m = xiri_engine::nesting_message("a = x\nb = ((", 9);
/// assert!(m.starts_with("2:4: groups and options nested more than 64 deep"));
/// ```
pub fn message(text: &str, offset: usize) -> String {
    let (line, column) = line_column(text, offset);
    format!("{line}:{column}: groups and options nested more than {MAX_GROUP_NESTING} deep")
}

/// The line and column (1-based, the column in characters) of byte
/// `offset` of `text`.
pub(crate) fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let before = text.get(..offset).unwrap_or_default();
    let line = before.matches('\n').count() + 1;
    let column = before
        .rsplit('\n')
        .next()
        .unwrap_or_default()
        .chars()
        .count()
        + 1;
    (line, column)
}

#[cfg(test)]
mod tests {
    use super::{MAX_GROUP_NESTING, too_deep};

    #[test]
    fn only_groups_outside_strings_prose_and_comments_count() {
        let deep = |open: &str| format!("a = {}\"x\"\n", open.repeat(MAX_GROUP_NESTING + 1));
        assert_eq!(too_deep(&deep("(")), Some(4 + MAX_GROUP_NESTING));
        assert_eq!(too_deep(&deep("[")), Some(4 + MAX_GROUP_NESTING));
        assert_eq!(too_deep(&deep("*(")), Some(5 + 2 * MAX_GROUP_NESTING));
        let wide = "a = ( \"x\" ) ".repeat(1000);
        assert_eq!(too_deep(&wide), None);
        let quoted = format!(
            "a = \"{}\" <{}> ; {}\n",
            "(".repeat(100),
            "[".repeat(100),
            "(".repeat(100)
        );
        assert_eq!(too_deep(&quoted), None);
    }
}
