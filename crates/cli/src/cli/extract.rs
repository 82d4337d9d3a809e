//! `xiri extract`: the ABNF figures of RFCs and drafts (text, xml2rfc XML,
//! kramdown-rfc Markdown) or ABNF files, in order, each after a comment
//! naming the file and line it starts on; what is printed loads as ABNF.

use std::fmt::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use xiri::workbench::{extract, AbnfFile};

pub fn run(paths: &[PathBuf]) -> Result<ExitCode, String> {
    let mut out = String::new();
    let mut found = 0;
    for path in paths {
        let bytes = std::fs::read(path).map_err(|e| format!("reading {}: {e}", path.display()))?;
        let file = AbnfFile::from_bytes(path.display().to_string(), &bytes);
        let text = file.text.strip_prefix('\u{feff}').unwrap_or(&file.text);
        let extracted = extract(text);
        if extracted.figures.is_empty() {
            eprintln!(
                "xiri: {} ({}) has no ABNF figure",
                file.name, extracted.format
            );
        }
        for figure in &extracted.figures {
            if found > 0 {
                out.push('\n');
            }
            let _ = writeln!(out, "; {}:{}", file.name, figure.line());
            out.push_str(figure.text());
            found += 1;
        }
    }
    super::emit(&out)?;
    Ok(if found == 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
