//! `xiri convert`: one form into another, with the batch conventions of
//! `check` (`output` for the converted reference, `warnings` after the
//! error), or with `--steps` each step of the spec's procedure.

use super::batch::Refusal;
use serde_json::{json, Value};
use std::process::ExitCode;
use xiri::Conversion;

pub fn run(
    conversion: Conversion,
    steps: bool,
    json_input: bool,
    output: super::batch::Output,
    inputs: super::batch::Args,
) -> Result<ExitCode, String> {
    if steps {
        return show_steps(conversion, json_input, inputs);
    }
    let fields = [("output", Value::Null), ("warnings", json!([]))];
    super::batch::run_fields_as(output, json_input, inputs, &fields, |s| {
        let done = conversion.apply(s).map_err(Refusal::Parse)?;
        let warnings = done
            .warnings()
            .iter()
            .map(|w| json!({ "offset": w.offset(), "message": w.to_string() }))
            .collect();
        Ok(vec![json!(done.output()), Value::Array(warnings)])
    })
}

/// Each input's steps, numbered, each label above its text; a refused
/// input gets its error. Inputs as [`super::blocks`] takes them.
fn show_steps(
    conversion: Conversion,
    json_input: bool,
    inputs: super::batch::Args,
) -> Result<ExitCode, String> {
    super::blocks::run(json_input, inputs, |input| {
        let mut text = String::new();
        let code = match conversion.apply(input) {
            Ok(done) => {
                for (n, step) in done.steps().iter().enumerate() {
                    text.push_str(&format!("{}. {}\n   {}\n", n + 1, step.label, step.text));
                }
                for warning in done.warnings() {
                    text.push_str(&format!("warning: {warning}\n"));
                }
                ExitCode::SUCCESS
            }
            Err(e) => {
                text.push_str(&format!("{e}\n"));
                ExitCode::from(1)
            }
        };
        super::emit(&text)?;
        Ok(code)
    })
}
