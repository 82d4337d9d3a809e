//! A file's rules parsed one at a time, so that a mistake in one rule
//! does not hide those in the next: each rule's first mistake is reported
//! ([`mistakes`](super::mistakes)) and the loader goes on at the next
//! rule, as BAP does. RFC 9110's lists are read as `*` and expanded once
//! parsed; every span is moved to where the file sits among the files.

use super::diagnostic::{Diagnostic, Severity};
use super::file::Read;
use super::layout::{shift_definition, shifted};
use super::mistakes;
use super::options::LoadOptions;
use crate::source::{lists, rule_start};
use abnf_oracle::{Definition, Span};

/// The rules of `read` that parse, the names of those that do not
/// (which the other rules may use without their being reported as
/// undefined), and where its first list (`#`) is; each rule's mistake
/// added to `diagnostics`.
pub(super) fn rules(
    read: &Read,
    options: &LoadOptions,
    diagnostics: &mut Vec<Diagnostic>,
) -> (Vec<Definition>, Vec<String>, Option<Span>) {
    let mut definitions = Vec::new();
    let mut broken = Vec::new();
    let mut first_list = None;
    let files = std::slice::from_ref(read);
    for chunk in chunks(&read.parsed) {
        let text = read.parsed.get(chunk.start..chunk.end).unwrap_or_default();
        let at = read
            .base
            .saturating_add(u32::try_from(chunk.start).unwrap_or(u32::MAX));
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
                diagnostics,
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
                if let (None, Some(&(m, _))) = (first_list, marks.first()) {
                    first_list = Some(Span::new(m, m.saturating_add(1)));
                }
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
                push_new(diagnostics, d);
            }
        }
    }
    (definitions, broken, first_list)
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
