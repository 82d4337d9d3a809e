//! `xiri resolve` (each reference resolved against one base, RFC 3986 5.2)
//! and `xiri relative` (the reference from the base to each target).

use serde_json::Value;
use std::process::ExitCode;
use xiri::{Grammar, Iri, IriRef, Leiri, LeiriRef, ParseError, Uri, UriRef, Xri, XriBuf, XriRef};

/// Answers one input against the base chosen at the start.
pub type Resolver = Box<dyn FnMut(&str) -> Result<String, ParseError>>;

/// Which way: from references to targets, or from targets to references.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    Resolve,
    Relative,
}

pub fn run(
    direction: Direction,
    grammar: Grammar,
    base: &str,
    json_input: bool,
    inputs: super::batch::Args,
) -> Result<ExitCode, String> {
    let base = super::input(base, json_input)?;
    let mut resolve = resolver(direction, grammar, base)?;
    super::batch::run(json_input, inputs, "output", Value::Null, |r| {
        Ok(resolve(r).map(Value::String)?)
    })
}

/// What answers each input against `base`, or why the base is refused.
pub fn resolver(direction: Direction, grammar: Grammar, base: String) -> Result<Resolver, String> {
    let bad_base = |e: ParseError| format!("the base is not absolute: {e}");
    Ok(match grammar {
        Grammar::Uri => {
            let base = Uri::parse(&base).map_err(bad_base)?.to_buf();
            Box::new(move |text| {
                let base = base.as_borrowed();
                Ok(match direction {
                    Direction::Resolve => base.resolve(&UriRef::parse(text)?).into_string(),
                    Direction::Relative => base.relativize(&Uri::parse(text)?).into_string(),
                })
            })
        }
        Grammar::Iri => {
            let base = Iri::parse(&base).map_err(bad_base)?.to_buf();
            Box::new(move |text| {
                let base = base.as_borrowed();
                Ok(match direction {
                    Direction::Resolve => base.resolve(&IriRef::parse(text)?).into_string(),
                    Direction::Relative => base.relativize(&Iri::parse(text)?).into_string(),
                })
            })
        }
        Grammar::IriBis => {
            let base = Iri::parse_3987bis(&base).map_err(bad_base)?.to_buf();
            Box::new(move |text| {
                let base = base.as_borrowed();
                Ok(match direction {
                    Direction::Resolve => base.resolve(&IriRef::parse_3987bis(text)?).into_string(),
                    Direction::Relative => {
                        base.relativize(&Iri::parse_3987bis(text)?).into_string()
                    }
                })
            })
        }
        Grammar::Leiri => {
            let base = Leiri::parse(&base).map_err(bad_base)?.to_buf();
            Box::new(move |text| {
                let base = base.as_borrowed();
                Ok(match direction {
                    Direction::Resolve => base.resolve(&LeiriRef::parse(text)?).into_string(),
                    Direction::Relative => base.relativize(&Leiri::parse(text)?).into_string(),
                })
            })
        }
        Grammar::Xri => {
            let base = XriBuf::parse(base).map_err(bad_base)?;
            Box::new(move |text| {
                let base = base.as_xri();
                Ok(match direction {
                    Direction::Resolve => base.resolve(&XriRef::parse(text)?)?.into_string(),
                    Direction::Relative => base.relativize(&Xri::parse(text)?)?,
                })
            })
        }
    })
}
