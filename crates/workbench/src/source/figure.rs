//! One ABNF figure of a source, made from the lines the format's reader
//! found: dedented, each line remembering where it was.

use super::choice::Skipped;
use super::lines::{Columns, Origin};
use super::shape::rule_start;

/// A line of a figure before it is made: its original line (from 0),
/// its text, and how its bytes sit in the original line.
pub(crate) type RawLine = (usize, String, Columns);

/// One ABNF figure of a source: its rules, indentation taken off so that
/// rules start a line, and where each line was.
///
/// ```
/// let found = xiri_workbench::extract("Internet-Draft   X   May 2026\n\n   The rule:\n\n      a = \"x\"\n        / \"y\"\n");
/// let figure = &found.figures[0];
/// assert_eq!((figure.line(), figure.text()), (5, "a = \"x\"\n  / \"y\"\n"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Figure {
    pub(super) text: String,
    pub(super) origins: Vec<Origin>,
}

impl Figure {
    /// The figure's ABNF, each line ended by LF.
    ///
    /// ```
    /// let found = xiri_workbench::extract("a = \"x\"\r\n");
    /// assert_eq!(found.figures[0].text(), "a = \"x\"\n");
    /// ```
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The line of the source (from 1) its first line was on.
    ///
    /// ```
    /// let found = xiri_workbench::extract("Text.\n\n```abnf\na = \"x\"\n```\n");
    /// assert_eq!(found.figures[0].line(), 4);
    /// ```
    pub fn line(&self) -> usize {
        self.origins.first().map_or(1, |o| o.line + 1)
    }

    /// This figure, left out for `why`.
    pub(crate) fn skipped(&self, why: String) -> Skipped {
        Skipped {
            line: self.line(),
            first: self
                .text
                .lines()
                .next()
                .unwrap_or_default()
                .trim()
                .to_string(),
            why,
        }
    }

    pub(crate) fn origins(&self) -> &[Origin] {
        &self.origins
    }

    /// A figure of these lines, dedented so that its least indented rule
    /// starts its line.
    pub(crate) fn dedented(lines: Vec<RawLine>) -> Self {
        let indent = lines
            .iter()
            .filter_map(|(_, l, _)| rule_start(l))
            .map(|r| r.indent)
            .min()
            .unwrap_or(0);
        Figure::from_lines(lines, indent)
    }

    /// A figure of these lines: `(original line, text, byte map)`, each
    /// dedented by `indent` (where it has that many leading spaces).
    pub(crate) fn from_lines(lines: Vec<RawLine>, indent: usize) -> Self {
        let mut text = String::new();
        let mut origins = Vec::with_capacity(lines.len());
        for (line, content, columns) in lines {
            let cut = content
                .bytes()
                .take(indent)
                .take_while(|&b| b == b' ')
                .count();
            text.push_str(content.get(cut..).unwrap_or_default());
            text.push('\n');
            let columns = match columns {
                Columns::Shift(n) => Columns::Shift(n + cut),
                Columns::Map(map) => Columns::Map(map.get(cut..).unwrap_or_default().to_vec()),
            };
            origins.push(Origin { line, columns });
        }
        Figure { text, origins }
    }
}
