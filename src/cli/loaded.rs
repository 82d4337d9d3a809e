//! `xiri check --abnf FILE`: inputs checked against a rule of a grammar
//! loaded at run time, by the engine's automaton when the rule compiles
//! to one, by the general parser otherwise; each answer says which.

use super::batch::{Args, Refusal};
use serde_json::{json, Value};
use std::process::ExitCode;
use xiri::workbench::{Decider, Verdict};

/// The message of a refusal, as `check` words those of the built-in grammars.
pub fn refusal_message(rule: &str, input: &str, verdict: &Verdict) -> String {
    let Some(offset) = verdict.offset else {
        return format!("no match for {rule} ({} engine: no offset)", verdict.engine);
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

/// One JSON answer per input: `valid`, `error`, `engine`.
pub fn check(decider: &Decider<'_>, json_input: bool, inputs: Args) -> Result<ExitCode, String> {
    let engine = decider.engine().name();
    super::batch::run_fields(
        json_input,
        inputs,
        &[("valid", Value::Bool(false)), ("engine", json!(engine))],
        |text| {
            let verdict = decider
                .decide(text)
                .map_err(|e| Refusal::Shape(e.to_string()))?;
            let engine = json!(verdict.engine.name());
            if verdict.accepted {
                return Ok(vec![Value::Bool(true), engine]);
            }
            let error = json!({
                "offset": verdict.offset,
                "expected": verdict.expected,
                "message": refusal_message(decider.rule(), text, &verdict),
            });
            Err(Refusal::Answered(vec![Value::Bool(false), engine], error))
        },
    )
}
