//! A file as read, and the places in it: a span of the joined text the
//! rules were parsed from, taken back to the file, line and column the
//! author wrote it at (through its figure, its indentation, its entities).

use crate::source::{
    extract_with, is_w3c, AbnfFile, FigureChoice, Lines, Origin, Skipped, SourceFormat,
};
use abnf_oracle::Span;
use xiri_engine::abnf::{to_rfc5234, Notation};

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

/// A file as read: the ABNF the parser was given (the figures, joined)
/// and where each of its lines was in the file.
#[derive(Clone, Debug)]
pub(crate) struct Read {
    pub(crate) name: String,
    /// The file's text, a BOM taken off.
    pub(crate) original: String,
    pub(crate) lines: Lines,
    /// What the parser was given.
    pub(crate) parsed: String,
    /// Where each line of `parsed` starts.
    pub(crate) parsed_starts: Vec<usize>,
    /// Where each line of `parsed` was in the file.
    pub(crate) origins: Vec<Origin>,
    /// Rewritten from the W3C Note's layout.
    pub(crate) w3c: bool,
    /// Began with a byte order mark, taken off.
    pub(crate) bom: bool,
    /// The figures left out, not ABNF.
    pub(crate) skipped: Vec<Skipped>,
    /// Where the file starts in the joined text the spans count in.
    pub(crate) base: u32,
}

impl Read {
    /// The file `file` as read, its spans starting at `base` in the joined
    /// text: a BOM taken off, the figures `choice` takes joined, the W3C
    /// layout rewritten.
    pub(crate) fn new(file: &AbnfFile, base: u32, choice: FigureChoice) -> Read {
        let (bom, original) = match file.text.strip_prefix('\u{feff}') {
            Some(rest) => (true, rest.to_string()),
            None => (false, file.text.clone()),
        };
        let extracted = extract_with(&original, choice);
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
        Read {
            name: file.name.clone(),
            lines: Lines::new(&original),
            original,
            parsed,
            parsed_starts,
            origins,
            w3c,
            bom,
            skipped: extracted.skipped,
            base,
        }
    }

    /// The place of byte `offset` of the original text, `width` bytes wide.
    pub(crate) fn location(&self, offset: usize, width: usize) -> Location {
        let line = self.lines.line_of(offset);
        let start = self.lines.start(line).unwrap_or(0);
        let text = self.lines.get(&self.original, line).unwrap_or_default();
        let column = text
            .get(..offset.saturating_sub(start).min(text.len()))
            .map_or(0, |b| b.chars().count());
        Location {
            file: self.name.clone(),
            line: line + 1,
            column: column + 1,
            text: text.to_string(),
            width: width.max(1),
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
pub(crate) fn locate(files: &[Read], span: Span) -> Option<Location> {
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
