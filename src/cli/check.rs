//! `xiri check`: one JSON verdict per input, in order.

use super::appendix_a::{AppendixA, GrammarArg};
use super::batch::Refusal;
use serde_json::Value;
use std::process::ExitCode;
use xiri::Grammar;

/// What `check -g xri` adds to the error when the policy is why an input is
/// refused.
const POLICY: &str = "XRI 2.0 Appendix A as printed accepts it, and xiri's \
    cross-reference policy refuses it: inside a cross-reference, parentheses used as data \
    must balance (docs/DECISIONS.md, \"Parentheses inside cross-references\"); \
    --grammar xri-appendix-a checks Appendix A as printed";

pub fn run(
    grammar: GrammarArg,
    rule_name: &str,
    strict: bool,
    json_input: bool,
    inputs: super::batch::Args,
) -> Result<ExitCode, String> {
    let grammar = match grammar {
        GrammarArg::XriAppendixA => return super::appendix_a::check(rule_name, json_input, inputs),
        GrammarArg::Library(grammar) => grammar,
    };
    let rule = super::rule(grammar, rule_name)?;
    // Loaded at the first XRI an input refuses, to ask whether Appendix A
    // as printed would have taken it.
    let mut appendix_a: Option<Result<AppendixA, String>> = None;
    super::batch::run(json_input, inputs, "valid", Value::Bool(false), |text| {
        let checked = if strict {
            rule.check_strict(text)
        } else {
            rule.check(text)
        };
        let Err(e) = checked else {
            return Ok(Value::Bool(true));
        };
        if grammar != Grammar::Xri {
            return Err(e.into());
        }
        let spec = appendix_a.get_or_insert_with(AppendixA::load);
        match spec.as_ref().map(|a| a.accepts(rule.name(), text)) {
            Ok(Ok(true)) => Err(Refusal::Noted(e, POLICY)),
            _ => Err(e.into()),
        }
    })
}
