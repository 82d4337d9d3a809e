//! `xiri resolve` (each reference resolved against one base, RFC 3986 5.2)
//! and `xiri relative` (the reference from the base to each target).

use std::process::ExitCode;
use xiri::{Grammar, ParseError, Syntax};

/// Answers one input against the base chosen at the start.
pub type Resolver = Box<dyn FnMut(&str) -> Result<String, ParseError>>;

/// The base, parsed once, and what to do with each input, in any syntax.
fn resolver<S: Syntax>(direction: Direction, base: String) -> Result<Resolver, String> {
    let base = S::AbsBuf::try_from(base).map_err(bad_base)?;
    Ok(Box::new(move |text| {
        let base = S::as_absolute(&base);
        Ok(match direction {
            Direction::Resolve => S::resolve(&base, &S::parse_reference(text)?)?.to_string(),
            Direction::Relative => S::relativize(&base, &S::parse_absolute(text)?)?.to_string(),
        })
    }))
}

fn bad_base(e: ParseError) -> String {
    format!("the base is not absolute: {e}")
}

/// Which way: from references to targets, or from targets to references.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    Resolve,
    Relative,
}

/// Answers each input against `base`, which is taken as typed: with
/// `json_input` only the inputs are JSON strings.
pub fn run(
    direction: Direction,
    (grammar, zone_id): (Grammar, bool),
    base: &str,
    json_input: bool,
    output: super::batch::Output,
    inputs: super::batch::Args,
) -> Result<ExitCode, String> {
    super::zone_id(grammar, zone_id)?;
    let mut resolve: Resolver =
        with_zoned_syntax!(grammar, zone_id, S => resolver::<S>(direction, base.to_string()))?;
    let language = super::language(grammar, zone_id);
    super::batch::run_output(output, json_input, inputs, Some(&language), |r| {
        Ok(resolve(r)?)
    })
}

/// What answers each input against `base` in `grammar`, or why the base is
/// refused.
pub fn resolver_for(
    direction: Direction,
    grammar: Grammar,
    base: String,
) -> Result<Resolver, String> {
    with_syntax!(grammar, S => resolver::<S>(direction, base))
}
