//! `xiri check`: one JSON verdict per input, in order.

use serde_json::Value;
use std::process::ExitCode;
use xiri::Grammar;

pub fn run(
    grammar: Grammar,
    rule_name: &str,
    json_input: bool,
    inputs: super::batch::Args,
) -> Result<ExitCode, String> {
    let rule = super::rule(grammar, rule_name)?;
    super::batch::run(json_input, inputs, "valid", Value::Bool(false), |text| {
        Ok(rule.check(text).map(|()| Value::Bool(true))?)
    })
}
