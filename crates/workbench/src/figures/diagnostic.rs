//! What is wrong with a grammar, and where: `FILE:LINE:COLUMN: message`,
//! the line, and a caret under the place.

use super::file::{locate, Location, Read};
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
    /// `unused`; notes `skipped-figure` (a figure of a source that is not
    /// ABNF, or how many, when many) and `rfc9110-ows` (lists without a grammar's own `OWS`).
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
            location: locate(files, span),
            ..Diagnostic::without_place(severity, kind, rule, message)
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
