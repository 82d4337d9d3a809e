//! `xiri normalize` and `xiri equiv`.

use super::batch::Refusal;
use serde_json::Value;
use std::process::ExitCode;
use xiri::{Grammar, Normalization, ParseError, Syntax};

fn normal_in<S: Syntax>(text: &str, options: Normalization) -> Result<String, ParseError> {
    Ok(S::normalize(&S::parse_reference(text)?, options)?.to_string())
}

fn equivalent_in<S: Syntax>(a: &str, b: &str, options: Normalization) -> Result<bool, ParseError> {
    Ok(S::is_equivalent(
        &S::parse_reference(a)?,
        &S::parse_reference(b)?,
        options,
    ))
}

/// The normal form of one reference, relative or absolute, in a grammar.
pub fn normal(
    (grammar, zone_id): (Grammar, bool),
    text: &str,
    options: Normalization,
) -> Result<String, ParseError> {
    with_zoned_syntax!(grammar, zone_id, S => normal_in::<S>(text, options))
}

/// Whether two references of a grammar are equivalent, by the
/// library's `is_equivalent` (which knows, for XRIs, the forms of 2.3.1).
pub fn equivalent(
    (grammar, zone_id): (Grammar, bool),
    a: &str,
    b: &str,
    options: Normalization,
) -> Result<bool, ParseError> {
    with_zoned_syntax!(grammar, zone_id, S => equivalent_in::<S>(a, b, options))
}

pub fn normalize(
    (grammar, zone_id): (Grammar, bool),
    options: Normalization,
    json_input: bool,
    output: super::batch::Output,
    inputs: super::batch::Args,
) -> Result<ExitCode, String> {
    super::zone_id(grammar, zone_id)?;
    let language = super::language(grammar, zone_id);
    super::batch::run_output(output, json_input, inputs, Some(&language), |text| {
        Ok(normal((grammar, zone_id), text, options)?)
    })
}

/// Each input is a pair: two arguments, or a line holding two references
/// separated by a TAB, or with `--json-input` a JSON array of two strings.
pub fn equiv(
    (grammar, zone_id): (Grammar, bool),
    options: Normalization,
    json_input: bool,
    args: super::batch::Args,
) -> Result<ExitCode, String> {
    super::zone_id(grammar, zone_id)?;
    let mut args = args.into_iter();
    let inputs = match (args.next(), args.next(), args.next()) {
        (None, _, _) => Vec::new(),
        (Some(a), Some(b), None) => {
            let (open, between, close) = if json_input {
                ("[", ",", "]")
            } else {
                ("", "\t", "")
            };
            let mut pair = std::ffi::OsString::from(open);
            for part in [
                a.as_os_str(),
                between.as_ref(),
                b.as_os_str(),
                close.as_ref(),
            ] {
                pair.push(part);
            }
            vec![pair]
        }
        _ => {
            return Err(
                "equiv takes two references, or none to read pairs from standard input".into(),
            )
        }
    };
    super::batch::run(false, inputs, "equivalent", Value::Null, |line| {
        let (a, b) = pair(line, json_input).map_err(Refusal::Shape)?;
        Ok(Value::Bool(equivalent(
            (grammar, zone_id),
            &a,
            &b,
            options,
        )?))
    })
}

fn pair(line: &str, json_input: bool) -> Result<(String, String), String> {
    if json_input {
        let [a, b]: [String; 2] = serde_json::from_str(line).map_err(|e| {
            let (_, why) = super::batch::json_error(line, &e);
            format!("not a JSON array of two strings: {why}")
        })?;
        Ok((a, b))
    } else {
        let (a, b) = line
            .split_once('\t')
            .ok_or("not two references separated by a TAB")?;
        Ok((a.to_string(), b.to_string()))
    }
}
