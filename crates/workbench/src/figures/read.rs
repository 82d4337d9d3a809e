//! Reading one file: its bytes as text (a BOM skipped with a note,
//! invalid UTF-8 reported where it is), its ABNF figures taken out of it
//! ([`source`](crate::source)), and its rules parsed one at a time, so
//! that a mistake in one rule does not hide those in the next: each
//! rule's first mistake is reported ([`mistakes`](super::mistakes)) and
//! the loader goes on at the next rule, as BAP does.

use super::diagnostic::{Diagnostic, Severity};
use super::file::Read;
use super::layout::{shift_definition, shifted};
use super::mistakes;
use super::options::LoadOptions;
use crate::source::lists;
use crate::source::{extract, is_w3c, rule_start, AbnfFile, Lines, SourceFormat};
use abnf_oracle::{Definition, Span};
use xiri_engine::abnf::{to_rfc5234, Notation};

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
}

/// Reads a file whose spans start at `base` in the joined text.
pub(crate) fn read(file: &AbnfFile, base: u32, options: &LoadOptions) -> FileRules {
    let mut diagnostics = Vec::new();
    let (bom, original) = match file.text.strip_prefix('\u{feff}') {
        Some(rest) => (true, rest.to_string()),
        None => (false, file.text.clone()),
    };
    let extracted = extract(&original);
    let w3c = extracted.format == SourceFormat::Abnf && is_w3c(&original);
    let mut parsed = String::new();
    let mut origins = Vec::new();
    for figure in &extracted.figures {
        parsed.push_str(figure.text());
        origins.extend(figure.origins().iter().cloned());
    }
    if w3c {
        parsed = to_rfc5234(&parsed, Notation::W3cNote);
    }
    let mut parsed_starts = vec![0];
    parsed_starts.extend(parsed.match_indices('\n').map(|(i, _)| i + 1));
    let read = Read {
        name: file.name.clone(),
        lines: Lines::new(&original),
        original,
        parsed,
        parsed_starts,
        origins,
        w3c,
        base,
    };
    if bom {
        diagnostics.push(Diagnostic {
            severity: Severity::Note,
            kind: "bom",
            rule: None,
            message: "the file starts with a byte order mark (U+FEFF); skipped".to_string(),
            location: Some(read.location(0, 1)),
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
    let mut definitions = Vec::new();
    let mut broken = Vec::new();
    let files = std::slice::from_ref(&read);
    for chunk in chunks(&read.parsed) {
        let text = read.parsed.get(chunk.start..chunk.end).unwrap_or_default();
        let at = base.saturating_add(u32::try_from(chunk.start).unwrap_or(u32::MAX));
        if chunk.indented {
            let name = rule_start(text).map(|r| text.get(r.indent..r.name_end).unwrap_or_default());
            let message = match name {
                Some(name) => {
                    broken.push(name.to_string());
                    format!("the rule `{name}` is indented, and it is the grammar's first: a rule starts its line, an indented line continues the rule before it")
                }
                None => "an indented line before the first rule: an indented line continues a rule, and none has started".to_string(),
            };
            let first = text.len() - text.trim_start().len();
            let span = shifted(Span::new(first as u32, first as u32 + 1), at);
            push_new(
                &mut diagnostics,
                Diagnostic::at(
                    Severity::Error,
                    "indented-rule",
                    name.map(String::from),
                    message,
                    files,
                    span,
                ),
            );
            continue;
        }
        // RFC 9110's `#`, read as `*` and expanded once parsed.
        let (marked, marks) = lists::mark(text);
        match parse(&marked) {
            Ok(mut parsed) => {
                for definition in &mut parsed {
                    shift_definition(definition, at);
                }
                let marks: Vec<(u32, bool)> = marks
                    .iter()
                    .map(|&(m, one)| (at.saturating_add(u32::try_from(m).unwrap_or(u32::MAX)), one))
                    .collect();
                lists::expand(&mut parsed, &marks, options.lists);
                definitions.extend(parsed);
            }
            Err((span, message, nested)) => {
                // The parser's error, explained; the nesting limit's is its own.
                let (span, message) = if nested {
                    (span, message)
                } else {
                    mistakes::explain(text, span, message)
                };
                let name = rule_start(text).map(|r| {
                    text.get(r.indent..r.name_end)
                        .unwrap_or_default()
                        .to_string()
                });
                broken.extend(name.clone());
                let d = Diagnostic::at(
                    Severity::Error,
                    "syntax",
                    name,
                    message,
                    files,
                    shifted(span, at),
                );
                push_new(&mut diagnostics, d);
            }
        }
    }
    FileRules {
        read,
        definitions,
        diagnostics,
        broken,
    }
}

/// Adds a finding unless one is already at its place (an invalid byte is
/// also a non-ASCII one for the parser).
fn push_new(diagnostics: &mut Vec<Diagnostic>, d: Diagnostic) {
    let same = |e: &Diagnostic| {
        e.severity == d.severity
            && match (&e.location, &d.location) {
                (Some(a), Some(b)) => (a.line, a.column) == (b.line, b.column),
                _ => false,
            }
    };
    if !diagnostics.iter().any(same) {
        diagnostics.push(d);
    }
}

/// One rule's text in the parsed text: from a line that starts in column
/// 1 to the next such line (comments and blank lines go with the rule
/// before them). `indented`: lines before the first rule that are neither
/// blank nor comments.
struct Chunk {
    start: usize,
    end: usize,
    indented: bool,
}

fn chunks(text: &str) -> Vec<Chunk> {
    let mut chunks: Vec<Chunk> = Vec::new();
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let first = line.bytes().next().unwrap_or(b'\n');
        let content = line.trim();
        let starts = !matches!(first, b' ' | b'\t' | b'\n' | b'\r' | b';');
        match chunks.last_mut() {
            Some(last) if !starts => last.end = offset + line.len(),
            None if content.is_empty() || content.starts_with(';') => {}
            None if !starts => {
                // An indented line (a rule, or what follows it) before any rule.
                chunks.push(Chunk {
                    start: offset,
                    end: offset + line.len(),
                    indented: true,
                });
            }
            _ => chunks.push(Chunk {
                start: offset,
                end: offset + line.len(),
                indented: false,
            }),
        }
        offset += line.len();
    }
    chunks
}

/// One rule parsed, or its first error (and whether groups nest too deep).
fn parse(text: &str) -> Result<Vec<Definition>, (Span, String, bool)> {
    if let Some(offset) = xiri_engine::too_deep(text) {
        let at = u32::try_from(offset).unwrap_or(u32::MAX);
        return Err((
            Span::new(at, at.saturating_add(1)),
            format!(
                "groups and options nested more than {} deep",
                xiri_engine::MAX_GROUP_NESTING
            ),
            true,
        ));
    }
    abnf_oracle::Grammar::parse(text)
        .map(abnf_oracle::Grammar::into_definitions)
        .map_err(|e| (e.span(), e.to_string(), false))
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
