//! kramdown-rfc and Markdown: fenced code blocks (```` ``` ```` or `~~~`)
//! at any indentation, in list items and block quotes. A block whose info
//! string starts with `abnf`, or that kramdown's `{: type="abnf"}` marks
//! (on the line before or after it), is ABNF; one marked as something
//! else (`http`, `json`) is not, so that an example's lines are never
//! taken for rules; an unmarked one is when its lines are ABNF's
//! ([`FigureChoice`]). An indented code block (lines indented four spaces
//! or more, after a blank line, outside a list item and the YAML front
//! matter) is an unmarked figure too (`indented.rs`).

use super::choice::{FigureChoice, Mark, Skipped};
use super::figure::{Figure, RawLine};
use super::lines::{Columns, Lines};

/// A fence line: its character and length, its info string's first word,
/// and what contains it (block quote markers, indentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Fence<'t> {
    ch: u8,
    len: usize,
    info: &'t str,
    quotes: usize,
    indent: usize,
    pub(super) abnf: bool,
}

/// The block quote markers (`>`, a space after each) and the spaces
/// before a line's content: how many `>`, and the bytes they and the
/// spaces take.
fn container(line: &str) -> (usize, usize) {
    let bytes = line.as_bytes();
    let (mut quotes, mut at) = (0, 0);
    loop {
        let spaces = bytes
            .get(at..)
            .unwrap_or_default()
            .iter()
            .take_while(|&&b| b == b' ')
            .count();
        if bytes.get(at + spaces) != Some(&b'>') {
            return (quotes, at);
        }
        quotes += 1;
        at += spaces + 1;
        if bytes.get(at) == Some(&b' ') {
            at += 1;
        }
    }
}

/// The line as a fence: block quote markers and spaces, three or more
/// backticks or tildes, then an info string.
pub(super) fn fence(line: &str) -> Option<Fence<'_>> {
    let (quotes, at) = container(line);
    let rest = line.get(at..)?;
    let indent = rest.bytes().take_while(|&b| b == b' ').count();
    let rest = rest.get(indent..)?;
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
    let word = info
        .trim_start_matches(['{', '.'])
        .split(|c: char| c.is_whitespace() || c == '}' || c == ',')
        .next()
        .unwrap_or_default();
    let abnf = word
        .get(..4)
        .is_some_and(|w| w.eq_ignore_ascii_case("abnf"));
    Some(Fence {
        ch,
        len,
        info: word,
        quotes,
        indent,
        abnf,
    })
}

/// Whether a line is kramdown's attribute list marking ABNF:
/// `{: type="abnf"}` (or `.abnf`), as the line after or before a block.
fn marks_abnf(line: Option<&&str>) -> bool {
    line.map(|l| l.trim())
        .filter(|l| l.starts_with("{:") && l.ends_with('}'))
        .is_some_and(|l| {
            let l = l.to_ascii_lowercase();
            l.contains("type=\"abnf") || l.contains("type='abnf") || l.contains(".abnf")
        })
}

/// A line of a block's body, the opening fence's container taken off:
/// its block quote markers, then up to its indentation.
fn body_line(line: &str, open: &Fence<'_>) -> (String, usize) {
    let (quotes, at) = container(line);
    let mut cut = 0;
    if quotes >= open.quotes && open.quotes > 0 {
        // The opening's markers, and the spaces after the last of them.
        let mut seen = 0;
        let bytes = line.as_bytes();
        while seen < open.quotes {
            match bytes.get(cut) {
                Some(b'>') => {
                    seen += 1;
                    cut += 1;
                    if bytes.get(cut) == Some(&b' ') {
                        cut += 1;
                    }
                }
                Some(_) => cut += 1,
                None => break,
            }
        }
    } else if open.quotes > 0 {
        cut = at;
    }
    let rest = line.get(cut..).unwrap_or_default();
    let spaces = rest
        .bytes()
        .take(open.indent)
        .take_while(|&b| b == b' ')
        .count();
    cut += spaces;
    (line.get(cut..).unwrap_or_default().to_string(), cut)
}

/// The ABNF blocks, in order, and the blocks left out.
pub(super) fn figures<'t>(text: &'t str, choice: FigureChoice) -> (Vec<Figure>, Vec<Skipped>) {
    let lines = Lines::new(text);
    let all = lines.all(text);
    let mut blocks: Vec<(Mark<'t>, Vec<RawLine>)> = Vec::new();
    let mut open: Option<(Fence<'t>, usize, Vec<RawLine>)> = None;
    let mut end = |open: Fence<'t>, start: usize, after: usize, body: Vec<RawLine>| {
        let before = start.checked_sub(1).and_then(|b| all.get(b));
        let mark = match open.info {
            _ if open.abnf || marks_abnf(all.get(after)) || marks_abnf(before) => Mark::Abnf,
            "" => Mark::None,
            info => Mark::Other(info),
        };
        blocks.push((mark, body));
    };
    let mut indented = super::indented::Indented::new(&all);
    for (i, line) in all.iter().enumerate() {
        match &mut open {
            None => {
                if let Some(f) = fence(line) {
                    indented.interrupt();
                    open = Some((f, i, Vec::new()));
                } else {
                    indented.line(i, line);
                }
            }
            Some((f, _, body)) => {
                let closes = fence(line).is_some_and(|c| {
                    c.ch == f.ch && c.len >= f.len && c.info.is_empty() && c.quotes == f.quotes
                });
                if !closes {
                    let (content, cut) = body_line(line, f);
                    body.push((i, content, Columns::Shift(cut)));
                    continue;
                }
                if let Some((f, start, body)) = open.take() {
                    end(f, start, i + 1, body);
                }
            }
        }
    }
    // An unclosed block runs to the end of the document.
    if let Some((f, start, body)) = open {
        end(f, start, all.len(), body);
    }
    blocks.extend(indented.blocks().into_iter().map(|b| (Mark::None, b)));
    blocks.sort_by_key(|(_, body)| body.first().map_or(0, |l| l.0));
    let mut figures = Vec::new();
    let mut skipped = Vec::new();
    for (mark, body) in blocks {
        if !body.iter().any(|(_, l, _)| !l.trim().is_empty()) {
            continue;
        }
        let figure = Figure::dedented(body);
        match choice.take(mark, figure.text()) {
            Ok(()) => figures.push(figure),
            Err(why) => skipped.push(figure.skipped(why)),
        }
    }
    (figures, skipped)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_blocks_marked_abnf_are_figures() {
        let text = "```abnf\na = b\n```\n\n````\n~~~ abnf\nnot = abnf\n````\n~~~~ ABNF\n  b = \"x\"\n~~~\n~~~~\n";
        let (figures, skipped) = figures(text, FigureChoice::Auto);
        let texts: Vec<&str> = figures.iter().map(Figure::text).collect();
        assert_eq!(texts, ["a = b\n", "b = \"x\"\n~~~\n"]);
        assert_eq!(figures[1].origins()[0].columns, Columns::Shift(2));
        // The unmarked block holds a line that starts a fence: 1 of 2 lines.
        assert_eq!(skipped[0].line, 6);
    }

    #[test]
    fn blocks_in_list_items_and_quotes_and_kramdown_attributes() {
        let text = "1. A date:\n\n    ~~~ abnf\n    date = 4DIGIT\n      / \"x\"\n    ~~~\n\n> ```\n> q = %x71\n> ```\n\n~~~\nv = \"1\"\n~~~\n{: type=\"abnf\"}\n\n```http\nGET / HTTP/1.1\n```\n";
        let (figures, skipped) = figures(text, FigureChoice::Auto);
        let texts: Vec<&str> = figures.iter().map(Figure::text).collect();
        assert_eq!(
            texts,
            ["date = 4DIGIT\n  / \"x\"\n", "q = %x71\n", "v = \"1\"\n"]
        );
        assert_eq!(figures[0].origins()[0].columns, Columns::Shift(4));
        assert_eq!(figures[1].origins()[0].columns, Columns::Shift(2));
        assert_eq!(skipped[0].why, "marked as `http`, not ABNF");
        let (marked, _) = super::figures(text, FigureChoice::Marked);
        assert_eq!(marked.len(), 2);
    }

    #[test]
    fn indented_code_blocks_are_figures_chosen_by_their_lines() {
        let text = "---\ntitle: x\n\n    front = \"matter\"\n--- abstract\n\nProse.\n\n    date = 4DIGIT \"-\" 2DIGIT\n      / \"x\"\n\n    more = date\n\nProse.\n    lazy = \"continuation\"\n\n    $ curl https://example.com/\n\n- item\n\n    item = \"continued\"\n\n> quote\n>\n>     q = \"x\"\n\n```\n    fenced = \"x\"\n```\n";
        let (taken, skipped) = figures(text, FigureChoice::Auto);
        assert_eq!(
            taken.iter().map(Figure::text).collect::<Vec<_>>(),
            [
                "date = 4DIGIT \"-\" 2DIGIT\n  / \"x\"\n\nmore = date\n",
                "fenced = \"x\"\n"
            ]
        );
        assert_eq!(taken[0].line(), 9);
        assert_eq!(taken[0].origins()[0].columns, Columns::Shift(4));
        let skipped: Vec<(usize, &str)> =
            skipped.iter().map(|s| (s.line, s.first.as_str())).collect();
        assert_eq!(skipped, [(17, "$ curl https://example.com/")]);
        // `--figures abnf` takes no unmarked block.
        let (marked, _) = figures(text, FigureChoice::Marked);
        assert!(marked.is_empty());
    }
}
