//! kramdown-rfc and Markdown: fenced code blocks (```` ``` ```` or `~~~`)
//! whose info string starts with `abnf`. Other blocks are skipped whole,
//! so that an example's lines are never taken for rules.

use super::figure::{Figure, RawLine};
use super::lines::{Columns, Lines};

/// A fence line: its character, its length and whether it marks ABNF.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Fence {
    ch: u8,
    len: usize,
    pub(super) abnf: bool,
}

/// The line as a fence: up to three spaces, three or more backticks or
/// tildes, then an info string.
pub(super) fn fence(line: &str) -> Option<Fence> {
    let indent = line.bytes().take_while(|&b| b == b' ').count();
    if indent > 3 {
        return None;
    }
    let rest = line.get(indent..)?;
    let ch = *rest
        .as_bytes()
        .first()
        .filter(|&&b| b == b'`' || b == b'~')?;
    let len = rest.bytes().take_while(|&b| b == ch).count();
    if len < 3 {
        return None;
    }
    let info = rest.get(len..)?.trim();
    // kramdown-rfc writes `~~~ abnf`, some authors `{: type="abnf"}` after.
    let abnf = info
        .trim_start_matches(['{', '.'])
        .get(..4)
        .is_some_and(|w| w.eq_ignore_ascii_case("abnf"));
    Some(Fence { ch, len, abnf })
}

/// The ABNF blocks, in order.
pub(super) fn figures(text: &str) -> Vec<Figure> {
    let lines = Lines::new(text);
    let all = lines.all(text);
    let mut figures = Vec::new();
    let mut open: Option<(Fence, Vec<RawLine>)> = None;
    for (i, line) in all.iter().enumerate() {
        match &mut open {
            None => {
                if let Some(f) = fence(line) {
                    open = Some((f, Vec::new()));
                }
            }
            Some((f, body)) => {
                let closes = fence(line)
                    .is_some_and(|c| c.ch == f.ch && c.len >= f.len && line.trim().len() == c.len);
                if !closes {
                    body.push((i, (*line).to_string(), Columns::Shift(0)));
                    continue;
                }
                if let Some((f, body)) = open.take() {
                    if f.abnf {
                        push(&mut figures, body);
                    }
                }
            }
        }
    }
    // An unclosed block runs to the end of the document.
    if let Some((f, body)) = open {
        if f.abnf {
            push(&mut figures, body);
        }
    }
    figures
}

fn push(figures: &mut Vec<Figure>, body: Vec<RawLine>) {
    if body.iter().any(|(_, l, _)| !l.trim().is_empty()) {
        figures.push(Figure::dedented(body));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_blocks_marked_abnf_are_figures() {
        let text = "```abnf\na = b\n```\n\n````\n~~~ abnf\nnot = abnf\n````\n~~~~ ABNF\n  b = \"x\"\n~~~\n~~~~\n";
        let figures = figures(text);
        let texts: Vec<&str> = figures.iter().map(Figure::text).collect();
        assert_eq!(texts, ["a = b\n", "b = \"x\"\n~~~\n"]);
        assert_eq!(figures[1].origins()[0].columns, Columns::Shift(2));
    }
}
