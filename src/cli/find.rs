//! `xiri find`: the identifiers in running text (`xiri::find`), one JSON
//! line each, read a line at a time: memory holds one line, or while a `<`
//! waits for its `>` the lines up to `MAX_BRACKETED` bytes after it.

use serde_json::json;
use std::io::{BufRead, BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use xiri::find::{find_with, Options, MAX_BRACKETED};
use xiri::{GenericSyntax, Grammar};

#[derive(clap::Args)]
pub struct FindArgs {
    /// uri, iri (the default), iri-bis or leiri: the syntax identifiers
    /// are found in (with uri, a non-ASCII character ends one).
    #[arg(long, short, default_value = "iri")]
    grammar: Grammar,
    /// Also find hosts starting `www.` without a scheme, as linkifiers do
    /// (the reference is then `//` and the text).
    #[arg(long)]
    www: bool,
    /// The identifiers alone, one a line (joined when wrapped), like jq -r.
    #[arg(long, short)]
    raw: bool,
    /// The files; standard input when none.
    #[arg(value_name = "FILE")]
    files: Vec<PathBuf>,
}

/// Exit status 0 when an identifier was found, 1 when none was (as grep
/// does), 2 for a usage or I/O error.
pub fn run(args: &FindArgs) -> Result<ExitCode, String> {
    match args.grammar {
        Grammar::Uri => search::<xiri::Rfc3986>(args),
        Grammar::Iri => search::<xiri::Rfc3987>(args),
        Grammar::IriBis => search::<xiri::Rfc3987bis>(args),
        Grammar::Leiri => search::<xiri::LeiriNote>(args),
        Grammar::Xri => Err(
            "`find` finds URIs, IRIs and LEIRIs (-g uri, iri, iri-bis or leiri), not XRIs".into(),
        ),
    }
}

fn search<S: GenericSyntax>(args: &FindArgs) -> Result<ExitCode, String> {
    let options = Options::default().with_www(args.www);
    let mut out = BufWriter::new(std::io::stdout().lock());
    let mut found = 0;
    if args.files.is_empty() {
        let stdin = std::io::stdin().lock();
        found += stream::<S>(stdin, None, options, args.raw, &mut out)
            .map_err(|e| format!("reading standard input: {e}"))?;
    }
    for path in &args.files {
        let file = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let name = path.display().to_string();
        let reader = std::io::BufReader::new(file);
        found += stream::<S>(reader, Some(&name), options, args.raw, &mut out)
            .map_err(|e| format!("{name}: {e}"))?;
    }
    written(out.flush())?;
    Ok(if found == 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// Reads `reader` a line at a time, holding lines while the last `<` has
/// no `>` and is less than [`MAX_BRACKETED`] bytes behind; writes what is
/// found and says how many.
fn stream<S: GenericSyntax>(
    mut reader: impl BufRead,
    file: Option<&str>,
    options: Options,
    raw: bool,
    out: &mut impl Write,
) -> std::io::Result<usize> {
    let mut pending: Vec<u8> = Vec::new();
    let mut base = 0;
    let mut found = 0;
    loop {
        let read = reader.read_until(b'\n', &mut pending)?;
        if read > 0 && waits_for_close(&pending) {
            continue;
        }
        found += pieces::<S>(&pending, base, file, options, raw, out)
            .map_err(|e| std::io::Error::other(e.to_string()))?;
        base += pending.len();
        pending.clear();
        if read == 0 {
            return Ok(found);
        }
    }
}

/// Whether the last `<` of `held` has no `>` after it and is less than
/// [`MAX_BRACKETED`] bytes from the end: `xiri::find` may still join what
/// comes next to it.
fn waits_for_close(held: &[u8]) -> bool {
    memchr_last(held).is_some_and(|open| {
        let after = held.get(open + 1..).unwrap_or_default();
        !after.contains(&b'>') && after.len() < MAX_BRACKETED
    })
}

fn memchr_last(held: &[u8]) -> Option<usize> {
    held.iter().rposition(|&b| b == b'<')
}

/// The identifiers of each run of valid UTF-8 in `bytes` (a byte that is
/// not UTF-8 separates them, as a space would).
fn pieces<S: GenericSyntax>(
    bytes: &[u8],
    base: usize,
    file: Option<&str>,
    options: Options,
    raw: bool,
    out: &mut impl Write,
) -> Result<usize, String> {
    let mut found = 0;
    let mut at = 0;
    while let Some(rest) = bytes.get(at..).filter(|r| !r.is_empty()) {
        let (text, skip) = match std::str::from_utf8(rest) {
            Ok(text) => (text, rest.len()),
            Err(e) => {
                let good = e.valid_up_to();
                let bad = e.error_len().unwrap_or(rest.len() - good);
                let text = std::str::from_utf8(rest.get(..good).unwrap_or_default())
                    .map_err(|e| e.to_string())?;
                (text, good + bad.max(1))
            }
        };
        for f in find_with::<S>(text, options) {
            found += 1;
            let reference = f.reference();
            let line = if raw {
                reference.as_str().to_string()
            } else {
                let mut object = json!({
                    "offset": base + at + f.span().start,
                    "length": f.span().len(),
                    "text": f.text(),
                    "reference": reference.as_str(),
                    "security": super::lint::security(reference.as_str()),
                });
                if let Some(file) = file {
                    object["file"] = json!(file);
                }
                object.to_string()
            };
            written(writeln!(out, "{line}"))?;
        }
        at += skip;
    }
    Ok(found)
}

/// A write's outcome: a reader that went away (`| head`) ends the output
/// quietly, as `super::emit` does.
fn written(result: std::io::Result<()>) -> Result<(), String> {
    match result {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => std::process::exit(0),
        Err(e) => Err(format!("writing standard output: {e}")),
    }
}
