//! `xiri compare`: the strings two grammars disagree on, each with the
//! rule that makes the difference.

use super::args::GrammarArg;
use super::source::{Reading, Source};
use serde_json::json;
use std::fmt::Write;
use std::process::ExitCode;
use xiri::workbench::{compare, Difference, Side};

/// `xiri compare`'s arguments.
#[derive(clap::Args)]
pub struct CompareArgs {
    /// The old side, built in: uri, iri, iri-bis, leiri, xri,
    /// xri-appendix-a.
    #[arg(long, short, required_unless_present = "abnf", conflicts_with = "abnf")]
    pub grammar: Option<GrammarArg>,
    /// The old side's ABNF files (repeatable, or several after one flag).
    #[arg(long, value_name = "FILE", num_args = 1..)]
    pub abnf: Vec<std::path::PathBuf>,
    /// The new side, built in.
    #[arg(long, required_unless_present = "against", conflicts_with = "against")]
    pub against_grammar: Option<GrammarArg>,
    /// The new side's ABNF files (repeatable, or several after one flag).
    #[arg(long, value_name = "FILE", num_args = 1..)]
    pub against: Vec<std::path::PathBuf>,
    /// The rule compared; the old grammar's first by default.
    #[arg(long, short = 'R')]
    pub rule: Option<String>,
    /// The new side's rule, when it is named differently.
    #[arg(long, visible_alias = "rule-new")]
    pub against_rule: Option<String>,
    /// How many members and near-misses from each side (and at most
    /// that many covering strings).
    #[arg(short = 'n', long = "count", default_value_t = 200)]
    pub count: usize,
    /// The generators' seed.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// How many differences to show in each direction.
    #[arg(long, default_value_t = 10)]
    pub show: usize,
    /// One JSON object, with every difference.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: &CompareArgs) -> Result<ExitCode, String> {
    let (n, seed, show, json) = (args.count, args.seed, args.show, args.json);
    let old_side = Source::new(args.grammar, &args.abnf, Reading::default());
    let new_side = Source::new(args.against_grammar, &args.against, Reading::default());
    let (old, new) = (old_side.load()?, new_side.load()?);
    let old_rule = old_side.production(&old, args.rule.as_deref())?;
    let new_rule =
        new_side.production(&new, args.against_rule.as_deref().or(args.rule.as_deref()))?;
    let comparison = compare(
        Side {
            grammar: &old,
            rule: &old_rule,
        },
        Side {
            grammar: &new,
            rule: &new_rule,
        },
        n,
        seed,
    )
    .map_err(|e| {
        let mut message = e.to_string();
        for (side, g) in [("old", &old), ("new", &new)] {
            let errors = super::source::errors(g);
            if !errors.is_empty() {
                message.push_str(&format!("\nthe {side} grammar's errors:"));
            }
            for error in errors {
                message.push('\n');
                message.push_str(&error);
            }
        }
        message
    })?;
    for (side, g, rule) in [("old", &old, &old_rule), ("new", &new, &new_rule)] {
        let then = format!("going on, as {rule} reaches none of them");
        super::source::warn(g, &format!("the {side} grammar"), &then);
    }
    let label = |g: &xiri::workbench::LoadedGrammar| g.file_names().collect::<Vec<_>>().join(" + ");
    let (old_only, new_only): (Vec<&Difference>, Vec<&Difference>) =
        comparison.differences.iter().partition(|d| d.old_accepts);
    let mut out = String::new();
    if json {
        let entry = |d: &Difference| {
            json!({
                "input": d.text,
                "accepted_by": if d.old_accepts { "old" } else { "new" },
                "refused_at": d.refused_at,
                "rule": d.rule,
                "span": [d.span.0, d.span.1],
                "text": d.text.get(d.span.0..d.span.1),
                "found": format!("{} of {}", d.found.name(), if d.from_old { "old" } else { "new" }),
            })
        };
        let _ = writeln!(
            out,
            "{}",
            json!({
                "old": {"files": label(&old), "rule": old_rule},
                "new": {"files": label(&new), "rule": new_rule},
                "samples": comparison.samples,
                "undecided": comparison.undecided,
                "identical": comparison.differences.is_empty(),
                "differences": comparison.differences.iter().map(entry).collect::<Vec<_>>(),
            })
        );
    } else {
        let _ = writeln!(out, "old: {} (rule {old_rule})", label(&old));
        let _ = writeln!(out, "new: {} (rule {new_rule})", label(&new));
        if comparison.differences.is_empty() {
            let _ = writeln!(
                out,
                "identical within {} samples (members, near-misses and covering sets of each side)",
                comparison.samples
            );
        } else {
            let _ = writeln!(
                out,
                "{} differences in {} samples",
                comparison.differences.len(),
                comparison.samples
            );
            for (title, list) in [
                ("accepted by old, refused by new", &old_only),
                ("accepted by new, refused by old", &new_only),
            ] {
                let _ = writeln!(out, "\n{title}: {}", list.len());
                for d in list.iter().take(show) {
                    let _ = writeln!(out, "  {}", describe(d));
                }
                if list.len() > show {
                    let _ = writeln!(out, "  ... and {} more (--show N)", list.len() - show);
                }
            }
        }
        if comparison.undecided > 0 {
            let _ = writeln!(out, "{} strings could not be decided", comparison.undecided);
        }
    }
    super::emit(&out)?;
    Ok(if comparison.differences.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

fn describe(d: &Difference) -> String {
    let at = d
        .refused_at
        .map_or(String::new(), |o| format!(" refused at byte {o};"));
    let part = d.text.get(d.span.0..d.span.1).unwrap_or_default();
    format!(
        "{:?}{at} differs in {} {:?} ({} of {})",
        d.text,
        d.rule,
        part,
        d.found.name(),
        if d.from_old { "old" } else { "new" }
    )
}
