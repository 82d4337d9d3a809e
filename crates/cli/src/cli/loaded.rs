//! `xiri check` and `xiri tree` on a grammar loaded at run time
//! (`--abnf FILE`, or a built-in grammar's ABNF with the flags only the
//! workbench has): inputs decided by the engine's automaton when the rule
//! compiles to one, by the Earley parser otherwise, each answer saying
//! which; trees, every derivation, ambiguity and traces by the Earley
//! parser.

use super::batch::{Args, Refusal};
use serde_json::{json, Value};
use std::fmt::Write;
use std::process::ExitCode;
use xiri::workbench::earley::Failure;
use xiri::workbench::earley::{Earley, FailureKind};
use xiri::workbench::{Decider, Engine, Undecided, Verdict};

/// The message of a refusal, as `check` words those of the built-in grammars.
pub fn refusal_message(rule: &str, input: &str, verdict: &Verdict) -> String {
    let Some(offset) = verdict.offset else {
        // Only a rule that matches no string refuses without an offset.
        return format!("no match for {rule}: it matches no string (`xiri rules` lists it)");
    };
    let found = match input.get(offset..).and_then(|t| t.chars().next()) {
        Some(c) => format!("found {c:?}"),
        None => "found the end of the input".to_string(),
    };
    let expected = match verdict.expected.as_slice() {
        [] => String::new(),
        [one] => format!(", expected {one}"),
        [init @ .., last] => format!(", expected one of {} or {last}", init.join(", ")),
    };
    format!("no match for {rule} at byte {offset}: {found}{expected}")
}

/// The decider with `--max-items` applied, when given.
pub fn bounded(decider: Decider<'_>, max_items: Option<usize>) -> Decider<'_> {
    match max_items {
        Some(n) => decider.with_max_items(n),
        None => decider,
    }
}

/// What `check` answers beyond the verdict.
#[derive(Clone, Copy)]
pub struct Extras {
    /// Whether an accepted input has two derivations, and which.
    pub ambiguity: bool,
    /// On refusal, the rules under way at the offset.
    pub trace: bool,
}

/// The rules under way where the Earley parser refused `input`.
fn trace(decider: &Decider<'_>, input: &str) -> Value {
    match decider.parse(input) {
        Ok(Err(failure)) => Value::Array(
            failure
                .trace
                .iter()
                .map(|a| json!({"rule": a.rule, "start": a.start, "production": a.production}))
                .collect(),
        ),
        _ => Value::Null,
    }
}

/// Whether `input` has two derivations: `false`, or the two trees.
fn ambiguity(decider: &Decider<'_>, input: &str) -> Value {
    match decider.parse(input) {
        Ok(Ok(forest)) => match forest.ambiguity() {
            Some((a, b)) => json!([a.display(input).to_string(), b.display(input).to_string()]),
            None => Value::Bool(false),
        },
        _ => Value::Null,
    }
}

/// The error object of an undecided input: where the work stopped, the
/// bound reached, and a message.
fn undecided(u: &Undecided) -> Value {
    json!({
        "offset": u.offset,
        "expected": [],
        "undecided": {"bound": u.bound, "limit": u.limit},
        "message": u.to_string(),
    })
}

/// The extras' fields of an input without an answer.
fn extras_null(extras: Extras) -> Vec<Value> {
    let mut out = Vec::new();
    if extras.ambiguity {
        out.push(Value::Null);
    }
    if extras.trace {
        out.push(Value::Null);
    }
    out
}

/// One JSON answer per input: `valid`, `error`, `engine`, and with the
/// extras `ambiguous` (false, or the two trees) and `trace`.
pub fn check(
    decider: &Decider<'_>,
    extras: Extras,
    json_input: bool,
    inputs: Args,
) -> Result<ExitCode, String> {
    let engine = decider.engine().name();
    let mut fields = vec![("valid", Value::Bool(false)), ("engine", json!(engine))];
    if extras.ambiguity {
        fields.push(("ambiguous", Value::Null));
    }
    if extras.trace {
        fields.push(("trace", Value::Null));
    }
    super::batch::run_fields(json_input, inputs, &fields, |text| {
        let verdict = decider.decide(text).map_err(|u| {
            let mut values = vec![Value::Null, json!(Engine::Earley.name())];
            values.extend(extras_null(extras));
            Refusal::Undecided(values, undecided(&u))
        })?;
        let mut values = vec![Value::Bool(verdict.accepted), json!(verdict.engine.name())];
        if extras.ambiguity {
            values.push(if verdict.accepted {
                ambiguity(decider, text)
            } else {
                Value::Null
            });
        }
        if extras.trace {
            values.push(if verdict.accepted {
                Value::Null
            } else {
                trace(decider, text)
            });
        }
        if verdict.accepted {
            return Ok(values);
        }
        let error = json!({
            "offset": verdict.offset,
            "expected": verdict.expected,
            "message": refusal_message(decider.rule(), text, &verdict),
        });
        Err(Refusal::Answered(values, error))
    })
}

/// `xiri tree` by the Earley parser: the tree, or with `all` every
/// derivation up to `limit`, saying whether there are more; the refusal
/// with the rules under way.
pub fn tree(
    decider: &Decider<'_>,
    input: &str,
    all: bool,
    limit: usize,
) -> Result<ExitCode, String> {
    let earley = decider.earley().map_err(|e| e.to_string())?;
    // One tree wanted: a forest past COUNTED nodes is not worth its time.
    let max_nodes = if all { usize::MAX } else { COUNTED };
    let forest = match earley.parse_within(input, max_nodes) {
        Ok(forest) => forest,
        Err(failure) if failure.kind == FailureKind::Rejected => {
            super::emit(&refused(decider.rule(), input, &failure))?;
            return Ok(ExitCode::from(1));
        }
        Err(failure) => return one_tree(earley, input, all, &failure),
    };
    let mut out = String::new();
    if !all {
        tree_lines(&mut out, &forest.tree(), input)?;
        let count = forest.count(COUNT_CAP);
        if count > 1 {
            let total = at_least(count, 0);
            let _ = writeln!(out, "; one of {total} derivations (--all prints every one)");
        }
        super::emit(&out)?;
        return Ok(ExitCode::SUCCESS);
    }
    let (trees, more) = forest.trees(limit.max(1));
    let count = forest.count(COUNT_CAP);
    let total = at_least(count, 0);
    for (i, t) in trees.iter().enumerate() {
        let _ = writeln!(out, "; derivation {} of {total}", i + 1);
        tree_lines(&mut out, t, input)?;
    }
    if more {
        let rest = at_least(count, trees.len() as u64);
        let _ = writeln!(out, "; {rest} more not shown (--limit N)");
    }
    super::emit(&out)?;
    Ok(ExitCode::SUCCESS)
}

/// Derivations are counted up to this many.
const COUNT_CAP: u64 = 1_000_000;

/// `count - shown`, as "at least ..." when the count reached its cap (a
/// count of 200 "a" by `S = S S / "a"` is Catalan's 199th number).
fn at_least(count: u64, shown: u64) -> String {
    let rest = count.saturating_sub(shown);
    if count >= COUNT_CAP {
        format!("at least {rest}")
    } else {
        rest.to_string()
    }
}

/// The most forest nodes `tree` makes to count the derivations when one
/// tree is asked for (about a second's work).
const COUNTED: usize = 4_000_000;

/// `tree` where the forest is beyond the bound: one derivation read off
/// the chart when the chart itself fitted (the input is then a member),
/// else undecided (exit status 3). Never a refusal.
fn one_tree(
    earley: &Earley,
    input: &str,
    all: bool,
    failure: &Failure,
) -> Result<ExitCode, String> {
    let limit = earley.max_items();
    let stopped = |offset: usize| {
        format!(
            "undecided: the Earley parser reached its bound of {limit} items at byte {offset} (--max-items raises it)\n"
        )
    };
    if failure.offset < input.len() {
        super::emit(&stopped(failure.offset))?;
        return Ok(ExitCode::from(3));
    }
    let tree = match earley.tree(input) {
        Ok(tree) => tree,
        Err(f) => {
            super::emit(&stopped(f.offset))?;
            return Ok(ExitCode::from(3));
        }
    };
    let mut out = String::new();
    if all {
        let _ = writeln!(out, "; derivation 1 of an uncounted number");
    }
    tree_lines(&mut out, &tree, input)?;
    let _ = if all {
        writeln!(
            out,
            "; undecided: the forest of every derivation has more than {} nodes, so the others are not listed (--max-items raises the bound)",
            limit / 5
        )
    } else {
        writeln!(
            out,
            "; one derivation: the forest of every one has more than {COUNTED} nodes, so they are not counted (--all tries harder)"
        )
    };
    super::emit(&out)?;
    Ok(ExitCode::from(if all { 3 } else { 0 }))
}

/// An Earley tree, a line a node (`super::tree_line`: long texts cut).
fn tree_lines(
    out: &mut String,
    tree: &xiri::workbench::earley::Tree,
    input: &str,
) -> Result<(), String> {
    for (depth, t) in tree.walk() {
        let label = format_args!("{} [{}..{}]", t.rule, t.start, t.end);
        super::tree_line(out, depth, label, t.text(input))?;
    }
    Ok(())
}

/// A refusal for a person: the message, the input with a caret, and the
/// rules under way there.
fn refused(rule: &str, input: &str, failure: &Failure) -> String {
    let verdict = Verdict {
        accepted: false,
        offset: Some(failure.offset),
        expected: failure.expected.clone(),
        engine: xiri::workbench::Engine::Earley,
    };
    let column = input.get(..failure.offset).map_or(0, |p| p.chars().count());
    let mut out = format!(
        "{}\n  {input}\n  {}^\nrules under way at byte {}:\n",
        refusal_message(rule, input, &verdict),
        " ".repeat(column),
        failure.offset
    );
    for a in &failure.trace {
        let _ = writeln!(
            out,
            "  {} (from byte {}): {}",
            a.rule, a.start, a.production
        );
    }
    out
}
