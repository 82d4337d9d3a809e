//! What is wrong with a grammar, and where: `FILE:LINE:COLUMN: message`,
//! the line, and a caret under the place.

use super::read::Read;
use abnf_oracle::Span;
use std::fmt;

/// Whether a finding stops the grammar from being used.
///
/// ```
/// assert_ne!(xiri_workbench::Severity::Error, xiri_workbench::Severity::Warning);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    /// The grammar cannot be used until it is fixed (an undefined rule, a
    /// rule defined twice, a syntax error).
    Error,
    /// Worth a look, and no obstacle (an unused rule).
    Warning,
    /// For information (a byte order mark skipped, a rule defined twice
    /// the same way).
    Note,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
        })
    }
}

/// A place in an ABNF file.
///
/// ```
/// let files = [xiri_workbench::AbnfFile::new("g.abnf", "a = b\n")];
/// let e = xiri_workbench::LoadedGrammar::load(&files).unwrap_err();
/// let place = e.diagnostics()[0].location.as_ref().unwrap();
/// assert_eq!((place.file.as_str(), place.line, place.column), ("g.abnf", 1, 5));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Location {
    /// The file's name as it was given.
    pub file: String,
    /// From 1.
    pub line: usize,
    /// From 1, in characters (ABNF is ASCII).
    pub column: usize,
    /// The line's text.
    pub text: String,
    /// How many characters the caret covers (at least 1).
    pub width: usize,
}

/// One finding about a grammar.
///
/// ```
/// let files = [xiri_workbench::AbnfFile::new("g.abnf", "a = b\n")];
/// let e = xiri_workbench::LoadedGrammar::load(&files).unwrap_err();
/// assert_eq!(e.diagnostics()[0].kind, "undefined");
/// assert_eq!(
///     e.diagnostics()[0].to_string(),
///     "g.abnf:1:5: error: `b` is used here and defined nowhere (used in `a`)\n  a = b\n      ^"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// What kind: `syntax`, `undefined`, `duplicate`,
    /// `incremental-without-base`, `left-recursion`, `invalid-range`, `too-wide`,
    /// `unused`.
    pub kind: &'static str,
    /// The rule concerned, when there is one.
    pub rule: Option<String>,
    /// What is wrong, in a sentence.
    pub message: String,
    /// Where, when the finding has one place.
    pub location: Option<Location>,
}

impl Diagnostic {
    pub(crate) fn at(
        severity: Severity,
        kind: &'static str,
        rule: Option<String>,
        message: String,
        files: &[Read],
        span: Span,
    ) -> Self {
        Diagnostic {
            severity,
            kind,
            rule,
            message,
            location: locate(files, span),
        }
    }

    pub(crate) fn without_place(
        severity: Severity,
        kind: &'static str,
        rule: Option<String>,
        message: String,
    ) -> Self {
        Diagnostic {
            severity,
            kind,
            rule,
            message,
            location: None,
        }
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.location {
            Some(l) => write!(
                f,
                "{}:{}:{}: {}: {}\n  {}\n  {}{}",
                l.file,
                l.line,
                l.column,
                self.severity,
                self.message,
                l.text,
                " ".repeat(l.column.saturating_sub(1)),
                "^".repeat(l.width.max(1))
            ),
            None => write!(f, "{}: {}", self.severity, self.message),
        }
    }
}

/// `FILE:LINE:COLUMN` of a span.
pub(crate) fn place(files: &[Read], span: Span) -> String {
    match locate(files, span) {
        Some(l) => format!("{}:{}:{}", l.file, l.line, l.column),
        None => "an unknown place".to_string(),
    }
}

/// The file, line and column a span of the joined text starts at: the
/// line of the parsed text, then where that line was in the file (its
/// figure, its indentation, its entities).
fn locate(files: &[Read], span: Span) -> Option<Location> {
    let file = files.iter().rev().find(|f| f.base <= span.start)?;
    let text = &file.parsed;
    let offset = usize::try_from(span.start - file.base)
        .ok()?
        .min(text.len());
    let line = file
        .parsed_starts
        .partition_point(|&s| s <= offset)
        .saturating_sub(1);
    let line_start = file.parsed_starts.get(line).copied().unwrap_or(0);
    let line_text = text.get(line_start..)?.lines().next().unwrap_or_default();
    let byte = offset - line_start;
    let bytes = usize::try_from(span.end.saturating_sub(span.start))
        .unwrap_or(1)
        .min(line_text.len().saturating_sub(byte));
    // In characters, as the column is.
    let width = line_text
        .get(byte..byte + bytes)
        .map_or(bytes, |t| t.chars().count())
        .max(1);
    let (original_line, mut original_byte) = match file.origins.get(line) {
        Some(origin) => (origin.line, origin.byte(byte)),
        // Past the last line: the line after it.
        None => (file.origins.last().map_or(0, |o| o.line + 1), byte),
    };
    let original = file
        .lines
        .get(&file.original, original_line)
        .unwrap_or_default();
    if file.w3c {
        // The W3C layout is rewritten line for line, its start changed.
        original_byte = (byte + body_start(original)).saturating_sub(body_start(line_text));
    }
    let column = original
        .get(..original_byte.min(original.len()))
        .map_or(0, |b| b.chars().count())
        + original_byte.saturating_sub(original.len());
    Some(Location {
        file: file.name.clone(),
        line: original_line + 1,
        column: column + 1,
        text: original.to_string(),
        width,
    })
}

/// Where a line's elements start: after `name =` (or `::=`), or after
/// its indentation.
fn body_start(line: &str) -> usize {
    let after = line
        .find("::=")
        .map(|i| i + 3)
        .or_else(|| line.find('=').map(|i| i + 1))
        .filter(|_| !line.starts_with(char::is_whitespace));
    let from = after.unwrap_or(0);
    from + line
        .get(from..)
        .map_or(0, |rest| rest.len() - rest.trim_start().len())
}
