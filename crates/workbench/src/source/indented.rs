//! Markdown's indented code blocks (CommonMark 4.4): a run of lines
//! indented four spaces or more (blank lines within it), after a blank
//! line or the start. Not a block: lines after a list item, or after
//! a line continuing one (CommonMark 5.2), in a block quote,
//! or in kramdown-rfc's YAML front matter (from a first line `---` to the
//! next line starting `---`). Each block is an unmarked figure, which the
//! same line test as any takes or skips ([`FigureChoice`](super::FigureChoice)).

use super::figure::RawLine;
use super::lines::Columns;

/// The indented code blocks of a document, found a line at a time (the
/// lines of fenced blocks are not given).
pub(super) struct Indented {
    /// The first line after the front matter.
    body_from: usize,
    /// Whether the line before was blank (or there was none).
    after_blank: bool,
    /// Whether the last line with content was a list item's, or an
    /// indented line after one.
    in_list: bool,
    run: Vec<RawLine>,
    blocks: Vec<Vec<RawLine>>,
}

/// Whether a line starts a list item: `-`, `*` or `+`, or digits and `.`
/// or `)`, then a space.
fn list_item(line: &str) -> bool {
    let t = line.trim_start();
    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
    let rest = t.get(digits..).unwrap_or_default();
    let marker = match digits {
        0 => rest.strip_prefix(['-', '*', '+']),
        _ => rest.strip_prefix(['.', ')']),
    };
    marker.is_some_and(|r| r.is_empty() || r.starts_with([' ', '\t']))
}

impl Indented {
    pub(super) fn new(all: &[&str]) -> Self {
        let mut body_from = 0;
        if all.first().is_some_and(|l| l.trim_end() == "---") {
            body_from = all
                .iter()
                .skip(1)
                .position(|l| l.starts_with("---"))
                .map_or(all.len(), |p| p + 1);
        }
        Indented {
            body_from,
            after_blank: true,
            in_list: false,
            run: Vec::new(),
            blocks: Vec::new(),
        }
    }

    /// Line `i` (from 0), not within a fenced block.
    pub(super) fn line(&mut self, i: usize, line: &str) {
        if i < self.body_from {
            return;
        }
        let blank = line.trim().is_empty();
        let indent = line.bytes().take_while(|&b| b == b' ').count();
        if blank {
            if !self.run.is_empty() {
                self.run.push((i, String::new(), Columns::Shift(0)));
            }
            self.after_blank = true;
            return;
        }
        if indent >= 4 && (!self.run.is_empty() || (self.after_blank && !self.in_list)) {
            self.run.push((i, line.to_string(), Columns::Shift(0)));
        } else {
            self.close();
            self.in_list = list_item(line) || (indent > 0 && self.in_list);
        }
        self.after_blank = false;
    }

    /// A fence: a run before it ends there.
    pub(super) fn interrupt(&mut self) {
        self.close();
        self.in_list = false;
        self.after_blank = false;
    }

    fn close(&mut self) {
        while self.run.last().is_some_and(|l| l.1.is_empty()) {
            self.run.pop();
        }
        if !self.run.is_empty() {
            self.blocks.push(std::mem::take(&mut self.run));
        }
    }

    /// The blocks, each its lines.
    pub(super) fn blocks(mut self) -> Vec<Vec<RawLine>> {
        self.close();
        self.blocks
    }
}
