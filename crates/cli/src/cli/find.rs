//! `xiri find`: the identifiers in running text, one JSON line each, read
//! with `xiri::find::Stream`, which holds only what may still change
//! an answer (at most `xiri::find::MAX_HELD` bytes).

use serde_json::json;
use std::io::{BufRead, BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use xiri::find::{FoundBuf, Options, Stream};
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

/// Writes what a `xiri::find::Stream` finds in `reader`'s blocks, each
/// block's as soon as it is read (the output is flushed then), and says
/// how many.
fn stream<S: GenericSyntax>(
    mut reader: impl BufRead,
    file: Option<&str>,
    options: Options,
    raw: bool,
    out: &mut impl Write,
) -> Result<usize, String> {
    let mut stream = Stream::<S>::new(options);
    let mut found = 0;
    loop {
        let bytes = match reader.fill_buf() {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e.to_string()),
        };
        if bytes.is_empty() {
            break;
        }
        let n = bytes.len();
        let block = stream.push(bytes);
        reader.consume(n);
        found += write(&block, file, raw, out)?;
        if !block.is_empty() {
            written(out.flush())?;
        }
    }
    Ok(found + write(&stream.finish(), file, raw, out)?)
}

/// Writes `found`, one line each, and says how many.
fn write<S: GenericSyntax>(
    found: &[FoundBuf<S>],
    file: Option<&str>,
    raw: bool,
    out: &mut impl Write,
) -> Result<usize, String> {
    for f in found {
        let f = f.as_found();
        let reference = f.reference();
        let line = if raw {
            reference.as_str().to_string()
        } else {
            let mut object = json!({
                "offset": f.span().start,
                "length": f.span().len(),
                "text": f.text(),
                "reference": reference.as_str(),
                "security": super::lint::security(reference.as_str()),
                "browser": super::browser::findings(reference.as_str()),
            });
            if let Some(file) = file {
                object["file"] = json!(file);
            }
            object.to_string()
        };
        written(writeln!(out, "{line}"))?;
    }
    Ok(found.len())
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
