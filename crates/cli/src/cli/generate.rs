//! `xiri generate`: members of a rule, near-misses, or a covering set,
//! every string checked by the decider before it is printed, and printed
//! as it is made: memory is bounded by the grammar, not by `-n`.

use serde_json::json;
use std::io::{BufWriter, StdoutLock, Write};
use std::process::ExitCode;
use xiri::workbench::{Edit, Generator, NearMisses};

/// `xiri generate`'s arguments.
#[derive(clap::Args)]
pub struct GenerateArgs {
    #[command(flatten)]
    pub source: super::source::Source,
    /// The rule; the grammar's first (its reference form for a
    /// built-in grammar) by default.
    #[arg(long, short = 'R')]
    pub rule: Option<String>,
    /// How many strings (for --cover, at most).
    #[arg(short = 'n', long = "count", default_value_t = 10)]
    pub count: usize,
    /// The generator's seed.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Near-misses instead of members.
    #[arg(long, conflicts_with = "cover")]
    pub near_miss: bool,
    /// A covering set instead of members; how many alternatives it
    /// covers, of how many, and each alternative it did not take and
    /// why, go to standard error (or, with --json, a last object).
    #[arg(long)]
    pub cover: bool,
    /// One JSON object a line.
    #[arg(long)]
    pub json: bool,
}

/// What to generate.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Members,
    NearMisses,
    Cover,
}

pub fn run(args: &GenerateArgs) -> Result<ExitCode, String> {
    let mode = match (args.near_miss, args.cover) {
        (true, _) => Mode::NearMisses,
        (_, true) => Mode::Cover,
        _ => Mode::Members,
    };
    let (source, n, seed, json) = (&args.source, args.count, args.seed, args.json);
    let rule = args.rule.as_deref();
    let grammar = source.load()?;
    let rule = source.production(&grammar, rule)?;
    let decider = super::source::decider(&grammar, &rule, "the grammar")?;
    let mut generator = Generator::new(&grammar, seed);
    // Near-misses and covering sets are made of members too.
    generator.check(&rule).map_err(|e| e.to_string())?;
    let mut out = Out(BufWriter::new(std::io::stdout().lock()));
    let mut slips = 0;
    let mut undecided = 0;
    match mode {
        Mode::Members => {
            for _ in 0..n {
                let member = generator.member(&rule).map_err(|e| e.to_string())?;
                match decider.decide(&member.text) {
                    Ok(v) if v.accepted => out.string(&member.text, json)?,
                    Ok(_) => slips += 1,
                    Err(_) => undecided += 1,
                }
            }
        }
        Mode::NearMisses => {
            for m in NearMisses::new(&decider, &mut generator, n) {
                let m = m.map_err(|e| e.to_string())?;
                if json {
                    let edit = edit(&m.edit);
                    out.line(
                        &json!({"input": m.text, "refused_at": m.offset, "from": m.from.text, "edit": edit}),
                    )?;
                } else {
                    let offset = m.offset.map_or("-".to_string(), |o| o.to_string());
                    out.line(&format_args!("{offset}\t{}", m.text))?;
                }
            }
        }
        Mode::Cover => {
            let set = generator
                .cover_checked(&rule, n, |g| match decider.decide(&g.text) {
                    Ok(v) if v.accepted => true,
                    Ok(_) => {
                        slips += 1;
                        false
                    }
                    Err(_) => {
                        undecided += 1;
                        false
                    }
                })
                .map_err(|e| e.to_string())?;
            for m in &set.members {
                out.string(&m.text, json)?;
            }
            let s = |n: usize| if n == 1 { "" } else { "s" };
            let summary = format!(
                "covered {} of {} alternative{} of the rules {rule} reaches, with {} string{}",
                set.covered,
                set.total,
                s(set.total),
                set.members.len(),
                s(set.members.len())
            );
            if json {
                let uncovered: Vec<_> = set
                    .uncovered
                    .iter()
                    .map(|u| {
                        json!({"rule": u.rule, "alternative": u.alternative, "in_group": u.in_group,
                               "abnf": u.abnf, "why": u.why.to_string()})
                    })
                    .collect();
                out.line(
                    &json!({"covered": set.covered, "alternatives": set.total, "strings": set.members.len(),
                           "uncovered": uncovered}),
                )?;
            } else {
                eprintln!("xiri: {summary}");
                for u in &set.uncovered {
                    eprintln!("xiri: not taken: {u}");
                }
            }
        }
    }
    out.flush()?;
    if slips > 0 {
        eprintln!(
            "xiri: {slips} generated strings were refused by the {} engine and not printed (a generator slip: please report it)",
            decider.engine()
        );
    }
    if undecided > 0 {
        eprintln!("xiri: {undecided} generated strings could not be decided and were not printed");
    }
    Ok(ExitCode::SUCCESS)
}

/// Standard output, buffered, each line written as it is made.
struct Out(BufWriter<StdoutLock<'static>>);

impl Out {
    /// A string, as is or as a JSON object.
    fn string(&mut self, text: &str, json: bool) -> Result<(), String> {
        if json {
            self.line(&json!({ "input": text }))
        } else {
            self.line(&text)
        }
    }

    fn line(&mut self, line: &dyn std::fmt::Display) -> Result<(), String> {
        let written = writeln!(self.0, "{line}");
        written.or_else(closed)
    }

    fn flush(&mut self) -> Result<(), String> {
        let flushed = self.0.flush();
        flushed.or_else(closed)
    }
}

/// A reader that went away (`xiri generate | head`) ends the run quietly,
/// as [`super::emit`] does; any other error is one.
fn closed(e: std::io::Error) -> Result<(), String> {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        std::process::exit(0)
    }
    Err(format!("writing standard output: {e}"))
}

/// An edit in words: `insert "x" at 3`.
pub fn edit(e: &Edit) -> String {
    match e {
        Edit::Insert { at, c } => format!("insert {c:?} at {at}"),
        Edit::Delete { at } => format!("delete at {at}"),
        Edit::Replace { at, c } => format!("replace at {at} by {c:?}"),
    }
}
