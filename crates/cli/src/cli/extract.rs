//! `xiri extract`: the ABNF figures of RFCs and drafts (text, xml2rfc XML,
//! kramdown-rfc Markdown) or ABNF files, in order, each after a comment
//! naming the file and line it starts on; what is printed loads as ABNF.
//! Each figure left out is named on standard error, with why (more than
//! a few are counted in one line instead); `--list` prints every figure
//! with its verdict.

use std::fmt::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use xiri::workbench::{extract_with, AbnfFile, FigureChoice, Skipped};

pub fn run(paths: &[PathBuf], choice: FigureChoice, list: bool) -> Result<ExitCode, String> {
    let mut out = String::new();
    let mut found = 0;
    for path in paths {
        let bytes = std::fs::read(path).map_err(|e| format!("reading {}: {e}", path.display()))?;
        let file = AbnfFile::from_bytes(path.display().to_string(), &bytes);
        let text = file.text.strip_prefix('\u{feff}').unwrap_or(&file.text);
        let extracted = extract_with(text, choice);
        if extracted.figures.is_empty() {
            eprintln!(
                "xiri: {} ({}) has no ABNF figure",
                file.name, extracted.format
            );
        }
        found += extracted.figures.len();
        if list {
            // Every figure in the order of its line, with its verdict.
            let mut rows: Vec<(usize, String)> = extracted
                .figures
                .iter()
                .map(|f| {
                    let first = f.text().lines().next().unwrap_or_default().trim();
                    (f.line(), format!("abnf     {first}"))
                })
                .chain(
                    extracted
                        .skipped
                        .iter()
                        .map(|s| (s.line, format!("skipped  {}  ({})", s.first, s.why))),
                )
                .collect();
            rows.sort_by_key(|r| r.0);
            for (line, row) in rows {
                let _ = writeln!(out, "{}:{line}  {row}", file.name);
            }
            continue;
        }
        match Skipped::summary(&extracted.skipped) {
            Some(summary) => eprintln!("xiri: {}: {summary}", file.name),
            None => {
                for s in &extracted.skipped {
                    eprintln!(
                        "xiri: {}:{}: a figure skipped, not ABNF: {} (`--figures all` reads it): {}",
                        file.name, s.line, s.why, s.first
                    );
                }
            }
        }
        for figure in &extracted.figures {
            if !out.is_empty() {
                out.push('\n');
            }
            let _ = writeln!(out, "; {}:{}", file.name, figure.line());
            out.push_str(figure.text());
        }
    }
    super::emit(&out)?;
    Ok(if found == 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
