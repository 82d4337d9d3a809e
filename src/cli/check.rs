//! `xiri check`: one JSON verdict per input, in order.

use serde_json::Value;
use std::process::ExitCode;
use xiri::Grammar;

pub fn run(
    grammar: Grammar,
    rule_name: &str,
    strict: bool,
    json_input: bool,
    inputs: super::batch::Args,
) -> Result<ExitCode, String> {
    let rule = super::rule(grammar, rule_name)?;
    super::batch::run(json_input, inputs, "valid", Value::Bool(false), |text| {
        let checked = if strict {
            rule.check_strict(text)
        } else {
            rule.check(text)
        };
        Ok(checked.map(|()| Value::Bool(true))?)
    })
}
