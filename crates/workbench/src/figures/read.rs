//! Reading one file: its bytes as text, its ABNF figures taken out of it
//! ([`source`](crate::source)) and joined (`file.rs`), a BOM skipped with
//! a note and invalid UTF-8 reported where it is, then its rules parsed
//! one at a time (`parse.rs`).

use super::diagnostic::{Diagnostic, Severity};
use super::file::Read;
use super::options::LoadOptions;
use super::parse;
use crate::source::{AbnfFile, Skipped};
use abnf_oracle::{Definition, Span};

/// What reading a file gives.
pub(crate) struct FileRules {
    pub(crate) read: Read,
    /// The rules that parse, their spans in the joined text.
    pub(crate) definitions: Vec<Definition>,
    /// Errors (syntax, encoding) and notes.
    pub(crate) diagnostics: Vec<Diagnostic>,
    /// The names of the rules with a syntax error, which the other rules
    /// may use without their being reported as undefined.
    pub(crate) broken: Vec<String>,
    /// Where its first RFC 9110 list (`#`) is, in the joined text.
    pub(crate) list: Option<Span>,
}

/// Reads a file whose spans start at `base` in the joined text.
pub(super) fn read(file: &AbnfFile, base: u32, options: &LoadOptions) -> FileRules {
    let mut diagnostics = Vec::new();
    let read = Read::new(file, base, options.figures);
    let bom = read.bom;
    if bom {
        diagnostics.push(Diagnostic {
            severity: Severity::Note,
            kind: "bom",
            rule: None,
            message: "the file starts with a byte order mark (U+FEFF); skipped".to_string(),
            location: Some(read.location(0, 1)),
        });
    }
    // Each figure skipped named, or, when they are many, summed up in one
    // note placed at the first.
    let summary = Skipped::summary(&read.skipped);
    let shown = if summary.is_some() {
        1
    } else {
        read.skipped.len()
    };
    for skipped in read.skipped.iter().take(shown) {
        let mut location = read.location(0, 1);
        if let Some(start) = read.lines.start(skipped.line.saturating_sub(1)) {
            let text = read
                .lines
                .get(&read.original, skipped.line.saturating_sub(1));
            let indent = text.map_or(0, |t| t.len() - t.trim_start().len());
            location = read.location(start + indent, skipped.first.chars().count());
        }
        let message = summary.clone().unwrap_or_else(|| {
            format!(
                "a figure skipped, not ABNF: {} (`--figures all` reads it)",
                skipped.why
            )
        });
        diagnostics.push(Diagnostic {
            severity: Severity::Note,
            kind: "skipped-figure",
            rule: None,
            message,
            location: Some(location),
        });
    }
    for &(offset, byte) in file.invalid_utf8() {
        let offset = if bom {
            offset.saturating_sub(3)
        } else {
            offset
        };
        diagnostics.push(Diagnostic {
            severity: Severity::Error,
            kind: "encoding",
            rule: None,
            message: format!("byte 0x{byte:02X} is not UTF-8 (is the file Latin-1? ABNF is ASCII)"),
            location: Some(read.location(offset, 1)),
        });
    }
    let (definitions, broken, list) = parse::rules(&read, options, &mut diagnostics);
    FileRules {
        read,
        definitions,
        diagnostics,
        broken,
        list,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(text: &str) -> Vec<String> {
        read(&AbnfFile::new("g", text), 0, &Default::default())
            .diagnostics
            .iter()
            .map(|d| d.to_string().lines().next().unwrap_or_default().to_string())
            .collect()
    }

    #[test]
    fn every_rule_is_read_and_each_mistake_reported() {
        let text = "a = \"x\" | \"y\"\nb = c\nc = (\"z\"\nd = \"w\"\n";
        let rules = read(&AbnfFile::new("g", text), 0, &Default::default());
        let names: Vec<&str> = rules.definitions.iter().map(|d| d.name.as_str()).collect();
        assert_eq!(names, ["b", "d"]);
        assert_eq!(rules.broken, ["a", "c"]);
        let shown = shown(text);
        assert!(shown[0].starts_with("g:1:9: error: "), "{shown:?}");
        assert!(
            shown[1].starts_with("g:4:1: error: ") || shown[1].starts_with("g:3:"),
            "{shown:?}"
        );
    }

    #[test]
    fn a_first_rule_indented_is_named() {
        let shown = shown("  a = b\nb = \"x\"\n");
        assert_eq!(
            shown,
            ["g:1:3: error: the rule `a` is indented, and it is the grammar's first: a rule starts its line, an indented line continues the rule before it"]
        );
    }
}
